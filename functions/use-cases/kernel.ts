import type { Action, TableEvent, TableState } from '../../engine/index.js';
import type { BotLevel, SeatObservation } from '../../engine/bots/index.js';
import type { Commit } from '../ports/table-store.js';

/**
 * The shared kernel of the use cases: the shapes every slice speaks (a loaded table, an event as a client sees it, a
 * bot's turn, a seat's presence). It imports no use case, so any module may import it without closing a cycle
 * (test/lint/import-cycles.test.ts keeps functions/ free of import cycles).
 */

/** One event with its stream position, as shown to a client. */
export interface SeatedEvent {
  readonly seq: number;
  readonly event: TableEvent;
}

/** The current state of a table and the commits of its running deal. */
export interface Loaded {
  readonly state: TableState;
  readonly version: number;
  readonly base: number;
  /** The commits of the current deal, from its base commit to the head. */
  readonly commits: readonly Commit[];
}

/**
 * A bot seat the deal waits for, with its legal actions at `version` and everything its bot may know: the seat's
 * observation (deal seats; engine/bots/README.md), its level and the time the decision may take.
 */
export interface BotTurn {
  readonly tableId: string;
  readonly dealNo: number;
  /** Table seat. */
  readonly seat: number;
  readonly legal: readonly Action[];
  readonly version: number;
  readonly level: BotLevel;
  readonly observation: SeatObservation;
  readonly budgetMs: number;
}

/** A seat's presence as the view and the `presence` frame show it (presence.ts). */
export interface PresenceEntry {
  readonly seat: number;
  readonly connected: boolean;
  /** ISO time of the last change; absent when the seat's player never connected. */
  readonly since?: string;
}
