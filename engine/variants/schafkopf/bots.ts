import type { Card } from '../../cards/card.js';
import type { VariantBots } from '../../variant.js';
import { FAMILY_BIDDING } from '../family/bidding.js';
import type { SchafkopfOptions } from './options.js';

/** What the bots know of Bavarian Schafkopf beyond its rules (engine/variant.ts `VariantBots`). */
export const schafkopfBots: VariantBots<SchafkopfOptions> = {
  goals: { bettel: 'no-trick', 'bettel-brett': 'no-trick', ramsch: 'each-low' },
  bidding: {
    ...FAMILY_BIDDING,
    wenz: { need: 6.5, worth: 3 },
    farbwenz: { need: 10.5, worth: 2.5 },
    farbgeier: { need: 10.5, worth: 2.5 },
    bettel: { need: 10, worth: 2 },
    'bettel-brett': { need: 10, worth: 2.2 },
  },
  // The called Sau (a renonce call names its card).
  partnerCard: (c) => (c.game !== 'sauspiel' ? undefined : c.suit !== undefined ? (`${c.suit}A` as Card) : c.card),
  partnerCardOnFirstLead: true,
  pointStepsCount: () => 'in-play',
  // A pass tells no Solo or Wenz while only Sauspiele were bid (a Solo still outbids them); the caller holds the
  // called suit (R3, ./rules.ts `sauspielBlock`).
  auction: { passerGames: ['solo', 'wenz'], passesTellOver: ['sauspiel'], callerHoldsCalledSuit: true },
};
