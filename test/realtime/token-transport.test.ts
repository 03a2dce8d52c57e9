import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalServer } from '../../local/server.js';
import { StammtischError, TableSocket, createClient } from '../../sdk/index.js';
import type { Api } from '../support/functions/client.js';
import { createTable, join, startServer } from '../support/functions/play.js';
import { checkFrame } from './asyncapi.js';

/**
 * How a token reaches the WebSocket API (query, subprotocol, header), what a wrong one is told, and how refused and
 * misshapen moves are named — the same over WebSocket as over REST.
 */
let server: LocalServer;
let api: Api;
let tableId: string;
let seatToken: string;
let otherSeatToken: string;

beforeAll(async () => {
  ({ server, api } = await startServer());
  tableId = (await createTable(api, { variant: 'schafkopf', seats: 4, bots: [1, 2, 3] })).tableId;
  seatToken = (await join(api, tableId, 0)).token;
  const other = (await createTable(api, { variant: 'schafkopf', seats: 4 })).tableId;
  otherSeatToken = (await join(api, other, 0)).token;
});
afterAll(async () => {
  await server.close();
});

/** Open a raw `ws` connection; resolves with the socket, or the refusal's status and problem document. */
function open(
  query: string,
  protocols?: string[],
): Promise<{ socket: WebSocket } | { status: number; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${server.wsUrl}?${query}`, protocols);
    socket.once('open', () => resolve({ socket }));
    socket.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(body) as Record<string, unknown> }));
    });
    socket.once('error', reject);
  });
}

/** Send one message and wait for the frame answering it. */
function ask(socket: WebSocket, message: Record<string, unknown>): Promise<Record<string, unknown>> {
  const requestId = `q${Math.random().toString(36).slice(2, 10)}`;
  return new Promise((resolve) => {
    const onMessage = (data: WebSocket.RawData): void => {
      const frame = JSON.parse(String(data)) as Record<string, unknown>;
      if (frame.requestId !== requestId) return;
      socket.off('message', onMessage);
      resolve(frame);
    };
    socket.on('message', onMessage);
    socket.send(JSON.stringify({ ...message, requestId }));
  });
}

describe('the token at the WebSocket handshake', () => {
  it('is taken from the stammtisch.bearer.<token> subprotocol, and the server answers with stammtisch.v1', async () => {
    const out = await open(`tableId=${tableId}`, ['stammtisch.v1', `stammtisch.bearer.${seatToken}`]);
    expect('socket' in out).toBe(true);
    const { socket } = out as { socket: WebSocket };
    expect(socket.protocol).toBe('stammtisch.v1');
    const reply = await ask(socket, { action: 'subscribe' });
    expect(reply).toMatchObject({ type: 'subscribed', audience: 'seat:0' });
    socket.close();
  });

  it('a made-up or foreign token gets a 403 problem saying which tokens open the table, naming where it came from', async () => {
    const madeUp = await open(`tableId=${tableId}&token=hunter2`);
    expect(madeUp).toMatchObject({ status: 403, body: { code: 'auth/forbidden', field: 'token' } });
    const detail = String((madeUp as { body: Record<string, unknown> }).body.detail);
    expect(detail).toContain('not a table token');
    for (const needed of ['st_', 'sk_', 'ok_', tableId]) expect(detail).toContain(needed);

    // A seat token of another table, by subprotocol: the field names the subprotocol.
    const foreign = await open(`tableId=${tableId}`, ['stammtisch.v1', `stammtisch.bearer.${otherSeatToken}`]);
    expect(foreign).toMatchObject({ status: 403, body: { code: 'auth/forbidden', field: 'Sec-WebSocket-Protocol' } });
    expect(String((foreign as { body: Record<string, unknown> }).body.detail)).toContain('not one of this table’s');

    // The same token over REST: the same code and explanation, the field is the Authorization header.
    const rest = await fetch(`${server.url}/v1/tables/${tableId}/view`, {
      headers: { authorization: `Bearer ${otherSeatToken}` },
    });
    const problem = (await rest.json()) as Record<string, unknown>;
    expect(rest.status).toBe(403);
    expect(problem).toMatchObject({ code: 'auth/forbidden', field: 'authorization' });
    expect(String(problem.detail)).toContain('not one of this table’s');
  });

  it('the SDK refuses to connect with a foreign token: a StammtischError with the handshake status', async () => {
    const err = await TableSocket.connect({ wsUrl: server.wsUrl, tableId, token: otherSeatToken }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(StammtischError);
    expect(err).toMatchObject({ status: 403, code: 'client/connect_failed' });
  });
});

describe('refused moves: the same problem over WebSocket as over REST', () => {
  it('a bad card is named move.card over WebSocket and action.card over REST; both StammtischErrors alike', async () => {
    const sock = await TableSocket.connect({ wsUrl: server.wsUrl, tableId, token: seatToken });
    const ws = await sock.act({ type: 'play', card: 'XX' } as never).catch((e: unknown) => e);
    const rest = await createClient({ baseUrl: server.url, token: seatToken })
      .act(tableId, { type: 'play', card: 'XX' } as never)
      .catch((e: unknown) => e);
    expect(ws).toBeInstanceOf(StammtischError);
    expect(rest).toBeInstanceOf(StammtischError);
    const [w, r] = [ws as StammtischError, rest as StammtischError];
    expect({ status: w.status, code: w.code, field: w.field, transport: w.transport }).toEqual({
      status: 422,
      code: 'action/malformed',
      field: 'move.card',
      transport: 'websocket',
    });
    expect({ status: r.status, code: r.code, field: r.field, transport: r.transport }).toEqual({
      status: 422,
      code: 'action/malformed',
      field: 'action.card',
      transport: 'rest',
    });
    expect(w.detail).toBe(r.detail);

    // A stale expectedVersion: currentVersion on both.
    const stale = await sock.act({ type: 'pass' } as never, { expectedVersion: 0 }).catch((e: unknown) => e);
    expect(stale).toMatchObject({ code: 'table/version_conflict', status: 409 });
    expect((stale as StammtischError).currentVersion).toBeGreaterThan(0);
    sock.close();
  });

  it('an unwrapped action is answered with where it goes (WebSocket and REST), not a schema library message', async () => {
    const out = await open(`tableId=${tableId}&token=${seatToken}`);
    const { socket } = out as { socket: WebSocket };
    const unwrapped = await ask(socket, { action: 'act', type: 'play', card: 'EO' });
    expect(unwrapped).toMatchObject({ type: 'error', status: 400, code: 'request/invalid', field: 'move' });
    expect(unwrapped.detail).toBe(
      'the game action goes inside "move": {"action":"act","move":{"type":"play","card":"EO"}}',
    );
    const asRoute = await ask(socket, { action: 'play', card: 'EO' });
    expect(asRoute).toMatchObject({ type: 'error', status: 400, field: 'action' });
    expect(String(asRoute.detail)).toContain('{"action":"act","move":{"type":"play","card":"EO"}}');
    for (const f of [unwrapped, asRoute]) expect(checkFrame(f as { type: string })).toEqual([]);
    socket.close();

    const res = await fetch(`${server.url}/v1/tables/${tableId}/actions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${seatToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'play', card: 'EO' }),
    });
    expect(res.status).toBe(400);
    const problem = (await res.json()) as Record<string, unknown>;
    expect(problem).toMatchObject({ code: 'request/invalid', field: 'action' });
    expect(problem.detail).toBe('the game action goes inside "action": {"action":{"type":"play","card":"EO"}}');
    // Nothing was written by either.
    const events = await createClient({ baseUrl: server.url, token: seatToken }).events(tableId, 0, 500);
    expect(events.events.some((e) => e.event.type === 'ActionTaken' && e.event.seat === 0)).toBe(false);
  });
});
