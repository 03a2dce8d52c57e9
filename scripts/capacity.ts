/**
 * `npm run capacity -- --deals-per-day 250000 --peak 5 --connections 20000 --rest-share 0.5 --bot-share 0.1
 * --tournament-players 1000`: the capacity model (infra/capacity.ts) at 1×, 10× and 100× of the load, with the limit
 * hit first, and the stack settings it sizes. `--markdown` prints the cost table for the README.
 */
import { parseArgs } from 'node:util';
import {
  defaultLoad,
  demand,
  dollars,
  limitsOf,
  perThousandDeals,
  pressure,
  sizing,
  type Load,
} from '../infra/capacity.js';

const { values } = parseArgs({
  options: {
    'deals-per-day': { type: 'string' },
    peak: { type: 'string' },
    connections: { type: 'string' },
    'rest-share': { type: 'string' },
    'bot-share': { type: 'string' },
    'tournament-players': { type: 'string' },
    markdown: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help === true) {
  console.log(
    'usage: npm run capacity -- [--deals-per-day N] [--peak F] [--connections N] [--rest-share F] [--bot-share F] [--tournament-players N] [--markdown]',
  );
  process.exit(0);
}
const num = (name: string, value: string | undefined, fallback: number, max = Infinity): number => {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > max) {
    console.error(`--${name}: expected a number between 0 and ${max}, got ${value}`);
    process.exit(2);
  }
  return n;
};
const load: Load = {
  dealsPerDay: num('deals-per-day', values['deals-per-day'], defaultLoad.dealsPerDay),
  peak: num('peak', values.peak, defaultLoad.peak),
  connections: num('connections', values.connections, defaultLoad.connections),
  restShare: num('rest-share', values['rest-share'], defaultLoad.restShare, 1),
  botShare: num('bot-share', values['bot-share'], defaultLoad.botShare, 1),
  tournamentPlayers: num('tournament-players', values['tournament-players'], defaultLoad.tournamentPlayers),
};
const size = sizing(load);
const limits = limitsOf(sizing(defaultLoad));
const scales = [1, 10, 100];
const rows = scales.map((s) => demand(load, s));
const f = (n: number): string => (n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(1));

if (values.markdown === true) {
  const d = rows[0]!;
  console.log(`| per month at ${load.dealsPerDay.toLocaleString('en-US')} deals a day | $ |`);
  console.log('|---|---:|');
  for (const [k, v] of Object.entries(d.monthly)) console.log(`| ${k} | ${dollars(v)} |`);
  console.log(`| **total** | **${dollars(d.monthlyTotal)}** |`);
  console.log(`| per 1,000 deals | ${dollars(perThousandDeals(d, load))} |`);
  process.exit(0);
}

console.log(`Load: ${JSON.stringify(load)}`);
console.log('\npeak, per second          ' + scales.map((s) => `${s}×`.padStart(12)).join(''));
const line = (label: string, pick: (d: (typeof rows)[number]) => number): void =>
  console.log(label.padEnd(26) + rows.map((d) => f(pick(d)).padStart(12)).join(''));
line('commits', (d) => d.commitsPerSecond);
line('HTTP requests', (d) => d.httpRps);
line('WebSocket in (moves, pings)', (d) => d.wsInboundRps);
line('WebSocket out (frames)', (d) => d.wsOutboundRps);
line('DynamoDB write units', (d) => d.writeUnitsPerSecond);
line('DynamoDB read units', (d) => d.readUnitsPerSecond);
line('stream records', (d) => d.streamRecordsPerSecond);
line('due-queue messages', (d) => d.dueMessagesPerSecond);
line('Lambda invocations', (d) => d.lambdaInvocationsPerSecond);
line('Lambda concurrency', (d) => d.lambdaConcurrency);
line('due workers busy', (d) => d.dueConcurrency);
line('tournament start commits', (d) => d.tournamentStartCommits);
console.log('\n$ per month               ' + scales.map((s) => `${s}×`.padStart(12)).join(''));
for (const k of Object.keys(rows[0]!.monthly)) line(k.slice(0, 25), (d) => (d.monthly[k] ?? 0) / 1e6);
line('total', (d) => d.monthlyTotal / 1e6);
line('per 1,000 deals', (d) => perThousandDeals(d, load) / 1e6);
console.log('\nlimits of the default stack, use at each scale (1.0 = at the limit)');
for (const [i, d] of rows.entries()) {
  const p = pressure(d, limits, load);
  console.log(
    `${scales[i]}×: first hit: ${p[0]!.limit} (${(p[0]!.use * 100).toFixed(0)} %); then ` +
      p
        .slice(1, 4)
        .map((r) => `${r.limit} ${(r.use * 100).toFixed(0)} %`)
        .join(', '),
  );
}
console.log(`\nstack settings for this load (context \`capacity\`): ${JSON.stringify(size)}`);
