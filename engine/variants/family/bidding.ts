import type { BidRule } from '../../variant.js';

/** A game the heuristic bot never bids. */
export const NEVER: BidRule = { need: Infinity, worth: 0 };

/**
 * The heuristic bot's bidding rules Schafkopf and Mehrkopf share (engine/variants/<id>/bots.ts): the partner game, the
 * solos (worth 3), no Hochzeit, Sie always (no choice of the hand, so never weighed).
 */
export const FAMILY_BIDDING = {
  sauspiel: { need: 7, worth: 1 },
  solo: { need: 10.5, worth: 3 },
  wenz: { need: 7, worth: 3 },
  geier: { need: 7, worth: 3 },
  hochzeit: NEVER,
  sie: { need: 0, worth: 9, weighed: false },
} as const satisfies Readonly<Record<string, BidRule>>;
