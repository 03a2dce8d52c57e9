/**
 * Due work: everything that must happen later or again — a bot's turn, a turn deadline, a scheduled start. One durable
 * mechanism for all of it (functions/README.md "Due work"):
 *
 * - `DueWorkStore` keeps each item in the DATA_TABLE (one conditional write each, no TTL/streams/transactions, so it
 *   runs on dynalite too). Scheduling the same `kind` + `key` again replaces the item.
 * - `DueWorkScheduler` makes the work run at `at`: locally an in-process timer queue with an injected clock that is
 *   restored from the store at start-up (local/scheduler.ts); on AWS SQS delay messages
 *   (functions/adapters/sqs/due-work-queue.ts, consumed by functions/due/lambda.ts).
 * - A handler per `kind` does the work. Work pinned to a version (`pinnedVersion`) must do nothing when the thing it is
 *   about moved on: the handler checks, and the conditional write of whatever it then does is the proof.
 *
 * Delivery is at least once: a handler may run twice for one item and must be idempotent (pinned version +
 * idempotency key, as the bot step does).
 */
export interface DueWork {
  /** Epoch millis when the work is due (in the past: as soon as possible). */
  readonly at: number;
  /** Which handler runs it: 'table.progress', 'tournament.start', … (dotted, owner first). */
  readonly kind: string;
  /** Identity within the kind (a table id, a tournament id + round): scheduling kind + key again replaces it. */
  readonly key: string;
  /** JSON-serialisable data for the handler (keep it small: < 4 KB). */
  readonly payload?: unknown;
  /** The version of the thing (a table's stream version) the work was decided on; stale work does nothing. */
  readonly pinnedVersion?: number;
}

/** Where due work is kept durably. */
export interface DueWorkStore {
  /**
   * Store `work`, replacing an item with the same kind + key — unless that item is pinned to a newer version (then
   * false: a later decision already stands). One conditional PutItem.
   */
  put(work: DueWork): Promise<boolean>;
  /** Remove the item when it is still exactly `work` (same `at` and pin): a replacement scheduled meanwhile stays. */
  remove(work: DueWork): Promise<void>;
  /** The item with this kind + key, if any. */
  get(kind: string, key: string): Promise<DueWork | undefined>;
  /** Every stored item (the local scheduler restores them at start-up; never on the AWS sweep). */
  list(): Promise<readonly DueWork[]>;
  /**
   * Replace the item by `next` (same kind, key and pin; another `at`, maybe another payload) when it is still exactly
   * `work` (same `at` and pin): a standing item looks again later. False when it was replaced or removed meanwhile
   * (the replacement stands). One conditional write.
   */
  retime(work: DueWork, next: DueWork): Promise<boolean>;
  /**
   * The items due by `until` (their `at` ≤ `until`) that were stored or moved since `from` (epoch millis): the time
   * buckets from `from` to `until`, read in parallel pages (DynamoDB: the `byDue` index; docs/due-work.md "Sweep").
   */
  due(from: number, until: number): Promise<readonly DueWork[]>;
  /** Move items still stored in an older format to today's (the sweep and a local start-up call it). How many. */
  migrate(): Promise<number>;
  /** Where the last sweep left off (epoch millis; undefined before the first). */
  sweptUntil(): Promise<number | undefined>;
  /** Remember where this sweep left off. */
  setSweptUntil(at: number): Promise<void>;
}

/** What the use cases call to have work done later. */
export interface DueWorkScheduler {
  /** Make `work` run at `work.at`, durably: stored first, so it survives a crash and a restart. */
  schedule(work: DueWork): Promise<void>;
  /**
   * Deliver `work` at `work.at` without storing it: for work the caller can derive again from durable state after a
   * crash (a table's turn deadline follows from its head commit; its stored `table.progress` item makes the restored
   * scheduler look at the table again). Locally an in-memory timer, on AWS an SQS delay message.
   */
  remind(work: DueWork): Promise<void>;
  /** Drop the work with this kind + key, if any (late deliveries then find nothing and do nothing). */
  cancel(kind: string, key: string): Promise<void>;
}

/**
 * What a run of due work asks for: 'done' removes the stored item (if it is still the one delivered); `{ again: at }`
 * keeps it and moves it to `at` (a standing item that looks again then, like a live table's), with `payload` instead
 * of its own when one is given; 'keep' keeps it and moves it `KEEP_MS` on (the sweep looks again).
 */
export type DueOutcome = 'done' | 'keep' | { readonly again: number; readonly payload?: unknown };

/**
 * Runs one kind of due work (see DueOutcome). Throwing means "try again later" (the scheduler re-delivers with
 * back-off).
 */
export type DueWorkHandler = (work: DueWork) => Promise<DueOutcome>;

/** How far on a stored item that ran and answered 'keep' moves: one sweep period (docs/due-work.md). */
export const KEEP_MS = 5 * 60_000;

/** The stored item `work` after a run at `now` that answered `outcome` (undefined: it is done, remove it). */
export function nextRun(work: DueWork, outcome: DueOutcome, now: number): DueWork | undefined {
  if (outcome === 'done') return undefined;
  if (outcome === 'keep') return { ...work, at: now + KEEP_MS };
  const { payload: _old, ...rest } = work;
  const payload = 'payload' in outcome ? outcome.payload : work.payload;
  return { ...rest, at: outcome.again, ...(payload !== undefined ? { payload } : {}) };
}

/** Handlers by kind (composition/ registers them). */
export type DueWorkHandlers = ReadonlyMap<string, DueWorkHandler>;

/** The kind the tables use: make a table progress (bots act, a turn deadline passes), pinned to its version. */
export const TABLE_PROGRESS = 'table.progress';
