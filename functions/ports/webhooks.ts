import type { Principal } from './connections.js';

/** The event types a registration may filter on: the table's events plus `your_turn`. `*` = all. */
export const WEBHOOK_EVENT_TYPES = [
  'TableOpened',
  'DealStarted',
  'ActionTaken',
  'DealNoted',
  'DealEnded',
  'TableClosed',
  'your_turn',
] as const;
/** The event types of a tournament's stream (a tournament registration receives these; its filter names them). */
export const TOURNAMENT_WEBHOOK_EVENT_TYPES = [
  'TournamentCreated',
  'PlayerRegistered',
  'CheckedIn',
  'Withdrawn',
  'RoundDrawn',
  'RoundStarted',
  'TableFinished',
  'RoundEnded',
  'StandingsChanged',
  'TournamentEnded',
  'DrawPublished',
  'TournamentCancelled',
  'TournamentPostponed',
  'SeatTakenOver',
  'DealEntered',
  'TotalsEntered',
  'ResultCorrected',
  'RoundEndedEarly',
  'LotsDrawn',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number] | (typeof TOURNAMENT_WEBHOOK_EVENT_TYPES)[number];

/** Whose events a registration receives, and as which audience (the redaction). */
export type HookScope =
  /** One table, seen as the token that registered it sees it (a seat, the organiser, a spectator). */
  | { readonly kind: 'table'; readonly tableId: string; readonly principal: Principal }
  /** Every table created with this API key, seen as its organiser. */
  | { readonly kind: 'apiKey'; readonly keyHash: string }
  /** One tournament's event stream (registered with its organiser key; the stream is public, nothing is redacted). */
  | { readonly kind: 'tournament'; readonly tournamentId: string };

export interface HookSecret {
  readonly secret: string;
  /** Epoch millis after which a rotated-out secret no longer signs; absent = current. */
  readonly until?: number;
}

/** One webhook registration. */
export interface Hook {
  readonly hookId: string;
  readonly url: string;
  readonly events: readonly (WebhookEventType | '*')[];
  readonly scope: HookScope;
  /** sha256 of the token that registered it: only that token lists, rotates, deletes it. */
  readonly ownerHash: string;
  readonly secrets: readonly HookSecret[];
  readonly createdAt: number;
  readonly description?: string;
}

export interface Attempt {
  /** Epoch millis. */
  readonly at: number;
  /** The HTTP status, when the target answered. */
  readonly status?: number;
  readonly error?: string;
  readonly ms: number;
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

/** One message to one registration: redacted and serialised once, sent until a 2xx (or the retries run out). */
export interface Delivery {
  readonly hookId: string;
  /** Also the `webhook-id` header: the same on every retry and redelivery, so receivers can deduplicate. */
  readonly deliveryId: string;
  /** The stream the delivery belongs to: a table id, or a tournament id when `tournament` is set (ids never clash). */
  readonly tableId: string;
  /** True for a tournament event (then `tableId` holds the tournament id: the queue is per tournament). */
  readonly tournament?: true;
  readonly seq: number;
  /** 0 = the event at `seq`; 1 + seat = `your_turn` for that seat after `seq`. */
  readonly sub: number;
  readonly type: WebhookEventType;
  readonly body: string;
  readonly status: DeliveryStatus;
  readonly attempts: readonly Attempt[];
  /** When the next attempt is due (epoch millis). */
  readonly nextAt: number;
  readonly createdAt: number;
}

/** Where a delivery stands in its queue: queues are sent in (seq, sub) order, and every delivery has its own place. */
export interface QueuePosition {
  readonly seq: number;
  readonly sub: number;
}

/** Whether `a` comes after `b` in a queue. */
export const isAfter = (a: QueuePosition, b: QueuePosition): boolean =>
  a.seq > b.seq || (a.seq === b.seq && a.sub > b.sub);

/**
 * The deliveries one commit (or one part of a large commit; a run of commits written ahead of the stream side; a
 * registration's current turn) makes for one registration, in queue order: stored as ONE item (functions/adapters/dynamodb/webhook-store.ts), which also holds each
 * delivery's state. Its key follows from (registration, stream, first position, tag) alone, so a replayed commit makes
 * the same key and a conditional write keeps the first.
 */
export interface DeliveryBatch {
  readonly hookId: string;
  /** The stream: a table id, or a tournament id when `tournament` is set. */
  readonly tableId: string;
  readonly tournament?: true;
  /** The queue position of its first delivery when it was made (part of the key: it never changes). */
  readonly seq: number;
  readonly sub: number;
  /**
   * Tells batches that begin at the same position apart, in queue order: `c` a commit's (or a run's) part, `r` a
   * registration's current turn (use-cases/webhook-delivery.ts `onRegistered`), '' a delivery stored on its own
   * (schema version 1, read as a batch of one).
   */
  readonly tag: string;
  /** Epoch millis when it was made (the stored item expires 30 days later). */
  readonly createdAt: number;
  readonly deliveries: readonly Delivery[];
  /**
   * The stored revision this copy was read at (0: never rewritten, or stored before revisions). Every write raises it,
   * and a write of a copy read at an older revision is refused (`putBatch`, `finish`): a pump and a redelivery that both
   * rewrite one batch cannot undo each other's record (use-cases/webhook-delivery.ts `mergeBatch`).
   */
  readonly rev?: number;
}

/**
 * How much one batch holds when it is made: more is split into parts, in order. DynamoDB items stop at 400 KB; the
 * store deflates a batch (bodies of one run of commits repeat most of their text), and trims the oldest attempts of one
 * that would still grow past its limit (redeliveries: at most 20 attempts are kept per delivery).
 */
export const BATCH_LIMITS = { deliveries: 1024, bodyBytes: 512 * 1024 } as const;

/** The queue head as a pump finds it: the first unfinished batch, and the last delivery the queue finished before it. */
export interface QueueHead {
  readonly batch: DeliveryBatch;
  readonly after?: QueuePosition;
}

export const deliveryIdOf = (hookId: string, tableId: string, seq: number, sub: number): string =>
  `msg_${hookId}.${tableId}.${seq}.${sub}`;

/** The table, seq and sub a delivery id names (undefined when it is not one of ours). */
export function parseDeliveryId(hookId: string, id: string): { tableId: string; seq: number; sub: number } | undefined {
  const m = /^msg_([a-z0-9_]+)\.([a-z0-9]{4,40})\.(\d{1,12})\.(\d{1,3})$/.exec(id);
  if (m === null || m[1] !== hookId) return undefined;
  return { tableId: m[2]!, seq: Number(m[3]), sub: Number(m[4]) };
}

/**
 * When to try again after the n-th failed attempt (Standard Webhooks / Svix schedule): 5 s, 5 min, 30 min, 2 h, 5 h,
 * 10 h, 10 h — about 28 hours in all; after the last one the delivery is marked failed and the queue moves on.
 */
export const RETRY_DELAYS_MS: readonly number[] = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
];

/** The webhook state port. Adapter: DynamoDB (the data table, items under `WH…` keys). */
export interface WebhookStore {
  putHook(hook: Hook): Promise<void>;
  getHook(hookId: string): Promise<Hook | undefined>;
  /** Replace the secrets (rotation). */
  setSecrets(hookId: string, secrets: readonly HookSecret[]): Promise<void>;
  deleteHook(hook: Hook): Promise<void>;
  hooksForTable(tableId: string): Promise<readonly Hook[]>;
  /**
   * A version stamp of all registrations, bumped after every put and delete (optional: without it every commit looks
   * its registrations up). Lookups cached under a stamp stay valid while the stamp is unchanged — across instances.
   */
  stamp?(): Promise<string>;
  hooksForKey(keyHash: string): Promise<readonly Hook[]>;
  hooksForTournament(tournamentId: string): Promise<readonly Hook[]>;
  hooksOfOwner(ownerHash: string): Promise<readonly Hook[]>;
  /**
   * Store a batch unless one with its key exists (a replayed commit: the first is kept, with its deliveries' state);
   * false when it existed. One conditional write, whatever the number of deliveries in it.
   */
  addBatch(batch: DeliveryBatch): Promise<boolean>;
  /**
   * Record the state of a batch's deliveries (attempts, status, next try), replacing the stored ones — unless the
   * stored batch was rewritten since `batch.rev`: then nothing is written and the answer is undefined (read it again:
   * `getBatch`). The batch as written (its new `rev`) otherwise.
   */
  putBatch(batch: DeliveryBatch): Promise<DeliveryBatch | undefined>;
  /** The stored batch with `batch`'s key (its current revision), if it is still there. */
  getBatch(batch: DeliveryBatch): Promise<DeliveryBatch | undefined>;
  /**
   * Record one delivery's state inside the batch that holds it (the redeliver route), `change` applied to the stored
   * delivery as it is when written (re-read and applied again when the batch changed meanwhile).
   */
  putDelivery(
    hookId: string,
    deliveryId: string,
    change: (stored: Delivery) => Delivery,
  ): Promise<Delivery | undefined>;
  getDelivery(hookId: string, deliveryId: string): Promise<Delivery | undefined>;
  /** The delivery log of a registration, newest first: the stored batches expanded into their deliveries. */
  deliveries(hookId: string, limit: number): Promise<readonly Delivery[]>;
  /** The oldest batch of (hook, stream) not yet finished (the queue head), if any, and where the queue stands. */
  queueHead(hookId: string, tableId: string): Promise<QueueHead | undefined>;
  /**
   * Record a finished batch (every delivery in it delivered or failed) and move the queue past it; `last` is the queue
   * position of the last delivery it finished (a later copy of a delivery at or before it is not sent again). False,
   * with nothing written, when the stored batch was rewritten since `batch.rev` (as `putBatch`).
   */
  finish(batch: DeliveryBatch, last: QueuePosition | undefined): Promise<boolean>;
  /** The seq of the newest batch made for (hook, stream), if any: where a catch-up after a crash starts. */
  lastBatchSeq(hookId: string, tableId: string): Promise<number | undefined>;
  /** How many registrations an owner (token hash) holds, and how many name one table: the caps' counts. */
  countOwned(ownerHash: string): Promise<number>;
  countForTable(tableId: string): Promise<number>;
  /** Take the pump lease of (hook, table) until `until`; false when another pump holds it. */
  lease(hookId: string, tableId: string, now: number, until: number): Promise<boolean>;
  release(hookId: string, tableId: string): Promise<void>;
}

/** Time as data: the delivery engine reads the clock and sets timers only through this (tests inject one). */
export interface Clock {
  now(): number;
}

/** A job the scheduler runs later: pump one registration's queue for one table. */
export interface PumpJob {
  readonly kind: 'webhook.pump';
  readonly hookId: string;
  readonly tableId: string;
}

/** The due-work kind of a pump (functions/ports/due-work.ts): key `<hookId>#<stream id>`. */
export const WEBHOOK_PUMP = 'webhook.pump';

export const pumpKey = (job: Pick<PumpJob, 'hookId' | 'tableId'>): string => `${job.hookId}#${job.tableId}`;

/** The job a `webhook.pump` due-work item stands for. */
export function pumpJobOf(key: string): PumpJob | undefined {
  const i = key.indexOf('#');
  return i <= 0 ? undefined : { kind: 'webhook.pump', hookId: key.slice(0, i), tableId: key.slice(i + 1) };
}

/**
 * The outbox port: "(hook, stream) has deliveries due at `at`: send them then". Durable (composition/webhooks.ts keeps
 * a `webhook.pump` due-work item until the queue is empty, so a restart or the AWS sweep finds it); `emptied` drops it.
 */
export interface Scheduler {
  schedule(at: number, job: PumpJob): void | Promise<void>;
  /** The queue of `job` is empty now (the durable item may go). */
  emptied?(job: PumpJob): Promise<void>;
}

/**
 * Caps on registrations (problem+json `webhook/limit_reached` names the limit): one token registers at most
 * `perToken`, one table is named by at most `perTable` registrations (all tokens together).
 */
export const WEBHOOK_LIMITS = { perToken: 20, perTable: 50 } as const;

/** Sends in flight to one target (scheme + host + port) at a time, across every registration naming it. */
export const TARGET_CONCURRENCY = 4;
