/**
 * How well the rollouts of a Kontra decision predict the deal: every seat plays strong (`--level`), and at every
 * Kontra offered beside a seat's cards the rollouts (strong.ts `evaluateByRollouts` with the heuristic's card and
 * the doubling as candidates) are asked on a separate random stream, then the bot decides as it would. Per offer:
 * the rollouts' mean payout for the seat without and with the doubling, and the seat's payout at the end of the deal
 * with each doubling's factor taken out. Buckets of the predicted payout without the doubling, against what came; and
 * the offers where the bot itself gave Kontra, split by what the rollouts said.
 *
 * Also the same play-out on the true deal (the rollouts' policy without the sampling): where it and the rollouts part,
 * the picture of the hidden cards is at fault, not the play-out.
 *
 *   npx tsx bench/kontra-calibration.ts [--deals 200] [--seed 1] [--budget 20] [--level strong:auctionMs=200]
 *                                      [--slack 0.5] [--repair <STRONG.repairSteps>]
 */
import { Rng, type Action, type Seat, money } from '../engine/index.js';
import { type Bot, budgetForMs, getBot } from '../engine/bots/index.js';
import { evaluateByRollouts, playOut, STRONG } from '../engine/bots/strong.js';
import { TranspositionTable } from '../engine/bots/solver.js';
import { ZERO } from '../engine/money/rational.js';
import { AUCTION } from '../engine/bots/solver-inference.js';
import { heuristicDecide } from '../engine/bots/heuristic.js';
import { summarize } from '../engine/bots/duel.js';
import { asSeat } from '../engine/seat.js';
import { arg, playSeeded, seededDeal, tablesArg } from './args.js';
import { retuned, withLevel } from './levels.js';

const deals = Number(arg('deals', '200'));
const seed = arg('seed', '1');
const budget = budgetForMs(Number(arg('budget', '20')));
const level = arg('level', 'strong:auctionMs=200');
const slack = Number(arg('slack', String(AUCTION.slack)));
const repair = Number(arg('repair', String(STRONG.repairSteps)));
const table = tablesArg('schafkopf:4')[0]!;
const { variant, options, players: n } = table;
interface Offer {
  seat: Seat;
  without: number;
  with: number;
  factor: number;
  pay: number;
  truth: number;
  truthWith: number;
  /** Whether the bot gave Kontra at this offer. */
  took: boolean;
}
const offers: Offer[] = [];
const seeds = new Rng(`${seed}:kontra`);
for (let d = 0; d < deals; d++) {
  const deal = seededDeal(table, seeds, d);
  const { dealSeed, dealer, layout } = deal;
  const inner = level.startsWith('strong:') ? retuned(level) : getBot(level);
  const mine: Offer[] = [];
  let factor = 1;
  const bot: Bot = {
    level,
    decide: (obs, legal, ctx) => {
      const doubling = legal.find((a) => a.type === 'kontra');
      if (doubling !== undefined && legal.some((a) => a.type === 'play')) {
        const rest = legal.filter((a) => a !== doubling);
        const card = heuristicDecide(obs, rest, ctx);
        const probe = `strong:auctionMs=200+repairSteps=${repair}+slack=${slack}`;
        const e = withLevel(probe, () =>
          evaluateByRollouts(obs, legal, { ...ctx, rng: new Rng(`${dealSeed}:probe:${obs.seat}`) }, [card, doubling]),
        );
        // The same play-out on the true deal.
        const onTruth = (a: Action): number => {
          const state = variant.start(options, n, dealer, layout, { bock: 1, pot: ZERO });
          const hist: { seat: Seat; action: Action }[][] = Array.from({ length: n }, () => []);
          const step = (seat: Seat, action: Action): void => {
            hist.forEach((h, s) =>
              h.push({ seat, action: variant.redactAction(state, seat, action, { kind: 'seat', seat: asSeat(s) }) }),
            );
            variant.apply(state, seat, action, true);
          };
          for (const h of obs.history) step(h.seat, h.action);
          step(obs.seat, a);
          return playOut(variant, obs, state, hist, { ...ctx, rng: new Rng('truth') }, new TranspositionTable(16));
        };
        if (e !== undefined)
          mine.push({
            seat: obs.seat,
            without: e.means[0]!,
            with: e.means[1]!,
            factor: 1,
            pay: 0,
            truth: onTruth(card),
            truthWith: onTruth(doubling),
            took: false,
          });
      }
      const a: Action = inner.decide(obs, legal, ctx);
      if (a.type === 'kontra' || a.type === 're') factor *= 2;
      const last = mine[mine.length - 1];
      if (a.type === 'kontra' && last !== undefined && last.seat === obs.seat) last.took = true;
      return a;
    },
  };
  const played = playSeeded(table, deal, bot, budget);
  const pay = played.result.payout.map(money.toNumber);
  for (const o of mine) offers.push({ ...o, factor, pay: (pay[o.seat] as number) / factor });
}
const fmt = (xs: number[]): string =>
  xs.length < 2 ? '—' : `${summarize(xs).mean.toFixed(1)} ± ${summarize(xs).ci95.toFixed(1)}`;
console.log(`${offers.length} Kontra offers in ${deals} deals (level ${level}, rollouts at 200 ms)`);
const buckets: [string, (o: Offer) => boolean][] = [
  ['predicted < -100', (o) => o.without < -100],
  ['-100 … 0', (o) => o.without >= -100 && o.without < 0],
  ['0 … 100', (o) => o.without >= 0 && o.without < 100],
  ['>= 100', (o) => o.without >= 100],
  ['rollouts say Kontra', (o) => o.with > o.without],
  ['rollouts say no', (o) => o.with <= o.without],
  ['the bot gave Kontra', (o) => o.took],
  ['  rollouts say Kontra', (o) => o.took && o.with > o.without],
  ['  rollouts say no', (o) => o.took && o.with <= o.without],
  ['all', () => true],
];
console.log(
  'bucket                 offers  predicted (no Kontra)   actual (factor out)   predicted gain    play-out on the true deal',
);
for (const [name, f] of buckets) {
  const xs = offers.filter(f);
  console.log(
    name.padEnd(23) +
      String(xs.length).padEnd(8) +
      fmt(xs.map((o) => o.without)).padEnd(24) +
      fmt(xs.map((o) => o.pay)).padEnd(22) +
      fmt(xs.map((o) => o.with - o.without)).padEnd(18) +
      fmt(xs.map((o) => o.truth)),
  );
}
