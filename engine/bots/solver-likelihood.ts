import type { CardIndex } from '../cards/card.js';
import type { Seat } from '../variant.js';
import { playCard } from './heuristic.js';
import { type Knowledge, type PlayedCard } from './knowledge.js';

/**
 * Inference from the card play: how likely the other seats' plays so far were on a sampled deal, under a policy (the
 * heuristic's card play, heuristic.ts `playCard`). A play the policy would have made on the sampled hand keeps the
 * sample's weight; any other play multiplies it by `miss`. The facts of play (voids, the called card) stay hard
 * constraints of the draw (strong.ts `sampleHidden`); this only makes deals that explain the play better count more
 * in `strong`'s average. Soft on purpose: players who play by other rules make the average less sharp, never wrong.
 */
export const LIKELIHOOD = {
  /** Weight factor for a play the policy would not have made (1 = no inference). */
  miss: 0.4,
  /** Only the first this many card plays of the deal are weighed (the work per sample stays bounded). */
  maxPlays: 16,
} as const;

/**
 * The likelihood weight of a sampled deal: `hands` are every seat's cards now (the sample), `k` this seat's knowledge
 * (the plays so far), `deck` the deal's cards. Plays of this seat, forced plays (one legal card under the follow
 * rule) and plays of the partner card (whose own rules force it) are not weighed.
 */
export function playWeight(k: Knowledge, hands: readonly (readonly CardIndex[])[], deck: readonly CardIndex[]): number {
  return LIKELIHOOD.miss ** playMisses(k, hands, deck);
}

/**
 * How many of the other seats' weighed plays (`playWeight`) the policy would not have made on the sampled deal; the
 * count stops at `stopAt`. `work.evals` counts the policy's decisions asked (strong.ts charges them to its budget).
 */
export function playMisses(
  k: Knowledge,
  hands: readonly (readonly CardIndex[])[],
  deck: readonly CardIndex[],
  stopAt = Infinity,
  work?: { evals: number },
): number {
  const plays: PlayedCard[] = k.tricks.flat();
  const n = k.players;
  const declarer = k.contract?.declarer;
  let misses = 0;
  const limit = Math.min(plays.length, LIKELIHOOD.maxPlays);
  for (let i = 0; i < limit; i++) {
    const p = plays[i] as PlayedCard;
    if (p.seat === k.seat || p.card === k.partnerCard) continue;
    const start = i - (i % n);
    const led = i > start ? (plays[start] as PlayedCard).card : undefined;
    // The seat's hand before this play: its sampled cards now and what it played from here on.
    const hand: CardIndex[] = [...(hands[p.seat] ?? [])];
    for (let j = i; j < plays.length; j++) if ((plays[j] as PlayedCard).seat === p.seat) hand.push(plays[j]!.card);
    const suit = led === undefined ? -1 : (k.order.effSuit[led] as number);
    const following = hand.filter((c) => (k.order.effSuit[c] as number) === suit);
    const legal = following.length > 0 ? following : hand;
    if (legal.length <= 1) continue;
    const before = plays.slice(0, i);
    const tricks: PlayedCard[][] = [];
    for (let t = 0; t < start; t += n) tricks.push(before.slice(t, t + n));
    tricks.push(before.slice(start));
    const voids = new Array<number>(n).fill(0);
    for (const t of tricks) {
      const first = t[0];
      if (first === undefined) continue;
      const s = k.order.effSuit[first.card] as number;
      for (const x of t.slice(1))
        if ((k.order.effSuit[x.card] as number) !== s) voids[x.seat] = (voids[x.seat] as number) | (1 << s);
    }
    const played = new Set(before.map((x) => x.card));
    const declarers: Seat[] = declarer === undefined ? [] : [declarer];
    if (k.partnerCard !== undefined) {
      const shown = before.find((x) => x.card === k.partnerCard);
      if (shown !== undefined && !declarers.includes(shown.seat)) declarers.push(shown.seat);
    }
    const at: Knowledge = { ...k, seat: p.seat, hand, tricks, played, voids, declarers };
    if (work !== undefined) work.evals++;
    if (playCard(at, legal, deck) !== p.card && ++misses >= stopAt) return misses;
  }
  return misses;
}
