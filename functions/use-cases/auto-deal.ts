import { type TableEvent, type TableState, asSeat, decide, evolve, startDealFor } from '../../engine/index.js';
import { commitmentFor } from '../crypto/secrets.js';
import type { TableMeta } from '../ports/table-store.js';
import type { UseCaseContext } from './context.js';
import type { Produced } from './table-stream.js';

const MAX_AUTO_DEALS = 10;

/** Whether the server may act at this table on its own (bot seats, a turn clock): commits then say so (`auto`). */
export const serverActs = (meta: TableMeta): boolean =>
  meta.clock !== undefined || meta.seats.some((s) => s.kind === 'bot');

/**
 * Every player of the table is away (their seats marked absent: timed out, or disconnected past the grace period) —
 * the server would play every seat for nobody. The table pauses after the running deal until one of them is back.
 * Not a tournament table: its round must end on time, absent players' seats played by bots (docs/tournaments.md).
 */
export const playersAway = (meta: Pick<TableMeta, 'seats' | 'tournamentId'>, state: TableState): boolean => {
  if (meta.tournamentId !== undefined) return false;
  const humans = meta.seats.flatMap((s, i) => (s.kind === 'human' ? [i] : []));
  return humans.length > 0 && humans.every((i) => state.absent?.includes(asSeat(i)) ?? false);
};

/** Why a table deals no more for now: `players-away` between deals while every player is away (`playersAway`). */
export function pausedReason(
  meta: Pick<TableMeta, 'seats' | 'tournamentId'>,
  state: TableState,
): 'players-away' | undefined {
  const between = state.deal === null || state.deal.over;
  return !state.closed && between && playersAway(meta, state) ? 'players-away' : undefined;
}

/** The server's own steps after a command: the events, the state after them, and a new deal's snapshot and seed. */
export interface Advance extends Produced {
  readonly events: TableEvent[];
  readonly state: TableState;
}

/**
 * What the server does on its own after a command: shuffle and start the next deal when all seats are filled
 * and no deal runs (seed secret, commitment published), or close the table after its last deal. `offset` is the
 * number of events before these in the same commit (the snapshot index).
 */
export function advance(
  ctx: UseCaseContext,
  tableId: string,
  meta: TableMeta,
  state: TableState,
  offset: number,
): Advance {
  const events: TableEvent[] = [];
  const seeds: Record<string, string> = {};
  let snapshot: Advance['snapshot'];
  let s = state;
  for (let i = 0; i < MAX_AUTO_DEALS; i++) {
    const running = s.deal !== null && !s.deal.over;
    if (s.closed || running) break;
    // A deal thrown in and dealt again (Schafkopf `redeal.counts: false`) is not one of the table's deals.
    if (meta.maxDeals !== undefined && s.dealNo - (s.uncounted ?? 0) >= meta.maxDeals) {
      events.push({ type: 'TableClosed' });
      s = evolve(s, { type: 'TableClosed' });
      break;
    }
    if (!meta.seats.every((seat) => seat.kind !== 'open')) break;
    // Nobody to play for: no new deal until a player is back (`SeatReturned` commits run this again).
    if (playersAway(meta, s)) break;
    const dealNo = s.dealNo + 1;
    // Tournament tables get their deals' seeds from the tournament (duplicate deals: the same at every table).
    const seed = meta.dealSeeds?.[dealNo - 1] ?? ctx.seed();
    const started = decide(startDealFor(s, seed, commitmentFor(tableId, dealNo, seed)), s);
    if (!started.ok) throw new Error(`server could not start a deal: ${started.error.code}`);
    snapshot = { at: offset + events.length, state: { ...s, deal: null } };
    seeds[String(dealNo)] = seed;
    for (const e of started.events) {
      events.push(e);
      s = evolve(s, e);
    }
  }
  return {
    events,
    state: s,
    // A base commit carries the seating (ports/table-store.ts `seating`): reads start there.
    ...(snapshot !== undefined ? { snapshot, seeds, seating: meta.seats } : {}),
    ...(serverActs(meta) ? { auto: true } : {}),
    ...(meta.listen !== undefined ? { listen: meta.listen } : {}),
    ...(meta.watched === true ? { watched: true } : {}),
  };
}
