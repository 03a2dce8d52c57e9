import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, startLocal } from '../../local/server.js';
import { type StammtischClient, createClient } from '../../sdk/index.js';
import { receiver, verify } from './harness.js';

let server: LocalServer;
let api: StammtischClient;
const API_KEY = 'ak_routes_test';

beforeAll(async () => {
  server = await startLocal({ port: 0, apiKeys: [API_KEY], webhooks: { allowAddresses: ['127.0.0.1'] } });
  api = createClient({ baseUrl: server.url, token: API_KEY });
});
afterAll(async () => {
  await server.close();
});

describe('webhook routes on the local server (same code path as AWS)', () => {
  it('register → deliveries through the real fan-out → log → redeliver → rotate → delete', async () => {
    const rx = await receiver();
    const t = await api.createTable({ variant: 'schafkopf', seats: 4, bots: [1, 2, 3] });
    const me = await api.join(t.tableId, { seat: 0 });
    const seat = api.as(me.seatToken);
    const created = await seat.raw.POST('/v1/webhooks', {
      body: { url: rx.url, tableId: t.tableId, events: ['your_turn', 'DealStarted'] },
    });
    expect(created.response.status).toBe(201);
    const hook = created.data!;
    expect(hook.scope).toEqual({ kind: 'table', tableId: t.tableId, audience: 'seat:0' });

    const { view } = await seat.view(t.tableId);
    if (view.legalActions.length > 0) await seat.act(t.tableId, view.legalActions[0]!);
    await server.idle();
    expect(rx.received.length).toBeGreaterThan(0);
    for (const r of rx.received) verify(hook.secret, r, Date.now());

    const log = await seat.raw.GET('/v1/webhooks/{webhookId}/deliveries', {
      params: { path: { webhookId: hook.id }, query: { limit: 10 } },
    });
    expect(log.data!.deliveries.every((d) => d.status === 'delivered')).toBe(true);
    const first = log.data!.deliveries[0]!;
    const again = await seat.raw.POST('/v1/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver', {
      params: { path: { webhookId: hook.id, deliveryId: first.id } },
    });
    expect(again.data!.attempts.length).toBe(first.attempts.length + 1);

    const rotated = await seat.raw.POST('/v1/webhooks/{webhookId}/rotate', {
      params: { path: { webhookId: hook.id } },
    });
    expect(rotated.data!.secret).toMatch(/^whsec_/);
    // Someone else's token: not found, nothing revealed.
    const other = await api.raw.GET('/v1/webhooks/{webhookId}', { params: { path: { webhookId: hook.id } } });
    expect(other.response.status).toBe(404);
    expect((other.error as { code: string }).code).toBe('webhook/not_found');
    const list = await seat.raw.GET('/v1/webhooks');
    expect(list.data!.webhooks.map((h) => h.id)).toEqual([hook.id]);
    const del = await seat.raw.DELETE('/v1/webhooks/{webhookId}', { params: { path: { webhookId: hook.id } } });
    expect(del.response.status).toBe(204);
    await rx.close();
  });

  it('an API-key registration gets the tables that key creates', async () => {
    const rx = await receiver();
    const created = await api.raw.POST('/v1/webhooks', { body: { url: rx.url, events: ['TableOpened'] } });
    expect(created.response.status).toBe(201);
    const t = await api.createTable({ variant: 'schafkopf', seats: 4 });
    await server.idle();
    const payloads = rx.received.map(
      (r) => verify(created.data!.secret, r, Date.now()) as { data: { tableId: string } },
    );
    expect(payloads.map((p) => p.data.tableId)).toEqual([t.tableId]);
    await rx.close();
  });

  it('an API-key registration made after the key created a table reaches the table’s next commit; a closed table leaves the key’s list', async () => {
    const t = await api.createTable({ variant: 'schafkopf', seats: 4 });
    await api.join(t.tableId, { seat: 0 });
    // The stream side has looked the table's registrations up (none) and cached them under its listen epoch.
    await server.idle();
    const rx = await receiver();
    const created = await api.raw.POST('/v1/webhooks', {
      body: { url: rx.url, events: ['DealStarted', 'TableClosed'] },
    });
    expect(created.response.status).toBe(201);
    // The registration raised the epoch of every table the key created: the next commit looks again and delivers.
    for (const seat of [1, 2, 3]) await api.join(t.tableId, { seat });
    await server.idle();
    const types = () =>
      rx.received
        .map((r) => verify(created.data!.secret, r, Date.now()) as { type: string; data: { tableId: string } })
        .filter((p) => p.data.tableId === t.tableId)
        .map((p) => p.type);
    expect(types()).toEqual(['DealStarted']);
    const keyHash = createHash('sha256').update(API_KEY).digest('hex');
    expect((await server.runtime.store.tablesOfCreator(keyHash, 1000)).tableIds).toContain(t.tableId);
    // Closed: its last commit is delivered, and the table leaves the key's list (no later registration touches it).
    await api.as(t.organiserKey).close(t.tableId);
    await server.idle();
    expect(types()).toEqual(['DealStarted', 'TableClosed']);
    expect((await server.runtime.store.tablesOfCreator(keyHash, 1000)).tableIds).not.toContain(t.tableId);
    await api.raw.DELETE('/v1/webhooks/{webhookId}', { params: { path: { webhookId: created.data!.id } } });
    await rx.close();
  });

  it('bad input: 400 naming the field, 422 for a refused target, 401/403 without the right token; nothing written', async () => {
    const t = await api.createTable({ variant: 'schafkopf', seats: 4 });
    const bad = await api.raw.POST('/v1/webhooks', {
      body: { url: 'http://127.0.0.1:1/x', events: ['nope' as 'your_turn'] },
    });
    expect(bad.response.status).toBe(400);
    expect(bad.response.headers.get('content-type')).toContain('application/problem+json');
    expect((bad.error as { field: string }).field).toBe('events.0');
    const ssrf = await api
      .as(t.organiserKey)
      .raw.POST('/v1/webhooks', { body: { url: 'https://169.254.169.254/latest', tableId: t.tableId } });
    expect(ssrf.response.status).toBe(422);
    expect(ssrf.error).toMatchObject({ code: 'webhook/target_refused', field: 'url' });
    const anon = await api.as(undefined).raw.POST('/v1/webhooks', { body: { url: 'https://example.com/x' } });
    expect(anon.response.status).toBe(401);
    const notKey = await api.as('st_nope').raw.POST('/v1/webhooks', { body: { url: 'https://example.com/x' } });
    expect(notKey.response.status).toBe(403);
    expect((await api.as(t.organiserKey).raw.GET('/v1/webhooks')).data!.webhooks).toEqual([]);
  });
});
