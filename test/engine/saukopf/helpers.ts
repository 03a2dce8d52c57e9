import { expect } from 'vitest';
import type { SaukopfAction as Action, SaukopfContractGame } from '../../../engine/variants/saukopf/vocabulary.js';
import {
  type Card,
  type Contract,
  type DealResult,
  type Seat,
  getVariant,
  money,
  parseCards,
} from '../../../engine/index.js';
import type { SaState, SaukopfOptions } from '../../../engine/variants/saukopf/index.js';
import { saukopf } from '../../../engine/variants/saukopf/index.js';
import { asSeat } from '../../../engine/seat.js';

/**
 * Card-notation helpers for the Saukopf rule tests: `deal('EO GO … | … | … | …', { contract })`, `play(s, 'EO EA GA SA')`.
 * A Dreihaxer deal has three hands and the two open cards after a final `|`.
 */
export { saukopf };
export type { SaState };

export interface DealSetup {
  readonly preset?: string;
  readonly options?: unknown;
  /** Default: the last seat, so that seat 0 is forehand. */
  readonly dealer?: Seat;
  /** A contract shorthand (docs/RECORD.md): the Grunzen ended with this bid, then this Spielansage. */
  readonly contract?: Contract<SaukopfContractGame>;
}

/** Start a deal from hands in card notation (4 hands, or 3 hands + the 2 open cards). */
export function deal(text: string, setup: DealSetup = {}): SaState {
  const parts = text.split('|').map((h) => parseCards(h));
  const players = parts.length === 4 && parts[3]!.length === 2 ? 3 : parts.length;
  const layout = { hands: parts.slice(0, players), blind: players === 3 ? parts[3]! : [] };
  const o: SaukopfOptions = saukopf.resolveOptions(setup.preset, setup.options ?? {}, players);
  const problem = saukopf.checkLayout(o, players, layout);
  if (problem !== undefined) throw new Error(`bad test deal: ${problem}`);
  const s = saukopf.start(o, players, asSeat(setup.dealer ?? players - 1), layout, { bock: 1, pot: money.ZERO });
  if (setup.contract !== undefined) {
    const bad = saukopf.applyContract(s, setup.contract);
    if (bad !== undefined) throw new Error(`bad test contract: ${bad.rule}`);
  }
  return s;
}

/** Apply an action that must be legal (fails the test with the rule otherwise). */
export function act(s: SaState, seat: Seat, action: Action): void {
  const bad = saukopf.check(s, seat, action);
  if (bad !== undefined) throw new Error(`seat ${seat} ${JSON.stringify(action)} rejected: ${bad.rule}`);
  saukopf.apply(s, seat, action);
}

export function turn(s: SaState): Seat {
  const seats = saukopf.toAct(s);
  if (seats.length !== 1) throw new Error(`expected one seat to act, got ${JSON.stringify(seats)}`);
  return seats[0] as Seat;
}

/** Play cards in turn order; tricks may be separated by `/`. */
export function play(s: SaState, cards: string): void {
  for (const card of parseCards(cards.replace(/\//g, ' '))) act(s, turn(s), { type: 'play', card });
}

export function playable(s: SaState, seat: Seat = turn(s)): Card[] {
  return saukopf
    .legalActions(s, seat)
    .flatMap((a) => (a.type === 'play' ? [a.card] : []))
    .sort();
}

export function cards(text: string): Card[] {
  return parseCards(text).sort();
}

export function expectIllegal(s: SaState, seat: Seat, action: Action, rule: RegExp): void {
  const bad = saukopf.check(s, seat, action);
  expect(bad, `${JSON.stringify(action)} by seat ${seat} should be illegal`).toBeDefined();
  expect(bad?.rule).toMatch(rule);
}

export const playCard = (card: string): Action => ({ type: 'play', card: parseCards(card)[0] as Card });
export const bid = (value: number | 'schwarz'): Action => ({ type: 'bid', value });
export const PASS: Action = { type: 'pass' };

export function result(s: SaState): DealResult & { readonly money: number[] } {
  expect(saukopf.isOver(s)).toBe(true);
  const r = saukopf.result(s);
  return { ...r, money: r.payout.map(money.toNumber) };
}

export const registered = (): boolean => getVariant('saukopf') === saukopf;

/** Play the deal to the end with the first legal card each time. */
export function playOut(s: SaState): void {
  while (!saukopf.isOver(s)) {
    const seat = turn(s);
    const card = saukopf.legalActions(s, seat).find((a) => a.type === 'play');
    if (card === undefined) throw new Error('no card to play');
    act(s, seat, card);
  }
}
