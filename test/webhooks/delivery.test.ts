import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalServer } from '../../local/server.js';
import { sha256 } from '../../functions/crypto/secrets.js';
import { RETRY_DELAYS_MS } from '../../functions/ports/webhooks.js';
import { webhookOwnerOf } from '../../functions/policy/webhooks.js';
import { type StammtischClient, createClient, type Action } from '../../sdk/index.js';
import { type WebhookServer, advance, receiver, verify, webhookServer, webhooksWithPolicy } from './harness.js';
import { countCalls } from '../support/functions/dynalite.js';
import { ManualClock, createWebhooks } from '../../functions/composition/webhooks.js';
import type { TableStore } from '../../functions/ports/table-store.js';
import { TableService } from '../../functions/use-cases/table-service.js';

const KEY = 'ak_test_key_1';
let w: WebhookServer;
let server: LocalServer;
let api: StammtischClient;

beforeAll(async () => {
  w = await webhookServer([KEY]);
  server = w.server;
  api = createClient({ baseUrl: server.url, token: KEY });
});
afterAll(async () => {
  await server.close();
});

interface Payload {
  type: string;
  timestamp: string;
  data: {
    seq?: number;
    seat?: number;
    event?: { type: string; layout?: { hands: string[][] } };
    legalActions?: Action[];
  };
}

const plain = (legal: readonly Action[]): Action =>
  legal.find((a) => !['knock', 'kontra', 're', 'pass'].includes(a.type)) ?? legal.find((a) => a.type === 'pass')!;

/** A four-seat table with us on seat 0; `start()` seats bots on 1–3, which deals (register webhooks before). */
async function table() {
  const created = await api.createTable({ variant: 'schafkopf', seats: 4 });
  const me = await api.join(created.tableId, { seat: 0, name: 'Vroni' });
  const organiser = api.as(created.organiserKey);
  const start = async () => {
    for (const seat of [1, 2, 3]) await organiser.addBot(created.tableId, seat);
    await server.idle();
  };
  return { ...created, seatToken: me.seatToken, seat: api.as(me.seatToken), start };
}

describe('signed webhook deliveries', () => {
  it('a seat registration gets every event in seq order, signed, redacted to its hand, and your_turn with its legal moves', async () => {
    const rx = await receiver();
    const t = await table();
    const { hook, secret } = await w.hooks.service.register(t.seatToken, { url: rx.url, tableId: t.tableId });
    expect(hook.scope).toEqual({ kind: 'table', tableId: t.tableId, audience: 'seat:0' });
    expect(secret).toMatch(/^whsec_/);
    await t.start();

    for (let i = 0; i < 3; i++) {
      await server.idle();
      const { view } = await t.seat.view(t.tableId);
      if (view.legalActions.length > 0) await t.seat.act(t.tableId, plain(view.legalActions));
    }
    await server.idle();

    const payloads = rx.received.map((r) => verify(secret, r, w.clock.now()) as Payload);
    const events = payloads.filter((p) => p.type !== 'your_turn');
    const seqs = events.map((p) => p.data.seq!);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    // Every event from the registration on (the bots taking their seats, then the deal), once, without gaps.
    expect(events[0]!.type).toBe('BotSeated');
    expect(events.map((e) => e.type)).toContain('DealStarted');
    expect(seqs).toEqual(seqs.map((_, i) => seqs[0]! + i));
    // Headers: the id is stable per message, the timestamp the clock's.
    for (const r of rx.received) {
      expect(r.headers['webhook-id']).toMatch(/^msg_wh_/);
      expect(r.headers['webhook-timestamp']).toBe(String(Math.floor(w.clock.now() / 1000)));
    }
    // Redaction: the seat sees its own hand in DealStarted, the other hands are empty.
    const started = events.find((p) => p.type === 'DealStarted')!;
    const hands = started.data.event!.layout!.hands;
    expect(hands[0]!.length).toBeGreaterThan(0);
    expect(hands.slice(1).every((h) => h.length === 0)).toBe(true);
    // your_turn: for seat 0 only, with its legal actions.
    const turns = payloads.filter((p) => p.type === 'your_turn');
    expect(turns.length).toBeGreaterThan(0);
    for (const turn of turns) {
      expect(turn.data.seat).toBe(0);
      expect(turn.data.legalActions!.length).toBeGreaterThan(0);
    }
    // A wrong secret does not verify.
    expect(() =>
      verify('whsec_' + Buffer.from('x'.repeat(24)).toString('base64'), rx.received[0]!, w.clock.now()),
    ).toThrow();
    await rx.close();
  });

  it('retries after 500s and a time-out with backoff, and holds later events back until the head is delivered', async () => {
    // 1st: 500, 2nd: time-out, 3rd: 503, then 200.
    const rx = await receiver((n) => (n === 1 ? 500 : n === 2 ? 'hang' : n === 3 ? 503 : 200));
    const t = await table();
    const { hook, secret } = await w.hooks.service.register(t.organiserKey, {
      url: rx.url,
      tableId: t.tableId,
    });
    await t.start();
    // The first attempt failed; nothing after it was sent.
    expect(rx.received).toHaveLength(1);
    let log = await w.hooks.service.deliveries(await w.hooks.service.owned(t.organiserKey, hook.id), 100);
    const head = log.find((d) => d.attempts.length > 0)!;
    expect(head.attempts).toEqual([expect.objectContaining({ status: 500 })]);
    expect(Date.parse(head.nextAttemptAt!)).toBe(w.clock.now() + RETRY_DELAYS_MS[0]!);

    await advance(w, RETRY_DELAYS_MS[0]! - 1);
    expect(rx.received).toHaveLength(1);
    await advance(w, 1);
    expect(rx.received).toHaveLength(2); // the time-out
    await advance(w, RETRY_DELAYS_MS[1]!);
    expect(rx.received).toHaveLength(3); // 503
    await advance(w, RETRY_DELAYS_MS[2]!);
    // Delivered at last, then the rest of the queue in order.
    const ids = rx.received.map((r) => r.headers['webhook-id']);
    expect(new Set(ids.slice(0, 4)).size).toBe(1);
    // In table order: an event by its seq, a your_turn right after the commit that handed the turn on (its version).
    // With Klopfen after the first four, seat 0's turn begins with the deal, before the bots' knock decisions.
    const seqs = rx.received.slice(3).map((r) => {
      const { data } = verify(secret, r, w.clock.now()) as Payload & { data: { version?: number } };
      return data.seq ?? data.version!;
    });
    expect(seqs.every((n) => Number.isInteger(n))).toBe(true);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    log = await w.hooks.service.deliveries(await w.hooks.service.owned(t.organiserKey, hook.id), 100);
    const first = log.find((d) => d.id === ids[0])!;
    expect(first.status).toBe('delivered');
    expect(first.attempts.map((a) => a.status ?? a.error)).toEqual([500, expect.stringMatching(/no answer/), 503, 200]);
    expect(log.every((d) => d.status === 'delivered')).toBe(true);
    await rx.close();
  });

  it('gives up after the last retry (about 28 hours) and moves on', async () => {
    const rx = await receiver(() => 500);
    const t = await table();
    const { hook } = await w.hooks.service.register(t.organiserKey, {
      url: rx.url,
      tableId: t.tableId,
    });
    await t.start();
    const total = RETRY_DELAYS_MS.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(24 * 3_600_000);
    for (const delay of RETRY_DELAYS_MS) await advance(w, delay);
    const log = await w.hooks.service.deliveries(await w.hooks.service.owned(t.organiserKey, hook.id), 10);
    // The head of the queue: the first event after the registration (a bot taking its seat).
    const head = log.reduce((a, d) => (d.seq < a.seq ? d : a));
    expect(head.status).toBe('failed');
    expect(head.attempts).toHaveLength(RETRY_DELAYS_MS.length + 1);
    // The next message got its first attempt once the head gave up.
    const next = log.filter((d) => d.id !== head.id && d.seq >= head.seq).reduce((a, d) => (d.seq < a.seq ? d : a));
    expect(next.attempts.length).toBeGreaterThan(0);
    await rx.close();
  });

  it('rotation: both secrets sign for a day, then only the new one; redeliver sends the same message again', async () => {
    const rx = await receiver();
    const t = await table();
    const { hook, secret: old } = await w.hooks.service.register(t.organiserKey, {
      url: rx.url,
      tableId: t.tableId,
      events: ['DealStarted'],
    });
    const { secret: fresh } = await w.hooks.service.rotate(await w.hooks.service.owned(t.organiserKey, hook.id));
    await t.start();
    const [first] = rx.received;
    expect(verify(old, first!, w.clock.now())).toMatchObject({ type: 'DealStarted' });
    expect(verify(fresh, first!, w.clock.now())).toMatchObject({ type: 'DealStarted' });

    w.clock.advance(25 * 3_600_000);
    const [delivery] = await w.hooks.service.deliveries(await w.hooks.service.owned(t.organiserKey, hook.id), 1);
    const again = await w.hooks.service.redeliver(await w.hooks.service.owned(t.organiserKey, hook.id), delivery!.id);
    expect(again.attempts).toHaveLength(2);
    const second = rx.received[1]!;
    expect(second.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(second.body).toBe(first!.body);
    expect(verify(fresh, second, w.clock.now())).toMatchObject({ type: 'DealStarted' });
    expect(() => verify(old, second, w.clock.now())).toThrow();
    await rx.close();
  });

  it('only the registering token sees, rotates or deletes a registration', async () => {
    const t = await table();
    const { hook } = await w.hooks.service.register(t.organiserKey, {
      url: 'http://127.0.0.1:9/x',
      tableId: t.tableId,
    });
    await expect(w.hooks.service.owned(t.seatToken, hook.id)).rejects.toMatchObject({ status: 404 });
    await expect(w.hooks.service.owned(undefined, hook.id)).rejects.toMatchObject({ code: 'webhook/not_found' });
    expect((await w.hooks.service.list(webhookOwnerOf(t.organiserKey))).map((h) => h.id)).toContain(hook.id);
    await w.hooks.service.remove(await w.hooks.service.owned(t.organiserKey, hook.id));
    expect(await w.hooks.service.list(webhookOwnerOf(t.organiserKey))).toEqual([]);
    expect(await w.hooks.deliverer.hooksFor((await server.runtime.store.getMeta(t.tableId))!)).toEqual([]);
  });

  it('an API-key registration receives the tables that key creates, as their organiser', async () => {
    const key = KEY;
    const rx = await receiver();
    const { hook, secret } = await w.hooks.service.register(key, { url: rx.url, events: ['DealStarted'] });
    await expect(w.hooks.service.register('not-a-key', { url: rx.url })).rejects.toMatchObject({ status: 403 });
    // A table created with the key (as POST /v1/tables records it), and one without.
    const t = await server.runtime.service.create({
      variant: 'schafkopf',
      seats: 4,
      bots: [1, 2, 3],
      createdByKeyHash: sha256(key),
    });
    await server.runtime.service.join(t.tableId, 0, 'Resi');
    await server.idle();
    const other = await server.runtime.service.create({ variant: 'schafkopf', seats: 4, bots: [1, 2, 3] });
    await server.runtime.service.join(other.tableId, 0, 'Resi');
    await server.idle();
    const payloads = rx.received.map((r) => verify(secret, r, w.clock.now()) as Payload);
    expect(payloads).toHaveLength(1);
    expect(payloads[0]!.type).toBe('DealStarted');
    // The organiser does not see the hands while the deal runs.
    expect(payloads[0]!.data.event!.layout!.hands.every((h) => h.length === 0)).toBe(true);
    await w.hooks.service.remove(await w.hooks.service.owned(key, hook.id));
    await rx.close();
  });

  it('a registration whose table stays busy is not made: 409, and no registration is left behind', async () => {
    const t = await table();
    // The table's metadata never takes a write (every conditional write of it loses a race): the epoch cannot be raised.
    const busyStore = Object.assign(Object.create(server.runtime.store) as TableStore, {
      updateMeta: () => Promise.resolve(false),
    });
    const busy = createWebhooks({
      client: server.client,
      dataTable: server.runtime.settings.dataTable,
      tables: server.runtime.store,
      service: new TableService({ store: busyStore }),
      apiKeyHashes: [],
      policy: { allowAddresses: ['127.0.0.1'], allowHttp: true },
      timers: new ManualClock(Date.now()),
    });
    await expect(
      busy.service.register(t.seatToken, { url: 'http://127.0.0.1:9/never', tableId: t.tableId }),
    ).rejects.toMatchObject({ status: 409, code: 'table/busy' });
    expect(await busy.service.list(webhookOwnerOf(t.seatToken))).toEqual([]);
    expect(await w.hooks.store.hooksForTable(t.tableId)).toEqual([]);
  });

  it('lookups are cached under the listen epoch: no read per commit; a registration or deletion on another instance is seen at the next commit', async () => {
    const t = await table();
    await t.start();
    const commit = (await server.runtime.store.head(t.tableId))!;
    const counter = countCalls(server.client);
    // Created with an API key: its commits are checked for the key's registrations (epoch 1 from the start). This
    // instance looked the table up at that epoch already (its own commits): nothing is read.
    expect(commit.listen).toBe(1);
    counter.reset();
    await w.hooks.deliverer.onCommit(commit);
    expect(Object.fromEntries(counter.calls)).toEqual({});
    // A table created without a key (as where no API keys are configured) and nobody registered for it: epoch 0,
    // nothing to look up either.
    const anonymous = await server.runtime.service.create({ variant: 'schafkopf', seats: 4 });
    const first = (await server.runtime.store.head(anonymous.tableId))!;
    expect(first.listen).toBe(0);
    counter.reset();
    await w.hooks.deliverer.onCommit(first);
    expect(Object.fromEntries(counter.calls)).toEqual({});
    // Another service instance over the same store registers for the table …
    const other = webhooksWithPolicy(server, { allowAddresses: ['127.0.0.1'], allowHttp: true });
    const rx = await receiver();
    const { hook } = await other.service.register(t.seatToken, { url: rx.url, tableId: t.tableId });
    // … and this instance's next commit delivers to it.
    for (let i = 0; i < 8 && rx.received.length === 0; i++) {
      const { view } = await t.seat.view(t.tableId);
      if (view.legalActions.length > 0) await t.seat.act(t.tableId, plain(view.legalActions));
      await server.idle();
      await w.hooks.scheduler.idle?.();
    }
    expect(rx.received.length).toBeGreaterThan(0);
    // Deleted there: the next commit here delivers nothing more.
    await other.service.remove(await other.service.owned(t.seatToken, hook.id));
    const delivered = rx.received.length;
    const { view } = await t.seat.view(t.tableId);
    if (view.legalActions.length > 0) await t.seat.act(t.tableId, plain(view.legalActions));
    await server.idle();
    await w.hooks.scheduler.idle?.();
    expect(rx.received.length).toBe(delivered);
    await rx.close();
  });
});
