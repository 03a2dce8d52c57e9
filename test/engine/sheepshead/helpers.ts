import { expect } from 'vitest';
import {
  type Action,
  type Card,
  type DealResult,
  type Seat,
  getVariant,
  money,
  parseCards,
} from '../../../engine/index.js';
import type { SheepsheadOptions } from '../../../engine/variants/sheepshead/index.js';
import type { ShState } from '../../../engine/variants/sheepshead/state.js';
import type { Variant } from '../../../engine/variant.js';
import { asSeat } from '../../../engine/seat.js';

/**
 * Card-notation helpers for the Sheepshead rule tests (STYLE.md 3), in Sheepshead spellings:
 *   const s = deal('QC QS … | … | … | … | …', 'AD 7D');   // hands, then the blind
 *   act(s, 0, pick()); act(s, 0, bury('7C 8C')); act(s, 0, call('AH'));
 *   play(s, 'QC 7H 8H 9H KH');                            // cards in turn order, tricks may be split by '/'
 */
export const sh = getVariant('sheepshead') as Variant<SheepsheadOptions, ShState>;

export interface Setup {
  readonly preset?: string;
  readonly options?: unknown;
  /** Default: the last seat, so that seat 0 is forehand. */
  readonly dealer?: Seat;
  readonly bock?: number;
}

export function hands(text: string): Card[][] {
  return text.split('|').map((h) => parseCards(h));
}

/** Start a deal from hands in card notation and the blind. */
export function deal(handsText: string, blindText = '', setup: Setup = {}): ShState {
  const h = hands(handsText);
  const o = sh.resolveOptions(setup.preset, setup.options ?? {}, h.length);
  const layout = { hands: h, blind: parseCards(blindText) };
  const problem = sh.checkLayout(o, h.length, layout);
  if (problem !== undefined) throw new Error(`bad test deal: ${problem}`);
  return sh.start(o, h.length, asSeat(setup.dealer ?? h.length - 1), layout, {
    bock: setup.bock ?? 1,
    pot: money.ZERO,
  });
}

/** Bury cards compare as a set. */
const normal = (a: Action): Action => (a.type === 'bury' ? { type: 'bury', cards: [...a.cards].sort() } : a);

/** Apply an action that must be legal (fails the test with the rule otherwise). */
export function act(s: ShState, seat: Seat, action: Action): void {
  const bad = sh.check(s, seat, action);
  if (bad !== undefined) throw new Error(`seat ${seat} ${JSON.stringify(action)} rejected: ${bad.rule}`);
  expect(sh.legalActions(s, seat).map(normal), `${JSON.stringify(action)} is listed as legal`).toContainEqual(
    normal(action),
  );
  sh.apply(s, seat, action);
}

export function turn(s: ShState): Seat {
  const seats = sh.toAct(s);
  if (seats.length !== 1) throw new Error(`expected one seat to act, got ${JSON.stringify(seats)}`);
  return seats[0] as Seat;
}

/** Play cards in turn order, e.g. `play(s, 'QC 7H 8H 9H KH')`; tricks may be separated by `/`. */
export function play(s: ShState, cards: string): void {
  for (const card of parseCards(cards.replace(/\//g, ' '))) act(s, turn(s), { type: 'play', card });
}

/** Everyone in turn passes the blind, from the seat to act, `count` times. */
export function passes(s: ShState, count: number): void {
  for (let i = 0; i < count; i++) act(s, turn(s), { type: 'pass' });
}

export const pick = (): Action => ({ type: 'pick' });
export const alone = (): Action => ({ type: 'alone' });
export const bury = (cards: string): Action => ({ type: 'bury', cards: parseCards(cards) });
export const call = (card: string, under?: string): Action => ({
  type: 'call',
  card: parseCards(card)[0] as Card,
  ...(under !== undefined ? { under: parseCards(under)[0] as Card } : {}),
});
export const playCard = (card: string): Action => ({ type: 'play', card: parseCards(card)[0] as Card });

/** The cards the seat to act may play now, sorted canonical ids. */
export function playable(s: ShState, seat: Seat = turn(s)): Card[] {
  return sh
    .legalActions(s, seat)
    .flatMap((a) => (a.type === 'play' ? [a.card] : []))
    .sort();
}

export function cards(text: string): Card[] {
  return parseCards(text).sort();
}

export function expectIllegal(s: ShState, seat: Seat, action: Action, rule: RegExp): void {
  const bad = sh.check(s, seat, action);
  expect(bad, `${JSON.stringify(action)} by seat ${seat} should be illegal`).toBeDefined();
  expect(bad?.rule).toMatch(rule);
  expect(sh.legalActions(s, seat).map(normal)).not.toContainEqual(normal(action));
}

/** The settled result; payouts as plain numbers. */
export function result(s: ShState): DealResult & { readonly money: number[] } {
  expect(sh.isOver(s)).toBe(true);
  const r = sh.result(s);
  return { ...r, money: r.payout.map(money.toNumber) };
}
