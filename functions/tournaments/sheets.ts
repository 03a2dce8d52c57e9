import { tournament as T } from '../../engine/index.js';
import type { TournamentMember } from '../policy/tournament.js';
import { AppError } from '../use-cases/errors.js';
import { eventActor } from './deps.js';
import type { TournamentContext } from './writer.js';

/**
 * A live table's sheet (real cards, the Spielliste entered by hand): deal by deal, or as totals, then handed in. The
 * organiser or a player enters it (functions/policy/tournament.ts `assertMayEnterSheet`); that the player sits at that
 * table the engine decides on the state the entry is written on.
 */

/** A live table's deal as written on the sheet (again under the same number: a correction before handing in). */
export async function enterDeal(
  ctx: TournamentContext,
  tournamentId: string,
  member: TournamentMember,
  input: { round: number; table: number; deal: number; entry: T.LiveEntry; reason?: string },
): Promise<{ version: number; record: T.DealRecord }> {
  const by = eventActor(member);
  const { state } = await ctx.writer.load(tournamentId);
  const drawn = state.rounds[input.round - 1]?.tables[input.table - 1];
  if (drawn === undefined)
    throw new AppError(404, T.TournamentErrors.unknownTable, `no table ${input.table} in round ${input.round}`, {
      field: 'table',
    });
  const record = settle(state.config, drawn.seats.length, input.deal, input.entry);
  const version = await ctx.writer.execute(tournamentId, () => ({
    type: 'EnterDeal',
    round: input.round,
    table: input.table,
    deal: input.deal,
    record,
    entry: input.entry,
    by,
    ...(input.reason !== undefined ? { reason: input.reason } : {}),
  }));
  return { version, record };
}

/** A live table's totals as written on the sheet (instead of its deals). */
export async function enterTotals(
  ctx: TournamentContext,
  tournamentId: string,
  member: TournamentMember,
  input: { round: number; table: number; totals: readonly string[]; reason?: string },
): Promise<{ version: number }> {
  const by = eventActor(member);
  return {
    version: await ctx.writer.execute(tournamentId, () => ({
      type: 'EnterTotals',
      round: input.round,
      table: input.table,
      totals: input.totals,
      by,
      ...(input.reason !== undefined ? { reason: input.reason } : {}),
    })),
  };
}

/** Hand in a live table's sheet: the table is finished on the list. */
export async function submitSheet(
  ctx: TournamentContext,
  tournamentId: string,
  member: TournamentMember,
  round: number,
  table: number,
): Promise<{ version: number }> {
  const by = eventActor(member);
  return {
    version: await ctx.writer.execute(tournamentId, () => ({
      type: 'SubmitSheet',
      round,
      table,
      at: ctx.deps.now(),
      by,
    })),
  };
}

/** A live entry settled by the tariff, or a 422 naming the field. */
export function settle(config: T.TournamentConfig, seats: number, deal: number, entry: T.LiveEntry): T.DealRecord {
  try {
    return T.settleEntry(config, seats, deal, entry);
  } catch (e) {
    if (e instanceof T.EntryError)
      throw new AppError(422, T.TournamentErrors.badEntry, e.message, { field: `entry.${e.field}` });
    throw e;
  }
}
