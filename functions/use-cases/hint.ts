import { type Action, Rng } from '../../engine/index.js';
import { budgetForMs, getBot } from '../../engine/bots/index.js';
import type { Actor } from '../policy/access.js';
import type { UseCaseContext } from './context.js';
import { AppError } from './errors.js';
import { botTurnOf } from './queries.js';
import { requireTable } from './table-stream.js';

/**
 * A hint for a casual table: the action the strong bot would take for the asking seat now, from that seat's
 * observation only (the same a bot gets: its view and the deal's actions redacted for it) and the table's bot budget.
 * Refused (403 `auth/forbidden`) at tournament tables and to anyone but the seat itself; 409 `action/not_your_turn`
 * when the deal does not wait for the seat. Reads only; nothing is written.
 */
export interface Hint {
  readonly seat: number;
  readonly dealNo: number;
  readonly version: number;
  readonly action: Action;
}

export async function hint(ctx: UseCaseContext, tableId: string, actor: Actor): Promise<Hint> {
  const { meta, loaded } = await requireTable(ctx, tableId);
  if (meta.tournamentId !== undefined)
    throw new AppError(403, 'auth/forbidden', 'hints are for casual tables; this table plays in a tournament');
  if (actor.kind !== 'seat') throw new AppError(403, 'auth/forbidden', 'only a seated player may ask for a hint');
  const deal = loaded.state.deal;
  if (loaded.state.closed || deal === null || deal.over)
    throw new AppError(409, 'action/not_your_turn', 'no deal is waiting for this seat');
  const turn = botTurnOf(ctx, meta, loaded, actor.seat);
  if (turn.legal.length === 0) throw new AppError(409, 'action/not_your_turn', 'the deal does not wait for this seat');
  const action = getBot('strong').decide(turn.observation, turn.legal, {
    rng: new Rng(`hint:${tableId}:${deal.no}:${actor.seat}:${loaded.version}`),
    budget: budgetForMs(ctx.botBudgetMs),
  });
  return { seat: actor.seat, dealNo: deal.no, version: loaded.version, action };
}
