/**
 * Bot duels on duplicate deals for every variant and player count: heuristic vs random and strong vs heuristic,
 * with each bot's mean per hand, the difference with a 95% CI, decision times and the contract mix.
 *   npx tsx bench/bots.ts [--deals-h 200] [--deals-s 40] [--budget 200] [--only schafkopf:4,sheepshead:5] [--seed 1]
 */
import { getVariant } from '../engine/index.js';
import { budgetForMs } from '../engine/bots/index.js';
import { type TimedDuelReport, formatDuel, timedDuel } from '../cli/duel.js';
import { asSeat } from '../engine/seat.js';
import { arg } from './args.js';

const dealsH = Number(arg('deals-h', '200'));
const dealsS = Number(arg('deals-s', '40'));
const budgetMs = Number(arg('budget', '200'));
const seed = arg('seed', '1');
const only = arg('only', '');
const CONFIGS: readonly [string, number][] = [
  ['schafkopf', 4],
  ['sheepshead', 2],
  ['sheepshead', 3],
  ['sheepshead', 4],
  ['sheepshead', 5],
  ['sheepshead', 6],
  ['sheepshead', 7],
  ['sheepshead', 8],
  ['mehrkopf', 2],
  ['mehrkopf', 3],
  ['mehrkopf', 4],
  ['mehrkopf', 5],
  ['mehrkopf', 6],
  ['mehrkopf', 7],
  ['saukopf', 3],
  ['saukopf', 4],
];
const wanted = only === '' ? CONFIGS : CONFIGS.filter(([v, n]) => only.split(',').includes(`${v}:${n}`));
const rows: string[] = [];
const f = (x: number): string => x.toFixed(2);
for (const [id, seats] of wanted) {
  const variant = getVariant(id);
  if (variant === undefined) throw new Error(`unknown variant ${id}`);
  const options = variant.resolveOptions(undefined, {}, seats);
  const players = variant.participants(options, seats, asSeat(seats - 1)).length;
  for (const [a, b, deals] of [
    ['heuristic', 'random', dealsH],
    ['strong', 'heuristic', dealsS],
  ] as const) {
    if (deals <= 0) continue;
    const t0 = performance.now();
    const r: TimedDuelReport = timedDuel({
      variant,
      options,
      players,
      a,
      b,
      deals,
      seed,
      budget: budgetForMs(budgetMs),
    });
    const seconds = (performance.now() - t0) / 1000;
    console.log(`${formatDuel(r)}\n(${seconds.toFixed(0)} s)\n`);
    const t = r.decisionMs[a];
    rows.push(
      `${id} ${seats}`.padEnd(13) +
        `${a} vs ${b}`.padEnd(23) +
        `D=${deals}`.padEnd(7) +
        `${f(r.diff.mean)} ± ${f(r.diff.ci95)}`.padEnd(20) +
        (Math.abs(r.diff.mean) > r.diff.ci95 ? (r.diff.mean > 0 ? 'A better' : 'B better') : 'n.s.').padEnd(10) +
        `${a} p50 ${t?.p50.toFixed(1)} ms p99 ${t?.p99.toFixed(1)} ms`,
    );
  }
}
console.log('variant      duel                   deals  A−B per hand (95%)  verdict   decision time of A');
for (const row of rows) console.log(row);
