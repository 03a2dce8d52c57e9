/**
 * A local soak: `npm run bench:soak -- --tables 1000 --minutes 10 --think-ms 4000`. Starts `npm start`'s server
 * (local/main.ts, its own process, a fresh DATA_DIR), opens `--tables` Schafkopf tables — seat 0 a scripted human over
 * REST (reads its view every `--poll-ms`, thinks `--think-ms`, sends a legal move pinned to the version it saw), seats
 * 1–3 bots at `--level` — and plays for `--minutes`. Every 15 s it samples the server's resident memory; at the end it
 * prints moves, the p50/p99 of a human move (POST …/actions round trip), memory at start/end/max, and the tables that
 * stalled (no new version for 60 s while the human was not to act and the table was open).
 *
 * `--probe DIR` loads bench/soak-probe.ts into the server: every minute a full GC and the heap that survives it next
 * to RSS split into anonymous and file-backed memory (DIR/probe.jsonl, printed at the end), so heap growth (a JS leak)
 * and RSS-only growth (V8's committed heap, the allocator, LevelDB's mapped files) can be told apart.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    tables: { type: 'string' },
    minutes: { type: 'string' },
    'think-ms': { type: 'string' },
    'poll-ms': { type: 'string' },
    level: { type: 'string' },
    port: { type: 'string' },
    probe: { type: 'string' },
  },
});
const tables = Number(values.tables ?? 1000);
const minutes = Number(values.minutes ?? 10);
const thinkMs = Number(values['think-ms'] ?? 4000);
const pollMs = Number(values['poll-ms'] ?? 1000);
const level = values.level ?? 'heuristic';
const port = Number(values.port ?? 18787);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'stammtisch-soak-'));

const probeFile = values.probe !== undefined ? join(values.probe, 'probe.jsonl') : undefined;
const server = spawn(
  process.execPath,
  ['--import', 'tsx', ...(probeFile !== undefined ? ['--import', './bench/soak-probe.ts'] : []), 'local/main.ts'],
  {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      POWERTOOLS_LOG_LEVEL: 'ERROR',
      RATE_LIMITS: 'off',
      ...(probeFile !== undefined ? { SOAK_PROBE_FILE: probeFile } : {}),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
await new Promise<void>((resolve) =>
  server.stdout!.on('data', (d: Buffer) => String(d).includes('runtime on') && resolve()),
);
const rssMb = (): number => {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};
let networkErrors = 0;
const json = async <T>(
  path: string,
  init: { method?: string; body?: unknown; token?: string } = {},
): Promise<{ status: number; body: T }> => {
  // A refused or timed-out connection (the server's accept queue under 1,000 clients) is counted and retried.
  for (let attempt = 0; ; attempt++) {
    try {
      return await request<T>(path, init);
    } catch (e) {
      if (attempt >= 5 || !(e instanceof TypeError)) throw e;
      networkErrors++;
      await new Promise((r) => setTimeout(r, 500 * 2 ** attempt));
    }
  }
};
const request = async <T>(
  path: string,
  init: { method?: string; body?: unknown; token?: string } = {},
): Promise<{ status: number; body: T }> => {
  const res = await fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      ...(init.token !== undefined ? { authorization: `Bearer ${init.token}` } : {}),
    },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as T };
};
const wait = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

type View = { version: number; view: { closed: boolean; legalActions: { type: string }[] } };
const latencies: number[] = [];
const statuses = new Map<number, number>();
let moves = 0;
const lastChange = new Map<string, { version: number; at: number; mine: boolean; closed: boolean }>();
const end = Date.now() + minutes * 60_000;

async function playTable(i: number): Promise<void> {
  // Tables open over a ramp (20 ms apart: 1,000 tables in 20 s), not all in the same second.
  await wait(i * 20 + ((i * 37) % pollMs));
  const created = await json<{ tableId: string }>('/v1/tables', {
    method: 'POST',
    body: { variant: 'schafkopf', seats: 4, bots: [1, 2, 3], botLevel: level },
  });
  const { tableId } = created.body;
  const seat = await json<{ seatToken: string }>(`/v1/tables/${tableId}/seats`, {
    method: 'POST',
    body: { name: `h${i}` },
  });
  const token = seat.body.seatToken;
  while (Date.now() < end) {
    const { body } = await json<View>(`/v1/tables/${tableId}/view`, { token });
    const mine = body.view.legalActions.length > 0;
    const prev = lastChange.get(tableId);
    if (prev === undefined || prev.version !== body.version)
      lastChange.set(tableId, { version: body.version, at: Date.now(), mine, closed: body.view.closed });
    if (body.view.closed) return;
    if (!mine) {
      await wait(pollMs);
      continue;
    }
    await wait(thinkMs);
    const action =
      body.view.legalActions.find((a) => !['knock', 'kontra', 're'].includes(a.type)) ?? body.view.legalActions[0];
    const t = performance.now();
    const res = await json(`/v1/tables/${tableId}/actions`, {
      method: 'POST',
      token,
      body: { action, expectedVersion: body.version },
    });
    latencies.push(performance.now() - t);
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    moves++;
  }
}

const samples: number[] = [rssMb()];
const sampler = setInterval(() => samples.push(rssMb()), 15_000);
const startedAt = Date.now();
await Promise.all(Array.from({ length: tables }, (_, i) => playTable(i)));
clearInterval(sampler);
samples.push(rssMb());
const now = Date.now();
const stalled = [...lastChange.entries()].filter(([, s]) => !s.closed && !s.mine && now - s.at > 60_000);
latencies.sort((a, b) => a - b);
const q = (p: number): string =>
  (latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0).toFixed(1);
console.log(
  `soak: ${tables} tables (seat 0 scripted human, 3 × ${level} bots), ${((now - startedAt) / 60_000).toFixed(1)} min`,
);
console.log(
  `human moves: ${moves} (${[...statuses].map(([s, n]) => `${s}: ${n}`).join(', ')}); p50 ${q(0.5)} ms, p99 ${q(0.99)} ms`,
);
console.log(
  `server RSS: start ${samples[0]!.toFixed(0)} MB, after the first minute ${(samples[4] ?? samples.at(-1)!).toFixed(0)} MB, end ${samples.at(-1)!.toFixed(0)} MB, max ${Math.max(...samples).toFixed(0)} MB`,
);
// Memory over time: one sample a minute, and the trend over the second half (a least-squares slope, MB per minute).
const perMinute = samples.filter((_, i) => i % 4 === 0);
const half = samples.slice(Math.floor(samples.length / 2));
const slope = (() => {
  const n = half.length;
  if (n < 2) return 0;
  const mx = (n - 1) / 2;
  const my = half.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  half.forEach((y, x) => {
    num += (x - mx) * (y - my);
    den += (x - mx) ** 2;
  });
  return (num / den) * 4;
})();
console.log(`connection errors retried: ${networkErrors}`);
console.log(`server RSS each minute (MB): ${perMinute.map((m) => m.toFixed(0)).join(' ')}`);
console.log(`server RSS trend over the second half: ${slope >= 0 ? '+' : ''}${slope.toFixed(1)} MB/min`);
if (probeFile !== undefined && existsSync(probeFile)) {
  const probes = readFileSync(probeFile, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, string>);
  const row = (k: string): string => probes.map((p) => Number(p[k]).toFixed(0)).join(' ');
  console.log(`server heap used after a full GC each minute (MB): ${row('heapUsed')}`);
  console.log(`server heap committed (MB): ${row('heapTotal')}`);
  console.log(`server RSS anonymous / file-backed (MB): ${row('rssAnon')} / ${row('rssFile')}`);
}
console.log(
  `stalled tables: ${stalled.length}${
    stalled.length > 0
      ? ` (${stalled
          .slice(0, 5)
          .map(([t]) => t)
          .join(', ')})`
      : ''
  }`,
);
server.kill('SIGTERM');
rmSync(dataDir, { recursive: true, force: true });
process.exit(stalled.length > 0 ? 1 : 0);
