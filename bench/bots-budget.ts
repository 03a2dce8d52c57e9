/**
 * Calibrates engine/bots/budget.ts: how long `strong` decisions take on this machine for a time budget turned into
 * work (`budgetForMs`), split into card decisions (solver nodes) and auction decisions (rollouts), with the work
 * rate actually reached. Timing is measured here, outside the engine.
 *   npx tsx bench/bots-budget.ts [--budget 200] [--deals 6] [--only schafkopf:4]
 */
import { performance } from 'node:perf_hooks';
import { Rng, getVariant } from '../engine/index.js';
import { type Bot, budgetForMs, getBot, playBotDeal } from '../engine/bots/index.js';
import { quantile } from '../engine/bots/duel.js';
import { Solver } from '../engine/bots/solver.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string): string => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? (args[i + 1] ?? fallback) : fallback;
};
const budgetMs = Number(arg('budget', '200'));
const deals = Number(arg('deals', '6'));
const only = arg('only', 'schafkopf:4,sheepshead:5,mehrkopf:4,saukopf:4');
const budget = budgetForMs(budgetMs);
console.log(`budget ${budgetMs} ms → ${JSON.stringify(budget)}`);

// Solver nodes per ms: count the nodes the strong bot's solves search (Solver.prototype.valueAfter wrapped).
let nodes = 0;
const valueAfter = Solver.prototype.valueAfter;
Solver.prototype.valueAfter = function (this: Solver, card: number) {
  const before = this.nodes;
  try {
    return valueAfter.call(this, card);
  } finally {
    nodes += this.nodes - before;
  }
};

for (const spec of only.split(',')) {
  const [id, n] = spec.split(':');
  const variant = getVariant(id as string);
  if (variant === undefined) throw new Error(`unknown variant ${id}`);
  const seats = Number(n);
  const options = variant.resolveOptions(undefined, {}, seats);
  const players = variant.participants(options, seats, seats - 1).length;
  const card: number[] = [];
  const auction: number[] = [];
  let cardNodes = 0;
  const strong = getBot('strong');
  const timed: Bot = {
    level: 'strong',
    decide(obs, legal, ctx) {
      const n0 = nodes;
      const t0 = performance.now();
      const a = strong.decide(obs, legal, ctx);
      const ms = performance.now() - t0;
      if (legal.some((l) => l.type === 'play')) {
        card.push(ms);
        cardNodes += nodes - n0;
      } else if (legal.length > 1) auction.push(ms);
      return a;
    },
  };
  const rng = new Rng(`budget:${spec}`);
  for (let d = 0; d < deals; d++) {
    const layout = variant.deal(options, players, d % players, rng.shuffle(variant.deck(options, players)));
    playBotDeal(variant, options, players, d % players, layout, Array(players).fill(timed), () => ({ rng, budget }));
  }
  const line = (name: string, ms: number[]): string => {
    const s = [...ms].sort((x, y) => x - y);
    const sum = s.reduce((a, b) => a + b, 0);
    return `${name} n=${s.length} p50 ${quantile(s, 0.5).toFixed(1)} ms p99 ${quantile(s, 0.99).toFixed(1)} ms mean ${(sum / Math.max(1, s.length)).toFixed(1)} ms`;
  };
  const cardMs = card.reduce((a, b) => a + b, 0);
  console.log(
    `${spec}: ${line('card', card)}; ${line('auction', auction)}; ${(cardNodes / cardMs).toFixed(0)} nodes/ms in card decisions`,
  );
}
