import WebSocket from 'ws';
import { describe, expect, it } from 'vitest';
import {
  type Action,
  type SocketState,
  type StammtischClient,
  TableSocket,
  type TableSocketOptions,
  type WebSocketConstructor,
  createClient,
} from '../../sdk/index.js';
import { useLocalServer } from '../support/local-server.js';
import { ManualTimers } from '../support/manual-timers.js';

/**
 * The SDK socket against the local gateway's real idle rule (a connection that sent nothing for 10 minutes is closed
 * with 1001, like API Gateway) and 2-hour limit, on one manual clock shared by the gateway and the socket: the test
 * moves time on instead of waiting for it.
 */
const clock = new ManualTimers();
const { server } = useLocalServer({ wsTimers: clock });
const MINUTE = 60_000;

/** A `ws` WebSocket that records what the client sends (to wait for the answer to each heartbeat ping). */
function spyingWebSocket(sent: { action: string }[]): WebSocketConstructor {
  return class extends WebSocket {
    override send(data: string): void {
      sent.push(JSON.parse(data) as { action: string });
      super.send(data);
    }
  } as unknown as WebSocketConstructor;
}

/** A table with three bots and the caller in seat 0; a socket on it with the shared clock. */
async function seated(options: Partial<TableSocketOptions> = {}) {
  const api = createClient({ baseUrl: server.url });
  const { tableId } = await api.createTable({ variant: 'schafkopf', seats: 4, bots: [1, 2, 3], maxDeals: 1 });
  const me = await api.join(tableId, { seat: 0, name: 'idle' });
  const sent: { action: string }[] = [];
  const states: SocketState[] = [];
  const frames: { type: string; requestId?: string }[] = [];
  const sock = await TableSocket.connect({
    wsUrl: server.wsUrl,
    tableId,
    token: me.seatToken,
    clock,
    random: () => 0.5,
    WebSocket: spyingWebSocket(sent),
    onState: (s) => states.push(s),
    onFrame: (f) => frames.push(f),
    ...options,
  });
  return { api: api.as(me.seatToken), tableId, sock, sent, states, frames };
}

/** Resolves once `test()` holds, checked now and after every frame and state change of the socket. */
function until(sock: TableSocket, test: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (test()) return resolve();
    const offs = [sock.on('frame', check), sock.on('state', check)];
    function check(): void {
      if (!test()) return;
      for (const off of offs) off();
      resolve();
    }
  });
}

/** Move the shared clock on by `ms` a minute at a time, waiting for the pong of every ping the socket sends. */
async function pass(sock: TableSocket, sent: { action: string }[], frames: { type: string }[], ms: number) {
  for (let t = 0; t < ms; t += MINUTE) {
    clock.advance(Math.min(MINUTE, ms - t));
    const pings = sent.filter((m) => m.action === 'ping').length;
    await until(sock, () => frames.filter((f) => f.type === 'pong').length >= pings || sock.state !== 'open');
  }
}

/** Play seat 0 from the socket's views (a game or a card over passing), until the deal is settled. */
function playFromViews(sock: TableSocket): Promise<readonly number[]> {
  const choose = (legal: readonly Action[]): Action =>
    legal.find((a) => !['pass', 'knock', 'kontra', 're'].includes(a.type)) ?? legal[0]!;
  return new Promise((resolve) => {
    let acting = false;
    const step = (): void => {
      const view = sock.view;
      if (view === undefined || acting) return;
      if (view.lastResult !== null) return resolve(view.lastResult.payout);
      if (view.legalActions.length === 0) return;
      acting = true;
      sock
        .act(choose(view.legalActions), { expectedVersion: sock.version })
        .catch(() => undefined) // a lost race with a bot (the knock phase): the newer view is acted on
        .finally(() => {
          acting = false;
          step();
        });
    };
    sock.on('view', step);
    step();
  });
}

async function eventsOf(api: StammtischClient, tableId: string) {
  return (await api.events(tableId, 0, 500)).events.map((e) => e.seq);
}

describe('the SDK socket and the 10-minute idle rule', () => {
  it('the rule is real: a socket that never pings is closed after 10 minutes of silence, not before', async () => {
    const { sock, states, sent, frames } = await seated({ heartbeatMs: 0, reconnect: false });
    await pass(sock, sent, frames, 10 * MINUTE - 1);
    expect(sock.state).toBe('open');
    clock.advance(1);
    await until(sock, () => sock.state === 'closed');
    expect(states).toEqual(['open', 'closed']);
    expect(sock.closedWith?.detail).toContain('1001');
    expect(sent.filter((m) => m.action === 'ping')).toHaveLength(0);
  });

  it('with the heartbeat, one connection stays open across 30 idle minutes and the pushes keep arriving', async () => {
    const { api, tableId, sock, sent, states, frames } = await seated();
    const [connection] = server.gateway.connectionIds().slice(-1);
    await pass(sock, sent, frames, 30 * MINUTE);
    // A ping every 4 minutes, each answered; the same connection throughout, never reconnecting.
    expect(sent.filter((m) => m.action === 'ping')).toHaveLength(7);
    expect(states).toEqual(['open']);
    expect(server.gateway.connectionIds()).toContain(connection);

    const payout = await playFromViews(sock);
    await server.idle();
    expect(payout.reduce((a, b) => a + b, 0)).toBe(0);
    await until(sock, () => sock.lastSeq === sock.version);
    expect(Array.from({ length: sock.lastSeq }, (_, i) => i + 1)).toEqual(await eventsOf(api, tableId));
    sock.close();
  });

  it('pushes keep arriving across a forced disconnect and the 2-hour limit: reconnect, resync from the last seq', async () => {
    const { api, tableId, sock, sent, states, frames } = await seated();
    const seen: number[] = [];
    sock.on('event', (e) => seen.push(e.seq));
    const before = sock.lastSeq;

    // Forced: the server drops the connection (the management API's DELETE), and the table moves on meanwhile.
    const [first] = server.gateway.connectionIds().slice(-1);
    await fetch(`${server.gateway.endpoint}/@connections/${encodeURIComponent(first!)}`, { method: 'DELETE' });
    await until(sock, () => sock.state === 'reconnecting');
    const { view } = await api.view(tableId);
    await api.act(tableId, view.legalActions.find((a) => a.type === 'choose') ?? view.legalActions[0]!);
    await server.idle();
    clock.advance(1_000); // the back-off (0.5 s at most for the first attempt)
    await until(sock, () => sock.state === 'open');
    await until(sock, () => sock.lastSeq === sock.version);
    expect(sock.lastSeq).toBeGreaterThan(before);

    // The 2-hour limit closes every connection: the socket comes back on its own.
    await pass(sock, sent, frames, 2 * 60 * MINUTE);
    await until(sock, () => sock.state === 'reconnecting' || states.filter((s) => s === 'open').length >= 3);
    clock.advance(1_000);
    await until(sock, () => sock.state === 'open' && states.filter((s) => s === 'open').length >= 3);
    expect(states).toEqual(['open', 'reconnecting', 'open', 'reconnecting', 'open']);

    const payout = await playFromViews(sock);
    await server.idle();
    expect(payout.reduce((a, b) => a + b, 0)).toBe(0);
    await until(sock, () => sock.lastSeq === sock.version);
    // Every event exactly once, in order, none lost across the two disconnects.
    expect(seen).toEqual((await eventsOf(api, tableId)).filter((s) => s > before));
    sock.close();
  });
});
