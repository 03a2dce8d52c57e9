import type { Suit } from '../../cards/card.js';
import type { CompiledOrder } from '../../tricks/order.js';
import type { DealContext, DealResult, Seat } from '../../variant.js';
import type { MehrkopfAction as Action } from './vocabulary.js';
import type { Game, MehrkopfOptions } from './options.js';
import { type TrickState, cloneTrickArrays } from '../../tricks/trick.js';

/** A bid or the contract: the game, its suit (called suit or trump suit) and Tout. */
export interface Bid {
  readonly game: Game;
  readonly suit?: Suit;
  readonly tout: boolean;
  /** Auction level (options.ts LEVEL): lower wins. */
  readonly level: number;
}

/**
 * Phases: `auction` (pass or play, from forehand), `hochzeit` (the offered trump lies face down; seats accept or pass),
 * `choice` (all passed: the dealer chooses), `muss` (the holder of the named card must declare), `play`, `done`.
 */
export type Phase = 'auction' | 'hochzeit' | 'choice' | 'muss' | 'play' | 'done';

/** The mutable state of one Mehrkopf deal (card indices, see cards/card.ts). */
export interface MkState extends TrickState {
  readonly o: MehrkopfOptions;
  readonly ctx: DealContext;
  /** Seats in the deal (7 = six play, the dealer sits out). */
  readonly n: number;
  /** Seats holding cards (n, or 6 when the dealer sits out). */
  readonly active: number;
  /** The seat sitting out (7 in a deal), or null. */
  readonly sitOut: Seat | null;
  readonly dealer: Seat;
  readonly forehand: Seat;
  /** The last seat of the round (the dealer, or the seat before him when he sits out): chooses when all pass. */
  readonly last: Seat;
  /** Tricks in the deal (8; 16 at two players). */
  readonly perHand: number;
  readonly total: number;
  /** Every card each seat holds from the deal (at two players: face-up and face-down). Never mutated. */
  readonly dealt: readonly (readonly number[])[];
  /** Cards each seat may play from (at two players: its face-up cards). */
  hands: number[][];
  /** Two players: per seat and stack, the face-up card (−1 when played) and the face-down card (−1 when none). */
  up: number[][] | null;
  down: number[][] | null;
  phase: Phase;

  auctionActed: boolean[];
  passed: boolean[];
  auctionTurn: Seat;
  auctionLog: { seat: Seat; action: Action }[];
  best: (Bid & { seat: Seat }) | null;
  mussSeat: Seat | null;
  mussCard: number;
  hochzeit: { offerer: Seat; turn: Seat; asked: number; card: number } | null;
  /** Per seat, the bids its hand allows (computed once; shared between clones, never mutated after). */
  bidCache: (readonly { action: Action; bid: Bid }[] | undefined)[];

  contract: (Bid & { declarer: Seat; muss: boolean }) | null;
  order: CompiledOrder;
  party: boolean[];
  laufende: number;

  /** Normal game: the called suit (effective suit index), the called Ace and Schöne (−1 when not in the deck). */
  calledSuit: number;
  calledAce: number;
  calledSchoene: number;
  /** Per seat: the called card due at the suit's first and second lead (−1 = none). */
  due1: number[];
  due2: number[];
  /** Holders freed of their called cards by running away or Umspielen. */
  freed: boolean[];
  /** How often the called suit has been led; the lead number of the current trick (0 = not a called-suit lead). */
  calledLeads: number;
  trickLead: number;
  /** Holders whose called card has been seen (they are known partners). */
  revealed: boolean[];
  hochzeitPartner: Seat | null;

  thrownIn: string | null;
  result: DealResult | null;
}

export function cloneState(s: MkState): MkState {
  return {
    ...s,
    hands: s.hands.map((h) => h.slice()),
    up: s.up === null ? null : s.up.map((x) => x.slice()),
    down: s.down === null ? null : s.down.map((x) => x.slice()),
    auctionActed: s.auctionActed.slice(),
    passed: s.passed.slice(),
    auctionLog: s.auctionLog.slice(),
    bidCache: s.bidCache.slice(),
    party: s.party.slice(),
    due1: s.due1.slice(),
    due2: s.due2.slice(),
    freed: s.freed.slice(),
    revealed: s.revealed.slice(),
    ...cloneTrickArrays(s),
  };
}
