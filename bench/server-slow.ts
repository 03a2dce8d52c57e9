/**
 * Push latency next to a stalled client (docs/due-work.md): `npx tsx bench/server-slow.ts [-- --moves 60]`.
 *
 * A four-seat table played over REST; a spectator `reader` subscribed over WebSocket. For every move: the time from the
 * POST to the reader holding the push of that version. Measured twice on fresh tables: alone, and next to a subscriber
 * that paused its socket after asking for far more than the socket buffers hold (~300 full resyncs). Before the
 * bounded send buffer (local/gateway.ts) the second run stalled for as long as the client stayed connected.
 */
import type { Socket } from 'node:net';
import { startLocal } from '../local/server.js';
import { WsClient } from '../test/realtime/ws-client.js';

const i = process.argv.indexOf('--moves');
const MOVES = i < 0 ? 60 : Number(process.argv[i + 1]);
const server = await startLocal({ port: 0 });

async function call<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(server.url + path, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token !== undefined ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return (await res.json()) as T;
}

type Legal = Record<string, unknown>[];
const plain = (legal: Legal): Record<string, unknown> => {
  const p = legal.filter((a) => !['knock', 'kontra', 're'].includes(String(a.type)));
  return p.find((a) => a.type !== 'pass') ?? p[0] ?? legal[0]!;
};
const pct = (xs: number[], p: number): number =>
  [...xs].sort((a, b) => a - b)[Math.floor((p / 100) * (xs.length - 1))]!;

async function run(stalled: boolean): Promise<number[]> {
  const t = await call<{ tableId: string }>('POST', '/v1/tables', { variant: 'schafkopf', seats: 4, maxDeals: 100 });
  const tokens: string[] = [];
  for (let s = 0; s < 4; s++)
    tokens.push((await call<{ seatToken: string }>('POST', `/v1/tables/${t.tableId}/seats`, { seat: s })).seatToken);
  await server.idle();
  const reader = await WsClient.connect(server.wsUrl, { tableId: t.tableId });
  await reader.request({ action: 'subscribe', after: 0 });
  let slow: WsClient | undefined;
  if (stalled) {
    slow = await WsClient.connect(server.wsUrl, { tableId: t.tableId });
    await slow.request({ action: 'subscribe', after: 0 });
    (slow.socket as unknown as { _socket: Socket })._socket.pause();
    for (let k = 0; k < 300; k++) slow.send({ action: 'resync', after: 0, limit: 500, requestId: `f${k}` });
  }
  const latencies: number[] = [];
  for (let m = 0; m < MOVES; m++) {
    type V = { version: number; view: { deal: { toAct: number[] } | null; legalActions: Legal } };
    const spectator = await call<V>('GET', `/v1/tables/${t.tableId}/view`);
    const seat = spectator.view.deal!.toAct[0]!;
    const mine = await call<V>('GET', `/v1/tables/${t.tableId}/view`, undefined, tokens[seat]);
    const t0 = performance.now();
    const res = await call<{ version: number }>(
      'POST',
      `/v1/tables/${t.tableId}/actions`,
      {
        action: plain(mine.view.legalActions),
        expectedVersion: mine.version,
      },
      tokens[seat],
    );
    await reader.until(() => reader.lastSeq >= res.version);
    latencies.push(performance.now() - t0);
  }
  await reader.close();
  if (slow !== undefined) (slow.socket as unknown as { _socket: Socket })._socket.resume();
  return latencies;
}

const alone = await run(false);
const next = await run(true);
await server.idle();
const fmt = (xs: number[]): string =>
  `p50 ${pct(xs, 50).toFixed(1)} ms, p95 ${pct(xs, 95).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms`;
console.log(`push latency (POST → reader holds the push), ${MOVES} moves each:`);
console.log(`  alone:                 ${fmt(alone)}`);
console.log(`  next to a stalled one: ${fmt(next)}  (slow consumers closed: ${server.gateway.slowConsumersClosed})`);
await server.close();
