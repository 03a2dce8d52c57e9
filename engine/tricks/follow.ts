import type { CardIndex, Suit } from '../cards/card.js';
import { SUITS } from '../cards/card.js';
import type { Illegal } from '../variant.js';
import { type CompiledOrder, TRUMP } from './order.js';

/**
 * Following as data. A card's suit for following is its effective suit in the contract's trick order
 * ({@link CompiledOrder.effSuit}): every trump counts as trump ({@link TRUMP}), every other card as its own suit, so a
 * variant declares it once with its TrickOrder (order.ts; the Ober and Unter of a Sauspiel are trump, the Ober of a Wenz
 * an Eichel card, …). A variant adds how the rule is named: the suit names of its deck and the rule's own words.
 */
export interface FollowRule {
  /** The plain suits as a message names them: `Gras` for a German-suited deck, `clubs` for Sheepshead's French one. */
  readonly suitNames: Readonly<Record<Suit, string>>;
  /** The broken rule (the illegal move's `rule`, stable), when trump was led and when a plain suit was led. */
  readonly rules: { readonly trump: string; readonly suit: string };
  /** The rule's own name, added in brackets to the message (`Trumpfzwang`, `Farbzwang`); absent = none. */
  readonly terms?: { readonly trump: string; readonly suit: string };
}

/** The suit the led card asks for: its effective suit (0..3 plain, {@link TRUMP}); -1 while leading. */
export function ledSuitOf(order: CompiledOrder, trickCards: readonly CardIndex[]): number {
  const led = trickCards[0];
  return led === undefined ? -1 : (order.effSuit[led] as number);
}

/** How many cards of `hand` follow `ledSuit`. */
export function followCount(order: CompiledOrder, hand: readonly CardIndex[], ledSuit: number): number {
  let n = 0;
  for (let i = 0; i < hand.length; i++) if (order.effSuit[hand[i] as number] === ledSuit) n++;
  return n;
}

/**
 * The cards of `hand` that may follow `ledSuit` by the follow rule alone: those of the led suit, or the whole hand
 * (the same array, not copied) when the seat leads, cannot follow, or holds nothing else.
 */
export function followCards(order: CompiledOrder, hand: readonly CardIndex[], ledSuit: number): readonly CardIndex[] {
  if (ledSuit < 0) return hand;
  const n = followCount(order, hand, ledSuit);
  return n > 0 && n < hand.length ? hand.filter((x) => order.effSuit[x] === ledSuit) : hand;
}

/** The illegal move "must follow …", naming what must be followed: trump, or the led suit by the deck's name. */
export function mustFollow(rule: FollowRule, ledSuit: number): Illegal {
  const trump = ledSuit === TRUMP;
  const rulePart = trump ? rule.rules.trump : rule.rules.suit;
  const suit = SUITS[ledSuit];
  const what = trump ? 'trump' : suit === undefined ? 'suit' : rule.suitNames[suit];
  const term = rule.terms === undefined ? '' : ` (${trump ? rule.terms.trump : rule.terms.suit})`;
  return { code: 'action/illegal', rule: rulePart, message: `must follow ${what}${term}` };
}

/**
 * Whether playing `card` from `hand` breaks the follow rule: a suit was led, the card is of another suit and the hand
 * holds one of the led suit. Returns the illegal move naming what must be followed, or undefined.
 */
export function followViolation(
  rule: FollowRule,
  order: CompiledOrder,
  hand: readonly CardIndex[],
  ledSuit: number,
  card: CardIndex,
): Illegal | undefined {
  if (ledSuit < 0 || order.effSuit[card] === ledSuit) return undefined;
  return followCount(order, hand, ledSuit) > 0 ? mustFollow(rule, ledSuit) : undefined;
}
