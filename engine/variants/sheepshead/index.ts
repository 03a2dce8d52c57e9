import { CARDS, type Card, displayName, indexOf } from '../../cards/card.js';
import { LONG_RANKS, deckOf, hashString } from '../../cards/deck.js';
import type { Audience, DealContext, DealView, Layout, Seat, SessionRules, Variant } from '../../variant.js';
import { type SheepsheadAction as Action, type SheepsheadContractGame, sheepsheadVocabulary } from './vocabulary.js';
import { OPTIONS_SCHEMA, PRESETS, type SheepsheadOptions, playersInDeal, resolveSheepsheadOptions } from './options.js';
import { EO, GO, TRICK_ORDER, apply, check, illegal, legalActions, startPlay, toAct, toContract } from './rules.js';
import { pointSteps, settle } from './settle.js';
import { type ShState, cloneState } from './state.js';
import { defineVariant, everySeat, seatsAfter } from '../define.js';
import { asSeat, nextSeat } from '../../seat.js';
import { sheepsheadBots } from './bots.js';
import { sheepsheadWords } from './words.js';

export type { SheepsheadOptions } from './options.js';

const name = (c: number): Card => CARDS[c] as Card;
const cardsOf = (xs: readonly number[]): Card[] => xs.map(name);

/** The 32-card Sheepshead deck (the 2–6 of every suit removed). */
const DECK: readonly Card[] = Object.freeze(deckOf(LONG_RANKS));

/**
 * How many cards each player holds, the blind, and the deal in packets (docs/rules/sheepshead.md "Deal"): a positive
 * step deals that many to each player from the dealer's left, a negative one lays that many into the blind. The blind
 * is never the last cards dealt.
 */
interface Shape {
  readonly perHand: number;
  readonly blind: number;
  readonly steps: readonly number[];
}
const SHAPES: Readonly<Record<number, Shape>> = {
  3: { perHand: 10, blind: 2, steps: [3, -2, 4, 3] },
  4: { perHand: 7, blind: 4, steps: [2, -2, 3, -2, 2] },
  5: { perHand: 6, blind: 2, steps: [3, -2, 3] },
  6: { perHand: 5, blind: 2, steps: [2, -2, 3] },
  7: { perHand: 4, blind: 4, steps: [2, -4, 2] },
  8: { perHand: 4, blind: 0, steps: [2, 2] },
};

/**
 * Two-handed layout (seed 002): per player four stacks of two face-down cards under one face-up card, and four cards
 * in hand. `faceDown[i][k]` lies directly under `faceUp[i][k]`, `faceDown[i][k + 4]` under that.
 */
function dealTwo(dealer: Seat, cards: readonly Card[]): Layout {
  const hands: Card[][] = [[], []];
  const faceUp: Card[][] = [[], []];
  const middle: Card[][] = [[], []];
  const bottom: Card[][] = [[], []];
  let k = 0;
  for (const row of [bottom, middle, faceUp, hands])
    for (let i = 0; i < 2; i++) {
      const seat = (dealer + 1 + i) % 2;
      for (let j = 0; j < 4; j++) (row[seat] as Card[]).push(cards[k++] as Card);
    }
  return {
    hands,
    blind: [],
    faceUp,
    faceDown: [0, 1].map((i) => [...(middle[i] as Card[]), ...(bottom[i] as Card[])]),
  };
}

function deal(_o: SheepsheadOptions, players: number, dealer: Seat, cards: readonly Card[]): Layout {
  if (players === 2) return dealTwo(dealer, cards);
  const shape = SHAPES[players];
  if (shape === undefined) throw new RangeError(`Sheepshead is not dealt for ${players} players`);
  const hands: Card[][] = [];
  for (let i = 0; i < players; i++) hands.push([]);
  const blind: Card[] = [];
  let k = 0;
  for (const step of shape.steps) {
    if (step < 0) for (let j = 0; j < -step; j++) blind.push(cards[k++] as Card);
    else
      for (let i = 0, seat = nextSeat(dealer, players); i < players; i++, seat = nextSeat(seat, players))
        for (let j = 0; j < step; j++) (hands[seat] as Card[]).push(cards[k++] as Card);
  }
  return { hands, blind };
}

function checkLayout(o: SheepsheadOptions, players: number, layout: Layout): string | undefined {
  if (layout.die !== undefined) {
    if (!rollsDie(o, players)) return 'only seven-handed Sheepshead with a die-roll partner rolls a die';
    if (!Number.isInteger(layout.die) || layout.die < 1 || layout.die > 6) return 'die must be a whole number 1–6';
  }
  const seen = new Set<string>();
  const take = (cards: readonly Card[], what: string): string | undefined => {
    for (const c of cards) {
      if (!DECK.includes(c)) return `${c} is not in the Sheepshead deck`;
      if (seen.has(c)) return `${c} is dealt twice (${what})`;
      seen.add(c);
    }
    return undefined;
  };
  if (layout.hands.length !== players) return `hands must hold ${players} hands`;
  const two = players === 2;
  const perHand = two ? 4 : (SHAPES[players]?.perHand ?? 0);
  const blind = two ? 0 : (SHAPES[players]?.blind ?? 0);
  for (const [i, hand] of layout.hands.entries()) {
    if (hand.length !== perHand) return `hand ${i} must hold ${perHand} cards`;
    const problem = take(hand, `hand ${i}`);
    if (problem) return problem;
  }
  if (layout.blind.length !== blind) return `the blind must hold ${blind} cards with ${players} players`;
  const problem = take(layout.blind, 'blind');
  if (problem) return problem;
  if (two) {
    const up = layout.faceUp;
    const down = layout.faceDown;
    if (up === undefined || down === undefined || up.length !== 2 || down.length !== 2)
      return 'two-handed: faceUp (4 per player) and faceDown (8 per player) are required';
    for (let i = 0; i < 2; i++) {
      if (up[i]?.length !== 4) return `faceUp[${i}] must hold 4 cards`;
      if (down[i]?.length !== 8) return `faceDown[${i}] must hold 8 cards`;
      const p = take(up[i] as Card[], `faceUp[${i}]`) ?? take(down[i] as Card[], `faceDown[${i}]`);
      if (p) return p;
    }
  } else if (layout.faceUp !== undefined || layout.faceDown !== undefined)
    return 'only the two-handed game has stacks (faceUp/faceDown)';
  return seen.size === 32 ? undefined : 'every card of the deck must be dealt';
}

/**
 * Seven-handed die roll (1–6, counted clockwise from the picker). Randomness enters only as data: the table rolls it
 * from the deal's secret seed with the shuffle (`layout.die`, engine/game/shuffle.ts), so the fairness proof covers it.
 * A record written before the die was part of the deal has no `die`: it gets the roll those records were settled with
 * (FNV-1a over the dealt cards — a poor die, its parity is the same for every deal, hence the seeded roll).
 */
export function dieOf(layout: Layout): number {
  return layout.die ?? 1 + (hashString([...layout.hands.flat(), ...layout.blind].join('')) % 6);
}

/** Seven-handed with a die-roll partner: the deal needs a die. */
function rollsDie(o: SheepsheadOptions, players: number): boolean {
  return players === 7 && o.secondPartner === 'die';
}

/**
 * `n` zeros and `n` falses per table size, filled once at load and never changed (readonly by type), to be copied by
 * slice: an exact-length packed copy. Not frozen (slicing a frozen array takes V8's slow path); filled by push, since
 * new Array(n).fill(…) would be holey.
 */
const filled = <T>(value: T): readonly (readonly T[])[] =>
  Array.from({ length: 9 }, (_, n) => {
    const a: T[] = [];
    for (let i = 0; i < n; i++) a.push(value);
    return a;
  });
const ZEROS = filled(0);
const FALSES = filled(false);

function start(o: SheepsheadOptions, players: number, dealer: Seat, layout: Layout, ctx: DealContext): ShState {
  const dealt: number[][] = [];
  const hands: number[][] = [];
  const buried: number[][] = [];
  for (const h of layout.hands) {
    const d: number[] = [];
    for (const c of h) d.push(indexOf(c));
    dealt.push(d);
    hands.push(d.slice());
    buried.push([]);
  }
  const zeros = (): number[] => (ZEROS[players] as readonly number[]).slice();
  const falses = (): boolean[] => (FALSES[players] as readonly boolean[]).slice();
  const forehand = nextSeat(dealer, players);
  const two = players === 2;
  const s: ShState = {
    o,
    ctx,
    n: players,
    dealer,
    forehand,
    tricksInDeal: two ? 16 : (dealt[0]?.length ?? 0),
    dealt,
    blind: layout.blind.map(indexOf),
    die: players === 7 ? dieOf(layout) : 0,
    hands,
    phase: 'pick',
    pickTurn: forehand,
    pickActed: falses(),
    picker: null,
    forced: false,
    blitzed: zeros(),
    blitzes: 0,
    log: [],
    buryer: null,
    buryCount: 0,
    buried,
    jdFromBlind: false,
    game: null,
    party: falses(),
    partner: null,
    second: null,
    calledCard: -1,
    calledSuit: -1,
    hold: 'none',
    under: -1,
    calledLedTrick: -1,
    partnerRevealed: false,
    blindTrick: -1,
    blindTaker: null,
    crack: null,
    recrack: null,
    trickNo: 0,
    turn: forehand,
    trickSeats: [],
    trickCards: [],
    underPos: -1,
    cardsPlayed: 0,
    tricks: zeros(),
    points: zeros(),
    lastSeats: [],
    lastCards: [],
    stackTop: two ? (layout.faceUp ?? []).map((u) => u.map(indexOf)) : [],
    // Face-down cards per stack, bottom first, so that pop() turns up the one directly under the top card.
    stackDown: two
      ? (layout.faceDown ?? []).map((d) => [0, 1, 2, 3].map((k) => [indexOf(d[k + 4] as Card), indexOf(d[k] as Card)]))
      : [],
    thrownIn: null,
    result: null,
  };
  if (two) startPlay(s, 'two-handed');
  else if (players === 8) {
    // Eight-handed, no blind: the holders of the black queens (Q♣, Q♠) play together against the other six.
    const clubs = asSeat(s.hands.findIndex((h) => h.includes(EO)));
    const spades = asSeat(s.hands.findIndex((h) => h.includes(GO)));
    s.picker = clubs;
    s.party[clubs] = true;
    s.party[spades] = true;
    if (spades !== clubs) {
      s.partner = spades;
      s.calledCard = GO;
    }
    startPlay(s, 'black-queens');
  }
  return s;
}

function view(s: ShState, audience: Audience): DealView {
  const over = s.phase === 'done';
  const everything = over && (audience.kind === 'organiser' || audience.kind === 'public');
  const seat = audience.kind === 'seat' ? audience.seat : null;
  const open = (i: number): boolean => everything || i === seat;
  const partnerKnown = over || s.partnerRevealed;
  // The picker is public; with the black queens (8-handed) the Q♣ holder is known once Q♣ is played.
  const pickerKnown = s.game !== 'black-queens' || over || s.picker === null || !(s.hands[s.picker] ?? []).includes(EO);
  // Holding both black queens he plays alone: playing Q♠ shows him on the queens' side (as it shows a partner), not
  // yet as the Q♣ holder — `extra.picker` waits for Q♣ either way.
  const pickerShown =
    pickerKnown || (s.partner === null && s.picker !== null && !(s.hands[s.picker] ?? []).includes(GO));
  const declarers: Seat[] = [];
  if (s.game !== null && s.game !== 'leaster' && s.game !== 'two-handed')
    for (let i = 0; i < s.n; i++)
      if (
        s.party[i] &&
        ((i === s.picker ? pickerShown : i === s.second || partnerKnown) ||
          (seat !== null && s.party[seat] && i === seat))
      )
        declarers.push(asSeat(i));
  const auction = s.log.map((a) => ({ seat: a.seat, action: redact(s, a.seat, a.action, audience) }));
  const doublings: { seat: Seat; type: string }[] = [];
  s.log.forEach((a) => a.action.type === 'blitz' && doublings.push({ seat: a.seat, type: 'blitz' }));
  if (s.crack !== null) doublings.push({ seat: s.crack, type: 'crack' });
  if (s.recrack !== null) doublings.push({ seat: s.recrack, type: 'recrack' });
  const ownBury = seat !== null ? (s.buried[seat] as number[]) : [];
  return {
    phase: s.phase,
    players: s.n,
    dealer: s.dealer,
    forehand: s.forehand,
    toAct: toAct(s),
    hands: s.hands.map((h, i) => (open(i) ? cardsOf(h) : null)),
    handCounts: s.hands.map((h, i) => h.length + (i === s.picker && s.under >= 0 ? 1 : 0)),
    blind: everything ? cardsOf(s.blind) : null,
    blindCount: s.picker === null && s.phase !== 'done' ? s.blind.length : 0,
    contract: s.game !== null && s.game !== 'two-handed' ? toContract(s) : null,
    declarers,
    trick: s.trickSeats.map((x, i) => ({ seat: x, card: name(s.trickCards[i] as number) })),
    lastTrick:
      s.lastCards.length > 0 ? s.lastSeats.map((x, i) => ({ seat: x, card: name(s.lastCards[i] as number) })) : null,
    tricksTaken: s.tricks.slice(),
    cardPoints: s.points.slice(),
    auction,
    doublings,
    result: over ? settle(s) : null,
    extra: {
      trickNo: s.trickNo,
      bock: s.ctx.bock,
      ...(s.picker !== null && pickerKnown ? { picker: s.picker } : {}),
      ...(s.second !== null ? { secondPartner: s.second } : {}),
      ...(s.n === 7 && s.picker !== null ? { die: s.die } : {}),
      ...(ownBury.length > 0 || (everything && s.buried.some((b) => b.length > 0))
        ? { buried: everything ? s.buried.map(cardsOf) : cardsOf(ownBury) }
        : {}),
      ...(seat !== null && seat === s.picker && s.under >= 0 ? { under: name(s.under) } : {}),
      ...(seat !== null && seat === s.partner && !partnerKnown ? { partner: true } : {}),
      ...(s.n === 2
        ? {
            stacks: s.stackTop.map((tops, i) =>
              tops.map((t, k) => ({
                up: t >= 0 ? name(t) : null,
                down: ((s.stackDown[i] as number[][])[k] as number[]).length,
              })),
            ),
          }
        : {}),
      ...(s.blitzed.some((b) => b > 0)
        ? {
            blitzes: s.blitzed.flatMap((b, i) => [
              ...(b & 1 ? [{ seat: i, queens: 'black' }] : []),
              ...(b & 2 ? [{ seat: i, queens: 'red' }] : []),
            ]),
          }
        : {}),
      ...(s.blindTrick >= 0 ? { blindTrick: s.blindTrick + 1 } : {}),
      // The winner of the dealer's named trick may look at the blind (seed 002).
      ...(seat !== null && seat === s.blindTaker && !everything ? { blind: cardsOf(s.blind) } : {}),
      ...(s.thrownIn !== null ? { thrownIn: s.thrownIn } : {}),
      cards: 'french',
      ...(seat !== null && s.hands[seat]
        ? { display: (s.hands[seat] as number[]).map((c) => displayName(name(c), 'en', 'french')) }
        : {}),
    },
  };
}

/** Buried cards and the unknown's under card are the picker's secret; a blitz is shown as its pair (black/red). */
function redact(s: ShState, actor: Seat, action: Action, audience: Audience): Action {
  const over = s.phase === 'done';
  if (
    (audience.kind === 'seat' && audience.seat === actor) ||
    (over && audience.kind !== 'spectator' && audience.kind !== 'seat')
  )
    return action;
  if (action.type === 'bury') return { type: 'bury', cards: [] };
  if (action.type === 'call' && action.under !== undefined) return { type: 'call', card: action.card };
  if (action.type === 'blitz') return { type: 'blitz', cards: [] };
  return action;
}

function session(o: SheepsheadOptions): SessionRules {
  void o;
  return {
    // A doubler is dealt again by the same dealer…
    repeatDealer: (r) => r.thrownIn === 'doubler',
    // …and the next hand is played at double stakes (seed 002 "Doublers").
    newBockRounds: () => [],
    newBockDeals: (r) => (r.thrownIn === 'doubler' ? [2] : []),
    // Consecutive doublers: the thrown-in doubled hand keeps its slot, so the next two hands are doubled, never ×4.
    bockExtension: (r, underBock) => (underBock && r.thrownIn === 'doubler' ? 1 : 0),
  };
}

export const sheepshead: Variant<SheepsheadOptions, ShState, Action, SheepsheadContractGame> = defineVariant({
  id: 'sheepshead',
  bots: sheepsheadBots,
  words: sheepsheadWords,
  title: 'Sheepshead',
  cardStyle: 'french',
  trickOrder: () => TRICK_ORDER,
  vocabulary: sheepsheadVocabulary,
  tableSeats: { min: 2, max: 8 },
  usualSeats: 5,
  presets: PRESETS,
  defaultPreset: 'standard',
  optionsSchema: OPTIONS_SCHEMA,
  resolveOptions: (preset, overrides, tableSeats) => resolveSheepsheadOptions(preset, overrides, tableSeats),
  // Everyone plays, except at six seats with `sixHanded: "dealer-sits-out"`: the dealer sits out, five play.
  participants: (o, tableSeats, dealer) =>
    playersInDeal(tableSeats, o.sixHanded) < tableSeats ? seatsAfter(dealer, 5, tableSeats) : everySeat(o, tableSeats),
  deck: () => DECK,
  deal,
  rollsDie,
  checkLayout,
  start,
  clone: cloneState,
  toAct,
  legalActions,
  check,
  apply,
  applyContract: () =>
    illegal(
      'record/contract',
      'a Sheepshead deal is recorded as actions (pass/pick, bury, call or alone), not as a contract shorthand',
    ),
  settle,
  pointSteps: (o, _players, played) => pointSteps(o, played),
  view,
  redactAction: redact,
  session,
});
