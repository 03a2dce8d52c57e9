import { randomInt } from 'node:crypto';
import { type Action, Rng } from '../../engine/index.js';
import { BOT_LEVELS, type BotLevel, budgetForMs, chooseBotAction, isBotLevel } from '../../engine/bots/index.js';
import { AppError } from './errors.js';
import type { BotTurn } from './queries.js';
import type { TableService } from './table-service.js';

const DOUBLINGS = new Set(['knock', 'kontra', 're']);

/** A table's bots play at this level unless the table or the seat says otherwise. */
export const DEFAULT_BOT_LEVEL: BotLevel = 'random';

/** The time a bot decision may take when BOT_BUDGET_MS is not set (composition/config.ts; docs/bots.md). */
export const DEFAULT_BOT_BUDGET_MS = 200;

/** A requested bot level, checked: undefined → the default; anything not in BOT_LEVELS → 422 naming `field`. */
export function botLevelOf(level: string | undefined, field: string, fallback: BotLevel = DEFAULT_BOT_LEVEL): BotLevel {
  if (level === undefined) return fallback;
  if (!isBotLevel(level))
    throw new AppError(422, 'seat/bad_bot_level', `bot level ${level} is not one of ${BOT_LEVELS.join(', ')}`, {
      field,
    });
  return level;
}

/** A uniformly random legal action, doublings only when nothing else is legal (kept for callers outside tables). */
export function pickRandom(legal: readonly Action[], random: (n: number) => number = randomInt): Action | undefined {
  const plain = legal.filter((a) => !DOUBLINGS.has(a.type));
  const pool = plain.length > 0 ? plain : legal;
  return pool.length === 0 ? undefined : pool[random(pool.length)];
}

/**
 * What the bot on `turn.seat` plays: `chooseBotAction` at the seat's level, given only the seat's observation (its
 * view and the deal's actions redacted for it, in deal seats) — never the table state. The randomness is seeded from
 * the table, deal, seat and version, and the time budget is turned into work (`budgetForMs`: the engine reads no
 * clock), so a replayed turn decides the same at every level.
 */
export function chooseFor(turn: BotTurn): Action | undefined {
  if (turn.legal.length === 0) return undefined;
  const rng = new Rng(`bot:${turn.tableId}:${turn.dealNo}:${turn.seat}:${turn.version}`);
  return chooseBotAction(turn.level, turn.observation, turn.legal, { rng, budget: budgetForMs(turn.budgetMs) });
}

/**
 * One bot step for a table: every bot seat the deal waits for acts once, through the same use case as a player,
 * pinned to the version it looked at (a lost race is fine: the winning commit triggers the next step).
 * Returns how many bots acted.
 */
export async function botStep(service: TableService, tableId: string): Promise<number> {
  let acted = 0;
  for (const turn of await service.botTurns(tableId)) {
    const action = chooseFor(turn);
    if (action === undefined) continue;
    try {
      await service.act(tableId, { kind: 'bot', seat: turn.seat }, action, {
        expectedVersion: turn.version,
        idempotencyKey: `bot-v${turn.version}`,
      });
      acted++;
    } catch (e) {
      // A race or a moved-on deal: the commit that changed the table triggers the next step.
      if (!(e instanceof AppError)) throw e;
    }
  }
  return acted;
}
