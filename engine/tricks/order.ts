import { type Card, type CardIndex, type Rank, type Suit, CARD_COUNT, SUITS, cardOf, indexOf } from '../cards/card.js';

/**
 * A contract's card order as data: the trumps high → low and each plain suit's ranks high → low.
 * This expresses every order of the family: Sauspiel (O, U, Herz), Wenz (U only), Geier, Farbwenz, Bettel
 * (no trumps), Sheepshead (Q, J, diamonds), Saukopf's Ferkelparade (9/8/7), Knorpel (one named trump),
 * Schwarte (no trumps) and "am Spieß" (every list reversed, see {@link reverseOrder}).
 */
export interface TrickOrder {
  readonly trumps: readonly Card[];
  /** Plain (non-trump) ranks per suit, high → low. A card that is neither trump nor listed is not in play. */
  readonly plain: Readonly<Record<Suit, readonly Rank[]>>;
}

/** Effective suit of a trump card in a {@link CompiledOrder}. */
export const TRUMP = 4;

/** A {@link TrickOrder} compiled to dense tables for the hot path. */
export interface CompiledOrder {
  readonly source: TrickOrder;
  /** 0..3 = plain suit, 4 = trump, -1 = not in this order. */
  readonly effSuit: Int8Array;
  /** Higher beats lower within the same effective suit; trumps all rank above plain cards. */
  readonly power: Int16Array;
  /** 1-based position in the trump list (1 = highest trump), 0 for plain cards. */
  readonly trumpRank: Uint8Array;
}

export function compileOrder(order: TrickOrder): CompiledOrder {
  const effSuit = new Int8Array(CARD_COUNT).fill(-1);
  const power = new Int16Array(CARD_COUNT);
  const trumpRank = new Uint8Array(CARD_COUNT);
  order.trumps.forEach((card, i) => {
    const idx = indexOf(card);
    effSuit[idx] = TRUMP;
    power[idx] = 1000 - i;
    trumpRank[idx] = i + 1;
  });
  SUITS.forEach((suit, s) => {
    order.plain[suit].forEach((rank, i) => {
      const idx = indexOf(cardOf(suit, rank));
      if (effSuit[idx] === TRUMP) return;
      effSuit[idx] = s;
      power[idx] = 100 - i;
    });
  });
  return { source: order, effSuit, power, trumpRank };
}

/** Reverse every list of an order ("am Spieß"): the lowest trump becomes the highest, trumps still beat suits. */
export function reverseOrder(order: TrickOrder): TrickOrder {
  const plain = Object.fromEntries(SUITS.map((s) => [s, [...order.plain[s]].reverse()])) as Record<Suit, Rank[]>;
  return { trumps: [...order.trumps].reverse(), plain };
}

/** Every suit with the same plain ranks. */
export function samePlain(ranks: readonly Rank[]): Record<Suit, readonly Rank[]> {
  return { E: ranks, G: ranks, H: ranks, S: ranks };
}

/** Index (into `cards`) of the card that wins a trick; `cards[0]` was led. */
export function trickWinner(order: CompiledOrder, cards: readonly CardIndex[]): number {
  let best = 0;
  const first = cards[0];
  if (first === undefined) throw new RangeError('empty trick');
  let bestSuit = order.effSuit[first] as number;
  let bestPower = order.power[first] as number;
  for (let i = 1; i < cards.length; i++) {
    const c = cards[i] as number;
    const s = order.effSuit[c] as number;
    const p = order.power[c] as number;
    if ((s === bestSuit && p > bestPower) || (s === TRUMP && bestSuit !== TRUMP)) {
      best = i;
      bestSuit = s;
      bestPower = p;
    }
  }
  return best;
}

/**
 * The cards of `hand` that follow the led card (same effective suit), or the whole hand when the
 * player cannot follow. `led` is undefined when the player leads.
 */
export function followers(order: CompiledOrder, hand: readonly CardIndex[], led: CardIndex | undefined): CardIndex[] {
  if (led === undefined) return hand.slice();
  const suit = order.effSuit[led];
  const same = hand.filter((c) => order.effSuit[c] === suit);
  return same.length > 0 ? same : hand.slice();
}

/** Whether `hand` holds a card of the same effective suit as `led`. */
export function canFollow(order: CompiledOrder, hand: readonly CardIndex[], led: CardIndex): boolean {
  const suit = order.effSuit[led];
  for (const c of hand) if (order.effSuit[c] === suit) return true;
  return false;
}
