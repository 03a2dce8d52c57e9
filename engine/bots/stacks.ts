import { CARDS, type Card, type CardIndex, indexOf } from '../cards/card.js';
import type { Rng } from '../cards/deck.js';
import { getVariant } from '../registry.js';
import type { Contract, Layout, StackSteps } from '../variant.js';
import type { Knowledge } from './knowledge.js';
import type { SeatObservation } from './types.js';

export type { StackSteps } from '../variant.js';

/**
 * Two-player layouts for `strong`: the cards lie in stacks (engine/variants/mehrkopf Offiziersschafkopf: 8 stacks of
 * a face-up card on a face-down one; engine/variants/sheepshead two-handed: 4 stacks of a face-up card on two
 * face-down ones, and 4 cards in each hand). Both players see every face-up card; the face-down cards are unknown to
 * both, the other hand (Sheepshead) to one. A sample deals the unknown cards into the face-down places and the other
 * hand; the solver (engine/bots/solver.ts `under`) then plays the stacks open: a played card uncovers the one under it.
 */
export interface StackSample {
  /** Every seat's playable cards now: its hand and its face-up stack cards. */
  readonly hands: CardIndex[][];
  /** [card, card under it] for every face-down card of the sample. */
  readonly under: [CardIndex, CardIndex][];
}

interface Place {
  readonly seat: number;
  /** The face-up card the chain hangs under; -1: the stack's top is in the open trick (the card turns up anyway). */
  readonly top: CardIndex;
  /** Face-down cards in the chain. */
  readonly depth: number;
}

/** Whether the observation is a two-player stack layout this module reads. */
export function hasStacks(obs: SeatObservation): boolean {
  const x = obs.view.extra;
  return obs.view.players === 2 && x !== undefined && (Array.isArray(x['stacks']) || Array.isArray(x['faceUp']));
}

/**
 * A random deal of the unknown cards into the stacks and the other hand, consistent with the cards seen and the
 * voids the other hand showed (face-down cards were nobody's to play, so voids do not bind them); undefined when the
 * layout cannot be read.
 */
export function sampleStacks(
  obs: SeatObservation,
  k: Knowledge,
  deck: readonly CardIndex[],
  rng: Rng,
): StackSample | undefined {
  const x = obs.view.extra ?? {};
  const hands: CardIndex[][] = [[], []];
  const places: Place[] = [];
  const inTrick = new Set(obs.view.trick.map((t) => t.seat as number));
  if (Array.isArray(x['stacks'])) {
    // Sheepshead: { up, down } per stack; own hand open, the other hand hidden.
    const stacks = x['stacks'] as { up: Card | null; down: number }[][];
    stacks.forEach((row, s) => {
      for (const st of row) {
        if (st.up !== null) hands[s]?.push(indexOf(st.up));
        if (st.down > 0) places.push({ seat: s, top: st.up === null ? -1 : indexOf(st.up), depth: st.down });
      }
    });
  } else {
    // Mehrkopf: face-up cards per stack and the face-down count per seat; the hands are the face-up cards.
    const up = x['faceUp'] as (Card | null)[][];
    const downs = x['faceDownCounts'] as number[];
    up.forEach((row, s) => {
      // Which stacks still hold a face-down card is not in the view: any stack whose top may be the first one (the
      // stack of a card in the open trick among them).
      const tops = row.filter((c): c is Card => c !== null).map(indexOf);
      hands[s]?.push(...tops);
      const candidates: CardIndex[] = [...tops, ...(inTrick.has(s) ? [-1] : [])];
      const chosen = rng.shuffle(candidates).slice(0, downs[s] ?? 0);
      for (const t of chosen) places.push({ seat: s, top: t, depth: 1 });
    });
  }
  const own = obs.seat as number;
  const view = obs.view;
  // Cards in hand: the own hand is known; the other seat's hand (if it is hidden) takes unknown cards.
  const known = new Set<CardIndex>(k.played);
  for (const h of hands) for (const c of h) known.add(c);
  const ownHand = (view.hands[own] ?? []).map(indexOf);
  for (const c of ownHand) known.add(c);
  const buried = view.extra?.['buried'];
  if (Array.isArray(buried) && buried.every((c) => typeof c === 'string'))
    for (const c of buried as Card[]) known.add(indexOf(c));
  const other = 1 - own;
  const otherOpen = view.hands[other];
  const otherHand = otherOpen === null || otherOpen === undefined ? null : otherOpen.map(indexOf);
  if (otherHand !== null) for (const c of otherHand) known.add(c);
  const pool = rng.shuffle(deck.filter((c) => !known.has(c)));
  const hiddenInHand = otherHand === null ? (view.handCounts[other] ?? 0) : 0;
  const slots = hiddenInHand + places.reduce((a, p) => a + p.depth, 0);
  if (slots > pool.length) return undefined;
  // The other hand first, from the cards of suits it has not shown void in.
  const voids = k.voids[other] ?? 0;
  const fits = (c: CardIndex): boolean => (voids & (1 << (k.order.effSuit[c] as number))) === 0;
  const hidden: CardIndex[] = [];
  const left: CardIndex[] = [];
  for (const c of pool) (hidden.length < hiddenInHand && fits(c) ? hidden : left).push(c);
  while (hidden.length < hiddenInHand && left.length > 0) hidden.push(left.shift() as CardIndex);
  const mehrkopfHands = !Array.isArray(x['stacks']);
  // Sheepshead's own hand is apart from the stack tops; Mehrkopf's hand is the tops themselves.
  if (!mehrkopfHands) {
    hands[own]?.push(...ownHand);
    hands[other]?.push(...(otherHand ?? hidden));
  }
  const under: [CardIndex, CardIndex][] = [];
  for (const p of places) {
    let top = p.top;
    for (let d = 0; d < p.depth; d++) {
      const c = left.shift();
      if (c === undefined) return undefined;
      // A stack whose top is in the open trick: its next card is playable (it turns up before this seat plays again).
      if (top < 0) hands[p.seat]?.push(c);
      else under.push([top, c]);
      top = c;
    }
  }
  return { hands, under };
}

/**
 * A whole two-player layout consistent with the view before the first card (for `strong`'s auction, strong.ts
 * `chooseByRollouts`): the face-up cards as they lie, the cards nobody has seen dealt at random into the face-down
 * places. Mehrkopf only: two-handed Sheepshead has no auction (its deal starts with the first card). Undefined when a
 * card has been played or the view is not such a layout. The draw uses only the view and `rng`.
 */
export function sampleStackLayout(
  obs: SeatObservation,
  k: Knowledge,
  deck: readonly CardIndex[],
  rng: Rng,
): Layout | undefined {
  const x = obs.view.extra;
  if (x === undefined || !Array.isArray(x['faceUp']) || !Array.isArray(x['faceDownCounts']) || k.played.size > 0)
    return undefined;
  const up = x['faceUp'] as (Card | null)[][];
  const downs = x['faceDownCounts'] as number[];
  if (up.some((row, s) => row.length !== downs[s] || row.some((c) => c === null))) return undefined;
  const seen = new Set<CardIndex>();
  for (const row of up) for (const c of row) seen.add(indexOf(c as Card));
  const pool = rng.shuffle(deck.filter((c) => !seen.has(c)));
  if (pool.length !== downs.reduce((a, b) => a + b, 0)) return undefined;
  let i = 0;
  const faceDown = up.map((row) => row.map(() => CARDS[pool[i++] as CardIndex] as Card));
  return { hands: up.map(() => []), blind: [], faceUp: up as Card[][], faceDown };
}

/**
 * The stacks as they lie now, open: `faceUp` is the view's `extra.faceUp` (Mehrkopf) of a deal dealt from `layout`; a
 * face-up card still the one dealt there lies on its face-down card, any other (turned up, or null: played) on none.
 */
export function stacksNow(layout: Layout, faceUp: readonly (readonly (Card | null)[])[]): StackSample {
  const hands = faceUp.map((row) => row.filter((c): c is Card => c !== null).map(indexOf));
  const under: [CardIndex, CardIndex][] = [];
  faceUp.forEach((row, s) =>
    row.forEach((c, i) => {
      const down = layout.faceDown?.[s]?.[i];
      if (c !== null && c === layout.faceUp?.[s]?.[i] && down !== undefined) under.push([indexOf(c), indexOf(down)]);
    }),
  );
  return { hands, under };
}

/**
 * The payout steps of a two-player stack deal (the variant's bots hook, engine/variant.ts `VariantBots.stackSteps`):
 * the declarer's point totals and what `seat` is paid at each step reached; undefined for a deal the variant's steps
 * do not describe (the caller plays it out instead).
 */
export function stackSteps(
  variant: string,
  options: unknown,
  contract: Contract | null,
  dealt: readonly (readonly CardIndex[])[],
  seat: number,
): StackSteps | undefined {
  return getVariant(variant)?.bots?.stackSteps?.(options, contract, dealt, seat);
}
