/**
 * The current `strong` against the frozen baseline `strong-v2` (bench/baseline/strong-v2.ts: strong as it was before
 * the double-dummy work) and against `heuristic`, on duplicate deals: A − B per hand with its 95% CI and the decision
 * times (wall ms, the machine's load included).
 *   npx tsx bench/bots-baseline.ts [--only schafkopf:4,sheepshead:5] [--deals 40] [--budget 200] [--seed 1]
 *                                  [--against strong-v2,heuristic] [--seconds S] [--chunk 10] [--a strong]
 * `--a` names the bot in A's seats: `strong` (default) or a retuned `strong:<key>=<value>[+…]` level
 * (bench/levels.ts), e.g. `--a strong:votes=1+votesLeads=0 --against strong`; `--against` takes such levels too.
 * `--seconds S` plays the deals in chunks of `--chunk` duplicate deals (chunk i on seed `<seed>.<i>`) and starts no
 * chunk after S seconds per duel: the report says how many deals were played. The chunks' means and variances are
 * pooled exactly (the deals are independent), so a capped run is one larger duel cut short, not a smaller one.
 */
import { budgetForMs } from '../engine/bots/index.js';
import { type Summary, quantile } from '../engine/bots/duel.js';
import { formatDuel, timedDuel, type TimedDuelReport } from '../cli/duel.js';
import { arg, tablesArg } from './args.js';
import { strongV2Bot } from './baseline/strong-v2.js';
import { retuned } from './levels.js';

const deals = Number(arg('deals', '40'));
const budgetMs = Number(arg('budget', '200'));
const seed = arg('seed', '1');
const against = arg('against', 'strong-v2,heuristic').split(',');
const maxSeconds = Number(arg('seconds', 'Infinity'));
const chunk = Number(arg('chunk', '10'));
const a = arg('a', 'strong');
const botA = a.startsWith('strong:') ? retuned(a) : undefined;

/** Pools the summaries of independent runs (n deals each): the mean and 95% CI of all their deals together. */
function pool(parts: readonly { n: number; s: Summary }[]): Summary {
  const n = parts.reduce((a, p) => a + p.n, 0);
  if (n === 0) return { mean: 0, ci95: 0 };
  const mean = parts.reduce((a, p) => a + p.n * p.s.mean, 0) / n;
  // Each part's sample variance from its CI half width (1.96 σ/√n), plus its mean's distance from the pooled mean.
  const ss = parts.reduce((a, p) => a + (p.n - 1) * (p.s.ci95 / 1.96) ** 2 * p.n + p.n * (p.s.mean - mean) ** 2, 0);
  return { mean, ci95: n > 1 ? 1.96 * Math.sqrt(ss / (n - 1) / n) : 0 };
}

const rows: string[] = [];
for (const t of tablesArg('schafkopf:4,sheepshead:5')) {
  for (const b of against) {
    const t0 = performance.now();
    const run = (n: number, s: string): TimedDuelReport =>
      timedDuel({
        variant: t.variant,
        options: t.options,
        players: t.players,
        a,
        ...(botA !== undefined ? { botA } : {}),
        b,
        ...(b === 'strong-v2' ? { botB: strongV2Bot } : b.startsWith('strong:') ? { botB: retuned(b) } : {}),
        deals: n,
        seed: s,
        budget: budgetForMs(budgetMs),
      });
    let diff: Summary;
    let played: number;
    if (!Number.isFinite(maxSeconds)) {
      const r = run(deals, seed);
      console.log(`${formatDuel(r)}\n(${((performance.now() - t0) / 1000).toFixed(0)} s)\n`);
      diff = r.diff;
      played = deals;
    } else {
      const parts: { n: number; s: Summary }[] = [];
      const p50s: number[] = [];
      let p99 = 0;
      for (let i = 0; parts.length * chunk < deals && (performance.now() - t0) / 1000 < maxSeconds; i++) {
        const r = run(Math.min(chunk, deals - parts.length * chunk), `${seed}.${i}`);
        parts.push({ n: r.deals, s: r.diff });
        const ms = r.decisionMs[a];
        if (ms !== undefined) {
          p50s.push(ms.p50);
          p99 = Math.max(p99, ms.p99);
        }
      }
      diff = pool(parts);
      played = parts.reduce((a, p) => a + p.n, 0);
      const p50 = quantile(
        p50s.sort((x, y) => x - y),
        0.5,
      );
      console.log(
        `${t.id} ${t.seats} ${a} vs ${b}: ${played} deals in ${parts.length} chunks, ` +
          `${((performance.now() - t0) / 1000).toFixed(0)} s; ${a} decision ms (wall) median chunk p50 ` +
          `${p50.toFixed(1)}, max chunk p99 ${p99.toFixed(1)}; A − B per hand ${diff.mean.toFixed(3)} ± ${diff.ci95.toFixed(3)}`,
      );
    }
    const verdict = Math.abs(diff.mean) > diff.ci95 ? (diff.mean > 0 ? `${a} better` : `${b} better`) : 'n.s.';
    rows.push(
      `${t.id} ${t.seats}`.padEnd(14) +
        `${a} vs ${b}`.padEnd(22) +
        `D=${played}`.padEnd(7) +
        `${diff.mean.toFixed(3)} ± ${diff.ci95.toFixed(3)}`.padEnd(20) +
        verdict,
    );
  }
}
console.log('table         duel                  deals  A−B per hand (95%)  verdict');
for (const row of rows) console.log(row);
