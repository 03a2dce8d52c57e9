import type { Suit } from '../../cards/card.js';
import type { CompiledOrder } from '../../tricks/order.js';
import type { DealContext, DealResult, Seat } from '../../variant.js';
import type { SaukopfAction as Action } from './vocabulary.js';
import type { Game, SaukopfOptions } from './options.js';
import { type TrickState, cloneTrickArrays } from '../../tricks/trick.js';

export type Phase = 'auction' | 'trog' | 'announce' | 'play' | 'done';

/** A bid's value: 61…120, or 121 for Schwarz; 0 = no bid yet. */
export const SCHWARZ = 121;

/** The announced contract (card indices, see cards/card.ts). */
export interface SaContract {
  readonly game: Game;
  /** null in a Wilde Sauerei (the Spieler is found at the end). */
  readonly declarer: Seat | null;
  /** 0 in a Wilde Sauerei. */
  readonly bid: number;
  readonly suit?: Suit;
  /** Knorpel: the named trump (card index). */
  readonly card?: number;
  readonly spiess: boolean;
}

/** The mutable state of one Saukopf deal. */
export interface SaState extends TrickState {
  readonly o: SaukopfOptions;
  readonly ctx: DealContext;
  readonly n: number;
  readonly dealer: Seat;
  readonly forehand: Seat;
  /** Tricks to play: 8 (Vierer) or 10 (Dreihaxer). */
  readonly perHand: number;
  /** As dealt; never mutated. */
  readonly dealt: readonly (readonly number[])[];
  /** The two open cards of a Dreihaxer (empty at 4). */
  readonly open: readonly number[];
  hands: number[][];
  phase: Phase;

  // Grunzen
  passed: boolean[];
  /** Seats that made a bid (only they may kick). */
  bidder: boolean[];
  auctionTurn: Seat;
  auctionLog: { seat: Seat; action: Action }[];
  best: number;
  bestSeat: Seat | null;
  /** The record's contract shorthand in a Dreihaxer: announced right after the Trog choice. */
  pendingAnnounce: Action | null;

  // Trog: 0 undecided / none, 1 mit, 2 ohne; the laid-away cards.
  trog: 0 | 1 | 2;
  trogCards: number[];

  contract: SaContract | null;
  order: CompiledOrder;
  /** The Spielerpartei (in a Wilde Sauerei only known at the end). */
  party: boolean[];
  partner: Seat | null;
  unreine: boolean;
  /** Sauerei: the Rufsau (card index), its plain suit in the order (-1 when none), its holder (null when none). */
  sau: number;
  sauSuit: number;
  sauHolder: Seat | null;
  ranAway: boolean;
  partnerRevealed: boolean;
  stallgeruch: boolean;

  /** Huftritte so far, the party of the last kicker (true = Spielerpartei) and when it came (cards played). */
  kicks: { seat: Seat; at: number }[];
  lastKickSpieler: boolean;
  /** Per seat: the number of cards played in the deal when it last played a card, -1 = none yet. */
  lastPlayedAt: number[];
  /** Per seat: the number of cards played in the deal when it last led a trick, -1 = none yet. */
  lastLedAt: number[];

  /** Who played the Herz Sau and who won its trick (null = not yet). */
  haPlayer: Seat | null;
  haWinner: Seat | null;
  /** The card that won the last trick (Hauer: the Eichel Unter), -1 before. */
  lastWinningCard: number;
  thrownIn: string | null;
  result: DealResult | null;
}

export function cloneState(s: SaState): SaState {
  return {
    ...s,
    hands: s.hands.map((h) => h.slice()),
    passed: s.passed.slice(),
    bidder: s.bidder.slice(),
    auctionLog: s.auctionLog.slice(),
    trogCards: s.trogCards.slice(),
    party: s.party.slice(),
    kicks: s.kicks.slice(),
    lastPlayedAt: s.lastPlayedAt.slice(),
    lastLedAt: s.lastLedAt.slice(),
    ...cloneTrickArrays(s),
  };
}
