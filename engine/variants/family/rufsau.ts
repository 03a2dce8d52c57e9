import { type Suit, SUITS, cardOf, indexOf } from '../../cards/card.js';
import type { CompiledOrder } from '../../tricks/order.js';

/**
 * The called Sau (Rufsau) of the Schafkopf family: Schafkopf's Sauspiel, Mehrkopf's Normalspiel and Saukopf's Sauerei
 * call the Sau of a suit that is not trump in the normal game. What each variant then forbids or demands of the caller
 * and of the Sau's holder (Davonlaufen, Suchen, Bringregel, …) stays with the variant; the words of its messages too.
 */

/** The suits whose Sau can be called: Herz is trump in the normal game. */
export const CALLABLE: readonly Suit[] = ['E', 'G', 'S'];

/** The Sau of each suit. */
const SAU = Object.fromEntries(SUITS.map((suit) => [suit, indexOf(cardOf(suit, 'A'))])) as Readonly<
  Record<Suit, number>
>;

/** Whether `suit` (as sent, unchecked) names a suit whose Sau can be called. */
export function isCallable(suit: string | undefined): suit is Suit {
  return CALLABLE.includes(suit as Suit);
}

/** The card index of the Sau of `suit`. */
export function sauOf(suit: Suit): number {
  return SAU[suit];
}

/**
 * The Suchkarten of `hand` for the Sau of `suit`: its cards of the Sau's suit that are not trump in `order` (the normal
 * game's order), the Sau itself not counted. A caller needs at least one.
 */
export function suchkarten(order: CompiledOrder, hand: readonly number[], suit: Suit): number {
  const sau = sauOf(suit);
  const plain = order.effSuit[sau];
  let n = 0;
  for (const c of hand) if (c !== sau && order.effSuit[c] === plain) n++;
  return n;
}
