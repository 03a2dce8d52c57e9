/**
 * Load benchmark of the local server (docs/performance.md): `npm run bench:server [-- --tables 10 --seconds 8]`.
 *
 * Starts `local/main.ts` (dynalite on a temp folder, the AWS code path) and, for the ratio, the minimal in-memory
 * baseline (bench/server-baseline.ts) as child processes, then drives K concurrent tables:
 *   rest      4 REST players per table: GET view (spectator) → GET view (seat) → POST action, one table after another move;
 *             a closed loop: each table starts its next move as soon as the last one is answered;
 *   rest-mem  the same REST drive against this checkout's server with the tables' event store in memory
 *             (STAMMTISCH_TABLE_STORE=memory: functions/adapters/memory/table-store.ts instead of dynalite; due work,
 *             connections and webhooks stay on dynalite) — the difference to `rest` is the event store's cost;
 *   rest-paced (with --rate R) the REST drive as an open loop at a stated offered load: each table starts a move every
 *             1/R s (phases spread over the tables), or at once when the last one ran past its slot (counted as late);
 *   ws        4 WebSocket players per table: `act` on the seat's connection, the others follow the pushes;
 *   bots      bot-only tables playing on their own;
 *   baseline  the REST loop against the in-memory server;
 *   bgio      boardgame.io 0.50's server (bench/bgio-server.ts: Koa + socket.io, in-memory storage) with K matches of a
 *             4-player 32-card trick game (bench/bgio-game.ts), each seat a `boardgame.io/client` over `SocketIO`
 *             (matches created and joined through its lobby REST API) — the reference figure, same run.
 * It prints moves/s, POST/act latency p50/p95/p99, errors, server RSS and server CPU per move (from /proc of the
 * server process, so the clients' own CPU does not count). Benchmarks, not tests: numbers vary with the machine.
 * `--rate R` (moves per second per table) adds the paced rows; its p99 is at that offered load, not the closed loop's.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client as BgioClient } from 'boardgame.io/client';
import { SocketIO } from 'boardgame.io/multiplayer';
import { WsClient } from '../test/realtime/ws-client.js';
import { TrickGame, legalCards } from './bgio-game.js';

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : Number(process.argv[i + 1]);
};
const K = arg('tables', 10);
const SECONDS = arg('seconds', 8);
/** --rate R: moves per second per table for the paced REST rows (0: none). */
const RATE = arg('rate', 0);
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1]!.split(',') : null;

const TICK = 100; // USER_HZ on Linux
function cpuMs(pid: number): number {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(f[11]) + Number(f[12])) * 1000) / TICK;
}
function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Math.round(Number(m?.[1] ?? 0) / 1024);
}

function start(
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
  cwd?: string,
): Promise<{ child: ChildProcess; url: string }> {
  // BENCH_PROF=<dir>: the server writes a V8 CPU profile there on exit (read it with bench/prof-summary.ts).
  const prof = process.env.BENCH_PROF !== undefined && args[0] === 'local/main.ts';
  const flags = prof ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROF!] : [];
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
    ...(cwd !== undefined ? { cwd } : {}),
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (d: Buffer): void => {
      out += d.toString();
      const m = ready.exec(out);
      if (m === null) return;
      // Ready: the server's log lines (one per request) are read and dropped from here on, not kept or searched.
      child.stdout!.off('data', onData);
      child.stdout!.resume();
      resolve({ child, url: m[1]! });
    };
    child.stdout!.on('data', onData);
    child.once('exit', (c) => reject(new Error(`exited ${c}: ${out}`)));
  });
}

async function call<T>(
  url: string,
  method: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: T }> {
  const res = await fetch(url, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token !== undefined ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as T };
}

type Legal = Record<string, unknown>[];
const plain = (legal: Legal): Record<string, unknown> => {
  const p = legal.filter((a) => !['knock', 'kontra', 're'].includes(String(a.type)));
  return p.find((a) => a.type !== 'pass') ?? p[0] ?? legal[0]!;
};

interface Result {
  readonly name: string;
  /** Set by a drive that counts after its window: server CPU read at the end of the window. */
  cpuAtEnd?: number;
  moves: number;
  errors: number;
  /** Tables that made no move in the window (REST and WebSocket drives). */
  stalled?: number;
  /** Paced drives: the offered moves/s (all tables) and the moves that started later than their slot + 1 interval. */
  offered?: number;
  late?: number;
  latencies: number[];
  cpuMs: number;
  rssMb: number;
  seconds: number;
}

const pct = (xs: number[], p: number): number => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

async function measure(
  name: string,
  pid: number,
  drive: (until: number, r: Result, windowEnd: () => void) => Promise<void>,
): Promise<Result> {
  const r: Result = { name, moves: 0, errors: 0, latencies: [], cpuMs: 0, rssMb: 0, seconds: SECONDS };
  const c0 = cpuMs(pid);
  const t0 = performance.now();
  let end = 0;
  let c1 = 0;
  await drive(t0 + SECONDS * 1000, r, () => {
    end = performance.now();
    c1 = cpuMs(pid);
    r.rssMb = rssMb(pid);
  });
  r.seconds = ((end || performance.now()) - t0) / 1000;
  r.cpuMs = (c1 || cpuMs(pid)) - c0;
  if (r.rssMb === 0) r.rssMb = rssMb(pid);
  return r;
}

/** REST players against the local server: view (spectator), view (seat), POST action. */
async function restTables(url: string): Promise<{ tableId: string; tokens: string[] }[]> {
  const out = [];
  for (let i = 0; i < K; i++) {
    const t = await call<{ tableId: string }>(`${url}/v1/tables`, 'POST', { variant: 'schafkopf', seats: 4 });
    const tokens: string[] = [];
    for (let s = 0; s < 4; s++)
      tokens.push(
        (
          await call<{ seatToken: string }>(`${url}/v1/tables/${t.body.tableId}/seats`, 'POST', {
            seat: s,
            name: `p${s}`,
          })
        ).body.seatToken,
      );
    out.push({ tableId: t.body.tableId, tokens });
  }
  return out;
}

/**
 * The REST players. `rate` (moves/s per table) paces each table: move k starts at its slot `phase + k / rate` (phases
 * spread evenly over one interval), or at once when the previous move ran past it (late when by more than an interval).
 */
async function driveRest(
  url: string,
  tables: { tableId: string; tokens: string[] }[],
  until: number,
  r: Result,
  rate = 0,
) {
  type V = { version: number; view: { deal: { toAct: number[] } | null; legalActions: Legal } };
  r.stalled = 0;
  const interval = rate > 0 ? 1000 / rate : 0;
  const t0 = performance.now();
  if (rate > 0) {
    r.offered = rate * tables.length;
    r.late = 0;
  }
  await Promise.all(
    tables.map(async (t, i) => {
      let moved = 0;
      let slot = t0 + (interval * i) / tables.length;
      while (performance.now() < until) {
        if (rate > 0) {
          // No wait past the window (the achieved rate is moves over the window, not over a trailing wait).
          if (slot >= until) break;
          const now = performance.now();
          if (now < slot) await new Promise((res) => setTimeout(res, slot - now));
          else if (now > slot + interval) r.late!++;
          slot += interval;
        }
        const spectator = await call<V>(`${url}/v1/tables/${t.tableId}/view`, 'GET');
        const seat = spectator.body.view.deal?.toAct[0];
        if (seat === undefined) break;
        const mine = await call<V>(`${url}/v1/tables/${t.tableId}/view`, 'GET', undefined, t.tokens[seat]);
        const t0 = performance.now();
        const res = await call(
          `${url}/v1/tables/${t.tableId}/actions`,
          'POST',
          {
            action: plain(mine.body.view.legalActions),
            expectedVersion: mine.body.version,
          },
          t.tokens[seat],
        );
        r.latencies.push(performance.now() - t0);
        if (res.status === 200) {
          r.moves++;
          moved++;
        } else r.errors++;
      }
      if (moved === 0) r.stalled!++;
    }),
  );
}

async function driveBaseline(url: string, until: number, r: Result) {
  type V = { view: { deal: { toAct: number[] } | null; legalActions: Legal } };
  const ids: string[] = [];
  for (let i = 0; i < K; i++) ids.push((await call<{ tableId: string }>(`${url}/t`, 'POST', {})).body.tableId);
  await Promise.all(
    ids.map(async (id) => {
      while (performance.now() < until) {
        const spectator = await call<V>(`${url}/t/${id}`, 'GET');
        const seat = spectator.body.view.deal?.toAct[0];
        if (seat === undefined) break;
        const mine = await call<V>(`${url}/t/${id}?seat=${seat}`, 'GET');
        const t0 = performance.now();
        const res = await call(`${url}/t/${id}`, 'POST', { seat, action: plain(mine.body.view.legalActions) });
        r.latencies.push(performance.now() - t0);
        if (res.status === 200) r.moves++;
        else r.errors++;
      }
    }),
  );
}

type Bgio = ReturnType<typeof BgioClient<typeof TrickGame extends import('boardgame.io').Game<infer G> ? G : never>>;

/** K boardgame.io matches, created and joined through its lobby API, one SocketIO client per seat. */
async function bgioMatches(url: string, lobby: string): Promise<Bgio[][]> {
  const out: Bgio[][] = [];
  for (let i = 0; i < K; i++) {
    const { matchID } = (await call<{ matchID: string }>(`${lobby}/games/trick32/create`, 'POST', { numPlayers: 4 }))
      .body;
    if (typeof matchID !== 'string') throw new Error('boardgame.io lobby: no matchID');
    const clients: Bgio[] = [];
    for (let s = 0; s < 4; s++) {
      const joined = await call<{ playerCredentials: string }>(`${lobby}/games/trick32/${matchID}/join`, 'POST', {
        playerID: String(s),
        playerName: `p${s}`,
      });
      const c = BgioClient({
        game: TrickGame,
        numPlayers: 4,
        // One connection per seat, as separate browsers have (socket.io-client otherwise shares one per URL).
        multiplayer: SocketIO({ server: url, socketOpts: { forceNew: true } }),
        matchID,
        playerID: String(s),
        credentials: joined.body.playerCredentials,
        debug: false,
      });
      c.start();
      clients.push(c);
    }
    out.push(clients);
  }
  // Every seat has the match's state before the window opens.
  await Promise.all(out.flat().map((c) => stateAfter(c, -1, Infinity)));
  return out;
}

/** Resolves with the client's state once its `_stateID` passes `after` (null when `until` comes first). */
function stateAfter(c: Bgio, after: number, until: number): Promise<ReturnType<Bgio['getState']>> {
  return new Promise((resolve) => {
    let done = false;
    const finish = (v: ReturnType<Bgio['getState']>): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      // subscribe() calls back at once with the current state: unsubscribe after it has returned.
      queueMicrotask(() => unsubscribe());
      resolve(v);
    };
    const timer = setTimeout(() => finish(null), Math.min(2 ** 31 - 1, Math.max(0, until - performance.now())));
    const unsubscribe = c.subscribe((st) => {
      if (st !== null && st._stateID > after) finish(st);
    });
  });
}

async function driveBgio(matches: Bgio[][], until: number, r: Result) {
  r.stalled = 0;
  await Promise.all(
    matches.map(async (clients) => {
      let moved = 0;
      let st = clients[0]!.getState()!;
      while (performance.now() < until) {
        const c = clients[Number(st.ctx.currentPlayer)]!;
        // The mover's own client, at the same state, sees its (redacted) hand.
        const mine = await stateAfter(c, st._stateID - 1, until);
        if (mine === null) break;
        const t0 = performance.now();
        c.moves.play!(legalCards(mine.G, Number(c.playerID))[0]);
        const next = await stateAfter(c, mine._stateID, until);
        if (next === null) break;
        r.latencies.push(performance.now() - t0);
        r.moves++;
        moved++;
        st = next;
      }
      if (moved === 0) r.stalled!++;
    }),
  );
}

async function wsTables(url: string): Promise<WsClient[][]> {
  const tables = await restTables(url);
  const wsUrl = url.replace('http', 'ws') + '/ws';
  const out: WsClient[][] = [];
  for (const t of tables) {
    const clients: WsClient[] = [];
    for (const token of t.tokens) {
      const c = await WsClient.connect(wsUrl, { tableId: t.tableId, token });
      await c.request({ action: 'subscribe', after: 0 });
      clients.push(c);
    }
    out.push(clients);
  }
  return out;
}

async function driveWs(tables: WsClient[][], until: number, r: Result) {
  r.stalled = 0;
  await Promise.all(
    tables.map(async (clients) => {
      let version = clients[0]!.lastSeq;
      let moved = 0;
      while (performance.now() < until) {
        // A table whose pushes stop arriving counts as stalled at the end of the window (it does not hang the run).
        const late = await Promise.race([
          Promise.all(clients.map((c) => c.caughtUp(version))).then(() => false),
          new Promise<boolean>((res) => setTimeout(() => res(true), Math.max(0, until - performance.now()))),
        ]);
        if (late) break;
        const seat = clients[0]!.view?.deal?.toAct[0];
        if (seat === undefined) break;
        const c = clients[seat]!;
        const t0 = performance.now();
        const res = await c.request({
          action: 'act',
          move: plain(c.view!.legalActions as Legal),
          expectedVersion: c.viewVersion,
          idempotencyKey: `b-${c.viewVersion}`,
        });
        r.latencies.push(performance.now() - t0);
        if (res.type === 'result') {
          r.moves++;
          moved++;
          version = res.version!;
        } else r.errors++;
      }
      if (moved === 0) r.stalled!++;
    }),
  );
}

async function driveBots(url: string, until: number, r: Result, windowEnd: () => void) {
  const ids: string[] = [];
  const keys: string[] = [];
  for (let i = 0; i < K; i++) {
    const t = await call<{ tableId: string; organiserKey: string }>(`${url}/v1/tables`, 'POST', {
      variant: 'schafkopf',
      seats: 4,
      bots: [0, 1, 2, 3],
      maxDeals: 10_000,
    });
    ids.push(t.body.tableId);
    keys.push(t.body.organiserKey);
  }
  const startVersions = await Promise.all(
    ids.map(async (id) => (await call<{ version: number }>(`${url}/v1/tables/${id}/view`, 'GET')).body.version),
  );
  await new Promise((res) => setTimeout(res, Math.max(0, until - performance.now())));
  // Stop them at the end of the window, then count (reading the events is not part of the measurement).
  // A close races the table's own bots (each run of bot moves a conditional write): with the cores saturated by K
  // tables it may lose its five retries and answer 409 table/busy (4 tables, 3 s: up to 29 asks) — the organiser asks
  // again, as a client would.
  const close = async (id: string, key: string | undefined): Promise<void> => {
    for (let i = 0; i < 100; i++)
      if ((await call(`${url}/v1/tables/${id}/close`, 'POST', undefined, key)).status === 200) return;
    throw new Error(`could not close ${id}`);
  };
  await Promise.all(ids.map((id, i) => close(id, keys[i])));
  windowEnd();
  // Moves = ActionTaken events between the two versions.
  for (const [i, id] of ids.entries()) {
    let after = startVersions[i]!;
    for (;;) {
      const page = await call<{ events: { event: { type: string } }[]; next: number | null }>(
        `${url}/v1/tables/${id}/events?after=${after}&limit=500`,
        'GET',
      );
      r.moves += page.body.events.filter((e) => e.event.type === 'ActionTaken').length;
      if (page.body.next === null) break;
      after = page.body.next;
    }
  }
}

// --before <checkout>: the same drives against another checkout's local server (e.g. /work/main) in the same run.
const beforeDir = process.argv.includes('--before') ? process.argv[process.argv.indexOf('--before') + 1] : undefined;
const dataDirs: string[] = [];
const children: ChildProcess[] = [];
try {
  const servers: { label: string; child: ChildProcess; url: string }[] = [];
  for (const [label, cwd] of [
    ...(beforeDir !== undefined ? [['before', beforeDir] as const] : []),
    ['local server', undefined] as const,
  ]) {
    const dataDir = mkdtempSync(join(tmpdir(), 'stammtisch-bench-'));
    dataDirs.push(dataDir);
    const server = await start(
      ['local/main.ts'],
      { PORT: '0', DATA_DIR: dataDir, API_KEYS: '', RATE_LIMITS: 'off' },
      /runtime on (http:\/\/[\d.]+:\d+)/,
      cwd,
    );
    children.push(server.child);
    servers.push({ label, ...server });
  }
  const baseline = await start(['bench/server-baseline.ts'], {}, /baseline on (http:\/\/[\d.]+:\d+)/);
  children.push(baseline.child);
  const results: Result[] = [];
  const want = (n: string): boolean => only === null || only.includes(n);
  if (want('bgio')) {
    const bgio = await start(
      ['bench/bgio-server.ts'],
      { NODE_ENV: 'production' },
      /boardgame.io on (http:\/\/[\d.]+:\d+ lobby http:\/\/[\d.]+:\d+)/,
    );
    children.push(bgio.child);
    const [app, , lobby] = bgio.url.split(' ');
    const matches = await bgioMatches(app!, lobby!);
    results.push(
      await measure('boardgame.io 0.50 (in-memory, socket.io)', bgio.child.pid!, (u, r) => driveBgio(matches, u, r)),
    );
    for (const c of matches.flat()) c.stop();
  }
  if (want('baseline'))
    results.push(
      await measure('baseline (in-memory, REST)', baseline.child.pid!, (u, r) => driveBaseline(baseline.url, u, r)),
    );
  for (const server of servers) {
    if (want('rest')) {
      const tables = await restTables(server.url);
      results.push(
        await measure(`${server.label}, REST`, server.child.pid!, (u, r) => driveRest(server.url, tables, u, r)),
      );
    }
    if (RATE > 0 && (want('rest') || want('rest-paced'))) {
      const tables = await restTables(server.url);
      results.push(
        await measure(`${server.label}, REST paced ${RATE}/s per table`, server.child.pid!, (u, r) =>
          driveRest(server.url, tables, u, r, RATE),
        ),
      );
    }
    if (want('ws')) {
      const tables = await wsTables(server.url);
      results.push(await measure(`${server.label}, WebSocket`, server.child.pid!, (u, r) => driveWs(tables, u, r)));
      for (const c of tables.flat()) await c.close();
    }
    if (want('bots'))
      results.push(
        await measure(`${server.label}, bot-only`, server.child.pid!, (u, r, end) => driveBots(server.url, u, r, end)),
      );
  }
  if (want('rest-mem')) {
    // This checkout's server with the tables' event store in memory (the rest of the stack unchanged).
    const dataDir = mkdtempSync(join(tmpdir(), 'stammtisch-bench-'));
    dataDirs.push(dataDir);
    const mem = await start(
      ['local/main.ts'],
      { PORT: '0', DATA_DIR: dataDir, API_KEYS: '', RATE_LIMITS: 'off', STAMMTISCH_TABLE_STORE: 'memory' },
      /runtime on (http:\/\/[\d.]+:\d+)/,
    );
    children.push(mem.child);
    const tables = await restTables(mem.url);
    results.push(
      await measure('local server, REST, event store in memory', mem.child.pid!, (u, r) =>
        driveRest(mem.url, tables, u, r),
      ),
    );
    if (RATE > 0) {
      const paced = await restTables(mem.url);
      results.push(
        await measure(`local server, REST paced ${RATE}/s per table, event store in memory`, mem.child.pid!, (u, r) =>
          driveRest(mem.url, paced, u, r, RATE),
        ),
      );
    }
  }
  const base = results.find((r) => r.name.startsWith('baseline'));
  const bgio = results.find((r) => r.name.startsWith('boardgame.io'));
  const perMove = (r: Result): number => r.cpuMs / Math.max(1, r.moves);
  const ratio = (r: Result, to: Result | undefined): string =>
    to === undefined ? '–' : (perMove(r) / perMove(to)).toFixed(1) + '×';
  console.log(`\n${K} concurrent tables, ${SECONDS} s each (server CPU from /proc; 2-core shared machine)\n`);
  console.log(
    '| scenario | moves/s | p50 ms | p95 ms | p99 ms | errors | stalled tables | server RSS MB | server CPU ms/move | × baseline | × boardgame.io |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of results)
    console.log(
      `| ${r.name} | ${(r.moves / r.seconds).toFixed(0)} | ${pct(r.latencies, 50).toFixed(1)} | ${pct(r.latencies, 95).toFixed(1)} | ${pct(r.latencies, 99).toFixed(1)} | ${r.errors} | ${r.stalled ?? '–'} | ${r.rssMb} | ${perMove(r).toFixed(2)} | ${ratio(r, base)} | ${ratio(r, bgio)} |`,
    );
  const paced = results.filter((r) => r.offered !== undefined);
  if (paced.length > 0) {
    console.log(
      `\nPaced (open loop, ${RATE} moves/s per table offered; p99 above is at this load, not the closed loop's)\n`,
    );
    console.log('| scenario | offered moves/s | achieved moves/s | late starts | stalled tables |');
    console.log('|---|---|---|---|---|');
    for (const r of paced)
      console.log(
        `| ${r.name} | ${r.offered!.toFixed(0)} | ${(r.moves / r.seconds).toFixed(0)} | ${r.late} | ${r.stalled} |`,
      );
  }
} finally {
  for (const c of children) c.kill('SIGTERM');
  // The servers write their profiles (BENCH_PROF) on a clean exit: wait for them.
  await Promise.all(children.map((c) => (c.exitCode !== null ? undefined : new Promise((r) => c.once('exit', r)))));
  for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
}
