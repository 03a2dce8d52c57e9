import { expect } from 'vitest';
import type { MehrkopfAction as Action, MehrkopfContractGame } from '../../../engine/variants/mehrkopf/vocabulary.js';
import {
  type Card,
  type Contract,
  type DealResult,
  type Layout,
  type Seat,
  getVariant,
  money,
  parseCards,
} from '../../../engine/index.js';
import type { mehrkopf as Mehrkopf } from '../../../engine/variants/mehrkopf/index.js';
import { asSeat } from '../../../engine/seat.js';

/**
 * Card-notation helpers for the Mehrkopf rule tests (STYLE.md 3):
 *   const s = deal('EO GO … | EA … | … | …', { contract: { declarer: 0, game: 'sauspiel', suit: 'E' } });
 *   play(s, 'EO EA GA SA');  // cards in turn order
 */
export const mk = getVariant('mehrkopf') as typeof Mehrkopf;
export type MkState = ReturnType<typeof mk.start>;

export function hands(text: string): Card[][] {
  return text.split('|').map((h) => parseCards(h));
}

export interface DealSetup {
  readonly preset?: string;
  readonly options?: unknown;
  /** Default: the last seat, so that seat 0 is forehand. */
  readonly dealer?: Seat;
  readonly contract?: Contract<MehrkopfContractGame>;
}

function begin(layout: Layout, players: number, setup: DealSetup): MkState {
  const o = mk.resolveOptions(setup.preset, setup.options ?? {}, players);
  const problem = mk.checkLayout(o, players, layout);
  if (problem !== undefined) throw new Error(`bad test deal: ${problem}`);
  const s = mk.start(o, players, asSeat(setup.dealer ?? players - 1), layout, { bock: 1, pot: money.ZERO });
  if (setup.contract !== undefined) {
    const bad = mk.applyContract(s, setup.contract);
    if (bad !== undefined) throw new Error(`bad test contract: ${bad.rule}`);
  }
  return s;
}

/** A deal from hands in card notation (3–7 players; at 7 the dealer's hand is empty). */
export function deal(text: string, setup: DealSetup = {}): MkState {
  const h = hands(text);
  return begin({ hands: h, blind: [] }, h.length, setup);
}

/** Two players: face-up stacks and the face-down cards under them, per seat ('… | …'). */
export function deal2(up: string, down: string, setup: DealSetup = {}): MkState {
  return begin({ hands: [[], []], blind: [], faceUp: hands(up), faceDown: hands(down) }, 2, setup);
}

/** Apply an action that must be legal (fails the test with the rule otherwise). */
export function act(s: MkState, seat: Seat, action: Action): void {
  const bad = mk.check(s, seat, action);
  if (bad !== undefined) throw new Error(`seat ${seat} ${JSON.stringify(action)} rejected: ${bad.rule}`);
  mk.apply(s, seat, action);
}

export function turn(s: MkState): Seat {
  const seats = mk.toAct(s);
  if (seats.length !== 1) throw new Error(`expected one seat to act, got ${JSON.stringify(seats)}`);
  return seats[0] as Seat;
}

/** Play cards in turn order; tricks may be separated by `/`. */
export function play(s: MkState, cards: string): void {
  for (const card of parseCards(cards.replace(/\//g, ' '))) act(s, turn(s), { type: 'play', card });
}

export function playable(s: MkState, seat: Seat = turn(s)): Card[] {
  return mk
    .legalActions(s, seat)
    .flatMap((a) => (a.type === 'play' ? [a.card] : []))
    .sort();
}

export function cards(text: string): Card[] {
  return parseCards(text).sort();
}

export function expectIllegal(s: MkState, seat: Seat, action: Action, rule: RegExp): void {
  const bad = mk.check(s, seat, action);
  expect(bad, `${JSON.stringify(action)} by seat ${seat} should be illegal`).toBeDefined();
  expect(bad?.rule).toMatch(rule);
}

export const playCard = (card: string): Action => ({ type: 'play', card: parseCards(card)[0] as Card });
export const bid = (game: string, suit?: 'E' | 'G' | 'H' | 'S', tout?: boolean): Action =>
  ({ type: 'bid', game, ...(suit ? { suit } : {}), ...(tout ? { tout } : {}) }) as Action;
export const PASS: Action = { type: 'pass' };

/** Play every remaining trick with the first legal card (to reach the settlement quickly). */
export function playOut(s: MkState): void {
  for (let guard = 0; guard < 200 && !mk.isOver(s); guard++) {
    const seat = turn(s);
    const first = mk.legalActions(s, seat)[0];
    if (first === undefined) throw new Error('no legal action');
    act(s, seat, first);
  }
}

/** The settled result; payouts as exact strings. */
export function result(s: MkState): DealResult & { readonly exact: string[] } {
  expect(mk.isOver(s)).toBe(true);
  const r = mk.result(s);
  return { ...r, exact: r.payout.map(money.format) };
}
