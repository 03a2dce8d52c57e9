import fc from 'fast-check';
import type { IncomingMessage } from 'node:http';
import { type WebSocket, WebSocketServer } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SocketState, StammtischError, TableSocket, backoffDelay } from '../../sdk/index.js';
import { ManualTimers } from '../support/manual-timers.js';

/**
 * The socket's connection machinery against a scripted server (what the real one never does on demand: swallow a
 * ping, drop a connection with a request in flight, refuse a reconnect), on a manual clock.
 */
interface Msg {
  action: string;
  requestId?: string;
  after?: number;
  idempotencyKey?: string;
}
let wss: WebSocketServer;
let url: string;
/** What each connection does with each message; `connections` lists them in order, with their handshake. */
let script: (ws: WebSocket, msg: Msg, n: number) => void;
let refuse: ((n: number) => number | undefined) | undefined;
const connections: { ws: WebSocket; req: IncomingMessage; received: Msg[] }[] = [];

beforeAll(async () => {
  wss = new WebSocketServer({
    port: 0,
    host: '127.0.0.1',
    verifyClient: (_info, done) => {
      const status = refuse?.(connections.length + 1);
      if (status === undefined) done(true);
      else done(false, status);
    },
  });
  await new Promise((r) => wss.once('listening', r));
  url = `ws://127.0.0.1:${(wss.address() as { port: number }).port}/ws`;
  wss.on('connection', (ws, req) => {
    const c = { ws, req, received: [] as Msg[] };
    connections.push(c);
    const n = connections.length;
    ws.on('message', (data) => {
      const msg = JSON.parse(String(data)) as Msg;
      c.received.push(msg);
      script(ws, msg, n);
    });
  });
});
afterAll(async () => {
  await new Promise((r) => wss.close(r));
});

const send = (ws: WebSocket, frame: unknown) => ws.send(JSON.stringify(frame));
/** Answers subscribe and ping like the server; `act` per `onAct`. */
function standard(onAct: (ws: WebSocket, msg: Msg, n: number) => void = () => undefined) {
  return (ws: WebSocket, msg: Msg, n: number) => {
    if (msg.action === 'subscribe')
      send(ws, { type: 'subscribed', requestId: msg.requestId, tableId: 'tabl1', audience: 'seat:0', version: 0 });
    if (msg.action === 'ping') send(ws, { type: 'pong', requestId: msg.requestId, at: new Date(0).toISOString() });
    if (msg.action === 'act') onAct(ws, msg, n);
  };
}

/** Resolves once `test()` holds, checked on every frame and state change of `sock`. */
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

async function open(clock: ManualTimers, extra: Partial<Parameters<typeof TableSocket.connect>[0]> = {}) {
  const states: SocketState[] = [];
  const sock = await TableSocket.connect({
    wsUrl: url,
    tableId: 'tabl1',
    token: 'st_abc',
    clock,
    random: () => 0,
    onState: (s) => states.push(s),
    ...extra,
  });
  return { sock, states };
}

describe('TableSocket connection machinery (scripted server, manual clock)', () => {
  it('sends the token as a subprotocol, never in the URL', async () => {
    script = standard();
    const { sock } = await open(new ManualTimers());
    const c = connections[connections.length - 1]!;
    const offered = String(c.req.headers['sec-websocket-protocol']).split(',');
    expect(offered.map((p) => p.trim())).toEqual(['stammtisch.v1', 'stammtisch.bearer.st_abc']);
    expect(sock.state).toBe('open');
    expect(c.req.url).toBe('/ws?tableId=tabl1');
    sock.close();
  });

  it('a ping not answered in time means a dead connection: it reconnects and resubscribes from the last seq', async () => {
    const clock = new ManualTimers();
    // The first connection swallows pings (a half-open connection); later ones answer.
    script = (ws, msg, n) => {
      if (msg.action === 'ping' && n === connections.length && firstOf === n) return;
      standard()(ws, msg, n);
      if (msg.action === 'subscribe' && msg.after === 0)
        send(ws, { type: 'events', tableId: 'tabl1', version: 2, events: [ev(1), ev(2)] });
    };
    const { sock, states } = await open(clock);
    const firstOf = connections.length;
    await until(sock, () => sock.lastSeq === 2);
    clock.advance(240_000); // the heartbeat: a ping goes out
    clock.advance(20_000); // no pong
    await until(sock, () => sock.state === 'reconnecting');
    clock.advance(250); // back-off: attempt 0 with random 0 is 250 ms
    await until(sock, () => sock.state === 'open');
    expect(states).toEqual(['open', 'reconnecting', 'open']);
    expect(connections[firstOf - 1]!.received.map((m) => m.action)).toEqual(['subscribe', 'ping']);
    const again = connections[connections.length - 1]!.received[0]!;
    expect(again).toMatchObject({ action: 'subscribe', after: 2 });
    sock.close();
  });

  it('a move in flight when the connection drops is sent again after the reconnect, with the same idempotency key', async () => {
    const clock = new ManualTimers();
    script = standard((ws, msg, n) => {
      // The first connection drops instead of answering; the next answers.
      if (n === dropOn) ws.terminate();
      else
        send(ws, {
          type: 'result',
          requestId: msg.requestId,
          tableId: 'tabl1',
          version: 1,
          events: [ev(1)],
          replayed: true,
        });
    });
    const { sock } = await open(clock);
    const dropOn = connections.length;
    const result = sock.act({ type: 'pass' } as never);
    await until(sock, () => sock.state === 'reconnecting');
    clock.advance(250);
    const frame = await result;
    expect(frame).toMatchObject({ type: 'result', replayed: true });
    const sent = connections.slice(dropOn - 1).flatMap((c) => c.received.filter((m) => m.action === 'act'));
    expect(sent).toHaveLength(2);
    expect(sent[0]!.idempotencyKey).toMatch(/^k[0-9a-z]+\.1$/);
    expect(sent[1]!.idempotencyKey).toBe(sent[0]!.idempotencyKey);
    expect(sock.lastSeq).toBe(1);
    sock.close();
  });

  it('an unanswered request times out on the clock; aborting one rejects it; aborting the socket closes it for good', async () => {
    const clock = new ManualTimers();
    script = standard(); // never answers `view`
    const abort = new AbortController();
    const { sock, states } = await open(clock, { signal: abort.signal });
    const slow = sock.fetchView().catch((e: unknown) => e);
    clock.advance(30_000);
    expect(await slow).toMatchObject({ code: 'client/timeout', transport: 'client' });
    const cancel = new AbortController();
    const cancelled = sock.fetchView({ signal: cancel.signal }).catch((e: unknown) => e);
    cancel.abort();
    expect(await cancelled).toMatchObject({ code: 'client/aborted' });
    const pending = sock.fetchView().catch((e: unknown) => e);
    abort.abort();
    expect(await pending).toBeInstanceOf(StammtischError);
    expect(sock.state).toBe('closed');
    expect(states).toEqual(['open', 'closed']);
    // Closed for good: no reconnect is scheduled.
    expect(clock.armed).toBe(0);
  });

  it('a reconnect refused with 403 (the token no longer opens the table) stops reconnecting with that error', async () => {
    const clock = new ManualTimers();
    script = standard();
    const errors: StammtischError[] = [];
    const { sock, states } = await open(clock, { onError: (e) => errors.push(e) });
    const before = connections.length;
    refuse = (n) => (n > before ? 403 : undefined);
    connections[before - 1]!.ws.close(1001, 'Going away');
    await until(sock, () => sock.state === 'reconnecting');
    clock.advance(250);
    await until(sock, () => sock.state === 'closed');
    refuse = undefined;
    expect(states).toEqual(['open', 'reconnecting', 'closed']);
    expect(errors.map((e) => [e.code, e.status])).toEqual([['client/connect_failed', 403]]);
    expect(sock.closedWith?.status).toBe(403);
  });
});

const ev = (seq: number) => ({ seq, event: { type: 'TableClosed' } });

describe('backoffDelay', () => {
  it('is half fixed, half random, doubling from the initial delay up to the maximum', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 60 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        fc.integer({ min: 1, max: 5_000 }),
        fc.integer({ min: 1, max: 120_000 }),
        (attempt, r, initialDelayMs, maxDelayMs) => {
          const step = Math.min(maxDelayMs, initialDelayMs * 2 ** attempt);
          const d = backoffDelay(attempt, { initialDelayMs, maxDelayMs }, () => r);
          return d >= Math.floor(step / 2) && d <= Math.ceil(step);
        },
      ),
    );
    expect(backoffDelay(0, {}, () => 0)).toBe(250);
    expect(backoffDelay(3, {}, () => 1 - Number.EPSILON)).toBe(4_000);
    expect(backoffDelay(20, {}, () => 0.5)).toBe(22_500);
  });
});
