/**
 * How often strong's auction rollouts cannot be played and the heuristic decides instead: heuristic bots bid and play
 * seeded deals; at every auction choice after the first bid, strong's rollouts (strong.ts `evaluateByRollouts`, the
 * auction's 200 ms of work) are asked, at choices with a bid, an announcement or a pick among the options, with each setting of `--levels` (`strong:<key>=<value>+…` tunings; `strong` for
 * the defaults). A choice is counted as fallen back when the evaluation is undefined or has fewer than
 * `STRONG.minRollouts` samples.
 *
 *   npx tsx bench/rollout-fallbacks.ts [--only schafkopf:4,mehrkopf:4] [--deals 40] [--seed 1]
 *                                      [--levels strong,strong:callerHolds=0+redraw=0]
 */
import { Rng } from '../engine/index.js';
import { type Bot, budgetForMs, getBot } from '../engine/bots/index.js';
import { STRONG, evaluateByRollouts } from '../engine/bots/strong.js';
import { arg, playSeeded, seededDeal, tablesArg } from './args.js';
import { withLevel } from './levels.js';

const deals = Number(arg('deals', '40'));
const seed = arg('seed', '1');
const levels = arg('levels', 'strong,strong:callerHolds=0+redraw=0').split(',');
console.log(
  `seed ${seed}, ${deals} deals a table; auction choices after a bid whose rollouts fell back to the heuristic`,
);
for (const table of tablesArg('schafkopf:4,mehrkopf:4')) {
  const n = table.players;
  const fell = new Map<string, number>(levels.map((l) => [l, 0]));
  let choices = 0;
  const seeds = new Rng(`${seed}:${table.id}:${n}`);
  const heuristic = getBot('heuristic');
  for (let d = 0; d < deals; d++) {
    const deal = seededDeal(table, seeds, d);
    const watcher: Bot = {
      level: 'watcher',
      decide: (obs, legal, ctx) => {
        const auction = !legal.some((a) => a.type === 'play') && obs.view.phase !== 'knock';
        const bidding = legal.some((a) => a.type === 'bid' || a.type === 'announce' || a.type === 'pick');
        if (auction && bidding && obs.history.some((h) => h.action.type === 'bid')) {
          choices++;
          for (const level of levels) {
            const e = withLevel(`${level}${level === 'strong' ? ':' : '+'}auctionMs=200`, () =>
              evaluateByRollouts(obs, legal, {
                rng: new Rng(`${deal.dealSeed}:${obs.seat}`),
                budget: budgetForMs(200),
              }),
            );
            if (e === undefined || e.samples < STRONG.minRollouts) fell.set(level, (fell.get(level) ?? 0) + 1);
          }
        }
        return heuristic.decide(obs, legal, ctx);
      },
    };
    playSeeded(table, deal, watcher, budgetForMs(0));
  }
  for (const level of levels)
    console.log(
      `${table.id}:${table.seats}`.padEnd(14) +
        level.padEnd(40) +
        `${fell.get(level)} of ${choices} (${((100 * (fell.get(level) ?? 0)) / Math.max(1, choices)).toFixed(1)} %)`,
    );
}
