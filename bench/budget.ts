/**
 * Bot thinking budget: `npm run bench:budget [-- --seconds 15 --tables 5]`.
 *
 * One process (the local runtime, dynalite, everything in process as `npm start`) runs `--tables` tables of four
 * strong bots each (BOT_BUDGET_MS, default 200 ms a decision). Meanwhile a client polls `GET /v1/health` every 20 ms and
 * four players play a table of their own over REST (each POST …/actions is one human move). Reported: the latency of
 * both (p50 / p99 / max), the strong-bot moves made, and the process's CPU per second.
 *
 * Measured twice in the same run on fresh servers: `inline` — bots think on the event loop that answers requests (the
 * behaviour before the pool) — and `pool` — bots think on the thread pool (functions/adapters/threads/bot-pool.ts,
 * BOT_THREADS, default the cores but one), turns taken round-robin over tables.
 */
import { startLocal } from '../local/server.js';

// The structured request logs would drown the table (set POWERTOOLS_LOG_LEVEL to see them).
process.env.POWERTOOLS_LOG_LEVEL ??= 'SILENT';

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : Number(process.argv[i + 1]);
};
const SECONDS = arg('seconds', 15);
const TABLES = arg('tables', 5);

type Legal = Record<string, unknown>[];
const plain = (legal: Legal): Record<string, unknown> => {
  const p = legal.filter((a) => !['knock', 'kontra', 're'].includes(String(a.type)));
  return p.find((a) => a.type !== 'pass') ?? p[0] ?? legal[0]!;
};
const pct = (xs: number[], p: number): number =>
  xs.length === 0 ? NaN : [...xs].sort((a, b) => a - b)[Math.floor((p / 100) * (xs.length - 1))]!;
const ms = (n: number): string => `${n.toFixed(1)} ms`;

interface Outcome {
  readonly health: number[];
  readonly moves: number[];
  readonly botEvents: number;
  readonly cpuPerSecond: number;
}

async function run(threads: number | undefined): Promise<Outcome> {
  const server = await startLocal({ port: 0, ...(threads !== undefined ? { botThreads: threads } : {}) });
  const call = async <T>(method: string, path: string, body?: unknown, token?: string, retry = 3): Promise<T> => {
    const res = await fetch(server.url + path, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token !== undefined ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    }).catch((e: unknown) => {
      // A keep-alive socket the blocked server let go stale: once more on a fresh one.
      if (retry > 0) return undefined;
      throw e;
    });
    if (res === undefined) return call<T>(method, path, body, token, retry - 1);
    return (await res.json()) as T;
  };
  try {
    // The players' table first (the bot tables start dealing as soon as they are created).
    const human = (await call<{ tableId: string }>('POST', '/v1/tables', { variant: 'schafkopf', seats: 4 })).tableId;
    const tokens: string[] = [];
    for (let s = 0; s < 4; s++)
      tokens.push(
        (await call<{ seatToken: string }>('POST', `/v1/tables/${human}/seats`, { seat: s, name: `p${s}` })).seatToken,
      );
    const bots: string[] = [];
    for (let i = 0; i < TABLES; i++)
      bots.push(
        (
          await call<{ tableId: string }>('POST', '/v1/tables', {
            variant: 'schafkopf',
            seats: 4,
            bots: [0, 1, 2, 3],
            botLevel: 'strong',
            maxDeals: 10_000,
          })
        ).tableId,
      );
    const versions = async (): Promise<number> => {
      let sum = 0;
      for (const id of bots) sum += (await call<{ version: number }>('GET', `/v1/tables/${id}/view`)).version;
      return sum;
    };
    // Let the bot tables get going.
    await new Promise((r) => setTimeout(r, 1000));
    const startVersions = await versions();
    const cpu0 = process.cpuUsage();
    const t0 = Date.now();
    const end = t0 + SECONDS * 1000;
    const health: number[] = [];
    const moves: number[] = [];
    const healthLoop = (async () => {
      while (Date.now() < end) {
        const started = performance.now();
        await call('GET', '/v1/health');
        health.push(performance.now() - started);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const humanLoop = (async () => {
      while (Date.now() < end) {
        const v = await call<{ version: number; view: { deal: { toAct: number[] } | null; legalActions: Legal } }>(
          'GET',
          `/v1/tables/${human}/view`,
        );
        const seat = v.view.deal?.toAct[0];
        if (seat === undefined) {
          await new Promise((r) => setTimeout(r, 20));
          continue;
        }
        const mine = await call<{ version: number; view: { legalActions: Legal } }>(
          'GET',
          `/v1/tables/${human}/view`,
          undefined,
          tokens[seat],
        );
        const started = performance.now();
        await call(
          'POST',
          `/v1/tables/${human}/actions`,
          { action: plain(mine.view.legalActions), expectedVersion: mine.version },
          tokens[seat],
        );
        moves.push(performance.now() - started);
      }
    })();
    await Promise.all([healthLoop, humanLoop]);
    const cpu = process.cpuUsage(cpu0);
    const seconds = (Date.now() - t0) / 1000;
    const botEvents = (await versions()) - startVersions;
    return { health, moves, botEvents, cpuPerSecond: (cpu.user + cpu.system) / 1000 / seconds };
  } finally {
    await server.close();
  }
}

const rows: [string, Outcome][] = [];
rows.push(['inline (bots on the event loop)', await run(0)]);
// The pool as `npm start` sizes it (BOT_THREADS, else the cores but one).
rows.push(['pool (bot threads, fair over tables)', await run(undefined)]);
console.log(
  `\n${TABLES} strong-bot tables, ${SECONDS} s each, BOT_BUDGET_MS=${process.env.BOT_BUDGET_MS ?? '200 (default)'}\n`,
);
console.log(
  '| mode | /v1/health p50 / p99 / max | human move p50 / p99 / max (n) | bot-table events | process CPU (all threads) |',
);
console.log('|---|---|---|---|---|');
for (const [name, o] of rows)
  console.log(
    `| ${name} | ${ms(pct(o.health, 50))} / ${ms(pct(o.health, 99))} / ${ms(Math.max(...o.health))} | ` +
      `${ms(pct(o.moves, 50))} / ${ms(pct(o.moves, 99))} / ${ms(Math.max(...o.moves))} (${o.moves.length}) | ` +
      `${o.botEvents} | ${(o.cpuPerSecond / 10).toFixed(0)} % |`,
  );
