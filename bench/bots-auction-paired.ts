/**
 * Does `strong`'s own auction add to its card play? Paired duplicate duels (engine/bots/duel.ts) of strong against
 * heuristic on the same deals, once with strong's auction and once with the heuristic's auction under strong's card
 * play (what strong did in the two-player layouts until 2026-11-24; docs/bots.md "Strong's auction in the two-player
 * layouts"). Every decision is seeded per deal, seat and decision, so a deal whose auction choice is the same plays the
 * same and its paired difference is exactly 0: the paired interval is far narrower than the two duels' own.
 * `--with suits`: strong's auction without passing (the trump suit only).
 *   npx tsx bench/bots-auction-paired.ts --only mehrkopf:2 --deals 100 [--seed 1] [--budget 200] [--with strong,suits]
 */
import { budgetForMs, getBot } from '../engine/bots/index.js';
import { duel, summarize } from '../engine/bots/duel.js';
import type { Bot } from '../engine/bots/types.js';
import { arg, tablesArg } from './args.js';

const deals = Number(arg('deals', '60'));
const seed = arg('seed', '1');
const budget = budgetForMs(Number(arg('budget', '200')));
const configs = arg('with', 'strong').split(',');
const heuristic = getBot('heuristic');
/** Strong for the card play; the auction as named. */
const auctionBy = (strong: Bot, how: string): Bot => ({
  level: strong.level,
  decide(obs, legal, ctx) {
    if (legal.some((a) => a.type === 'play')) return strong.decide(obs, legal, ctx);
    if (how === 'heuristic') return heuristic.decide(obs, legal, ctx);
    const bids = legal.filter((a) => a.type !== 'pass');
    return strong.decide(obs, how === 'suits' && bids.length > 0 ? bids : legal, ctx);
  },
});
for (const { id, seats, variant, options, players } of tablesArg('mehrkopf:2')) {
  const t0 = performance.now();
  const base: number[] = [];
  const runs = configs.map(() => ({ diffs: [] as number[], paired: [] as number[], changed: 0 }));
  for (let d = 0; d < deals; d++) {
    const one = (how: string): number =>
      duel({
        variant,
        options,
        players,
        a: 'strong',
        b: 'heuristic',
        deals: 1,
        seed: `${seed}:${d}`,
        budget,
        wrap: (bot) => (bot.level === 'strong' ? auctionBy(bot, how) : bot),
      }).diff.mean;
    const before = one('heuristic');
    base.push(before);
    configs.forEach((how, i) => {
      const r = runs[i] as (typeof runs)[number];
      const after = one(how);
      r.diffs.push(after);
      r.paired.push(after - before);
      if (after !== before) r.changed++;
    });
  }
  const fmt = (s: { mean: number; ci95: number }): string => `${s.mean.toFixed(2)} ± ${s.ci95.toFixed(2)}`;
  console.log(
    `${id}:${seats} D=${deals} seed ${seed}: strong − heuristic with the heuristic's auction ${fmt(summarize(base))}`,
  );
  configs.forEach((how, i) => {
    const r = runs[i] as (typeof runs)[number];
    console.log(
      `  auction ${how}: strong − heuristic ${fmt(summarize(r.diffs))}; paired gain over the heuristic's auction ${fmt(summarize(r.paired))} (${r.changed} of ${deals} deals played differently)`,
    );
  });
  console.log(`  ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}
