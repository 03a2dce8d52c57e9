/**
 * Solver time from the first card of a 4-player Schafkopf deal, perfect information: solved to the end, and with the
 * 3-trick lookahead `strong` uses while more than 24 cards are in the hands.
 *   npx tsx bench/bots-solver.ts [deals=20] [games=sauspiel,solo,wenz] [--winloss-only]
 */
import { Rng, getVariant, indexOf } from '../engine/index.js';
import { orderOf } from '../engine/bots/orders.js';
import { Solver, solve } from '../engine/bots/solver.js';

const deals = Number(process.argv[2] ?? 20);
const games = (process.argv[3] ?? 'sauspiel,solo,wenz').split(',');
/** `--winloss-only` skips the exact solves (slow). */
const exact = !process.argv.includes('--winloss-only');
const variant = getVariant('schafkopf');
if (variant === undefined) throw new Error('schafkopf not registered');
const options = variant.resolveOptions(undefined, {}, 4);
const rng = new Rng('solver-bench');
for (const contract of [
  { game: 'sauspiel', suit: 'E' as const, declarer: 0 },
  { game: 'solo', suit: 'H' as const, declarer: 0 },
  { game: 'wenz', declarer: 0 },
].filter((c) => games.includes(c.game)))
  for (const maxTricks of exact ? [Infinity, 3] : []) {
    const order = orderOf('schafkopf', contract, options);
    const times: number[] = [];
    const nodes: number[] = [];
    for (let d = 0; d < deals; d++) {
      const layout = variant.deal(options, 4, 3, rng.shuffle(variant.deck(options, 4)));
      const hands = layout.hands.map((h) => h.map(indexOf));
      // Declarer party: seat 0 and, in a Sauspiel, the holder of the Eichel-Sau (seat 0 when it holds it itself).
      const ace = indexOf('EA');
      const partner = contract.game === 'sauspiel' ? hands.findIndex((h) => h.includes(ace)) : 0;
      const mask = (1 << 0) | (1 << partner);
      const t0 = performance.now();
      const r = solve({
        order,
        hands,
        trick: [],
        leader: 0,
        valueMask: mask,
        maxMask: mask,
        unit: 'points',
        maxTricks,
      });
      times.push(performance.now() - t0);
      nodes.push(r.nodes);
    }
    times.sort((a, b) => a - b);
    const mean = times.reduce((s, t) => s + t, 0) / times.length;
    console.log(
      `${contract.game.padEnd(8)} ${maxTricks === Infinity ? 'to the end     ' : `${maxTricks} tricks ahead`} from the first card: mean ${mean.toFixed(1)} ms, p50 ${times[
        Math.floor(times.length / 2)
      ]?.toFixed(1)} ms, max ${times[times.length - 1]?.toFixed(1)} ms, mean nodes ${Math.round(
        nodes.reduce((s, x) => s + x, 0) / nodes.length,
      )} (${deals} deals)`,
    );
  }

// The win/loss question alone (does the declaring party take ≥ 61?), one null-window search: what Skat solvers time.
for (const contract of [
  { game: 'sauspiel', suit: 'E' as const, declarer: 0 },
  { game: 'solo', suit: 'H' as const, declarer: 0 },
  { game: 'wenz', declarer: 0 },
].filter((c) => games.includes(c.game))) {
  const order = orderOf('schafkopf', contract, options);
  const times: number[] = [];
  let wins = 0;
  for (let d = 0; d < deals; d++) {
    const layout = variant.deal(options, 4, 3, rng.shuffle(variant.deck(options, 4)));
    const hands = layout.hands.map((h) => h.map(indexOf));
    const ace = indexOf('EA');
    const partner = contract.game === 'sauspiel' ? hands.findIndex((h) => h.includes(ace)) : 0;
    const mask = (1 << 0) | (1 << partner);
    const t0 = performance.now();
    const s = new Solver({ order, hands, trick: [], leader: 0, valueMask: mask, maxMask: mask, unit: 'points' });
    if (s.atLeast(61) === true) wins++;
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((s, t) => s + t, 0) / times.length;
  console.log(
    `${contract.game.padEnd(8)} win/loss (≥ 61) from the first card: mean ${mean.toFixed(1)} ms, p50 ${times[
      Math.floor(times.length / 2)
    ]?.toFixed(1)} ms, max ${times[times.length - 1]?.toFixed(1)} ms (${wins}/${deals} won)`,
  );
}
