import { Rng } from '../cards/deck.js';
import { toNumber } from '../money/rational.js';
import type { AnyVariant, Seat } from '../variant.js';
import { getBot } from './index.js';
import { playBotDeal } from './play.js';
import type { Bot, BotBudget, BotContext } from './types.js';
import { asSeat } from '../seat.js';

export interface DuelOptions {
  readonly variant: AnyVariant;
  readonly options: unknown;
  /** Players in a deal. */
  readonly players: number;
  readonly a: string;
  readonly b: string;
  readonly deals: number;
  readonly seed: number | string;
  /** The work each decision may do (engine/bots/budget.ts `budgetForMs` converts a time budget). */
  readonly budget: BotBudget;
  /** Bots to play instead of the levels' own (e.g. a frozen baseline kept in bench/); `a`/`b` still name them. */
  readonly botA?: Bot;
  readonly botB?: Bot;
  /** Wraps each bot before play, e.g. to time its decisions outside the engine (cli/duel.ts `timedDuel`). */
  readonly wrap?: (bot: Bot) => Bot;
}

export interface Summary {
  readonly mean: number;
  /** Half width of the 95% confidence interval of the mean (normal approximation, 1.96 σ/√n). */
  readonly ci95: number;
}

export interface DuelReport {
  readonly variant: string;
  readonly players: number;
  readonly a: string;
  readonly b: string;
  readonly deals: number;
  /** Hands played: every deal once per seat rotation. */
  readonly hands: number;
  /** Mean payout per hand of the seat a bot plays (money units, exact money converted for statistics only). */
  readonly resultA: Summary;
  readonly resultB: Summary;
  /** A's mean minus B's mean per deal: the duplicate comparison; its interval excluding 0 is the verdict. */
  readonly diff: Summary;
  /** Contracts declared, per bot level of the declarer (`thrown-in` without a contract). */
  readonly contracts: Readonly<Record<string, Readonly<Record<string, number>>>>;
}

export function summarize(values: readonly number[]): Summary {
  const n = values.length;
  if (n === 0) return { mean: 0, ci95: 0 };
  const mean = values.reduce((s, v) => s + v, 0) / n;
  const variance = n > 1 ? values.reduce((s, v) => s + (v - mean) ** 2, 0) / (n - 1) : 0;
  return { mean, ci95: 1.96 * Math.sqrt(variance / n) };
}

export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

/**
 * Duplicate deals: every deal is played once per rotation r = 0…players−1 with bot A in seat r and bot B in every
 * other seat, so A plays every hand of the deal once and B plays it players−1 times. Per deal, A's score is its mean
 * payout over the rotations and B's the mean payout of its seats; luck of the cards cancels in the difference.
 */
export function duel(o: DuelOptions): DuelReport {
  const wrap = o.wrap ?? ((bot: Bot): Bot => bot);
  const botA = wrap(o.botA ?? getBot(o.a));
  const botB = wrap(o.botB ?? getBot(o.b));
  const n = o.players;
  const as: number[] = [];
  const bs: number[] = [];
  const diffs: number[] = [];
  const contracts: Record<string, Record<string, number>> = { [o.a]: {}, [o.b]: {}, none: {} };
  const seeds = new Rng(o.seed);
  for (let d = 0; d < o.deals; d++) {
    const dealSeed = seeds.next();
    const dealer = asSeat(d % n);
    const layout = o.variant.deal(o.options, n, dealer, new Rng(dealSeed).shuffle(o.variant.deck(o.options, n)));
    let a = 0;
    let b = 0;
    for (let r = 0; r < n; r++) {
      const bots: Bot[] = Array.from({ length: n }, (_, s) => (s === r ? botA : botB));
      const ctxFor = (seat: Seat): BotContext => ({
        // The same randomness for a seat in every rotation: the bots differ, the luck does not.
        rng: new Rng(`${dealSeed}:${seat}:${seedCounter++}`),
        budget: o.budget,
      });
      let seedCounter = 0;
      const played = playBotDeal(o.variant, o.options, n, dealer, layout, bots, ctxFor);
      const pay = played.result.payout.map(toNumber);
      a += pay[r] as number;
      b += pay.reduce((s, v, i) => (i === r ? s : s + v), 0) / (n - 1);
      const c = played.result.contract;
      const key = c === null ? 'thrown-in' : `${c.game}${c.tout === true ? '-tout' : ''}`;
      const declarer = c?.declarer;
      const who = declarer === undefined ? 'none' : declarer === r ? o.a : o.b;
      const bucket = contracts[who] as Record<string, number>;
      bucket[key] = (bucket[key] ?? 0) + 1;
    }
    as.push(a / n);
    bs.push(b / n);
    diffs.push((a - b) / n);
  }
  return {
    variant: o.variant.id,
    players: n,
    a: o.a,
    b: o.b,
    deals: o.deals,
    hands: o.deals * n,
    resultA: summarize(as),
    resultB: summarize(bs),
    diff: summarize(diffs),
    contracts,
  };
}
