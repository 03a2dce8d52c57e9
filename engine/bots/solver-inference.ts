import type { CardIndex } from '../cards/card.js';
import { TRUMP } from '../tricks/order.js';
import { getVariant } from '../registry.js';
import type { Seat } from '../variant.js';
import { marginGames, marginOf, needOf, strengthOf } from './heuristic.js';
import { type Knowledge, goalOf } from './knowledge.js';
import { orderOf } from './orders.js';
import type { SeatObservation } from './types.js';

/**
 * Inference from the card play for `strong`'s samples, beyond the voids of engine/bots/knowledge.ts: the seats that
 * cannot hold the called card. Where the holder of the called card must play it on the first lead of its suit (the
 * variant's bots hook `partnerCardOnFirstLead`, engine/variant.ts: a Schafkopf Sauspiel, a Sheepshead called-ace
 * game; the variants' rules enforce it), every seat that followed that first lead with another card of the suit
 * does not hold it. A called trump (jack of diamonds) has no such duty and tells nothing.
 * Returns a bit mask of seats; 0 when nothing is known.
 */
export function notHoldingPartnerCard(variant: string, k: Knowledge): number {
  const card = k.partnerCard;
  if (card === undefined || getVariant(variant)?.bots?.partnerCardOnFirstLead !== true) return 0;
  const suit = k.order.effSuit[card] as number;
  if (suit < 0 || suit === TRUMP || k.hand.includes(card)) return 0;
  let mask = 0;
  for (const t of k.tricks) {
    const led = t[0];
    if (led === undefined || (k.order.effSuit[led.card] as number) !== suit) continue;
    // The first lead of the suit: whoever follows suit without the called card does not hold it.
    if (t.some((p) => p.card === card)) return 0;
    for (let i = 1; i < t.length; i++) {
      const p = t[i];
      if (p !== undefined && (k.order.effSuit[p.card] as number) === suit) mask |= 1 << p.seat;
    }
    return mask;
  }
  return 0;
}

/** A seat's hand at the auction told apart by the auction: `holds(hand)` is false for hands it makes unlikely. */
export interface AuctionFact {
  readonly seat: Seat;
  readonly holds: (hand: readonly CardIndex[]) => boolean;
  /** For the reports: what the fact says. */
  readonly says: string;
  /** The rules make it certain (not the heuristic's thresholds): a sample breaking it is worse than any other. */
  readonly hard?: boolean;
}

/**
 * How far a hand may miss the heuristic's own bidding thresholds (the variant's `bots.bidding`, engine/bots/heuristic.ts) and still count
 * as consistent with the auction: other players bid by other rules, so the facts are soft (and `sampleHidden` falls
 * back to the least inconsistent sample when none fits).
 */
export const AUCTION = {
  slack: 0.5,
  /** 1: the variant's `callerHoldsCalledSuit` hint is a fact (0: not, for a paired bench run). */
  callerHolds: 1 as number,
} as const;

/**
 * Inference from the auction for `strong`'s samples, on the heuristic's own thresholds:
 * - the declarer of a contract (a Solo, Wenz, Sauspiel, a Saukopf announcement, a Mehrkopf game; in Sheepshead the
 *   picker) holds a hand that clears the contract's need (margin ≥ −slack), unless it may have been forced to play
 *   (Sheepshead's last seat picking after every pass, Mehrkopf's Muss-Spiel after every pass);
 * - a seat that passed while it could have named a game (and bid nothing) did not hold one: in Schafkopf no Solo or
 *   Wenz when it passed before any game above a Sauspiel was bid, in Mehrkopf and Saukopf no game of the heuristic's list
 *   when it passed before anybody bid, in Sheepshead a pass on the blind means a hand below the pick threshold.
 * A seat's hand at the auction is its hand now plus what it has played (Sheepshead's picker: after the bury).
 * Facts are about other seats only; none about this seat.
 */
export function auctionFacts(obs: SeatObservation, k: Knowledge, deck: readonly CardIndex[]): AuctionFact[] {
  const facts: AuctionFact[] = [];
  const auction: { seat: Seat; type: string; game?: string }[] = [];
  for (const h of obs.history) {
    if (h.action.type === 'play') break;
    const game = h.action.type === 'bid' || h.action.type === 'announce' ? h.action.game : undefined;
    auction.push({ seat: h.seat, type: h.action.type, ...(game !== undefined ? { game } : {}) });
  }
  const bidders = new Set(auction.filter((a) => a.type === 'bid' || a.type === 'announce').map((a) => a.seat));
  const contract = k.contract;
  const declarer = contract?.declarer;
  const firstBid = auction.findIndex((a) => a.type === 'bid' || a.type === 'pick' || a.type === 'announce');
  const passedBefore = (i: number): Set<Seat> =>
    new Set(
      auction
        .slice(0, i < 0 ? auction.length : i)
        .filter((a) => a.type === 'pass')
        .map((a) => a.seat),
    );
  const hints = getVariant(obs.variant)?.bots?.auction ?? {};
  // A pass tells while only the games of `passesTellOver` were bid (Schafkopf: a Solo or Wenz still open to the seat).
  const over = hints.passesTellOver;
  const tellingPassers = new Set<Seat>();
  if (over !== undefined)
    for (const a of auction) {
      if (a.type === 'bid' && a.game !== undefined && !over.includes(a.game)) break;
      if (a.type === 'pass') tellingPassers.add(a.seat);
    }
  const others = (s: Seat): boolean => s !== obs.seat;
  // Seats that exchanged cards (Sheepshead's picker and partners bury): their hand at the auction is not known.
  const exchanged = new Set(auction.filter((a) => a.type === 'bury').map((a) => a.seat));
  if (hints.style === 'pick') {
    const order = orderOf(obs.variant, null, obs.options);
    const score = strengthOf(order, deck);
    const need = needOf(obs.variant, 'pick');
    const picker = auction.find((a) => a.type === 'pick')?.seat;
    const allPassedFirst = picker !== undefined && passedBefore(firstBid).size >= obs.view.players - 1;
    if (picker !== undefined && others(picker) && !allPassedFirst)
      facts.push({ seat: picker, holds: (h) => score(h) >= need - 1 - AUCTION.slack, says: 'picker is strong' });
    for (const s of passedBefore(firstBid))
      if (others(s) && !exchanged.has(s))
        facts.push({ seat: s, holds: (h) => score(h) < need + AUCTION.slack, says: 'passer is weak' });
    return facts;
  }
  if (contract !== null && declarer !== undefined && others(declarer)) {
    const forced = hints.forcedAfterAllPass === true && passedBefore(firstBid).size >= obs.view.players - 1;
    if (!forced && goalOf(obs.variant, contract) !== 'each-low') {
      const margin = marginOf(obs.variant, obs.options, contract, deck);
      facts.push({
        seat: declarer,
        holds: (h) => margin(h) >= -AUCTION.slack,
        says: `declarer holds ${contract.game}`,
      });
    }
  }
  const called = k.partnerCard;
  if (
    hints.callerHoldsCalledSuit === true &&
    AUCTION.callerHolds === 1 &&
    contract?.suit !== undefined &&
    called !== undefined &&
    declarer !== undefined &&
    others(declarer)
  ) {
    const suit = k.order.effSuit[called] as number;
    if (suit !== TRUMP)
      facts.push({
        seat: declarer,
        holds: (h) => h.some((c) => c !== called && k.order.effSuit[c] === suit),
        says: 'caller holds the called suit',
        hard: true,
      });
  }
  // Games a passer would have named.
  const named = hints.passerGames;
  const games = marginGames(obs.variant).filter((c) =>
    named !== undefined ? named.includes(c.game) : goalOf(obs.variant, c) === 'points',
  );
  const scorers = games.map((c) => marginOf(obs.variant, obs.options, c, deck));
  const weak = (h: readonly CardIndex[]): boolean => scorers.every((m) => m(h) < AUCTION.slack);
  const told = over !== undefined ? tellingPassers : passedBefore(firstBid);
  for (const s of told)
    if (others(s) && s !== declarer && !exchanged.has(s) && !bidders.has(s))
      facts.push({ seat: s, holds: weak, says: 'passer is weak' });
  return facts;
}

/**
 * How many facts a sampled deal breaks (hands at the auction: the sampled hand plus the seat's played cards); a hard
 * fact counts more than all the others together.
 */
export function brokenFacts(
  facts: readonly AuctionFact[],
  k: Knowledge,
  hands: readonly (readonly CardIndex[])[],
): number {
  let broken = 0;
  for (const f of facts) {
    if (!f.holds(auctionHand(k, hands, f.seat))) broken += f.hard === true ? facts.length + 1 : 1;
  }
  return broken;
}

/** A seat's hand at the auction in a sample: its sampled hand and the cards it has played. */
export function auctionHand(k: Knowledge, hands: readonly (readonly CardIndex[])[], seat: number): CardIndex[] {
  const hand = (hands[seat] ?? []).slice();
  for (const t of k.tricks) for (const p of t) if (p.seat === seat) hand.push(p.card);
  return hand;
}
