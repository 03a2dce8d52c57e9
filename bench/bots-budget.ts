/**
 * Calibrates engine/bots/budget.ts: how long `strong` decisions take on this machine for a time budget turned into
 * work (`budgetForMs`), split into card decisions (solver nodes) and auction decisions (rollouts), with the work
 * rate actually reached. Timing is measured here, outside the engine: wall time and this process's CPU time per
 * decision (user + system; on a shared machine the wall time also counts the waits for a core, the CPU time is what
 * the decision costs one core).
 *   npx tsx bench/bots-budget.ts [--budget 200] [--deals 6] [--only schafkopf:4] [--rollouts N] [--auction-only]
 *     [--level strong:<key>=<value>…]
 * `--auction-only`: strong decides only the auction (the heuristic plays the cards), so many deals' auction choices
 * are timed quickly; `--rollouts N` overrides the budget's rollouts (to try a rate before setting it in budget.ts);
 * `--level` times a retuned strong (bench/levels.ts `retuned`).
 */
import { performance } from 'node:perf_hooks';
import { Rng, getVariant } from '../engine/index.js';
import { type Bot, budgetForMs, getBot, playBotDeal } from '../engine/bots/index.js';
import { quantile } from '../engine/bots/duel.js';
import { Solver } from '../engine/bots/solver.js';
import { asSeat } from '../engine/seat.js';
import { arg, hasFlag } from './args.js';
import { retuned } from './levels.js';

const budgetMs = Number(arg('budget', '200'));
const deals = Number(arg('deals', '6'));
const only = arg('only', 'schafkopf:4,sheepshead:5,mehrkopf:4,saukopf:4');
// --samples / --nodes override the converted budget (to measure the rates with one limit lifted).
const budget = {
  ...budgetForMs(budgetMs),
  ...(hasFlag('samples') ? { samples: Number(arg('samples', '0')) } : {}),
  ...(hasFlag('nodes') ? { nodes: Number(arg('nodes', '0')) } : {}),
  ...(hasFlag('rollouts') ? { rollouts: Number(arg('rollouts', '0')) } : {}),
};
const auctionOnly = hasFlag('auction-only');
const heuristic = getBot('heuristic');
console.log(`budget ${budgetMs} ms → ${JSON.stringify(budget)}`);

// Solver nodes and samples per ms: count the nodes the strong bot's solves search and the solvers (one per sampled
// deal) they run on (Solver.prototype.valueAfter and levelAfter — Schafkopf's payout steps — wrapped).
let nodes = 0;
let solvers = 0;
const seen = new WeakSet<Solver>();
const { valueAfter, levelAfter } = Solver.prototype;
const count = (s: Solver, before: number): void => {
  nodes += s.nodes - before;
  if (!seen.has(s)) {
    seen.add(s);
    solvers++;
  }
};
Solver.prototype.valueAfter = function (this: Solver, card: number) {
  const before = this.nodes;
  try {
    return valueAfter.call(this, card);
  } finally {
    count(this, before);
  }
};
Solver.prototype.levelAfter = function (this: Solver, card: number, thresholds: readonly number[]) {
  const before = this.nodes;
  try {
    return levelAfter.call(this, card, thresholds);
  } finally {
    count(this, before);
  }
};

const verbose = hasFlag('slowest');
for (const spec of only.split(',')) {
  const [id, n] = spec.split(':');
  const variant = getVariant(id as string);
  if (variant === undefined) throw new Error(`unknown variant ${id}`);
  const seats = Number(n);
  const options = variant.resolveOptions(undefined, {}, seats);
  const players = variant.participants(options, seats, asSeat(seats - 1)).length;
  const card: number[] = [];
  const auction: number[] = [];
  const cardCpu: number[] = [];
  const auctionCpu: number[] = [];
  let cardNodes = 0;
  let cardSamples = 0;
  const perDecision: number[] = [];
  const slow: { ms: number; nodes: number; samples: number; cards: number }[] = [];
  const level = arg('level', 'strong');
  const strong = level === 'strong' ? getBot('strong') : retuned(level);
  const timed: Bot = {
    level: 'strong',
    decide(obs, legal, ctx) {
      if (auctionOnly && legal.some((l) => l.type === 'play')) return heuristic.decide(obs, legal, ctx);
      const n0 = nodes;
      const s0 = solvers;
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      const a = strong.decide(obs, legal, ctx);
      const ms = performance.now() - t0;
      const c = process.cpuUsage(c0);
      const cpu = (c.user + c.system) / 1000;
      if (legal.some((l) => l.type === 'play')) {
        card.push(ms);
        cardCpu.push(cpu);
        cardNodes += nodes - n0;
        cardSamples += solvers - s0;
        if (solvers > s0) perDecision.push(solvers - s0);
        const cards = obs.view.handCounts.reduce((x, y) => x + y, 0);
        slow.push({ ms: Math.round(ms), nodes: nodes - n0, samples: solvers - s0, cards });
      } else if (legal.length > 1) {
        auction.push(ms);
        auctionCpu.push(cpu);
      }
      return a;
    },
  };
  const rng = new Rng(`budget:${spec}`);
  for (let d = 0; d < deals; d++) {
    const layout = variant.deal(options, players, asSeat(d % players), rng.shuffle(variant.deck(options, players)));
    playBotDeal(variant, options, players, asSeat(d % players), layout, Array(players).fill(timed), () => ({
      rng,
      budget,
    }));
  }
  const line = (name: string, ms: number[]): string => {
    const s = [...ms].sort((x, y) => x - y);
    const sum = s.reduce((a, b) => a + b, 0);
    return `${name} n=${s.length} p50 ${quantile(s, 0.5).toFixed(1)} ms p99 ${quantile(s, 0.99).toFixed(1)} ms mean ${(sum / Math.max(1, s.length)).toFixed(1)} ms`;
  };
  const cardMs = card.reduce((a, b) => a + b, 0);
  console.log(
    `${spec}: wall ${line('card', card)}; ${line('auction', auction)}\n  cpu  ${line('card', cardCpu)}; ${line('auction', auctionCpu)}\n  card decisions: ${(cardNodes / cardMs).toFixed(0)} nodes/ms, ` +
      `${(cardSamples / cardMs).toFixed(2)} samples/ms, samples per searched decision p50 ` +
      `${quantile(
        [...perDecision].sort((x, y) => x - y),
        0.5,
      )} (at the cap ${perDecision.filter((x) => x >= budget.samples).length}/${perDecision.length})`,
  );
  if (verbose) console.log('  slowest card decisions:', JSON.stringify(slow.sort((x, y) => y.ms - x.ms).slice(0, 4)));
}
