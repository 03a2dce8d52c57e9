import {
  CARDS,
  type Card,
  POINTS,
  SUITS,
  SUIT_OF,
  type Suit,
  cardOf,
  indexOf,
  suitNames,
  suitOf,
} from '../../cards/card.js';
import { type FollowRule, followCards, followViolation, ledSuitOf } from '../../tricks/follow.js';
import { TRUMP, trickWinner } from '../../tricks/order.js';
import { layCard, removeCard, takeTrick, trickTakenNote } from '../../tricks/trick.js';
import { auctionOver, nextBidder } from '../family/auction.js';
import { exchangeHochzeit, trumpsIn } from '../family/hochzeit.js';
import { CALLABLE, isCallable, sauOf, suchkarten } from '../family/rufsau.js';
import { kontraWindowOpen, reWindowOpen } from '../family/kontra.js';
import { laufende } from '../family/laufende.js';
import type { Contract, ContractGame, DealNote, Illegal, Seat } from '../../variant.js';
import type { SchafkopfAction as Action } from './vocabulary.js';
import {
  type Game,
  PRECEDENCE_KEYS,
  type PrecedenceKey,
  type SchafkopfOptions,
  TOUT_GAMES,
  type ToutGame,
} from './options.js';
import { type OrderKind, compiled } from './orders.js';
import type { Bid, SkState } from './state.js';
import { ACCEPT, cannotApply, carries, illegal, NO_NOTES, NOBODY, ONLY, PASS, PLAY } from '../common.js';
import { asSeat, foundSeat, nextSeat } from '../../seat.js';

/** Rules of Bavarian Schafkopf over {@link SkState}: legal moves, the auction, tricks. Settlement is in settle.ts. */

export const NORMAL = compiled('normal');
const OBER_IDX = SUITS.map((s) => indexOf(cardOf(s, 'O')));
const UNTER_IDX = SUITS.map((s) => indexOf(cardOf(s, 'U')));
const EO = indexOf('EO');

/** Interned play actions: one frozen object per card, so legal-move lists allocate no actions. */
const KNOCK: Action = Object.freeze({ type: 'knock' });
const KONTRA: Action = Object.freeze({ type: 'kontra' });
const RE: Action = Object.freeze({ type: 're' });

/** The order a game is played in: its kind and trump suit. */
export function orderOfGame(game: Game, suit: Suit | undefined, o: SchafkopfOptions): { kind: OrderKind; suit: Suit } {
  // Only a solo-type game's suit is its trump suit; a Sauspiel's suit is the called suit (Herz stays trump).
  return { kind: orderKind(game, o), suit: GAME_SUIT[game] === 'any' ? (suit ?? 'H') : 'H' };
}

export function orderKind(game: Game, o: SchafkopfOptions): OrderKind {
  switch (game) {
    case 'sauspiel':
    case 'hochzeit':
    case 'ramsch':
    case 'kreuz':
      return 'normal';
    case 'solo':
    case 'sie':
      return 'solo';
    case 'wenz':
    case 'geier':
    case 'farbwenz':
    case 'farbgeier':
      return game;
    case 'bettel':
    case 'bettel-brett':
      return o.bettel.order === 'herz-trumps' ? 'solo' : 'bettel';
    default: {
      const never: never = game;
      throw new Error(`unknown game ${String(never)}`);
    }
  }
}

/** Whether `game` is a solo (every game but Sauspiel, Hochzeit, Ramsch and über Kreuz); any contract game can be asked. */
export function isSoloGame(game: ContractGame): boolean {
  return game !== 'sauspiel' && game !== 'hochzeit' && game !== 'ramsch' && game !== 'kreuz';
}

/** The games nobody bids: they follow when all pass (`allPass`). */
const AFTER_ALL_PASS = (game: string): boolean => game === 'ramsch' || game === 'kreuz';

function precedenceKey(game: Game, tout: boolean): PrecedenceKey | undefined {
  if (tout) return (TOUT_GAMES as readonly string[]).includes(game) ? (`${game}-tout` as PrecedenceKey) : undefined;
  return AFTER_ALL_PASS(game) ? undefined : (game as PrecedenceKey);
}

const GAME_SUIT: Readonly<Record<Game, 'none' | 'any' | 'callable'>> = {
  sauspiel: 'callable',
  solo: 'any',
  wenz: 'none',
  geier: 'none',
  farbwenz: 'any',
  farbgeier: 'any',
  bettel: 'none',
  'bettel-brett': 'none',
  sie: 'none',
  hochzeit: 'none',
  ramsch: 'none',
  kreuz: 'none',
};

function enabled(game: Game, tout: boolean, o: SchafkopfOptions): boolean {
  if (tout && !o.contracts.tout) return false;
  switch (game) {
    case 'sauspiel':
    case 'solo':
    case 'wenz':
      return true;
    case 'geier':
    case 'farbwenz':
    case 'farbgeier':
    case 'bettel':
    case 'sie':
    case 'hochzeit':
      return o.contracts[game];
    case 'bettel-brett':
      return o.contracts.bettelBrett;
    case 'ramsch':
    case 'kreuz':
      return false;
    default: {
      const never: never = game;
      return never;
    }
  }
}

const has = (hand: readonly number[], card: number): boolean => hand.includes(card);

/** Why a seat may not call this suit in a Sauspiel (R1–R3), or undefined. */
function sauspielBlock(hand: readonly number[], suit: Suit): Illegal | undefined {
  if (!isCallable(suit)) return illegal('action/illegal', 'only the Eichel, Gras or Schellen Sau can be called (R1)');
  if (has(hand, sauOf(suit))) return illegal('action/illegal', 'the caller may not hold the called Sau (R2)');
  if (suchkarten(NORMAL, hand, suit) === 0)
    return illegal('action/illegal', 'the caller must hold a card of the called suit that is not trump (R3)');
  return undefined;
}

function gesperrt(hand: readonly number[]): boolean {
  return CALLABLE.every((s) => sauspielBlock(hand, s) !== undefined);
}

/** The renonce calls of a gesperrt Muss-Spieler: a Sau he lacks, else a Zehn, else a König (docs/rules/schafkopf.md "Called ace" (renonce)). */
function renonceCards(hand: readonly number[]): number[] {
  for (const rank of ['A', 'Z', 'K'] as const) {
    const lacking = CALLABLE.map((s) => indexOf(cardOf(s, rank))).filter((c) => !has(hand, c));
    if (lacking.length > 0) return lacking;
  }
  return [];
}

/** Parse a bid action into a {@link Bid}, or say why it is not a bid this seat could make at all. */
export function toBid(s: SkState, seat: Seat, action: Extract<Action, { type: 'bid' }>, muss: boolean): Bid | Illegal {
  const o = s.o;
  const game = action.game as Game | undefined;
  if (game === undefined || !(game in GAME_SUIT) || AFTER_ALL_PASS(game))
    return illegal('action/illegal', `no such game to bid: ${String(action.game)}`);
  const tout = action.tout === true;
  if (carries(action, 'value')) return illegal('action/malformed', 'Schafkopf bids name a game, not a value');
  if (!enabled(game, tout, o))
    return illegal('action/illegal', `${game}${tout ? '-tout' : ''} is not played at this table`);
  const key = precedenceKey(game, tout);
  if (key === undefined) return illegal('action/illegal', `${game} cannot be played as Tout`);
  const suitRule = GAME_SUIT[game];
  const suit = action.suit;
  if (suitRule === 'none' && suit !== undefined) return illegal('action/malformed', `${game} takes no suit`);
  if (suitRule !== 'none' && suit === undefined) return illegal('action/malformed', `${game} needs a suit`);
  const hand = s.hands[seat] ?? [];
  let called: number | undefined;
  if (game === 'sauspiel') {
    const sauspielSuit = suit as Suit;
    const block = sauspielBlock(hand, sauspielSuit);
    if (action.card !== undefined || block !== undefined) {
      // Renonce: only a gesperrt Muss-Spieler may call a card he lacks without the usual conditions.
      const renonce = muss && gesperrt(hand) ? renonceCards(hand) : [];
      const card = action.card !== undefined ? indexOf(action.card) : indexOf(cardOf(sauspielSuit, 'A'));
      if (renonce.length === 0) {
        if (action.card !== undefined && action.card !== cardOf(sauspielSuit, 'A'))
          return illegal('action/illegal', 'only a gesperrt Muss-Spieler may call a Zehn or König (renonce)');
        if (block !== undefined) return block;
      } else if (!renonce.includes(card) || suitOf(CARDS[card] as Card) !== sauspielSuit) {
        return illegal(
          'action/illegal',
          'a gesperrt Muss-Spieler calls a Sau he lacks, if he holds all three a Zehn, then a König (renonce)',
        );
      }
      called = card;
    } else called = indexOf(cardOf(sauspielSuit, 'A'));
  } else if (action.card !== undefined) return illegal('action/malformed', `${game} calls no card`);
  if (game === 'sie') {
    const all = [...OBER_IDX, ...UNTER_IDX];
    if (!all.every((c) => has(hand, c))) return illegal('action/illegal', 'Sie needs all four Ober and all four Unter');
  }
  if (game === 'hochzeit' && muss) return illegal('action/illegal', 'a Muss-Spiel cannot be a Hochzeit');
  if (game === 'hochzeit' && trumpsIn(NORMAL, hand).length !== 1)
    return illegal('action/illegal', 'a Hochzeit needs exactly one trump in hand');
  const rank = o.precedence.indexOf(key);
  return {
    game,
    ...(suit !== undefined ? { suit } : {}),
    tout,
    ...(called !== undefined ? { called } : {}),
    key,
    rank,
  };
}

/** Priority in the auction: forehand 0, then clockwise. */
const priority = (s: SkState, seat: Seat): number => (seat - s.forehand + s.n) % s.n;

function beats(s: SkState, seat: Seat, bid: Bid): boolean {
  const best = s.best;
  const bestSeat = s.bestSeat;
  if (best === null || bestSeat === null) return true;
  return bid.rank < best.rank || (bid.rank === best.rank && priority(s, seat) < priority(s, bestSeat));
}

interface Candidate {
  readonly action: Action;
  readonly game: Game;
  readonly suit: Suit | undefined;
  readonly tout: boolean;
  readonly key: PrecedenceKey;
}

/** Every bid of the game, once (actions are frozen and shared). */
const CANDIDATES: readonly Candidate[] = (Object.keys(GAME_SUIT) as Game[]).flatMap((game) =>
  AFTER_ALL_PASS(game)
    ? []
    : [false, true].flatMap((tout) => {
        if (tout && !(TOUT_GAMES as readonly string[]).includes(game)) return [];
        const suits: readonly (Suit | undefined)[] =
          GAME_SUIT[game] === 'none' ? [undefined] : GAME_SUIT[game] === 'callable' ? CALLABLE : SUITS;
        return suits.map((suit) => ({
          action: Object.freeze({ type: 'bid', game, ...(suit ? { suit } : {}), ...(tout ? { tout } : {}) }) as Action,
          game,
          suit,
          tout,
          key: precedenceKey(game, tout) as PrecedenceKey,
        }));
      }),
);

interface BidEntry {
  readonly action: Action;
  readonly bid: Bid;
  readonly cand: Candidate;
}

/**
 * What a hand allows to bid, as a mask (the hand does not change during the auction):
 * bits 0–2 a Sauspiel on the Eichel, Gras, Schellen Sau (R2, R3), bit 3 Sie, bit 4 exactly one trump (Hochzeit).
 */
const MASKS = 32;
/** Auction ranks (positions in the precedence list). */
const RANKS = PRECEDENCE_KEYS.length;
const SIE_BIT = 8;
const HOCHZEIT_BIT = 16;
/** Per card index: 1 = Ober or Unter, 2 = Sau. */
const CARD_KIND: Uint8Array = Uint8Array.from(CARDS, (c) => (c[1] === 'O' || c[1] === 'U' ? 1 : c[1] === 'A' ? 2 : 0));
/** The SUITS index of each callable suit (bit k of the mask is CALLABLE[k]). */
const CALLABLE_SUIT_INDEX: readonly number[] = CALLABLE.map((suit) => SUITS.indexOf(suit));

function handMask(hand: readonly number[]): number {
  let trumps = 0;
  let oberUnter = 0;
  let aces = 0;
  let plain = 0;
  for (let i = 0; i < hand.length; i++) {
    const c = hand[i] as number;
    const e = NORMAL.effSuit[c] as number;
    if (e === TRUMP) trumps++;
    else plain |= 1 << e;
    const kind = CARD_KIND[c] as number;
    if (kind === 1) oberUnter++;
    else if (kind === 2) aces |= 1 << (SUIT_OF[c] as number);
  }
  let mask = 0;
  for (let k = 0; k < CALLABLE_SUIT_INDEX.length; k++) {
    const bit = 1 << (CALLABLE_SUIT_INDEX[k] as number);
    if ((aces & bit) === 0 && (plain & bit) !== 0) mask |= 1 << k;
  }
  if (oberUnter >= 8) mask |= SIE_BIT;
  if (trumps === 1) mask |= HOCHZEIT_BIT;
  return mask;
}

/** A seat's {@link handMask}, computed once per deal. */
function maskOf(s: SkState, seat: Seat): number {
  let mask = s.bidMask[seat] as number;
  if (mask < 0) {
    mask = handMask(s.hands[seat] ?? []);
    s.bidMask[seat] = mask;
  }
  return mask;
}

/** The bids of a table's options, computed once per options object. */
interface BidTable {
  /** The enabled bids, highest rank first, so that the bids beating the best bid so far are a prefix. */
  readonly entries: readonly BidEntry[];
  /** The bid of each interned bid action. */
  readonly bidOf: ReadonlyMap<Action, Bid>;
  /** Per hand mask: the entries that hand may bid (outside a Muss-Spiel). */
  readonly eligible: readonly (readonly BidEntry[])[];
  /**
   * Per hand mask, how many of its eligible bids beat a best bid of rank r: at `(mask * RANKS + r) * 2 + earlier`,
   * `earlier` = 1 when the seat comes before the best bidder from forehand (the prefix of {@link beats}).
   */
  readonly cut: Uint8Array;
  /** Shared legal-action lists of the auction: `[knock?, pass, …the first k eligible bids]`, built on demand. */
  readonly lists: (readonly Action[] | undefined)[];
}

/**
 * Pure memos (not state): a table is a function of the options alone, built once on demand and never changed after.
 * By options object, and by what a table depends on (the enabled contracts and the precedence), since records bring
 * new options objects.
 */
const bidTables = new WeakMap<SchafkopfOptions, BidTable>();
const bidTablesByKey = new Map<string, BidTable>();

function bidTable(o: SchafkopfOptions): BidTable {
  let table = bidTables.get(o);
  if (table === undefined) {
    const c = o.contracts;
    const key = `${+c.geier}${+c.farbwenz}${+c.farbgeier}${+c.bettel}${+c.bettelBrett}${+c.tout}${+c.sie}${+c.hochzeit}|${o.precedence.join(',')}`;
    table = bidTablesByKey.get(key) ?? buildBidTable(o);
    bidTablesByKey.set(key, table);
    bidTables.set(o, table);
  }
  return table;
}

function buildBidTable(o: SchafkopfOptions): BidTable {
  const entries = CANDIDATES.filter((cand) => enabled(cand.game, cand.tout, o)).map((cand) => {
    const called = cand.game === 'sauspiel' ? indexOf(cardOf(cand.suit as Suit, 'A')) : undefined;
    const bid: Bid = {
      game: cand.game,
      ...(cand.suit !== undefined ? { suit: cand.suit } : {}),
      tout: cand.tout,
      ...(called !== undefined ? { called } : {}),
      key: cand.key,
      rank: o.precedence.indexOf(cand.key),
    };
    return { action: cand.action, bid, cand };
  });
  entries.sort((a, b) => a.bid.rank - b.bid.rank);
  const eligible = Array.from({ length: MASKS }, (_, mask) =>
    Object.freeze(
      entries.filter((e) => {
        switch (e.cand.game) {
          case 'sauspiel':
            return (mask & (1 << CALLABLE.indexOf(e.cand.suit as Suit))) !== 0;
          case 'sie':
            return (mask & SIE_BIT) !== 0;
          case 'hochzeit':
            return (mask & HOCHZEIT_BIT) !== 0;
          default:
            return true;
        }
      }),
    ),
  );
  const cut = new Uint8Array(MASKS * RANKS * 2);
  for (let mask = 0; mask < MASKS; mask++) {
    const list = eligible[mask] as readonly BidEntry[];
    for (let r = 0; r < RANKS; r++)
      for (let earlier = 0; earlier < 2; earlier++) {
        let k = 0;
        while (k < list.length) {
          const rank = (list[k] as BidEntry).bid.rank;
          if (rank < r || (rank === r && earlier === 1)) k++;
          else break;
        }
        cut[(mask * RANKS + r) * 2 + earlier] = k;
      }
  }
  return {
    entries,
    bidOf: new Map(entries.map((e) => [e.action, e.bid])),
    eligible,
    cut,
    lists: new Array<readonly Action[] | undefined>(MASKS * 2 * 64).fill(undefined),
  };
}

/** Every bid a seat's hand allows, ignoring the auction so far (the hand does not change during the auction). */
function eligibleBids(s: SkState, seat: Seat, muss: boolean): readonly { action: Action; bid: Bid }[] {
  if (!muss) return bidTable(s.o).eligible[maskOf(s, seat)] as readonly BidEntry[];
  const hand = s.hands[seat] ?? [];
  const mask = handMask(hand) & ~HOCHZEIT_BIT;
  const out: { action: Action; bid: Bid }[] = [...(bidTable(s.o).eligible[mask] as readonly BidEntry[])];
  if (gesperrt(hand)) {
    for (const card of renonceCards(hand)) {
      const c = CARDS[card] as Card;
      const action: Action =
        c[1] === 'A'
          ? { type: 'bid', game: 'sauspiel', suit: suitOf(c) }
          : { type: 'bid', game: 'sauspiel', suit: suitOf(c), card: c };
      const bid = toBid(s, seat, action as Extract<Action, { type: 'bid' }>, true);
      if (!('code' in bid)) out.push({ action, bid });
    }
  }
  return out;
}

/** Every bid of the Muss-Spieler (he need not outrank anything). */
function mussBids(s: SkState, seat: Seat): Action[] {
  return eligibleBids(s, seat, true).map((e) => e.action);
}

const NO_ACTIONS: readonly Action[] = Object.freeze([]);

/** The legal actions of the seat whose turn it is in the auction: one shared frozen list per situation. */
function auctionActions(s: SkState, seat: Seat, knock: boolean): readonly Action[] {
  const table = bidTable(s.o);
  const mask = maskOf(s, seat);
  const eligible = table.eligible[mask] as readonly BidEntry[];
  let k = eligible.length;
  const best = s.best;
  const bestSeat = s.bestSeat;
  if (best !== null && bestSeat !== null) {
    // The bids that beat the best so far are a prefix (see {@link beats}).
    const earlier = priority(s, seat) < priority(s, bestSeat) ? 1 : 0;
    k = table.cut[(mask * RANKS + best.rank) * 2 + earlier] as number;
  }
  const key = ((mask << 1) | (knock ? 1 : 0)) * 64 + k;
  let list = table.lists[key];
  if (list === undefined) {
    const out: Action[] = knock ? [KNOCK, PASS] : [PASS];
    for (let i = 0; i < k; i++) out.push((eligible[i] as BidEntry).action);
    list = Object.freeze(out);
    table.lists[key] = list;
  }
  return list;
}

/** Cards the seat may play now (follow suit, called-card obligations, Bettel Stichzwang). */
export function legalCards(s: SkState, seat: Seat): readonly number[] {
  const hand = s.hands[seat] as number[];
  const order = s.order;
  const c = s.contract;
  const called = c?.called;
  const holdsCalled = called !== undefined && seat === s.calledHolder && hand.includes(called);
  const led = s.trickCards[0];
  if (led === undefined) {
    // The hand itself (read-only to callers) when every card may be led.
    if (!holdsCalled || s.calledLedTrick >= 0) return hand;
    // The holder may lead the called card, but no other card of its suit unless he runs away (Davonlaufen, P2).
    let count = 0;
    for (const x of hand) if (order.effSuit[x] === s.calledSuit) count++;
    if (count >= s.o.calledAce.davonlaufenMin) return hand;
    return hand.filter((x) => order.effSuit[x] !== s.calledSuit || x === called);
  }
  let cands = followCards(order, hand, order.effSuit[led] as number);
  if (holdsCalled) {
    // P1: at the first lead of the called suit the called card must be played.
    if (s.calledLedTrick === s.trickNo) return [called];
    // P3: before its suit was led the called card may not be discarded, except late in the deal.
    if (s.calledLedTrick < 0 && cands.length > 1 && !discardAllowed(s)) cands = cands.filter((x) => x !== called);
  }
  if (c !== null && (c.game === 'bettel' || c.game === 'bettel-brett') && s.o.bettel.stichzwang) {
    const winners = cands.filter((x) => beatsTrick(s, x));
    if (winners.length > 0) cands = winners;
  }
  return cands;
}

function discardAllowed(s: SkState): boolean {
  switch (s.o.calledAce.discard) {
    case 'last-trick':
      return s.trickNo >= s.perHand - 1;
    case 'from-7th':
      return s.trickNo >= s.perHand - 2;
    case 'always':
      return true;
    default: {
      const never: never = s.o.calledAce.discard;
      return never;
    }
  }
}

/** Whether card x would win the current trick so far. */
function beatsTrick(s: SkState, x: number): boolean {
  const cards = [...s.trickCards, x];
  return trickWinner(s.order, cards) === cards.length - 1;
}

/** Why the called-card rules forbid a card (for the error message), when they do. */
function calledCardReason(s: SkState, seat: Seat, card: number): string | undefined {
  const called = s.contract?.called;
  if (called === undefined || seat !== s.calledHolder || !(s.hands[seat] ?? []).includes(called)) return undefined;
  const name = CARDS[called] as Card;
  if (s.trickCards.length === 0) {
    if (s.calledLedTrick < 0 && s.order.effSuit[card] === s.calledSuit && card !== called)
      return `the holder of the called card ${name} may not lead another card of its suit unless he runs away with at least ${s.o.calledAce.davonlaufenMin} cards of the suit (Davonlaufen)`;
    return undefined;
  }
  if (s.calledLedTrick === s.trickNo && card !== called)
    return `must play the called card ${name} when its suit is led`;
  if (card === called && s.calledLedTrick < 0)
    return `the called card ${name} may not be discarded before its suit has been led`;
  return undefined;
}

function kontraOpen(s: SkState, seat: Seat): boolean {
  const c = s.contract;
  if (c === null || c.game === 'ramsch' || s.phase !== 'play') return false;
  return kontraWindowOpen(s.o.kontra.window, s, seat);
}

function reOpen(s: SkState, seat: Seat): boolean {
  return s.phase === 'play' && reWindowOpen(s.o.kontra.window, s, seat);
}

export function toAct(s: SkState): readonly Seat[] {
  switch (s.phase) {
    case 'knock': {
      // Every seat decides at once; the deal waits for those who have not.
      const out: Seat[] = [];
      for (let i = 0; i < s.n; i++) if (!s.knockDecided[i]) out.push(asSeat(i));
      return out;
    }
    case 'auction':
      return ONLY[s.auctionTurn] as readonly Seat[];
    case 'hochzeit':
      return ONLY[(s.hochzeit as NonNullable<SkState['hochzeit']>).turn] as readonly Seat[];
    case 'muss':
      return s.mussSeat === null ? NOBODY : (ONLY[s.mussSeat] as readonly Seat[]);
    case 'play':
      return ONLY[s.turn] as readonly Seat[];
    case 'done':
      return NOBODY;
    default: {
      const never: never = s.phase;
      return never;
    }
  }
}

const KNOCK_ONLY: readonly Action[] = Object.freeze([KNOCK]);
/** Knock timing `first-four`: declining to knock after the first packet. */
const NO_KNOCK: Action = Object.freeze({ type: 'choose', choice: 'no-knock' });
const KNOCK_OR_NOT: readonly Action[] = Object.freeze([KNOCK, NO_KNOCK]);

export function legalActions(s: SkState, seat: Seat): readonly Action[] {
  switch (s.phase) {
    case 'knock':
      return s.knockDecided[seat] ? NO_ACTIONS : KNOCK_OR_NOT;
    case 'auction': {
      const knock =
        s.o.knock.enabled && s.o.knock.timing === 'before-first-call' && !s.knocked[seat] && !s.auctionActed[seat];
      if (seat === s.auctionTurn) return auctionActions(s, seat, knock);
      return knock ? KNOCK_ONLY : NO_ACTIONS;
    }
    case 'muss':
      return seat === s.mussSeat ? mussBids(s, seat) : NO_ACTIONS;
    case 'hochzeit': {
      const h = s.hochzeit as NonNullable<SkState['hochzeit']>;
      if (seat !== h.turn) return NO_ACTIONS;
      const out: Action[] = [PASS];
      for (const c of s.hands[seat] ?? []) if (NORMAL.effSuit[c] !== TRUMP) out.push(ACCEPT[c] as Action);
      return out;
    }
    case 'play': {
      const out: Action[] = [];
      if (seat === s.turn) pushPlays(s, seat, out);
      if (s.kontra === null && !s.party[seat] && kontraOpen(s, seat)) out.push(KONTRA);
      if (s.kontra !== null && s.party[seat] && reOpen(s, seat)) out.push(RE);
      return out;
    }
    case 'done':
      return NO_ACTIONS;
    default: {
      const never: never = s.phase;
      return never;
    }
  }
}

/** Push the play actions of the legal cards: straight from the hand unless a called-card or Bettel rule applies. */
function pushPlays(s: SkState, seat: Seat, out: Action[]): void {
  const hand = s.hands[seat] as number[];
  const n = hand.length;
  const c = s.contract;
  const special =
    (seat === s.calledHolder && !s.calledOut) ||
    (c !== null && s.o.bettel.stichzwang && (c.game === 'bettel' || c.game === 'bettel-brett'));
  if (special) {
    const cards = legalCards(s, seat);
    for (let i = 0; i < cards.length; i++) out.push(PLAY[cards[i] as number] as Action);
    return;
  }
  if (s.trickCards.length > 0) {
    const eff = s.order.effSuit;
    const ledSuit = eff[s.trickCards[0] as number];
    // The hot path of every simulated card: followCount (engine/tricks/follow.ts) written out, nothing allocated.
    let follow = 0;
    for (let i = 0; i < n; i++) if (eff[hand[i] as number] === ledSuit) follow++;
    if (follow > 0 && follow < n) {
      for (let i = 0; i < n; i++) {
        const x = hand[i] as number;
        if (eff[x] === ledSuit) out.push(PLAY[x] as Action);
      }
      return;
    }
  }
  for (let i = 0; i < n; i++) out.push(PLAY[hand[i] as number] as Action);
}

/** Following by the contract's trick order (trump or the card's suit); messages name the German suits. */
const FOLLOW: FollowRule = {
  suitNames: suitNames('de'),
  rules: { trump: 'must follow trump (Trumpfzwang)', suit: 'must follow suit (Farbzwang)' },
  terms: { trump: 'Trumpfzwang', suit: 'Farbzwang' },
};

const notTurn = (seat: Seat): Illegal =>
  illegal('action/not_your_turn', 'it is not this seat’s turn', `seat ${seat} is not to act`);

export function check(s: SkState, seat: Seat, action: Action): Illegal | undefined {
  if (!Number.isInteger(seat) || seat < 0 || seat >= s.n) return illegal('action/bad_seat', `no seat ${seat}`);
  if (s.phase === 'done') return illegal('deal/over', 'the deal is over');
  if (s.phase === 'knock') {
    // A seat that has decided waits for the others: its turn is over (the table names who is still to decide).
    if (s.knockDecided[seat]) return notTurn(seat);
    const decision = action.type === 'knock' || (action.type === 'choose' && action.choice === 'no-knock');
    if (!decision)
      return illegal(
        'action/illegal',
        'after the first four cards every seat first decides whether to knock (knock, or choose no-knock); then the second packet is dealt',
      );
    return undefined;
  }
  switch (action.type) {
    case 'knock':
      if (!s.o.knock.enabled) return illegal('action/illegal', 'Klopfen is not played at this table');
      if (s.o.knock.timing === 'first-four')
        return illegal(
          'action/illegal',
          'knocking (Klopfen/Legen) is only allowed after the first four cards, before the second packet is dealt',
        );
      if (s.phase !== 'auction' || s.auctionActed[seat])
        return illegal(
          'action/illegal',
          'knocking (Klopfen/Legen) is only allowed before the seat’s first auction call',
        );
      if (s.knocked[seat]) return illegal('action/illegal', 'each seat knocks at most once');
      return undefined;
    case 'pass':
      if (s.phase === 'auction') return seat === s.auctionTurn ? undefined : notTurn(seat);
      if (s.phase === 'hochzeit') return seat === s.hochzeit?.turn ? undefined : notTurn(seat);
      if (s.phase === 'muss') return illegal('action/illegal', 'the Muss-Spieler must declare a game (Muss-Spiel)');
      return illegal('action/illegal', 'there is nothing to pass now');
    case 'bid': {
      const muss = s.phase === 'muss';
      if (s.phase !== 'auction' && !muss) return illegal('action/illegal', 'bids are only made in the auction');
      if (seat !== (muss ? s.mussSeat : s.auctionTurn)) return notTurn(seat);
      const bid = toBid(s, seat, action, muss);
      if ('code' in bid) return bid;
      if (!muss && !beats(s, seat, bid))
        return illegal(
          'action/illegal',
          'a bid must outrank the best bid so far; at equal rank the earlier seat from forehand wins',
        );
      return undefined;
    }
    case 'accept': {
      if (s.phase !== 'hochzeit') return illegal('action/illegal', 'there is no Hochzeit to accept');
      if (seat !== s.hochzeit?.turn) return notTurn(seat);
      if (action.card === undefined) return illegal('action/malformed', 'accept names the card given back');
      const card = indexOf(action.card);
      if (!(s.hands[seat] ?? []).includes(card))
        return illegal('action/illegal', 'the card given back must be in hand');
      if (NORMAL.effSuit[card] === TRUMP)
        return illegal('action/illegal', 'the card given back for the Hochzeit trump may not be a trump');
      return undefined;
    }
    case 'kontra':
      if (s.o.kontra.window === 'off') return illegal('action/illegal', 'Kontra and Re are not allowed at this table');
      if (s.kontra !== null) return illegal('action/illegal', 'Kontra has already been given');
      if (s.contract?.game === 'ramsch') return illegal('action/illegal', 'there is no Kontra in a Ramsch');
      if (!kontraOpen(s, seat))
        return illegal('action/illegal', 'Kontra is too late (window: ' + s.o.kontra.window + ')');
      if (s.party[seat]) return illegal('action/illegal', 'only a defender may give Kontra');
      return undefined;
    case 're':
      if (s.o.kontra.window === 'off') return illegal('action/illegal', 'Kontra and Re are not allowed at this table');
      if (s.kontra === null) return illegal('action/illegal', 'Re answers a Kontra');
      if (s.re !== null) return illegal('action/illegal', 'Re has already been given');
      if (!reOpen(s, seat)) return illegal('action/illegal', 'Re is too late (window: ' + s.o.kontra.window + ')');
      if (!s.party[seat]) return illegal('action/illegal', 'only the declaring party may give Re');
      return undefined;
    case 'play': {
      if (s.phase !== 'play') return illegal('action/illegal', 'cards are played only after the auction');
      if (seat !== s.turn) return notTurn(seat);
      const card = indexOf(action.card);
      const hand = s.hands[seat] ?? [];
      if (!hand.includes(card))
        return illegal(
          'action/illegal',
          'the card is not in the seat’s hand',
          `${action.card} is not in seat ${seat}’s hand`,
        );
      const legal = legalCards(s, seat);
      if (legal.includes(card)) return undefined;
      const reason = calledCardReason(s, seat, card);
      if (reason !== undefined) return illegal('action/illegal', reason);
      return (
        followViolation(FOLLOW, s.order, hand, ledSuitOf(s.order, s.trickCards), card) ??
        illegal('action/illegal', 'must take the trick when able (Bettel Stichzwang)')
      );
    }
    default:
      return illegal('action/illegal', `${action.type} is not an action of Schafkopf`);
  }
}

/** Apply a legal action in place. */
export function apply(s: SkState, seat: Seat, action: Action, quiet = false): readonly DealNote[] {
  switch (action.type) {
    case 'play':
      return playCard(s, seat, indexOf(action.card), quiet);
    case 'knock':
      s.knocked[seat] = true;
      s.knocks++;
      s.auctionLog.push({ seat, action });
      return s.phase === 'knock' ? knockDecided(s, seat, quiet) : NO_NOTES;
    case 'choose':
      // Only the knock phase has a choice (no-knock): check() rejects every other.
      return knockDecided(s, seat, quiet);
    case 'pass':
      if (s.phase === 'hochzeit') return hochzeitPass(s, quiet);
      s.auctionLog.push({ seat, action });
      s.auctionActed[seat] = true;
      s.passed[seat] = true;
      return advanceAuction(s, quiet);
    case 'bid': {
      const muss = s.phase === 'muss';
      // An interned bid action (from legalActions) names its bid directly.
      let bid: Bid | undefined = muss ? undefined : bidTable(s.o).bidOf.get(action);
      if (bid === undefined) {
        for (const e of eligibleBids(s, seat, muss))
          if (e.action === action || (action.card === undefined && sameBid(e.action, action))) {
            bid = e.bid;
            break;
          }
        bid ??= toBid(s, seat, action, muss) as Bid;
      }
      s.auctionLog.push({ seat, action });
      if (muss) return fixContract(s, seat, bid, true, quiet);
      s.auctionActed[seat] = true;
      s.best = bid;
      s.bestSeat = seat;
      return advanceAuction(s, quiet);
    }
    case 'accept':
      // Checked: an accept to apply names its card.
      return hochzeitAccept(s, seat, indexOf(action.card as Card), quiet);
    case 'kontra':
      s.kontra = seat;
      s.kontraAt = s.cardsPlayed;
      return NO_NOTES;
    case 're':
      s.re = seat;
      // Only the partner's Re shows whom the called ace sits with; the declarer's own Re reveals nothing.
      if (seat === s.partner) s.partnerRevealed = true;
      return NO_NOTES;
    default:
      return cannotApply(action);
  }
}

function sameBid(a: Action, b: Extract<Action, { type: 'bid' }>): boolean {
  return (
    a.type === 'bid' &&
    a.game === b.game &&
    a.suit === b.suit &&
    (a.tout ?? false) === (b.tout ?? false) &&
    a.card === b.card
  );
}

/** After a pass or bid: the next seat to call, or the end of the auction. */
function advanceAuction(s: SkState, quiet: boolean): readonly DealNote[] {
  const best = s.best;
  if (auctionOver(s.passed, s.auctionActed, best !== null ? s.bestSeat : null)) {
    const seat = s.bestSeat;
    if (best === null || seat === null) return allPassed(s, quiet);
    if (best.game === 'hochzeit') {
      const hand = s.hands[seat] ?? [];
      s.phase = 'hochzeit';
      s.hochzeit = { offerer: seat, turn: nextSeat(seat, s.n), asked: 0, card: trumpsIn(NORMAL, hand)[0] as number };
      return NO_NOTES;
    }
    return fixContract(s, seat, best, false, quiet);
  }
  s.auctionTurn = nextBidder(s.passed, s.auctionTurn, (seat) => nextSeat(seat, s.n));
  return NO_NOTES;
}

const RAMSCH: Bid = Object.freeze({ game: 'ramsch', tout: false, key: 'sauspiel', rank: -1 });
const KREUZ: Bid = Object.freeze({ game: 'kreuz', tout: false, key: 'sauspiel', rank: -1 });

function allPassed(s: SkState, quiet: boolean): readonly DealNote[] {
  switch (s.o.allPass) {
    case 'redeal':
      return throwIn(s, 'all-passed', quiet);
    case 'stock':
      return throwIn(s, 'stock', quiet);
    case 'ramsch':
      return fixContract(s, s.forehand, RAMSCH, false, quiet);
    case 'kreuz':
      // Über Kreuz: forehand and the player opposite against the other two (fixContract seats the partner).
      return fixContract(s, s.forehand, KREUZ, false, quiet);
    case 'muss':
      s.phase = 'muss';
      s.mussSeat = foundSeat(s.hands.findIndex((h) => h.includes(EO)));
      return NO_NOTES;
    default: {
      const never: never = s.o.allPass;
      return never;
    }
  }
}

function throwIn(s: SkState, reason: string, quiet: boolean): readonly DealNote[] {
  s.phase = 'done';
  s.thrownIn = reason;
  return quiet ? NO_NOTES : [{ type: 'DealOver' }];
}

function hochzeitPass(s: SkState, quiet: boolean): readonly DealNote[] {
  const h = s.hochzeit as NonNullable<SkState['hochzeit']>;
  s.auctionLog.push({ seat: h.turn, action: PASS });
  const asked = h.asked + 1;
  if (asked >= s.n - 1) {
    // Nobody takes the Hochzeit: as if everyone had passed.
    s.hochzeit = null;
    s.best = null;
    s.bestSeat = null;
    return allPassed(s, quiet);
  }
  s.hochzeit = { ...h, asked, turn: nextSeat(h.turn, s.n) };
  return NO_NOTES;
}

function hochzeitAccept(s: SkState, seat: Seat, given: number, quiet: boolean): readonly DealNote[] {
  const h = s.hochzeit as NonNullable<SkState['hochzeit']>;
  s.auctionLog.push({ seat, action: ACCEPT[given] as Action });
  // The offered trump changes hands face down; the acceptor gives back a non-trump.
  exchangeHochzeit(s.hands, h.offerer, seat, h.card, given);
  s.hochzeitGiven = given;
  const best = s.best as Bid;
  const notes = fixContract(s, h.offerer, best, false, quiet);
  s.partner = seat;
  s.party[seat] = true;
  s.partnerRevealed = true;
  s.laufende = countLaufende(s);
  return notes;
}

function fixContract(s: SkState, declarer: Seat, bid: Bid, muss: boolean, quiet: boolean): readonly DealNote[] {
  s.contract = {
    game: bid.game,
    suit: bid.suit,
    tout: bid.tout,
    called: bid.called,
    key: bid.key,
    rank: bid.rank,
    declarer,
    muss,
  };
  const order = orderOfGame(bid.game, bid.suit, s.o);
  s.order = compiled(order.kind, order.suit);
  s.phase = 'play';
  s.turn = s.forehand;
  s.party.fill(false);
  if (bid.game !== 'ramsch') s.party[declarer] = true;
  if (bid.called !== undefined) {
    const called = bid.called;
    s.calledSuit = s.order.effSuit[called] as number;
    s.calledHolder = null;
    for (let i = 0; i < s.n; i++)
      if ((s.hands[i] as number[]).includes(called)) {
        s.calledHolder = asSeat(i);
        break;
      }
    s.partner = s.calledHolder;
    if (s.partner !== null) s.party[s.partner] = true;
  }
  if (bid.game === 'kreuz') {
    // The partner is the seat opposite: known to everyone from the start.
    const opposite = nextSeat(declarer, s.n, 2);
    s.partner = opposite;
    s.party[opposite] = true;
    s.partnerRevealed = true;
  }
  s.laufende = countLaufende(s);
  const sie = bid.game === 'sie';
  if (sie) {
    // Sie is shown, not played: the declarer takes every trick.
    let total = 0;
    for (const h of s.hands) for (const c of h) total += POINTS[c] as number;
    s.points[declarer] = total;
    s.tricks[declarer] = s.perHand;
    s.phase = 'done';
  }
  if (quiet) return NO_NOTES;
  const notes: DealNote[] = [{ type: 'ContractSet', contract: toContract(s) }];
  if (sie) notes.push({ type: 'DealOver' });
  return notes;
}

export function toContract(s: SkState): Contract {
  const c = s.contract as NonNullable<SkState['contract']>;
  const called = c.called !== undefined ? (CARDS[c.called] as Card) : undefined;
  const out: { -readonly [K in keyof Contract]: Contract[K] } = { declarer: c.declarer, game: c.game };
  if (c.suit !== undefined) out.suit = c.suit;
  if (c.tout) out.tout = true;
  if (called !== undefined && called[1] !== 'A') out.card = called;
  return out;
}

/** Laufende from the top of the contract's trumps, held from the deal by one party (either). */
export function countLaufende(s: SkState): number {
  const c = s.contract;
  if (c === null || c.game === 'ramsch' || c.game === 'bettel' || c.game === 'bettel-brett') return 0;
  if (c.game === 'sie') return 8;
  const n = laufende(s.hands, s.party, s.order.source.trumps);
  // Über Kreuz is priced as a Sauspiel, Laufende included.
  const game = (c.game === 'kreuz' ? 'sauspiel' : c.game) as 'sauspiel' | 'hochzeit' | ToutGame;
  const cap = s.o.laufendeCap[game];
  return cap !== undefined ? Math.min(n, cap) : n;
}

function playCard(s: SkState, seat: Seat, card: number, quiet: boolean): readonly DealNote[] {
  removeCard(s.hands[seat] as number[], card);
  const order = s.order;
  const called = s.contract?.called;
  if (called !== undefined) {
    if (s.trickCards.length === 0 && s.calledLedTrick < 0 && order.effSuit[card] === s.calledSuit)
      s.calledLedTrick = s.trickNo;
    if (card === called) {
      s.partnerRevealed = true;
      s.calledOut = true;
    }
  }
  const full = layCard(s, seat, card, s.n);
  if (s.party[seat] && s.declarerFirstCardAt < 0) s.declarerFirstCardAt = s.cardsPlayed;
  const tr = order.trumpRank[card] as number;
  if (tr > 0 && (s.bestTrumpPlayed[seat] === 0 || tr < (s.bestTrumpPlayed[seat] as number)))
    s.bestTrumpPlayed[seat] = tr;
  if (!full) {
    s.turn = nextSeat(seat, s.n);
    return NO_NOTES;
  }
  const pos = trickWinner(order, s.trickCards);
  const winner = s.trickSeats[pos] as Seat;
  for (let i = 0; i < s.n; i++) {
    const r = order.trumpRank[s.trickCards[i] as number] as number;
    if (r > 0) {
      s.trumpsTaken[winner] = (s.trumpsTaken[winner] as number) + 1;
      if (s.bestTrumpTaken[winner] === 0 || r < (s.bestTrumpTaken[winner] as number)) s.bestTrumpTaken[winner] = r;
    }
  }
  takeTrick(s, pos);
  const over = s.trickNo === s.perHand;
  if (over) s.phase = 'done';
  if (quiet) return NO_NOTES;
  const notes: DealNote[] = [trickTakenNote(s, winner)];
  if (over) notes.push({ type: 'DealOver' });
  return notes;
}

export { priority, gesperrt };

export { PLAY, illegal };

/** A seat has decided in the knock phase; when all have, the second packet is dealt and the auction starts. */
function knockDecided(s: SkState, seat: Seat, quiet: boolean): readonly DealNote[] {
  s.knockDecided[seat] = true;
  for (let i = 0; i < s.n; i++) if (!s.knockDecided[i]) return NO_NOTES;
  return secondPacket(s, quiet);
}

/** End the knock phase: the second packet to every seat (a note each, shown to that seat only), then the auction. */
function secondPacket(s: SkState, quiet: boolean): readonly DealNote[] {
  s.phase = 'auction';
  if (quiet) return NO_NOTES;
  const half = s.perHand / 2;
  const notes: DealNote[] = [];
  for (let i = 0; i < s.n; i++) {
    const seat = nextSeat(s.forehand, s.n, i);
    notes.push({
      type: 'CardsDealt',
      seat,
      cards: (s.dealt[seat] as number[]).slice(half).map((c) => CARDS[c] as Card),
    });
  }
  return notes;
}

/** A record lists only the knocks: the seats that have not decided did not knock (Variant.closeKnocks). */
export function closeKnocks(s: SkState): readonly DealNote[] {
  if (s.phase !== 'knock') return NO_NOTES;
  for (let i = 0; i < s.n; i++) s.knockDecided[i] = true;
  return secondPacket(s, false);
}
