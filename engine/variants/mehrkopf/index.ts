import { isWord } from '../../actions.js';
import { CARDS, type Card, indexOf } from '../../cards/card.js';
import type { Audience, Contract, DealContext, DealView, Illegal, Layout, Seat, Variant } from '../../variant.js';
import {
  BID_GAMES,
  type MehrkopfAction as Action,
  type MehrkopfContractGame,
  mehrkopfVocabulary,
} from './vocabulary.js';
import { type MehrkopfOptions, OPTIONS_SCHEMA, PRESETS, resolveMehrkopfOptions } from './options.js';
import { mehrkopfDeck, totalPointsFor, trickOrder } from './orders.js';
import { GAMES } from './options.js';
import { NORMAL, apply, check, illegal, legalActions, orderOf, toAct, toBid, toContract } from './rules.js';
import { pointSteps, settle } from './settle.js';
import { type MkState, cloneState } from './state.js';
import { defineVariant, everySeat, seatsAfter } from '../define.js';
import { asSeat, nextSeat } from '../../seat.js';
import { mehrkopfBots } from './bots.js';
import { mehrkopfWords } from './words.js';

export type { MehrkopfOptions } from './options.js';

/**
 * Mehrkopf (seeds 000/001, docs/rules/mehrkopf.md "Readings taken"): Schafkopf for 2 to 7 players. Two players lay out face-down and
 * face-up stacks; three play 24 cards and solos only; four play the rulebook's Schafkopf; five add the Gefreite and
 * the Schöne (148 points); six add the Sechs and the Preuße (−7); at seven the dealer sits out.
 */

const cardsOf = (xs: readonly number[]): Card[] => xs.map((x) => CARDS[x] as Card);

/** Seats that sit out a deal: at seven the dealer. */
const sitOutOf = (players: number, dealer: Seat): Seat | null => (players === 7 ? dealer : null);

function start(o: MehrkopfOptions, players: number, dealer: Seat, layout: Layout, ctx: DealContext): MkState {
  const two = players === 2;
  const up = two ? (layout.faceUp ?? []).map((h) => h.map(indexOf)) : null;
  const down = two ? (layout.faceDown ?? []).map((h) => h.map(indexOf)) : null;
  const hands = two ? (up as number[][]).map((h) => h.slice()) : layout.hands.map((h) => h.map(indexOf));
  const dealt = two
    ? (up as number[][]).map((h, i) => [...h, ...((down as number[][])[i] ?? [])])
    : hands.map((h) => h.slice());
  const sitOut = sitOutOf(players, dealer);
  const active = sitOut !== null ? players - 1 : players;
  const zeros = (): number[] => new Array<number>(players).fill(0);
  const falses = (): boolean[] => new Array<boolean>(players).fill(false);
  const minus = (): number[] => new Array<number>(players).fill(-1);
  const forehand = nextSeat(dealer, players);
  // The last seat of the round: the dealer, or the seat before him when he sits out.
  const last = sitOut !== null ? nextSeat(dealer, players, players - 1) : dealer;
  const passed = falses();
  const acted = falses();
  if (sitOut !== null) {
    passed[sitOut] = true;
    acted[sitOut] = true;
  }
  return {
    o,
    ctx,
    n: players,
    active,
    sitOut,
    dealer,
    forehand,
    last,
    perHand: mehrkopfDeck(players).length / active,
    total: totalPointsFor(players),
    dealt,
    hands,
    up,
    down,
    phase: 'auction',
    auctionActed: acted,
    passed,
    auctionTurn: forehand,
    auctionLog: [],
    best: null,
    mussSeat: null,
    mussCard: -1,
    hochzeit: null,
    bidCache: Array.from({ length: players }, () => undefined),
    contract: null,
    order: NORMAL,
    party: falses(),
    laufende: 0,
    calledSuit: -1,
    calledAce: -1,
    calledSchoene: -1,
    due1: minus(),
    due2: minus(),
    freed: falses(),
    calledLeads: 0,
    trickLead: 0,
    revealed: falses(),
    hochzeitPartner: null,
    trickNo: 0,
    turn: forehand,
    trickSeats: [],
    trickCards: [],
    cardsPlayed: 0,
    tricks: zeros(),
    points: zeros(),
    lastSeats: [],
    lastCards: [],
    thrownIn: null,
    result: null,
  };
}

/** The record's `contract` shorthand: the auction ended with this contract and everyone else passed. */
function applyContract(s: MkState, contract: Contract<MehrkopfContractGame>): Illegal | undefined {
  if (s.phase !== 'auction' || s.auctionLog.length > 0)
    return illegal('record/contract', 'a contract shorthand replaces the whole auction');
  const declarer = contract.declarer;
  if (contract.game === 'ramsch') {
    if (declarer !== undefined) return illegal('record/contract', 'a Ramsch has no declarer');
    for (let i = 0; i < s.active && s.phase === 'auction'; i++) apply(s, s.auctionTurn, { type: 'pass' });
    const ramsch: Action = { type: 'choose', choice: 'ramsch' };
    const bad = check(s, s.last, ramsch);
    if (bad !== undefined) return { ...bad, code: 'record/contract' };
    apply(s, s.last, ramsch);
    return undefined;
  }
  if (declarer === undefined || !Number.isInteger(declarer) || declarer < 0 || declarer >= s.n || declarer === s.sitOut)
    return illegal('record/contract', 'the contract needs a declarer seat that plays this deal');
  if (contract.game === 'hochzeit')
    return illegal('record/contract', 'a Hochzeit is recorded as actions (bid, accept)');
  const game = contract.game;
  if (!isWord(BID_GAMES, game)) return illegal('record/contract', `no such game to bid: ${game}`);
  const action: Extract<Action, { type: 'bid' }> = {
    type: 'bid',
    game,
    ...(contract.suit !== undefined ? { suit: contract.suit } : {}),
    ...(contract.tout ? { tout: true } : {}),
  };
  const bid = toBid(s, declarer, action, false);
  if ('code' in bid) return { ...bid, code: 'record/contract' };
  // Everyone before the declarer passes, the declarer bids, everyone after passes.
  for (let guard = 0; guard < 16 && s.phase === 'auction'; guard++) {
    const seat = s.auctionTurn;
    apply(s, seat, seat === declarer ? action : { type: 'pass' });
  }
  return undefined;
}

function view(s: MkState, audience: Audience): DealView {
  const over = s.phase === 'done';
  const c = s.contract;
  const everything = over && (audience.kind === 'organiser' || audience.kind === 'public');
  const seat = audience.kind === 'seat' ? audience.seat : null;
  // Open hands: the two-player face-up cards are public; Sie is laid out on the table.
  const open = (i: number): boolean =>
    everything || i === seat || s.up !== null || (c !== null && c.game === 'sie' && i === c.declarer);
  const declarers: Seat[] = [];
  if (c !== null && c.game !== 'ramsch')
    for (let i = 0; i < s.n; i++)
      if (s.party[i] && (over || i === c.declarer || s.revealed[i] || i === seat || i === s.hochzeitPartner))
        declarers.push(asSeat(i));
  const auction = s.auctionLog.map((a) => ({ seat: a.seat, action: redact(s, a.seat, a.action, audience) }));
  return {
    phase: s.phase,
    players: s.n,
    dealer: s.dealer,
    forehand: s.forehand,
    toAct: toAct(s),
    hands: s.hands.map((h, i) => (open(i) ? cardsOf(h) : null)),
    handCounts: s.hands.map((h) => h.length),
    blind: null,
    blindCount: 0,
    contract: c !== null ? toContract(s) : null,
    declarers,
    trick: s.trickSeats.map((seatNo, i) => ({ seat: seatNo, card: CARDS[s.trickCards[i] as number] as Card })),
    lastTrick:
      s.lastCards.length > 0
        ? s.lastSeats.map((seatNo, i) => ({ seat: seatNo, card: CARDS[s.lastCards[i] as number] as Card }))
        : null,
    tricksTaken: s.tricks.slice(),
    cardPoints: s.points.slice(),
    auction,
    doublings: [],
    result: over ? settle(s) : null,
    extra: {
      trickNo: s.trickNo,
      ...(s.sitOut !== null ? { sittingOut: s.sitOut } : {}),
      // The called Ace (at 5/6 players the Schöne of its suit is called with it).
      ...(s.calledAce >= 0 ? { calledCard: CARDS[s.calledAce], calledWithSchoene: s.calledSchoene >= 0 } : {}),
      ...(s.phase === 'choice' ? { choosing: s.last } : {}),
      // The named card itself is in the auction log.
      ...(s.mussSeat !== null ? { mussSeat: s.mussSeat } : {}),
      ...(s.hochzeit !== null ? { hochzeit: { offerer: s.hochzeit.offerer, turn: s.hochzeit.turn } } : {}),
      ...(s.up !== null
        ? {
            // Two players: the stacks as they lie; face-down cards are shown only as a count (or after the deal).
            faceUp: (s.up as number[][]).map((st) => st.map((x) => (x >= 0 ? (CARDS[x] as Card) : null))),
            faceDownCounts: (s.down as number[][]).map((st) => st.filter((x) => x >= 0).length),
            ...(everything ? { faceDown: (s.down as number[][]).map((st) => st.map((x) => CARDS[x] ?? null)) } : {}),
          }
        : {}),
      ...(s.thrownIn !== null ? { thrownIn: s.thrownIn } : {}),
    },
  };
}

/** The card given back for a Hochzeit trump is seen only by the two partners (and by all after the deal). */
function redact(s: MkState, actor: Seat, action: Action, audience: Audience): Action {
  if (action.type !== 'accept') return action;
  const over = s.phase === 'done';
  if (audience.kind === 'seat' && (audience.seat === actor || audience.seat === s.contract?.declarer)) return action;
  if (audience.kind === 'seat' && s.hochzeit !== null && audience.seat === s.hochzeit.offerer) return action;
  if (over && (audience.kind === 'organiser' || audience.kind === 'public')) return action;
  return { type: 'accept' };
}

function checkLayout(_o: MehrkopfOptions, players: number, layout: Layout): string | undefined {
  if (players < 2 || players > 7) return 'Mehrkopf is played by 2 to 7 players';
  const expected = mehrkopfDeck(players);
  const seen = new Set<string>();
  const take = (card: Card): string | undefined => {
    if (!expected.includes(card)) return `${card} is not in the ${players}-player deck`;
    if (seen.has(card)) return `${card} is dealt twice`;
    seen.add(card);
    return undefined;
  };
  if (layout.blind.length !== 0) return 'Mehrkopf has no blind';
  if (layout.hands.length !== players) return `hands must hold ${players} hands`;
  if (players === 2) {
    // Offiziersschafkopf: 8 stacks per seat, a face-down card under each face-up card; nothing in hand.
    if (layout.hands.some((h) => h.length > 0)) return 'two players hold no hand: the cards lie in faceUp/faceDown';
    for (const key of ['faceUp', 'faceDown'] as const) {
      const stacks = layout[key];
      if (stacks === undefined || stacks.length !== 2) return `two players need ${key} for both seats`;
      for (const [i, row] of stacks.entries()) {
        if (row.length !== 8) return `${key}[${i}] must hold 8 cards`;
        for (const card of row) {
          const bad = take(card);
          if (bad !== undefined) return bad;
        }
      }
    }
    return undefined;
  }
  const active = players === 7 ? 6 : players;
  const per = expected.length / active;
  for (const [i, hand] of layout.hands.entries()) {
    const want = players === 7 && hand.length === 0 ? 0 : per;
    if (hand.length !== want) return `hand ${i} must hold ${per} cards`;
    for (const card of hand) {
      const bad = take(card);
      if (bad !== undefined) return bad;
    }
  }
  if (seen.size !== expected.length) return 'every card of the deck must be dealt';
  return undefined;
}

/**
 * Lay out a shuffled deck. Two players: 8 face down before the non-dealer, 8 before the dealer, then 8 face up on the
 * non-dealer's and 8 on the dealer's. Otherwise 4 + 4 clockwise from forehand, or as the cutter knocked: all eight at
 * once, or counter-clockwise (option `dealing`). At seven the dealer gets no cards.
 */
function deal(o: MehrkopfOptions, players: number, dealer: Seat, cards: readonly Card[]): Layout {
  if (players === 2) {
    const other = (dealer + 1) % 2;
    const faceDown: Card[][] = [[], []];
    const faceUp: Card[][] = [[], []];
    faceDown[other] = cards.slice(0, 8);
    faceDown[dealer] = cards.slice(8, 16);
    faceUp[other] = cards.slice(16, 24);
    faceUp[dealer] = cards.slice(24, 32);
    return { hands: [[], []], blind: [], faceUp, faceDown };
  }
  const sitOut = sitOutOf(players, dealer);
  const active = sitOut !== null ? players - 1 : players;
  const per = cards.length / active;
  const packet = o.dealing === 'all-eight' ? per : per / 2;
  const order: Seat[] = [];
  for (let i = 1; i <= players; i++) {
    // Clockwise from forehand; counter-clockwise from the dealer's right.
    const seat = nextSeat(dealer, players, o.dealing === 'counter-clockwise' ? players * 2 - i : i);
    if (seat !== sitOut) order.push(seat);
  }
  const hands: Card[][] = Array.from({ length: players }, () => []);
  let k = 0;
  for (let round = 0; round < per / packet; round++)
    for (const seat of order) for (let j = 0; j < packet; j++) (hands[seat] as Card[]).push(cards[k++] as Card);
  return { hands, blind: [] };
}

export const mehrkopf: Variant<MehrkopfOptions, MkState, Action, MehrkopfContractGame> = defineVariant({
  id: 'mehrkopf',
  bots: mehrkopfBots,
  words: mehrkopfWords,
  title: 'Mehrkopf',
  trickOrder: (_o, c) => {
    if (c === null || !isWord(GAMES, c.game)) return trickOrder('normal');
    const { kind, suit } = orderOf(c.game, c.suit);
    return trickOrder(kind, suit);
  },
  vocabulary: mehrkopfVocabulary,
  tableSeats: { min: 2, max: 7 },
  usualSeats: 4,
  presets: PRESETS,
  defaultPreset: 'rulebook',
  optionsSchema: OPTIONS_SCHEMA,
  resolveOptions: (preset, overrides) => resolveMehrkopfOptions(preset, overrides),
  // At seven the dealer sits out (rotating with the deal); the record holds the six who play.
  participants: (o, tableSeats, dealer) => (tableSeats === 7 ? seatsAfter(dealer, 6, 7) : everySeat(o, tableSeats)),
  deck: (_o, players) => mehrkopfDeck(players),
  deal,
  checkLayout,
  start,
  clone: cloneState,
  toAct,
  legalActions,
  check,
  apply,
  applyContract,
  settle,
  pointSteps: (o, players, played) => pointSteps(o, totalPointsFor(players), played),
  view,
  redactAction: redact,
  totalPoints: (_o, players) => totalPointsFor(players),
});
