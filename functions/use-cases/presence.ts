import { type TableEvent, evolve, asSeat } from '../../engine/index.js';
import type { Connection, ConnectionStore, Pusher } from '../ports/connections.js';
import type { DueWorkHandler, DueWorkScheduler } from '../ports/due-work.js';
import type { PresenceStore, SeatPresence } from '../ports/presence.js';
import { type TableMeta, lastSeq } from '../ports/table-store.js';
import type { ServerFrame } from '../wire/frames.js';
import { advance } from './auto-deal.js';
import type { UseCaseContext } from './context.js';
import { runCommand } from './pipeline.js';
import type { PresenceEntry } from './kernel.js';

export type { PresenceEntry } from './kernel.js';

/**
 * Presence (docs/presence.md): whether each seat's player is connected — a WebSocket connection authorised with the
 * seat's token and subscribed to the table. It is ephemeral (a `presence` frame, not an event with a seq) and has
 * consequences only through the reconnect grace period: when a seat's last connection goes, a durable `seat.grace`
 * item is scheduled `clock.graceSeconds` ahead (tables with a turn clock only), pinned to the seat's presence
 * generation. When it runs and the seat is still away with that generation, the seat is marked absent (`SeatAbsent`:
 * the turn-clock machinery lets the bot play it). A new subscribed connection before that "cancels" it — the item
 * finds the seat back (or a newer generation) and does nothing; after it, the seat is marked back (`SeatReturned`).
 */

/** The due-work kind of a reconnect grace period; key `<tableId>#<seat>`, pinned to the seat's presence generation. */
export const SEAT_GRACE = 'seat.grace';
/** Seconds a seat's player may be away before the seat is marked absent (table option `clock.graceSeconds`). */
export const DEFAULT_GRACE_SECONDS = 30;

/** The presence of a table's seats as the view and the `presence` frame show it. */
/**
 * What presence needs of the service (table-service.ts `TableService` is one): named here rather than imported, so
 * presence.ts stays below the facade that binds it (test/lint/import-cycles.test.ts).
 */
export interface PresenceService {
  meta(tableId: string): Promise<TableMeta>;
  now(): number;
  markSeat(tableId: string, seat: number, type: 'SeatAbsent' | 'SeatReturned'): Promise<number | undefined>;
}

export interface PresenceDeps {
  readonly store: PresenceStore;
  readonly service: PresenceService;
  /** The connection rows without the presence hooks (the subscribers a `presence` frame goes to). */
  readonly connections: ConnectionStore;
  readonly pusher: Pusher;
  readonly endpoint?: () => string | undefined;
  /** Where grace periods are scheduled; without one (a stack before due work) nothing happens to an away seat. */
  readonly scheduler?: DueWorkScheduler;
}

/** What the transports and the due work hold. */
export interface Presence {
  /** A seat's connection subscribed: the seat is (still) there; a seat marked absent comes back (`SeatReturned`). */
  joined(connection: Connection, tableId: string, seat: number): Promise<void>;
  /** A connection row went (disconnect, unsubscribe, gone): a seat's last one starts the grace period. */
  left(row: Connection): Promise<void>;
  /** Every seat's presence, for the view. One read. */
  list(meta: TableMeta): Promise<PresenceEntry[]>;
  /** The `seat.grace` due-work handler. */
  readonly grace: DueWorkHandler;
}

const iso = (ms: number | undefined): { since?: string } =>
  ms === undefined ? {} : { since: new Date(ms).toISOString() };

export const entryOf = (p: SeatPresence): PresenceEntry => ({ seat: p.seat, connected: p.connected, ...iso(p.since) });

/** The seat of a seat principal's subscription to its table, or undefined (spectators, organisers, unsubscribed). */
export function seatOf(row: Connection): { tableId: string; seat: number } | undefined {
  if (row.principal.kind !== 'seat' || row.tableId === undefined) return undefined;
  return { tableId: row.tableId, seat: row.principal.seat };
}

export function createPresence(deps: PresenceDeps): Presence {
  const now = (): number => deps.service.now();

  /** Tell the table's other subscribers (best effort: a client that misses it reads presence with the view). */
  async function push(tableId: string, frame: ServerFrame, except: string): Promise<void> {
    const subscribers = await deps.connections.byTable(tableId, Math.floor(Date.now() / 1000));
    const data = JSON.stringify(frame);
    await Promise.allSettled(
      subscribers
        .filter((c) => c.connectionId !== except)
        .map((c) => deps.pusher.post(deps.endpoint?.() ?? c.endpoint, c.connectionId, data)),
    );
  }

  const presence: Presence = {
    async joined(connection, tableId, seat) {
      const change = await deps.store.join(tableId, seat, connection.connectionId, now());
      // A $disconnect between the subscription and this join found nothing to leave: leave now (one GetItem).
      if ((await deps.connections.get(connection.connectionId)) === undefined) {
        await presence.left({ ...connection, tableId });
        return;
      }
      if (change.changed)
        await push(
          tableId,
          { type: 'presence', tableId, seat, connected: true, since: new Date(change.since).toISOString() },
          connection.connectionId,
        );
      // Back while marked absent (by the grace period or by timeouts): the bot stops playing the seat.
      await deps.service.markSeat(tableId, seat, 'SeatReturned');
    },

    async left(row) {
      const at = seatOf(row);
      if (at === undefined) return;
      const change = await deps.store.leave(at.tableId, at.seat, row.connectionId, now());
      if (!change.changed) return;
      const meta = await deps.service.meta(at.tableId).catch(() => undefined);
      const clock = meta?.clock;
      let graceEnds: number | undefined;
      // Only a player's seat at a table with a turn clock has a grace period (docs/presence.md: without a clock the
      // table waits for the player, as it always did; the organiser sees who is away and may seat a bot).
      if (clock !== undefined && meta?.seats[at.seat]?.kind === 'human' && deps.scheduler !== undefined) {
        graceEnds = change.since + (clock.graceSeconds ?? DEFAULT_GRACE_SECONDS) * 1000;
        await deps.scheduler.schedule({
          at: graceEnds,
          kind: SEAT_GRACE,
          key: `${at.tableId}#${at.seat}`,
          pinnedVersion: change.generation,
        });
      }
      await push(
        at.tableId,
        {
          type: 'presence',
          tableId: at.tableId,
          seat: at.seat,
          connected: false,
          since: new Date(change.since).toISOString(),
          ...(graceEnds !== undefined ? { graceEnds: new Date(graceEnds).toISOString() } : {}),
        },
        row.connectionId,
      );
    },

    list: presenceList(deps.store, deps.service),
    grace: graceHandler(deps.store, deps.service),
  };
  return presence;
}

/** Every seat's presence as the view shows it (the REST view holds only this). */
export function presenceList(
  store: PresenceStore,
  service: Pick<PresenceService, 'now'>,
): (meta: TableMeta) => Promise<PresenceEntry[]> {
  return async (meta) =>
    // No connection ever subscribed (the metadata's listen facts; use-cases/listen.ts raises them before the first
    // subscription's presence join): every seat is away and never came, with nothing to read.
    meta.listen !== undefined && meta.watched !== true
      ? meta.seats.map((_, seat) => ({ seat, connected: false }))
      : (await store.get(meta.tableId, meta.seats.length, service.now())).map(entryOf);
}

/**
 * The `seat.grace` handler (local scheduler and the due Lambda): the seat is still away with the generation the
 * grace period was pinned to → `SeatAbsent`. Anything else — back in time, away again later (that change scheduled
 * its own period), the seat left or given to a bot, no clock, a closed table — does nothing. Idempotent: a second run
 * finds the seat absent already.
 */
export function graceHandler(store: PresenceStore, service: PresenceService): DueWorkHandler {
  return async (work) => {
    const [tableId, seatText] = work.key.split('#');
    const seat = Number(seatText);
    if (tableId === undefined || !Number.isInteger(seat)) return 'done';
    const meta = await service.meta(tableId).catch(() => undefined);
    if (meta?.clock === undefined || meta.seats[seat]?.kind !== 'human') return 'done';
    const presence = (await store.get(tableId, meta.seats.length, service.now()))[seat];
    if (presence === undefined || presence.connected || presence.generation !== work.pinnedVersion) return 'done';
    await service.markSeat(tableId, seat, 'SeatAbsent');
    return 'done';
  };
}

/**
 * The connection store with presence kept in step: whoever removes or unsubscribes a seat's connection row — the
 * `$disconnect` route, the fan-out finding it gone (410) or revoked, the ws handler's own 410 — tells presence. The
 * fan-out and the handler stay unaware of presence. A failure there is logged, never fails the caller's work.
 */
export function withPresence(connections: ConnectionStore, presence: Presence): ConnectionStore {
  const left = async (row: Connection | undefined): Promise<void> => {
    if (row === undefined) return;
    try {
      await presence.left(row);
    } catch (e) {
      console.error('presence: leave failed', e instanceof Error ? e.message : 'unknown');
    }
  };
  return {
    put: (c) => connections.put(c),
    get: (id) => connections.get(id),
    subscribe: (id, tableId, audience) => connections.subscribe(id, tableId, audience),
    byTable: (tableId, nowSeconds) => connections.byTable(tableId, nowSeconds),
    async unsubscribe(id) {
      const row = await connections.unsubscribe(id);
      await left(row);
      return row;
    },
    async remove(id) {
      const row = await connections.remove(id);
      await left(row);
      return row;
    },
  };
}

/**
 * Mark a seat absent or back as its own commit (with whatever the server then does on its own). Does nothing when the
 * seat already is (absent, resp. not absent) or the table is closed. The version after the commit, or undefined.
 * The commit is `auto` on a clocked table, so its progress pass lets the bot play an absent seat at once.
 */
export async function markSeat(
  ctx: UseCaseContext,
  tableId: string,
  tableSeat: number,
  type: 'SeatAbsent' | 'SeatReturned',
): Promise<number | undefined> {
  const seat = asSeat(tableSeat);
  return runCommand<number | undefined>(ctx, tableId, {
    decide: ({ meta, loaded }) => {
      const s = loaded.state;
      const absent = s.absent?.includes(seat) ?? false;
      if (s.closed || (type === 'SeatAbsent') === absent) return { answer: undefined };
      const event: TableEvent = { type, seat };
      const auto = advance(ctx, tableId, meta, evolve(s, event), 1);
      return { events: [event, ...auto.events], produced: auto, answer: (commit) => lastSeq(commit) };
    },
    exhausted: () => undefined,
  });
}
