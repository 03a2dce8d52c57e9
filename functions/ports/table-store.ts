import type { BotLevel } from '../../engine/bots/index.js';
import type { TableEvent, TableState } from '../../engine/index.js';

/**
 * One accepted command: the events it produced, written as ONE item with one conditional write.
 * The stream version is the seq of the last event; a commit is keyed by the seq of its first event.
 */
export interface Commit {
  readonly tableId: string;
  /** Seq of the first event (1-based). */
  readonly seq: number;
  readonly events: readonly TableEvent[];
  /** Seq of the commit that holds the snapshot of the deal running after this commit (reads start there). */
  readonly base: number;
  /** Seq of the commit that holds the snapshot of the deal running before this commit. */
  readonly prevBase: number;
  /** Present on base commits: the table state before `events[snapshot.at]` (a deal start), `null` = not opened. */
  readonly snapshot?: { readonly at: number; readonly state: TableState | null };
  /** Idempotency: `<actor>:<key>` and a hash of the request, stored with the write. */
  readonly idempotencyKey?: string;
  readonly requestHash?: string;
  /** Secret seeds of the deals started in this commit (deal number → seed); never shown before the deal ends. */
  readonly seeds?: Readonly<Record<string, string>>;
  /**
   * Who sits where after this commit, with each human seat's token hash (never shown to clients): written in the same
   * conditional write as the seat event that changed it (`SeatTaken`, `SeatLeft`, `BotSeated`) and on every base
   * commit, so a table's seating is the newest `seating` among the commits of its running deal
   * (use-cases/table-stream.ts `seatingOf`). Absent on every commit of a table stored before seating moved into the
   * stream: its seating is still the metadata's `seats` until its first seat change (docs/storage.md).
   */
  readonly seating?: readonly SeatInfo[];
  /**
   * The table has bot seats or a turn clock when this commit was written: the stream side runs a progress pass for it.
   * Without it (human-only tables without a clock) the stream side reads nothing for progress.
   */
  readonly auto?: boolean;
  /**
   * A run of server moves whose writer hands the table's next progress pass on itself, as due work due now
   * (stream/on-commit.ts `progressStep`): the stream side's own pass for this commit is then only a safety net, due a
   * little later (`LOST_RETRY_MS`), so two passes do not decide the same run at once in two processes.
   */
  readonly handedOn?: boolean;
  /**
   * Who may listen when this commit was written (docs/performance.md, "Who listens"): the table's listen epoch — 0: no
   * WebSocket subscription and no webhook registration could concern the table, so the stream side reads nothing for
   * pushes or webhooks; absent: unknown (stored before epochs existed), read as before. A writer carries the larger of
   * its metadata's epoch and its predecessor commit's, so once a commit carries an epoch every later one does.
   */
  readonly listen?: number;
  /** With `listen`: a WebSocket connection has subscribed to the table (the fan-out reads its subscribers). */
  readonly watched?: boolean;
  /** Epoch millis. */
  readonly at: number;
}

/**
 * What a writer carries into its commit: the newer of its metadata's and its predecessor commit's listen facts.
 * Neither known (a table stored before listen epochs existed): nothing — the stream side then reads as it always did.
 */
export function listenOf(
  meta: Pick<TableMeta, 'listen' | 'watched'> | undefined,
  previous: Pick<Commit, 'listen' | 'watched'> | undefined,
): { readonly listen?: number; readonly watched?: boolean } {
  if (meta?.listen === undefined && previous?.listen === undefined) return {};
  const m = meta?.listen ?? 0;
  const p = previous?.listen ?? 0;
  const listen = Math.max(m, p);
  const watched = (m === listen && meta?.watched === true) || (p === listen && previous?.watched === true);
  return watched ? { listen, watched: true } : { listen };
}

/** Whether the stream side may skip the table's WebSocket subscribers for this commit (none ever subscribed). */
export const unwatched = (c: Pick<Commit, 'listen' | 'watched'>): boolean =>
  c.listen !== undefined && c.watched !== true;
/** Whether the stream side may skip webhooks for this commit (no registration could concern the table). */
export const unheard = (c: Pick<Commit, 'listen'>): boolean => c.listen === 0;

/** Seq of the last event of a commit: the stream version after it. */
export const lastSeq = (c: Commit): number => c.seq + c.events.length - 1;

export type SeatInfo =
  | { readonly kind: 'open' }
  | { readonly kind: 'human'; readonly name: string; readonly tokenHash: string }
  /** `level`: the bot's strength (engine/bots); tables stored before levels existed read as `heuristic`. */
  | { readonly kind: 'bot'; readonly name: string; readonly level?: BotLevel };

export type Visibility = 'public' | 'private';

/**
 * What cannot be an event of the table's stream — its settings (fixed at creation) and secrets (key hashes) — plus, as
 * read by the use cases, the seating projected from the stream (use-cases/table-stream.ts `requireTable`).
 */
export interface TableMeta {
  readonly tableId: string;
  readonly variant: string;
  readonly preset: string;
  readonly visibility: Visibility;
  /**
   * Who sits where. Stored: the seating at creation (and, for tables stored before seating moved into the stream, the
   * seating until their first seat change). Read through `requireTable`/`withSeating`: the stream's seating (`Commit.seating`),
   * which is the truth.
   */
  readonly seats: readonly SeatInfo[];
  readonly organiserKeyHash: string;
  /** Hashes of the spectator tokens handed out (newest last, at most 100). */
  readonly spectatorKeyHashes: readonly string[];
  readonly createdAt: number;
  /** The table closes itself after this many deals (tournaments, bot-only tables). */
  readonly maxDeals?: number | undefined;
  /** Tournament tables: the secret seed of each deal 1..maxDeals, given by the tournament (else a random one). */
  readonly dealSeeds?: readonly string[];
  /** Tournament tables: the tournament they belong to. */
  readonly tournamentId?: string;
  /** Duplicate tournament deals: records and seeds only for the organiser until the round ends. */
  readonly recordsSealed?: boolean;
  /**
   * The table's bot level (`botLevel` at creation): bot seats without a level of their own and the seats the server
   * plays for (timed out, absent) play at it; absent → DEFAULT_BOT_LEVEL (functions/use-cases/bots.ts).
   */
  readonly botLevel?: BotLevel;
  /** The turn clock (functions/use-cases/progress.ts); none by default; tournaments set one for every table. */
  readonly clock?:
    { readonly turnSeconds: number; readonly timeoutsUntilAbsent?: number; readonly graceSeconds?: number } | undefined;
  /** sha256 of the API key that created the table (its webhook registrations follow the table). */
  readonly createdByKeyHash?: string | undefined;
  /**
   * The listen epoch (docs/performance.md, "Who listens"): raised, then fenced into the stream (`TableStore.fence`),
   * when the first WebSocket subscription or a webhook registration may concern the table. 0: nobody; absent: a table
   * stored before epochs existed (its commits carry none: the stream side reads for them as before).
   */
  readonly listen?: number;
  /** A WebSocket connection subscribed to the table at least once (views then read the seats' presence). */
  readonly watched?: boolean;
  /**
   * The closed table was archived (functions/use-cases/archive.ts): its records are at `location`, its other items
   * expire by TTL, and reads of it answer 410 `table/archived` (docs/operations.md "Closed tables are archived").
   */
  readonly archived?: { readonly at: number; readonly location: string };
  /** Optimistic-concurrency revision of this item. */
  readonly rev: number;
}

export interface LobbyEntry {
  readonly tableId: string;
  readonly variant: string;
  readonly preset: string;
  readonly seats: number;
  readonly openSeats: number;
  readonly createdAt: number;
}

/** A place in the lobby's order (newest first: createdAt descending, then table id descending). */
export interface LobbyPosition {
  readonly createdAt: number;
  readonly tableId: string;
}

/** The lobby's order: newest first (createdAt descending), ties by table id descending — a total order. */
export const compareLobby = (a: LobbyPosition, b: LobbyPosition): number =>
  a.createdAt !== b.createdAt ? b.createdAt - a.createdAt : a.tableId < b.tableId ? 1 : a.tableId > b.tableId ? -1 : 0;

/** One page of the lobby; `next` is the last entry's position when more entries follow. */
export interface LobbyPage {
  readonly entries: readonly LobbyEntry[];
  readonly next?: LobbyPosition | undefined;
}

/** What `metaAndAfter` read: the metadata and the newer commits; `complete` when every newer commit is in `commits`. */
export interface MetaAndAfter {
  readonly meta: TableMeta | undefined;
  readonly commits: readonly Commit[];
  readonly complete: boolean;
}

export type AppendResult = { readonly ok: true } | { readonly ok: false; readonly reason: 'conflict' };

/**
 * The event store port. Adapters: memory (tests) and DynamoDB. Every adapter passes test/functions/store.contract.
 */
export interface TableStore {
  /** Create the metadata item; false when the id exists. */
  createMeta(meta: TableMeta): Promise<boolean>;
  getMeta(tableId: string): Promise<TableMeta | undefined>;
  /** Replace the metadata when its revision is still `meta.rev - 1`; false when someone else changed it. */
  updateMeta(meta: TableMeta): Promise<boolean>;
  /**
   * Append a commit at `commit.seq`; a conflict when a commit with that seq exists (a lost race) — or a fence whose
   * epoch is above the commit's `listen` (the writer decided on metadata older than a listen flip: re-read it).
   */
  append(commit: Commit): Promise<AppendResult>;
  /**
   * Put a fence with listen epoch `epoch` in the free slot `seq` (the slot after the head): a commit may take the slot
   * only when it carries at least that epoch. 'fenced' also when a fence of at least that epoch is there already;
   * 'taken' when a commit holds the slot. Readers never see fences: head, range and the other reads skip them.
   */
  fence(tableId: string, seq: number, epoch: number): Promise<'fenced' | 'taken'>;
  /** The newest commit. */
  head(tableId: string): Promise<Commit | undefined>;
  /** The commit that holds event `seq` (the last commit with first seq ≤ seq). */
  commitHolding(tableId: string, seq: number): Promise<Commit | undefined>;
  /** The commit whose first seq is exactly `seq` (a key read); undefined when that slot is free. Optional: else range. */
  commitAt?(tableId: string, seq: number): Promise<Commit | undefined>;
  /**
   * The metadata and the commits with first seq ≥ `fromSeq` (ascending, at most `limit`), in ONE consistent read (on
   * DynamoDB one Query over the table's partition: the commits sort before `META`). `meta` is undefined when the table
   * does not exist — or, with `complete: false`, when more than `limit` commits came first (then read it on its own).
   * A warm GET view's one read: who may see the table and whether the cached head is still current
   * (docs/performance.md "One read per warm view").
   * Optional: else getMeta + commitAt/range.
   */
  metaAndAfter?(tableId: string, fromSeq: number, limit: number): Promise<MetaAndAfter>;
  /** Commits with first seq in [fromSeq, toSeq], ascending, at most `limit`. */
  range(tableId: string, fromSeq: number, toSeq: number, limit?: number): Promise<readonly Commit[]>;
  /**
   * Tables created with an API key, per key (its webhook registrations follow them: a registration raises their listen
   * epochs, use-cases/listen.ts). Noted before the table's metadata is created, dropped when the table closes.
   */
  noteCreator(keyHash: string, tableId: string): Promise<void>;
  dropCreator(keyHash: string, tableId: string): Promise<void>;
  /** A page of the key's tables, table ids ascending after `after`; `next` when more may follow. */
  tablesOfCreator(
    keyHash: string,
    limit: number,
    after?: string,
  ): Promise<{ readonly tableIds: readonly string[]; readonly next?: string }>;
  putLobby(entry: LobbyEntry): Promise<void>;
  deleteLobby(tableId: string, createdAt: number): Promise<void>;
  /** At most `limit` entries strictly after `after` in the lobby's order (newest first). */
  listLobby(limit: number, after?: LobbyPosition): Promise<LobbyPage>;
  /**
   * A finished deal's analysis (use-cases/deal-analysis.ts) as stored once computed: JSON, per table, deal and
   * analysis version. Optional: a store without it has every request computed afresh.
   */
  getAnalysis?(tableId: string, deal: number, version: string): Promise<string | undefined>;
  putAnalysis?(tableId: string, deal: number, version: string, json: string): Promise<void>;
  /** Move lobby rows written before the lobby was sharded (one `LOBBY` key) to their shards; how many moved. */
  migrateLegacyLobby?(): Promise<number>;
}
