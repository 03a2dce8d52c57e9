/**
 * Presence: whether each seat's player is connected — a WebSocket connection authorised with the seat's token (a
 * tournament player token is one) and subscribed to the table. Ephemeral: not part of the game's event stream, kept
 * per table in one presence row next to the connection rows (functions/adapters/dynamodb/presence-store.ts), pushed
 * as `presence` frames and shown in the view. docs/presence.md.
 */

/** One seat's presence. */
export interface SeatPresence {
  readonly seat: number;
  readonly connected: boolean;
  /** Epoch millis of the last change (came or went); undefined when the seat's player never connected. */
  readonly since?: number;
  /** How many times the seat changed between connected and away (pins the grace period's due work). */
  readonly generation: number;
}

/** What a join or leave did: `changed` when the seat went from away to connected or back. */
export interface PresenceChange {
  readonly changed: boolean;
  /** The seat's generation after a change (what a grace period is pinned to); without a change best effort. */
  readonly generation: number;
  /** Epoch millis of the seat's last change. */
  readonly since: number;
}

/**
 * The presence port: per table seat the set of live connection ids (a set, so a repeated join or leave is harmless),
 * the time and count of its changes. Every write is one conditional UpdateItem on the table's presence row (two only
 * when a race is lost) — bounded, never a scan.
 */
export interface PresenceStore {
  /** Connection `connectionId` of `seat` is subscribed to the table. */
  join(tableId: string, seat: number, connectionId: string, now: number): Promise<PresenceChange>;
  /** Connection `connectionId` of `seat` is gone (disconnected or unsubscribed); unchanged when it was not there. */
  leave(tableId: string, seat: number, connectionId: string, now: number): Promise<PresenceChange>;
  /** Every seat 0..seats-1 (a seat whose connections all expired reads as away). One read. */
  get(tableId: string, seats: number, now: number): Promise<readonly SeatPresence[]>;
}

/** A seat's connections count for at most as long as API Gateway keeps one open (a missed $disconnect heals). */
export const PRESENCE_LIFETIME_SECONDS = 2 * 60 * 60 + 5 * 60;
