import type { DealContext, DealResult, Seat } from '../../variant.js';
import type { GAMES, SheepsheadAction as Action } from './vocabulary.js';
import type { SheepsheadOptions } from './options.js';
import { type TrickState, cloneTrickArrays } from '../../tricks/trick.js';

/**
 * `pick`: from the dealer's left each seat picks up the blind or passes; `bury`: the picker (7-handed: then the
 * die-roll partner) lays cards away; `call`: the picker names his partner or goes alone; `leaster-blind`: in a
 * leaster the dealer names the trick whose winner takes the blind (option); `play`: the tricks.
 */
export type Phase = 'pick' | 'bury' | 'call' | 'leaster-blind' | 'play' | 'done';

/**
 * What a called-ace picker keeps for the called suit: `ace` (a fail card of the suit, kept until the suit is led),
 * `ten` (a ten was called: the picker holds and must bring the suit's ace), `under` (the "unknown": a face-down card
 * set aside, played when the suit is first led, with no trick-winning power).
 */
export type HoldKind = 'none' | 'ace' | 'ten' | 'under';

/** The contract kinds in results (docs/RECORD.md `contract.game`): the vocabulary's games. */
export type GameKind = (typeof GAMES)[number];

/** The mutable state of one Sheepshead deal (card indices, see cards/card.ts). */
export interface ShState extends TrickState {
  readonly o: SheepsheadOptions;
  readonly ctx: DealContext;
  readonly n: number;
  readonly dealer: Seat;
  readonly forehand: Seat;
  /** Tricks in the deal (cards each player plays). */
  readonly tricksInDeal: number;
  /** Hands as dealt; never mutated. */
  readonly dealt: readonly (readonly number[])[];
  /** The blind as dealt; never mutated. */
  readonly blind: readonly number[];
  /** Seven-handed: the die roll (1–6) counted clockwise from the picker; derived from the deal (see index.ts). */
  readonly die: number;
  hands: number[][];
  phase: Phase;

  // Picking.
  pickTurn: Seat;
  pickActed: boolean[];
  picker: Seat | null;
  forced: boolean;
  /** Blitzes shown: per seat, bit 1 = black queens, bit 2 = red queens. */
  blitzed: number[];
  blitzes: number;
  /** Pre-play actions in order (picks, passes, blitzes, burials, the call), for the view. */
  log: { seat: Seat; action: Action }[];
  /** Seat that must bury now, and how many cards. */
  buryer: Seat | null;
  buryCount: number;
  /** Cards buried per seat (the picker, and the 7-handed die partner). */
  buried: number[][];
  /** Whether J♦ came to the picker from the blind. */
  jdFromBlind: boolean;

  // Partners.
  game: GameKind | null;
  party: boolean[];
  /** Holder of the called card (called ace/ten, J♦ or the called-up jack), null when none. */
  partner: Seat | null;
  /** 6-handed: the player to the picker's right; 7-handed: the die-roll partner; null when none. */
  second: Seat | null;
  calledCard: number;
  calledSuit: number;
  hold: HoldKind;
  /** The "unknown" card set aside by the picker (-1 when none or once played). */
  under: number;
  /** The trick in which the called suit was first led, -1 before. */
  calledLedTrick: number;
  /** Whether the partner is publicly known (called card played, re-crack, second partner). */
  partnerRevealed: boolean;

  /** Leaster with `dealer-trick`: the named trick (0-based, -1 none) and who took it (null before). */
  blindTrick: number;
  blindTaker: Seat | null;

  // Doublings.
  crack: Seat | null;
  recrack: Seat | null;

  // Play.
  /** Position in the current trick where the under card was played, -1 when not. */
  underPos: number;
  /** Two-handed: the face-up top card of each stack (-1 = empty) and the face-down cards under it (top last). */
  stackTop: number[][];
  stackDown: number[][][];
  thrownIn: string | null;
  result: DealResult | null;
}

export function cloneState(s: ShState): ShState {
  return {
    ...s,
    hands: s.hands.map((h) => h.slice()),
    pickActed: s.pickActed.slice(),
    blitzed: s.blitzed.slice(),
    log: s.log.slice(),
    buried: s.buried.map((b) => b.slice()),
    party: s.party.slice(),
    ...cloneTrickArrays(s),
    stackTop: s.stackTop.map((t) => t.slice()),
    stackDown: s.stackDown.map((d) => d.map((x) => x.slice())),
  };
}
