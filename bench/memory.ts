/**
 * Memory benchmark of the local server (RSS was seen to grow 300 MB → 2 GB over ~35k requests in 15 minutes;
 * docs/operations.md "Memory"):
 *
 *   node --expose-gc --import tsx bench/memory.ts [--requests 35000] [--concurrency 16] [--store memory|disk]
 *
 * Starts `startLocal` in this process (so `process.memoryUsage()` is the server's, plus a small client) and drives a
 * mix of requests like the attack did: table creates (public, so the lobby grows), lobby pages, joins, views, moves
 * with Idempotency-Keys (REST players play whole deals), bad input (404, 400, 413 bodies), WebSocket connects that
 * subscribe and leave. Every 2,500 requests it samples RSS, heap used and external/array buffers after a full GC
 * (`--expose-gc`), so what is printed is what stays, not garbage waiting to be collected. `--store memory` (the
 * default, as `startLocal()` in tests) keeps dynalite's data in the heap; `--store disk` is `npm start`'s LevelDB.
 * Benchmarks, not tests: numbers vary with the machine.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeHeapSnapshot } from 'node:v8';
import { startLocal } from '../local/server.js';
import { WsClient } from '../test/realtime/ws-client.js';

const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : process.argv[i + 1]!;
};
const REQUESTS = Number(arg('requests', '35000'));
const CONCURRENCY = Number(arg('concurrency', '16'));
const STORE = arg('store', 'memory');
const SAMPLE_EVERY = Number(arg('sample', '2500'));
/** `--snapshots DIR`: write a V8 heap snapshot at every sample (compare two with bench/heap-diff.ts). */
const SNAPSHOTS = arg('snapshots', '');

const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) console.warn('run with node --expose-gc for post-GC numbers');
const mb = (n: number): number => Math.round(n / 2 ** 20);

const dataDir = STORE === 'disk' ? mkdtempSync(join(tmpdir(), 'stammtisch-mem-')) : undefined;
const server = await startLocal({ port: 0, ...(dataDir !== undefined ? { dataDir } : {}) });
const url = server.url;

async function call(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  }).catch((e: unknown) => {
    const cause = (e as { cause?: { code?: string; message?: string } }).cause;
    throw new Error(`${method} ${path.slice(0, 40)}: ${cause?.code ?? cause?.message ?? String(e)}`);
  });
  const text = await res.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // 413 and friends: the body does not matter here.
  }
  return { status: res.status, body: parsed };
}

interface Game {
  readonly tableId: string;
  readonly tokens: string[];
  moves: number;
}
const games: Game[] = [];
const lobbyTables: string[] = [];
let done = 0;
let errors = 0;
const statuses = new Map<number, number>();
const count = (status: number): void => {
  done++;
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
  if (status >= 500) errors++;
};

type Legal = Record<string, unknown>[];
const plain = (legal: Legal): Record<string, unknown> => {
  const p = legal.filter((a) => !['knock', 'kontra', 're'].includes(String(a.type)));
  return p.find((a) => a.type !== 'pass') ?? p[0] ?? legal[0]!;
};

/** A table of four REST players (4 joins); it plays until its deal ends, then a new one replaces it. */
async function newGame(): Promise<void> {
  const t = await call('POST', '/v1/tables', { variant: 'schafkopf', seats: 4, maxDeals: 1 });
  count(t.status);
  const tableId = String(t.body.tableId);
  const tokens: string[] = [];
  for (let s = 0; s < 4; s++) {
    const j = await call('POST', `/v1/tables/${tableId}/seats`, { seat: s, name: `p${s}` });
    count(j.status);
    tokens.push(String(j.body.seatToken));
  }
  games.push({ tableId, tokens, moves: 0 });
}

/** One step of a game: the seat to act reads its view, then moves with an Idempotency-Key. */
async function step(): Promise<void> {
  if (games.length < 8) return newGame();
  const g = games[Math.floor(Math.random() * games.length)]!;
  const spectate = await call('GET', `/v1/tables/${g.tableId}/view`);
  count(spectate.status);
  const view = spectate.body as { view?: { deal?: { toAct?: number[] } | null; closed?: boolean } };
  const seat = view.view?.deal?.toAct?.[0];
  if (seat === undefined || view.view?.closed === true) {
    games.splice(games.indexOf(g), 1);
    return;
  }
  const mine = await call('GET', `/v1/tables/${g.tableId}/view`, undefined, {
    authorization: `Bearer ${g.tokens[seat]}`,
  });
  count(mine.status);
  const legal = (mine.body as { view?: { legalActions?: Legal } }).view?.legalActions ?? [];
  if (legal.length === 0) return;
  const moved = await call(
    'POST',
    `/v1/tables/${g.tableId}/actions`,
    { action: plain(legal) },
    { authorization: `Bearer ${g.tokens[seat]}`, 'idempotency-key': `m-${g.tableId}-${g.moves++}` },
  );
  count(moved.status);
}

async function one(): Promise<void> {
  const r = Math.random();
  if (r < 0.55) return step();
  if (r < 0.63) {
    // A public table nobody joins: it stays in the lobby (the 2,000 creates of that load).
    const t = await call('POST', '/v1/tables', { variant: 'schafkopf', seats: 4, bots: [1] });
    count(t.status);
    lobbyTables.push(String(t.body.tableId));
    return;
  }
  if (r < 0.73) {
    const first = await call('GET', '/v1/tables?limit=50');
    count(first.status);
    const cursor = first.body.nextCursor;
    if (typeof cursor === 'string') count((await call('GET', `/v1/tables?limit=50&cursor=${cursor}`)).status);
    return;
  }
  if (r < 0.8) return count((await call('GET', r < 0.77 ? '/v1/variants' : '/v1/health')).status);
  if (r < 0.86) {
    const id = lobbyTables[Math.floor(Math.random() * lobbyTables.length)];
    return count((await call('GET', `/v1/tables/${id ?? 'tnothere'}`)).status);
  }
  if (r < 0.9) return count((await call('POST', '/v1/tables', { variant: 'schafkopf', preset: '__proto__' })).status);
  if (r < 0.92) return count((await call('POST', '/v1/tables', 'x'.repeat(100_000))).status);
  if (r < 0.95) return count((await call('GET', `/v1/tables/tunknown${done}/view`)).status);
  // A WebSocket client: connect as a spectator, wait for the snapshot, leave.
  const g = games[0];
  if (g === undefined) return step();
  const ws = await WsClient.connect(server.wsUrl, { tableId: g.tableId, token: g.tokens[0]! });
  await ws.request({ action: 'ping' });
  await ws.close();
  count(101);
}

interface Sample {
  readonly requests: number;
  readonly seconds: number;
  readonly rss: number;
  readonly heapUsed: number;
  readonly external: number;
  readonly arrayBuffers: number;
}
const samples: Sample[] = [];
const t0 = performance.now();
function sample(): void {
  gc?.();
  const m = process.memoryUsage();
  const s = {
    requests: done,
    seconds: Math.round((performance.now() - t0) / 100) / 10,
    rss: mb(m.rss),
    heapUsed: mb(m.heapUsed),
    external: mb(m.external),
    arrayBuffers: mb(m.arrayBuffers),
  };
  samples.push(s);
  if (SNAPSHOTS !== '') writeHeapSnapshot(join(SNAPSHOTS, `heap-${String(s.requests).padStart(6, '0')}.heapsnapshot`));
  console.log(
    `${String(s.requests).padStart(6)} req  ${String(s.seconds).padStart(6)} s  rss ${s.rss} MB  heap ${s.heapUsed} MB  external ${s.external} MB  arrayBuffers ${s.arrayBuffers} MB`,
  );
}

sample();
let nextSample = SAMPLE_EVERY;
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (done < REQUESTS) {
      try {
        await one();
      } catch (e) {
        errors++;
        done++;
        if (errors < 5) console.error('request failed', e instanceof Error ? e.message : e);
      }
      if (done >= nextSample) {
        nextSample += SAMPLE_EVERY;
        sample();
      }
    }
  }),
);
await server.idle();
sample();
const first = samples[1] ?? samples[0]!;
const last = samples.at(-1)!;
console.log(
  `\n${REQUESTS} requests (store ${STORE}, concurrency ${CONCURRENCY}) in ${last.seconds} s; 5xx/failures ${errors}; ` +
    `statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
);
console.log(
  `heap after GC: ${first.heapUsed} MB at ${first.requests} req → ${last.heapUsed} MB at ${last.requests} req ` +
    `(${(((last.heapUsed - first.heapUsed) * 1000) / Math.max(1, last.requests - first.requests)).toFixed(2)} MB per 1k requests); ` +
    `rss ${samples[0]!.rss} → ${last.rss} MB (peak ${Math.max(...samples.map((s) => s.rss))} MB)`,
);
console.log(`open tables in the lobby: ${lobbyTables.length}`);
await server.close();
if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
