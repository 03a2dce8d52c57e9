import { type CompiledOrder, TRUMP } from '../../tricks/order.js';

/**
 * Hochzeit (Schafkopf family): the offerer's only trump and the acceptor's `given` non-trump change hands face down,
 * each taking the other's place in the hand.
 */
export function exchangeHochzeit(
  hands: number[][],
  offerer: number,
  acceptor: number,
  trump: number,
  given: number,
): void {
  const from = hands[offerer] as number[];
  const to = hands[acceptor] as number[];
  from.splice(from.indexOf(trump), 1, given);
  to.splice(to.indexOf(given), 1, trump);
}

/** The trumps of `hand` in the normal game's `order`: a Hochzeit is offered with exactly one. */
export function trumpsIn(order: CompiledOrder, hand: readonly number[]): number[] {
  return hand.filter((c) => order.effSuit[c] === TRUMP);
}
