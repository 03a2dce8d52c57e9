import { CARDS, type Card } from '../cards/card.js';
import type { Action, DealNote, Illegal, Seat, SessionRules } from '../variant.js';
import { MAX_SEATS, seatsOf } from '../seat.js';

/**
 * Building blocks every variant's rules share: interned (frozen, shared) action objects and seat lists, so that the
 * hot paths (legalActions, toAct, apply) need not allocate, and the one way to name a broken rule.
 */

/** `{ type: 'play', card }` per card index. */
export const PLAY: readonly Action[] = CARDS.map((card) => Object.freeze({ type: 'play', card }) as Action);
/** `{ type: 'accept', card }` per card index (Hochzeit: the card given back). */
export const ACCEPT: readonly Action[] = CARDS.map((card) => Object.freeze({ type: 'accept', card }) as Action);
export const PASS: Action = Object.freeze({ type: 'pass' });
export const NO_NOTES: readonly DealNote[] = Object.freeze([]);

/** One shared, frozen list per seat: toAct is called on every move and need not allocate. */
export const ONLY: readonly (readonly Seat[])[] = seatsOf(MAX_SEATS).map((s) => Object.freeze([s]));
export const NOBODY: readonly Seat[] = Object.freeze([]);

/** An illegal move: a stable code, the rule that forbids it, and a message (the rule unless more specific). */
export const illegal = (code: string, rule: string, message: string = rule): Illegal => ({ code, rule, message });

/** A table session with no rules of its own: the deal passes on, no Bock. */
export const PLAIN_SESSION: SessionRules = Object.freeze({
  repeatDealer: () => false,
  newBockRounds: () => [],
  bockExtension: () => 0,
});

/**
 * Deal `rounds` packets of `packet` cards to every seat, starting at forehand (the dealer's left); returns the hands
 * and how many cards were dealt (the rest stays on the table: open cards, a blind).
 */
export function dealPackets(
  cards: readonly Card[],
  players: number,
  dealer: Seat,
  packet: number,
  rounds = 2,
): { hands: Card[][]; dealt: number } {
  const hands: Card[][] = [];
  for (let i = 0; i < players; i++) hands.push([]);
  let k = 0;
  for (let round = 0; round < rounds; round++)
    for (let i = 0; i < players; i++) {
      const hand = hands[(dealer + 1 + i) % players] as Card[];
      for (let j = 0; j < packet; j++) hand.push(cards[k++] as Card);
    }
  return { hands, dealt: k };
}
