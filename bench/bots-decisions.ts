/**
 * How often each bot level takes the table's optional decisions, and what they bring, in self-play.
 *
 * Every seat plays at one level (`--levels`, each level in turn) on `--deals` seeded deals per table (the same deals
 * for every level). For each decision type below, a seat counts as **offered** it in a deal when it was among the
 * seat's legal actions at least once, and as having **taken** it when it chose it at least once. Reported per level and
 * table: how many seat-deals were offered it, the share that took it, and the seat's mean payout (money units, 95% CI)
 * in the deals it took it against the deals it was offered it and declined. The comparison is observational: a seat
 * takes a decision on a good hand, so "took − declined" mixes the decision's worth with the hand's; it says whether
 * the decisions taken pay, not what declining them would have paid.
 *
 * Decision types: `knock` (Klopfen), `kontra` / `re` (Schafkopf), `pick` / `alone` / `crack` / `recrack` / `blitz`
 * (Sheepshead), `bid` (Saukopf: Grunzen; Schafkopf and Mehrkopf: declaring a game), `huftritt` / `stallgeruch`
 * (Saukopf). Mehrkopf has no doubling.
 *
 *   npx tsx bench/bots-decisions.ts [--only schafkopf:4,sheepshead:5,saukopf:4] [--deals 200] [--levels heuristic,strong,strong:<key>=<value>…]
 *                                   [--budget 200] [--seed 1] [--seconds S: start no deal after S s per table and level]
 */
import { Rng, type Action, money } from '../engine/index.js';
import { type Bot, budgetForMs, getBot } from '../engine/bots/index.js';
import { summarize } from '../engine/bots/duel.js';
import { arg, playSeeded, seededDeal, tablesArg } from './args.js';
import { retuned } from './levels.js';

const deals = Number(arg('deals', '200'));
const budgetMs = Number(arg('budget', '200'));
const budget = budgetForMs(budgetMs);
const seed = arg('seed', '1');
const levels = arg('levels', 'heuristic,strong').split(',');
/** Wall-clock cap per table and level: no new deal is started after it (the deals played are reported). */
const maxSeconds = Number(arg('seconds', 'Infinity'));
const TYPES = ['knock', 'kontra', 're', 'pick', 'alone', 'crack', 'recrack', 'blitz', 'bid', 'huftritt', 'stallgeruch'];

interface Row {
  took: number[];
  declined: number[];
}

const fmt = (xs: readonly number[]): string => {
  if (xs.length === 0) return '—';
  const s = summarize(xs);
  return `${s.mean.toFixed(2)} ± ${s.ci95.toFixed(2)}`;
};

console.log(`seed ${seed}, ${deals} deals per table and level, budget ${budgetMs} ms (strong's work budget)`);
console.log(
  'table         level (deals)   decision     offered  took %   payout when taken   payout when declined  taken − declined',
);
for (const table of tablesArg('schafkopf:4,sheepshead:5,saukopf:4')) {
  const n = table.players;
  for (const level of levels) {
    const rows = new Map<string, Row>();
    const t0 = performance.now();
    const seeds = new Rng(`${seed}:${table.id}:${n}`);
    let playedDeals = 0;
    for (let d = 0; d < deals && (performance.now() - t0) / 1000 < maxSeconds; d++, playedDeals++) {
      const deal = seededDeal(table, seeds, d);
      const offered = Array.from({ length: n }, () => new Set<string>());
      const took = Array.from({ length: n }, () => new Set<string>());
      const inner = level.startsWith('strong:') ? retuned(level) : getBot(level);
      const bot: Bot = {
        level,
        decide: (obs, legal, ctx) => {
          const a: Action = inner.decide(obs, legal, ctx);
          for (const l of legal) if (TYPES.includes(l.type)) offered[obs.seat]?.add(l.type);
          if (TYPES.includes(a.type)) took[obs.seat]?.add(a.type);
          return a;
        },
      };
      const played = playSeeded(table, deal, bot, budget);
      const pay = played.result.payout.map(money.toNumber);
      for (let s = 0; s < n; s++)
        for (const type of offered[s] as Set<string>) {
          let row = rows.get(type);
          if (row === undefined) rows.set(type, (row = { took: [], declined: [] }));
          (took[s]?.has(type) === true ? row.took : row.declined).push(pay[s] as number);
        }
    }
    const seconds = ((performance.now() - t0) / 1000).toFixed(0);
    for (const type of TYPES) {
      const row = rows.get(type);
      if (row === undefined) continue;
      const offeredN = row.took.length + row.declined.length;
      const diff =
        row.took.length > 1 && row.declined.length > 1
          ? (() => {
              const a = summarize(row.took);
              const b = summarize(row.declined);
              return `${(a.mean - b.mean).toFixed(2)} ± ${Math.hypot(a.ci95, b.ci95).toFixed(2)}`;
            })()
          : '—';
      console.log(
        `${table.id}:${table.seats}`.padEnd(14) +
          `${level} (${playedDeals})`.padEnd(16) +
          type.padEnd(13) +
          String(offeredN).padEnd(9) +
          ((100 * row.took.length) / offeredN).toFixed(1).padEnd(9) +
          fmt(row.took).padEnd(20) +
          fmt(row.declined).padEnd(22) +
          diff,
      );
    }
    console.error(`${table.id}:${table.seats} ${level}: ${seconds} s`);
  }
}
