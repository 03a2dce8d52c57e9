import type { tournament as T } from '../../engine/index.js';
import type { TournamentMember } from '../policy/tournament.js';
import type { DueWork, DueWorkScheduler } from '../ports/due-work.js';
import type { TournamentCommit, TournamentStore } from '../ports/tournament-store.js';

/**
 * What the tournament use cases are given (functions/tournaments/compose.ts wires them): the store of their streams,
 * the tables a round plays at, the one due-work mechanism, a clock; the two kinds of due work they schedule; and who
 * an event says did it.
 */

/** What a tournament needs from the tables: open one (idempotent by id), read its deals once it has closed. */
export interface TournamentTables {
  open(spec: TableSpec): Promise<void>;
  /** The finished deals when the table has closed after its last deal; undefined while it plays. */
  finished(tableId: string): Promise<readonly T.DealRecord[] | undefined>;
  /** Open a sealed table's records and seeds (duplicate deals, after the round). Idempotent. */
  unseal(tableId: string): Promise<void>;
  /** Seats to act now, for "your turn" (empty when closed). */
  toAct(
    tableId: string,
  ): Promise<{ readonly closed: boolean; readonly dealNo: number; readonly toAct: readonly number[] }>;
  /** Close a table now (its running deal is abandoned: it scores nothing). Idempotent. */
  close(tableId: string): Promise<void>;
  /** Someone else on a seat: a bot, or a human who gets a new seat token (returned once). */
  replaceSeat(
    tableId: string,
    seat: number,
    by: { readonly kind: 'bot' } | { readonly kind: 'human'; readonly name: string },
  ): Promise<{ readonly seatToken?: string }>;
  /** Seats nobody holds (a player left). */
  openSeats(tableId: string): Promise<readonly number[]>;
}

export type SpecSeat =
  | { readonly kind: 'human'; readonly name: string; readonly tokenHash: string }
  | { readonly kind: 'bot'; readonly name: string };

export interface TableSpec {
  readonly tableId: string;
  readonly variant: string;
  readonly preset?: string;
  readonly options?: unknown;
  readonly seats: readonly SpecSeat[];
  /** Seat 0 (the draw's No. 1) deals first. */
  readonly dealer: 0;
  readonly maxDeals: number;
  /** Secret seed of each deal 1..maxDeals (derived from the tournament secret). */
  readonly dealSeeds: readonly string[];
  readonly clock?: { readonly turnSeconds: number; readonly [k: string]: unknown };
  readonly organiserKeyHash: string;
  readonly tournamentId: string;
  /** Duplicate deals: the table keeps records and seeds from the players until the round ends. */
  readonly sealRecords: boolean;
}

export interface TournamentDeps {
  readonly store: TournamentStore;
  readonly tables: TournamentTables;
  /** The one due-work mechanism (functions/ports/due-work.ts): round starts and round checks are its items. */
  readonly due: DueWorkScheduler;
  readonly now: () => number;
  /** How often a running round's tables are looked at, besides the table-closed signal (ms). */
  readonly checkEveryMs?: number;
  /**
   * Told about every commit written (locally: the WebSocket push of the tournament's stream; on AWS the DATA_TABLE
   * stream does it). Must not throw.
   */
  readonly onCommit?: (commit: TournamentCommit) => void;
  /** Store a snapshot of the folded state after this many events since the last one (default 50; 0 = never). */
  readonly snapshotEvery?: number;
}

export type CreateInput = T.TournamentInput & { readonly selfRegistration?: boolean; readonly organiserKey?: string };

export const JOB_START = 'tournament.start-round';
export const JOB_CHECK = 'tournament.check-round';

/** A round's start as due work (replaces the earlier item of the same round: same kind and key). */
export function startJob(tournamentId: string, round: number, at: number): DueWork {
  return { at, kind: JOB_START, key: `${tournamentId}:${round}`, payload: { tournamentId, round } };
}

/** A look at a running round's tables as due work. */
export function checkJob(tournamentId: string, round: number, at: number): DueWork {
  return { at, kind: JOB_CHECK, key: `${tournamentId}:${round}`, payload: { tournamentId, round } };
}

/** Who an event says did it: the organiser or a player (a fresh value, whatever the caller object carries). */
export function eventActor(member: TournamentMember): T.Actor {
  return member.kind === 'organiser' ? { kind: 'organiser' } : { kind: 'player', playerId: member.playerId };
}
