import { type Card, type CardIndex, POINTS, indexOf } from '../cards/card.js';
import { getVariant } from '../registry.js';
import { type CompiledOrder, TRUMP } from '../tricks/order.js';
import type { Contract, Seat } from '../variant.js';
import { type Candidate, orderOf, withUnderCard } from './orders.js';
import type { SeatObservation } from './types.js';

/**
 * What a contract asks of the declaring party: card points (most contracts), no trick at all (Bettel, Mastschwein),
 * every trick (Tout, Schwarte), or every player for himself with few points (Ramsch, Leaster).
 */
export type Goal = 'points' | 'no-trick' | 'all-tricks' | 'each-low';

/** The contract's goal: the variant's `bots.goals` for its game (engine/variant.ts `VariantBots`), else points. */
export function goalOf(variant: string, contract: Candidate | null): Goal {
  if (contract === null) return 'points';
  const goal = getVariant(variant)?.bots?.goals?.[contract.game];
  if (goal === 'each-low' || goal === 'no-trick') return goal;
  if (goal === 'all-tricks' || contract.tout === true || contract.bid === 'schwarz') return 'all-tricks';
  return 'points';
}

/** The card whose holder is the declarer's secret partner, when the contract has one (the variant's bots hook). */
export function partnerCard(variant: string, contract: Contract | null): CardIndex | undefined {
  if (contract === null) return undefined;
  const card = getVariant(variant)?.bots?.partnerCard?.(contract);
  return card === undefined ? undefined : indexOf(card);
}

export interface PlayedCard {
  readonly seat: Seat;
  readonly card: CardIndex;
}

/** A seat's knowledge of the card play, derived from its observation only. */
export interface Knowledge {
  readonly seat: Seat;
  readonly players: number;
  readonly contract: Contract | null;
  readonly order: CompiledOrder;
  readonly goal: Goal;
  readonly hand: readonly CardIndex[];
  /** Tricks played so far, complete ones first; the last entry is the trick on the table (maybe empty). */
  readonly tricks: readonly (readonly PlayedCard[])[];
  readonly played: ReadonlySet<CardIndex>;
  /** voids[seat] bit e set = seat showed it holds no card of effective suit e (0..3 plain, 4 trump). */
  readonly voids: readonly number[];
  /** The declaring party as far as this seat knows it. */
  readonly declarers: readonly Seat[];
  /** The card that makes its holder the declarer's partner, if any. */
  readonly partnerCard: CardIndex | undefined;
}

export function knowledgeOf(obs: SeatObservation): Knowledge {
  const { view, seat } = obs;
  const players = view.players;
  const contract = view.contract;
  const plain = orderOf(obs.variant, contract, obs.options);
  const under = underCardOf(obs);
  const called = contract?.card === undefined ? -1 : (plain.effSuit[indexOf(contract.card)] as number);
  const order = under !== undefined && called >= 0 && called < TRUMP ? withUnderCard(plain, under, called) : plain;
  const hand = (view.hands[seat] ?? []).map(indexOf);
  const plays: PlayedCard[] = [];
  for (const h of obs.history) if (h.action.type === 'play') plays.push({ seat: h.seat, card: indexOf(h.action.card) });
  // Tricks: the current trick is the tail of the plays; earlier plays form complete tricks of `players` cards.
  const current = view.trick.length;
  const done = plays.slice(0, plays.length - current);
  const tricks: PlayedCard[][] = [];
  for (let i = 0; i < done.length; i += players) tricks.push(done.slice(i, i + players));
  tricks.push(plays.slice(plays.length - current));
  const voids: number[] = new Array<number>(players).fill(0);
  for (const t of tricks) {
    const led = t[0];
    if (led === undefined) continue;
    const suit = order.effSuit[led.card] as number;
    for (let i = 1; i < t.length; i++) {
      const p = t[i] as PlayedCard;
      if ((order.effSuit[p.card] as number) !== suit && suit >= 0)
        voids[p.seat] = (voids[p.seat] as number) | (1 << suit);
    }
  }
  return {
    seat,
    players,
    contract,
    order,
    goal: goalOf(obs.variant, contract),
    hand,
    tricks,
    played: new Set(plays.map((p) => p.card)),
    voids,
    declarers: view.declarers,
    partnerCard: partnerCard(obs.variant, contract),
  };
}

/**
 * Sheepshead's "unknown" under card, when this seat is the picker who set it aside: in its view while unplayed
 * (`extra.under`), else in its own call (the call is redacted for the other seats, who cannot tell the card).
 */
export function underCardOf(obs: SeatObservation): CardIndex | undefined {
  const u = obs.view.extra?.['under'];
  if (typeof u === 'string') return indexOf(u as Card);
  for (const h of obs.history)
    if (h.seat === obs.seat && h.action.type === 'call' && h.action.under !== undefined) return indexOf(h.action.under);
  return undefined;
}

/** Whether `a` and `b` are known to play on the same side. */
export function sameSide(k: Knowledge, a: Seat, b: Seat): boolean | undefined {
  if (a === b) return true;
  // Everyone for himself: Ramsch, Leaster, no contract (two-handed play) or no declaring party known at all.
  if (k.goal === 'each-low' || k.contract === null) return false;
  if (k.declarers.length === 0 && k.contract.declarer === undefined) return undefined;
  const da = k.declarers.includes(a);
  const db = k.declarers.includes(b);
  if (da && db) return true;
  if (da !== db) {
    // A seat outside the known declarers may still be the hidden partner.
    const other = da ? b : a;
    if (k.partnerCard !== undefined && !k.played.has(k.partnerCard) && other !== k.seat) return undefined;
    return false;
  }
  // Neither is a known declarer: both opponents unless one is the hidden partner.
  if (k.partnerCard !== undefined && !k.played.has(k.partnerCard)) {
    const mine = k.hand.includes(k.partnerCard);
    if (a === k.seat || b === k.seat) return mine ? false : undefined;
    return undefined;
  }
  return true;
}

/** Effective suit helper. */
export const effSuit = (order: CompiledOrder, c: CardIndex): number => order.effSuit[c] as number;
export const isTrump = (order: CompiledOrder, c: CardIndex): boolean => order.effSuit[c] === TRUMP;
export const points = (c: CardIndex): number => POINTS[c] as number;

/** The winning position of a partial trick (index into `trick`). */
export function leaderOf(order: CompiledOrder, trick: readonly PlayedCard[]): number {
  let best = 0;
  const first = trick[0];
  if (first === undefined) return -1;
  let bs = order.effSuit[first.card] as number;
  let bp = order.power[first.card] as number;
  for (let i = 1; i < trick.length; i++) {
    const c = (trick[i] as PlayedCard).card;
    const s = order.effSuit[c] as number;
    const p = order.power[c] as number;
    if ((s === bs && p > bp) || (s === TRUMP && bs !== TRUMP)) {
      best = i;
      bs = s;
      bp = p;
    }
  }
  return best;
}

/** Whether card `c` beats card `w` (already winning a trick led in suit `led`). */
export function beats(order: CompiledOrder, c: CardIndex, w: CardIndex): boolean {
  const s = order.effSuit[c] as number;
  const ws = order.effSuit[w] as number;
  if (s === ws) return (order.power[c] as number) > (order.power[w] as number);
  return s === TRUMP;
}
