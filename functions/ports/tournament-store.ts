import type { tournament as T } from '../../engine/index.js';

/** One accepted tournament command: its events, written as ONE item with one conditional write (like a table). */
export interface TournamentCommit {
  readonly tournamentId: string;
  /** Seq of the first event (1-based). */
  readonly seq: number;
  readonly events: readonly T.TournamentEvent[];
  /** Epoch millis. */
  readonly at: number;
}

export const lastTournamentSeq = (c: TournamentCommit): number => c.seq + c.events.length - 1;

/** Secrets and access of a tournament (not part of its event stream). */
export interface TournamentMeta {
  readonly tournamentId: string;
  readonly name: string;
  readonly organiserKeyHash: string;
  /** Self-registration code (shared by the organiser; shown to the organiser only); absent = organiser registers. */
  readonly inviteCode?: string;
  /** The secret seed of draws, deals and the lot; its commitment is in TournamentCreated; revealed at the end. */
  readonly secret: string;
  /** Key of the player tokens (`pt_<playerId>.<hmac>`): never revealed, so tokens stay valid after the end. */
  readonly tokenKey: string;
  readonly createdAt: number;
  readonly startsAt: number;
}

export interface OrganiserEntry {
  readonly tournamentId: string;
  readonly name: string;
  readonly createdAt: number;
  readonly startsAt: number;
}

/** The tournament store port; the DynamoDB adapter passes test/functions/tournaments/store.contract.test.ts. */
export interface TournamentStore {
  /** Create the metadata and the organiser's list entry; false when the id exists. */
  create(meta: TournamentMeta): Promise<boolean>;
  getMeta(tournamentId: string): Promise<TournamentMeta | undefined>;
  /** Append at `commit.seq`; false when that slot is taken (a lost race: reload and decide again). */
  append(commit: TournamentCommit): Promise<boolean>;
  /** Commits with first seq > `afterSeq`, ascending. */
  commits(tournamentId: string, afterSeq?: number): Promise<readonly TournamentCommit[]>;
  listByOrganiser(organiserKeyHash: string, limit: number): Promise<readonly OrganiserEntry[]>;
  /**
   * The newest stored snapshot of the folded state (absent: none, or one of another state version — the stream is
   * then folded from the start). A process that has not seen the tournament starts from it and reads only the
   * commits after `version`. Optional: a store without snapshots is read whole.
   */
  snapshot?(tournamentId: string): Promise<TournamentSnapshot | undefined>;
  /** Store a snapshot unless a newer one is stored (best effort: a lost write only costs a longer cold read). */
  saveSnapshot?(tournamentId: string, snapshot: TournamentSnapshot): Promise<void>;
}

/** The tournament's state folded up to and including the event with seq `version`. */
export interface TournamentSnapshot {
  readonly version: number;
  readonly state: T.TournamentState;
}
