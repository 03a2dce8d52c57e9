import { CARDS, type Card, POINTS, displayName, indexOf, suitNames } from '../../cards/card.js';
import { type FollowRule, followCount, followViolation } from '../../tricks/follow.js';
import { type CompiledOrder, TRUMP, compileOrder, samePlain, trickWinner } from '../../tricks/order.js';
import { layCard, removeCard, takeTrick, trickTakenNote } from '../../tricks/trick.js';
import type { Contract, DealNote, Illegal, Seat } from '../../variant.js';
import type { SheepsheadAction as Action } from './vocabulary.js';
import type { GameKind, ShState } from './state.js';
import { cannotApply, foreignAction, illegal, NO_NOTES, NOBODY, ONLY, PASS, PLAY } from '../common.js';
import { asSeat, nextSeat } from '../../seat.js';

/** Rules of Sheepshead over {@link ShState}: picking, burying, partners, tricks. Settlement is in settle.ts. */

/** Seed 002: trumps Q♣ Q♠ Q♥ Q♦ J♣ J♠ J♥ J♦ A♦ 10♦ K♦ 9♦ 8♦ 7♦; fail suits A 10 K 9 8 7. */
export const ORDER: CompiledOrder = compileOrder({
  trumps: ['EO', 'GO', 'HO', 'SO', 'EU', 'GU', 'HU', 'SU', 'SA', 'SZ', 'SK', 'S9', 'S8', 'S7'],
  plain: samePlain(['A', 'Z', 'K', '9', '8', '7']),
});

export const JD = indexOf('SU');
const EO = indexOf('EO');
const GO = indexOf('GO');
const HO = indexOf('HO');
const SO = indexOf('SO');
/** Fail suits (clubs, spades, hearts) as suit indices. */
const FAIL_SUITS = [0, 1, 2] as const;
const FAIL_ACE = FAIL_SUITS.map((f) => indexOf(`${'EGH'[f]}A` as Card));
const FAIL_TEN = FAIL_SUITS.map((f) => indexOf(`${'EGH'[f]}Z` as Card));
/** Jacks a picker holding J♦ may call up, lowest first: J♥, J♠, J♣. */
const CALL_UP = [indexOf('HU'), indexOf('GU'), indexOf('EU')];

/** Interned actions: one frozen object per card, so legal-move lists allocate no actions. */
const PICK: Action = Object.freeze({ type: 'pick' });
/** `{ type: 'call', card }` per card index (calls without an under card). */
const CALL: readonly Action[] = CARDS.map((card) => Object.freeze({ type: 'call', card }) as Action);
const ALONE: Action = Object.freeze({ type: 'alone' });
const CRACK: Action = Object.freeze({ type: 'crack' });
const RECRACK: Action = Object.freeze({ type: 'recrack' });
const BLITZ_BLACK: Action = Object.freeze({ type: 'blitz', cards: Object.freeze(['EO', 'GO']) as readonly Card[] });
const BLITZ_RED: Action = Object.freeze({ type: 'blitz', cards: Object.freeze(['HO', 'SO']) as readonly Card[] });
/** Leaster `dealer-trick`: the dealer names trick N (1-based) with `choose` `trick-N`. */
const NAME_TRICK: readonly Action[] = Array.from(
  { length: 10 },
  (_, i) => Object.freeze({ type: 'choose', choice: `trick-${i + 1}` }) as Action,
);

const bad = (rule: string, message?: string): Illegal => illegal('action/illegal', rule, message);
const notTurn = (seat: Seat): Illegal =>
  illegal('action/not_your_turn', 'it is not this seat’s turn', `seat ${seat} is not to act`);
const name = (c: number): Card => CARDS[c] as Card;
/** Cards in messages use the Sheepshead (French) names: A♥, J♦. */
const show = (c: number): string => displayName(name(c), 'en', 'french');

/** Card points of a list of card indices. */
export function pointsOf(cards: readonly number[]): number {
  let p = 0;
  for (const c of cards) p += POINTS[c] as number;
  return p;
}

// ---------------------------------------------------------------------------------------------------------------
// Phases after the pick

/** Start the tricks: forehand leads (seed 002: "the player at dealer's left … leads the first card"). */
export function startPlay(s: ShState, game: GameKind, quiet = false): readonly DealNote[] {
  s.game = game;
  s.phase = 'play';
  s.turn = s.forehand;
  if (quiet || game === 'leaster' || game === 'two-handed') return NO_NOTES;
  return [{ type: 'ContractSet', contract: toContract(s) }];
}

/** After the pick (and any burying): the second partner, then the call or the play. */
function afterBurying(s: ShState, quiet: boolean): readonly DealNote[] {
  const o = s.o;
  if (o.secondPartner !== 'none') {
    // 6/7-handed: the J♦ holder and the second partner join the picker automatically.
    // The second partner is public (view.declarers); the J♦ holder stays secret until J♦ is played.
    if (s.second !== null) s.party[s.second] = true;
    if (o.partner === 'jack-of-diamonds') {
      const holder = holderOf(s, JD);
      // A picker holding J♦ himself has only the second partner (2 against the rest).
      if (holder !== null && holder !== s.picker) {
        s.partner = holder;
        s.party[holder] = true;
        s.calledCard = JD;
      }
    }
    return startPlay(s, o.partner === 'jack-of-diamonds' ? 'jack-of-diamonds' : 'alone', quiet);
  }
  if (o.partner === 'alone') return startPlay(s, 'alone', quiet);
  s.phase = 'call';
  return [];
}

/** Seat holding a card (in hand, or as the set-aside under card), null when nobody (buried or in the blind). */
export function holderOf(s: ShState, card: number): Seat | null {
  for (let i = 0; i < s.n; i++) if ((s.hands[i] as number[]).includes(card)) return asSeat(i);
  return null;
}

/** The cards a 7-handed picker takes: two of the four; otherwise the whole blind. */
function pickerShare(s: ShState): readonly number[] {
  return s.o.secondPartner === 'die' ? s.blind.slice(0, 2) : s.blind;
}

// ---------------------------------------------------------------------------------------------------------------
// Calls

export interface CallOption {
  readonly card: number;
  readonly under: number;
  readonly hold: 'ace' | 'ten' | 'under' | 'none';
}

/** Every legal call of the picker now (called ace, ten, unknown; jack of diamonds and call-up). */
export function callOptions(s: ShState, picker: Seat): CallOption[] {
  const hand = s.hands[picker] as number[];
  const buried = s.buried[picker] as number[];
  const out: CallOption[] = [];
  if (s.o.partner === 'jack-of-diamonds') {
    if (!hand.includes(JD)) {
      if (!buried.includes(JD)) out.push({ card: JD, under: -1, hold: 'none' });
    } else if (callUpAllowed(s)) {
      const up = CALL_UP.find((j) => !hand.includes(j) && !buried.includes(j));
      if (up !== undefined) out.push({ card: up, under: -1, hold: 'none' });
    }
    return out;
  }
  // Called ace (docs/rules/sheepshead.md "Picking, burying, calling"): a fail ace he neither holds nor buried, with a hold card of its suit.
  // One pass over the hand: the cards of each fail suit, and which fail aces he holds (bit f for suit f).
  const count = [0, 0, 0];
  let aces = 0;
  for (let i = 0; i < hand.length; i++) {
    const c = hand[i] as number;
    const e = ORDER.effSuit[c] as number;
    if (e === TRUMP) continue;
    count[e] = (count[e] as number) + 1;
    if (c === FAIL_ACE[e]) aces |= 1 << e;
  }
  for (const f of FAIL_SUITS) {
    const ace = FAIL_ACE[f] as number;
    if (!(aces & (1 << f)) && (count[f] as number) > 0 && !buried.includes(ace))
      out.push({ card: ace, under: -1, hold: 'ace' });
  }
  // Holding all three fail aces: call a ten he lacks (the ace is his hold card).
  if (s.o.calledAce.ten && aces === 7)
    for (const f of FAIL_SUITS) {
      const ten = FAIL_TEN[f] as number;
      if (!hand.includes(ten) && !buried.includes(ten)) out.push({ card: ten, under: -1, hold: 'ten' });
    }
  // The "unknown": he holds the ace of every fail suit he has, so he calls a suit he lacks with an under card.
  if (
    s.o.calledAce.unknown &&
    (count[0] === 0 || aces & 1) &&
    (count[1] === 0 || aces & 2) &&
    (count[2] === 0 || aces & 4)
  )
    for (const f of FAIL_SUITS) {
      const ace = FAIL_ACE[f] as number;
      if ((count[f] as number) > 0 || buried.includes(ace)) continue;
      for (const u of hand) out.push({ card: ace, under: u, hold: 'under' });
    }
  return out;
}

function callUpAllowed(s: ShState): boolean {
  const mode = s.o.jackOfDiamonds.callUp;
  if (mode === 'always') return true;
  if (mode === 'from-blind' && s.jdFromBlind) return true;
  return s.forced && s.o.forcedPick.callUp;
}

/** Why a call is illegal, or undefined. */
function callProblem(s: ShState, picker: Seat, card: number, under: number | undefined): Illegal | undefined {
  const hand = s.hands[picker] as number[];
  const buried = s.buried[picker] as number[];
  const c = show(card);
  if (s.o.partner === 'jack-of-diamonds') {
    if (under !== undefined) return bad('a jack-of-diamonds call has no under card');
    if (card === JD) {
      if (hand.includes(JD))
        return bad('the picker holds the jack of diamonds: he plays alone or calls up (jack of diamonds)');
      if (buried.includes(JD)) return bad('the jack of diamonds was buried: the picker plays alone');
      return undefined;
    }
    if (!CALL_UP.includes(card)) return bad('with jack-of-diamonds partners the picker calls J♦ (or calls up a jack)');
    if (!hand.includes(JD)) return bad('only a picker holding the jack of diamonds may call up a jack');
    if (!callUpAllowed(s))
      return bad(
        `calling up is not allowed here (jackOfDiamonds.callUp: ${s.o.jackOfDiamonds.callUp}${s.forced ? ', forced pick' : ''})`,
      );
    const up = CALL_UP.find((j) => !hand.includes(j) && !buried.includes(j));
    if (up !== card) return bad('the picker calls up the next higher jack he does not hold (J♥, then J♠, then J♣)');
    return undefined;
  }
  const options = callOptions(s, picker);
  if (options.some((x) => x.card === card && (x.under === -1 ? under === undefined : x.under === under)))
    return undefined;
  // Name the rule that forbids it.
  const f = FAIL_ACE.indexOf(card);
  const t = FAIL_TEN.indexOf(card);
  if (f < 0 && t < 0) return bad('the picker calls a fail ace (clubs, spades or hearts) or, holding all three, a ten');
  if (t >= 0) {
    if (!s.o.calledAce.ten) return bad('calling a ten is not allowed at this table (calledAce.ten)');
    if (!FAIL_ACE.every((a) => hand.includes(a)))
      return bad('a ten may be called only when holding all three fail aces');
    return bad(`the picker may not call ${c}: he holds or buried it`);
  }
  if (hand.includes(card)) return bad('the picker may not call an ace he holds');
  if (buried.includes(card)) return bad('the picker may not call an ace he buried');
  const suit = f;
  const holds = hand.some((x) => ORDER.effSuit[x] === suit);
  if (under !== undefined) {
    if (holds) return bad('an under card is only for a called suit the picker lacks (unknown)');
    if (!s.o.calledAce.unknown) return bad('the "unknown" call is not allowed at this table (calledAce.unknown)');
    if (!hand.includes(under)) return bad('the under card must come from the picker’s hand');
    return bad('the "unknown" is allowed only when the picker holds the ace of every fail suit he has');
  }
  if (!holds)
    return bad(
      'the picker must hold a card of the called suit (hold card); lacking it he may call the unknown with an under card',
    );
  return bad('this call is not allowed');
}

// ---------------------------------------------------------------------------------------------------------------
// Card play

/** Whether it is the last trick (every obligation lapses). */
const lastTrick = (s: ShState): boolean => s.trickNo === s.tricksInDeal - 1;

/** The effective suit led in the current trick (the under card leads the called suit), or -1 when leading. */
function ledSuit(s: ShState): number {
  const led = s.trickCards[0];
  if (led === undefined) return -1;
  return s.underPos === 0 ? s.calledSuit : (ORDER.effSuit[led] as number);
}

/** Two-handed: the cards a seat may play from (hand and the face-up stack tops); otherwise the hand itself. */
function available(s: ShState, seat: Seat): readonly number[] {
  const hand = s.hands[seat] as number[];
  if (s.n !== 2) return hand;
  const out = hand.slice();
  for (const t of s.stackTop[seat] as number[]) if (t >= 0) out.push(t);
  return out;
}

/** Following by the fixed trick order (queens, jacks, diamonds are trump); messages name the French suits. */
const FOLLOW_RULE: FollowRule = {
  suitNames: suitNames('en', 'french'),
  rules: { trump: 'must follow trump', suit: 'must follow suit' },
};

/** Cards the seat may play now: follow suit, and the called-ace obligations of picker and partner. */
export function legalCards(s: ShState, seat: Seat): readonly number[] {
  const hand = available(s, seat);
  const calledOpen = s.calledCard >= 0 && s.hold !== 'none' && s.calledLedTrick < 0;
  const firstLead = s.calledCard >= 0 && s.hold !== 'none' && s.calledLedTrick === s.trickNo;
  const suit = ledSuit(s);
  const isPicker = seat === s.picker && s.hold !== 'none';
  const isPartner = seat === s.partner && s.hold !== 'none' && hand.includes(s.calledCard);
  if (suit < 0) {
    // Leading.
    if (isPicker && s.under >= 0 && calledOpen) {
      const out = hand.slice();
      out.push(s.under);
      return out;
    }
    if (isPicker && s.under >= 0 && hand.length === 0) return [s.under];
    if (!calledOpen || lastTrick(s)) return hand;
    // The partner (and a ten-calling picker with his ace) leads the called suit only with the called card.
    const bound = isPartner ? s.calledCard : isPicker && s.hold === 'ten' ? FAIL_ACE[s.calledSuit] : -1;
    if (bound === undefined || bound < 0) return hand;
    return hand.filter((x) => ORDER.effSuit[x] !== s.calledSuit || x === bound);
  }
  if (isPicker && s.under >= 0) {
    // The unknown: played when the called suit is first led, otherwise only as the last card.
    if (firstLead || hand.length === 0) return [s.under];
  }
  const follow = followCount(ORDER, hand, suit);
  let cands: readonly number[] = hand;
  if (follow > 0 && follow < hand.length) {
    const suited: number[] = [];
    for (let i = 0; i < hand.length; i++) {
      const x = hand[i] as number;
      if (ORDER.effSuit[x] === suit) suited.push(x);
    }
    cands = suited;
  }
  if (firstLead) {
    // The suit's first lead: the partner must play the called card; a ten-caller must bring the suit's ace.
    if (isPartner) return [s.calledCard];
    if (isPicker && s.hold === 'ten' && hand.includes(FAIL_ACE[s.calledSuit] as number))
      return [FAIL_ACE[s.calledSuit] as number];
    return cands;
  }
  if (calledOpen && !lastTrick(s) && cands.length > 1 && follow === 0) {
    // Discarding before the called suit was led: the partner keeps the called card, the picker his hold card.
    if (isPartner) cands = cands.filter((x) => x !== s.calledCard);
    else if (isPicker && s.hold === 'ten') cands = cands.filter((x) => x !== FAIL_ACE[s.calledSuit]);
    else if (isPicker && s.hold === 'ace') {
      let holdCards = 0;
      let last = -1;
      for (const x of hand)
        if (ORDER.effSuit[x] === s.calledSuit) {
          holdCards++;
          last = x;
        }
      if (holdCards === 1) cands = cands.filter((x) => x !== last);
    }
  }
  return cands;
}

/**
 * Whether no called-card obligation binds anyone: nothing was called, or the called suit was led in an earlier trick
 * and the picker holds no under card. Then the legal cards are those that follow suit ({@link legalCards} agrees).
 */
function unbound(s: ShState): boolean {
  return (
    s.calledCard < 0 || s.hold === 'none' || (s.calledLedTrick >= 0 && s.calledLedTrick !== s.trickNo && s.under < 0)
  );
}

/** Play actions for the cards of `hand` that follow `suit` (all of them when leading, or when none or all follow). */
function followPlays(hand: readonly number[], suit: number): Action[] {
  const eff = ORDER.effSuit;
  const m = hand.length;
  let n = 0;
  if (suit >= 0) for (let i = 0; i < m; i++) if (eff[hand[i] as number] === suit) n++;
  const all = n === 0 || n === m;
  // Allocated at its final length: a list grown by push would reallocate its backing store on the first push.
  const out = new Array<Action>(all ? m : n);
  let k = 0;
  for (let i = 0; i < m; i++) {
    const x = hand[i] as number;
    if (all || eff[x] === suit) out[k++] = PLAY[x] as Action;
  }
  return out;
}

/** Why the called-ace rules forbid a card that follows suit, when they do (for the error message). */
function obligationReason(s: ShState, seat: Seat, card: number): string | undefined {
  const called = s.calledCard >= 0 ? show(s.calledCard) : '';
  const leading = s.trickCards.length === 0;
  const firstLead = s.calledLedTrick === s.trickNo;
  if (seat === s.partner && s.hold !== 'none') {
    if (leading && ORDER.effSuit[card] === s.calledSuit)
      return `the partner leads the called suit only with the called card ${called} (he cannot run)`;
    if (firstLead) return `the partner must play the called card ${called} at the first lead of its suit`;
    if (card === s.calledCard) return `the called card ${called} may not be discarded before its suit was led`;
  }
  if (seat === s.picker && s.hold !== 'none') {
    if (s.hold === 'under' && card === s.under)
      return 'the under card is played when the called suit is first led (or as the last card)';
    if (s.hold === 'under' && firstLead)
      return 'the picker must play his under card at the first lead of the called suit';
    if (s.hold === 'ten') {
      if (leading) return `the picker leads the called suit only with its ace (ten called)`;
      if (firstLead) return `the picker must bring the ace of the called suit at its first lead (ten called)`;
      return 'the picker may not discard the ace of the called suit before the suit was led (ten called)';
    }
    return 'the picker may not discard his last card of the called suit before the suit was led (hold card)';
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// Legal actions

export function toAct(s: ShState): readonly Seat[] {
  switch (s.phase) {
    case 'play':
      return ONLY[s.turn] as readonly Seat[];
    case 'pick':
      return ONLY[s.pickTurn] as readonly Seat[];
    case 'bury':
      return s.buryer === null ? NOBODY : (ONLY[s.buryer] as readonly Seat[]);
    case 'call':
      return s.picker === null ? NOBODY : (ONLY[s.picker] as readonly Seat[]);
    case 'leaster-blind':
      return ONLY[s.dealer] as readonly Seat[];
    case 'done':
      return NOBODY;
    default: {
      const never: never = s.phase;
      return never;
    }
  }
}

/** Whether the dealer must pick now (everyone else passed and the table plays a forced pick). */
function mustPick(s: ShState): boolean {
  return s.o.noPick === 'forced-pick' && s.pickTurn === s.dealer;
}

function blitzPairs(s: ShState, seat: Seat): number {
  if (!s.o.blitz || s.phase !== 'pick' || seat !== s.pickTurn) return 0;
  const hand = s.hands[seat] as number[];
  const done = s.blitzed[seat] as number;
  let pairs = 0;
  if (!(done & 1) && hand.includes(EO) && hand.includes(GO)) pairs |= 1;
  if (!(done & 2) && hand.includes(HO) && hand.includes(SO)) pairs |= 2;
  return pairs;
}

/** A game with a picker (cracking follows a pick). */
const picked = (s: ShState): boolean => s.game === 'called-ace' || s.game === 'jack-of-diamonds' || s.game === 'alone';

function crackOpen(s: ShState, seat: Seat): boolean {
  if (s.cardsPlayed > 0 || !s.o.crack.enabled || s.phase !== 'play' || s.crack !== null || !picked(s)) return false;
  if (s.party[seat]) return false;
  return s.o.crack.who === 'defenders' || !s.pickActed[seat];
}

function recrackOpen(s: ShState, seat: Seat): boolean {
  return (
    s.cardsPlayed === 0 &&
    s.o.crack.enabled &&
    s.o.crack.recrack &&
    s.phase === 'play' &&
    s.crack !== null &&
    s.recrack === null &&
    s.party[seat] === true
  );
}

/** The cards of the Sheepshead deck (A 10 K Q J 9 8 7 of every suit) as card indices, ascending. */
const DECK_CARDS: readonly number[] = CARDS.flatMap((c, i) => ('AZKOU987'.includes(c[1] as string) ? [i] : []));

/**
 * Every two-card bury action of the deck, built once and frozen (index: the sorted card indices a < b as a·48 + b):
 * listing the burials of a hand allocates no actions.
 */
const BURY2: readonly Action[] = (() => {
  const table: Action[] = [];
  for (const a of DECK_CARDS)
    for (const b of DECK_CARDS)
      if (a < b)
        table[a * 48 + b] = Object.freeze({ type: 'bury', cards: Object.freeze([name(a), name(b)]) }) as Action;
  return table;
})();

/**
 * Every k-subset of a hand as bury actions, in lexicographic order of the sorted card indices (two-card sets from
 * {@link BURY2}; four-card sets — 4 players, 7 without a die partner: C(11, 4) = 330 of them — fresh, as plain loops).
 */
function buryActions(hand: readonly number[], k: number): Action[] {
  // Sorted ascending (insertion sort: a hand is short).
  const h: number[] = [];
  for (const c of hand) {
    let i = h.length;
    h.push(c);
    while (i > 0 && (h[i - 1] as number) > c) {
      h[i] = h[i - 1] as number;
      i--;
    }
    h[i] = c;
  }
  const m = h.length;
  // The list is allocated at its final length, C(m, k), and filled in place.
  if (k === 2) {
    const out = new Array<Action>((m * (m - 1)) / 2);
    let n = 0;
    for (let i = 0; i < m; i++) {
      const a = (h[i] as number) * 48;
      for (let j = i + 1; j < m; j++) out[n++] = BURY2[a + (h[j] as number)] as Action;
    }
    return out;
  }
  const names = h.map(name);
  if (k === 4) {
    const out = new Array<Action>((m * (m - 1) * (m - 2) * (m - 3)) / 24);
    let n = 0;
    for (let i = 0; i < m - 3; i++) {
      const a = names[i] as Card;
      for (let j = i + 1; j < m - 2; j++) {
        const b = names[j] as Card;
        for (let x = j + 1; x < m - 1; x++) {
          const c = names[x] as Card;
          for (let y = x + 1; y < m; y++) out[n++] = { type: 'bury', cards: [a, b, c, names[y] as Card] };
        }
      }
    }
    return out;
  }
  const out: Action[] = [];
  const pick: Card[] = [];
  const rec = (from: number): void => {
    if (pick.length === k) {
      out.push({ type: 'bury', cards: pick.slice() });
      return;
    }
    for (let i = from; i <= m - (k - pick.length); i++) {
      pick.push(names[i] as Card);
      rec(i + 1);
      pick.pop();
    }
  };
  rec(0);
  return out;
}

export function legalActions(s: ShState, seat: Seat): Action[] {
  // Card play first: a deal lists its plays far more often than anything else.
  if (s.phase === 'play') {
    // Past the first card only following counts for a seat no called-card obligation binds (everyone once the called
    // suit was led; always the seats that are neither picker nor partner): the plays straight from the hand, in the
    // list at its final length (the common case of a playout; {@link legalCards} agrees).
    if (seat === s.turn && s.cardsPlayed > 0 && s.n !== 2 && (unbound(s) || (seat !== s.picker && seat !== s.partner)))
      return followPlays(s.hands[seat] as number[], ledSuit(s));
    const crack = crackOpen(s, seat);
    const recrack = recrackOpen(s, seat);
    if (seat !== s.turn) {
      const out: Action[] = [];
      if (crack) out.push(CRACK);
      if (recrack) out.push(RECRACK);
      return out;
    }
    // Allocated at its final length (a list grown by push reallocates on its first push).
    const cards = legalCards(s, seat);
    const m = cards.length;
    const out = new Array<Action>(m + (crack ? 1 : 0) + (recrack ? 1 : 0));
    for (let i = 0; i < m; i++) out[i] = PLAY[cards[i] as number] as Action;
    if (crack) out[m] = CRACK;
    if (recrack) out[crack ? m + 1 : m] = RECRACK;
    return out;
  }
  const out: Action[] = [];
  switch (s.phase) {
    case 'pick': {
      if (seat !== s.pickTurn) return out;
      const pairs = blitzPairs(s, seat);
      // Without a blitz to show, the list as a literal (no growing by push).
      if (pairs === 0) return mustPick(s) ? [PICK] : [PASS, PICK];
      if (pairs & 1) out.push(BLITZ_BLACK);
      if (pairs & 2) out.push(BLITZ_RED);
      if (!mustPick(s)) out.push(PASS);
      out.push(PICK);
      return out;
    }
    case 'bury':
      return seat === s.buryer ? buryActions(s.hands[seat] as number[], s.buryCount) : out;
    case 'call':
      if (seat !== s.picker) return out;
      for (const c of callOptions(s, seat))
        out.push(c.under >= 0 ? { type: 'call', card: name(c.card), under: name(c.under) } : (CALL[c.card] as Action));
      out.push(ALONE);
      return out;
    case 'leaster-blind':
      if (seat === s.dealer) for (let i = 0; i < s.tricksInDeal; i++) out.push(NAME_TRICK[i] as Action);
      return out;
    case 'done':
      return out;
    default: {
      const never: never = s.phase;
      return never;
    }
  }
}

export function check(s: ShState, seat: Seat, action: Action): Illegal | undefined {
  if (!Number.isInteger(seat) || seat < 0 || seat >= s.n) return illegal('action/bad_seat', `no seat ${seat}`);
  if (s.phase === 'done') return illegal('deal/over', 'the deal is over');
  switch (action.type) {
    case 'pass':
      if (s.phase !== 'pick') return bad('passing is only for the blind, before anyone picks');
      if (seat !== s.pickTurn) return notTurn(seat);
      if (mustPick(s)) return bad('everyone else passed: the dealer must pick (forced pick)');
      return undefined;
    case 'pick':
      if (s.phase !== 'pick') return bad('the blind can only be picked before anyone else picked it');
      if (seat !== s.pickTurn) return bad('players pick in turn from the dealer’s left', `seat ${seat} is not to pick`);
      return undefined;
    case 'blitz': {
      if (!s.o.blitz) return bad('blitzing is not played at this table (blitz)');
      if (s.phase !== 'pick' || seat !== s.pickTurn)
        return bad('a blitz is shown on one’s own turn to pick, before picking or passing');
      const cards = action.cards.map(indexOf).sort((a, b) => a - b);
      const pair =
        cards.length === 2 && cards[0] === EO && cards[1] === GO ? 1 : cards[0] === HO && cards[1] === SO ? 2 : 0;
      if (cards.length !== 2 || pair === 0) return bad('a blitz shows both black queens or both red queens');
      if (!(blitzPairs(s, seat) & pair)) return bad('a blitz needs both queens in hand, and each pair blitzes once');
      return undefined;
    }
    case 'bury': {
      if (s.phase !== 'bury') return bad('cards are buried right after picking');
      if (seat !== s.buryer)
        return bad('only the picker (and a 7-handed die partner) buries', `seat ${seat} buries nothing now`);
      const cards = action.cards.map(indexOf);
      if (cards.length !== s.buryCount)
        return bad(`the picker buries as many cards as he took from the blind (${s.buryCount})`);
      if (new Set(cards).size !== cards.length) return bad('a card can be buried only once');
      const hand = s.hands[seat] as number[];
      for (const c of cards)
        if (!hand.includes(c)) return bad('buried cards must come from the hand', `${show(c)} is not in hand`);
      return undefined;
    }
    case 'call':
      if (s.phase !== 'call') return bad('the partner is called after burying, before the first lead');
      if (seat !== s.picker) return bad('only the picker calls a partner');
      return callProblem(s, seat, indexOf(action.card), action.under === undefined ? undefined : indexOf(action.under));
    case 'alone':
      if (s.phase !== 'call') return bad('going alone is announced after burying, before the lead to the first trick');
      if (seat !== s.picker) return bad('only the picker may go alone');
      return undefined;
    case 'crack':
      if (!s.o.crack.enabled) return bad('cracking is not played at this table (crack)');
      if (s.phase !== 'play' || s.cardsPlayed > 0 || !picked(s))
        return bad('a crack comes after the pick and before the first card');
      if (s.crack !== null) return bad('the stakes have already been cracked');
      if (s.party[seat]) return bad('the picker and his partners cannot crack');
      if (!crackOpen(s, seat)) return bad('only a player who had no chance to pick may crack (crack.who: denied)');
      return undefined;
    case 'recrack':
      if (!s.o.crack.enabled || !s.o.crack.recrack)
        return bad('re-cracking is not played at this table (crack.recrack)');
      if (s.crack === null) return bad('a re-crack answers a crack');
      if (s.recrack !== null) return bad('the crack has already been re-cracked');
      if (s.phase !== 'play' || s.cardsPlayed > 0) return bad('a re-crack comes before the first card');
      if (!s.party[seat]) return bad('only the picker or a partner may re-crack');
      return undefined;
    case 'choose': {
      if (s.phase !== 'leaster-blind')
        return bad('the dealer names the blind’s trick in a leaster, before play begins (leaster.blind: dealer-trick)');
      if (seat !== s.dealer) return bad('only the dealer names the trick that takes the blind');
      const m = /^trick-(\d+)$/.exec(action.choice);
      const n = m ? Number(m[1]) : 0;
      if (n < 1 || n > s.tricksInDeal)
        return bad(
          `the dealer names a trick from trick-1 to trick-${s.tricksInDeal}`,
          `no such trick: ${action.choice}`,
        );
      return undefined;
    }
    case 'play': {
      if (s.phase !== 'play') return bad('cards are played after the pick, burying and call');
      if (seat !== s.turn) return notTurn(seat);
      const card = indexOf(action.card);
      const own = available(s, seat);
      const isUnder = seat === s.picker && card === s.under;
      if (!own.includes(card) && !isUnder)
        return bad(
          s.n === 2
            ? 'only cards in hand or face up on one’s stacks can be played'
            : 'the card is not in the seat’s hand',
          `${action.card} is not playable by seat ${seat}`,
        );
      if (legalCards(s, seat).includes(card)) return undefined;
      const reason = obligationReason(s, seat, card);
      if (reason !== undefined) return bad(reason);
      return followViolation(FOLLOW_RULE, ORDER, own, ledSuit(s), card) ?? bad('this card cannot be played now');
    }
    default:
      return foreignAction(action, 'Sheepshead');
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Apply

export function apply(s: ShState, seat: Seat, action: Action, quiet = false): readonly DealNote[] {
  switch (action.type) {
    // Card play first: the most frequent action.
    case 'play':
      return playCard(s, seat, indexOf(action.card), quiet);
    case 'pass': {
      s.log.push({ seat, action });
      s.pickActed[seat] = true;
      if (seat === s.dealer) return nobodyPicked(s, quiet);
      s.pickTurn = nextSeat(seat, s.n);
      return NO_NOTES;
    }
    case 'pick':
      s.log.push({ seat, action });
      s.pickActed[seat] = true;
      return pick(s, seat);
    case 'blitz': {
      s.log.push({ seat, action });
      const pair = action.cards.map(indexOf).includes(EO) ? 1 : 2;
      s.blitzed[seat] = (s.blitzed[seat] as number) | pair;
      s.blitzes++;
      return NO_NOTES;
    }
    case 'bury': {
      s.log.push({ seat, action });
      const hand = s.hands[seat] as number[];
      const buried = s.buried[seat] as number[];
      for (const card of action.cards) {
        const c = indexOf(card);
        removeCard(hand, c);
        buried.push(c);
      }
      if (seat === s.picker && s.o.secondPartner === 'die') {
        // Seven-handed: the die-roll partner takes the rest of the blind and buries two as well.
        const partner = nextSeat(seat, s.n, s.die);
        s.second = partner;
        (s.hands[partner] as number[]).push(...s.blind.slice(2));
        s.buryer = partner;
        s.buryCount = s.blind.length - 2;
        return NO_NOTES;
      }
      s.buryer = null;
      return afterBurying(s, quiet);
    }
    case 'call': {
      s.log.push({ seat, action });
      const card = indexOf(action.card);
      const under = action.under === undefined ? -1 : indexOf(action.under);
      const opt = callOptions(s, seat).find((x) => x.card === card && x.under === under);
      s.calledCard = card;
      s.hold = opt?.hold ?? 'none';
      if (s.hold !== 'none') s.calledSuit = ORDER.effSuit[card] as number;
      if (under >= 0) {
        const hand = s.hands[seat] as number[];
        hand.splice(hand.indexOf(under), 1);
        s.under = under;
      }
      s.partner = holderOf(s, card);
      if (s.partner !== null) s.party[s.partner] = true;
      return startPlay(s, s.o.partner === 'jack-of-diamonds' ? 'jack-of-diamonds' : 'called-ace', quiet);
    }
    case 'alone':
      s.log.push({ seat, action });
      return startPlay(s, 'alone', quiet);
    case 'choose':
      s.log.push({ seat, action });
      s.blindTrick = Number(action.choice.slice('trick-'.length)) - 1;
      return startPlay(s, 'leaster', quiet);
    case 'crack':
      s.crack = seat;
      return NO_NOTES;
    case 'recrack':
      s.recrack = seat;
      // A re-crack by the secret partner shows him; by the (public) second partner it shows nobody else.
      if (seat === s.partner) s.partnerRevealed = true;
      return NO_NOTES;
    default:
      return cannotApply(action);
  }
}

function pick(s: ShState, seat: Seat): DealNote[] {
  s.picker = seat;
  s.forced = s.o.noPick === 'forced-pick' && seat === s.dealer && s.pickActed.filter(Boolean).length === s.n;
  s.party[seat] = true;
  const share = pickerShare(s);
  s.jdFromBlind = share.includes(JD);
  const hand = s.hands[seat] as number[];
  for (let i = 0; i < share.length; i++) hand.push(share[i] as number);
  s.phase = 'bury';
  s.buryer = seat;
  s.buryCount = share.length;
  if (s.o.secondPartner === 'right') s.second = nextSeat(seat, s.n, s.n - 1);
  // Seven-handed: the picker rolls the die now, in the open; it names the partner counted clockwise from him.
  if (s.o.secondPartner === 'die') return [{ type: 'DieRolled', die: s.die, seat: nextSeat(seat, s.n, s.die) }];
  return [];
}

function nobodyPicked(s: ShState, quiet: boolean): readonly DealNote[] {
  switch (s.o.noPick) {
    case 'leaster':
      if (s.o.leaster.blind === 'dealer-trick') {
        s.game = 'leaster';
        s.phase = 'leaster-blind';
        return NO_NOTES;
      }
      return startPlay(s, 'leaster', quiet);
    case 'doubler':
      s.phase = 'done';
      s.thrownIn = 'doubler';
      return [{ type: 'DealOver' }];
    case 'forced-pick':
      // Unreachable: the dealer cannot pass under a forced pick.
      throw new Error('the dealer must pick');
    default: {
      const never: never = s.o.noPick;
      return never;
    }
  }
}

/** Winner of the current trick: the under card has no trick-winning power. */
function winnerPos(s: ShState): number {
  if (s.underPos < 0) return trickWinner(ORDER, s.trickCards);
  const led = ledSuit(s);
  let best = -1;
  let bs = -1;
  let bp = -1;
  for (let i = 0; i < s.trickCards.length; i++) {
    if (i === s.underPos) continue;
    const c = s.trickCards[i] as number;
    const e = ORDER.effSuit[c] as number;
    const p = ORDER.power[c] as number;
    if (e !== TRUMP && e !== led) continue;
    if (best < 0 || (e === TRUMP && (bs !== TRUMP || p > bp)) || (e === bs && p > bp)) {
      best = i;
      bs = e;
      bp = p;
    }
  }
  return best < 0 ? 0 : best;
}

function playCard(s: ShState, seat: Seat, card: number, quiet: boolean): readonly DealNote[] {
  const hand = s.hands[seat] as number[];
  const last = hand.length - 1;
  // Where the card sits (a loop over a short hand is cheaper than a call to the indexOf builtin).
  let at = last;
  while (at >= 0 && hand[at] !== card) at--;
  if (at >= 0) {
    // Remove in place, keeping the order (splice without its garbage).
    for (let i = at; i < last; i++) hand[i] = hand[i + 1] as number;
    hand.pop();
  } else if (seat === s.picker && card === s.under) {
    s.underPos = s.trickCards.length;
    s.under = -1;
  } else if (s.n === 2) {
    const tops = s.stackTop[seat] as number[];
    tops[tops.indexOf(card)] = -2; // played; turned over after the trick
  }
  if (s.trickCards.length === 0 && s.calledLedTrick < 0 && s.hold !== 'none') {
    const e = s.underPos === 0 ? s.calledSuit : (ORDER.effSuit[card] as number);
    if (e === s.calledSuit) s.calledLedTrick = s.trickNo;
  }
  if (card === s.calledCard) s.partnerRevealed = true;
  if (!layCard(s, seat, card, s.n)) {
    s.turn = nextSeat(seat, s.n);
    return NO_NOTES;
  }
  const trickNo = s.trickNo;
  const winner = takeTrick(s, winnerPos(s));
  if (trickNo === s.blindTrick) s.blindTaker = winner;
  s.underPos = -1;
  const notes: DealNote[] | null = quiet ? null : [trickTakenNote(s, winner)];
  if (s.n === 2) turnUp(s, notes);
  if (s.trickNo === s.tricksInDeal) {
    s.phase = 'done';
    if (notes !== null) notes.push({ type: 'DealOver' });
  }
  return notes ?? NO_NOTES;
}

/** Two-handed: a card played from a stack is replaced by the card below it, turned face up after the trick. */
function turnUp(s: ShState, notes: DealNote[] | null): void {
  for (let seat = 0; seat < 2; seat++) {
    const tops = s.stackTop[seat] as number[];
    for (let k = 0; k < tops.length; k++) {
      if (tops[k] !== -2) continue;
      const below = (s.stackDown[seat] as number[][])[k] as number[];
      const next = below.pop();
      tops[k] = next ?? -1;
      if (next !== undefined && notes !== null)
        notes.push({ type: 'CardRevealed', seat: asSeat(seat), card: name(next), reason: 'turned up on the stack' });
    }
  }
}

export function toContract(s: ShState): Contract {
  const game = s.game ?? 'leaster';
  // Nobody picks with the black queens: who holds Q♣ stays secret (the result's `declarers` names the team).
  // Keys in the order declarer, game, card (the contract is hashed and shown as JSON).
  const c: { declarer?: Seat; game: GameKind; card?: Card } =
    s.picker !== null && game !== 'black-queens' ? { declarer: s.picker, game } : { game };
  if (s.calledCard >= 0 && (game === 'called-ace' || game === 'jack-of-diamonds')) c.card = name(s.calledCard);
  // 6/7-handed the J♦ is the partner card wherever it lies: naming it only when someone besides the picker holds it
  // would tell every seat whether the picker holds or buried it.
  else if (game === 'jack-of-diamonds' && s.o.secondPartner !== 'none') c.card = name(JD);
  return c;
}

export { EO, GO };

export { PLAY, illegal };
