import type { VariantBots } from '../../variant.js';
import type { SheepsheadOptions } from './options.js';

/** What the bots know of Sheepshead beyond its rules (engine/variant.ts `VariantBots`). */
export const sheepsheadBots: VariantBots<SheepsheadOptions> = {
  goals: { leaster: 'each-low' },
  // Pick and alone are actions, not games to weigh for a hand.
  bidding: { pick: { need: 7, worth: 1, weighed: false }, alone: { need: 14, worth: 2, weighed: false } },
  // The called ace (or the jack of diamonds): the picker may hold it himself as his "unknown" (going under).
  partnerCard: (c) => c.card,
  partnerCardOnFirstLead: true,
  declarerMayHoldPartnerCard: true,
  // All 120 points count, the buried cards for the picker's side; a Leaster and two-handed play are searched exactly.
  pointStepsCount: (players, c) =>
    players > 2 && c?.declarer !== undefined && c.game !== 'leaster' ? 'deck' : undefined,
  auction: { style: 'pick' },
};
