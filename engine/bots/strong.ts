import { CARDS, type Card, type CardIndex, POINTS, indexOf } from '../cards/card.js';
import type { Rng } from '../cards/deck.js';
import { ZERO, toNumber } from '../money/rational.js';
import { getVariant } from '../registry.js';
import type { Action, AnyVariant, Layout, Seat } from '../variant.js';
import { budgetForMs } from './budget.js';
import { contractMargin, decideOther, deckOfObs, heuristicDecide, playCard } from './heuristic.js';
import { type Knowledge, knowledgeOf } from './knowledge.js';
import { orderOf } from './orders.js';
import { hasStacks, sampleStackLayout, sampleStacks, stackSteps, stacksNow } from './stacks.js';
import { type AuctionFact, auctionFacts, auctionHand, brokenFacts, notHoldingPartnerCard } from './solver-inference.js';
import { type SampledDeal, cardValue, stepAndPoints, stepThresholds } from './solver-objective.js';
import { playMisses, playWeight } from './solver-likelihood.js';
import { Solver, TranspositionTable } from './solver.js';
import type { Bot, BotContext, SeatObservation } from './types.js';
import { asSeat } from '../seat.js';

/**
 * `strong`: Perfect Information Monte Carlo for the card play. Deal the cards this seat cannot see at random but
 * consistently with what it has seen (its hand, every card played, voids shown by play, the called Sau not in the
 * declarer's hand), solve every sample with the open-hand solver (engine/bots/solver.ts) and play the card that does
 * best on average. Auction choices (bids, pass, pick, announcements) are evaluated on sampled deals played out
 * by heuristic bots, the last tricks by the open-hand solver ({@link chooseByRollouts}); the rest (Klopfen, bury,
 * call, doublings during play) are the heuristic's.
 */

/** Tuning, as data. */
export const STRONG = {
  maxSamples: 2_000,
  /**
   * Draws per sample while looking for one consistent with the auction (solver-inference.ts `auctionFacts`); 32
   * instead of 8 lost slightly fewer card points in Schafkopf 4 on two seeds, the same in Sheepshead 5 (docs/bots.md
   * "The under card, equivalent cards, …").
   */
  auctionDraws: 32,
  /** Solve to the end when at most this many cards are left in all hands; else look `lookahead` tricks ahead. */
  fullSolveCards: 24,
  lookahead: 3,
  /**
   * Point games with a declaring party, more than this many cards in the hands: search `leafTricks` tricks exactly
   * and play the rest out greedily (solver.ts `leaf: 'greedy'`), valued by the payout step of the estimate, instead
   * of solving to the end (which early in a deal buys about 2 samples of a 200 ms budget). 99: off.
   */
  leafCards: 99 as number,
  leafTricks: 2 as number,
  /** 1: value those early cards by the estimate's card points instead of its payout step (a bench experiment). */
  leafPoints: 0 as number,
  /**
   * Adaptive: when the first sample's full solve (more than `fullSolveCards` cards in the hands) costs more than
   * 1/leafBelow of the node budget, the decision's samples are solved with the greedy leaf instead (the first
   * sample's values dropped). 0: off.
   */
  leafBelow: 0 as number,
  /**
   * Each sample is drawn like the auction's (up to `auctionDraws` draws), keeping the draw that breaks fewest auction
   * facts plus other seats' plays the heuristic policy would not have made (solver-likelihood.ts `playMisses`):
   * rejection as well as weighting, for decisions that get few samples. 1: early decisions (more than
   * `fullSolveCards` cards in the hands), 2: every decision, 0: off.
   */
  playDraws: 0 as number,
  /** The work budget's nodes one of those policy decisions costs (about its CPU time at `nodesPerMs`). */
  drawNodes: 100 as number,
  /**
   * Point games valued by payout steps, at most `pointsCards` cards in the hands: a card's value is its step's worth
   * plus `pointsWeight` times the card points best play takes (solver-objective.ts `cardValue`). 0: steps only.
   */
  pointsWeight: 0 as number,
  pointsCards: 99 as number,
  /**
   * 1: point games with a declaring party play the card that is best in exact card points on the largest weight of
   * sampled deals (the mean breaking ties; no lead margin, no halving) instead of the best mean payout step — what
   * the double-dummy benchmark rewards (bench/dd-votes.ts; docs/bots.md "How low the double-dummy share can go").
   * With a `pointsWeight` the vote goes to the cards best in payout step first, card points telling equal steps
   * apart. 0: off.
   */
  votes: 0 as number,
  /** Voting only with at most this many cards in the hands, and (0) not for leads. */
  votesCards: 99 as number,
  votesLeads: 1 as number,
  /**
   * 1: the same votes (exact card points, the cards best on the largest weight of samples), but only among the cards
   * of the best mean payout step: the step decides, the votes break its ties (where the heuristic's card did). Within
   * `votesCards` and `votesLeads`; `votes` off. 0: off.
   */
  votesTies: 0 as number,
  /** Two-player stacks (no transposition table there): solve to the end from this many cards, else look ahead. */
  twoFullSolveCards: 14,
  /** After this many samples only the best `keepCards` cards (and the heuristic's) are solved further. */
  pruneAfter: 4,
  keepCards: 3,
  /** An early lead other than the heuristic's must be better on average by this much (payout steps, or points). */
  leadMargin: 0.25,
  /**
   * Cards of the seat's hand that no card still out separates (same suit, same points) are solved once (1: on; 0 for
   * a paired measurement, bench/bots-dd.ts `strong:dedupe=0`).
   */
  dedupe: 1 as number,
  twoLookahead: 3,
  /**
   * Two-player auction choices: the sampled deal's last this many cards are solved open (stacks.ts `stackSteps`),
   * the cards before are played by the heuristic (16 of 32: ~4,000 nodes a solve; 20 cards take ~90,000).
   */
  twoAuctionSolveCards: 16,
  /**
   * A budget rollout (a Schafkopf deal, budget.ts) is worth this many heuristic card decisions of a two-player
   * rollout plus the solves after them (measured: 4 candidates on one sample ~2.8 ms). 12.8 = 32 × 0.08 / 0.2 keeps
   * the samples these choices had before budget.ts's rollout rate went from 0.08 to 0.2 a millisecond (their solves
   * are capped by the node budget as well).
   */
  twoRolloutCards: 12.8,
  /**
   * Table size (bits) for an auction choice's solves: the stacks' last cards (stacks search without it until every
   * face-down card is up) and the rollouts' last tricks (`auctionSolveCards`).
   */
  auctionTableBits: 16,
  /** Every solve may search at least this many nodes (the decision's node budget may be overdrawn by one solve). */
  minNodes: 5_000,
  /** Auction choices: at most this many candidates, played out on up to `maxRollouts` sampled deals each. */
  rolloutCandidates: 4,
  maxRollouts: 64,
  /** Fewer sampled deals than this and the heuristic's choice stands. */
  minRollouts: 8,
  /**
   * Auction choices get the work of this many milliseconds (budget.ts `budgetForMs`) whatever the decision's budget;
   * 0: the decision's own budget. Below 50–70 ms (by the hand's size) that budget buys fewer than `minRollouts`
   * rollouts, so the heuristic decides the auction: with this a bench duel can give strong's card play a short budget and its auction
   * a long one, and measure the auction alone.
   */
  auctionMs: 0 as number,
  /**
   * 1: every auction choice that moves no cards is valued by rollouts, up to `rolloutCandidates` options in the
   * order the rules list them — also those without a pass, a bid or a pick among them (Schafkopf's Klopfen, whose
   * options are knock and no-knock; Mehrkopf's redeal or Ramsch). 0: those are the heuristic's.
   */
  rolloutChoices: 0 as number,
  /**
   * Auction rollouts (not the two-player stacks): once at most this many cards are left in the hands, every card is
   * played as the open-hand solver would (exact card points of the declaring party, each seat for its own side),
   * instead of by the heuristic — closer to how strong itself plays the late tricks. 16 (Schafkopf's last four
   * tricks) beat the heuristic's play-out in Sheepshead 5 and 7 and Mehrkopf 4 at the same rollouts, for about twice
   * the CPU of a rollout (docs/bots.md "The rollouts' last tricks played by the solver"). 0: the heuristic plays
   * every card.
   */
  auctionSolveCards: 16 as number,
  /** Node limit of each of those solves; past it the heuristic plays the rest of the deal. */
  auctionSolveNodes: 200_000 as number,
  /**
   * 1: Kontra and Re (Sheepshead's crack and re-crack) offered beside the seat's cards are decided by rollouts like
   * an auction choice ({@link chooseDoubling}): the doubling against the heuristic's card, on the same sampled deals
   * (the cards already played given back to their seats), the better mean payout taken. 0: the heuristic's.
   */
  doublingRollouts: 0 as number,
  /**
   * 1: a rollout's sampled deal on which the history does not replay (a rule the samples do not know) is drawn again;
   * 0: the choice falls back to the heuristic (as before; for a paired bench run).
   */
  redraw: 1 as number,
  /**
   * When no draw fits every auction fact, at most this many card swaps walk the best draw towards one that does
   * ({@link repairFacts}); 0: the best draw as it is.
   */
  repairSteps: 0 as number,
  /**
   * 1: a sampled deal must replay the seat's history under the rules ({@link replayCheck}); drawn again (up to
   * `auctionDraws` draws) when it does not. 0: the cards' and the auction's facts alone.
   */
  replayDraws: 0 as number,
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
  plays?: { evals: number },
): Sample | undefined {
  let best: Sample | undefined;
  let fewest = Infinity;
  const rules = STRONG.replayDraws === 1 ? replayCheck(obs, k) : undefined;
  const draws = facts.length === 0 && plays === undefined && rules === undefined ? 1 : STRONG.auctionDraws;
  for (let i = 0; i < draws; i++) {
    const sample = drawHidden(obs, k, deck, rng);
    if (sample === undefined) return best;
    if (draws === 1) return sample;
    const told = brokenFacts(facts, k, sample.hands);
    // A draw that cannot beat the best so far is not weighed further.
    let broken = told + (plays === undefined ? 0 : playMisses(k, sample.hands, deck, fewest - told, plays));
    // A deal on which the rules refuse an action of the history is no possible deal: worse than any other.
    if (broken < fewest && rules !== undefined && !rules(sample)) broken += REFUSED;
    if (broken < fewest) {
      best = sample;
      fewest = broken;
      if (broken === 0) break;
    }
  }
  if (best !== undefined && fewest > 0 && plays === undefined && STRONG.repairSteps > 0)
    return repairFacts(obs, k, best, facts, fewest, rng).sample;
  return best;
}

/** What a sampled deal on which the history does not replay counts as, in broken facts. */
const REFUSED = 1_000;

/**
 * Whether the rules accept the seat's history on a sampled deal (the cards played given back to their seats): the
 * facts the rules imply beyond voids and the called card — the caller holds the called suit, a seat that gave Kontra
 * is no partner, the called Sau's holder leads it on the first lead of its suit unless he runs away. Undefined where
 * the history cannot be replayed on a deal of the seat's picture (cards changed hands: a bury; the two-player
 * stacks; Schafkopf's knock phase, before the second packets).
 */
function replayCheck(obs: SeatObservation, k: Knowledge): ((sample: Sample) => boolean) | undefined {
  const variant = getVariant(obs.variant);
  if (variant === undefined || obs.view.players === 2 || obs.view.phase === 'knock') return undefined;
  if (!obs.history.every((h) => REPLAYABLE.has(h.action.type) || h.action.type === 'play')) return undefined;
  if (!obs.history.some((h) => h.action.type !== 'pass')) return undefined;
  const bock = bockOf(obs);
  return (sample) => {
    const layout = layoutOf(dealtHands(k, sample.hands), sample.rest);
    const state = variant.start(obs.options, obs.view.players, obs.view.dealer, layout, { bock, pot: ZERO });
    return replay(variant, state, obs.history);
  };
}

/** Whether seat `s` cannot hold card `c` by what the cards showed: a void, the called card's rules. */
function bansOf(obs: SeatObservation, k: Knowledge): (c: CardIndex, s: number) => boolean {
  const declarer = k.contract?.declarer;
  const notPartner = notHoldingPartnerCard(obs.variant, k);
  const declarerMayHold = getVariant(obs.variant)?.bots?.declarerMayHoldPartnerCard === true;
  return (c, s) =>
    ((k.voids[s] as number) & (1 << (k.order.effSuit[c] as number))) !== 0 ||
    (c === k.partnerCard && ((s === declarer && !declarerMayHold) || ((notPartner >> s) & 1) === 1));
}

/**
 * A draw that breaks auction facts, walked towards one that breaks none (`STRONG.repairSteps`): two unseen cards
 * change places (one from a hand whose fact is broken, the other from another hidden hand or from the cards in
 * nobody's hand) where the cards allow it, and the swap stays when it breaks no more facts than before. A rare hand
 * (a Solo's, a Bettel's) is seldom among the draws; without this the sample kept would be a hand far from it.
 */
function repairFacts(
  obs: SeatObservation,
  k: Knowledge,
  sample: Sample,
  facts: readonly AuctionFact[],
  broken: number,
  rng: Rng,
): { sample: Sample; broken: number } {
  const banned = bansOf(obs, k);
  const hands = sample.hands.map((h) => h.slice());
  const rest = sample.rest.slice();
  const hidden = obs.view.hands.flatMap((h, s) => (h === null && (hands[s] as CardIndex[]).length > 0 ? [s] : []));
  const REST = -1;
  const containers = rest.length > 0 ? [...hidden, REST] : hidden;
  const cardsOf = (x: number): CardIndex[] => (x === REST ? rest : (hands[x] as CardIndex[]));
  for (let step = 0; step < STRONG.repairSteps && broken > 0; step++) {
    const failing = facts.filter((f) => hidden.includes(f.seat) && !f.holds(auctionHand(k, hands, f.seat)));
    const f = failing[rng.int(Math.max(1, failing.length))];
    if (f === undefined) break;
    const others = containers.filter((x) => x !== f.seat);
    const to = others[rng.int(Math.max(1, others.length))];
    if (to === undefined) break;
    const a = cardsOf(f.seat);
    const b = cardsOf(to);
    const i = rng.int(a.length);
    const j = rng.int(b.length);
    const ca = a[i] as CardIndex;
    const cb = b[j] as CardIndex;
    if (banned(cb, f.seat) || (to !== REST && banned(ca, to))) continue;
    a[i] = cb;
    b[j] = ca;
    const now = brokenFacts(facts, k, hands);
    if (now <= broken) broken = now;
    else {
      a[i] = ca;
      b[j] = cb;
    }
  }
  return { sample: { hands, rest }, broken };
}

/** One draw of the unseen cards consistent with the cards seen (voids, the called card, open hands). */
function drawHidden(obs: SeatObservation, k: Knowledge, deck: readonly CardIndex[], rng: Rng): Sample | undefined {
  const { view } = obs;
  const n = view.players;
  const hands: CardIndex[][] = view.hands.map((h) => (h === null ? [] : h.map(indexOf)));
  // Sheepshead's "unknown": the picker's set-aside under card is still his (his hand count includes it) — without it
  // the solver would get a hand one card short.
  const under = view.extra?.['under'];
  if (typeof under === 'string') (hands[obs.seat] as CardIndex[]).push(indexOf(under as Card));
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
  const banned = bansOf(obs, k);
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

/** The seat that played the partner card (the called Sau, …), undefined while it is in a hand or there is none. */
export function partnerCardPlayedBy(k: Knowledge): Seat | undefined {
  if (k.partnerCard === undefined) return undefined;
  for (const t of k.tricks) for (const p of t) if (p.card === k.partnerCard) return p.seat;
  return undefined;
}

/** The masks of the sample's parties: who the value counts, who maximizes it. */
export function parties(
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
  const doubling = STRONG.doublingRollouts === 1 ? chooseDoubling(obs, legal, ctx) : undefined;
  if (doubling !== undefined) return doubling;
  const other = decideOther(obs, legal, k);
  if (other !== undefined) return other;
  if (plays.length === 1) return plays[0] as Action;
  const e = evaluateCards(obs, plays, ctx, k);
  return e === undefined ? heuristicDecide(obs, legal, ctx) : (plays[e.best] as Action);
}

/** What `strong` makes of each legal card of a decision (`evaluateCards`). */
export interface CardEvaluation {
  /** The legal cards, in the order of the `plays` asked about. */
  readonly cards: readonly CardIndex[];
  /**
   * The mean value of each card over the sampled deals (likelihood-weighted), undefined for a card dropped early by
   * successive halving. Unit `step`: the payout step best play reaches (0 lost Schneider, 1 lost, 3 won, 4 won
   * Schneider, for the declaring party); `points`: card points; `tricks`: tricks — of the party the solver values.
   */
  readonly values: readonly (number | undefined)[];
  readonly unit: 'step' | 'points' | 'tricks';
  /** Whether this seat wants the value high (it plays for the valued party) or low. */
  readonly prefer: 'high' | 'low';
  readonly samples: number;
  /** Index of the card `strong` plays: the best mean, the heuristic's card breaking ties. */
  readonly best: number;
}

/**
 * PIMC over the legal cards (`plays`, at least two): sampled deals consistent with what the seat saw, each solved
 * open-handed, card values averaged. `prune` (default) stops solving cards far behind after a few samples; the deal
 * analysis (analysis.ts) values every card. Undefined when the seat's cards are not all in its hand as the view says.
 */
export function evaluateCards(
  obs: SeatObservation,
  plays: readonly Extract<Action, { type: 'play' }>[],
  ctx: BotContext,
  k: Knowledge = knowledgeOf(obs),
  prune = true,
): CardEvaluation | undefined {
  const two = obs.view.players === 2;
  const cards = plays.map((a) => indexOf(a.card));
  if (!two && cards.some((c) => !k.hand.includes(c))) return undefined;
  const deck = deckOfObs(obs);
  const fallback = playCard(k, cards, deck);
  const trick = obs.view.trick.map((t) => indexOf(t.card));
  const leader = obs.view.trick[0]?.seat ?? obs.seat;
  const inHands = obs.view.handCounts.reduce((a, b) => a + b, 0);
  let maxTricks = inHands <= STRONG.fullSolveCards ? Infinity : STRONG.lookahead;
  const fallbackIndex = cards.indexOf(fallback);
  // Equivalent cards (`STRONG.dedupe`): one of each group is solved, the heuristic's card standing for its group.
  const rep = STRONG.dedupe === 1 && !two ? equivalentCards(k, cards, deck, fallbackIndex) : cards.map((_, j) => j);
  const alive = cards.map((_, j) => rep[j] === j);

  const counts = new Float64Array(cards.length);
  const holderOfPlayed = partnerCardPlayedBy(k);
  const totals = new Float64Array(cards.length);
  const votes = new Float64Array(cards.length);
  let voting = false;
  let tieVoting = false;
  let samples = 0;
  let leafMode = false;
  const drawWork =
    !two && k.played.size > 0 && (STRONG.playDraws === 2 || (STRONG.playDraws === 1 && inHands > STRONG.fullSolveCards))
      ? { evals: 0 }
      : undefined;
  const probeNodes = STRONG.leafBelow > 0 ? Math.floor(ctx.budget.nodes / STRONG.leafBelow) : 0;
  let maximizing = true;
  let unit: CardEvaluation['unit'] = 'points';
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
      : sampleHidden(obs, k, deck, ctx.rng, facts, drawWork);
    if (drawWork !== undefined) {
      nodesLeft -= drawWork.evals * STRONG.drawNodes;
      drawWork.evals = 0;
    }
    if (sample === undefined) break;
    if (two && sample.under !== undefined) {
      // Without a table the stacks are solved to the end only late in the deal.
      const left = sample.hands.reduce((a, h) => a + h.length, 0) + sample.under.length;
      maxTricks = left <= STRONG.twoFullSolveCards ? Infinity : STRONG.twoLookahead;
    }
    const p = parties(k, sample.hands, holderOfPlayed);
    maximizing = ((p.maxMask >> obs.seat) & 1) === 1;
    // Point games with a declaring party are solved to the end from the first card (a look-ahead counting only the
    // points of a few tricks rewards grabbing points early).
    let thresholds = two
      ? undefined
      : stepThresholds(obs.variant, obs.options, k, p, true, sample as SampledDeal, ownBuried);
    let depth = maxTricks;
    let greedy = false;
    if (thresholds !== undefined) {
      greedy = inHands > STRONG.leafCards || leafMode;
      depth = greedy ? STRONG.leafTricks : Infinity;
    } else if (!two && inHands > STRONG.fullSolveCards) depth = STRONG.lookahead;
    // `STRONG.leafBelow`: the first full solve of an early decision may spend only its share of the budget.
    const probe =
      samples === 0 && !greedy && !two && STRONG.leafBelow > 0 && depth === Infinity && inHands > STRONG.fullSolveCards;
    const solver = new Solver({
      order: k.order,
      hands: sample.hands,
      trick,
      leader,
      ...p,
      maxTricks: depth,
      ...(greedy ? { leaf: 'greedy' as const } : {}),
      nodeLimit: probe ? Math.min(probeNodes, nodesLeft) : Math.max(STRONG.minNodes, nodesLeft),
      table,
      ...(sample.under !== undefined ? { under: sample.under } : {}),
    });
    if (depth !== Infinity && (!greedy || STRONG.leafPoints === 1)) thresholds = undefined;
    // `STRONG.votes` / `votesTies`: exact card points, counted as votes for the sample's best cards.
    const mayVote =
      thresholds !== undefined &&
      depth === Infinity &&
      inHands <= STRONG.votesCards &&
      (STRONG.votesLeads === 1 || trick.length > 0);
    voting = mayVote && STRONG.votes === 1;
    tieVoting = mayVote && !voting && STRONG.votesTies === 1;
    // With a `pointsWeight` the vote goes to the cards best in payout step first and card points second.
    if (voting && !(STRONG.pointsWeight > 0 && inHands <= STRONG.pointsCards)) thresholds = undefined;
    unit = thresholds !== undefined ? 'step' : p.unit === 'trick' ? 'tricks' : 'points';
    const values: number[] = [];
    const points: number[] = [];
    let complete = true;
    for (let j = 0; j < cards.length; j++) {
      if (!alive[j]) {
        values.push(0);
        points.push(0);
        continue;
      }
      if (tieVoting && thresholds !== undefined) {
        const s = stepAndPoints(solver, cards[j] as CardIndex, thresholds);
        if (s === undefined) {
          complete = false;
          break;
        }
        values.push(s.worth);
        points.push(s.points);
        continue;
      }
      const v = cardValue(
        solver,
        cards[j] as CardIndex,
        thresholds,
        inHands <= STRONG.pointsCards ? STRONG.pointsWeight : 0,
      );
      if (v === undefined) {
        complete = false;
        break;
      }
      values.push(v);
    }
    nodesLeft -= solver.nodes;
    // The probe ran out of its share: this decision's samples are solved with the leaf (the probe's values dropped).
    if (probe && !complete) {
      leafMode = true;
      continue;
    }
    if (!complete) break;
    // Deals that explain the other seats' plays better count more (solver-likelihood.ts).
    const w = two || k.played.size === 0 ? 1 : playWeight(k, sample.hands, deck);
    values.forEach((v, j) => {
      if (!alive[j]) return;
      totals[j] = (totals[j] as number) + w * v;
      counts[j] = (counts[j] as number) + w;
    });
    if (voting || tieVoting) {
      // The sample's weight goes to every card still in the race that is best by `by` on it.
      const by = voting ? values : points;
      const live = by.filter((_, j) => alive[j]);
      const top = maximizing ? Math.max(...live) : Math.min(...live);
      by.forEach((v, j) => {
        if (alive[j] && v === top) votes[j] = (votes[j] as number) + w;
      });
    }
    samples++;
    // Successive halving: once a few samples are in, the cards far behind are not solved any more, so the budget
    // buys more samples for the close ones (the heuristic's card stays: it breaks ties). Not while voting: a card
    // behind on the mean may still be best most often.
    if (prune && !voting && !tieVoting && samples === STRONG.pruneAfter && cards.length > STRONG.keepCards) {
      const mean = (j: number): number => (totals[j] as number) / (counts[j] as number);
      const ranked = cards
        .map((_, j) => j)
        .filter((j) => alive[j])
        .sort((x, y) => (maximizing ? 1 : -1) * (mean(y) - mean(x)));
      ranked.slice(STRONG.keepCards).forEach((j) => (alive[j] = j === fallbackIndex));
    }
  }
  const means = cards.map((_, j) =>
    alive[j] && (counts[j] as number) > 0 ? (totals[j] as number) / (counts[j] as number) : undefined,
  );
  // Best mean of the cards still in the race; the heuristic's card breaks ties. Voting: most votes, then the mean.
  let best = fallbackIndex;
  for (let j = 0; j < cards.length; j++) {
    const v = means[j];
    const b = means[best];
    if (v === undefined || b === undefined) continue;
    const dv = (votes[j] as number) - (votes[best] as number);
    if (voting && Math.abs(dv) > 1e-9) {
      if (dv > 0) best = j;
    } else if (maximizing ? v > b + 1e-9 : v < b - 1e-9) best = j;
    else if (tieVoting && Math.abs(v - b) <= 1e-9 && dv > 1e-9) best = j;
  }
  // An equivalent card has its group's value.
  const values = cards.map((_, j) => means[rep[j] as number]);
  // Early leads: the search must beat the heuristic's lead by a margin. With few samples open-hand play overrates
  // leads that only work when the defenders see each other's cards (measured on bench/bots-dd.ts: fewer losing
  // leads, most of all the defenders'; the same margin on followed cards made them worse).
  const own = values[fallbackIndex];
  const found = values[best];
  if (
    !voting &&
    trick.length === 0 &&
    inHands > STRONG.fullSolveCards &&
    own !== undefined &&
    found !== undefined &&
    Math.abs(found - own) < STRONG.leadMargin
  )
    best = fallbackIndex;
  return { cards, values, unit, prefer: maximizing ? 'high' : 'low', samples, best };
}

/**
 * `STRONG.dedupe`: for each legal card the index of the card solved for it. Two cards of the seat are equivalent when
 * they have the same effective suit and points and no card still out (in another hand, in the open trick, unseen)
 * ranks between them: whoever holds what, playing one or the other comes to the same. The heuristic's card stands for
 * its group.
 */
export function equivalentCards(
  k: Knowledge,
  cards: readonly CardIndex[],
  deck: readonly CardIndex[],
  fallbackIndex: number,
): number[] {
  const gone = new Set<CardIndex>();
  for (const t of k.tricks.slice(0, -1)) for (const p of t) gone.add(p.card);
  const mine = new Set(cards);
  const out = deck.filter((c) => !gone.has(c) && !mine.has(c));
  const suit = (c: CardIndex): number => k.order.effSuit[c] as number;
  const power = (c: CardIndex): number => k.order.power[c] as number;
  const same = (a: CardIndex, b: CardIndex): boolean => {
    if (suit(a) !== suit(b) || POINTS[a] !== POINTS[b]) return false;
    const lo = Math.min(power(a), power(b));
    const hi = Math.max(power(a), power(b));
    return !out.some((c) => suit(c) === suit(a) && power(c) > lo && power(c) < hi);
  };
  const rep = cards.map((_, j) => j);
  const order = cards.map((_, j) => j);
  // The heuristic's card first: it represents its group.
  if (fallbackIndex >= 0) order.sort((x, y) => (x === fallbackIndex ? -1 : y === fallbackIndex ? 1 : x - y));
  for (let x = 0; x < order.length; x++) {
    const i = order[x] as number;
    if (rep[i] !== i) continue;
    for (let y = x + 1; y < order.length; y++) {
      const j = order[y] as number;
      if (rep[j] === j && same(cards[i] as CardIndex, cards[j] as CardIndex)) rep[j] = i;
    }
  }
  // Equivalence is transitive only along the rank: a card joins a group through its representative alone.
  return rep;
}

export const strongBot: Bot = { level: 'strong', decide: strongDecide };

/** Actions that move no cards: a history of only these can be replayed on a sampled deal. */
const REPLAYABLE = new Set<Action['type']>(['pass', 'bid', 'knock', 'kontra', 're', 'announce', 'choose']);

/**
 * Contracts and other auction choices by sampled deals: each candidate (the heuristic's choice, pass, the best few
 * contracts by hand strength) is applied on the same sampled deals, the deal is played out by heuristic bots on the
 * engine itself, its last `STRONG.auctionSolveCards` cards by the open-hand solver ({@link playOut}), and the
 * candidate with the best mean payout for this seat is taken. In the two-player stack layouts
 * (Mehrkopf's Offiziersschafkopf) the sample deals the face-down cards (stacks.ts `sampleStackLayout`), the heuristic
 * plays the first tricks and the open stack solver the last `STRONG.twoAuctionSolveCards` cards ({@link
 * playOutStacks}). Undefined when the history cannot be replayed (cards changed hands) or nothing is to choose.
 */
export function chooseByRollouts(obs: SeatObservation, legal: readonly Action[], ctx: BotContext): Action | undefined {
  const e = evaluateByRollouts(obs, legal, ctx);
  if (e === undefined) return undefined;
  if (e.samples < STRONG.minRollouts) return e.own;
  let best = 0;
  for (let j = 1; j < e.candidates.length; j++) if ((e.means[j] as number) > (e.means[best] as number)) best = j;
  return e.candidates[best];
}

/**
 * Kontra or Re (crack, re-crack) offered beside the seat's cards: the doubling and the heuristic's card are played out
 * on the same sampled deals ({@link evaluateByRollouts} with the two as its candidates) and the better mean payout for
 * this seat is taken. Doubling is worth it when the seat's side expects to win: the rollouts value that with the
 * other side's answer (Re) as the heuristic gives it. Undefined when nothing is offered or the rollouts cannot be
 * played; then the heuristic decides.
 */
export function chooseDoubling(obs: SeatObservation, legal: readonly Action[], ctx: BotContext): Action | undefined {
  const doubling = legal.find((a) => DOUBLINGS.has(a.type));
  if (doubling === undefined) return undefined;
  const rest = legal.filter((a) => a !== doubling);
  if (!rest.some((a) => a.type === 'play')) return undefined;
  const own = heuristicDecide(obs, legal, ctx);
  const other = own === doubling ? heuristicDecide(obs, rest, ctx) : doubling;
  const e = evaluateByRollouts(obs, legal, ctx, [own, other]);
  if (e === undefined || e.samples < STRONG.minRollouts) return undefined;
  return (e.means[1] as number) > (e.means[0] as number) ? other : own;
}

const DOUBLINGS = new Set<Action['type']>(['kontra', 're', 'crack', 'recrack']);

/** The candidates of an auction choice and this seat's mean payout with each over the rollouts (`chooseByRollouts`). */
export interface RolloutEvaluation {
  readonly candidates: readonly Action[];
  readonly means: readonly number[];
  readonly samples: number;
  /** The heuristic's choice (the first candidate), taken when fewer than `STRONG.minRollouts` samples were played. */
  readonly own: Action;
}

/**
 * `fixed`: these candidates, the first standing for the heuristic's choice, instead of the auction's; the history may
 * then hold cards played (each sampled deal gives them back to the hands that played them). Not for the two-player
 * stacks.
 */
export function evaluateByRollouts(
  obs: SeatObservation,
  legal: readonly Action[],
  ctx: BotContext,
  fixed?: readonly Action[],
): RolloutEvaluation | undefined {
  const variant = getVariant(obs.variant);
  if (variant === undefined) return undefined;
  const two = obs.view.players === 2;
  if (two && (!hasStacks(obs) || fixed !== undefined)) return undefined;
  const replayable = (t: Action['type']): boolean => REPLAYABLE.has(t) || (fixed !== undefined && t === 'play');
  if (!obs.history.every((h) => replayable(h.action.type))) return undefined;
  const k = knowledgeOf(obs);
  const deck = deckOfObs(obs);
  const own = fixed?.[0] ?? heuristicDecide(obs, legal, ctx);
  const candidates: Action[] = fixed === undefined ? [own] : [...fixed];
  if (fixed === undefined) addAuctionCandidates(obs, legal, k.hand, deck, candidates);
  if (candidates.length < 2) return undefined;
  const budget = STRONG.auctionMs > 0 ? budgetForMs(STRONG.auctionMs) : ctx.budget;
  const totals = new Float64Array(candidates.length);
  let samples = 0;
  const bock = bockOf(obs);
  // As many sampled deals as the work budget allows (engine/bots/budget.ts), at most maxRollouts.
  // The budget's rollouts are Schafkopf-sized deals (8 cards a hand, budget.ts); shorter deals play out faster, and
  // the stacks' heuristic part is the cards before the solver takes over.
  // Schafkopf's knock phase: the hands hold their first packet, a rollout plays the whole deal.
  const knock = obs.view.phase === 'knock';
  const perHand = Math.max(1, knock ? Math.floor(deck.length / obs.view.players) : k.hand.length);
  const rollouts = two
    ? Math.min(
        STRONG.maxRollouts,
        Math.floor((budget.rollouts * STRONG.twoRolloutCards) / Math.max(8, deck.length - STRONG.twoAuctionSolveCards)),
      )
    : Math.min(STRONG.maxRollouts, Math.floor((budget.rollouts * Math.max(8, perHand)) / perHand));
  if (rollouts < STRONG.minRollouts) return undefined;
  const facts = two ? [] : auctionFacts(obs, k, deck);
  // One small table for every solve of the choice: the stacks' last cards, or the rollouts' last tricks.
  const table = two || STRONG.auctionSolveCards > 0 ? new TranspositionTable(STRONG.auctionTableBits) : undefined;
  // Stacks: the solver's node budget for the whole choice.
  const work = { nodes: budget.nodes, table: two ? table : undefined };
  const endgame = two ? undefined : table;
  // A sampled deal on which the history does not replay (a rule the samples do not know) is drawn again, up to as
  // many times as there are rollouts.
  for (let attempt = 0; samples < rollouts && attempt < 2 * rollouts; attempt++) {
    if (two && work.nodes <= 0) break;
    let layout: Layout | undefined;
    if (two) layout = sampleStackLayout(obs, k, deck, ctx.rng);
    else {
      const sample = sampleHidden(obs, k, deck, ctx.rng, facts);
      if (sample !== undefined)
        layout = knock ? secondPackets(sample, ctx.rng) : layoutOf(dealtHands(k, sample.hands), sample.rest);
    }
    if (layout === undefined) return undefined;
    if (variant.checkLayout(obs.options, obs.view.players, layout) !== undefined) return undefined;
    const base = variant.start(obs.options, obs.view.players, obs.view.dealer, layout, { bock, pot: ZERO });
    const histories: { seat: Seat; action: Action }[][] = Array.from({ length: obs.view.players }, () => []);
    if (!replay(variant, base, obs.history, histories)) {
      if (STRONG.redraw === 1) continue;
      return undefined;
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
        : playOut(variant, obs, state, hist, ctx, endgame);
      if (v === undefined) break;
      values.push(v);
    }
    // The solver's nodes ran out: the sample counts only when every candidate was valued on it.
    if (values.length < candidates.length) break;
    values.forEach((v, j) => (totals[j] = (totals[j] as number) + v));
    samples++;
  }
  return { candidates, means: candidates.map((_, j) => (totals[j] as number) / Math.max(1, samples)), samples, own };
}

/** Apply `history` to `state` (recording it in `histories` if given); false at the first action the rules refuse. */
function replay(
  variant: AnyVariant,
  state: unknown,
  history: readonly { seat: Seat; action: Action }[],
  histories?: { seat: Seat; action: Action }[][],
): boolean {
  for (const h of history) {
    if (variant.check(state, h.seat, h.action) !== undefined) return false;
    if (histories !== undefined) record(variant, state, histories, h.seat, h.action);
    variant.apply(state, h.seat, h.action, true);
  }
  return true;
}

/** The deal's Bock factor as the seat's view shows it (1 without Bock). */
function bockOf(obs: SeatObservation): number {
  return typeof obs.view.extra?.['bock'] === 'number' ? (obs.view.extra['bock'] as number) : 1;
}

/** An auction choice's candidates after the heuristic's own (`candidates[0]`): pass, the best few contracts, pick. */
function addAuctionCandidates(
  obs: SeatObservation,
  legal: readonly Action[],
  hand: readonly CardIndex[],
  deck: readonly CardIndex[],
  candidates: Action[],
): void {
  const add = (a: Action | undefined): void => {
    if (a !== undefined && !candidates.includes(a) && candidates.length < STRONG.rolloutCandidates) candidates.push(a);
  };
  add(legal.find((a) => a.type === 'pass'));
  const ranked = legal
    .filter((a) => a.type === 'bid' || a.type === 'announce')
    .map((a) => ({ a, m: contractStrength(obs, a, hand, deck) }))
    .sort((x, y) => y.m - x.m);
  for (const { a } of ranked) add(a);
  add(legal.find((a) => a.type === 'pick'));
  // Choices without a pass, a bid or a pick (Klopfen or not, Mehrkopf's redeal or Ramsch, …): the other options.
  if (STRONG.rolloutChoices === 1) for (const a of legal) if (REPLAYABLE.has(a.type)) add(a);
}

/** A sample's hands as dealt: the cards played given back to the seats that played them. */
function dealtHands(k: Knowledge, hands: readonly (readonly CardIndex[])[]): CardIndex[][] {
  return hands.map((_, s) => auctionHand(k, hands, s));
}

function layoutOf(hands: readonly (readonly CardIndex[])[], rest: readonly CardIndex[]): Layout {
  return { hands: hands.map((h) => h.map((c) => CARDS[c] as Card)), blind: rest.map((c) => CARDS[c] as Card) };
}

/**
 * A sample drawn in Schafkopf's knock phase holds every seat's first packet; the unseen rest is dealt, shuffled, as
 * the second packets (this seat's own too: it has not seen them either).
 */
function secondPackets(sample: Sample, rng: Rng): Layout {
  const rest = rng.shuffle(sample.rest);
  const per = Math.floor(rest.length / sample.hands.length);
  return layoutOf(
    sample.hands.map((h, i) => [...h, ...rest.slice(i * per, (i + 1) * per)]),
    rest.slice(per * sample.hands.length),
  );
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

/**
 * Heuristic bots play the deal to the end; this seat's payout. With an `endgame` table (`STRONG.auctionSolveCards`)
 * the cards of the last `auctionSolveCards` are the open-hand solver's ({@link solverStep}).
 */
export function playOut(
  variant: AnyVariant,
  obs: SeatObservation,
  state: unknown,
  histories: { seat: Seat; action: Action }[][],
  ctx: BotContext,
  endgame?: TranspositionTable,
): number {
  let solving = endgame !== undefined;
  for (let guard = 0; guard < 2_000; guard++) {
    const seat = variant.toAct(state)[0];
    if (seat === undefined) break;
    const legal = variant.legalActions(state, seat);
    const view = variant.view(state, { kind: 'seat', seat });
    if (
      solving &&
      view.contract !== null &&
      view.handCounts.reduce((a, b) => a + b, 0) <= STRONG.auctionSolveCards &&
      legal.some((a) => a.type === 'play')
    ) {
      const played = solverStep(variant, obs, state, histories, seat, legal, view, endgame as TranspositionTable);
      if (played) continue;
      // A deal the solver does not describe (no declaring party, a card outside its hands): the heuristic ends it.
      solving = false;
    }
    heuristicStep(variant, obs, state, histories, ctx, seat, legal, view);
  }
  return payoutOf(variant, obs, state);
}

/**
 * One card of a rollout's endgame played as the open-hand solver would: every seat's hand from its own view, the
 * declaring party's exact card points from here on (strong.ts `parties`, as the seat to move knows them), the best
 * card for the seat's side (the first of equals, in the rules' order). False (nothing played) when the deal has no
 * declaring party or goal the solver values here, a legal card is not in the solver's hands, or the solve ran past
 * `STRONG.auctionSolveNodes`.
 */
function solverStep(
  variant: AnyVariant,
  obs: SeatObservation,
  state: unknown,
  histories: { seat: Seat; action: Action }[][],
  seat: Seat,
  legal: readonly Action[],
  view: ReturnType<AnyVariant['view']>,
  table: TranspositionTable,
): boolean {
  const plays = legal.filter((a): a is Extract<Action, { type: 'play' }> => a.type === 'play');
  const k = knowledgeOf({
    variant: obs.variant,
    options: obs.options,
    seat,
    view,
    history: histories[seat] as { seat: Seat; action: Action }[],
  });
  if (k.goal === 'each-low') return false;
  if (k.contract?.declarer === undefined && k.declarers.length === 0) return false;
  let choice: Action | undefined = plays.length === 1 ? plays[0] : undefined;
  if (choice === undefined) {
    const hands: CardIndex[][] = [];
    for (let s = 0; s < view.players; s++) {
      const own = s === seat ? view : variant.view(state, { kind: 'seat', seat: asSeat(s) });
      const hand = (own.hands[s] ?? []).map(indexOf);
      // Sheepshead's picker keeps his set-aside under card (his hand count includes it).
      const under = own.extra?.['under'];
      if (typeof under === 'string') hand.push(indexOf(under as Card));
      if (hand.length !== view.handCounts[s]) return false;
      hands.push(hand);
    }
    const cards = plays.map((a) => indexOf(a.card));
    if (cards.some((c) => !(hands[seat] as CardIndex[]).includes(c))) return false;
    const p = parties(k, hands, partnerCardPlayedBy(k));
    const solver = new Solver({
      order: k.order,
      hands,
      trick: view.trick.map((t) => indexOf(t.card)),
      leader: view.trick[0]?.seat ?? seat,
      ...p,
      nodeLimit: STRONG.auctionSolveNodes,
      table,
    });
    const high = ((p.maxMask >> seat) & 1) === 1;
    let best = -Infinity;
    for (let j = 0; j < cards.length; j++) {
      const v = solver.valueAfter(cards[j] as CardIndex);
      if (v === undefined) return false;
      const score = high ? v : -v;
      if (score > best) {
        best = score;
        choice = plays[j];
      }
    }
  }
  if (choice === undefined) return false;
  record(variant, state, histories, seat, choice);
  variant.apply(state, seat, choice, true);
  return true;
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
