import {
  CreateTableCommand,
  DeleteItemCommand,
  DescribeTableCommand,
  type DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
} from '@aws-sdk/client-dynamodb';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUCKET_MS, DUE_SHARDS, DynamoDueWorkStore } from '../../functions/adapters/dynamodb/due-work-store.js';
import { MemoryDueWorkStore } from '../../functions/adapters/memory/due-work-store.js';
import { sweep } from '../../functions/due/sweep.js';
import type { DueWork, DueWorkStore } from '../../functions/ports/due-work.js';
import { countCalls, startDynalite } from '../support/functions/dynalite.js';

// The due-work store's contract on both adapters, and the DynamoDB one's time buckets and its older format, on the
// embedded store (dynalite) through the real AWS SDK client.

let client: DynamoDBClient;
let stop: () => Promise<void>;
let tables = 0;

beforeAll(async () => {
  ({ client, stop } = await startDynalite());
});
afterAll(async () => {
  await stop();
});

/** A fresh DATA_TABLE-shaped table (with the `byDue` index unless `indexed` is false). */
async function freshTable(indexed = true): Promise<string> {
  const name = `due-${++tables}`;
  await client.send(
    new CreateTableCommand({
      TableName: name,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'sk', AttributeType: 'S' },
        ...(indexed
          ? [
              { AttributeName: 'dueBucket', AttributeType: 'S' as const },
              { AttributeName: 'dueAt', AttributeType: 'N' as const },
            ]
          : []),
      ],
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      ...(indexed
        ? {
            GlobalSecondaryIndexes: [
              {
                IndexName: 'byDue',
                KeySchema: [
                  { AttributeName: 'dueBucket', KeyType: 'HASH' as const },
                  { AttributeName: 'dueAt', KeyType: 'RANGE' as const },
                ],
                Projection: { ProjectionType: 'ALL' as const },
              },
            ],
          }
        : {}),
    }),
  );
  // dynalite makes a table ACTIVE on its next turn.
  while ((await client.send(new DescribeTableCommand({ TableName: name }))).Table?.TableStatus !== 'ACTIVE')
    await new Promise((r) => setImmediate(r));
  return name;
}

const stores: [string, (now: () => number) => Promise<DueWorkStore>][] = [
  ['memory', async () => new MemoryDueWorkStore()],
  ['dynamodb', async (now) => new DynamoDueWorkStore(client, await freshTable(), now)],
  [
    'dynamodb without the index (a local folder from before it)',
    async (now) => new DynamoDueWorkStore(client, await freshTable(false), now),
  ],
];

describe.each(stores)('due-work store contract: %s', (_name, make) => {
  it('same kind + key replaces; a pinned item never gives way to an older pin; remove and retime only the same item', async () => {
    const store = await make(() => 0);
    expect(await store.put({ at: 10, kind: 'k', key: 'a', payload: { n: 1 } })).toBe(true);
    expect(await store.put({ at: 20, kind: 'k', key: 'a', payload: { n: 2 } })).toBe(true);
    expect(await store.get('k', 'a')).toEqual({ at: 20, kind: 'k', key: 'a', payload: { n: 2 } });
    expect(await store.put({ at: 30, kind: 'k', key: 'p', pinnedVersion: 5 })).toBe(true);
    expect(await store.put({ at: 40, kind: 'k', key: 'p', pinnedVersion: 4 })).toBe(false);
    expect(await store.put({ at: 50, kind: 'k', key: 'p', pinnedVersion: 6 })).toBe(true);
    // An older copy (other `at`) neither moves nor removes the current item.
    expect(
      await store.retime(
        { at: 30, kind: 'k', key: 'p', pinnedVersion: 5 },
        { at: 99, kind: 'k', key: 'p', pinnedVersion: 5 },
      ),
    ).toBe(false);
    await store.remove({ at: 30, kind: 'k', key: 'p', pinnedVersion: 5 });
    expect((await store.get('k', 'p'))?.at).toBe(50);
    const moved = { at: 70, kind: 'k', key: 'p', pinnedVersion: 6, payload: { since: 3 } };
    expect(await store.retime({ at: 50, kind: 'k', key: 'p', pinnedVersion: 6 }, moved)).toBe(true);
    expect(await store.get('k', 'p')).toEqual(moved);
    await store.remove(moved);
    expect(await store.get('k', 'p')).toBeUndefined();
    expect((await store.list()).map((w) => w.key)).toEqual(['a']);
  });

  it('due(from, until) finds exactly the items due by `until` that were stored since `from` (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(
          fc.record({
            key: fc.string({ minLength: 1, maxLength: 6 }),
            at: fc.integer({ min: 0, max: 20 * BUCKET_MS }),
          }),
          {
            selector: (w) => w.key,
            maxLength: 25,
          },
        ),
        fc.integer({ min: 0, max: 20 * BUCKET_MS }),
        async (items, until) => {
          // Written at time 0: each item is filed under the minute of its `at`.
          const store = await make(() => 0);
          for (const w of items) await store.put({ at: w.at, kind: 'k', key: w.key });
          const found = await store.due(0, until);
          expect(found.map((w) => w.key).sort()).toEqual(
            items
              .filter((w) => w.at <= until)
              .map((w) => w.key)
              .sort(),
          );
        },
      ),
      { numRuns: 8 },
    );
  });
});

describe('the DynamoDB store: time buckets', () => {
  it('spreads one minute over DUE_SHARDS index partitions and files work already due under the minute it is written', async () => {
    let now = 100 * BUCKET_MS;
    const table = await freshTable();
    const store = new DynamoDueWorkStore(client, table, () => now);
    for (let i = 0; i < 64; i++) await store.put({ at: now + 30_000, kind: 'k', key: `t${i}` });
    // Due an hour ago, written now: filed under now's minute (a sweep reading from its cursor finds it).
    await store.put({ at: 40 * BUCKET_MS, kind: 'k', key: 'late' });
    const buckets = new Set<string>();
    for (let i = 0; i < 64; i++) {
      const out = await client.send(
        new GetItemCommand({ TableName: table, Key: { pk: { S: `DUE#k#t${i}` }, sk: { S: 'DUE' } } }),
      );
      buckets.add(out.Item!.dueBucket!.S!);
    }
    expect([...buckets].every((b) => b.startsWith('100#'))).toBe(true);
    expect(buckets.size).toBe(DUE_SHARDS);
    now += 2 * BUCKET_MS;
    expect((await store.due(100 * BUCKET_MS, now)).length).toBe(65);
    // Nothing before minute 100 was written: from minute 101 on only the buckets of 101 … are read.
    expect((await store.due(101 * BUCKET_MS, now)).length).toBe(0);
  });

  it('finds, removes, moves and migrates items of the first format (pk DUE, sk <kind>#<key>)', async () => {
    const table = await freshTable();
    const legacy = (k: string, at: number, pv?: number) =>
      client.send(
        new PutItemCommand({
          TableName: table,
          Item: {
            pk: { S: 'DUE' },
            sk: { S: `table.progress#${k}` },
            kind: { S: 'table.progress' },
            key: { S: k },
            at: { N: String(at) },
            ...(pv !== undefined ? { pv: { N: String(pv) } } : {}),
          },
        }),
      );
    await legacy('a', 1_000);
    await legacy('b', 2_000, 7);
    await legacy('c', 3_000);
    await legacy('d', 4_000);
    const store = new DynamoDueWorkStore(client, table, () => 10_000);
    // A delivery of an old item (an SQS message sent before the deploy) still finds it.
    expect(await store.get('table.progress', 'a')).toEqual({ at: 1_000, kind: 'table.progress', key: 'a' });
    await store.remove({ at: 2_000, kind: 'table.progress', key: 'b', pinnedVersion: 7 });
    expect(await store.get('table.progress', 'b')).toBeUndefined();
    expect(
      await store.retime(
        { at: 3_000, kind: 'table.progress', key: 'c' },
        { at: 50_000, kind: 'table.progress', key: 'c' },
      ),
    ).toBe(true);
    // Scheduled again in today's format before the migration ran: today's item stands.
    await store.put({ at: 9_000, kind: 'table.progress', key: 'd' });
    expect(await store.migrate()).toBe(2); // a and d
    const left = await client.send(
      new QueryCommand({
        TableName: table,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': { S: 'DUE' } },
      }),
    );
    expect(left.Items).toEqual([]);
    expect(await store.migrate()).toBe(0);
    expect((await store.list()).map((w) => [w.key, w.at]).sort()).toEqual([
      ['a', 1_000],
      ['c', 50_000],
      ['d', 9_000],
    ]);
    // The migrated items are in the buckets of the minute they moved in: the sweep finds the due ones.
    expect((await store.due(0, 10_000)).map((w) => w.key).sort()).toEqual(['a', 'd']);
  });
});

describe('the sweep', () => {
  it('1,000 live tables: reads only the index buckets since the last sweep in parallel, dispatches what is due, never scans', async () => {
    let now = 1_000 * BUCKET_MS;
    const table = await freshTable();
    const store = new DynamoDueWorkStore(client, table, () => now);
    // 1,000 standing items spread over the next 10 minutes, plus 5 tournament starts next week.
    for (let i = 0; i < 1_000; i++)
      await store.put({ at: now + (i % 600) * 1_000, kind: 'table.progress', key: `t${i}` });
    for (let i = 0; i < 5; i++)
      await store.put({ at: now + 7 * 24 * 3_600_000, kind: 'tournament.start', key: `u${i}` });
    const calls = countCalls(client);
    try {
      now += 5 * 60_000;
      const sent: DueWork[] = [];
      const first = await sweep({ store, now, dispatch: async (w) => void sent.push(w) });
      // Due by now: the items at offsets 0 … 300 s.
      expect(first.dispatched).toBe(sent.length);
      expect(new Set(sent.map((w) => w.key)).size).toBe(sent.length);
      expect(sent.every((w) => w.at <= now && w.kind === 'table.progress')).toBe(true);
      const due = Array.from({ length: 1_000 }, (_, i) => i).filter((i) => (i % 600) * 1_000 <= 5 * 60_000);
      expect(sent.length).toBe(due.length);
      expect(calls.calls.get('ScanCommand') ?? 0).toBe(0);
      // The runs move the standing items on (what a due worker does with 'keep' / `{ again }`).
      for (const w of sent) await store.retime(w, { ...w, at: now + 30 * 60_000 });
      calls.reset();
      now += 5 * 60_000;
      const second: DueWork[] = [];
      await sweep({ store, now, dispatch: async (w) => void second.push(w) });
      expect(second.map((w) => w.key).sort()).toEqual(
        Array.from({ length: 1_000 }, (_, i) => i)
          .filter((i) => (i % 600) * 1_000 > 5 * 60_000)
          .map((i) => `t${i}`)
          .sort(),
      );
      expect(calls.calls.get('ScanCommand') ?? 0).toBe(0);
      // Queries: the buckets from two periods back to now, DUE_SHARDS each (+ the legacy partition once).
      expect(calls.calls.get('QueryCommand')).toBeLessThanOrEqual((15 + 1) * DUE_SHARDS + 1 + 2 * DUE_SHARDS);
    } finally {
      calls.reset();
    }
  });

  it('an item whose run failed is dispatched again, and one stuck behind the cursor is moved to now, never lost', async () => {
    let now = 2_000 * BUCKET_MS;
    const store = new DynamoDueWorkStore(client, await freshTable(), () => now);
    await store.put({ at: now, kind: 'k', key: 'flaky' });
    const sent: string[] = [];
    for (let round = 0; round < 6; round++) {
      now += 5 * 60_000;
      // The dispatch "fails" (the worker throws every time): the item stays where it is.
      const report = await sweep({ store, now, dispatch: async (w) => void sent.push(`${w.key}@${w.at}`) });
      expect(report.dispatched).toBe(1);
    }
    expect(sent).toHaveLength(6);
    // Moved forward whenever it fell two periods behind: the cursor never passes it.
    const item = await store.get('k', 'flaky');
    expect(item!.at).toBeGreaterThanOrEqual(now - 10 * 60_000);
    expect((await store.sweptUntil())!).toBeLessThanOrEqual(item!.at);
  });

  it('the first sweep after the deploy moves old-format items and dispatches the due ones', async () => {
    const now = 3_000 * BUCKET_MS;
    const table = await freshTable();
    await client.send(
      new PutItemCommand({
        TableName: table,
        Item: {
          pk: { S: 'DUE' },
          sk: { S: 'table.progress#old' },
          kind: { S: 'table.progress' },
          key: { S: 'old' },
          at: { N: String(now - 86_400_000) },
        },
      }),
    );
    const store = new DynamoDueWorkStore(client, table, () => now);
    const sent: string[] = [];
    const report = await sweep({ store, now, dispatch: async (w) => void sent.push(w.key) });
    expect(report.migrated).toBe(1);
    expect(sent).toEqual(['old']);
    await client.send(new DeleteItemCommand({ TableName: table, Key: { pk: { S: 'DUESWEEP' }, sk: { S: 'CURSOR' } } }));
  });
});
