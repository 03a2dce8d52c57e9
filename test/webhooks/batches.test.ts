import { GetItemCommand, PutItemCommand, QueryCommand, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocal, type LocalServer } from '../../local/server.js';
import { ManualClock, type Webhooks } from '../../functions/composition/webhooks.js';
import { DELIVERY_BATCH_VERSION, batchOf } from '../../functions/adapters/dynamodb/webhook-store.js';
import { StoredShapeError } from '../../functions/adapters/schema.js';
import {
  BATCH_LIMITS,
  type Delivery,
  type DeliveryBatch,
  type PumpJob,
  deliveryIdOf,
} from '../../functions/ports/webhooks.js';
import { batchesOf } from '../../functions/use-cases/webhook-delivery.js';
import { receiver, webhookServer, webhooksWithPolicy } from './harness.js';

// Delivery batches (functions/adapters/dynamodb/webhook-store.ts): one stored item per (registration, commit) holding
// that commit's deliveries and their state. Rows stored one per delivery (schema version 1, before batches) are read as
// batches of one, in the same queue order; a copy of a delivery the queue already sent is dropped, not sent again.

let server: LocalServer;
beforeAll(async () => {
  server = await startLocal({ port: 0 });
});
afterAll(async () => {
  await server.close();
});

const T0 = Date.UTC(2026, 10, 28, 12, 0);

function pieces(clock: ManualClock): Webhooks {
  return webhooksWithPolicy(
    server,
    { allowAddresses: ['127.0.0.1'], allowHttp: true },
    { timers: clock, outbox: 'inline' },
  );
}

/** A tournament registration's delivery of event `seq` (tournament queues: one delivery per event, sub 0). */
function delivery(hookId: string, streamId: string, seq: number): Delivery {
  return {
    hookId,
    deliveryId: deliveryIdOf(hookId, streamId, seq, 0),
    tableId: streamId,
    tournament: true,
    seq,
    sub: 0,
    type: 'PlayerRegistered',
    body: JSON.stringify({ type: 'PlayerRegistered', timestamp: new Date(T0).toISOString(), data: { seq } }),
    status: 'pending',
    attempts: [],
    nextAt: T0,
    createdAt: T0,
  };
}

/** A row as code before batches stored it: one item per delivery, the Delivery as JSON in `d`, no version. */
async function putVersion1Row(d: Delivery): Promise<void> {
  await server.client.send(
    new PutItemCommand({
      TableName: server.runtime.settings.dataTable,
      Item: {
        pk: { S: `WH#${d.hookId}` },
        sk: { S: `D#${d.tableId}#${String(d.seq).padStart(12, '0')}#${String(d.sub).padStart(3, '0')}` },
        d: { S: JSON.stringify(d) },
        expiresAt: { N: String(Math.floor(d.createdAt / 1000) + 30 * 24 * 3600) },
      },
    }),
  );
}

async function registration(w: Webhooks, hookId: string, streamId: string, url: string): Promise<void> {
  await w.store.putHook({
    hookId,
    url,
    events: ['*'],
    scope: { kind: 'tournament', tournamentId: streamId },
    ownerHash: 'owner',
    secrets: [{ secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' }],
    createdAt: T0,
  });
}

describe('delivery batches', () => {
  it('rows stored one per delivery before batches are read as batches of one: the log, the queue, redelivery', async () => {
    const rx = await receiver();
    const w = pieces(new ManualClock(T0));
    const job: PumpJob = { kind: 'webhook.pump', hookId: 'wh_legacy', tableId: 'uleg0001' };
    await registration(w, job.hookId, job.tableId, rx.url);
    // Before the deploy: seq 2 was delivered (the cursor names its row's key, as it did then), 3 and 4 wait.
    await putVersion1Row({ ...delivery(job.hookId, job.tableId, 2), status: 'delivered' });
    await putVersion1Row(delivery(job.hookId, job.tableId, 3));
    await putVersion1Row(delivery(job.hookId, job.tableId, 4));
    await server.client.send(
      new UpdateItemCommand({
        TableName: server.runtime.settings.dataTable,
        Key: { pk: { S: `WH#${job.hookId}` }, sk: { S: `CUR#${job.tableId}` } },
        UpdateExpression: 'SET pos = :pos',
        ExpressionAttributeValues: { ':pos': { S: `D#${job.tableId}#000000000002#000` } },
      }),
    );
    // After it: a catch-up made a batch of the commit holding 4 and 5 (4 is now stored twice), then a commit made 6.
    for (const seqs of [[4, 5], [6]]) {
      const [batch] = batchesOf(
        seqs.map((s) => delivery(job.hookId, job.tableId, s)),
        'c',
        T0,
      );
      expect(await w.store.addBatch(batch!)).toBe(true);
    }
    expect((await w.store.queueHead(job.hookId, job.tableId))?.after).toEqual({ seq: 2, sub: 0 });

    await w.deliverer.pump(job);
    // Each pending delivery once, in seq order: 4 from its own row, its copy in the batch dropped.
    expect(rx.received.map((r) => r.headers['webhook-id'])).toEqual(
      [3, 4, 5, 6].map((s) => deliveryIdOf(job.hookId, job.tableId, s, 0)),
    );
    expect(await w.store.queueHead(job.hookId, job.tableId)).toBeUndefined();
    // The log: every delivery once, newest first, as the API shows it.
    const log = await w.store.deliveries(job.hookId, 100);
    expect(log.map((d) => [d.seq, d.status])).toEqual([
      [6, 'delivered'],
      [5, 'delivered'],
      [4, 'delivered'],
      [3, 'delivered'],
      [2, 'delivered'],
    ]);
    // A row of version 1 that is written again (its attempt recorded) is stored as today's version, under its key.
    const old = (await w.store.getDelivery(job.hookId, deliveryIdOf(job.hookId, job.tableId, 2, 0)))!;
    const hook = (await w.store.getHook(job.hookId))!;
    expect((await w.deliverer.redeliver(hook, old)).attempts).toHaveLength(1);
    const raw = await server.client.send(
      new GetItemCommand({
        TableName: server.runtime.settings.dataTable,
        Key: { pk: { S: `WH#${job.hookId}` }, sk: { S: `D#${job.tableId}#000000000002#000` } },
      }),
    );
    expect(raw.Item?.v?.N).toBe(String(DELIVERY_BATCH_VERSION));
    expect(raw.Item?.d).toBeUndefined();
    expect((await w.store.getDelivery(job.hookId, old.deliveryId))?.attempts).toHaveLength(1);
    await rx.close();
  });

  it('a batch of a newer schema version than this code reads is refused, not misread', async () => {
    const w = pieces(new ManualClock(T0));
    await server.client.send(
      new PutItemCommand({
        TableName: server.runtime.settings.dataTable,
        Item: {
          pk: { S: 'WH#wh_future' },
          sk: { S: 'D#ufut0001#000000000002#000#c' },
          v: { N: String(DELIVERY_BATCH_VERSION + 1) },
          b: { B: new Uint8Array([1, 2, 3]) },
        },
      }),
    );
    await expect(w.store.deliveries('wh_future', 10)).rejects.toThrow(StoredShapeError);
  });

  it('a commit with more deliveries than one batch holds is split into parts, in order, keyed by their first', () => {
    const many = Array.from({ length: BATCH_LIMITS.deliveries + 10 }, (_, i) =>
      delivery('wh_split', 'uspl0001', i + 1),
    );
    const parts: DeliveryBatch[] = batchesOf(many, 'c', T0);
    expect(parts.map((p) => [p.seq, p.deliveries.length])).toEqual([
      [1, BATCH_LIMITS.deliveries],
      [BATCH_LIMITS.deliveries + 1, 10],
    ]);
    const big = 'x'.repeat(BATCH_LIMITS.bodyBytes / 2);
    const heavy = [1, 2, 3].map((s) => ({ ...delivery('wh_split', 'uspl0001', s), body: big }));
    expect(batchesOf(heavy, 'c', T0).map((p) => p.deliveries.map((d) => d.seq))).toEqual([[1, 2], [3]]);
  });
  it('bots playing runs of deals ahead of the stream side: a run is one batch, and every event arrives once, in order', async () => {
    const w = await webhookServer();
    const rx = await receiver();
    try {
      const service = w.server.runtime.service;
      const table = await service.create({ variant: 'schafkopf', seats: 4, bots: [0, 1, 2], maxDeals: 40 });
      const spectator = await service.addSpectator(table.tableId);
      const { hook } = await w.hooks.service.register(spectator.token, { url: rx.url, tableId: table.tableId });
      const from = (await w.server.runtime.store.head(table.tableId))!.seq;
      await service.addBot(table.tableId, 3);
      await w.server.idle();
      const head = await w.server.runtime.store.head(table.tableId);
      expect(head?.events.some((e) => e.type === 'TableClosed')).toBe(true);
      const seqs = rx.received.map((r) => (JSON.parse(r.body) as { data: { seq: number } }).data.seq);
      const commits = await w.server.runtime.store.range(table.tableId, from + 1, head!.seq + head!.events.length);
      const events = commits.flatMap((c) => c.events.map((_, k) => c.seq + k));
      expect(seqs).toEqual(events);
      // Some batch holds more than one deal's commit: the run the progress pass chained went into one write.
      const items = await w.server.client.send(
        new QueryCommand({
          TableName: w.server.runtime.settings.dataTable,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :d)',
          ExpressionAttributeValues: { ':pk': { S: `WH#${hook.id}` }, ':d': { S: 'D#' } },
        }),
      );
      const dealsPerBatch = (items.Items ?? []).map(
        (i) => batchOf(hook.id, i).deliveries.filter((d) => d.type === 'DealStarted').length,
      );
      expect(Math.max(...dealsPerBatch)).toBeGreaterThan(1);
      expect(dealsPerBatch.length).toBeLessThan(40);
    } finally {
      await rx.close();
      await w.server.close();
    }
  }, 60_000);
});

describe('a redelivery and the pump writing one batch', () => {
  it('bug: the pump recorded its copy over a redelivery made meanwhile; now both are kept, nothing is sent twice', async () => {
    const clock = new ManualClock(T0);
    const w = pieces(clock);
    const job: PumpJob = { kind: 'webhook.pump', hookId: 'wh_race', tableId: 'urac0001' };
    const got: string[] = [];
    let redelivered: Promise<unknown> | undefined;
    // The target: while it holds the pump's delivery of seq 3, the organiser redelivers seq 2 of the same batch
    // (answered at once); then it answers the pump.
    const target = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        const id = String(req.headers['webhook-id']);
        got.push(id);
        if (id !== deliveryIdOf(job.hookId, job.tableId, 3, 0) || redelivered !== undefined) {
          res.writeHead(200).end('ok');
          return;
        }
        redelivered = (async () => {
          const hook = (await w.store.getHook(job.hookId))!;
          const two = (await w.store.getDelivery(job.hookId, deliveryIdOf(job.hookId, job.tableId, 2, 0)))!;
          await w.deliverer.redeliver(hook, two);
        })().finally(() => res.writeHead(200).end('ok'));
      });
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(target.address() as AddressInfo).port}/hook`;
    try {
      await registration(w, job.hookId, job.tableId, url);
      // One batch: seq 2 already delivered, 3 and 4 to send.
      const [batch] = batchesOf(
        [
          { ...delivery(job.hookId, job.tableId, 2), status: 'delivered' as const },
          delivery(job.hookId, job.tableId, 3),
          delivery(job.hookId, job.tableId, 4),
        ],
        'c',
        T0,
      );
      expect(await w.store.addBatch(batch!)).toBe(true);
      await w.deliverer.pump(job);
      await redelivered;
      const id = (seq: number) => deliveryIdOf(job.hookId, job.tableId, seq, 0);
      // 3 (whose answer waited for the redelivery), the redelivered 2, then 4: each once.
      expect(got).toEqual([id(3), id(2), id(4)]);
      // The log keeps the redelivery's attempt and the pump's: before, the pump's record of the batch (read before the
      // redelivery) wrote seq 2 back without it.
      const log = await w.store.deliveries(job.hookId, 10);
      expect(log.map((d) => [d.seq, d.status, d.attempts.length])).toEqual([
        [4, 'delivered', 1],
        [3, 'delivered', 1],
        [2, 'delivered', 1],
      ]);
      expect(await w.store.queueHead(job.hookId, job.tableId)).toBeUndefined();
    } finally {
      await new Promise<void>((resolve) => {
        target.closeAllConnections();
        target.close(() => resolve());
      });
    }
  });
});
