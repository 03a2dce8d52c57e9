/**
 * How long a whole deal takes with every seat at one level, random vs heuristic, for every variant and seat count
 * (default preset): where the heuristic default costs tests and tables time. Timing measured here, outside the engine.
 *   npx tsx bench/bots-levels-speed.ts [deals=40]
 */
import { performance } from 'node:perf_hooks';
import { Rng, listVariants } from '../engine/index.js';
import { budgetForMs, getBot, playBotDeal } from '../engine/bots/index.js';
import { asSeat } from '../engine/seat.js';

const deals = Number(process.argv[2] ?? 40);
console.log('variant      seats  random ms/deal  heuristic ms/deal  ratio  heuristic ms/decision p99');
for (const variant of listVariants())
  for (let seats = variant.tableSeats.min; seats <= variant.tableSeats.max; seats++) {
    const options = variant.resolveOptions(undefined, {}, seats);
    const players = variant.participants(options, seats, 0).length;
    const ms: Record<string, number> = {};
    const decisions: number[] = [];
    for (const level of ['random', 'heuristic']) {
      const inner = getBot(level);
      const bot = {
        level,
        decide: (...args: Parameters<typeof inner.decide>) => {
          const t = performance.now();
          const a = inner.decide(...args);
          if (level === 'heuristic') decisions.push(performance.now() - t);
          return a;
        },
      };
      const rng = new Rng(`speed:${variant.id}:${seats}`);
      const t0 = performance.now();
      for (let d = 0; d < deals; d++) {
        const layout = variant.deal(options, players, asSeat(d % players), rng.shuffle(variant.deck(options, players)));
        playBotDeal(variant, options, players, asSeat(d % players), layout, Array(players).fill(bot), () => ({
          rng,
          budget: budgetForMs(0),
        }));
      }
      ms[level] = (performance.now() - t0) / deals;
    }
    decisions.sort((a, b) => a - b);
    const p99 = decisions[Math.floor(0.99 * decisions.length)] ?? 0;
    console.log(
      `${variant.id.padEnd(12)} ${String(seats).padStart(5)}  ${ms.random!.toFixed(2).padStart(14)}  ${ms.heuristic!.toFixed(2).padStart(17)}  ${(ms.heuristic! / ms.random!).toFixed(1).padStart(5)}  ${p99.toFixed(2).padStart(8)}`,
    );
  }
