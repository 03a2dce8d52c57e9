import { isWord } from '../../actions.js';
import { CARDS, type Card, indexOf } from '../../cards/card.js';
import { LONG_RANKS, SHORT_RANKS, deckOf } from '../../cards/deck.js';
import type {
  Audience,
  Contract,
  DealContext,
  DealView,
  Illegal,
  Layout,
  Seat,
  SessionRules,
  Variant,
} from '../../variant.js';
import {
  BID_GAMES,
  type SchafkopfAction as Action,
  type SchafkopfContractGame,
  schafkopfVocabulary,
} from './vocabulary.js';
import { DEFAULTS, OPTIONS_SCHEMA, PRESETS, type SchafkopfOptions, resolveSchafkopfOptions } from './options.js';
import {
  NORMAL,
  apply,
  check,
  closeKnocks,
  illegal,
  isSoloGame,
  legalActions,
  orderOfGame,
  toAct,
  toBid,
  toContract,
} from './rules.js';
import { dealPackets } from '../common.js';
import { KREUZ_REPLAYED, pointSteps, settle } from './settle.js';
import { type SkState, cloneState } from './state.js';
import { defineVariant, everySeat, seatsAfter } from '../define.js';
import { asSeat, nextSeat } from '../../seat.js';
import { GAMES } from './options.js';
import { trickOrder } from './orders.js';
import { schafkopfBots } from './bots.js';
import { schafkopfWords } from './words.js';

export type { SchafkopfOptions } from './options.js';

const cardsOf = (xs: readonly number[]): Card[] => xs.map((x) => CARDS[x] as Card);

const LONG_DECK: readonly Card[] = Object.freeze(deckOf(LONG_RANKS));
const SHORT_DECK: readonly Card[] = Object.freeze(deckOf(SHORT_RANKS));

function deck(o: SchafkopfOptions): readonly Card[] {
  return o.deck === 'short' ? SHORT_DECK : LONG_DECK;
}

function start(o: SchafkopfOptions, players: number, dealer: Seat, layout: Layout, ctx: DealContext): SkState {
  const dealt: number[][] = [];
  for (const h of layout.hands) {
    const hand: number[] = [];
    for (let i = 0; i < h.length; i++) hand.push(indexOf(h[i] as Card));
    dealt.push(hand);
  }
  // Packed (not holey) arrays: built by pushing.
  const filled = <T>(value: T): T[] => {
    const out: T[] = [];
    for (let i = 0; i < players; i++) out.push(value);
    return out;
  };
  const zeros = (): number[] => filled(0);
  const falses = (): boolean[] => filled(false);
  const forehand = nextSeat(dealer, players);
  return {
    o,
    ctx,
    n: players,
    dealer,
    forehand,
    perHand: dealt[0]?.length ?? 8,
    dealt,
    hands: dealt.map((h) => h.slice()),
    // Klopfen after the first packet: the deal opens with every seat deciding on half its hand.
    phase: o.knock.enabled && o.knock.timing === 'first-four' ? 'knock' : 'auction',
    knocked: falses(),
    knockDecided: falses(),
    knocks: 0,
    auctionActed: falses(),
    passed: falses(),
    auctionTurn: forehand,
    auctionLog: [],
    best: null,
    bestSeat: null,
    mussSeat: null,
    hochzeit: null,
    bidMask: filled(-1),
    contract: null,
    order: NORMAL,
    party: falses(),
    partner: null,
    laufende: 0,
    calledSuit: -1,
    calledHolder: null,
    calledOut: false,
    calledLedTrick: -1,
    partnerRevealed: false,
    hochzeitGiven: -1,
    kontra: null,
    re: null,
    kontraAt: -1,
    declarerFirstCardAt: -1,
    trickNo: 0,
    turn: forehand,
    trickSeats: [],
    trickCards: [],
    cardsPlayed: 0,
    tricks: zeros(),
    points: zeros(),
    trumpsTaken: zeros(),
    bestTrumpTaken: zeros(),
    bestTrumpPlayed: zeros(),
    lastSeats: [],
    lastCards: [],
    thrownIn: null,
    result: null,
  };
}

/** The record's `contract` shorthand: the auction ended with this contract and everyone else passed. */
function applyContract(s: SkState, contract: Contract<SchafkopfContractGame>): Illegal | undefined {
  // Knocks listed before the contract were the only ones: the others did not knock.
  closeKnocks(s);
  if (s.phase !== 'auction' || s.auctionLog.some((a) => a.action.type !== 'knock'))
    return illegal('record/contract', 'a contract shorthand replaces the whole auction');
  const declarer = contract.declarer;
  if (contract.game === 'ramsch') {
    if (declarer !== undefined) return illegal('record/contract', 'a Ramsch has no declarer');
    for (let i = 0; i < s.n; i++) apply(s, nextSeat(s.forehand, s.n, i), { type: 'pass' });
    if (s.contract?.game !== 'ramsch')
      return illegal('record/contract', 'this table does not play Ramsch when all pass');
    return undefined;
  }
  if (contract.game === 'kreuz') {
    // Über Kreuz: forehand's side plays; the record may name forehand as the declarer.
    if (declarer !== undefined && declarer !== s.forehand)
      return illegal('record/contract', 'über Kreuz is declared by forehand');
    for (let i = 0; i < s.n; i++) apply(s, nextSeat(s.forehand, s.n, i), { type: 'pass' });
    if (s.contract?.game !== 'kreuz')
      return illegal('record/contract', 'this table does not play über Kreuz when all pass');
    return undefined;
  }
  if (declarer === undefined || !Number.isInteger(declarer) || declarer < 0 || declarer >= s.n)
    return illegal('record/contract', 'the contract needs a declarer seat');
  if (contract.game === 'hochzeit')
    return illegal('record/contract', 'a Hochzeit is recorded as actions (bid, accept)');
  const game = contract.game;
  if (!isWord(BID_GAMES, game)) return illegal('record/contract', `no such game to bid: ${game}`);
  const action: Extract<Action, { type: 'bid' }> = {
    type: 'bid',
    game,
    ...(contract.suit !== undefined ? { suit: contract.suit } : {}),
    ...(contract.tout ? { tout: true } : {}),
    ...(contract.card !== undefined ? { card: contract.card } : {}),
  };
  const bid = toBid(s, declarer, action, false);
  if ('code' in bid) return { ...bid, code: 'record/contract' };
  // Everyone before the declarer passes, the declarer bids, everyone after passes.
  for (let i = 0; i < s.n; i++) {
    const seat = nextSeat(s.forehand, s.n, i);
    apply(s, seat, seat === declarer ? action : { type: 'pass' });
  }
  return undefined;
}

function view(s: SkState, audience: Audience): DealView {
  const over = s.phase === 'done';
  const c = s.contract;
  const everything = over && (audience.kind === 'organiser' || audience.kind === 'public');
  const seat = audience.kind === 'seat' ? audience.seat : null;
  // Open hands: Sie is shown; a Bettel Brett declarer lays his cards open after the first trick.
  const open = (i: number): boolean =>
    everything ||
    i === seat ||
    (c !== null && i === c.declarer && (c.game === 'sie' || (c.game === 'bettel-brett' && s.trickNo >= 1)));
  const partnerKnown = over || s.partnerRevealed || (seat !== null && seat === s.partner);
  const declarers: Seat[] = [];
  if (c !== null && c.game !== 'ramsch')
    for (let i = 0; i < s.n; i++) if (s.party[i] && (i === c.declarer || partnerKnown)) declarers.push(asSeat(i));
  const auction = s.auctionLog
    .filter((a) => a.action.type !== 'knock')
    .map((a) => ({ seat: a.seat, action: redact(s, a.seat, a.action, audience) }));
  const doublings: { seat: Seat; type: string }[] = [];
  s.auctionLog.forEach((a) => a.action.type === 'knock' && doublings.push({ seat: a.seat, type: 'knock' }));
  if (s.kontra !== null) doublings.push({ seat: s.kontra, type: 'kontra' });
  if (s.re !== null) doublings.push({ seat: s.re, type: 're' });
  const called = c?.called;
  return {
    phase: s.phase,
    players: s.n,
    dealer: s.dealer,
    forehand: s.forehand,
    toAct: toAct(s),
    // Klopfen after the first four: until every seat has decided, each holds only its first packet.
    hands: s.hands.map((h, i) => (open(i) ? cardsOf(s.phase === 'knock' ? h.slice(0, s.perHand / 2) : h) : null)),
    handCounts: s.hands.map((h) => (s.phase === 'knock' ? s.perHand / 2 : h.length)),
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
    doublings,
    result: over ? settle(s) : null,
    extra: {
      trickNo: s.trickNo,
      bock: s.ctx.bock,
      ...(called !== undefined ? { calledCard: CARDS[called] } : {}),
      ...(s.phase === 'muss' ? { mussSeat: s.mussSeat } : {}),
      ...(s.hochzeit !== null ? { hochzeit: { offerer: s.hochzeit.offerer, turn: s.hochzeit.turn } } : {}),
      ...(s.thrownIn !== null ? { thrownIn: s.thrownIn } : {}),
    },
  };
}

/** The card given back for a Hochzeit trump is seen only by the two partners (and by all after the deal). */
function redact(s: SkState, actor: Seat, action: Action, audience: Audience): Action {
  if (action.type !== 'accept') return action;
  const over = s.phase === 'done';
  if (
    audience.kind === 'seat' &&
    (audience.seat === actor || audience.seat === s.hochzeit?.offerer || s.party[audience.seat])
  )
    return action;
  if (over && (audience.kind === 'organiser' || audience.kind === 'public')) return action;
  return { type: 'accept' };
}

/** All passed and the deal was thrown in without a Stock (`allPass: 'redeal'`), or über Kreuz ended 60:60. */
const thrownIn = (r: { thrownIn?: string }): boolean => r.thrownIn === 'all-passed' || r.thrownIn === KREUZ_REPLAYED;

function session(o: SchafkopfOptions): SessionRules {
  // Options recorded before `redeal` existed resolve to its defaults (a table replays with its recorded options).
  const redeal = (o as Partial<SchafkopfOptions>).redeal ?? DEFAULTS.redeal;
  const solo = (r: { contract: Contract | null }): boolean => r.contract !== null && isSoloGame(r.contract.game);
  return {
    repeatDealer: (r) => (o.sameDealerAfterSolo && solo(r)) || (thrownIn(r) && redeal.dealer === 'same'),
    counts: (r) => !thrownIn(r) || redeal.counts,
    newBockRounds: (r) => {
      const re = o.bock.triggers.includes('re') && r.details?.re === true;
      const sixty = o.bock.triggers.includes('sixty') && r.details?.sixty === true;
      // Both triggers in one game make a Doppelbock round; otherwise new rounds queue up (seed 003).
      return re && sixty ? [4] : re || sixty ? [2] : [];
    },
    bockExtension: (r, underBock) =>
      underBock && solo(r) ? (o.bock.soloExtension === 'deal' ? 1 : o.bock.soloExtension === 'round' ? 4 : 0) : 0,
  };
}

function checkLayout(o: SchafkopfOptions, players: number, layout: Layout): string | undefined {
  const expected = deck(o);
  const per = expected.length / players;
  if (layout.hands.length !== players) return `hands must hold ${players} hands`;
  if (layout.blind.length !== 0) return 'Schafkopf has no blind';
  const seen = new Set<string>();
  for (const [i, hand] of layout.hands.entries()) {
    if (hand.length !== per) return `hand ${i} must hold ${per} cards`;
    for (const card of hand) {
      if (!expected.includes(card)) return `${card} is not in the ${o.deck} deck`;
      if (seen.has(card)) return `${card} is dealt twice`;
      seen.add(card);
    }
  }
  return undefined;
}

export const schafkopf: Variant<SchafkopfOptions, SkState, Action, SchafkopfContractGame> = defineVariant({
  id: 'schafkopf',
  bots: schafkopfBots,
  words: schafkopfWords,
  title: 'Bayerischer Schafkopf',
  trickOrder: (o, c) => {
    if (c === null || !isWord(GAMES, c.game)) return trickOrder('normal');
    const { kind, suit } = orderOfGame(c.game, c.suit, o);
    return trickOrder(kind, suit);
  },
  vocabulary: schafkopfVocabulary,
  tableSeats: { min: 4, max: 7 },
  presets: PRESETS,
  defaultPreset: 'sauspiel',
  optionsSchema: OPTIONS_SCHEMA,
  resolveOptions: (preset, overrides) => resolveSchafkopfOptions(preset, overrides),
  // Four play; at 5–7 seats the dealer (then the seats to his right) sit out (docs/rules/schafkopf.md "Seats and cards").
  participants: (o, tableSeats, dealer) => (tableSeats === 4 ? everySeat(o, 4) : seatsAfter(dealer, 4, tableSeats)),
  deck: (o) => deck(o),
  // Two packets per seat (4 + 4, or 3 + 3 with the short deck), starting at forehand.
  deal: (_o, players, dealer, cards) => ({
    hands: dealPackets(cards, players, dealer, cards.length / players / 2).hands,
    blind: [],
  }),
  // Klopfen after the first four: the seats see the first packet only until every seat has decided.
  firstPacket: (o, players) =>
    o.knock.enabled && o.knock.timing === 'first-four' ? deck(o).length / players / 2 : undefined,
  closeKnocks,
  checkLayout,
  start,
  clone: cloneState,
  toAct,
  legalActions,
  check,
  apply,
  applyContract,
  settle,
  pointSteps: (o, _players, played) => pointSteps(o, played),
  view,
  redactAction: redact,
  session,
});
