import { isWord } from '../../actions.js';
import { CARDS, type Card, POINTS, type Suit, cardOf, indexOf, suitNames } from '../../cards/card.js';
import { type FollowRule, followCards, followViolation, ledSuitOf, mustFollow } from '../../tricks/follow.js';
import { trickWinner } from '../../tricks/order.js';
import { layCard, removeCard, takeTrick, trickTakenNote } from '../../tricks/trick.js';
import type { Contract, DealNote, Illegal, Seat } from '../../variant.js';
import { ANNOUNCED_GAMES, type SaukopfAction as Action, type SaukopfContractGame } from './vocabulary.js';
import { type AnnouncedGame, GAMES, MAX_BOLZEN } from './options.js';
import { compiled } from './orders.js';
import { SCHWARZ, type SaContract, type SaState } from './state.js';
import { CALLABLE, isCallable, sauOf, suchkarten as suchkartenFor } from '../family/rufsau.js';
import { cannotApply, carries, foreignAction, illegal, NO_NOTES, NOBODY, ONLY, PASS, PLAY } from '../common.js';
import { asSeat, nextSeat } from '../../seat.js';

/** Rules of Saukopf (seed 004) over {@link SaState}: Grunzen, Trog, Spielansage, tricks, Huftritt. */

export const HERZ_KEILER = compiled('sauerei');
const CARD_SET: ReadonlySet<string> = new Set(CARDS);
export const HA = indexOf('HA');
export const EU = indexOf('EU');

/** Interned actions: one frozen object per card / bid value, so legal-move lists allocate no actions. */
const BID: readonly Action[] = Array.from(
  { length: SCHWARZ + 1 },
  (_, v) => Object.freeze({ type: 'bid', value: v === SCHWARZ ? 'schwarz' : v }) as Action,
);
const HUFTRITT: Action = Object.freeze({ type: 'huftritt' });
const STALLGERUCH: Action = Object.freeze({ type: 'stallgeruch' });

const notTurn = (seat: Seat): Illegal =>
  illegal('action/not_your_turn', 'it is not this seat’s turn', `seat ${seat} is not to act`);

const ANNOUNCED: readonly AnnouncedGame[] = GAMES.filter((g): g is AnnouncedGame => g !== 'wilde-sauerei');
/** Which contracts take a suit or a card. */
const TAKES_SUIT: ReadonlySet<string> = new Set(['sauerei', 'keiler']);

export const bidName = (v: number): string => (v === SCHWARZ ? 'Schwarz' : String(v));

/** A bid action's value as a number (Schwarz = 121), or undefined when malformed. */
function bidValue(action: Extract<Action, { type: 'bid' }>): number | undefined {
  const v = action.value;
  if (v === 'schwarz') return SCHWARZ;
  return typeof v === 'number' && Number.isInteger(v) && v <= 120 ? v : undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// Grunzen

function checkBid(s: SaState, seat: Seat, action: Extract<Action, { type: 'bid' }>): Illegal | undefined {
  if (s.phase !== 'auction') return illegal('action/illegal', 'bids are only made in the Grunzen');
  if (seat !== s.auctionTurn) return notTurn(seat);
  if (carries(action, 'game', 'suit', 'tout', 'card'))
    return illegal('action/malformed', 'a Saukopf bid is a number of Augen (`value`), the game is announced later');
  const v = bidValue(action);
  if (v === undefined || v < s.o.minBid || v > SCHWARZ)
    return illegal(
      'action/illegal',
      `a bid is ${s.o.minBid}…120 Augen or Schwarz (Grunzen)`,
      `not a bid: ${JSON.stringify(action.value)}`,
    );
  if (v <= s.best)
    return illegal(
      'action/illegal',
      'a bid must top the highest bid so far (Grunzen)',
      `${bidName(v)} does not top ${bidName(s.best)}`,
    );
  return undefined;
}

/** After a pass or bid: the next seat to bid, or the end of the Grunzen. */
function advanceAuction(s: SaState): DealNote[] {
  let active = 0;
  for (let i = 0; i < s.n; i++) if (!s.passed[i]) active++;
  if (active === 0) return allPassed(s);
  if (active === 1 && s.best > 0 && s.bestSeat !== null && !s.passed[s.bestSeat]) {
    s.phase = s.n === 3 ? 'trog' : 'announce';
    return [];
  }
  let next = nextSeat(s.auctionTurn, s.n);
  while (s.passed[next]) next = nextSeat(next, s.n);
  s.auctionTurn = next;
  return [];
}

/** Nobody bid: a Wilde Sauerei at 4; in a Dreihaxer (no Sauereien) the deal is thrown in. */
function allPassed(s: SaState): DealNote[] {
  if (s.n === 3) {
    s.phase = 'done';
    s.thrownIn = 'all-passed';
    return [{ type: 'DealOver' }];
  }
  const contract: SaContract = { game: 'wilde-sauerei', declarer: null, bid: 0, spiess: false };
  return startPlay(s, contract);
}

// ---------------------------------------------------------------------------------------------------------------
// Trog (Dreihaxer)

function checkTrog(s: SaState, seat: Seat, action: Extract<Action, { type: 'trog' }>): Illegal | undefined {
  if (s.phase !== 'trog')
    return illegal('action/illegal', 'the Trog is chosen by the Dreihaxer declarer right after the Grunzen');
  if (seat !== s.bestSeat) return notTurn(seat);
  const cards = action.cards;
  if (cards.length !== 2 || cards[0] === cards[1])
    return illegal('action/illegal', 'mit Trog the declarer lays away exactly two cards (Trog)');
  const hand = s.hands[seat] ?? [];
  for (const c of cards) {
    const x = indexOf(c);
    if (!hand.includes(x) && !s.open.includes(x))
      return illegal(
        'action/illegal',
        'the laid-away cards must come from the hand or the Trog',
        `${c} is not in hand or Trog`,
      );
  }
  return undefined;
}

function applyTrog(s: SaState, seat: Seat, cards: readonly Card[] | null): DealNote[] {
  s.auctionLog.push({ seat, action: cards === null ? PASS : { type: 'trog', cards } });
  if (cards === null) s.trog = 2;
  else {
    // Take the two open cards, lay two away: a trick of the declarer with their Augen.
    const hand = s.hands[seat] as number[];
    for (const x of s.open) hand.push(x);
    for (const c of cards) {
      const x = indexOf(c);
      hand.splice(hand.indexOf(x), 1);
      s.trogCards.push(x);
      s.points[seat] = (s.points[seat] as number) + (POINTS[x] as number);
    }
    s.tricks[seat] = (s.tricks[seat] as number) + 1;
    s.trog = 1;
  }
  s.phase = 'announce';
  const pending = s.pendingAnnounce;
  if (pending !== null) {
    s.pendingAnnounce = null;
    return applyAnnounce(s, seat, pending as Extract<Action, { type: 'announce' }>);
  }
  return [];
}

// ---------------------------------------------------------------------------------------------------------------
// Spielansage

/** Parse an announcement into a contract for `seat`, or say why it is not allowed. */
export function toContract(
  s: SaState,
  seat: Seat,
  action: Extract<Action, { type: 'announce' }>,
): (SaContract & { unreine: boolean }) | Illegal {
  const game = action.game;
  if (!isWord(ANNOUNCED, game)) return illegal('action/illegal', `no such contract: ${game}`);
  if (carries(action, 'tout')) return illegal('action/malformed', 'Saukopf has no Tout: bid Schwarz instead');
  const spiess = action.spiess === true;
  if (spiess && !s.o.spiess) return illegal('action/illegal', 'am Spieß is not played at this table');
  const takesSuit = TAKES_SUIT.has(game);
  if (takesSuit && action.suit === undefined) return illegal('action/malformed', `${game} needs a suit`);
  if (!takesSuit && action.suit !== undefined) return illegal('action/malformed', `${game} takes no suit`);
  if (game === 'knorpel' && action.card === undefined)
    return illegal('action/malformed', 'a Knorpel names its trump card (`card`)');
  if (game !== 'knorpel' && action.card !== undefined) return illegal('action/malformed', `${game} names no card`);
  const hand = s.hands[seat] ?? [];
  let unreine = false;
  let card: number | undefined;
  if (game === 'sauerei') {
    if (s.n !== 4) return illegal('action/illegal', 'Sauereien are not allowed in a Dreihaxer (Dreihaxer)');
    const suit = action.suit as Suit;
    if (!isCallable(suit)) return illegal('action/illegal', 'the Rufsau may not be the Herz Sau (Rufsau)');
    if (suchkartenFor(HERZ_KEILER, hand, suit) === 0)
      return illegal(
        'action/illegal',
        'the Spieler must hold at least one Suchkarte of the Rufsau’s suit (Suchkarte)',
        `no Suchkarte of ${suit} in hand`,
      );
    if (hand.includes(sauOf(suit))) {
      if (!s.o.unreine) return illegal('action/illegal', 'the Unreine Sauerei is not played at this table');
      unreine = true;
    }
  }
  if (game === 'knorpel') {
    card = indexOf(action.card as Card);
    const inOpponent = s.hands.some((h, i) => i !== seat && h.includes(card as number));
    if (!inOpponent)
      return illegal(
        'action/illegal',
        'the Knorpel’s trump must lie in an opponent’s hand (Knorpel)',
        `${action.card} is not in an opponent’s hand`,
      );
  }
  return {
    game,
    declarer: seat,
    bid: s.best,
    ...(takesSuit ? { suit: action.suit as Suit } : {}),
    ...(card !== undefined ? { card } : {}),
    spiess,
    unreine,
  };
}

function applyAnnounce(s: SaState, seat: Seat, action: Extract<Action, { type: 'announce' }>): DealNote[] {
  const c = toContract(s, seat, action);
  if ('code' in c) throw new Error(`illegal announcement applied: ${c.message}`);
  s.auctionLog.push({ seat, action });
  const { unreine, ...contract } = c;
  s.unreine = unreine;
  return startPlay(s, contract);
}

function startPlay(s: SaState, c: SaContract): DealNote[] {
  s.contract = c;
  const card = c.card !== undefined ? (CARDS[c.card] as Card) : undefined;
  s.order = compiled(c.game, c.suit ?? 'H', card, c.spiess);
  s.phase = 'play';
  s.turn = s.forehand;
  s.party = Array.from({ length: s.n }, () => false);
  if (c.declarer !== null) s.party[c.declarer] = true;
  if (c.game === 'sauerei') {
    const sau = indexOf(cardOf(c.suit as Suit, 'A'));
    s.sau = sau;
    s.sauSuit = s.order.effSuit[sau] as number;
    const holder = s.hands.findIndex((h) => h.includes(sau));
    s.sauHolder = holder < 0 ? null : asSeat(holder);
    if (s.sauHolder !== c.declarer && s.sauHolder !== null) {
      s.partner = s.sauHolder;
      s.party[s.sauHolder] = true;
    }
  }
  return [{ type: 'ContractSet', contract: contractOf(s) }];
}

/** The contract as a record's `contract` (docs/RECORD.md Saukopf). */
export function contractOf(s: SaState): Contract {
  const c = s.contract as SaContract;
  if (c.game === 'wilde-sauerei') return { game: 'wilde-sauerei' };
  const out: { -readonly [K in keyof Contract]: Contract[K] } = {
    // Only a Wilde Sauerei has no declarer.
    declarer: c.declarer ?? undefined,
    bid: c.bid === SCHWARZ ? 'schwarz' : c.bid,
    game: c.game,
  };
  if (c.suit !== undefined) out.suit = c.suit;
  if (c.card !== undefined) out.card = CARDS[c.card] as Card;
  out.spiess = c.spiess;
  return out;
}

/** Every announcement except the Knorpel (which names a card), once, frozen and shared. */
const STATIC_ANNOUNCEMENTS: readonly Extract<Action, { type: 'announce' }>[] = ANNOUNCED.flatMap((game) => {
  if (game === 'knorpel') return [];
  const suits: readonly (Suit | undefined)[] =
    game === 'sauerei' ? CALLABLE : game === 'keiler' ? ['E', 'G', 'H', 'S'] : [undefined];
  return suits.flatMap((suit) =>
    [false, true].map(
      (spiess) =>
        Object.freeze({
          type: 'announce',
          game,
          ...(suit !== undefined ? { suit } : {}),
          ...(spiess ? { spiess } : {}),
        }) as Extract<Action, { type: 'announce' }>,
    ),
  );
});

/** Whether `hand` may call the Sau of `suit`: a Suchkarte in hand, and the Sau only in an Unreine Sauerei. */
function mayCall(s: SaState, hand: readonly number[], suit: Suit): boolean {
  return suchkartenFor(HERZ_KEILER, hand, suit) > 0 && (s.o.unreine || !hand.includes(sauOf(suit)));
}

/**
 * Every announcement the declarer may make now; with `includeKnorpel` one Knorpel per card of the opponents' hands
 * (every card not in his hand, not open and not in the Trog). The Knorpel options come in deck order (card index:
 * Eichel, Gras, Herz, Schellen; A Z … within a suit), never by who holds them: the set reveals nothing the declarer
 * does not know, and neither may the order.
 */
export function announcements(s: SaState, seat: Seat, includeKnorpel = false): Action[] {
  const out: Action[] = [];
  const hand = s.hands[seat] ?? [];
  for (const a of STATIC_ANNOUNCEMENTS) {
    if (a.spiess === true && !s.o.spiess) continue;
    if (a.game === 'sauerei' && (s.n !== 4 || !mayCall(s, hand, a.suit as Suit))) continue;
    out.push(a);
  }
  if (includeKnorpel) {
    const cards: number[] = [];
    for (let i = 0; i < s.n; i++) if (i !== seat) for (const x of s.hands[i] ?? []) cards.push(x);
    cards.sort((a, b) => a - b);
    for (const x of cards)
      for (const spiess of s.o.spiess ? [false, true] : [false])
        out.push({ type: 'announce', game: 'knorpel', card: CARDS[x] as Card, ...(spiess ? { spiess } : {}) });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Tricks and the Rufsau rules

/** Whether `seat` is bound by the Rufsau rules now: holds the Rufsau and has not run away. */
function bound(s: SaState, seat: Seat): boolean {
  return s.sau >= 0 && seat === s.sauHolder && !s.ranAway && (s.hands[seat] as number[]).includes(s.sau);
}

function suchkarten(s: SaState, hand: readonly number[]): number {
  let n = 0;
  for (const x of hand) if (x !== s.sau && s.order.effSuit[x] === s.sauSuit) n++;
  return n;
}

const isSuchkarte = (s: SaState, x: number): boolean => x !== s.sau && s.order.effSuit[x] === s.sauSuit;

/** Cards the seat may play now: follow suit, Sich zeigen, Suchen, Davonlaufen, Abferkelverbot. */
export function legalCards(s: SaState, seat: Seat): readonly number[] {
  const hand = s.hands[seat] as number[];
  const order = s.order;
  const holder = bound(s, seat);
  const led = s.trickCards[0];
  if (led === undefined) {
    if (!holder || suchkarten(s, hand) >= s.o.davonlaufenMin) return hand;
    // Sich zeigen: the Rufsau may be led; a Suchkarte only when running away.
    return hand.filter((x) => !isSuchkarte(s, x));
  }
  let cands = followCards(order, hand, order.effSuit[led] as number);
  if (holder) {
    // Suchen: a Suchkarte led, the Rufsau must be played.
    if (isSuchkarte(s, led)) return [s.sau];
    // Abferkelverbot: otherwise not before the last trick.
    if (s.trickNo < s.perHand - 1 && cands.length > 1 && cands.includes(s.sau))
      cands = cands.filter((x) => x !== s.sau);
  }
  return cands;
}

/** Following by the contract's trick order (trump or the card's suit); messages name the German suits. */
const FOLLOW: FollowRule = {
  suitNames: suitNames('de'),
  rules: { trump: 'must follow trump (Trumpfzwang)', suit: 'must follow suit (Farbzwang)' },
  terms: { trump: 'Trumpfzwang', suit: 'Farbzwang' },
};

/** Why a card in hand that is not among the legal cards may not be played. */
function playIllegal(s: SaState, seat: Seat, card: number): Illegal {
  const sauName = s.sau >= 0 ? (CARDS[s.sau] as Card) : '';
  const led = s.trickCards[0];
  if (bound(s, seat)) {
    if (led === undefined)
      return illegal(
        'action/illegal',
        `the holder of the Rufsau ${sauName} may lead a Suchkarte only with at least ${s.o.davonlaufenMin} Suchkarten in hand (Davonlaufen)`,
      );
    if (isSuchkarte(s, led))
      return illegal('action/illegal', `must play the Rufsau ${sauName} when a Suchkarte is led (Suchen)`);
    if (card === s.sau)
      return illegal(
        'action/illegal',
        `the Rufsau ${sauName} may not be played when no Suchkarte is led, except in the last trick (Abferkelverbot)`,
      );
  }
  const ledSuit = ledSuitOf(s.order, s.trickCards);
  return followViolation(FOLLOW, s.order, s.hands[seat] ?? [], ledSuit, card) ?? mustFollow(FOLLOW, ledSuit);
}

function declarerTricks(s: SaState): number {
  let t = 0;
  for (let i = 0; i < s.n; i++) if (s.party[i]) t += s.tricks[i] as number;
  return t;
}
function totalTricks(s: SaState): number {
  let t = 0;
  for (let i = 0; i < s.n; i++) t += s.tricks[i] as number;
  return t;
}

function playCard(s: SaState, seat: Seat, card: number, quiet: boolean): readonly DealNote[] {
  const hand = s.hands[seat] as number[];
  if (s.trickCards.length === 0 && bound(s, seat) && isSuchkarte(s, card)) s.ranAway = true;
  removeCard(hand, card);
  if (card === s.sau) s.partnerRevealed = true;
  if (card === HA) s.haPlayer = seat;
  const full = layCard(s, seat, card, s.n);
  s.lastPlayedAt[seat] = s.cardsPlayed;
  if (s.trickCards.length === 1) s.lastLedAt[seat] = s.cardsPlayed;
  if (!full) {
    s.turn = nextSeat(seat, s.n);
    return NO_NOTES;
  }
  const w = trickWinner(s.order, s.trickCards);
  s.lastWinningCard = s.trickCards[w] as number;
  const winner = takeTrick(s, w);
  if (s.lastCards.includes(HA)) s.haWinner = winner;
  let over = s.trickNo === s.perHand;
  const game = (s.contract as SaContract).game;
  if (!over && (game === 'mastschwein' || game === 'schwarte')) {
    // Decided, and Schwarz can no longer happen: both parties have a trick.
    const d = declarerTricks(s);
    over = d > 0 && totalTricks(s) > d;
  }
  if (over) s.phase = 'done';
  if (quiet) return NO_NOTES;
  const notes: DealNote[] = [trickTakenNote(s, winner)];
  if (over) notes.push({ type: 'DealOver' });
  return notes;
}

// ---------------------------------------------------------------------------------------------------------------
// Huftritt and Stallgeruch

function kickProblem(s: SaState, seat: Seat): string | undefined {
  if (!s.o.huftritt.enabled) return 'the Huftritt is not played at this table';
  if (s.phase !== 'play') return 'a Huftritt comes after the Spielansage, during the play';
  if (!s.bidder[seat]) return 'only a player who bid in the Grunzen may kick (Huftritt)';
  const max = s.o.huftritt.max;
  if (max !== null && s.kicks.length >= max) return `at most ${max} Huftritt(e) per deal at this table`;
  if (s.kicks.length >= MAX_BOLZEN - 2) return `more than ${MAX_BOLZEN - 2} Huftritte cannot be settled exactly`;
  const last = s.kicks[s.kicks.length - 1];
  // "keine Karte ausgespielt": by default any card played; option `huftritt.until: 'own-lead'` reads it as led.
  const lead = s.o.huftritt.until === 'own-lead';
  const at = (lead ? s.lastLedAt[seat] : s.lastPlayedAt[seat]) as number;
  const what = lead ? 'led a trick' : 'played a card';
  if (last === undefined) {
    if (s.party[seat]) return 'the first Huftritt must come from a Nichtspieler (Huftritt)';
    if (at >= 0) return `the first Huftritt must come before the kicker has ${what} (Huftritt)`;
    return undefined;
  }
  if (s.party[seat] === s.lastKickSpieler) return 'a further Huftritt must come from the other party (Huftritt)';
  if (at > last.at)
    return `a further Huftritt must come before the kicker has ${what} since the last Huftritt (Huftritt)`;
  return undefined;
}

function stallgeruchProblem(s: SaState, seat: Seat): string | undefined {
  const c = s.contract;
  if (s.phase !== 'play' || c === null || c.game !== 'sauerei' || s.unreine)
    return 'Stallgeruch is announced only in a Sauerei with a Mitspieler (Stallgeruch)';
  if (c.bid < s.o.stallgeruchFrom)
    return `Stallgeruch needs a Rauborstige Sauerei: a bid of ${s.o.stallgeruchFrom} or more (Stallgeruch)`;
  if (seat !== s.partner) return 'only the Mitspieler (the holder of the Rufsau) may announce Stallgeruch';
  if (s.stallgeruch) return 'Stallgeruch has already been announced';
  if ((s.lastPlayedAt[seat] as number) >= 0) return 'Stallgeruch is announced while still holding all cards';
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// The Variant entry points

export function toAct(s: SaState): readonly Seat[] {
  switch (s.phase) {
    case 'auction':
      return ONLY[s.auctionTurn] as readonly Seat[];
    case 'trog':
    case 'announce':
      return s.bestSeat === null ? NOBODY : (ONLY[s.bestSeat] as readonly Seat[]);
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

/** Interned Trog actions by card-index pair (lower index first), created on first use: a pure memo, not state. */
const TROG: (Action | undefined)[] = new Array<Action | undefined>(48 * 48);

/** Every pair of cards the declarer could lay away mit Trog, after `pass` (ohne Trog). */
function trogActions(s: SaState, seat: Seat): Action[] {
  const pool = [...(s.hands[seat] ?? []), ...s.open].sort((a, b) => a - b);
  const out: Action[] = [PASS];
  for (let i = 0; i < pool.length; i++)
    for (let j = i + 1; j < pool.length; j++) {
      const a = pool[i] as number;
      const b = pool[j] as number;
      let action = TROG[a * 48 + b];
      if (action === undefined) {
        action = Object.freeze({ type: 'trog', cards: Object.freeze([CARDS[a] as Card, CARDS[b] as Card]) }) as Action;
        TROG[a * 48 + b] = action;
      }
      out.push(action);
    }
  return out;
}

export function legalActions(s: SaState, seat: Seat): Action[] {
  const out: Action[] = [];
  switch (s.phase) {
    case 'auction':
      if (seat === s.auctionTurn) {
        out.push(PASS);
        for (let v = Math.max(s.o.minBid, s.best + 1); v <= SCHWARZ; v++) out.push(BID[v] as Action);
      }
      return out;
    case 'trog':
      return seat === s.bestSeat ? trogActions(s, seat) : out;
    case 'announce':
      return seat === s.bestSeat ? announcements(s, seat, true) : out;
    case 'play': {
      if (seat === s.turn) {
        const cards = legalCards(s, seat);
        for (let i = 0; i < cards.length; i++) out.push(PLAY[cards[i] as number] as Action);
      }
      if (s.bidder[seat] && kickProblem(s, seat) === undefined) out.push(HUFTRITT);
      if (seat === s.partner && stallgeruchProblem(s, seat) === undefined) out.push(STALLGERUCH);
      return out;
    }
    case 'done':
      return out;
    default: {
      const never: never = s.phase;
      return never;
    }
  }
}

export function check(s: SaState, seat: Seat, action: Action): Illegal | undefined {
  if (!Number.isInteger(seat) || seat < 0 || seat >= s.n) return illegal('action/bad_seat', `no seat ${seat}`);
  if (s.phase === 'done') return illegal('deal/over', 'the deal is over');
  switch (action.type) {
    case 'pass':
      if (s.phase === 'auction') return seat === s.auctionTurn ? undefined : notTurn(seat);
      if (s.phase === 'trog') return seat === s.bestSeat ? undefined : notTurn(seat);
      return illegal('action/illegal', 'there is nothing to pass now');
    case 'bid':
      return checkBid(s, seat, action);
    case 'trog':
      return checkTrog(s, seat, action);
    case 'announce': {
      if (s.phase !== 'announce')
        return illegal('action/illegal', 'the game is announced by the winner of the Grunzen');
      if (seat !== s.bestSeat) return notTurn(seat);
      const c = toContract(s, seat, action);
      return 'code' in c ? c : undefined;
    }
    case 'huftritt': {
      const why = kickProblem(s, seat);
      return why === undefined ? undefined : illegal('action/illegal', why);
    }
    case 'stallgeruch': {
      const why = stallgeruchProblem(s, seat);
      return why === undefined ? undefined : illegal('action/illegal', why);
    }
    case 'play': {
      if (s.phase !== 'play') return illegal('action/illegal', 'cards are played only after the Spielansage');
      if (seat !== s.turn) return notTurn(seat);
      if (!CARD_SET.has(action.card)) return illegal('action/malformed', 'not a card');
      const card = indexOf(action.card);
      if (!(s.hands[seat] ?? []).includes(card))
        return illegal(
          'action/illegal',
          'the card is not in the seat’s hand',
          `${action.card} is not in seat ${seat}’s hand`,
        );
      if (legalCards(s, seat).includes(card)) return undefined;
      return playIllegal(s, seat, card);
    }
    default:
      return foreignAction(action, 'Saukopf');
  }
}

/** Apply a legal action in place. */
export function apply(s: SaState, seat: Seat, action: Action, quiet = false): readonly DealNote[] {
  switch (action.type) {
    case 'pass':
      if (s.phase === 'trog') return applyTrog(s, seat, null);
      s.auctionLog.push({ seat, action: PASS });
      s.passed[seat] = true;
      return advanceAuction(s);
    case 'bid': {
      const v = bidValue(action) as number;
      s.auctionLog.push({ seat, action: BID[v] as Action });
      s.best = v;
      s.bestSeat = seat;
      s.bidder[seat] = true;
      return advanceAuction(s);
    }
    case 'trog':
      return applyTrog(s, seat, action.cards);
    case 'announce':
      return applyAnnounce(s, seat, action);
    case 'huftritt':
      s.kicks.push({ seat, at: s.cardsPlayed });
      s.lastKickSpieler = s.party[seat] as boolean;
      return NO_NOTES;
    case 'stallgeruch':
      s.stallgeruch = true;
      s.partnerRevealed = true;
      return NO_NOTES;
    case 'play':
      return playCard(s, seat, indexOf(action.card), quiet);
    default:
      return cannotApply(action);
  }
}

/** The record's `contract` shorthand: the Grunzen ended with this bid, everyone else passed, then this Spielansage. */
export function applyContract(s: SaState, contract: Contract<SaukopfContractGame>): Illegal | undefined {
  if (s.phase !== 'auction' || s.auctionLog.length > 0)
    return illegal('record/contract', 'a contract shorthand replaces the whole Grunzen');
  if (contract.game === 'wilde-sauerei') {
    if (contract.declarer !== undefined || contract.bid !== undefined)
      return illegal('record/contract', 'a Wilde Sauerei has no declarer and no bid');
    if (s.n !== 4) return illegal('record/contract', 'a Wilde Sauerei needs four players');
    for (let i = 0; i < s.n; i++) apply(s, nextSeat(s.forehand, s.n, i), PASS);
    return undefined;
  }
  const declarer = contract.declarer;
  if (declarer === undefined || !Number.isInteger(declarer) || declarer < 0 || declarer >= s.n)
    return illegal('record/contract', 'the contract needs a declarer seat');
  if (contract.bid === undefined) return illegal('record/contract', 'the contract needs the winning bid (`bid`)');
  const bid: Extract<Action, { type: 'bid' }> = { type: 'bid', value: contract.bid };
  const v = bidValue(bid);
  if (v === undefined || v < s.o.minBid || v > SCHWARZ)
    return illegal('record/contract', `a bid is ${s.o.minBid}…120 Augen or Schwarz (Grunzen)`);
  if (contract.tout !== undefined) return illegal('record/contract', 'Saukopf has no Tout: bid Schwarz instead');
  const game = contract.game;
  if (!isWord(ANNOUNCED_GAMES, game)) return illegal('record/contract', `no such contract: ${game}`);
  const announce: Extract<Action, { type: 'announce' }> = {
    type: 'announce',
    game,
    ...(contract.suit !== undefined ? { suit: contract.suit } : {}),
    ...(contract.card !== undefined ? { card: contract.card } : {}),
    ...(contract.spiess === true ? { spiess: true } : {}),
  };
  for (let i = 0; i < s.n; i++) {
    const seat = nextSeat(s.forehand, s.n, i);
    apply(s, seat, seat === declarer ? (BID[v] as Action) : PASS);
  }
  // The announcement does not depend on the Trog (a Knorpel's card lies in an opponent's hand either way).
  const c = toContract(s, declarer, announce);
  if ('code' in c) return { ...c, code: 'record/contract' };
  if ((s.phase as SaState['phase']) === 'trog') s.pendingAnnounce = announce;
  else apply(s, declarer, announce);
  return undefined;
}

export { PLAY, illegal };
