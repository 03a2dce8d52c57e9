import { randomInt } from 'node:crypto';
import type { Action } from '../../engine/index.js';
import { AppError } from './errors.js';
import type { TableService } from './table-service.js';

const DOUBLINGS = new Set(['knock', 'kontra', 're']);

/** The simple bot: a uniformly random legal action, doublings only when nothing else is legal. */
export function pickRandom(legal: readonly Action[], random: (n: number) => number = randomInt): Action | undefined {
  const plain = legal.filter((a) => !DOUBLINGS.has(a.type));
  const pool = plain.length > 0 ? plain : legal;
  return pool.length === 0 ? undefined : pool[random(pool.length)];
}

/**
 * One bot step for a table: every bot seat the deal waits for acts once, through the same use case as a player,
 * pinned to the version it looked at (a lost race is fine: the winning commit triggers the next step).
 * Returns how many bots acted.
 */
export async function botStep(service: TableService, tableId: string): Promise<number> {
  let acted = 0;
  for (const turn of await service.botTurns(tableId)) {
    const action = pickRandom(turn.legal);
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
