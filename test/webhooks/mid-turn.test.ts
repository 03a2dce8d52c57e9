import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalServer } from '../../local/server.js';
import { type Action, type StammtischClient, createClient } from '../../sdk/index.js';
import { type WebhookServer, receiver, verify, webhookServer } from './harness.js';

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
  data: { seat?: number; version?: number; legalActions?: Action[] };
}

/** A dealt four-seat table: us on seat 0, bots on 1–3; the deal opens with every seat's knock decision. */
async function dealt() {
  const created = await api.createTable({ variant: 'schafkopf', seats: 4 });
  const me = await api.join(created.tableId, { seat: 0, name: 'Vroni' });
  for (const seat of [1, 2, 3]) await api.as(created.organiserKey).addBot(created.tableId, seat);
  await server.idle();
  const seat = api.as(me.seatToken);
  const { view, version } = await seat.view(created.tableId);
  return { ...created, seatToken: me.seatToken, seat, view, version };
}

describe('a webhook registered while a seat is to act', () => {
  it('bug: it never got your_turn for the turn under way; now it gets that turn’s, once, with the legal moves', async () => {
    const rx = await receiver();
    const t = await dealt();
    expect(t.view.legalActions.length).toBeGreaterThan(0);
    const { secret } = await w.hooks.service.register(t.seatToken, { url: rx.url, tableId: t.tableId });
    await server.idle();
    const turns = rx.received.map((r) => verify(secret, r, w.clock.now()) as Payload);
    expect(turns.map((p) => p.type)).toEqual(['your_turn']);
    expect(turns[0]!.data).toMatchObject({ seat: 0, version: t.version });
    expect(turns[0]!.data.legalActions).toEqual(t.view.legalActions);

    // The move answers the turn; the next turn of seat 0 comes from the commit that begins it, not twice.
    await t.seat.act(t.tableId, t.view.legalActions.find((a) => a.type === 'choose') ?? t.view.legalActions[0]!);
    await server.idle();
    const ids = rx.received.map((r) => r.headers['webhook-id']);
    expect(new Set(ids).size).toBe(ids.length);
    await rx.close();
  });

  it('the organiser’s registration hears of the human seat’s turn (without its hand); one not asking for your_turn does not', async () => {
    const organiser = await receiver();
    const other = await receiver();
    const t = await dealt();
    const { secret } = await w.hooks.service.register(t.organiserKey, { url: organiser.url, tableId: t.tableId });
    await w.hooks.service.register(t.seatToken, { url: other.url, tableId: t.tableId, events: ['DealStarted'] });
    await server.idle();
    const got = organiser.received.map((r) => verify(secret, r, w.clock.now()) as Payload);
    expect(got.map((p) => [p.type, p.data.seat])).toEqual([['your_turn', 0]]);
    expect(got[0]!.data.legalActions).toBeUndefined();
    expect(other.received).toEqual([]);
    await organiser.close();
    await other.close();
  });

  it('no turn under way (the table waits for players): nothing is sent at registration', async () => {
    const rx = await receiver();
    const created = await api.createTable({ variant: 'schafkopf', seats: 4 });
    const me = await api.join(created.tableId, { seat: 0 });
    await w.hooks.service.register(me.seatToken, { url: rx.url, tableId: created.tableId });
    await server.idle();
    expect(rx.received).toEqual([]);
    await rx.close();
  });
});
