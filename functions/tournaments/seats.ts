import { tournament as T } from '../../engine/index.js';
import type { TournamentContext } from './writer.js';

/**
 * Who plays a seat of the running round, and someone else taking it over: a withdrawal (a bot), the organiser's
 * substitute (functions/tournaments/controls.ts), a player who left their table (functions/tournaments/rounds.ts).
 */

/** Where a player plays in the running round (drawn there, or took a seat over), if anywhere. */
export function runningSeat(
  state: T.TournamentState,
  playerId: string,
): { round: number; table: number; seat: number; live: boolean } | undefined {
  const r = state.rounds[state.rounds.length - 1];
  if (r === undefined || r.endedAt !== undefined) return undefined;
  for (const t of r.tables) {
    if (r.finished[t.table - 1] !== null) continue;
    for (let seat = 0; seat < t.seats.length; seat++)
      if (currentHolder(state.config, r, t, seat) === playerId)
        return { round: r.round, table: t.table, seat, live: r.live.includes(t.table) };
  }
  return undefined;
}

/** Who plays a seat now (after every takeover so far): a player id, or null for a bot. */
export function currentHolder(
  config: T.TournamentConfig,
  r: T.RoundState,
  t: T.DrawnTable,
  seat: number,
): string | null {
  return T.seatAt(config, r, t, seat, Number.MAX_SAFE_INTEGER).playedBy;
}

/** The tournament records the takeover first, then the table changes (a crash between: the check job seats a bot). */
export async function takeOver(
  ctx: TournamentContext,
  tournamentId: string,
  round: number,
  table: number,
  seat: number,
  by: { readonly kind: 'bot' } | { readonly kind: 'human'; readonly playerId: string },
  creditTo: string | null,
  actor: T.Actor,
  reason?: string,
  liveFromDeal?: number,
): Promise<{ fromDeal: number; seatToken?: string }> {
  const { state } = await ctx.writer.load(tournamentId);
  const r = state.rounds[round - 1];
  const tableId = r?.tableIds[table - 1];
  const live = r?.live.includes(table) === true;
  let fromDeal = liveFromDeal ?? 1;
  if (!live && tableId !== undefined) {
    const now = await ctx.deps.tables.toAct(tableId);
    fromDeal = Math.max(1, now.dealNo);
  }
  await ctx.writer.execute(tournamentId, () => ({
    type: 'TakeOverSeat',
    round,
    table,
    seat,
    fromDeal,
    player: by.kind === 'bot' ? null : by.playerId,
    creditTo,
    by: actor,
    ...(reason !== undefined ? { reason } : {}),
  }));
  if (live || tableId === undefined) return { fromDeal };
  const name = by.kind === 'bot' ? undefined : state.players.find((p) => p.playerId === by.playerId)?.name;
  const placed = await ctx.deps.tables.replaceSeat(
    tableId,
    seat,
    name === undefined ? { kind: 'bot' } : { kind: 'human', name },
  );
  return { fromDeal, ...(placed.seatToken !== undefined ? { seatToken: placed.seatToken } : {}) };
}
