import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, startLocal } from '../../local/server.js';
import {
  type Action,
  type SeqEvent,
  type ServerFrame,
  type StammtischClient,
  StammtischError,
  TableSocket,
  createClient,
  sortHand,
} from '../../sdk/index.js';
import { checkFrame } from '../realtime/asyncapi.js';

let server: LocalServer;
let api: StammtischClient;

beforeAll(async () => {
  server = await startLocal({ port: 0 });
  api = createClient({ baseUrl: server.url });
});
afterAll(async () => {
  await server.close();
});

/** A legal action that moves the deal on (no doublings, so deals end in a bounded number of steps). */
const plain = (legal: readonly Action[]): Action =>
  legal.find((a) => !['knock', 'kontra', 're'].includes(a.type) && a.type !== 'pass') ??
  legal.find((a) => a.type === 'pass') ??
  legal[0]!;

describe('the SDK against the local server', () => {
  it('creates a table, joins, and plays a whole deal against three bots through typed calls', async () => {
    const { tableId } = await api.createTable({ variant: 'schafkopf', seats: 4, bots: [1, 2, 3], maxDeals: 1 });
    const me = await api.join(tableId, { seat: 0, name: 'Sepp' });
    const seat = api.as(me.seatToken);
    for (let step = 0; step < 100; step++) {
      await server.idle();
      const { view } = await seat.view(tableId);
      if (view.closed || view.lastResult !== null) break;
      if (view.legalActions.length === 0) continue;
      await seat.act(tableId, plain(view.legalActions));
    }
    await server.idle();
    const { view } = await seat.view(tableId);
    expect(view.lastResult?.complete).toBe(true);
    expect(view.lastResult!.payout.reduce((a, b) => a + b, 0)).toBe(0);
    const detail = await api.table(tableId);
    expect(detail.seats[0]).toMatchObject({ kind: 'human', name: 'Sepp' });
  });

  it('throws StammtischError with the problem code on a refused call', async () => {
    const { tableId } = await api.createTable({ variant: 'schafkopf', seats: 4 });
    const me = await api.join(tableId);
    const err = await api
      .as(me.seatToken)
      .act(tableId, { type: 'play', card: 'XX' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StammtischError);
    expect((err as StammtischError).status).toBeGreaterThanOrEqual(400);
    expect((err as StammtischError).status).toBeLessThan(500);
    const missing = await api.table('nosuchtable').catch((e: unknown) => e);
    expect((missing as StammtischError).code).toBe('table/not_found');
  });

  it('the socket delivers every event once and in seq order, across a reconnect, and its frames match asyncapi.yaml', async () => {
    const { tableId, organiserKey } = await api.createTable({ variant: 'schafkopf', seats: 4, bots: [1, 2, 3] });
    const me = await api.join(tableId, { seat: 0 });
    const seat = api.as(me.seatToken);
    const seen: SeqEvent[] = [];
    const frames: ServerFrame[] = [];
    const watch = await TableSocket.connect({
      wsUrl: server.wsUrl,
      tableId,
      token: organiserKey,
      onEvent: (e) => seen.push(e),
      onFrame: (f) => frames.push(f),
    });
    const play = async (steps: number) => {
      for (let i = 0; i < steps; i++) {
        await server.idle();
        const { view } = await seat.view(tableId);
        if (view.legalActions.length === 0) break;
        await seat.act(tableId, plain(view.legalActions));
      }
      await server.idle();
    };
    await play(3);
    // Disconnect, let the table move on, reconnect: the socket asks for what it missed, from its last seq.
    watch.close();
    const before = watch.lastSeq;
    await play(3);
    await watch.reconnect();
    await watch.request({ action: 'ping' });
    await server.idle();
    await watch.request({ action: 'ping' });

    const rest = await api.as(organiserKey).events(tableId, 0, 500);
    expect(before).toBeGreaterThan(0);
    expect(seen.map((e) => e.seq)).toEqual(rest.events.map((e) => e.seq));
    expect(seen.map((e) => e.event.type)).toEqual(rest.events.map((e) => e.event.type));
    expect(watch.lastSeq).toBe(rest.version);
    for (const f of frames) expect(checkFrame(f)).toEqual([]);
    watch.close();
  });

  it('a socket that starts after seq n gets n+1… only', async () => {
    const { tableId, organiserKey } = await api.createTable({ variant: 'schafkopf', seats: 4, bots: [0, 1, 2, 3] });
    await server.idle();
    const all = await api.as(organiserKey).events(tableId, 0, 500);
    const seen: number[] = [];
    const sock = await TableSocket.connect({
      wsUrl: server.wsUrl,
      tableId,
      token: organiserKey,
      after: 2,
      onEvent: (e) => seen.push(e.seq),
    });
    await sock.request({ action: 'ping' });
    expect(seen).toEqual(all.events.filter((e) => e.seq > 2).map((e) => e.seq));
    sock.close();
  });
});

describe('the SDK: deal analysis and trick order', () => {
  it('dealAnalysis refuses a running deal with 409 deal/not_over; trickOrder and sortHand sort a hand by it', async () => {
    const { tableId } = await api.createTable({ variant: 'schafkopf', seats: 4, bots: [1, 2, 3], maxDeals: 1 });
    const me = await api.join(tableId, { seat: 0, name: 'Sepp' });
    const seat = api.as(me.seatToken);
    await server.idle();
    const err = await seat.dealAnalysis(tableId, 1).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StammtischError);
    expect((err as StammtischError).status).toBe(409);
    expect((err as StammtischError).code).toBe('deal/not_over');
    const { view } = await seat.view(tableId);
    const hand = view.deal?.hands[0] ?? [];
    expect(hand.length).toBeGreaterThan(0);
    const order = await seat.trickOrder(tableId, view.deal?.contract ?? null);
    expect(order.contract).toEqual(view.deal?.contract ?? null);
    const sorted = sortHand(hand, order).flat();
    expect([...sorted].sort()).toEqual([...hand].sort());
    const trumps = sorted.filter((c) => order.trumps.includes(c));
    expect(sorted.slice(0, trumps.length)).toEqual(order.trumps.filter((c) => hand.includes(c)));
    const solo = await api.trickOrder(tableId, { game: 'solo', suit: 'E' });
    expect(solo.trumps.at(-1)).toBe('E7');
  });
});
