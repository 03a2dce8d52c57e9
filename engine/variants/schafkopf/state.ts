import type { Suit } from '../../cards/card.js';
import type { CompiledOrder } from '../../tricks/order.js';
import { type TrickState, cloneTrickArrays } from '../../tricks/trick.js';
import type { DealContext, DealResult, Seat } from '../../variant.js';
import type { SchafkopfAction as Action } from './vocabulary.js';
import type { Game, PrecedenceKey, SchafkopfOptions } from './options.js';

/** A bid or the contract: the game, its suit, Tout, and for a Sauspiel the called card. */
export interface Bid {
  readonly game: Game;
  readonly suit?: Suit;
  readonly tout: boolean;
  /** Card index of the called card (Sauspiel; a Zehn or König in a Muss-Spiel renonce). */
  readonly called?: number;
  readonly key: PrecedenceKey;
  /** Position in the precedence list: lower ranks higher. */
  readonly rank: number;
}

export type Phase = 'knock' | 'auction' | 'hochzeit' | 'muss' | 'play' | 'done';

/** The mutable state of one Schafkopf deal (card indices, see cards/card.ts); the trick fields come from {@link TrickState}. */
export interface SkState extends TrickState {
  readonly o: SchafkopfOptions;
  readonly ctx: DealContext;
  readonly n: number;
  readonly dealer: Seat;
  readonly forehand: Seat;
  readonly perHand: number;
  /** As dealt; never mutated. */
  readonly dealt: readonly (readonly number[])[];
  hands: number[][];
  phase: Phase;

  knocked: boolean[];
  /** Knock timing `first-four`: the seats that have decided (knock or not) in phase `knock`. */
  knockDecided: boolean[];
  knocks: number;
  auctionActed: boolean[];
  passed: boolean[];
  auctionTurn: Seat;
  auctionLog: { seat: Seat; action: Action }[];
  /** The best bid so far and its seat. */
  best: Bid | null;
  bestSeat: Seat | null;
  mussSeat: Seat | null;
  hochzeit: { offerer: Seat; turn: Seat; asked: number; card: number } | null;
  /** Per seat, what its hand allows to bid as a small mask (see rules.ts `handMask`); -1 = not computed yet. */
  bidMask: number[];

  contract: (Bid & { declarer: Seat; muss: boolean }) | null;
  order: CompiledOrder;
  party: boolean[];
  partner: Seat | null;
  laufende: number;
  calledSuit: number;
  calledHolder: Seat | null;
  /** The called card has been played (it left the holder's hand). */
  calledOut: boolean;
  calledLedTrick: number;
  partnerRevealed: boolean;
  hochzeitGiven: number;

  kontra: Seat | null;
  re: Seat | null;
  kontraAt: number;
  declarerFirstCardAt: number;

  trumpsTaken: number[];
  /** Best (lowest) trump rank taken in tricks, 0 = none. */
  bestTrumpTaken: number[];
  /** Best (lowest) trump rank played, 0 = none. */
  bestTrumpPlayed: number[];
  thrownIn: string | null;
  result: DealResult | null;
}

export function cloneState(s: SkState): SkState {
  return {
    ...s,
    hands: s.hands.map((h) => h.slice()),
    knocked: s.knocked.slice(),
    knockDecided: s.knockDecided.slice(),
    auctionActed: s.auctionActed.slice(),
    passed: s.passed.slice(),
    auctionLog: s.auctionLog.slice(),
    bidMask: s.bidMask.slice(),
    party: s.party.slice(),
    ...cloneTrickArrays(s),
    trumpsTaken: s.trumpsTaken.slice(),
    bestTrumpTaken: s.bestTrumpTaken.slice(),
    bestTrumpPlayed: s.bestTrumpPlayed.slice(),
  };
}
