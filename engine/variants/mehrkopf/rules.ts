import { CARDS, type Card, SUITS, type Suit, cardOf, indexOf, suitNames } from '../../cards/card.js';
import {
  type FollowRule,
  followCards,
  followCount,
  followViolation,
  ledSuitOf,
  mustFollow,
} from '../../tricks/follow.js';
import { TRUMP, trickWinner } from '../../tricks/order.js';
import { layCard, removeCard, takeTrick, trickTakenNote } from '../../tricks/trick.js';
import { auctionOver, nextBidder } from '../family/auction.js';
import { exchangeHochzeit, trumpsIn } from '../family/hochzeit.js';
import { CALLABLE, isCallable, sauOf, suchkarten } from '../family/rufsau.js';
import { laufende } from '../family/laufende.js';
import type { Contract, DealNote, Illegal, Seat } from '../../variant.js';
import type { MehrkopfAction as Action } from './vocabulary.js';
import { type Game, LEVEL, type MehrkopfOptions, SOLO_GAMES } from './options.js';
import { MAIN_TRUMPS, type OrderKind, compiled, mehrkopfDeck } from './orders.js';
import type { Bid, MkState } from './state.js';
import { ACCEPT, cannotApply, carries, foreignAction, illegal, NO_NOTES, NOBODY, ONLY, PASS, PLAY } from '../common.js';
import { asSeat, foundSeat, nextSeat as clockwise } from '../../seat.js';

/**
 * Rules of Mehrkopf over {@link MkState}: the auction, the dealer's choices, the Hochzeit, legal cards with the
 * Bedienregel and the Bringregel (called Ace and Schöne), tricks and the two-player stacks. Settlement is in settle.ts.
 */

/** The normal game's order: Ober, Unter, Gefreite, then Herz (also the Ramsch and Hochzeit order). */
export const NORMAL = compiled('normal', 'H');
/** The main trumps by card index (filled once when the module loads, constant after). */
const MAIN = new Uint8Array(48);
for (const c of MAIN_TRUMPS) MAIN[indexOf(c)] = 1;
const SIE_CARDS = MAIN_TRUMPS.slice(0, 8).map(indexOf);
/** Zero-point cards (Nichtserle/Nixer): Neun, Acht, Sieben, Sechs (filled once when the module loads, constant after). */
const NIXER = new Uint8Array(48);
for (let i = 0; i < 48; i++) NIXER[i] = '9876'.includes((CARDS[i] as Card)[1] as string) ? 1 : 0;

/** Interned actions: one frozen object per card, so legal-move lists allocate no actions. */
/**
 * A Muss-Spiel names a card (rulebook "Muss-Spiel"): the dealer announces it publicly, `announce` with game `muss` and
 * the card (one interned action per card). `choose` `muss` (+ `card`; without one: der Alte) is accepted too.
 */
const MUSS: readonly Action[] = CARDS.map((card) => Object.freeze({ type: 'announce', game: 'muss', card }) as Action);
export const ALTE = indexOf('EO');
/** Per player count: the Muss-Spiel actions, der Alte (the Eichel-Ober) first, then the rest of the deck (a pure memo). */
const MUSS_LISTS = new Map<number, readonly Action[]>();
function mussActions(players: number): readonly Action[] {
  let list = MUSS_LISTS.get(players);
  if (list === undefined) {
    const deck = mehrkopfDeck(players).map(indexOf);
    list = Object.freeze([ALTE, ...deck.filter((c) => c !== ALTE)].map((c) => MUSS[c] as Action));
    MUSS_LISTS.set(players, list);
  }
  return list;
}
const REDEAL: Action = Object.freeze({ type: 'choose', choice: 'redeal' });
const RAMSCH: Action = Object.freeze({ type: 'choose', choice: 'ramsch' });
const REFUSE: Action = Object.freeze({ type: 'choose', choice: 'refuse' });

export function isSolo(game: Game): boolean {
  return (SOLO_GAMES as readonly string[]).includes(game) || game === 'sie';
}

/** The order a game is played in: its kind and trump suit. */
export function orderOf(game: Game, suit: Suit | undefined): { kind: OrderKind; suit: Suit } {
  switch (game) {
    case 'sauspiel':
    case 'hochzeit':
    case 'ramsch':
    case 'sie':
      return { kind: 'normal', suit: 'H' };
    case 'farbspiel':
    case 'solo':
      return { kind: 'normal', suit: suit ?? 'H' };
    case 'geier':
    case 'wenz':
    case 'niederer':
      return { kind: game, suit: 'H' };
    default: {
      const never: never = game;
      throw new Error(`unknown game ${String(never)}`);
    }
  }
}

/** Which suit a game takes: none, a callable suit (E, G, S) or any suit. */
const GAME_SUIT: Readonly<Record<Game, 'none' | 'any' | 'callable'>> = {
  sauspiel: 'callable',
  farbspiel: 'any',
  hochzeit: 'none',
  solo: 'any',
  geier: 'none',
  wenz: 'none',
  niederer: 'none',
  sie: 'none',
  ramsch: 'none',
};

/** Whether a game can be declared with `active` players at this table (rulebook "Besonderheiten"). */
export function offered(game: Game, tout: boolean, o: MehrkopfOptions, active: number): boolean {
  if (tout && (!o.contracts.tout || !(SOLO_GAMES as readonly string[]).includes(game))) return false;
  if (active === 2) return game === 'farbspiel';
  switch (game) {
    case 'farbspiel':
    case 'ramsch':
      return false;
    case 'sauspiel':
      return active >= 4;
    case 'hochzeit':
      return active >= 4 && o.contracts.hochzeit;
    case 'solo':
      return true;
    case 'geier':
    case 'wenz':
    case 'sie':
      return o.contracts[game];
    case 'niederer':
      // Only where the Gefreite are in the deck.
      return active >= 5 && o.contracts.niederer;
    default: {
      const never: never = game;
      return never;
    }
  }
}

function levelOf(game: Game, tout: boolean): number {
  if (game === 'sie') return LEVEL.sie;
  if (tout) return LEVEL.tout;
  return isSolo(game) ? LEVEL.solo : LEVEL.normal;
}

const SCHOENE_OF = SUITS.map((suit) => indexOf(cardOf(suit, 'S')));

/** Why a seat may not call this suit in a normal game, or undefined. */
function callBlock(s: MkState, hand: readonly number[], suit: Suit): Illegal | undefined {
  if (!isCallable(suit))
    return illegal(
      'action/illegal',
      'only a suit that is not trump can be called: Eichel, Gras or Schellen (Normalspiel: Herz is trump)',
    );
  const no = SUITS.indexOf(suit);
  if (hand.includes(sauOf(suit)))
    return illegal('action/illegal', 'the caller may not hold the called Ace (Normalspiel: the Ace is called)');
  if (s.active >= 5 && !s.o.calledCards.callerMayHoldSchoene && hand.includes(SCHOENE_OF[no] as number))
    return illegal('action/illegal', 'the caller may not hold the called Schöne at this table');
  if (suchkarten(NORMAL, hand, suit) === 0)
    return illegal(
      'action/illegal',
      'the caller must hold a card of the called suit; trumps do not count (Normalspiel: "Trümpfe zählen nicht")',
    );
  return undefined;
}

/** Whether a hand could declare a normal game (needed for the dealer's Ramsch). */
function canCall(s: MkState, hand: readonly number[]): boolean {
  return CALLABLE.some((suit) => callBlock(s, hand, suit) === undefined);
}

/** A hand of six nixers and no main trump may be refused (rulebook "Mischen, Abheben und Geben"). */
export function refusable(s: MkState, seat: Seat): boolean {
  if (!s.o.refuseNixer || s.up !== null) return false;
  let nix = 0;
  for (const c of s.dealt[seat] ?? []) {
    if (MAIN[c] === 1) return false;
    nix += NIXER[c] as number;
  }
  return nix >= 6;
}

/** Parse a bid action into a {@link Bid}, or say why this seat could not make it at all. */
export function toBid(s: MkState, seat: Seat, action: Extract<Action, { type: 'bid' }>, muss: boolean): Bid | Illegal {
  const o = s.o;
  const game = action.game as Game | undefined;
  if (game === undefined || !(game in GAME_SUIT) || game === 'ramsch')
    return illegal('action/illegal', `no such game to bid: ${String(action.game)}`);
  if (carries(action, 'value')) return illegal('action/malformed', 'Mehrkopf bids name a game, not a value');
  if (carries(action, 'card')) return illegal('action/malformed', 'a Mehrkopf bid names no card');
  const tout = action.tout === true;
  if (tout && !(SOLO_GAMES as readonly string[]).includes(game))
    return illegal('action/illegal', `${game} cannot be played as Tout (Tout exists for the solo games only)`);
  if (!offered(game, tout, o, s.active)) {
    if (s.active === 2) return illegal('action/illegal', 'two players play only a game with a named trump suit');
    if (s.active === 3 && (game === 'sauspiel' || game === 'hochzeit'))
      return illegal('action/illegal', 'three players play solos only');
    if (game === 'niederer' && s.active < 5)
      return illegal('action/illegal', 'a Niederer needs the Gefreite (five or more players)');
    return illegal('action/illegal', `${game}${tout ? '-tout' : ''} is not played at this table`);
  }
  const rule = GAME_SUIT[game];
  const suit = action.suit;
  if (rule === 'none' && suit !== undefined) return illegal('action/malformed', `${game} takes no suit`);
  if (rule !== 'none' && suit === undefined) return illegal('action/malformed', `${game} needs a suit`);
  const hand = s.hands[seat] ?? [];
  if (game === 'sauspiel') {
    const block = callBlock(s, hand, suit as Suit);
    if (block !== undefined) return block;
  }
  if (game === 'sie' && !SIE_CARDS.every((c) => hand.includes(c)))
    return illegal('action/illegal', 'Sie needs the eight highest main trumps (Eichel-Ober to Schellen-Unter)');
  if (game === 'hochzeit') {
    if (muss) return illegal('action/illegal', 'a Muss-Spiel cannot be a Hochzeit');
    if (trumpsIn(NORMAL, hand).length !== 1)
      return illegal('action/illegal', 'a Hochzeit needs exactly one trump in hand (Hochzeit)');
  }
  return { game, ...(suit !== undefined ? { suit } : {}), tout, level: levelOf(game, tout) };
}

/**
 * Priority in the auction for equal games ("sticht die Reihenfolge ausgehend vom Geber"): by default forehand 0, then
 * clockwise; with `precedence: 'dealer'` the last seat of the round (the dealer; at seven, where he sits out, the
 * seat before him) first, then forehand, … .
 */
const priority = (s: MkState, seat: Seat): number =>
  // Two players: the non-dealer plays or passes; only after his pass does the dealer declare ("2 Spieler").
  (seat - (s.o.precedence === 'dealer' && s.active > 2 ? s.last : s.forehand) + s.n) % s.n;

function beats(s: MkState, seat: Seat, bid: Bid): boolean {
  const best = s.best;
  if (best === null) return true;
  return bid.level < best.level || (bid.level === best.level && priority(s, seat) < priority(s, best.seat));
}

interface Candidate {
  readonly action: Action;
  readonly bid: Bid;
}

/** Every bid of the game once, highest level first (frozen, shared). */
const CANDIDATES: readonly Candidate[] = (Object.keys(GAME_SUIT) as Game[])
  .flatMap((game) =>
    game === 'ramsch'
      ? []
      : [false, true].flatMap((tout) => {
          if (tout && !(SOLO_GAMES as readonly string[]).includes(game)) return [];
          const suits: readonly (Suit | undefined)[] =
            GAME_SUIT[game] === 'none' ? [undefined] : GAME_SUIT[game] === 'callable' ? CALLABLE : SUITS;
          return suits.map((suit) => ({
            action: Object.freeze({
              type: 'bid',
              game,
              ...(suit ? { suit } : {}),
              ...(tout ? { tout } : {}),
            }) as Action,
            bid: { game, ...(suit ? { suit } : {}), tout, level: levelOf(game, tout) } as Bid,
          }));
        }),
  )
  .sort((a, b) => a.bid.level - b.bid.level);

const offeredCache = new WeakMap<MehrkopfOptions, (readonly Candidate[])[]>();

/** The bids a table offers at a player count, highest level first (computed once per options object: a pure memo). */
function offeredBids(o: MehrkopfOptions, active: number): readonly Candidate[] {
  let perCount = offeredCache.get(o);
  if (perCount === undefined) {
    perCount = [];
    offeredCache.set(o, perCount);
  }
  let list = perCount[active];
  if (list === undefined) {
    list = CANDIDATES.filter((c) => offered(c.bid.game, c.bid.tout, o, active));
    perCount[active] = list;
  }
  return list;
}

/** Every bid a seat's hand allows, ignoring the auction so far (the hand does not change during the auction). */
function eligibleBids(s: MkState, seat: Seat, muss: boolean): readonly Candidate[] {
  const cache = muss ? undefined : s.bidCache[seat];
  if (cache !== undefined) return cache;
  const hand = s.hands[seat] ?? [];
  const trumps = trumpsIn(NORMAL, hand).length;
  const out: Candidate[] = [];
  for (const cand of offeredBids(s.o, s.active)) {
    const { game, suit } = cand.bid;
    if (game === 'sauspiel' && callBlock(s, hand, suit as Suit) !== undefined) continue;
    if (game === 'sie' && !SIE_CARDS.every((c) => hand.includes(c))) continue;
    if (game === 'hochzeit' && (muss || trumps !== 1)) continue;
    out.push(cand);
  }
  if (!muss) s.bidCache[seat] = out;
  return out;
}

function appendBids(s: MkState, seat: Seat, muss: boolean, out: Action[]): void {
  const eligible = eligibleBids(s, seat, muss);
  for (let k = 0; k < eligible.length; k++) {
    const e = eligible[k] as Candidate;
    if (!muss && !beats(s, seat, e.bid)) break;
    out.push(e.action);
  }
}

/** The next seat clockwise that holds cards. */
export function nextSeat(s: MkState, seat: Seat): Seat {
  const next = clockwise(seat, s.n);
  return next === s.sitOut ? clockwise(next, s.n) : next;
}

/** The called card due from `seat` at the called suit's `lead`-th lead (−1 = none). */
function dueAt(s: MkState, seat: Seat, lead: number): number {
  return lead === 1 ? (s.due1[seat] as number) : lead === 2 ? (s.due2[seat] as number) : -1;
}

/** Whether `seat` holds a called card that binds it (not freed). */
function bound(s: MkState, seat: Seat): boolean {
  return s.calledSuit >= 0 && !s.freed[seat] && ((s.due1[seat] as number) >= 0 || (s.due2[seat] as number) >= 0);
}

function isCalled(s: MkState, card: number): boolean {
  return card === s.calledAce || card === s.calledSchoene;
}

function countSuit(s: MkState, hand: readonly number[], suit: number): number {
  let n = 0;
  for (const x of hand) if (s.order.effSuit[x] === suit) n++;
  return n;
}

/** Cards the seat may play now: the Bedienregel and the Bringregel. */
export function legalCards(s: MkState, seat: Seat): readonly number[] {
  const hand = s.hands[seat] as number[];
  const order = s.order;
  const led = s.trickCards[0];
  const isBound = bound(s, seat);
  if (led === undefined) {
    if (!isBound) return hand;
    // Leading the called suit: the card that is due, unless the holder runs away.
    const due = dueAt(s, seat, s.calledLeads + 1);
    if (due < 0 || !hand.includes(due)) return hand;
    if (s.o.calledCards.davonlaufen && countSuit(s, hand, s.calledSuit) >= s.o.calledCards.runAwayMin) return hand;
    return hand.filter((x) => order.effSuit[x] !== s.calledSuit || x === due);
  }
  const ledSuit = order.effSuit[led] as number;
  let cands = followCards(order, hand, ledSuit);
  if (!isBound) return cands;
  if (s.trickLead > 0) {
    const due = dueAt(s, seat, s.trickLead);
    if (due >= 0 && hand.includes(due)) {
      // Umspielen: with enough cards of the suit the called cards may be kept back.
      if (s.o.calledCards.umspielen && followCount(order, hand, ledSuit) >= s.o.calledCards.runAwayMin) return cands;
      return [due];
    }
    return cands;
  }
  // Before the suit's first lead a called card may not be discarded (last trick and no other card excepted).
  if (s.calledLeads === 0 && s.o.calledCards.discard === 'last-trick' && s.trickNo < s.perHand - 1) {
    let calledIn = 0;
    for (const x of cands) if (isCalled(s, x)) calledIn++;
    if (calledIn > 0 && calledIn < cands.length) cands = cands.filter((x) => !isCalled(s, x));
  }
  return cands;
}

/** Why the Bringregel forbids a card (for the error message), when it does. */
function calledCardReason(s: MkState, seat: Seat, card: number): string | undefined {
  if (!bound(s, seat)) return undefined;
  const hand = s.hands[seat] ?? [];
  if (s.trickCards.length === 0) {
    const due = dueAt(s, seat, s.calledLeads + 1);
    if (due >= 0 && hand.includes(due) && s.order.effSuit[card] === s.calledSuit && card !== due)
      return s.o.calledCards.davonlaufen
        ? `a holder who leads the called suit must lead ${CARDS[due]} unless he runs away with at least ${s.o.calledCards.runAwayMin} cards of the suit (Bringregel, Davonlaufen)`
        : `a holder who leads the called suit must lead ${CARDS[due]} in any case (Bringregel: "auf jeden Fall die Rufsau ausspielen")`;
    return undefined;
  }
  if (s.trickLead > 0) {
    const due = dueAt(s, seat, s.trickLead);
    if (due >= 0 && hand.includes(due) && card !== due)
      return `must bring the called card ${CARDS[due]} when its suit is led (Bringregel${s.trickLead === 2 ? ': the Schöne the second time' : ''})`;
    return undefined;
  }
  if (isCalled(s, card) && s.calledLeads === 0)
    return `the called card ${CARDS[card]} may not be discarded before its suit has been led (Bringregel)`;
  return undefined;
}

export function toAct(s: MkState): readonly Seat[] {
  switch (s.phase) {
    case 'auction':
      return ONLY[s.auctionTurn] as readonly Seat[];
    case 'hochzeit':
      return ONLY[(s.hochzeit as NonNullable<MkState['hochzeit']>).turn] as readonly Seat[];
    case 'choice':
      return ONLY[s.last] as readonly Seat[];
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

/** The dealer's choices when all passed. */
function choices(s: MkState, out: Action[]): void {
  if (s.o.allPass.redeal) out.push(REDEAL);
  if (ramschAllowed(s)) out.push(RAMSCH);
  // The Muss-Spiel names any card of the deck, der Alte (Eichel-Ober) first.
  if (s.o.allPass.muss) {
    const muss = mussActions(s.n);
    for (let i = 0; i < muss.length; i++) out.push(muss[i] as Action);
  }
}

/**
 * Ramsch: only when the dealer could declare a normal game (rulebook "Ramsch"; docs/rules/mehrkopf.md), or with
 * `ramschNeedsCall: 'every-seat'` only when every player could (the German "wenn ein Spieler … kein Normalspiel rufen
 * kann").
 */
function ramschAllowed(s: MkState): boolean {
  if (!s.o.allPass.ramsch || s.active < 4) return false;
  if (s.o.ramschNeedsCall === 'dealer') return canCall(s, s.hands[s.last] ?? []);
  for (let i = 0; i < s.n; i++) if (i !== s.sitOut && !canCall(s, s.hands[i] ?? [])) return false;
  return true;
}

export function legalActions(s: MkState, seat: Seat): Action[] {
  const out: Action[] = [];
  switch (s.phase) {
    case 'auction':
      if (seat === s.auctionTurn) {
        if (!mustBid(s, seat)) out.push(PASS);
        appendBids(s, seat, false, out);
      }
      if (refusable(s, seat)) out.push(REFUSE);
      return out;
    case 'choice':
      if (seat === s.last) choices(s, out);
      return out;
    case 'muss':
      if (seat === s.mussSeat) appendBids(s, seat, true, out);
      return out;
    case 'hochzeit': {
      const h = s.hochzeit as NonNullable<MkState['hochzeit']>;
      if (seat !== h.turn) return out;
      out.push(PASS);
      for (const c of s.hands[seat] ?? []) if (NORMAL.effSuit[c] !== TRUMP) out.push(ACCEPT[c] as Action);
      return out;
    }
    case 'play':
      if (seat === s.turn) {
        const cards = legalCards(s, seat);
        for (let i = 0; i < cards.length; i++) out.push(PLAY[cards[i] as number] as Action);
      }
      return out;
    case 'done':
      return out;
    default: {
      const never: never = s.phase;
      return never;
    }
  }
}

/** Two players: when the non-dealer passes, the dealer must declare. */
function mustBid(s: MkState, seat: Seat): boolean {
  return s.active === 2 && seat === s.dealer && s.best === null && s.passed[s.forehand] === true;
}

/** Following by the contract's trick order (Bedienregel); messages name the German suits. */
const FOLLOW: FollowRule = {
  suitNames: suitNames('de'),
  rules: { trump: 'must follow trump (Bedienregel)', suit: 'must follow the led suit (Bedienregel)' },
  terms: { trump: 'Bedienregel', suit: 'Bedienregel' },
};

const notTurn = (seat: Seat): Illegal =>
  illegal('action/not_your_turn', 'it is not this seat’s turn', `seat ${seat} is not to act`);

export function check(s: MkState, seat: Seat, action: Action): Illegal | undefined {
  if (!Number.isInteger(seat) || seat < 0 || seat >= s.n || seat === s.sitOut)
    return illegal('action/bad_seat', `seat ${seat} does not play this deal`);
  if (s.phase === 'done') return illegal('deal/over', 'the deal is over');
  switch (action.type) {
    case 'pass':
      if (s.phase === 'auction') {
        if (seat !== s.auctionTurn) return notTurn(seat);
        if (mustBid(s, seat))
          return illegal('action/illegal', 'two players: when the non-dealer passes, the dealer must declare a game');
        return undefined;
      }
      if (s.phase === 'hochzeit') return seat === s.hochzeit?.turn ? undefined : notTurn(seat);
      if (s.phase === 'muss')
        return illegal('action/illegal', 'the holder of the named card must declare a game (Muss-Spiel)');
      return illegal('action/illegal', 'there is nothing to pass now');
    case 'bid': {
      const muss = s.phase === 'muss';
      if (s.phase !== 'auction' && !muss) return illegal('action/illegal', 'games are declared only in the auction');
      if (seat !== (muss ? s.mussSeat : s.auctionTurn)) return notTurn(seat);
      const bid = toBid(s, seat, action, muss);
      if ('code' in bid) return bid;
      if (!muss && !beats(s, seat, bid))
        return illegal(
          'action/illegal',
          'a game must outrank the best game so far: Tout beats a solo, a solo beats a normal game; equal games go to the earlier seat (Spielansage)',
        );
      return undefined;
    }
    case 'choose':
      return checkChoose(s, seat, action);
    case 'announce':
      if (action.game !== 'muss')
        return illegal(
          'action/illegal',
          'the only announcement of Mehrkopf is the dealer’s Muss-Spiel (announce game muss with a card)',
        );
      if (carries(action, 'suit', 'tout', 'spiess'))
        return illegal('action/malformed', 'a Muss-Spiel names a card only');
      return checkChoose(s, seat, {
        type: 'choose',
        choice: 'muss',
        ...(action.card !== undefined ? { card: action.card } : {}),
      });
    case 'accept': {
      if (s.phase !== 'hochzeit') return illegal('action/illegal', 'there is no Hochzeit to accept');
      if (seat !== s.hochzeit?.turn) return notTurn(seat);
      if (action.card === undefined) return illegal('action/malformed', 'accept names the card given back');
      const card = indexOf(action.card);
      if (!(s.hands[seat] ?? []).includes(card))
        return illegal('action/illegal', 'the card given back must be in hand');
      if (NORMAL.effSuit[card] === TRUMP)
        return illegal('action/illegal', 'the card exchanged for the Hochzeit trump must be a non-trump (Hochzeit)');
      return undefined;
    }
    case 'play': {
      if (s.phase !== 'play') return illegal('action/illegal', 'cards are played only after the auction');
      if (seat !== s.turn) return notTurn(seat);
      const card = indexOf(action.card);
      const hand = s.hands[seat] ?? [];
      if (!hand.includes(card))
        return illegal(
          'action/illegal',
          s.up !== null ? 'only a face-up card of the seat’s own stacks can be played' : 'the card is not in hand',
          `${action.card} is not ${s.up !== null ? 'face up before' : 'in the hand of'} seat ${seat}`,
        );
      if (legalCards(s, seat).includes(card)) return undefined;
      const reason = calledCardReason(s, seat, card);
      if (reason !== undefined) return illegal('action/illegal', reason);
      const ledSuit = ledSuitOf(s.order, s.trickCards);
      return followViolation(FOLLOW, s.order, hand, ledSuit, card) ?? mustFollow(FOLLOW, ledSuit);
    }
    default:
      return foreignAction(action, 'Mehrkopf');
  }
}

function checkChoose(s: MkState, seat: Seat, action: Extract<Action, { type: 'choose' }>): Illegal | undefined {
  if (action.choice === 'refuse') {
    if (s.phase !== 'auction') return illegal('action/illegal', 'a hand can only be refused before the game is set');
    if (!refusable(s, seat))
      return illegal(
        'action/illegal',
        'only a hand of six nixers and no main trump may be refused (Mischen, Abheben und Geben)',
      );
    return undefined;
  }
  if (s.phase !== 'choice') return illegal('action/illegal', 'the dealer chooses only when all have passed');
  if (seat !== s.last) return notTurn(seat);
  switch (action.choice) {
    case 'redeal':
      if (!s.o.allPass.redeal) return illegal('action/illegal', 'redealing is not a choice at this table');
      return action.card === undefined ? undefined : illegal('action/malformed', 'redeal names no card');
    case 'ramsch':
      if (!ramschAllowed(s))
        return illegal(
          'action/illegal',
          !s.o.allPass.ramsch
            ? 'Ramsch is not a choice at this table'
            : s.active < 4
              ? 'no Ramsch with fewer than four players: no normal game can be declared (3 Spieler)'
              : s.o.ramschNeedsCall === 'dealer'
                ? 'a Ramsch is possible only when the dealer could declare a normal game (Ramsch)'
                : 'a Ramsch is possible only when every player could declare a normal game (Ramsch)',
        );
      return action.card === undefined ? undefined : illegal('action/malformed', 'ramsch names no card');
    case 'muss':
      if (!s.o.allPass.muss) return illegal('action/illegal', 'a Muss-Spiel is not a choice at this table');
      if (action.card !== undefined && !mehrkopfDeck(s.n).includes(action.card))
        return illegal('action/illegal', `${action.card} is not in the deck`);
      return undefined;
    default:
      return illegal('action/malformed', `no such choice: ${action.choice} (redeal, ramsch, muss, refuse)`);
  }
}

/** Apply a legal action in place. */
export function apply(s: MkState, seat: Seat, action: Action, quiet = false): readonly DealNote[] {
  switch (action.type) {
    case 'pass':
      if (s.phase === 'hochzeit') return hochzeitPass(s);
      s.auctionLog.push({ seat, action });
      s.auctionActed[seat] = true;
      s.passed[seat] = true;
      return advanceAuction(s);
    case 'bid': {
      const muss = s.phase === 'muss';
      let bid: Bid | undefined;
      for (const e of eligibleBids(s, seat, muss))
        if (e.action === action || sameBid(e.action, action)) {
          bid = e.bid;
          break;
        }
      bid ??= toBid(s, seat, action, muss) as Bid;
      s.auctionLog.push({ seat, action });
      if (muss) return fixContract(s, seat, bid, true);
      s.auctionActed[seat] = true;
      s.best = { ...bid, seat };
      return advanceAuction(s);
    }
    case 'choose':
      s.auctionLog.push({ seat, action });
      switch (action.choice) {
        case 'refuse':
          return throwIn(s, 'refused');
        case 'redeal':
          return throwIn(s, 'all-passed');
        case 'ramsch':
          return fixContract(s, s.forehand, { game: 'ramsch', tout: false, level: LEVEL.normal }, false);
        default:
          return startMuss(s, action.card);
      }
    case 'announce':
      s.auctionLog.push({ seat, action });
      return startMuss(s, action.card);
    case 'accept':
      // Checked: an accept to apply names its card.
      return hochzeitAccept(s, seat, indexOf(action.card as Card));
    case 'play':
      return playCard(s, seat, indexOf(action.card), quiet);
    default:
      return cannotApply(action);
  }
}

/** The dealer names a card (der Alte when none); its holder must declare. */
function startMuss(s: MkState, named: Card | undefined): DealNote[] {
  const card = named === undefined ? ALTE : indexOf(named);
  s.mussCard = card;
  s.mussSeat = foundSeat(s.hands.findIndex((h) => h.includes(card)));
  s.phase = 'muss';
  return [];
}

function sameBid(a: Action, b: Extract<Action, { type: 'bid' }>): boolean {
  return a.type === 'bid' && a.game === b.game && a.suit === b.suit && (a.tout ?? false) === (b.tout ?? false);
}

/** After a pass or bid: the next seat to call, or the end of the auction. */
function advanceAuction(s: MkState): DealNote[] {
  const best = s.best;
  if (auctionOver(s.passed, s.auctionActed, best !== null ? best.seat : null)) {
    if (best === null) return allPassed(s);
    if (best.game === 'hochzeit') {
      const hand = s.hands[best.seat] ?? [];
      s.phase = 'hochzeit';
      s.hochzeit = {
        offerer: best.seat,
        turn: nextSeat(s, best.seat),
        asked: 0,
        card: trumpsIn(NORMAL, hand)[0] as number,
      };
      return [];
    }
    return fixContract(s, best.seat, best, false);
  }
  s.auctionTurn = nextBidder(s.passed, s.auctionTurn, (seat) => nextSeat(s, seat));
  return [];
}

function allPassed(s: MkState): DealNote[] {
  // With redeal as the only choice there is nothing to ask.
  if (!s.o.allPass.muss && !ramschAllowed(s)) return throwIn(s, 'all-passed');
  s.phase = 'choice';
  return [];
}

function throwIn(s: MkState, reason: string): DealNote[] {
  s.phase = 'done';
  s.thrownIn = reason;
  return [{ type: 'DealOver' }];
}

function hochzeitPass(s: MkState): DealNote[] {
  const h = s.hochzeit as NonNullable<MkState['hochzeit']>;
  s.auctionLog.push({ seat: h.turn, action: PASS });
  const asked = h.asked + 1;
  if (asked >= s.active - 1) {
    // Nobody takes the Hochzeit: as if everyone had passed.
    s.hochzeit = null;
    s.best = null;
    return allPassed(s);
  }
  s.hochzeit = { ...h, asked, turn: nextSeat(s, h.turn) };
  return [];
}

function hochzeitAccept(s: MkState, seat: Seat, given: number): DealNote[] {
  const h = s.hochzeit as NonNullable<MkState['hochzeit']>;
  s.auctionLog.push({ seat, action: ACCEPT[given] as Action });
  // The offered trump changes hands face down; the acceptor gives back a non-trump.
  exchangeHochzeit(s.hands, h.offerer, seat, h.card, given);
  const best = s.best as NonNullable<MkState['best']>;
  s.hochzeitPartner = seat;
  s.party[seat] = true;
  return fixContract(s, h.offerer, best, false);
}

function fixContract(s: MkState, declarer: Seat, bid: Bid, muss: boolean): DealNote[] {
  s.contract = { ...bid, declarer, muss };
  const { kind, suit } = orderOf(bid.game, bid.suit);
  s.order = compiled(kind, suit);
  s.phase = 'play';
  s.turn = s.forehand;
  if (bid.game !== 'ramsch') s.party[declarer] = true;
  if (bid.game === 'sauspiel') setupCalled(s, bid.suit as Suit);
  s.laufende = countLaufende(s);
  const notes: DealNote[] = [{ type: 'ContractSet', contract: toContract(s) }];
  if (bid.game === 'sie') {
    // Sie is shown, not played: the declarer takes every trick.
    s.points[declarer] = s.total;
    s.tricks[declarer] = s.perHand;
    s.phase = 'done';
    notes.push({ type: 'DealOver' });
  }
  return notes;
}

/** The called Ace (and at 5/6 players the Schöne): their holders join the caller; what each must bring when. */
function setupCalled(s: MkState, suit: Suit): void {
  const ace = indexOf(cardOf(suit, 'A'));
  const schoene = s.active >= 5 ? indexOf(cardOf(suit, 'S')) : -1;
  s.calledSuit = s.order.effSuit[ace] as number;
  s.calledAce = ace;
  s.calledSchoene = schoene;
  const aceHolder = s.dealt.findIndex((h) => h.includes(ace));
  const schoeneHolder = schoene >= 0 ? s.dealt.findIndex((h) => h.includes(schoene)) : -1;
  if (aceHolder >= 0) {
    s.party[aceHolder] = true;
    s.due1[aceHolder] = ace;
    // Ace and Schöne in one hand: the Ace the first time, the Schöne the second time.
    if (schoeneHolder === aceHolder) s.due2[aceHolder] = schoene;
  }
  if (schoeneHolder >= 0 && schoeneHolder !== aceHolder) {
    s.party[schoeneHolder] = true;
    s.due1[schoeneHolder] = schoene;
  }
}

export function toContract(s: MkState): Contract {
  const c = s.contract as NonNullable<MkState['contract']>;
  if (c.game === 'ramsch') return { game: 'ramsch' };
  return {
    declarer: c.declarer,
    game: c.game,
    ...(c.suit !== undefined ? { suit: c.suit } : {}),
    ...(c.tout ? { tout: true } : {}),
  };
}

/**
 * Laufende: the unbroken chain of main trumps (Ober, Unter, Gefreite) from the contract's highest trump, held from
 * the deal by one party (either party).
 */
export function countLaufende(s: MkState): number {
  const c = s.contract;
  if (c === null || c.game === 'ramsch') return 0;
  return laufendeOf(s.dealt, s.party, s.order.source.trumps);
}

/** Mehrkopf's Laufende of dealt hands: the chain of main trumps from the top of `trumps`, held by one party. */
export function laufendeOf(
  dealt: readonly (readonly number[])[],
  party: readonly boolean[],
  trumps: readonly Card[],
): number {
  return laufende(dealt, party, trumps, MAIN);
}

function playCard(s: MkState, seat: Seat, card: number, quiet: boolean): readonly DealNote[] {
  const hand = s.hands[seat] as number[];
  const order = s.order;
  if (s.calledSuit >= 0) trackCalled(s, seat, card, hand);
  removeCard(hand, card);
  if (s.up !== null) {
    const stacks = s.up[seat] as number[];
    stacks[stacks.indexOf(card)] = -1;
  }
  if (!layCard(s, seat, card, s.active)) {
    s.turn = nextSeat(s, seat);
    return NO_NOTES;
  }
  const winner = takeTrick(s, trickWinner(order, s.trickCards));
  s.trickLead = 0;
  const revealed = s.up !== null ? turnUp(s) : null;
  const c = s.contract as NonNullable<MkState['contract']>;
  // Tout: one trick to the other side and the soloist has lost at once.
  const toutLost = c.tout && !s.party[winner];
  const over = s.trickNo === s.perHand || toutLost;
  if (over) s.phase = 'done';
  if (quiet) return NO_NOTES;
  const notes: DealNote[] = [trickTakenNote(s, winner)];
  if (revealed !== null)
    for (const [owner, x] of revealed)
      notes.push({ type: 'CardRevealed', seat: owner, card: CARDS[x] as Card, reason: 'stack' });
  if (over) notes.push({ type: 'DealOver' });
  return notes;
}

/** Bringregel bookkeeping before `card` leaves the hand: leads of the called suit, runners, revealed partners. */
function trackCalled(s: MkState, seat: Seat, card: number, hand: readonly number[]): void {
  const suitCard = s.order.effSuit[card] === s.calledSuit;
  if (s.trickCards.length === 0) {
    if (suitCard) {
      s.calledLeads++;
      s.trickLead = s.calledLeads;
    }
  }
  if (s.trickLead > 0 && suitCard && bound(s, seat)) {
    const due = dueAt(s, seat, s.trickLead);
    // Leading or following the suit with another card while the due card is in hand: he ran away / played around.
    if (due >= 0 && card !== due && hand.includes(due)) s.freed[seat] = true;
  }
  if (isCalled(s, card)) s.revealed[seat] = true;
}

/** Two players: after the trick, the face-down cards under the cards just played turn face up. */
function turnUp(s: MkState): [Seat, number][] {
  const out: [Seat, number][] = [];
  const up = s.up as number[][];
  const down = s.down as number[][];
  for (let seat = 0; seat < s.n; seat++) {
    const u = up[seat] as number[];
    const d = down[seat] as number[];
    for (let k = 0; k < u.length; k++) {
      if (u[k] === -1 && (d[k] as number) >= 0) {
        const x = d[k] as number;
        u[k] = x;
        d[k] = -1;
        (s.hands[seat] as number[]).push(x);
        out.push([asSeat(seat), x]);
      }
    }
  }
  return out;
}

export { priority };

export { PLAY, illegal };
