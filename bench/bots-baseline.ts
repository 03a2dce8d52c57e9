/**
 * The current `strong` against the frozen baseline `strong-v2` (bench/baseline/strong-v2.ts: strong as it was before
 * the double-dummy work) and against `heuristic`, on duplicate deals: A − B per hand with its 95% CI and the decision
 * times (wall ms, the machine's load included).
 *   npx tsx bench/bots-baseline.ts [--only schafkopf:4,sheepshead:5] [--deals 40] [--budget 200] [--seed 1]
 *                                  [--against strong-v2,heuristic]
 */
import { budgetForMs } from '../engine/bots/index.js';
import { formatDuel, timedDuel } from '../cli/duel.js';
import { arg, tablesArg } from './args.js';
import { strongV2Bot } from './baseline/strong-v2.js';

const deals = Number(arg('deals', '40'));
const budgetMs = Number(arg('budget', '200'));
const seed = arg('seed', '1');
const against = arg('against', 'strong-v2,heuristic').split(',');
const rows: string[] = [];
for (const t of tablesArg('schafkopf:4,sheepshead:5')) {
  for (const b of against) {
    const t0 = performance.now();
    const r = timedDuel({
      variant: t.variant,
      options: t.options,
      players: t.players,
      a: 'strong',
      b,
      ...(b === 'strong-v2' ? { botB: strongV2Bot } : {}),
      deals,
      seed,
      budget: budgetForMs(budgetMs),
    });
    console.log(`${formatDuel(r)}\n(${((performance.now() - t0) / 1000).toFixed(0)} s)\n`);
    const verdict = Math.abs(r.diff.mean) > r.diff.ci95 ? (r.diff.mean > 0 ? 'strong better' : `${b} better`) : 'n.s.';
    rows.push(
      `${t.id} ${t.seats}`.padEnd(14) +
        `strong vs ${b}`.padEnd(22) +
        `D=${deals}`.padEnd(7) +
        `${r.diff.mean.toFixed(3)} ± ${r.diff.ci95.toFixed(3)}`.padEnd(20) +
        verdict,
    );
  }
}
console.log('table         duel                  deals  A−B per hand (95%)  verdict');
for (const row of rows) console.log(row);
