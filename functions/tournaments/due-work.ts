import {
  DeleteItemCommand,
  type DynamoDBClient,
  PutItemCommand,
  QueryCommand,
  type AttributeValue,
} from '@aws-sdk/client-dynamodb';
import { conditionalWrite } from '../adapters/dynamodb/client.js';

/**
 * Due work: something that must happen at a time (a round's start, a look at a round's tables), durable across
 * crashes and restarts. A small port with an injected clock; the local implementation keeps every job as an item
 * in the data table and arms a timer for it, and re-arms all of them from the store at start-up.
 *
 * Jobs are idempotent by id (scheduling the same id again replaces the time) and their handlers check the state
 * they act on (a round that already started is not started again), so running a job twice does no harm.
 */

export interface DueJob {
  /** Epoch millis. */
  readonly at: number;
  /** Which handler runs it, e.g. `tournament.start-round`. */
  readonly kind: string;
  /** Identity within the kind (a tournament id + round): scheduling kind + key again replaces the job. */
  readonly key: string;
  readonly payload?: unknown;
}

/**
 * What the use cases call to have work done later. Shaped like the table progress work's `DueWorkScheduler.schedule`
 * (kind + key + at + payload), so either can carry tournament jobs.
 */
export interface DueWork {
  schedule(job: DueJob): Promise<void>;
}

/** A job's stored identity. */
const idOf = (job: Pick<DueJob, 'kind' | 'key'>): string => `${job.kind}#${job.key}`;
/** Tournament jobs have their own partition in the data table. */
const PK = 'TDUE';

/** Time as a port: `now()` and a one-shot wake-up. Tests drive a {@link ManualClock}. */
export interface Clock {
  now(): number;
  /** Call `fn` at `at` (or at once when `at` has passed); returns a cancel function. */
  wakeAt(at: number, fn: () => void): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  wakeAt(at, fn) {
    let timer: NodeJS.Timeout | undefined;
    let cancelled = false;
    // setTimeout takes at most 2^31−1 ms: wait in steps for far-away times (a tournament weeks ahead).
    const arm = (): void => {
      if (cancelled) return;
      const wait = at - Date.now();
      if (wait <= 0) return fn();
      timer = setTimeout(arm, Math.min(wait, 2_000_000_000));
      timer.unref?.();
    };
    arm();
    return () => {
      cancelled = true;
      if (timer !== undefined) clearTimeout(timer);
    };
  },
};

/** A clock tests move by hand: `advance(ms)` fires every wake-up due by then, in time order. */
export class ManualClock implements Clock {
  private timers: { at: number; fn: () => void; id: number }[] = [];
  private ids = 0;
  constructor(private time: number) {}

  now(): number {
    return this.time;
  }

  wakeAt(at: number, fn: () => void): () => void {
    const id = ++this.ids;
    this.timers.push({ at, fn, id });
    return () => {
      this.timers = this.timers.filter((t) => t.id !== id);
    };
  }

  /** The server clock's form (functions/ports/clock.ts), so one ManualClock drives tables and tournaments. */
  setTimer(ms: number, fn: () => void): () => void {
    return this.wakeAt(this.time + Math.max(0, ms), fn);
  }

  /** Move to `time`, firing wake-ups in order (each one's time becomes `now` while it runs). */
  advanceTo(time: number): void {
    for (;;) {
      const next = this.timers.filter((t) => t.at <= time).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (next === undefined) break;
      this.timers = this.timers.filter((t) => t !== next);
      this.time = Math.max(this.time, next.at);
      next.fn();
    }
    this.time = Math.max(this.time, time);
  }

  /** The earliest pending wake-up, if any. */
  nextAt(): number | undefined {
    return this.timers.reduce<number | undefined>((m, t) => (m === undefined || t.at < m ? t.at : m), undefined);
  }
}

export type DueHandler = (job: DueJob) => Promise<void>;

/**
 * The local due-work runner. Jobs live in DATA_TABLE as `DUE` / `<id>` items; `start()` re-arms every stored job
 * (after a crash or restart, overdue jobs run at once). A job's item is deleted only after its handler succeeded;
 * a failing handler is retried with a growing delay.
 */
export class LocalDueWork implements DueWork {
  private readonly cancels = new Map<string, () => void>();
  private readonly running = new Set<Promise<void>>();
  private stopped = false;

  constructor(
    private readonly client: DynamoDBClient,
    private readonly tableName: string,
    private readonly clock: Clock,
    private readonly handle: DueHandler,
    /** Told about a failed run (it is retried with a growing delay); the local runtime logs it. */
    private readonly onError?: (job: DueJob, error: unknown) => void,
  ) {}

  async schedule(job: DueJob): Promise<void> {
    await this.client.send(new PutItemCommand({ TableName: this.tableName, Item: toItem(job) }));
    this.arm(job, 0);
  }

  /** Re-arm every stored job; returns how many. */
  async start(): Promise<number> {
    let count = 0;
    let startKey: Record<string, AttributeValue> | undefined;
    do {
      const page = await this.client.send(
        new QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': { S: PK } },
          ConsistentRead: true,
          ...(startKey !== undefined ? { ExclusiveStartKey: startKey } : {}),
        }),
      );
      for (const item of page.Items ?? []) {
        this.arm(fromItem(item), 0);
        count++;
      }
      startKey = page.LastEvaluatedKey;
    } while (startKey !== undefined);
    return count;
  }

  /** Resolves when no job handler is running (tests: after `clock.advanceTo`). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  /** A job handler is running now. */
  busy(): boolean {
    return this.running.size > 0;
  }

  /** Stop arming and running jobs (they stay stored and run after the next `start()`). */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const cancel of this.cancels.values()) cancel();
    this.cancels.clear();
    await this.idle();
  }

  private arm(job: DueJob, attempt: number): void {
    if (this.stopped) return;
    this.cancels.get(idOf(job))?.();
    const at = attempt === 0 ? job.at : this.clock.now() + Math.min(60_000, 500 * 2 ** attempt);
    this.cancels.set(
      idOf(job),
      this.clock.wakeAt(at, () => {
        this.cancels.delete(idOf(job));
        const run = this.run(job, attempt).finally(() => this.running.delete(run));
        this.running.add(run);
      }),
    );
  }

  private async run(job: DueJob, attempt: number): Promise<void> {
    if (this.stopped) return;
    try {
      await this.handle(job);
    } catch (e) {
      this.onError?.(job, e);
      this.arm(job, attempt + 1);
      return;
    }
    // Done: delete the item unless the job was rescheduled meanwhile (a newer time for the same id).
    if (this.cancels.has(idOf(job))) return;
    await conditionalWrite(
      this.client.send(
        new DeleteItemCommand({
          TableName: this.tableName,
          Key: { pk: { S: PK }, sk: { S: idOf(job) } },
          // Only the run we did: a reschedule to another time (same id) keeps its item.
          ConditionExpression: 'attribute_not_exists(sk) OR #at = :at',
          ExpressionAttributeNames: { '#at': 'at' },
          ExpressionAttributeValues: { ':at': { N: String(job.at) } },
        }),
      ),
    );
  }
}

function toItem(job: DueJob): Record<string, AttributeValue> {
  return {
    pk: { S: PK },
    sk: { S: idOf(job) },
    at: { N: String(job.at) },
    kind: { S: job.kind },
    key: { S: job.key },
    payload: { S: JSON.stringify(job.payload ?? null) },
  };
}

function fromItem(item: Record<string, AttributeValue>): DueJob {
  return {
    at: Number(item.at?.N ?? '0'),
    kind: item.kind?.S ?? '',
    key: item.key?.S ?? '',
    payload: JSON.parse(item.payload?.S ?? 'null') as unknown,
  };
}

/**
 * Where there are no in-process timers (AWS Lambda): a DueWork that only stores jobs, and a sweep that runs every
 * stored job due by `now` — called by a scheduled function (e.g. an EventBridge rule every minute), so a round
 * starts within a minute of its time. A job is deleted only after its handler succeeded.
 */
export class StoredDueWork implements DueWork {
  constructor(
    private readonly client: DynamoDBClient,
    private readonly tableName: string,
  ) {}

  async schedule(job: DueJob): Promise<void> {
    await this.client.send(new PutItemCommand({ TableName: this.tableName, Item: toItem(job) }));
  }

  /** Run every stored job due by `now`, oldest first; returns the ids that ran (failed ones stay stored). */
  async sweep(now: number, handle: DueHandler): Promise<string[]> {
    const due: DueJob[] = [];
    let startKey: Record<string, AttributeValue> | undefined;
    do {
      const page = await this.client.send(
        new QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: 'pk = :pk',
          FilterExpression: '#at <= :now',
          ExpressionAttributeNames: { '#at': 'at' },
          ExpressionAttributeValues: { ':pk': { S: PK }, ':now': { N: String(now) } },
          ConsistentRead: true,
          ...(startKey !== undefined ? { ExclusiveStartKey: startKey } : {}),
        }),
      );
      for (const item of page.Items ?? []) due.push(fromItem(item));
      startKey = page.LastEvaluatedKey;
    } while (startKey !== undefined);
    const ran: string[] = [];
    for (const job of due.sort((a, b) => a.at - b.at)) {
      try {
        await handle(job);
      } catch {
        continue;
      }
      ran.push(idOf(job));
      await conditionalWrite(
        this.client.send(
          new DeleteItemCommand({
            TableName: this.tableName,
            Key: { pk: { S: PK }, sk: { S: idOf(job) } },
            // Only the run we did: a job rescheduled meanwhile (same id, new time) stays.
            ConditionExpression: '#at = :at',
            ExpressionAttributeNames: { '#at': 'at' },
            ExpressionAttributeValues: { ':at': { N: String(job.at) } },
          }),
        ),
      );
    }
    return ran;
  }
}
