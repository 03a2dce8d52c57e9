import { CARDS, type Card, type CardIndex, indexOf } from '../../engine/cards/card.js';
import type { Rng } from '../../engine/cards/deck.js';
import { ZERO, toNumber } from '../../engine/money/rational.js';
import { getVariant } from '../../engine/registry.js';
import type { Action, AnyVariant, Layout, Seat } from '../../engine/variant.js';
import { WORK_RATE } from '../../engine/bots/budget.js';
import { contractMargin, decideOther, deckOfObs, heuristicDecide, playCard } from '../../engine/bots/heuristic.js';
import { type Knowledge, knowledgeOf } from '../../engine/bots/knowledge.js';
import { orderOf } from '../../engine/bots/orders.js';
import { hasStacks, sampleStackLayout, sampleStacks, stackSteps, stacksNow } from '../../engine/bots/stacks.js';
import {
  type AuctionFact,
  auctionFacts,
  brokenFacts,
  notHoldingPartnerCard,
} from '../../engine/bots/solver-inference.js';
import { type SampledDeal, cardValue, stepThresholds } from '../../engine/bots/solver-objective.js';
import { Solver, TranspositionTable } from '../../engine/bots/solver.js';
import type { Bot, BotContext, SeatObservation } from '../../engine/bots/types.js';
import { asSeat } from '../../engine/seat.js';

/**
 * Frozen baseline: engine/bots/strong.ts as it was before the double-dummy work (3 tricks of card points ahead with
 * more than 24 cards out, uniform samples over hard facts plus the soft auction filter). Kept unchanged so that duels
 * and the double-dummy benchmark (bench/bots-dd.ts) can compare the current `strong` with it: level `strong-v2`.
 *
 * `strong`: Perfect Information Monte Carlo for the card play. Deal the cards this seat cannot see at random but
 * consistently with what it has seen (its hand, every card played, voids shown by play, the called Sau not in the
 * declarer's hand), solve every sample with the open-hand solver (engine/bots/solver.ts) and play the card that does
 * best on average. Auction choices (bids, pass, pick, knock, announcements) are evaluated on sampled deals played out
 * by heuristic bots ({@link chooseByRollouts}); the rest (bury, call, doublings during play) are the heuristic's.
 */

/** Tuning, as data. */
export const STRONG = {
  maxSamples: 2_000,
  /** Draws per sample while looking for one consistent with the auction (solver-inference.ts `auctionFacts`). */
  auctionDraws: 8,
  /** Solve to the end when at most this many cards are left in all hands; else look `lookahead` tricks ahead. */
  fullSolveCards: 24,
  lookahead: 3,
  /** Two-player stacks (no transposition table there): solve to the end from this many cards, else look ahead. */
  twoFullSolveCards: 14,
  twoLookahead: 3,
  /**
   * Two-player auction choices: the sampled deal's last this many cards are solved open (stacks.ts `stackSteps`),
   * the cards before are played by the heuristic (16 of 32: ~4,000 nodes a solve; 20 cards take ~90,000).
   */
  twoAuctionSolveCards: 16,
  /**
   * A budget rollout (a Schafkopf deal, budget.ts) is worth this many heuristic card decisions of a two-player
   * rollout plus the solves after them (measured: 4 candidates on one sample ~2.8 ms of a 12 ms budget rollout).
   */
  twoRolloutCards: 32,
  /** Table size (bits) for those solves: stacks search without it until every face-down card is up. */
  twoAuctionTableBits: 16,
  /** Every solve may search at least this many nodes (the decision's node budget may be overdrawn by one solve). */
  minNodes: 5_000,
  /** Auction choices: at most this many candidates, played out on up to `maxRollouts` sampled deals each. */
  rolloutCandidates: 4,
  maxRollouts: 64,
  /** Fewer sampled deals than this and the heuristic's choice stands. */
  minRollouts: 8,
} as const;

export interface Sample {
  /** Every seat's hand (this seat's and open hands as they are). */
  readonly hands: CardIndex[][];
  /** Unseen cards in nobody's hand (a blind, buried cards). */
  readonly rest: CardIndex[];
}

/**
 * A random deal of the unseen cards consistent with the seat's knowledge; undefined when none was found.
 * The draw uses only `obs` and `rng`: the same view and seed give the same sample, whatever the hidden truth.
 * With auction facts (solver-inference.ts `auctionFacts`) up to `STRONG.auctionDraws` deals are drawn and the first
 * that breaks none is taken, else the one that breaks fewest: a rejection that never fails for want of a fitting
 * deal (the auction's facts are soft; the cards' are hard).
 */
export function sampleHidden(
  obs: SeatObservation,
  k: Knowledge,
  deck: readonly CardIndex[],
  rng: Rng,
  facts: readonly AuctionFact[] = [],
): Sample | undefined {
  let best: Sample | undefined;
  let fewest = Infinity;
  const draws = facts.length === 0 ? 1 : STRONG.auctionDraws;
  for (let i = 0; i < draws; i++) {
    const sample = drawHidden(obs, k, deck, rng);
    if (sample === undefined) return best;
    if (facts.length === 0) return sample;
    const broken = brokenFacts(facts, k, sample.hands);
    if (broken < fewest) {
      best = sample;
      fewest = broken;
      if (broken === 0) break;
    }
  }
  return best;
}

/** One draw of the unseen cards consistent with the cards seen (voids, the called card, open hands). */
function drawHidden(obs: SeatObservation, k: Knowledge, deck: readonly CardIndex[], rng: Rng): Sample | undefined {
  const { view } = obs;
  const n = view.players;
  const hands: CardIndex[][] = view.hands.map((h) => (h === null ? [] : h.map(indexOf)));
  const known = new Set<CardIndex>(k.played);
  for (const h of hands) for (const c of h) known.add(c);
  const buried = view.extra?.['buried'];
  if (Array.isArray(buried) && buried.every((c) => typeof c === 'string'))
    for (const c of buried as Card[]) known.add(indexOf(c));
  const pool = deck.filter((c) => !known.has(c));
  const capacity: number[] = view.hands.map((h, s) => (h === null ? (view.handCounts[s] as number) : 0));
  const slots = capacity.reduce((a, b) => a + b, 0);
  if (slots > pool.length) return undefined;
  // Cards that are nobody's hand (a blind, buried cards, a Trog) take the rest.
  const elsewhere = pool.length - slots;
  const declarer = k.contract?.declarer;
  const notPartner = notHoldingPartnerCard(obs.variant, k);
  const banned = (c: CardIndex, s: number): boolean =>
    ((k.voids[s] as number) & (1 << (k.order.effSuit[c] as number))) !== 0 ||
    (c === k.partnerCard && ((s === declarer && obs.variant !== 'sheepshead') || ((notPartner >> s) & 1) === 1));
  for (let attempt = 0; attempt < 12; attempt++) {
    const relax = attempt >= 8;
    const cap = capacity.slice();
    let rest = elsewhere;
    const out = hands.map((h) => h.slice());
    const cards = rng.shuffle(pool);
    const away: CardIndex[] = [];
    // Most constrained first: cards with fewer possible holders are placed before the free ones.
    const holders = (c: CardIndex): number => {
      let m = 0;
      for (let s = 0; s < n; s++) if ((cap[s] as number) > 0 && (relax || !banned(c, s))) m++;
      return m;
    };
    cards.sort((a, b) => holders(a) - holders(b));
    let ok = true;
    for (const c of cards) {
      let total = rest;
      for (let s = 0; s < n; s++) if ((cap[s] as number) > 0 && (relax || !banned(c, s))) total += cap[s] as number;
      if (total === 0) {
        ok = false;
        break;
      }
      let pick = rng.int(total);
      if (pick < rest) {
        rest--;
        away.push(c);
        continue;
      }
      pick -= rest;
      for (let s = 0; s < n; s++) {
        const room = cap[s] as number;
        if (room === 0 || (!relax && banned(c, s))) continue;
        if (pick < room) {
          (out[s] as CardIndex[]).push(c);
          cap[s] = room - 1;
          break;
        }
        pick -= room;
      }
    }
    if (ok) return { hands: out, rest: away };
  }
  return undefined;
}

/** The masks of the sample's parties: who the value counts, who maximizes it. */
function parties(
  k: Knowledge,
  hands: readonly (readonly CardIndex[])[],
  holderOfPlayed: Seat | undefined,
): { valueMask: number; maxMask: number; unit: 'points' | 'trick' } {
  const n = hands.length;
  const all = (1 << n) - 1;
  let party = 0;
  for (const d of k.declarers) party |= 1 << d;
  if (k.contract?.declarer !== undefined) party |= 1 << k.contract.declarer;
  if (k.partnerCard !== undefined) {
    const holder = holderOfPlayed ?? hands.findIndex((h) => h.includes(k.partnerCard as CardIndex));
    if (holder >= 0) party |= 1 << holder;
  }
  switch (k.goal) {
    case 'each-low':
      return { valueMask: 1 << k.seat, maxMask: all & ~(1 << k.seat), unit: 'points' };
    case 'no-trick':
      return { valueMask: party, maxMask: all & ~party, unit: 'trick' };
    case 'all-tricks':
      return { valueMask: party, maxMask: party, unit: 'trick' };
    case 'points':
      return party === 0
        ? { valueMask: 1 << k.seat, maxMask: 1 << k.seat, unit: 'points' }
        : { valueMask: party, maxMask: party, unit: 'points' };
    default: {
      const never: never = k.goal;
      throw new Error(`unknown goal ${String(never)}`);
    }
  }
}

export function strongDecide(obs: SeatObservation, legal: readonly Action[], ctx: BotContext): Action {
  const plays = legal.filter((a): a is Extract<Action, { type: 'play' }> => a.type === 'play');
  if (plays.length === 0) return chooseByRollouts(obs, legal, ctx) ?? heuristicDecide(obs, legal, ctx);
  const two = obs.view.players === 2;
  if (two && !hasStacks(obs)) return heuristicDecide(obs, legal, ctx);
  const k = knowledgeOf(obs);
  const other = decideOther(obs, legal, k);
  if (other !== undefined) return other;
  const cards = plays.map((a) => indexOf(a.card));
  if (cards.length === 1) return plays[0] as Action;
  if (!two && cards.some((c) => !k.hand.includes(c))) return heuristicDecide(obs, legal, ctx);
  const deck = deckOfObs(obs);
  const fallback = playCard(k, cards, deck);
  const trick = obs.view.trick.map((t) => indexOf(t.card));
  const leader = obs.view.trick[0]?.seat ?? obs.seat;
  const inHands = obs.view.handCounts.reduce((a, b) => a + b, 0);
  let maxTricks = inHands <= STRONG.fullSolveCards ? Infinity : STRONG.lookahead;
  let holderOfPlayed: Seat | undefined;
  if (k.partnerCard !== undefined)
    for (const t of k.tricks) for (const p of t) if (p.card === k.partnerCard) holderOfPlayed = p.seat;
  const totals = new Float64Array(cards.length);
  let samples = 0;
  let maximizing = true;
  // The work budget, not a clock, ends the sampling: the same observation, seed and budget decide the same.
  let nodesLeft = ctx.budget.nodes;
  const maxSamples = Math.min(STRONG.maxSamples, ctx.budget.samples);
  // One table for the decision's samples (each solver has its own generation in it): 15 MB, ~2 ms to allocate.
  const table = new TranspositionTable();
  const facts = two ? [] : auctionFacts(obs, k, deck);
  const buried = obs.view.extra?.['buried'];
  const ownBuried =
    Array.isArray(buried) && buried.every((c) => typeof c === 'string') ? (buried as Card[]).map(indexOf) : [];
  for (let i = 0; i < maxSamples; i++) {
    if (i > 0 && nodesLeft <= 0) break;
    // Two players: the stacks dealt open (the solver uncovers a card when the one on it is played).
    const sample: { hands: CardIndex[][]; under?: [CardIndex, CardIndex][] } | undefined = two
      ? sampleStacks(obs, k, deck, ctx.rng)
      : sampleHidden(obs, k, deck, ctx.rng, facts);
    if (sample === undefined) break;
    if (two && sample.under !== undefined) {
      // Without a table the stacks are solved to the end only late in the deal.
      const left = sample.hands.reduce((a, h) => a + h.length, 0) + sample.under.length;
      maxTricks = left <= STRONG.twoFullSolveCards ? Infinity : STRONG.twoLookahead;
    }
    const p = parties(k, sample.hands, holderOfPlayed);
    maximizing = ((p.maxMask >> obs.seat) & 1) === 1;
    const solver = new Solver({
      order: k.order,
      hands: sample.hands,
      trick,
      leader,
      ...p,
      maxTricks,
      nodeLimit: Math.max(STRONG.minNodes, nodesLeft),
      table,
      ...(sample.under !== undefined ? { under: sample.under } : {}),
    });
    const thresholds = stepThresholds(
      obs.variant,
      obs.options,
      k,
      p,
      maxTricks === Infinity,
      sample as SampledDeal,
      ownBuried,
    );
    const values: number[] = [];
    for (const c of cards) {
      const v = cardValue(solver, c, thresholds);
      if (v === undefined) break;
      values.push(v);
    }
    nodesLeft -= solver.nodes;
    if (values.length < cards.length) break;
    values.forEach((v, j) => (totals[j] = (totals[j] as number) + v));
    samples++;
  }
  if (samples === 0) return plays[cards.indexOf(fallback)] as Action;
  // Best mean; the heuristic's card breaks ties.
  let best = cards.indexOf(fallback);
  for (let j = 0; j < cards.length; j++) {
    const v = totals[j] as number;
    const b = totals[best] as number;
    if (maximizing ? v > b + 1e-9 : v < b - 1e-9) best = j;
  }
  return plays[best] as Action;
}

/**
 * Rollouts a millisecond in budget.ts when this was frozen (docs/bots.md "Strong's auction: the rollouts its budget
 * buys"): the baseline keeps its old rollout count (9 at 200 ms, give or take one by rounding) whatever the rate now.
 */
const FROZEN_ROLLOUTS_PER_MS = 0.08;

export const strongV2Bot: Bot = {
  level: 'strong-v2',
  decide: (obs, legal, ctx) =>
    strongDecide(obs, legal, {
      ...ctx,
      budget: {
        ...ctx.budget,
        rollouts: Math.floor((ctx.budget.rollouts * FROZEN_ROLLOUTS_PER_MS) / WORK_RATE.rolloutsPerMs),
      },
    }),
};

/** Actions that move no cards: a history of only these can be replayed on a sampled deal. */
const REPLAYABLE = new Set<Action['type']>(['pass', 'bid', 'knock', 'kontra', 're', 'announce', 'choose']);

/**
 * Contracts and other auction choices by sampled deals: each candidate (the heuristic's choice, pass, the best few
 * contracts by hand strength) is applied on the same sampled deals, the deal is played out by heuristic bots on the
 * engine itself, and the candidate with the best mean payout for this seat is taken. In the two-player stack layouts
 * (Mehrkopf's Offiziersschafkopf) the sample deals the face-down cards (stacks.ts `sampleStackLayout`), the heuristic
 * plays the first tricks and the open stack solver the last `STRONG.twoAuctionSolveCards` cards ({@link
 * playOutStacks}). Undefined when the history cannot be replayed (cards changed hands) or nothing is to choose.
 */
export function chooseByRollouts(obs: SeatObservation, legal: readonly Action[], ctx: BotContext): Action | undefined {
  const variant = getVariant(obs.variant);
  if (variant === undefined) return undefined;
  const two = obs.view.players === 2;
  if (two && !hasStacks(obs)) return undefined;
  if (!obs.history.every((h) => REPLAYABLE.has(h.action.type))) return undefined;
  const k = knowledgeOf(obs);
  const deck = deckOfObs(obs);
  const own = heuristicDecide(obs, legal, ctx);
  const candidates: Action[] = [own];
  const add = (a: Action | undefined): void => {
    if (a !== undefined && !candidates.includes(a) && candidates.length < STRONG.rolloutCandidates) candidates.push(a);
  };
  add(legal.find((a) => a.type === 'pass'));
  const ranked = legal
    .filter((a) => a.type === 'bid' || a.type === 'announce')
    .map((a) => ({ a, m: contractStrength(obs, a, k.hand, deck) }))
    .sort((x, y) => y.m - x.m);
  for (const { a } of ranked) add(a);
  add(legal.find((a) => a.type === 'pick'));
  if (candidates.length < 2) return undefined;
  const totals = new Float64Array(candidates.length);
  let samples = 0;
  const bock = typeof obs.view.extra?.['bock'] === 'number' ? (obs.view.extra['bock'] as number) : 1;
  // As many sampled deals as the work budget allows (engine/bots/budget.ts), at most maxRollouts.
  // The budget's rollouts are Schafkopf-sized deals (8 cards a hand, budget.ts); shorter deals play out faster, and
  // the stacks' heuristic part is the cards before the solver takes over.
  const perHand = Math.max(1, k.hand.length);
  const rollouts = two
    ? Math.min(
        STRONG.maxRollouts,
        Math.floor(
          (ctx.budget.rollouts * STRONG.twoRolloutCards) / Math.max(8, deck.length - STRONG.twoAuctionSolveCards),
        ),
      )
    : Math.min(STRONG.maxRollouts, Math.floor((ctx.budget.rollouts * Math.max(8, perHand)) / perHand));
  if (rollouts < STRONG.minRollouts) return undefined;
  const facts = two ? [] : auctionFacts(obs, k, deck);
  // Stacks: the solver's node budget for the whole choice, one small table for its solves (stacks search without it
  // until the last face-down card is up).
  const work = { nodes: ctx.budget.nodes, table: two ? new TranspositionTable(STRONG.twoAuctionTableBits) : undefined };
  for (let i = 0; i < rollouts; i++) {
    if (two && work.nodes <= 0) break;
    let layout: Layout | undefined;
    if (two) layout = sampleStackLayout(obs, k, deck, ctx.rng);
    else {
      const sample = sampleHidden(obs, k, deck, ctx.rng, facts);
      if (sample !== undefined)
        layout = {
          hands: sample.hands.map((h) => h.map((c) => CARDS[c] as Card)),
          blind: sample.rest.map((c) => CARDS[c] as Card),
        };
    }
    if (layout === undefined) return undefined;
    if (variant.checkLayout(obs.options, obs.view.players, layout) !== undefined) return undefined;
    const base = variant.start(obs.options, obs.view.players, obs.view.dealer, layout, { bock, pot: ZERO });
    const histories: { seat: Seat; action: Action }[][] = Array.from({ length: obs.view.players }, () => []);
    for (const h of obs.history) {
      if (variant.check(base, h.seat, h.action) !== undefined) return undefined;
      record(variant, base, histories, h.seat, h.action);
      variant.apply(base, h.seat, h.action, true);
    }
    const values: number[] = [];
    for (const a of candidates) {
      const state = variant.clone(base);
      const hist = histories.map((h) => h.slice());
      if (variant.check(state, obs.seat, a) !== undefined) return undefined;
      record(variant, state, hist, obs.seat, a);
      variant.apply(state, obs.seat, a, true);
      const v = two
        ? playOutStacks(variant, obs, state, hist, ctx, layout, work)
        : playOut(variant, obs, state, hist, ctx);
      if (v === undefined) break;
      values.push(v);
    }
    // The solver's nodes ran out: the sample counts only when every candidate was valued on it.
    if (values.length < candidates.length) break;
    values.forEach((v, j) => (totals[j] = (totals[j] as number) + v));
    samples++;
  }
  if (samples < STRONG.minRollouts) return own;
  let best = 0;
  for (let j = 1; j < candidates.length; j++) if ((totals[j] as number) > (totals[best] as number)) best = j;
  return candidates[best];
}

function contractStrength(
  obs: SeatObservation,
  a: Action,
  hand: readonly CardIndex[],
  deck: readonly CardIndex[],
): number {
  if (a.type !== 'bid' && a.type !== 'announce') return -Infinity;
  if (a.game === undefined) return -Infinity;
  const c = {
    game: a.game,
    ...(a.suit !== undefined ? { suit: a.suit } : {}),
    ...(a.card !== undefined ? { card: a.card } : {}),
    ...(a.tout === true ? { tout: true } : {}),
  };
  return contractMargin(obs.variant, obs.options, c, hand, deck).margin;
}

function record(
  variant: AnyVariant,
  state: unknown,
  histories: { seat: Seat; action: Action }[][],
  seat: Seat,
  action: Action,
): void {
  histories.forEach((h, s) =>
    h.push({ seat, action: variant.redactAction(state, seat, action, { kind: 'seat', seat: asSeat(s) }) }),
  );
}

/** One heuristic decision for `seat` in a playout: decided from the seat's view and history, recorded, applied. */
function heuristicStep(
  variant: AnyVariant,
  obs: SeatObservation,
  state: unknown,
  histories: { seat: Seat; action: Action }[][],
  ctx: BotContext,
  seat: Seat,
  legal: readonly Action[],
  view: ReturnType<AnyVariant['view']>,
): void {
  const a = heuristicDecide(
    {
      variant: obs.variant,
      options: obs.options,
      seat,
      view,
      history: histories[seat] as { seat: Seat; action: Action }[],
    },
    legal,
    ctx,
  );
  record(variant, state, histories, seat, a);
  variant.apply(state, seat, a, true);
}

/** This seat's payout of a playout (0 when the guard stopped it before the end). */
function payoutOf(variant: AnyVariant, obs: SeatObservation, state: unknown): number {
  if (!variant.isOver(state)) return 0;
  return toNumber(variant.result(state).payout[obs.seat] ?? ZERO);
}

/** Heuristic bots play the deal to the end; this seat's payout. */
function playOut(
  variant: AnyVariant,
  obs: SeatObservation,
  state: unknown,
  histories: { seat: Seat; action: Action }[][],
  ctx: BotContext,
): number {
  for (let guard = 0; guard < 2_000; guard++) {
    const seat = variant.toAct(state)[0];
    if (seat === undefined) break;
    const legal = variant.legalActions(state, seat);
    const view = variant.view(state, { kind: 'seat', seat });
    heuristicStep(variant, obs, state, histories, ctx, seat, legal, view);
  }
  return payoutOf(variant, obs, state);
}

/**
 * Two-player stacks: heuristic bots play until at most `STRONG.twoAuctionSolveCards` cards are left at a trick start,
 * then the open stack solver (solver.ts with `under`) settles the rest on the sample's face-down cards: this seat's
 * payout at the payout step best play reaches (stacks.ts `stackSteps`). A deal the steps do not describe is played out
 * to the end. Undefined when the solver's node budget (`work.nodes`, spent across the choice) runs out.
 */
function playOutStacks(
  variant: AnyVariant,
  obs: SeatObservation,
  state: unknown,
  histories: { seat: Seat; action: Action }[][],
  ctx: BotContext,
  layout: Layout,
  work: { nodes: number; readonly table: TranspositionTable | undefined },
): number | undefined {
  // The sampled deal as dealt (fixed for the playout), and whether its contract has steps the solver can settle.
  const dealt = (layout.faceUp ?? []).map((up, s) => [...up, ...(layout.faceDown?.[s] ?? [])].map(indexOf));
  let described = true;
  for (let guard = 0; guard < 2_000; guard++) {
    const seat = variant.toAct(state)[0];
    if (seat === undefined) break;
    const legal = variant.legalActions(state, seat);
    const view = variant.view(state, { kind: 'seat', seat });
    const faceUp = view.extra?.['faceUp'];
    const downs = view.extra?.['faceDownCounts'];
    if (
      described &&
      view.trick.length === 0 &&
      view.contract !== null &&
      legal.some((a) => a.type === 'play') &&
      Array.isArray(faceUp) &&
      Array.isArray(downs)
    ) {
      const left = view.handCounts.reduce((a, b) => a + b, 0) + (downs as number[]).reduce((a, b) => a + b, 0);
      const steps =
        left <= STRONG.twoAuctionSolveCards
          ? stackSteps(obs.variant, obs.options, view.contract, dealt, obs.seat)
          : undefined;
      if (left <= STRONG.twoAuctionSolveCards && steps === undefined) described = false;
      if (steps !== undefined) {
        const declarer = view.contract.declarer as Seat;
        const open = stacksNow(layout, faceUp as (Card | null)[][]);
        const solver = new Solver({
          order: orderOf(obs.variant, view.contract, obs.options),
          hands: open.hands,
          trick: [],
          leader: seat,
          valueMask: 1 << declarer,
          maxMask: 1 << declarer,
          unit: 'points',
          nodeLimit: Math.max(STRONG.minNodes, work.nodes),
          ...(work.table !== undefined ? { table: work.table } : {}),
          ...(open.under.length > 0 ? { under: open.under } : {}),
        });
        const taken = view.cardPoints[declarer] ?? 0;
        const level = solver.level(steps.thresholds.map((t) => t - taken));
        work.nodes -= solver.nodes;
        return level === undefined ? undefined : (steps.payout[level] as number);
      }
    }
    heuristicStep(variant, obs, state, histories, ctx, seat, legal, view);
  }
  return payoutOf(variant, obs, state);
}
