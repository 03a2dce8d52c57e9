import { CARDS, type Card } from '../cards/card.js';
import type { Action, DealNote, Illegal, Seat, SessionRules } from '../variant.js';
import { MAX_SEATS, seatsOf } from '../seat.js';

/**
 * Building blocks every variant's rules share: interned (frozen, shared) action objects and seat lists, so that the
 * hot paths (legalActions, toAct, apply) need not allocate, and the one way to name a broken rule.
 */

type PlayAction = Extract<Action, { type: 'play' }>;
type AcceptAction = Extract<Action, { type: 'accept' }>;
type PassAction = Extract<Action, { type: 'pass' }>;

/** `{ type: 'play', card }` per card index. */
export const PLAY: readonly PlayAction[] = CARDS.map((card): PlayAction => Object.freeze({ type: 'play', card }));
/** `{ type: 'accept', card }` per card index (Hochzeit: the card given back). */
export const ACCEPT: readonly AcceptAction[] = CARDS.map((card): AcceptAction =>
  Object.freeze({ type: 'accept', card }),
);
export const PASS: PassAction = Object.freeze({ type: 'pass' });
export const NO_NOTES: readonly DealNote[] = Object.freeze([]);

/**
 * One shared list per seat, filled once at load and never changed (readonly by type): toAct is called on every move and
 * need not allocate. Not frozen: V8 (node 20) reads the elements of a frozen array several times slower than a plain
 * one, and playouts read these lists on every step.
 */
export const ONLY: readonly (readonly Seat[])[] = seatsOf(MAX_SEATS).map((s) => [s]);
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

/**
 * The answer to an action outside the variant's vocabulary: the parser (engine/record/action.ts) keeps those out, this
 * answers a caller that skipped it. `action` is `never` there, so a switch that forgets one of its own types fails to
 * compile.
 */
export function foreignAction(action: never, variant: string): Illegal {
  const other: { readonly type?: unknown } = action;
  return illegal('action/illegal', `${String(other.type)} is not an action of ${variant}`);
}

/** `apply` called with an action outside the variant's vocabulary: a bug of the caller (check() refuses it first). */
export function cannotApply(action: never): never {
  const other: { readonly type?: unknown } = action;
  throw new Error(`cannot apply ${String(other.type)}`);
}

/**
 * Whether an action carries one of `fields` that its variant's vocabulary does not declare. The parser refuses those
 * (engine/record/action.ts); `check` keeps refusing them for callers that build actions themselves and skip it.
 */
export function carries(action: object, ...fields: readonly string[]): boolean {
  const record = action as Readonly<Record<string, unknown>>;
  return fields.some((field) => record[field] !== undefined);
}
