import { expect } from 'vitest';
import type { SchafkopfAction as Action, SchafkopfContractGame } from '../../engine/variants/schafkopf/vocabulary.js';
import {
  type Card,
  type Contract,
  type DealResult,
  type Seat,
  money,
  parseCards,
  schafkopf,
} from '../../engine/index.js';

/**
 * Card-notation helpers for the Schafkopf rule tests (STYLE.md 3): hands, deals and plays read like the records.
 *   const s = deal('EO GO HO SO EU GU HU SU | EA EZ … | … | …', { contract: { declarer: 0, game: 'solo', suit: 'E' } });
 *   play(s, 'EO EA GA SA');  // one trick, starting with the seat to act
 */

export type SkState = ReturnType<typeof schafkopf.start>;

/** Four (or any number of) hands from `'EO GO … | EA … | … | …'`. */
export function hands(text: string): Card[][] {
  return text.split('|').map((h) => parseCards(h));
}

export interface DealSetup {
  readonly preset?: string;
  readonly options?: unknown;
  /** Default 3, so that seat 0 is forehand. */
  readonly dealer?: Seat;
  /** A contract shorthand (everyone else passed), applied after `knocks`. */
  readonly contract?: Contract<SchafkopfContractGame>;
  readonly knocks?: readonly Seat[];
  /** Stay in the knock phase (knock timing `first-four`) after `knocks` instead of closing it. */
  readonly knockPhase?: boolean;
  readonly bock?: number;
  readonly pot?: number;
}

/** Start a deal from hands in card notation; with `contract`, the auction is done (docs/RECORD.md shorthand). */
export function deal(text: string, setup: DealSetup = {}): SkState {
  const o = schafkopf.resolveOptions(setup.preset, setup.options ?? {});
  const h = hands(text);
  const layout = { hands: h, blind: [] };
  const problem = schafkopf.checkLayout(o, h.length, layout);
  if (problem !== undefined) throw new Error(`bad test deal: ${problem}`);
  const pot = money.rat(setup.pot ?? 0);
  const s = schafkopf.start(o, h.length, setup.dealer ?? 3, layout, { bock: setup.bock ?? 1, pot });
  for (const seat of setup.knocks ?? []) act(s, seat, { type: 'knock' });
  // As in a record (docs/RECORD.md): the knocks listed were the only ones; knock timing `first-four` then deals the
  // second packet. A test of the knock phase itself starts with `knockPhase: true`.
  if (!setup.knockPhase) schafkopf.closeKnocks?.(s);
  if (setup.contract !== undefined) {
    const bad = schafkopf.applyContract(s, setup.contract);
    if (bad !== undefined) throw new Error(`bad test contract: ${bad.rule}`);
  }
  return s;
}

/** Apply an action that must be legal (fails the test with the rule otherwise). */
export function act(s: SkState, seat: Seat, action: Action): void {
  const bad = schafkopf.check(s, seat, action);
  if (bad !== undefined) throw new Error(`seat ${seat} ${JSON.stringify(action)} rejected: ${bad.rule}`);
  schafkopf.apply(s, seat, action);
}

/** Whose turn it is (the one seat to act). */
export function turn(s: SkState): Seat {
  const seats = schafkopf.toAct(s);
  if (seats.length !== 1) throw new Error(`expected one seat to act, got ${JSON.stringify(seats)}`);
  return seats[0] as Seat;
}

/** Play cards in turn order, e.g. `play(s, 'EO GO HO SO')`; several tricks may be given separated by `/`. */
export function play(s: SkState, cards: string): void {
  for (const card of parseCards(cards.replace(/\//g, ' '))) act(s, turn(s), { type: 'play', card });
}

/** The cards the seat to act may play now, sorted. */
export function playable(s: SkState, seat: Seat = turn(s)): Card[] {
  return schafkopf
    .legalActions(s, seat)
    .flatMap((a) => (a.type === 'play' ? [a.card] : []))
    .sort();
}

/** The cards of a notation string, sorted (to compare with {@link playable}). */
export function cards(text: string): Card[] {
  return parseCards(text).sort();
}

/** Assert that an action is rejected and that the rule named matches. */
export function expectIllegal(s: SkState, seat: Seat, action: Action, rule: RegExp): void {
  const bad = schafkopf.check(s, seat, action);
  expect(bad, `${JSON.stringify(action)} by seat ${seat} should be illegal`).toBeDefined();
  expect(bad?.rule).toMatch(rule);
}

export const playCard = (card: string): Action => ({ type: 'play', card: parseCards(card)[0] as Card });

/** The settled result; payouts as plain numbers. */
export function result(s: SkState): DealResult & { readonly money: number[] } {
  expect(schafkopf.isOver(s)).toBe(true);
  const r = schafkopf.result(s);
  return { ...r, money: r.payout.map(money.toNumber) };
}
