/**
 * What a webhook registration costs a table of bots playing flat out: `npx tsx bench/webhook-pace.ts [--events 4000]
 * [--answer-ms 14000] [--kinds none,slow,fast] [--cpu]`. Starts the local server (dynalite in this process) and three
 * identical public tables of heuristic bots: one with NO registration (the control), one whose registration's target
 * answers after `--answer-ms` (slow), one whose target answers at once (fast); each registration is an anonymous
 * spectator's, for every event, made before the last bot sits down. All three play at the same time until the control
 * has made `--events` more events; prints each table's events and its ratio to the control. With `--cpu`, then each
 * kind plays alone on a fresh server for as many events, and the process's CPU time (user + system, dynalite and the
 * pumps included) per event is printed. The test with the same setup and a floor: test/webhooks/outbox.test.ts.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startLocal } from '../local/server.js';
import { arg, hasFlag } from './args.js';

// The local server logs every commit at INFO: quiet unless asked for.
process.env.POWERTOOLS_LOG_LEVEL ??= 'SILENT';
const events = Number(arg('events', '4000'));
const answerMs = Number(arg('answer-ms', '14000'));
const cpu = hasFlag('cpu');

/** A target that answers each request after `ms` (0: at once). */
async function target(ms: number): Promise<{ url: string; server: Server; received: () => number }> {
  let n = 0;
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((req, res) => {
    req.resume();
    n++;
    if (ms === 0) res.writeHead(200).end('ok');
    else {
      const t = setTimeout(() => {
        timers.delete(t);
        res.writeHead(200).end('ok');
      }, ms);
      timers.add(t);
    }
  });
  server.on('close', () => timers.forEach(clearTimeout));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, server, received: () => n };
}

type Kind = 'none' | 'slow' | 'fast';
type Table = { tableId: string; start(): Promise<void> };

/** A local server (its own dynalite) with a slow and a fast target, and how to make tables on it. */
async function session(): Promise<{
  table(kind: Kind): Promise<Table>;
  versionOf(id: string): Promise<number>;
  close(id: string): Promise<void>;
  received(): { slow: number; fast: number };
  stop(): Promise<void>;
}> {
  const local = await startLocal({
    port: 0,
    tableStore: 'dynamodb',
    // An answer after 14 s is a success (the default time-out is 15 s).
    webhooks: { allowAddresses: ['127.0.0.1'], timeoutMs: Math.max(15_000, answerMs + 1_000) },
  });
  const slow = await target(answerMs);
  const fast = await target(0);
  const service = local.runtime.service;
  return {
    // A table of three bots with the kind's registration; the fourth bot (and so the dealing) comes in `start`.
    async table(kind) {
      const t = await service.create({ variant: 'schafkopf', seats: 4, bots: [0, 1, 2], maxDeals: 100_000 });
      if (kind !== 'none') {
        const spectator = await service.addSpectator(t.tableId);
        await local.webhooks.service.register(spectator.token, {
          url: (kind === 'slow' ? slow : fast).url,
          tableId: t.tableId,
        });
      }
      return { tableId: t.tableId, start: () => service.addBot(t.tableId, 3).then(() => undefined) };
    },
    versionOf: async (id) => (await local.runtime.store.head(id))!.seq,
    close: (id) => service.close(id).then(() => undefined),
    received: () => ({ slow: slow.received(), fast: fast.received() }),
    async stop() {
      for (const t of [slow, fast]) {
        t.server.closeAllConnections();
        t.server.close();
      }
      // The pumps still hold backlogs (a slow target's for hours): the server goes without waiting for them.
      local.webhooks.scheduler.stop?.();
      await local.close();
    },
  };
}

async function until(probe: () => Promise<boolean>): Promise<void> {
  while (!(await probe())) await new Promise((r) => setTimeout(r, 20));
}

// 1. Side by side: the tables in the same period, on one server.
const kinds: Kind[] = arg('kinds', 'none,slow,fast').split(',') as Kind[];
const shared = await session();
const tables = await Promise.all(kinds.map((k) => shared.table(k)));
const from = await Promise.all(tables.map((t) => shared.versionOf(t.tableId)));
const started = performance.now();
await Promise.all(tables.map((t) => t.start()));
await until(async () => (await shared.versionOf(tables[0]!.tableId)) - from[0]! >= events);
const made = await Promise.all(tables.map(async (t, i) => (await shared.versionOf(t.tableId)) - from[i]!));
const seconds = (performance.now() - started) / 1000;
for (const t of tables) await shared.close(t.tableId);
console.log(`side by side, until the control made ${events} events (${seconds.toFixed(1)} s):`);
kinds.forEach((k, i) =>
  console.log(`  ${k.padEnd(5)} ${String(made[i]).padStart(6)} events  ratio ${(made[i]! / made[0]!).toFixed(2)}`),
);
const got = shared.received();
console.log(`  slow target got ${got.slow} requests, fast target ${got.fast}`);
await shared.stop();

// 2. Alone, each on a fresh server (no other table's pump still sending): CPU per event of each kind.
if (cpu) {
  for (const kind of kinds) {
    const own = await session();
    const t = await own.table(kind);
    const v0 = await own.versionOf(t.tableId);
    const c0 = process.cpuUsage();
    const w0 = performance.now();
    await t.start();
    await until(async () => (await own.versionOf(t.tableId)) - v0 >= events);
    const n = (await own.versionOf(t.tableId)) - v0;
    const c = process.cpuUsage(c0);
    const wall = performance.now() - w0;
    await own.close(t.tableId);
    await own.stop();
    console.log(
      `alone ${kind.padEnd(5)} ${n} events in ${(wall / 1000).toFixed(1)} s: ` +
        `${((c.user + c.system) / n).toFixed(0)} µs CPU per event, ${((n / wall) * 1000).toFixed(0)} events/s`,
    );
  }
}
process.exit(0);
