import { describe, expect, it } from 'vitest';
import type { Action } from '../../engine/index.js';
import { type Bot, getBot } from '../../engine/bots/index.js';
import { randomBot } from '../../engine/bots/random.js';
import { MemoryTableStore } from '../../functions/adapters/memory/table-store.js';
import { DEFAULT_BOT_LEVEL, seatBotLevel } from '../../functions/use-cases/bots.js';
import { TableService } from '../../functions/use-cases/table-service.js';

/**
 * The table's level (`botLevel` at creation, else DEFAULT_BOT_LEVEL) is what the server plays at for bot seats without
 * their own level, for bots added later without one and for seats it plays when their turn clock runs out. Tournament
 * tables have bot seats without a level and no table level: they play at the default.
 */

describe("the table's bot level", () => {
  it('turn clocks play a timed-out seat at the table level', async () => {
    // prepare: a recording `random` level, a clocked table whose level is random, a player who never moves
    const calls: number[] = [];
    const recording: Bot = {
      level: 'random',
      decide: (obs, legal, ctx): Action => {
        calls.push(obs.seat);
        return randomBot.decide(obs, legal, ctx);
      },
    };
    let now = 1_000_000;
    const service = new TableService({
      store: new MemoryTableStore(),
      now: () => now,
      botBudgetMs: 10,
      bots: (level) => (level === 'random' ? recording : getBot(level)),
    });
    const { tableId } = await service.create({
      variant: 'schafkopf',
      seats: 4,
      botLevel: 'random',
      // The bot seats play at their own level, so every call of the table's level is a move for the timed-out seat
      // (the bots' moves after it go into the same commit); it is never marked absent, so it always times out.
      bots: [
        { seat: 1, level: 'heuristic' },
        { seat: 2, level: 'heuristic' },
        { seat: 3, level: 'heuristic' },
      ],
      clock: { turnSeconds: 10, timeoutsUntilAbsent: 1000 },
    });
    await service.join(tableId, 0, 'sleepy');
    const meta = await service.meta(tableId);
    expect([0, 1, 2, 3].map((s) => seatBotLevel(meta, s))).toEqual(['random', 'heuristic', 'heuristic', 'heuristic']);
    // act: let bots move; whenever only the player is waited for, the clock runs out
    let timedOut = 0;
    for (let step = 0; step < 400 && timedOut < 3; step++) {
      const before = calls.filter((s) => s === 0).length;
      const out = await service.progress(tableId);
      if (out.closed) break;
      if (out.acted > 0) continue;
      now += 11_000;
      await service.progress(tableId);
      // assess: seat 0's move came from the table's level (random), not the default
      expect(calls.filter((s) => s === 0).length).toBe(before + 1);
      timedOut++;
    }
    expect(timedOut).toBeGreaterThan(0);
  });

  it('a bot added without a level plays at the table level; tables without one at the default', async () => {
    const service = new TableService({ store: new MemoryTableStore(), botBudgetMs: 10 });
    const strong = await service.create({ variant: 'sheepshead', seats: 5, botLevel: 'strong' });
    expect((await service.addBot(strong.tableId, 1)).level).toBe('strong');
    const plain = await service.create({ variant: 'sheepshead', seats: 5 });
    expect((await service.addBot(plain.tableId, 1)).level).toBe(DEFAULT_BOT_LEVEL);
    // A tournament table's bot seat (functions/tournaments/rounds.ts `openTables`: no level, no table level).
    expect(seatBotLevel({ seats: [{ kind: 'bot', name: 'Bot 1' }] }, 0)).toBe('heuristic');
  });
});
