import { tournament as T } from '../../engine/index.js';
import type { TournamentOrganiser } from '../policy/tournament.js';
import { AppError } from '../use-cases/errors.js';
import { startJob } from './deps.js';
import { derivedSeed } from './secrets.js';
import { settle } from './sheets.js';
import { runningSeat, takeOver } from './seats.js';
import type { TournamentContext } from './writer.js';

/**
 * The organiser's controls (docs/tournaments.md "The organiser's controls"), each one an event on the tournament's
 * stream: publish or redo the draw, postpone, cancel, end a round, finish a table now, substitute a seat, correct a
 * result. Each takes the organiser the route's policy admitted (functions/policy/tournament.ts
 * `assertTournamentOrganiser`).
 */

/** Publish the next round's draw before its start; again: a re-draw from a new seed (only before the start). */
export async function publishDraw(
  ctx: TournamentContext,
  tournamentId: string,
  organiser: TournamentOrganiser,
  reason?: string,
): Promise<{ version: number }> {
  const meta = await ctx.writer.meta(tournamentId);
  const version = await ctx.writer.execute(tournamentId, (s) => {
    const round = s.rounds.length + 1;
    const n = s.draw?.round === round ? s.draw.redraw + 1 : 0;
    const label = n === 0 ? T.drawSeedLabel(round) : `${T.drawSeedLabel(round)}:redraw:${n}`;
    return {
      type: 'DrawRound',
      round,
      drawSeed: derivedSeed(meta.secret, label),
      by: organiser,
      ...(reason !== undefined ? { reason } : {}),
    };
  });
  return { version };
}

/** Move the next round's start (round 1: the tournament's). */
export async function postpone(
  ctx: TournamentContext,
  tournamentId: string,
  organiser: TournamentOrganiser,
  startsAt: number,
  reason?: string,
): Promise<{ version: number }> {
  const version = await ctx.writer.execute(tournamentId, () => ({
    type: 'Postpone',
    startsAt,
    by: organiser,
    ...(reason !== undefined ? { reason } : {}),
  }));
  const due = T.nextRoundDue((await ctx.writer.load(tournamentId)).state);
  if (due !== undefined) await ctx.deps.due.schedule(startJob(tournamentId, due.round, due.at));
  return { version };
}

/** Cancel: the tournament ends as it stands; the running round's tables close. */
export async function cancel(
  ctx: TournamentContext,
  tournamentId: string,
  organiser: TournamentOrganiser,
  reason: string,
): Promise<{ version: number }> {
  const version = await ctx.writer.execute(tournamentId, () => ({
    type: 'CancelTournament',
    at: ctx.deps.now(),
    by: organiser,
    reason,
  }));
  const { state } = await ctx.writer.load(tournamentId);
  const last = state.rounds[state.rounds.length - 1];
  if (last !== undefined)
    for (const t of last.tables)
      if (last.finished[t.table - 1] === null && !last.live.includes(t.table)) {
        const tableId = last.tableIds[t.table - 1];
        if (tableId !== undefined) await ctx.deps.tables.close(tableId);
      }
  return { version };
}

/**
 * Finish a table now (a stuck table, a table that will not finish in time): it closes (a running deal is
 * abandoned) and scores the deals it played; the unplayed ones score nothing for anyone.
 */
export async function finishTableNow(
  ctx: TournamentContext,
  tournamentId: string,
  organiser: TournamentOrganiser,
  round: number,
  table: number,
  reason?: string,
): Promise<{ version: number }> {
  const { state } = await ctx.writer.load(tournamentId);
  const r = state.rounds[round - 1];
  const drawn = r?.tables[table - 1];
  if (r === undefined || drawn === undefined)
    throw new AppError(404, T.TournamentErrors.unknownTable, `no table ${table} in round ${round}`, {
      field: 'table',
    });
  if (r.live.includes(table))
    throw new AppError(
      409,
      T.TournamentErrors.notLive,
      'a live table finishes when its sheet is handed in (or the round ends)',
      {
        field: 'table',
      },
    );
  const tableId = r.tableIds[table - 1];
  if (tableId === undefined)
    throw new AppError(409, T.TournamentErrors.roundOrder, 'the round has not opened its tables');
  await ctx.deps.tables.close(tableId);
  const deals = (await ctx.deps.tables.finished(tableId)) ?? [];
  const early = { by: organiser, ...(reason !== undefined ? { reason } : {}) };
  // The table-closed hook may have finished it meanwhile (same deals): then there is nothing left to do.
  const refused = await ctx.writer.tryExecute(tournamentId, (s) =>
    s.rounds[round - 1]?.finished[table - 1] !== null
      ? undefined
      : { type: 'FinishTable', round, table, deals, at: ctx.deps.now(), early },
  );
  if (refused !== undefined) throw refused;
  return { version: (await ctx.writer.load(tournamentId)).version };
}

/** End the running round now: every unfinished table closes and scores what it played (live: what was entered). */
export async function endRound(
  ctx: TournamentContext,
  tournamentId: string,
  organiser: TournamentOrganiser,
  round: number,
  reason?: string,
): Promise<{ version: number }> {
  const { state } = await ctx.writer.load(tournamentId);
  const r = state.rounds[round - 1];
  if (r === undefined || r.endedAt !== undefined)
    throw new AppError(409, T.TournamentErrors.roundOrder, `round ${round} is not running`, { field: 'round' });
  const tables: { table: number; deals: readonly T.DealRecord[] }[] = [];
  for (const t of r.tables) {
    const tableId = r.tableIds[t.table - 1];
    if (r.finished[t.table - 1] !== null || r.live.includes(t.table) || tableId === undefined) continue;
    await ctx.deps.tables.close(tableId);
    tables.push({ table: t.table, deals: (await ctx.deps.tables.finished(tableId)) ?? [] });
  }
  const version = await ctx.writer.execute(tournamentId, () => ({
    type: 'EndRound',
    round,
    tables,
    at: ctx.deps.now(),
    by: organiser,
    ...(reason !== undefined ? { reason } : {}),
  }));
  return { version };
}

/**
 * Substitute a seat of the running round: `substitute` is a registered player (a walk-in, a reserve) or `bot`.
 * Online, they take the seat from the current deal on (a human gets a seat token for that table, returned once);
 * at a live table from `fromDeal`. `creditTo`: whose list the seat's deals from then on count for.
 */
export async function substitute(
  ctx: TournamentContext,
  tournamentId: string,
  organiser: TournamentOrganiser,
  input: {
    readonly playerId: string;
    readonly substitute: string;
    readonly creditTo: 'substitute' | 'original';
    readonly fromDeal?: number;
    readonly reason?: string;
  },
): Promise<{ version: number; round: number; table: number; seat: number; fromDeal: number; seatToken?: string }> {
  const { state } = await ctx.writer.load(tournamentId);
  const at = runningSeat(state, input.playerId);
  if (at === undefined)
    throw new AppError(409, T.TournamentErrors.notSeated, 'the player sits at no table of a running round', {
      field: 'playerId',
    });
  const sub = input.substitute === 'bot' ? null : input.substitute;
  if (sub !== null && !state.players.some((p) => p.playerId === sub))
    throw new AppError(422, T.TournamentErrors.unknownPlayer, 'no such player', { field: 'substitute' });
  const creditTo = input.creditTo === 'substitute' ? sub : input.playerId;
  const out = await takeOver(
    ctx,
    tournamentId,
    at.round,
    at.table,
    at.seat,
    sub === null ? { kind: 'bot' } : { kind: 'human', playerId: sub },
    creditTo,
    organiser,
    input.reason,
    at.live ? input.fromDeal : undefined,
  );
  return {
    version: (await ctx.writer.load(tournamentId)).version,
    round: at.round,
    table: at.table,
    seat: at.seat,
    ...out,
  };
}

/** Correct a finished table's deal (as an entry, settled by the tariff) or its totals, with why. */
export async function correct(
  ctx: TournamentContext,
  tournamentId: string,
  organiser: TournamentOrganiser,
  input: {
    round: number;
    table: number;
    deal: number | null;
    entry?: T.LiveEntry;
    totals?: readonly string[];
    reason: string;
  },
): Promise<{ version: number }> {
  const { state } = await ctx.writer.load(tournamentId);
  const drawn = state.rounds[input.round - 1]?.tables[input.table - 1];
  if (drawn === undefined)
    throw new AppError(404, T.TournamentErrors.unknownTable, `no table ${input.table} in round ${input.round}`, {
      field: 'table',
    });
  const old =
    input.deal === null ? undefined : state.rounds[input.round - 1]?.finished[input.table - 1]?.[input.deal - 1];
  const entry = input.entry;
  const result =
    input.deal !== null && entry !== undefined
      ? settle(state.config, drawn.seats.length, input.deal, {
          ...entry,
          // An online deal's seat sitting out stays the one the table recorded.
          ...(old !== undefined && old.players.length < drawn.seats.length && entry.sitsOut === undefined
            ? { sitsOut: drawn.seats.findIndex((_, i) => !old.players.includes(i)) }
            : {}),
        }).result
      : undefined;
  return {
    version: await ctx.writer.execute(tournamentId, () => ({
      type: 'CorrectResult',
      round: input.round,
      table: input.table,
      deal: input.deal,
      ...(result !== undefined ? { result } : {}),
      ...(entry !== undefined ? { entry } : {}),
      ...(input.totals !== undefined ? { totals: input.totals } : {}),
      by: organiser,
      reason: input.reason,
    })),
  };
}
