import {
  type AttributeValue,
  DeleteItemCommand,
  type DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  type QueryCommandInput,
  ScanCommand,
  paginateQuery,
} from '@aws-sdk/client-dynamodb';
import type { DueWork, DueWorkStore } from '../../ports/due-work.js';
import { conditionalWrite } from './client.js';

/** The DATA_TABLE index of due items by time bucket (infra/stammtisch-stack.ts, client.ts `ensureTables`). */
export const DUE_INDEX = 'byDue';
/** A time bucket is one minute of `at`. */
export const BUCKET_MS = 60_000;
/**
 * Each minute is split over this many index partitions (by a hash of kind + key), so that many items due in the same
 * minute (a tournament's tables, an evening's clocks) never crowd one partition; the sweep reads them in parallel.
 */
export const DUE_SHARDS = 8;
/** Index queries a `due` read runs at once. */
const PARALLEL_PAGES = 16;
/** Where the legacy items (one partition, pk `DUE`) were; `migrate` moves them. */
const LEGACY_PK = 'DUE';
const CURSOR = { pk: { S: 'DUESWEEP' }, sk: { S: 'CURSOR' } };

/** The index partition of an item stored at `bucketAt` (epoch millis) for kind + key. */
export function dueBucket(bucketAt: number, kind: string, key: string): string {
  return `${Math.floor(bucketAt / BUCKET_MS)}#${shardOf(`${kind}#${key}`)}`;
}

/** FNV-1a of the id, modulo DUE_SHARDS. */
function shardOf(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return (h >>> 0) % DUE_SHARDS;
}

/** Run `fn` over `items`, at most `limit` at a time. */
async function inParallel<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return out;
}

/**
 * Due work in the DATA_TABLE (docs/due-work.md, docs/storage.md "Due items"): one item per kind + key — pk
 * `DUE#<kind>#<key>`, sk `DUE`, attributes `at` (N), `pv` (N, the pinned version), `p` (S, JSON payload) — so that
 * scheduling the same kind + key again is one conditional PutItem on the same key. Each item also carries its time
 * bucket `dueBucket` (`<minute>#<shard>`, the minute of `at`, or of the write when `at` is already past) and `dueAt`
 * (N): the `byDue` index, which the sweep reads bucket by bucket in parallel pages instead of one partition or a scan.
 *
 * Items of the first format (pk `DUE`, sk `<kind>#<key>`, no bucket) are still found by `get`, removed by `remove`
 * and moved to today's format by `migrate` (the sweep and the local start-up run it; docs/storage.md).
 */
export class DynamoDueWorkStore implements DueWorkStore {
  /** False once a query found no `byDue` index (a local data folder created before it): reads scan instead. */
  private indexed = true;

  constructor(
    private readonly client: DynamoDBClient,
    private readonly tableName: string,
    private readonly now: () => number = Date.now,
  ) {}

  async put(work: DueWork): Promise<boolean> {
    const pinned = work.pinnedVersion !== undefined;
    return conditionalWrite(
      this.client.send(
        new PutItemCommand({
          TableName: this.tableName,
          ReturnConsumedCapacity: 'TOTAL',
          Item: this.toItem(work),
          // A pinned item never replaces one pinned to a newer version (a later decision already stands).
          ...(pinned
            ? {
                ConditionExpression: 'attribute_not_exists(sk) OR attribute_not_exists(pv) OR pv <= :pv',
                ExpressionAttributeValues: { ':pv': { N: String(work.pinnedVersion) } },
              }
            : {}),
        }),
      ),
    );
  }

  async remove(work: DueWork): Promise<void> {
    const removed = await this.removeAt(key(work.kind, work.key), work);
    if (!removed) await this.removeAt(legacyKey(work.kind, work.key), work);
  }

  async get(kind: string, k: string): Promise<DueWork | undefined> {
    return (await this.getAt(key(kind, k))) ?? (await this.getAt(legacyKey(kind, k)));
  }

  async retime(work: DueWork, next: DueWork): Promise<boolean> {
    const moved = { ...next, kind: work.kind, key: work.key };
    const done = await conditionalWrite(
      this.client.send(
        new PutItemCommand({
          TableName: this.tableName,
          ReturnConsumedCapacity: 'TOTAL',
          Item: this.toItem(moved),
          ...same(work),
        }),
      ),
    );
    if (done) return true;
    // Delivered from a legacy item: today's item takes its place (unless one was stored meanwhile), the old one goes.
    const legacy = await this.getAt(legacyKey(work.kind, work.key));
    if (legacy === undefined || legacy.at !== work.at || legacy.pinnedVersion !== work.pinnedVersion) return false;
    const written = await this.putIfAbsent(moved);
    await this.removeAt(legacyKey(work.kind, work.key), work);
    return written;
  }

  async due(from: number, until: number): Promise<readonly DueWork[]> {
    if (this.indexed) {
      const first = Math.floor(from / BUCKET_MS);
      const last = Math.floor(until / BUCKET_MS);
      const buckets: string[] = [];
      for (let minute = first; minute <= last; minute++)
        for (let shard = 0; shard < DUE_SHARDS; shard++) buckets.push(`${minute}#${shard}`);
      try {
        const pages = await inParallel(buckets, PARALLEL_PAGES, (bucket) =>
          this.queryAll({
            TableName: this.tableName,
            IndexName: DUE_INDEX,
            ReturnConsumedCapacity: 'TOTAL',
            KeyConditionExpression: 'dueBucket = :b AND dueAt <= :until',
            ExpressionAttributeValues: { ':b': { S: bucket }, ':until': { N: String(until) } },
          }),
        );
        return pages.flat().map(fromItem);
      } catch (e) {
        if (!missingIndex(e)) throw e;
        this.indexed = false;
      }
    }
    return (await this.scanDue()).filter((w) => w.at <= until);
  }

  async list(): Promise<readonly DueWork[]> {
    return this.scanDue();
  }

  async migrate(): Promise<number> {
    const legacy = await this.queryAll({
      TableName: this.tableName,
      ReturnConsumedCapacity: 'TOTAL',
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': { S: LEGACY_PK } },
      ConsistentRead: true,
    });
    await inParallel(legacy, PARALLEL_PAGES, async (item) => {
      const work = fromItem(item);
      // An item of today's format for the same kind + key was stored later: it stands, the old one only goes.
      await this.putIfAbsent(work);
      await this.removeAt(legacyKey(work.kind, work.key), work);
    });
    return legacy.length;
  }

  async sweptUntil(): Promise<number | undefined> {
    const out = await this.client.send(
      new GetItemCommand({
        TableName: this.tableName,
        ReturnConsumedCapacity: 'TOTAL',
        Key: CURSOR,
        ConsistentRead: true,
      }),
    );
    return out.Item?.at?.N === undefined ? undefined : Number(out.Item.at.N);
  }

  async setSweptUntil(at: number): Promise<void> {
    await this.client.send(
      new PutItemCommand({
        TableName: this.tableName,
        ReturnConsumedCapacity: 'TOTAL',
        Item: { ...CURSOR, at: { N: String(at) } },
      }),
    );
  }

  private async putIfAbsent(work: DueWork): Promise<boolean> {
    return conditionalWrite(
      this.client.send(
        new PutItemCommand({
          TableName: this.tableName,
          ReturnConsumedCapacity: 'TOTAL',
          Item: this.toItem(work),
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      ),
    );
  }

  private async removeAt(k: Record<string, AttributeValue>, work: DueWork): Promise<boolean> {
    return conditionalWrite(
      this.client.send(
        new DeleteItemCommand({ TableName: this.tableName, ReturnConsumedCapacity: 'TOTAL', Key: k, ...same(work) }),
      ),
    );
  }

  private async getAt(k: Record<string, AttributeValue>): Promise<DueWork | undefined> {
    const out = await this.client.send(
      new GetItemCommand({ TableName: this.tableName, ReturnConsumedCapacity: 'TOTAL', Key: k, ConsistentRead: true }),
    );
    return out.Item === undefined ? undefined : fromItem(out.Item);
  }

  private async queryAll(input: QueryCommandInput): Promise<Record<string, AttributeValue>[]> {
    const items: Record<string, AttributeValue>[] = [];
    for await (const page of paginateQuery({ client: this.client }, input)) items.push(...(page.Items ?? []));
    return items;
  }

  /**
   * Every item of today's format: the `byDue` index (sparse: only due items) in parallel segments, or the table with a
   * filter in a local data folder created before the index. Local start-up and tests only (never on AWS: the grants
   * have no Scan).
   */
  private async scanDue(): Promise<DueWork[]> {
    const segments = 4;
    const scan = async (segment: number, index: boolean): Promise<Record<string, AttributeValue>[]> => {
      const items: Record<string, AttributeValue>[] = [];
      let start: Record<string, AttributeValue> | undefined;
      do {
        const page = await this.client.send(
          new ScanCommand({
            TableName: this.tableName,
            ...(index ? { IndexName: DUE_INDEX } : { FilterExpression: 'attribute_exists(dueBucket)' }),
            Segment: segment,
            TotalSegments: segments,
            ...(start !== undefined ? { ExclusiveStartKey: start } : {}),
          }),
        );
        items.push(...(page.Items ?? []));
        start = page.LastEvaluatedKey;
      } while (start !== undefined);
      return items;
    };
    const all = async (index: boolean) =>
      (await Promise.all(Array.from({ length: segments }, (_, s) => scan(s, index)))).flat();
    if (this.indexed) {
      try {
        return (await all(true)).map(fromItem);
      } catch (e) {
        if (!missingIndex(e)) throw e;
        this.indexed = false;
      }
    }
    return (await all(false)).map(fromItem);
  }

  private toItem(work: DueWork): Record<string, AttributeValue> {
    return {
      ...key(work.kind, work.key),
      kind: { S: work.kind },
      key: { S: work.key },
      at: { N: String(work.at) },
      // Work already due is filed under the minute it is written in: the sweep reads from where it left off.
      dueBucket: { S: dueBucket(Math.max(work.at, this.now()), work.kind, work.key) },
      dueAt: { N: String(work.at) },
      ...(work.pinnedVersion !== undefined ? { pv: { N: String(work.pinnedVersion) } } : {}),
      ...(work.payload !== undefined ? { p: { S: JSON.stringify(work.payload) } } : {}),
    };
  }
}

const key = (kind: string, k: string): Record<string, AttributeValue> => ({
  pk: { S: `DUE#${kind}#${k}` },
  sk: { S: 'DUE' },
});

const legacyKey = (kind: string, k: string): Record<string, AttributeValue> => ({
  pk: { S: LEGACY_PK },
  sk: { S: `${kind}#${k}` },
});

/** The condition "the stored item is still exactly `work`" (same `at` and pin). */
function same(work: DueWork) {
  return {
    ConditionExpression:
      work.pinnedVersion !== undefined ? '#at = :at AND pv = :pv' : '#at = :at AND attribute_not_exists(pv)',
    ExpressionAttributeNames: { '#at': 'at' },
    ExpressionAttributeValues: {
      ':at': { N: String(work.at) },
      ...(work.pinnedVersion !== undefined ? { ':pv': { N: String(work.pinnedVersion) } } : {}),
    },
  };
}

/** DynamoDB (and dynalite) refuse a query or scan on an index the table does not have with a ValidationException. */
function missingIndex(e: unknown): boolean {
  return e instanceof Error && e.name === 'ValidationException' && /index/i.test(e.message);
}

function fromItem(item: Record<string, AttributeValue>): DueWork {
  return {
    at: Number(item.at?.N ?? '0'),
    kind: item.kind?.S ?? '',
    key: item.key?.S ?? '',
    ...(item.pv?.N !== undefined ? { pinnedVersion: Number(item.pv.N) } : {}),
    ...(item.p?.S !== undefined ? { payload: JSON.parse(item.p.S) as unknown } : {}),
  };
}
