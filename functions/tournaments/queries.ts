import { tournament as T } from '../../engine/index.js';
import { sha256 } from '../crypto/secrets.js';
import type { TournamentCaller } from '../policy/tournament.js';
import type { Loaded, TournamentContext } from './writer.js';

/**
 * The read models of a tournament: the summary (`get`), the published state the standings, sheets and printouts are
 * rendered from (`state`), the event list, series standings, an organiser's tournaments, a player's tables. Reads
 * never write; a running duplicate round stays embargoed in all of them (T.publishedState, T.publishedEvent).
 */

/** The tournament as an audience sees it; the organiser also sees the invite code. */
export async function get(
  ctx: TournamentContext,
  tournamentId: string,
  actor: TournamentCaller,
): Promise<Record<string, unknown>> {
  return summary(await ctx.writer.load(tournamentId), actor);
}

/** The tournament as published: a running duplicate round's results are embargoed (T.publishedState). */
export async function state(ctx: TournamentContext, tournamentId: string): Promise<T.TournamentState> {
  return T.publishedState((await ctx.writer.load(tournamentId)).state);
}

/**
 * Series standings over several tournaments (best `best` of them per player). External ids match players across
 * tournaments but are not shown (they may be club numbers).
 */
export async function series(
  ctx: TournamentContext,
  ids: readonly string[],
  best: number,
): Promise<{ tournaments: unknown[]; standings: unknown[] }> {
  const inputs: T.SeriesInput[] = [];
  for (const id of ids) {
    const state = T.publishedState((await ctx.writer.load(id)).state);
    const external = new Map(state.players.map((p) => [p.playerId, p.externalId]));
    inputs.push({
      tournamentId: id,
      name: state.config.name,
      rows: T.standings(state).map((r) => {
        const x = external.get(r.playerId);
        return x === undefined ? r : { ...r, externalId: x };
      }),
    });
  }
  return {
    tournaments: inputs.map((t) => ({ tournamentId: t.tournamentId, name: t.name })),
    standings: T.seriesStandings(inputs, best).map(({ externalId: _hidden, ...row }) => row),
  };
}

/** Events after `after` (seq numbers like a table's), at most `limit`. */
export async function events(
  ctx: TournamentContext,
  tournamentId: string,
  after: number,
  limit: number,
  viewer: TournamentCaller = { kind: 'public' },
): Promise<{ version: number; events: { seq: number; event: T.TournamentEvent }[] }> {
  const loaded = await ctx.writer.load(tournamentId);
  // A running duplicate round's table results stay embargoed until it ends; externalIds are the organiser's and
  // each player's own (T.publishedEvent).
  const ended = (round: number): boolean => loaded.state.rounds[round - 1]?.endedAt !== undefined;
  // Started from a snapshot: the commits before it are read from the store when asked for.
  const commits =
    after >= loaded.base
      ? loaded.commits
      : (await ctx.deps.store.commits(tournamentId, after)).filter((c) => c.seq <= loaded.version);
  const events = commits
    .flatMap((c) => c.events.map((event, i) => ({ seq: c.seq + i, event: T.publishedEvent(event, ended, viewer) })))
    .filter((e) => e.seq > after)
    .slice(0, limit);
  return { version: loaded.version, events };
}

export async function listForOrganiser(
  ctx: TournamentContext,
  organiserKey: string,
  limit: number,
): Promise<unknown[]> {
  return [...(await ctx.deps.store.listByOrganiser(sha256(organiserKey), limit))].map((e) => ({
    tournamentId: e.tournamentId,
    name: e.name,
    createdAt: new Date(e.createdAt).toISOString(),
    startsAt: new Date(e.startsAt).toISOString(),
  }));
}

/** A player's tables in every round so far, with whether it is their turn now. */
export async function playerTables(ctx: TournamentContext, tournamentId: string, playerId: string): Promise<unknown[]> {
  const { state } = await ctx.writer.load(tournamentId);
  const out: unknown[] = [];
  for (const round of state.rounds)
    for (const table of round.tables) {
      const seat = T.seatOf(table, playerId);
      const tableId = round.tableIds[table.table - 1];
      if (seat < 0 || tableId === undefined) continue;
      const finished = round.finished[table.table - 1] !== null;
      const now = finished ? { closed: true, dealNo: table.deals, toAct: [] } : await ctx.deps.tables.toAct(tableId);
      out.push({
        round: round.round,
        table: table.table,
        tableId,
        seat,
        deals: table.deals,
        dealNo: now.dealNo,
        status: finished || now.closed ? 'finished' : 'playing',
        yourTurn: !now.closed && now.toAct.includes(seat),
      });
    }
  return out;
}

/** The tournament as `actor` sees it: the organiser also sees the invite code, the organiser and each player their own externalIds. */
export function summary(loaded: Loaded, actor: TournamentCaller): Record<string, unknown> {
  const { state, meta } = loaded;
  const iso = (t: number | undefined): string | undefined => (t === undefined ? undefined : new Date(t).toISOString());
  const names = new Map(state.players.map((p) => [p.playerId, p.name]));
  const seatsOf = (t: T.DrawnTable) =>
    t.seats.map((s, seat) =>
      s.kind === 'filler'
        ? { seat, kind: 'bot' }
        : { seat, kind: s.bot ? 'bot' : 'player', playerId: s.playerId, name: names.get(s.playerId) },
    );
  const due = T.nextRoundDue(state);
  return {
    tournamentId: state.tournamentId,
    version: loaded.version,
    phase: T.phaseOf(state),
    config: { ...state.config, startsAt: iso(state.config.startsAt) },
    ...(actor.kind === 'organiser' && meta.inviteCode !== undefined ? { inviteCode: meta.inviteCode } : {}),
    ...(state.cancelled !== undefined
      ? { cancelled: { at: iso(state.cancelled.at), reason: state.cancelled.reason } }
      : {}),
    players: state.players.map((p) => ({
      playerId: p.playerId,
      name: p.name,
      // An id in the organiser's own system: for the organiser and the player only.
      ...(p.externalId !== undefined && T.seesExternalId(actor, p.playerId) ? { externalId: p.externalId } : {}),
      checkedIn: p.checkedIn,
      withdrawn: p.withdrawn,
      ...(p.live ? { live: true } : {}),
      ...(p.walkIn ? { walkIn: true } : {}),
    })),
    ...(state.draw !== undefined
      ? {
          draw: {
            round: state.draw.round,
            redraw: state.draw.redraw,
            tables: state.draw.tables.map((t) => ({
              table: t.table,
              live: state.draw?.live.includes(t.table) === true,
              seats: seatsOf(t),
            })),
          },
        }
      : {}),
    rounds: state.rounds.map((r) => ({
      round: r.round,
      startedAt: iso(r.startedAt),
      ...(r.endedAt !== undefined ? { endedAt: iso(r.endedAt), zeroSum: r.zeroSum } : {}),
      tables: r.tables.map((t) => {
        const live = r.live.includes(t.table);
        const entered = T.enteredDeals(r, t.table).length;
        return {
          table: t.table,
          // A live table has no online table: its sheet is entered by hand.
          ...(live ? { live: true, entered } : { tableId: r.tableIds[t.table - 1] }),
          ...(live && r.totals[t.table - 1] ? { totals: r.totals[t.table - 1] } : {}),
          deals: t.deals,
          finished: r.finished[t.table - 1] !== null,
          ...(r.unplayed[t.table - 1] ? { unplayed: r.unplayed[t.table - 1] } : {}),
          seats: seatsOf(t),
          ...(r.takeovers.some((x) => x.table === t.table)
            ? {
                takeovers: r.takeovers
                  .filter((x) => x.table === t.table)
                  .map((x) => ({ seat: x.seat, fromDeal: x.fromDeal, player: x.player, creditTo: x.creditTo })),
              }
            : {}),
        };
      }),
      ...(r.corrections.length > 0 ? { corrections: r.corrections } : {}),
    })),
    schedule: T.roundTimes(state).map((r) => ({ ...r, startsAt: iso(r.startsAt), endsAt: iso(r.endsAt) })),
    ...(due !== undefined ? { nextRound: { round: due.round, startsAt: iso(due.at) } } : {}),
    fairness: {
      commitment: state.commitment,
      // The secret seed is revealed once the tournament has ended: every draw and deal can then be redone.
      ...(state.ended ? { seed: meta.secret } : {}),
    },
  };
}
