import { describe, expect, it } from 'vitest';
import { isDeepStrictEqual } from 'node:util';
import type { Action } from '../../engine/index.js';
import { type Bot, getBot } from '../../engine/bots/index.js';
import { heuristicBot } from '../../engine/bots/heuristic.js';
import { MemoryTableStore } from '../../functions/adapters/memory/table-store.js';
import {
  type BotFallback,
  DEFAULT_BOT_LEVEL,
  botFallbacks,
  botStep,
  chooseFor,
} from '../../functions/use-cases/bots.js';
import { TableService } from '../../functions/use-cases/table-service.js';

/**
 * A table never stalls on a bot: a level that throws or answers with an action that is not legal is replaced by a
 * random legal action, counted and reported. The service's `bots` port plays a broken heuristic level for the test.
 */

const BROKEN = {
  threw: (): Action => {
    throw new Error('broken bot');
  },
  illegal: (): Action => ({ type: 'play', card: 'XX' }) as unknown as Action,
} as const;

/** Bots only at the default level play `deals` whole deals; every turn is checked on the way. */
async function playTable(
  variant: string,
  seats: number,
  seen: BotFallback[],
  heuristic: Bot = heuristicBot,
): Promise<number> {
  const bots = (level: string): Bot => (level === 'heuristic' ? heuristic : getBot(level));
  const service = new TableService({ store: new MemoryTableStore(), botBudgetMs: 10, bots });
  const { tableId } = await service.create({ variant, seats, bots: Array.from({ length: seats }, (_, i) => i) });
  let steps = 0;
  for (; steps < 2000; steps++) {
    const turns = await service.botTurns(tableId);
    if (turns.length === 0) break;
    for (const turn of turns) {
      expect(turn.level).toBe(DEFAULT_BOT_LEVEL);
      const action = chooseFor(turn, (f) => seen.push(f), service.bot(turn.level));
      expect(turn.legal.some((a) => isDeepStrictEqual(a, action))).toBe(true);
    }
    expect(await botStep(service, tableId)).toBeGreaterThan(0);
  }
  const { state } = await service.load(tableId);
  expect(state.closed, 'the table played its deal to the end').toBe(true);
  return steps;
}

describe('bot fallback', () => {
  it('the default level is heuristic', () => {
    expect(DEFAULT_BOT_LEVEL).toBe('heuristic');
  });

  for (const [reason, decide] of Object.entries(BROKEN))
    for (const [variant, seats] of [
      ['schafkopf', 4],
      ['sheepshead', 5],
    ] as const)
      it(`a bot that ${reason === 'threw' ? 'throws' : 'answers an illegal action'} is replaced by a random legal action: ${variant} plays on`, async () => {
        // prepare: the heuristic level is broken
        const before = botFallbacks['heuristic'] ?? 0;
        const seen: BotFallback[] = [];
        // act: a table of default-level bots plays its deal
        const steps = await playTable(variant, seats, seen, { level: 'heuristic', decide });
        // assess: every decision fell back, was reported with its reason, and counted
        expect(steps).toBeGreaterThan(5);
        expect(seen.length).toBeGreaterThan(5);
        expect(seen.every((f) => f.reason === reason && f.level === 'heuristic')).toBe(true);
        expect(seen[0]!.detail).toMatch(reason === 'threw' ? /broken bot/ : /XX/);
        expect((botFallbacks['heuristic'] ?? 0) - before).toBeGreaterThanOrEqual(seen.length);
      });

  it('a working level never falls back', async () => {
    expect(getBot('heuristic')).toBe(heuristicBot);
    const seen: BotFallback[] = [];
    await playTable('schafkopf', 4, seen);
    await playTable('sheepshead', 5, seen);
    expect(seen).toEqual([]);
  });
});
