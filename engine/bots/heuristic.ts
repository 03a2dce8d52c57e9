import { CARDS, type Card, type CardIndex, SUITS, indexOf } from '../cards/card.js';
import { getVariant } from '../registry.js';
import { type CompiledOrder, TRUMP } from '../tricks/order.js';
import type { Action, BidRule } from '../variant.js';
import {
  type Knowledge,
  type PlayedCard,
  beats,
  effSuit,
  goalOf,
  isTrump,
  knowledgeOf,
  leaderOf,
  points,
  sameSide,
} from './knowledge.js';
import { type Candidate, orderOf } from './orders.js';
import type { Bot, BotContext, SeatObservation } from './types.js';

/**
 * The rules of thumb good players teach, as data where it can be: a hand-strength score per contract and a
 * threshold table per variant for bidding (the variant's bots hook), and one card-play policy over the contract's trick order.
 */

/**
 * Hand strength under a trick order, scaled to an 8-card hand: every trump 1, a top-quarter trump +1, a
 * top-half trump +0.5; a plain Sau +1, a Zehn beside its Sau (or guarded twice) +0.5; a void beside ≥ 3 trumps +0.5.
 */
export function strength(hand: readonly CardIndex[], order: CompiledOrder, deck: readonly CardIndex[]): number {
  return strengthOf(order, deck)(hand);
}

/** Scorers by order and deck content: a deal's many decisions (and rollouts) weigh the same few orders. */
const scorers = new WeakMap<CompiledOrder, Map<string, (hand: readonly CardIndex[]) => number>>();
const MAX_DECKS = 32;

/** `strength` with the deck's part precomputed: a scorer for many hands under one order (the samples' inference). */
export function strengthOf(order: CompiledOrder, deck: readonly CardIndex[]): (hand: readonly CardIndex[]) => number {
  let byDeck = scorers.get(order);
  if (byDeck === undefined) scorers.set(order, (byDeck = new Map()));
  const key = deck.join(',');
  let scorer = byDeck.get(key);
  if (scorer === undefined) {
    scorer = scorerOf(order, deck);
    if (byDeck.size < MAX_DECKS) byDeck.set(key, scorer);
  }
  return scorer;
}

function scorerOf(order: CompiledOrder, deck: readonly CardIndex[]): (hand: readonly CardIndex[]) => number {
  const trumpsInDeck = deck.filter((c) => order.effSuit[c] === TRUMP).map((c) => order.trumpRank[c] as number);
  trumpsInDeck.sort((a, b) => a - b);
  const t = trumpsInDeck.length;
  // What a trump adds by its rank among the deck's trumps.
  const trumpWorth = new Map<CardIndex, number>();
  for (const c of deck)
    if (order.effSuit[c] === TRUMP) {
      const r = trumpsInDeck.indexOf(order.trumpRank[c] as number);
      trumpWorth.set(c, 1 + (r < t / 4 ? 1 : r < t / 2 ? 0.5 : 0));
    }
  const tops: { top: CardIndex; second: CardIndex | undefined }[] = [];
  for (let suit = 0; suit < 4; suit++) {
    const suitDeck = deck.filter((c) => order.effSuit[c] === suit).sort((a, b) => order.power[b]! - order.power[a]!);
    tops.push(
      suitDeck.length === 0 ? { top: -1, second: undefined } : { top: suitDeck[0] as CardIndex, second: suitDeck[1] },
    );
  }
  return (hand) => {
    let s = 0;
    let trumps = 0;
    const count = [0, 0, 0, 0];
    let tops1 = 0;
    let seconds = 0;
    for (const c of hand) {
      const e = order.effSuit[c] as number;
      if (e === TRUMP) {
        trumps++;
        s += trumpWorth.get(c) ?? 1;
      } else if (e >= 0) {
        count[e] = (count[e] as number) + 1;
        const tp = tops[e] as { top: CardIndex; second: CardIndex | undefined };
        if (c === tp.top) tops1 |= 1 << e;
        else if (c === tp.second) seconds |= 1 << e;
      }
    }
    for (let suit = 0; suit < 4; suit++) {
      if ((tops[suit] as { top: CardIndex }).top < 0) continue;
      const n = count[suit] as number;
      if (n === 0) {
        if (trumps >= 3) s += 0.5;
        continue;
      }
      const top = ((tops1 >> suit) & 1) === 1;
      if (top) s += 1;
      if (((seconds >> suit) & 1) === 1 && (top || n >= 3)) s += 0.5;
    }
    return (s * 8) / Math.max(1, hand.length);
  };
}

/**
 * Low-card safety for the no-trick contracts (Bettel, Mastschwein): in every suit the i-th lowest own card must be
 * among the 2i lowest of the suit. Returns 10 for a safe hand, less per unsafe card.
 */
export function bettelStrength(hand: readonly CardIndex[], order: CompiledOrder, deck: readonly CardIndex[]): number {
  let unsafe = 0;
  for (let suit = 0; suit <= TRUMP; suit++) {
    const suitDeck = deck.filter((c) => order.effSuit[c] === suit).sort((a, b) => order.power[a]! - order.power[b]!);
    const mine = hand.filter((c) => order.effSuit[c] === suit).sort((a, b) => order.power[a]! - order.power[b]!);
    mine.forEach((c, i) => {
      if (suitDeck.indexOf(c) > 2 * i + 1) unsafe++;
    });
  }
  return 10 - 3 * unsafe;
}

/**
 * The variant's bidding table (its bots hook, engine/variant.ts `VariantBots.bidding`, e.g.
 * engine/variants/schafkopf/bots.ts): the strength a contract needs and its worth (the higher worth wins among the
 * feasible ones). A game missing there needs 8 and is worth 1.
 */
const NO_BIDDING: Readonly<Record<string, BidRule>> = {};
const biddingOf = (variant: string): Readonly<Record<string, BidRule>> =>
  getVariant(variant)?.bots?.bidding ?? NO_BIDDING;
const UNKNOWN_GAME: BidRule = { need: 8, worth: 1 };
const ruleOf = (variant: string, game: string): BidRule => biddingOf(variant)[game] ?? UNKNOWN_GAME;
/** Strength above a contract's need that makes a seat knock / double / announce Tout. */
const KNOCK_MARGIN = 1.5;
const KONTRA_NEED = 7.5;
const RE_MARGIN = 2.5;
const TOUT_MARGIN = 5;

function deckOfObs(obs: SeatObservation): CardIndex[] {
  const variant = getVariant(obs.variant);
  if (variant === undefined) return CARDS.map((_, i) => i);
  return variant.deck(obs.options, obs.view.players).map(indexOf);
}

function contractOfAction(a: Action): Candidate | null {
  if (a.type === 'bid' || a.type === 'announce') {
    if (a.game === undefined) return null;
    return {
      game: a.game,
      ...(a.suit !== undefined ? { suit: a.suit } : {}),
      ...(a.card !== undefined ? { card: a.card } : {}),
      ...(a.type === 'announce' && a.spiess !== undefined ? { spiess: a.spiess } : {}),
      ...(a.tout === true ? { tout: true } : {}),
    };
  }
  return null;
}

/** How good `contract` looks for `hand`, minus what it needs; and its worth. */
export function contractMargin(
  variant: string,
  options: unknown,
  contract: Candidate,
  hand: readonly CardIndex[],
  deck: readonly CardIndex[],
  scale = 1,
): { margin: number; worth: number } {
  const rule = ruleOf(variant, contract.game);
  return { margin: marginOf(variant, options, contract, deck, scale)(hand), worth: rule.worth };
}

/** `contractMargin`'s margin with the contract's and the deck's part precomputed: a scorer for many hands. */
export function marginOf(
  variant: string,
  options: unknown,
  contract: Candidate,
  deck: readonly CardIndex[],
  scale = 1,
): (hand: readonly CardIndex[]) => number {
  const rule = ruleOf(variant, contract.game);
  const order = orderOf(variant, contract, options);
  const goal = goalOf(variant, contract);
  const score =
    goal === 'no-trick' ? (h: readonly CardIndex[]) => bettelStrength(h, order, deck) : strengthOf(order, deck);
  const tout = contract.tout === true || contract.bid === 'schwarz' ? TOUT_MARGIN : 0;
  // Sauspiel: call the suit with the fewest own cards (the partner takes over the long suit's work).
  const called = contract.game === 'sauspiel' && contract.suit !== undefined ? SUITS.indexOf(contract.suit) : -1;
  return (hand) => {
    let margin = scale * score(hand) - rule.need - tout;
    if (called >= 0) margin -= 0.1 * hand.filter((c) => order.effSuit[c] === called).length;
    return margin;
  };
}

/** The contracts `bestMarginOverGames` weighs for a variant (games for points only on part of a hand). */
export function marginGames(variant: string, partHand = false): Candidate[] {
  const out: Candidate[] = [];
  for (const [game, rule] of Object.entries(biddingOf(variant)))
    for (const suit of [undefined, ...SUITS]) {
      const c: Candidate = { game, ...(suit !== undefined ? { suit } : {}) };
      if (rule.weighed === false) continue;
      // On part of a hand (the knock phase) only games for points count: a few low cards make no Bettel.
      if (partHand && goalOf(variant, c) === 'no-trick') continue;
      out.push(c);
    }
  return out;
}

/** The strength a contract needs (the variant's bidding table), for the samples' inference. */
export function needOf(variant: string, game: string): number {
  return ruleOf(variant, game).need;
}

/** The best of the contract-naming actions: the highest worth among those with margin ≥ 0, else undefined. */
function bestContract(
  obs: SeatObservation,
  actions: readonly Action[],
  hand: readonly CardIndex[],
  deck: readonly CardIndex[],
  forced: boolean,
): Action | undefined {
  return argmax(actions, (a) => {
    const c = contractOfAction(a);
    if (c === null) return -Infinity;
    const { margin, worth } = contractMargin(obs.variant, obs.options, c, hand, deck);
    if (margin < 0 && !forced) return -Infinity;
    return forced ? margin + worth : worth * 100 + margin;
  });
}

const find = (legal: readonly Action[], type: Action['type']): Action | undefined => legal.find((a) => a.type === type);

/** The item with the highest score (the first of equals); undefined when every score is −Infinity or none is given. */
function argmax<T>(items: readonly T[], score: (item: T) => number): T | undefined {
  let best: T | undefined;
  let bestScore = -Infinity;
  for (const item of items) {
    const v = score(item);
    if (v > bestScore) {
      bestScore = v;
      best = item;
    }
  }
  return best;
}

/** The heuristic's choice among non-card actions. */
export function decideOther(obs: SeatObservation, legal: readonly Action[], k: Knowledge): Action | undefined {
  const deck = deckOfObs(obs);
  const hand = k.hand;
  const pass = find(legal, 'pass');
  const contractActions = legal.filter((a) => contractOfAction(a) !== null);
  const plays = legal.filter((a) => a.type === 'play');
  // Klopfen after the first four cards: every seat knocks or declines. The four are judged as if the rest of the
  // hand were like them (their strength scaled up to a full hand).
  const noKnock = legal.find((a) => a.type === 'choose' && a.choice === 'no-knock');
  if (noKnock !== undefined) {
    const knock = find(legal, 'knock');
    const full = deck.length / Math.max(1, obs.view.players);
    // Halfway to a full hand: four low cards of one suit are no Solo yet.
    const scale = hand.length > 0 ? Math.max(1, (1 + full / hand.length) / 2) : 1;
    return knock !== undefined && bestMarginOverGames(obs, hand, deck, scale) >= KNOCK_MARGIN ? knock : noKnock;
  }
  if (contractActions.length > 0) {
    const forced = pass === undefined;
    const best = bestContract(obs, contractActions, hand, deck, forced);
    if (best !== undefined) return best;
  }
  // Saukopf Grunzen: bid the lowest value while some announcement looks good.
  const valueBids = legal.filter((a) => a.type === 'bid' && a.value !== undefined);
  if (valueBids.length > 0) {
    const margin = bestMarginOverGames(obs, hand, deck);
    const numeric = valueBids.filter((a) => a.type === 'bid' && typeof a.value === 'number');
    numeric.sort((a, b) => Number((a as { value: number }).value) - Number((b as { value: number }).value));
    const lowest = numeric[0];
    const lowestValue = lowest !== undefined ? Number((lowest as { value: number }).value) : Infinity;
    if (lowest !== undefined && margin >= 0 && lowestValue <= 61 + 10 * Math.floor(margin)) return lowest;
  }
  // Sheepshead: pick, bury, call.
  const pick = find(legal, 'pick');
  if (pick !== undefined) {
    const order = orderOf(obs.variant, null, obs.options);
    const need = needOf(obs.variant, 'pick');
    if (strength(hand, order, deck) >= need || pass === undefined) return pick;
  }
  const buries = legal.filter((a) => a.type === 'bury');
  if (buries.length > 0) return bestBury(obs, buries, hand, deck);
  const calls = legal.filter((a) => a.type === 'call');
  const alone = find(legal, 'alone');
  if (calls.length > 0 || alone !== undefined) {
    const order = orderOf(obs.variant, null, obs.options);
    const s = strength(hand, order, deck);
    if (alone !== undefined && (calls.length === 0 || s >= needOf(obs.variant, 'alone'))) return alone;
    return bestCall(calls, hand, order);
  }
  // Doublings: knock before the auction with a strong hand; Kontra/Re (crack/recrack) with trumps against.
  const knock = find(legal, 'knock');
  if (knock !== undefined && plays.length === 0 && bestMarginOverGames(obs, hand, deck) >= KNOCK_MARGIN) return knock;
  const doubling = legal.find((a) => a.type === 'kontra' || a.type === 'crack');
  if (doubling !== undefined && k.contract !== null && !k.declarers.includes(k.seat)) {
    const s = strength(hand, k.order, deck);
    if (k.goal === 'points' && s >= KONTRA_NEED) return doubling;
  }
  const re = legal.find((a) => a.type === 're' || a.type === 'recrack');
  if (re !== undefined && k.contract !== null) {
    const { margin } = contractMargin(obs.variant, obs.options, k.contract, hand, deck);
    if (margin >= RE_MARGIN) return re;
  }
  if (plays.length > 0) return undefined;
  // Mehrkopf dealer's choice: a Ramsch beats a redeal; a Muss-Spiel when it is the only way.
  const ramsch = legal.find((a) => a.type === 'choose' && a.choice === 'ramsch');
  if (ramsch !== undefined) return ramsch;
  const redeal = legal.find((a) => a.type === 'choose' && a.choice === 'redeal');
  if (redeal !== undefined) return redeal;
  if (pass !== undefined) return pass;
  // Something must be chosen and none of the above fits (a forced contract, a Trog): the first non-optional one.
  if (contractActions.length > 0) return bestContract(obs, contractActions, hand, deck, true);
  return legal.find((a) => a.type !== 'knock' && a.type !== 'kontra' && a.type !== 're' && a.type !== 'huftritt');
}

export function bestMarginOverGames(
  obs: SeatObservation,
  hand: readonly CardIndex[],
  deck: readonly CardIndex[],
  scale = 1,
): number {
  let best = -Infinity;
  for (const c of marginGames(obs.variant, scale !== 1))
    best = Math.max(best, contractMargin(obs.variant, obs.options, c, hand, deck, scale).margin);
  return best;
}

function bestBury(
  obs: SeatObservation,
  buries: readonly Action[],
  hand: readonly CardIndex[],
  deck: readonly CardIndex[],
) {
  const order = orderOf(obs.variant, null, obs.options);
  const best = argmax(buries, (a) => {
    if (a.type !== 'bury') return -Infinity;
    const away = new Set(a.cards.map(indexOf));
    const kept = hand.filter((c) => !away.has(c));
    // Points buried count for the picker; keeping trumps and making voids counts more.
    return strength(kept, order, deck) + 0.05 * [...away].reduce((s, c) => s + points(c), 0);
  });
  return best ?? (buries[0] as Action);
}

function bestCall(calls: readonly Action[], hand: readonly CardIndex[], order: CompiledOrder): Action {
  const best = argmax(calls, (a) => {
    if (a.type !== 'call') return -Infinity;
    const suit = effSuit(order, indexOf(a.card));
    const held = hand.filter((c) => effSuit(order, c) === suit).length;
    // Prefer a call without going under, in the suit with the fewest (but some) own fail cards.
    return (a.under === undefined ? 10 : 0) - held + (held > 0 ? 5 : 0);
  });
  return best ?? (calls[0] as Action);
}

/** Cards not yet seen: the deck minus own hand minus the cards played. */
function unseen(k: Knowledge, deck: readonly CardIndex[]): CardIndex[] {
  const mine = new Set(k.hand);
  return deck.filter((c) => !mine.has(c) && !k.played.has(c));
}

/** Whether nobody after this seat can beat `w` as far as this seat knows. */
function safe(k: Knowledge, w: CardIndex, led: number, rest: readonly CardIndex[], after: readonly number[]): boolean {
  if (after.length === 0) return true;
  for (const c of rest) if (effSuit(k.order, c) === effSuit(k.order, w) && beats(k.order, c, w)) return false;
  if (!isTrump(k.order, w)) {
    const ruffRisk = after.some((s) => ((k.voids[s] as number) & (1 << led)) !== 0);
    if (ruffRisk && rest.some((c) => isTrump(k.order, c))) return false;
  }
  return true;
}

const byPower = (order: CompiledOrder) => (a: CardIndex, b: CardIndex) =>
  (isTrump(order, a) ? 1000 : 0) +
  (order.power[a] as number) -
  (isTrump(order, b) ? 1000 : 0) -
  (order.power[b] as number);

/** Cheapest card to give away: fewest points, no trump, lowest. */
function discard(order: CompiledOrder, cards: readonly CardIndex[]): CardIndex {
  const cost = (c: CardIndex): number =>
    points(c) * 10 + (isTrump(order, c) ? 200 + (order.power[c] as number) : 0) + (order.power[c] as number) / 100;
  return [...cards].sort((a, b) => cost(a) - cost(b))[0] as CardIndex;
}

/** Richest card to give a partner who wins: most points, trumps kept. */
function schmier(order: CompiledOrder, cards: readonly CardIndex[]): CardIndex {
  const worth = (c: CardIndex): number =>
    points(c) * 10 - (isTrump(order, c) ? 50 + (order.power[c] as number) / 10 : 0);
  return [...cards].sort((a, b) => worth(b) - worth(a))[0] as CardIndex;
}

/** The card-play policy over the trick order. */
export function playCard(k: Knowledge, legal: readonly CardIndex[], deck: readonly CardIndex[]): CardIndex {
  const order = k.order;
  if (legal.length === 1) return legal[0] as CardIndex;
  const trick = k.tricks[k.tricks.length - 1] ?? [];
  const rest = unseen(k, deck);
  const after: number[] = [];
  for (let i = trick.length + 1; i < k.players; i++) after.push((k.seat + i - trick.length) % k.players);
  const sorted = [...legal].sort(byPower(order));
  const lowest = sorted[0] as CardIndex;
  const highest = sorted[sorted.length - 1] as CardIndex;
  const declarer = k.declarers.includes(k.seat) || (k.partnerCard !== undefined && k.hand.includes(k.partnerCard));

  if (trick.length === 0) return lead(k, legal, rest, declarer);
  const w = trick[leaderOf(order, trick)] as PlayedCard;
  const led = effSuit(order, (trick[0] as PlayedCard).card);
  const winners = sorted.filter((c) => beats(order, c, w.card));
  const losers = sorted.filter((c) => !beats(order, c, w.card));
  const trickPoints = trick.reduce((s, p) => s + points(p.card), 0);
  switch (k.goal) {
    case 'no-trick': {
      const winnerIsDeclarer = k.declarers.includes(w.seat);
      if (declarer) return losers.length > 0 ? (losers[losers.length - 1] as CardIndex) : highest;
      // Opponents: stay under a winning declarer, otherwise shed the highest card.
      if (winnerIsDeclarer && losers.length > 0) return losers[losers.length - 1] as CardIndex;
      return highest;
    }
    case 'each-low':
      if (losers.length > 0) return losers[losers.length - 1] as CardIndex;
      // Forced to win: get rid of the highest card while it costs this trick only.
      return highest;
    case 'all-tricks':
      if (declarer || !k.declarers.includes(w.seat)) return winners[0] ?? lowest;
      return winners[winners.length - 1] ?? discard(order, legal);
    case 'points': {
      const friend = sameSide(k, k.seat, w.seat) === true;
      if (friend && safe(k, w.card, led, rest, after)) return schmier(order, legal);
      const safeWinners = winners.filter((c) => safe(k, c, led, rest, after));
      if (safeWinners.length > 0) {
        // Win cheaply: the lowest sure winner, unless a point card wins as surely.
        const rich = safeWinners.filter((c) => !isTrump(order, c)).sort((a, b) => points(b) - points(a))[0];
        return rich ?? (safeWinners[0] as CardIndex);
      }
      if (winners.length > 0 && trickPoints >= 10 && !friend) return winners[winners.length - 1] as CardIndex;
      return discard(order, friend ? legal : losers.length > 0 ? losers : legal);
    }
    default: {
      const never: never = k.goal;
      throw new Error(`unknown goal ${String(never)}`);
    }
  }
}

function lead(k: Knowledge, legal: readonly CardIndex[], rest: readonly CardIndex[], declarer: boolean): CardIndex {
  const order = k.order;
  const sorted = [...legal].sort(byPower(order));
  const lowest = sorted[0] as CardIndex;
  const highest = sorted[sorted.length - 1] as CardIndex;
  const trumps = sorted.filter((c) => isTrump(order, c));
  const plain = sorted.filter((c) => !isTrump(order, c));
  const topOf = (suit: number): CardIndex | undefined => {
    let best: CardIndex | undefined;
    for (const c of rest)
      if (effSuit(order, c) === suit && (best === undefined || order.power[c]! > order.power[best]!)) best = c;
    return best;
  };
  const isTop = (c: CardIndex): boolean => {
    const t = topOf(effSuit(order, c));
    return t === undefined || order.power[c]! > order.power[t]!;
  };
  switch (k.goal) {
    case 'no-trick':
      return declarer ? lowest : plain.length > 0 ? (plain[0] as CardIndex) : lowest;
    case 'each-low':
      return plain.length > 0 ? (plain[0] as CardIndex) : lowest;
    case 'all-tricks':
      return declarer ? highest : lowest;
    case 'points': {
      const trumpsOut = rest.some((c) => isTrump(order, c));
      if (declarer && trumps.length > 0 && trumpsOut) {
        const top = trumps[trumps.length - 1] as CardIndex;
        return isTop(top) ? top : (trumps[0] as CardIndex);
      }
      // Opponents search the called Sau: lead the called suit when holding it.
      if (!declarer && k.partnerCard !== undefined && !k.played.has(k.partnerCard)) {
        const suit = effSuit(order, k.partnerCard);
        const mine = plain.filter((c) => effSuit(order, c) === suit);
        if (mine.length > 0) return mine[0] as CardIndex;
      }
      // A Sau that still stands, in a suit not yet led.
      const ledSuits = new Set(k.tricks.map((t) => (t[0] ? effSuit(order, t[0].card) : -1)));
      const aces = plain.filter((c) => isTop(c) && !ledSuits.has(effSuit(order, c)) && points(c) >= 10);
      if (aces.length > 0) return aces[aces.length - 1] as CardIndex;
      if (plain.length > 0) {
        // The lowest card of the shortest plain suit (towards a void).
        const count = (c: CardIndex): number => plain.filter((x) => effSuit(order, x) === effSuit(order, c)).length;
        return [...plain].sort((a, b) => count(a) - count(b) || points(a) - points(b))[0] as CardIndex;
      }
      return lowest;
    }
    default: {
      const never: never = k.goal;
      throw new Error(`unknown goal ${String(never)}`);
    }
  }
}

export function heuristicDecide(obs: SeatObservation, legal: readonly Action[], _ctx: BotContext): Action {
  const k = knowledgeOf(obs);
  const other = decideOther(obs, legal, k);
  if (other !== undefined) return other;
  const plays = legal.filter((a): a is Extract<Action, { type: 'play' }> => a.type === 'play');
  if (plays.length === 0) return legal[0] as Action;
  const cards = plays.map((a) => indexOf(a.card));
  const card = playCard(k, cards, deckOfObs(obs));
  return plays[cards.indexOf(card)] as Action;
}

export const heuristicBot: Bot = { level: 'heuristic', decide: heuristicDecide };

export { deckOfObs };
export type { Card };
