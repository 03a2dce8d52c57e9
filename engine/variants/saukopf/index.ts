import { isWord } from '../../actions.js';
import { CARDS, type Card, POINTS, indexOf } from '../../cards/card.js';
import { reverseOrder } from '../../tricks/order.js';
import { GAMES } from './options.js';
import { trickOrder } from './orders.js';
import { LONG_RANKS, deckOf } from '../../cards/deck.js';
import type { Audience, DealContext, DealView, Layout, Seat, Variant } from '../../variant.js';
import { type SaukopfAction as Action, type SaukopfContractGame, saukopfVocabulary } from './vocabulary.js';
import { OPTIONS_SCHEMA, PRESETS, type SaukopfOptions, resolveSaukopfOptions } from './options.js';
import { HERZ_KEILER, apply, applyContract, check, contractOf, legalActions, toAct } from './rules.js';
import { dealPackets } from '../common.js';
import { settle } from './settle.js';
import { type SaState, cloneState } from './state.js';
import { defineVariant } from '../define.js';
import { asSeat, nextSeat } from '../../seat.js';
import { saukopfBots } from './bots.js';
import { saukopfWords } from './words.js';

export type { SaukopfOptions } from './options.js';
export type { SaState } from './state.js';

const cardsOf = (xs: readonly number[]): Card[] => xs.map((x) => CARDS[x] as Card);

/** The 32-card deck (A Z K O U 9 8 7): 4 × 8 cards, or 3 × 10 and two open cards in a Dreihaxer. */
const DECK: readonly Card[] = Object.freeze(deckOf(LONG_RANKS));
const IN_DECK: ReadonlySet<string> = new Set(DECK);

function start(o: SaukopfOptions, players: number, dealer: Seat, layout: Layout, ctx: DealContext): SaState {
  const dealt = layout.hands.map((h) => h.map(indexOf));
  const forehand = nextSeat(dealer, players);
  const zeros = (): number[] => new Array<number>(players).fill(0);
  const falses = (): boolean[] => new Array<boolean>(players).fill(false);
  return {
    o,
    ctx,
    n: players,
    dealer,
    forehand,
    perHand: dealt[0]?.length ?? 8,
    dealt,
    open: layout.blind.map(indexOf),
    hands: dealt.map((h) => h.slice()),
    phase: 'auction',
    passed: falses(),
    bidder: falses(),
    auctionTurn: forehand,
    auctionLog: [],
    best: 0,
    bestSeat: null,
    pendingAnnounce: null,
    trog: 0,
    trogCards: [],
    contract: null,
    order: HERZ_KEILER,
    party: falses(),
    partner: null,
    unreine: false,
    sau: -1,
    sauSuit: -1,
    sauHolder: null,
    ranAway: false,
    partnerRevealed: false,
    stallgeruch: false,
    kicks: [],
    lastKickSpieler: false,
    lastPlayedAt: new Array<number>(players).fill(-1),
    lastLedAt: new Array<number>(players).fill(-1),
    trickNo: 0,
    turn: forehand,
    trickSeats: [],
    trickCards: [],
    cardsPlayed: 0,
    tricks: zeros(),
    points: zeros(),
    haPlayer: null,
    haWinner: null,
    lastWinningCard: -1,
    lastSeats: [],
    lastCards: [],
    thrownIn: null,
    result: null,
  };
}

function view(s: SaState, audience: Audience): DealView {
  const over = s.phase === 'done';
  const c = s.contract;
  const everything = over && (audience.kind === 'organiser' || audience.kind === 'public');
  const seat = audience.kind === 'seat' ? audience.seat : null;
  const open = (i: number): boolean => everything || i === seat;
  const partnerKnown = over || s.partnerRevealed || (seat !== null && seat === s.partner);
  const declarers: Seat[] = [];
  if (c !== null && c.game !== 'wilde-sauerei')
    for (let i = 0; i < s.n; i++) if (s.party[i] && (i === c.declarer || partnerKnown)) declarers.push(asSeat(i));
  // The open Dreihaxer cards lie face up until the declarer takes them mit Trog.
  const blindVisible = s.open.length > 0 && s.trog !== 1;
  const doublings: { seat: Seat; type: string }[] = s.kicks.map((k) => ({ seat: k.seat, type: 'huftritt' }));
  if (s.stallgeruch && s.partner !== null) doublings.push({ seat: s.partner, type: 'stallgeruch' });
  const result = over ? (s.result ?? (s.result = settle(s))) : null;
  // The Augen laid away mit Trog count for the declarer, but only he knows them until the deal is over.
  let hiddenTrog = 0;
  if (!over && s.trog === 1 && seat !== s.bestSeat) for (const x of s.trogCards) hiddenTrog += POINTS[x] as number;
  return {
    phase: s.phase,
    players: s.n,
    dealer: s.dealer,
    forehand: s.forehand,
    toAct: toAct(s),
    hands: s.hands.map((h, i) => (open(i) ? cardsOf(h) : null)),
    handCounts: s.hands.map((h) => h.length),
    blind: blindVisible ? cardsOf(s.open) : null,
    blindCount: s.trog === 1 ? 0 : s.open.length,
    contract: c !== null ? contractOf(s) : null,
    declarers,
    trick: s.trickSeats.map((seatNo, i) => ({ seat: seatNo, card: CARDS[s.trickCards[i] as number] as Card })),
    lastTrick:
      s.lastCards.length > 0
        ? s.lastSeats.map((seatNo, i) => ({ seat: seatNo, card: CARDS[s.lastCards[i] as number] as Card }))
        : null,
    tricksTaken: s.tricks.slice(),
    cardPoints: s.points.map((p, i) => (i === s.bestSeat ? p - hiddenTrog : p)),
    auction: s.auctionLog.map((a) => ({ seat: a.seat, action: redact(s, a.seat, a.action, audience) })),
    doublings,
    result,
    extra: {
      trickNo: s.trickNo,
      ...(s.best > 0 ? { highestBid: s.best === 121 ? 'schwarz' : s.best, bidder: s.bestSeat } : {}),
      ...(s.trog !== 0 ? { trog: s.trog === 1 ? 'mit' : 'ohne' } : {}),
      ...(s.trog === 1 && (seat === s.bestSeat || everything) ? { laidAway: cardsOf(s.trogCards) } : {}),
      ...(s.thrownIn !== null ? { thrownIn: s.thrownIn } : {}),
      // How a Knorpel is announced (the legal actions list one per card of the opponents' hands, in deck order).
      ...(s.phase === 'announce' && seat === s.bestSeat
        ? { knorpel: 'announce { game: "knorpel", card } naming any card of an opponent’s hand' }
        : {}),
    },
  };
}

/** The cards laid away mit Trog are seen only by the declarer (and by all once the deal is over). */
function redact(s: SaState, actor: Seat, action: Action, audience: Audience): Action {
  if (action.type !== 'trog') return action;
  if (audience.kind === 'seat' && audience.seat === actor) return action;
  if (s.phase === 'done' && (audience.kind === 'organiser' || audience.kind === 'public')) return action;
  return { type: 'trog', cards: [] };
}

function checkLayout(_o: SaukopfOptions, players: number, layout: Layout): string | undefined {
  if (players !== 3 && players !== 4) return 'Saukopf is played by 3 or 4 players';
  if (layout.hands.length !== players) return `hands must hold ${players} hands`;
  const per = players === 4 ? 8 : 10;
  const blind = players === 4 ? 0 : 2;
  if (layout.blind.length !== blind)
    return players === 4 ? 'a Vierer has no open cards' : 'a Dreihaxer lays two cards open (blind)';
  const seen = new Set<string>();
  for (const [i, hand] of [...layout.hands, layout.blind].entries()) {
    if (i < players && hand.length !== per) return `hand ${i} must hold ${per} cards`;
    for (const card of hand) {
      if (!IN_DECK.has(card)) return `${card} is not in the Saukopf deck`;
      if (seen.has(card)) return `${card} is dealt twice`;
      seen.add(card);
    }
  }
  return undefined;
}

export const saukopf: Variant<SaukopfOptions, SaState, Action, SaukopfContractGame> = defineVariant({
  id: 'saukopf',
  bots: saukopfBots,
  words: saukopfWords,
  title: 'Saukopf',
  trickOrder: (_o, c) => {
    // Before a contract (and for a game the variant does not know): the Herz-Keiler order of the auction. A Knorpel
    // not yet naming its card has no trump.
    const known = c !== null && isWord(GAMES, c.game) ? c.game : undefined;
    const order =
      known === undefined
        ? trickOrder('keiler')
        : known === 'knorpel' && c?.card === undefined
          ? trickOrder('schwarte')
          : trickOrder(known, c?.suit ?? 'H', c?.card);
    return c?.spiess === true ? reverseOrder(order) : order;
  },
  vocabulary: saukopfVocabulary,
  tableSeats: { min: 3, max: 4 },
  usualSeats: 4,
  openBlind: true,
  presets: PRESETS,
  defaultPreset: 'saukopf',
  optionsSchema: OPTIONS_SCHEMA,
  resolveOptions: (preset, overrides, tableSeats) => resolveSaukopfOptions(preset, overrides, tableSeats),
  deck: () => DECK,
  deal: (_o, players, dealer, cards) => {
    // Two packets per seat from forehand (4 + 4, or 5 + 5 in a Dreihaxer); the last two cards lie open.
    const { hands, dealt } = dealPackets(cards, players, dealer, players === 4 ? 4 : 5);
    return { hands, blind: cards.slice(dealt) };
  },
  checkLayout,
  start,
  clone: cloneState,
  toAct,
  legalActions,
  check,
  apply,
  applyContract,
  settle,
  view,
  redactAction: redact,
});
