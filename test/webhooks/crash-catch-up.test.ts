import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { createHash } from 'node:crypto';
import { DeleteItemCommand, QueryCommand, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { type LocalServer, startLocal } from '../../local/server.js';
import { ManualClock } from '../../functions/composition/webhooks.js';
import { ManualClock as TableClock } from '../../functions/tournaments/due-work.js';
import { RETRY_DELAYS_MS, WEBHOOK_PUMP, pumpKey } from '../../functions/ports/webhooks.js';
import { batchOf } from '../../functions/adapters/dynamodb/webhook-store.js';
import { lastSeq } from '../../functions/ports/table-store.js';
import { apiClient } from '../support/functions/client.js';
import { allEvents } from '../support/functions/play.js';
import { receiver } from './harness.js';

// The state a kill -9 of the local process leaves in the middle of webhook fan-out, made exactly, then a restart on the
// same data folder (local/heal.ts `healWebhooks`, `Deliverer.catchUp`): every committed event of a table, of a table
// an API key created and of a tournament reaches its registration, and nothing is committed after the restart. The
// kill lands before the batch of a table's biggest commit (a bot-played deal is ONE commit of ~55 events, stored as one
// batch per registration) and after the first player's batch of the tournament: the commits after the cut have no
// batches; the pump holds its lease; no outbox item is stored. Retries run on injected manual clocks (the first attempt of each queue got a 503 before the crash: its retry is 5 s away).
// test/e2e/kill9-webhooks.test.ts does the same with a real `kill -9` of `npm start`.

const API_KEY = 'ak_crash_catch_up';
/** A key no registration names: its table is heard only by the table's own registration. */
const OTHER_KEY = 'ak_crash_other';
const dataDir = mkdtempSync(joinPath(tmpdir(), 'stammtisch-crash-hooks-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

interface Payload {
  readonly type: string;
  readonly data: {
    readonly tableId?: string;
    readonly tournamentId?: string;
    readonly seq: number;
    readonly event: Record<string, unknown>;
  };
}

/**
 * Delete every delivery batch of (hook, stream) that holds a delivery after `seq`, as if the process died before writing
 * them (one batch is one write: a commit's fan-out — or a run of commits' — is stored whole or not at all). Returns how
 * many deliveries after `seq` went.
 */
async function cutRowsAfter(server: LocalServer, hookId: string, streamId: string, seq: number): Promise<number> {
  const table = server.runtime.settings.dataTable;
  const rows = await server.client.send(
    new QueryCommand({
      TableName: table,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :lo AND :hi',
      ExpressionAttributeValues: {
        ':pk': { S: `WH#${hookId}` },
        ':lo': { S: `D#${streamId}#` },
        ':hi': { S: `D#${streamId}#~` },
      },
      ConsistentRead: true,
    }),
  );
  let lost = 0;
  for (const item of rows.Items ?? []) {
    const after = batchOf(hookId, item).deliveries.filter((d) => d.seq > seq).length;
    if (after === 0) continue;
    lost += after;
    await server.client.send(new DeleteItemCommand({ TableName: table, Key: { pk: item.pk!, sk: item.sk! } }));
  }
  // The pump was in flight (its lease held), and the queue's outbox item is gone with the rest.
  await server.client.send(
    new UpdateItemCommand({
      TableName: table,
      Key: { pk: { S: `WH#${hookId}` }, sk: { S: `CUR#${streamId}` } },
      UpdateExpression: 'SET leaseUntil = :far',
      ExpressionAttributeValues: { ':far': { N: String(Number.MAX_SAFE_INTEGER) } },
    }),
  );
  const item = await server.runtime.dueWork.get(WEBHOOK_PUMP, pumpKey({ hookId, tableId: streamId }));
  if (item !== undefined) await server.runtime.dueWork.remove(item);
  return lost;
}

describe('webhook deliveries after a crash in the middle of a commit’s fan-out', () => {
  it('a restart delivers every committed event of a table, an API key’s table and a tournament, without a further commit', async () => {
    // Until the crash every attempt gets a 503; after it, every attempt succeeds and is kept with its delivery id.
    let answering = false;
    const delivered: { readonly id: string; readonly payload: Payload }[] = [];
    const rx = await receiver((_, r) => {
      if (!answering) return 503;
      delivered.push({ id: String(r.headers['webhook-id']), payload: JSON.parse(r.body) as Payload });
      return 200;
    });
    // Both clocks move only when the test says so: the tables' (bots' passes handed to due work) and the webhooks'
    // (retries).
    const T0 = Date.UTC(2026, 10, 28, 17, 0);
    const tableClock = new TableClock(T0);
    const options = { port: 0, dataDir, apiKeys: [API_KEY, OTHER_KEY], clock: tableClock };
    const clock1 = new ManualClock(T0);
    const first = await startLocal({
      ...options,
      webhooks: { allowAddresses: ['127.0.0.1'], timers: clock1, timeoutMs: 10_000 },
    });
    const api = apiClient(first.url);

    // Two tables of three bots whose fourth bot sits down after the registrations, so the whole deal comes after them:
    // one with a registration of its own (created with a key no registration names), one created with the key that has
    // a registration (only that registration hears of it).
    const keyHook = await api.post<{ id: string }>('/v1/webhooks', { token: API_KEY, body: { url: rx.url } });
    expect(keyHook.status).toBe(201);
    const botTable = async (token: string) => {
      const res = await api.post<{ tableId: string; organiserKey: string }>('/v1/tables', {
        token,
        body: { variant: 'schafkopf', seats: 4, bots: [0, 1, 2], maxDeals: 1 },
      });
      expect(res.status).toBe(201);
      return res.body;
    };
    const own = await botTable(OTHER_KEY);
    const tableHook = await api.post<{ id: string }>('/v1/webhooks', {
      token: own.organiserKey,
      body: { url: rx.url, tableId: own.tableId },
    });
    expect(tableHook.status).toBe(201);
    const keys = await botTable(API_KEY);
    const tables = [
      { ...own, hookId: tableHook.body.id, from: lastSeq((await first.runtime.store.head(own.tableId))!) },
      // Registered before the key created the table: it hears of every event.
      { ...keys, hookId: keyHook.body.id, from: 0 },
    ];

    // A tournament: registered for, then three players (one with an id in the organiser's system, which only the
    // organiser and the player see — never a webhook).
    const cup = (
      await api.post<{ tournamentId: string; organiserKey: string }>('/v1/tournaments', {
        token: API_KEY,
        body: {
          name: 'Crash Cup',
          variant: 'schafkopf',
          rounds: 1,
          dealsPerRound: 4,
          startsAt: new Date(T0 + 3_600_000).toISOString(),
        },
      })
    ).body;
    const cupHook = await api.post<{ id: string }>('/v1/webhooks', {
      token: cup.organiserKey,
      body: { url: rx.url, tournamentId: cup.tournamentId },
    });
    expect(cupHook.status).toBe(201);
    for (const [name, externalId] of [['Anni'], ['Beppi'], ['Centa', 'club-17']] as const) {
      const res = await api.post(`/v1/tournaments/${cup.tournamentId}/players`, {
        token: cup.organiserKey,
        body: externalId === undefined ? { name } : { name, externalId },
      });
      expect(res.status).toBe(201);
    }
    for (const t of tables)
      expect(
        (await api.post(`/v1/tables/${t.tableId}/bots`, { token: t.organiserKey, body: { seat: 3 } })).status,
      ).toBe(201);
    // The bots play the deals to their end (a pass the stream hands to due work runs when the table clock moves on).
    const closed = async (tableId: string) =>
      (await first.runtime.store.head(tableId))!.events.some((e) => e.type === 'TableClosed');
    for (let step = 0; ; step++) {
      await first.idle();
      if ((await closed(own.tableId)) && (await closed(keys.tableId))) break;
      if (step === 100) throw new Error('the bots did not finish the deals');
      tableClock.advanceTo(tableClock.now() + 1_000);
    }
    const events = new Map<string, number[]>();
    for (const t of tables) {
      events.set(
        t.tableId,
        (await allEvents(api, t.tableId, t.organiserKey)).map((e) => e.seq),
      );
      // The bots' moves are a few commits of many events (usually one): the kill lands before the batch holding the
      // biggest, so its events after the first and every later commit's have none (the batch held its first too).
      const commits = await first.runtime.store.range(t.tableId, t.from + 1, 10_000);
      const deal = commits.reduce((a, b) => (b.events.length > a.events.length ? b : a));
      expect(deal.events.length).toBeGreaterThan(1);
      const lost = events.get(t.tableId)!.filter((s) => s > deal.seq).length;
      expect(await cutRowsAfter(first, t.hookId, t.tableId, deal.seq)).toBe(lost);
    }
    const cupEvents = (
      await api.get<{ events: { seq: number }[] }>(`/v1/tournaments/${cup.tournamentId}/events`)
    ).body.events.map((e) => e.seq);
    // The tournament's fan-out died after the first player's batch (Centa's, with her external id, is one of the lost).
    expect(await cutRowsAfter(first, cupHook.body.id, cup.tournamentId, 2)).toBe(2);
    // The closing commit's batch was not made, so the key still lists its table (its fan-out drops it after that).
    const keyHash = createHash('sha256').update(API_KEY).digest('hex');
    await first.runtime.store.noteCreator(keyHash, keys.tableId);
    const clockAtCrash = clock1.now();
    await first.close();

    // The restart: the target answers now; only the webhook clock moves (to the retry of the first attempts).
    answering = true;
    const clock2 = new ManualClock(clockAtCrash);
    const second = await startLocal({
      ...options,
      clock: new TableClock(tableClock.now()),
      webhooks: { allowAddresses: ['127.0.0.1'], timers: clock2, timeoutMs: 10_000 },
    });
    try {
      await second.idle();
      clock2.advance(RETRY_DELAYS_MS[0]!);
      await second.idle();
      const ofHook = (hookId: string): Payload[] =>
        delivered.filter((d) => d.id.startsWith(`msg_${hookId}.`)).map((d) => d.payload);
      // Each registration got every event after it was made, once each, in seq order; the tables' last is TableClosed.
      const api2 = apiClient(second.url);
      for (const t of tables) {
        expect(ofHook(t.hookId).map((p) => p.data.seq)).toEqual(events.get(t.tableId)!.filter((s) => s > t.from));
        expect(ofHook(t.hookId).at(-1)?.type).toBe('TableClosed');
        // Nothing was committed after the restart.
        expect((await allEvents(api2, t.tableId, t.organiserKey)).map((e) => e.seq)).toEqual(events.get(t.tableId));
      }
      expect(ofHook(cupHook.body.id).map((p) => p.data.seq)).toEqual(cupEvents.filter((s) => s > 1));
      // The redelivered registration is published as the stream publishes it: no external id.
      const centa = ofHook(cupHook.body.id).find((p) => p.type === 'PlayerRegistered' && p.data.event.name === 'Centa');
      expect(centa).toBeDefined();
      expect(centa!.data.event).not.toHaveProperty('externalId');
      // The key's table has left its list again; every queue is empty and its outbox item gone.
      expect((await second.runtime.store.tablesOfCreator(keyHash, 100)).tableIds).not.toContain(keys.tableId);
      expect((await second.runtime.dueWork.list()).filter((w) => w.kind === WEBHOOK_PUMP)).toEqual([]);
    } finally {
      await second.close();
      await rx.close();
    }
  }, 60_000);
});
