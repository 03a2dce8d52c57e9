/**
 * Where does `strong` gain on `heuristic`: its card play or its auction? Duplicate duels (engine/bots/duel.ts) of a
 * bot that is `strong` for one part and `heuristic` for the rest against `heuristic`, on the same deals:
 * `play` = strong card play, heuristic bids (and every other decision); `auction` = strong bids and choices before
 * the first card, heuristic card play.
 *   npx tsx bench/bots-parts.ts --only mehrkopf:5 --deals 80 [--seed 1] [--budget 200] [--part play|auction]
 */
import { budgetForMs, getBot } from '../engine/bots/index.js';
import { duel } from '../engine/bots/duel.js';
import type { Bot } from '../engine/bots/types.js';
import { arg, tablesArg } from './args.js';

const deals = Number(arg('deals', '40'));
const seed = arg('seed', '1');
const budget = budgetForMs(Number(arg('budget', '200')));
const parts = arg('part', 'play,auction').split(',') as ('play' | 'auction')[];
const heuristic = getBot('heuristic');
for (const { id, seats, variant, options, players } of tablesArg('mehrkopf:5')) {
  for (const part of parts) {
    // Strong only where a card is to be played (`play`) or only where none is (`auction`).
    const mixed = (strong: Bot): Bot => ({
      level: strong.level,
      decide(obs, legal, ctx) {
        const card = legal.some((a) => a.type === 'play');
        return card === (part === 'play') ? strong.decide(obs, legal, ctx) : heuristic.decide(obs, legal, ctx);
      },
    });
    const t0 = performance.now();
    const r = duel({
      variant,
      options,
      players,
      a: 'strong',
      b: 'heuristic',
      deals,
      seed,
      budget,
      wrap: (bot) => (bot.level === 'strong' ? mixed(bot) : bot),
    });
    const verdict = Math.abs(r.diff.mean) > r.diff.ci95 ? (r.diff.mean > 0 ? 'A better' : 'B better') : 'n.s.';
    console.log(
      `${id}:${seats} strong for ${part} only vs heuristic, D=${deals} seed ${seed}: A − B ${r.diff.mean.toFixed(2)} ± ${r.diff.ci95.toFixed(2)} per hand (${verdict}), ${((performance.now() - t0) / 1000).toFixed(0)} s`,
    );
  }
}
