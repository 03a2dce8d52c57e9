import { type Card, type CardIndex, POINTS } from '../../cards/card.js';
import type { Contract, StackSteps, VariantBots } from '../../variant.js';
import { FAMILY_BIDDING } from '../family/bidding.js';
import type { MehrkopfOptions } from './options.js';
import { totalPointsFor, trickOrder } from './orders.js';
import { laufendeOf } from './rules.js';
import { pointSteps } from './settle.js';

/**
 * Offiziersschafkopf's settlement (./settle.ts, two players, the game with a named trump suit) as steps of the
 * declarer's points, at the variant's own `pointSteps` (lost Schneider, won, won Schneider); each step pays the normal
 * tariff, the Schneider tariff on top, and the Laufende of the dealt cards (Ober, Unter, Gefreite from the top, either
 * party) from `laufendeMin`. Schwarz is paid as Schneider here. Undefined for anything else (the bot plays such a deal
 * out instead).
 */
function stackSteps(
  o: MehrkopfOptions,
  contract: Contract | null,
  dealt: readonly (readonly CardIndex[])[],
  seat: number,
): StackSteps | undefined {
  if (contract?.game !== 'farbspiel' || contract.tout === true || dealt.length !== 2) return undefined;
  const declarer = contract.declarer;
  if (declarer === undefined) return undefined;
  const total = totalPointsFor(2);
  let inPlay = 0;
  for (const h of dealt) for (const c of h) inPlay += POINTS[c] as number;
  if (inPlay !== total) return undefined;
  // The variant's own steps, the ones its settlement decides by (./settle.ts `pointSteps`).
  const steps = pointSteps(o, total, total);
  const thresholds = [steps.free, steps.win, steps.schneider];
  const party = dealt.map((_, s) => s === declarer);
  const runs = laufendeOf(dealt, party, trickOrder('normal', contract.suit ?? 'H').trumps);
  const extra = runs >= o.laufendeMin ? runs * o.tariff.laufende : 0;
  const value = [o.tariff.schneider, 0, 0, o.tariff.schneider].map((s) => o.tariff.normal + s + extra);
  const sign = seat === declarer ? 1 : -1;
  return { thresholds, payout: value.map((v, level) => sign * (level >= 2 ? v : -v)) };
}

/** What the bots know of Mehrkopf beyond its rules (engine/variant.ts `VariantBots`). */
export const mehrkopfBots: VariantBots<MehrkopfOptions> = {
  goals: { ramsch: 'each-low' },
  bidding: {
    ...FAMILY_BIDDING,
    sauspiel: { need: 6.5, worth: 1 },
    // The dealer's forced game, no choice of the hand.
    farbspiel: { need: 0, worth: 1, weighed: false },
    geier: { need: 7.5, worth: 3 },
    niederer: { need: 7.5, worth: 3 },
  },
  // The called Ace of a Sauspiel (./rules.ts `setupCalled`; the caller may not hold it, and its holder must bring it on
  // the first lead of its suit: the Bringregel). At 5/6 players the called Schöne makes a second partner the hook
  // cannot name: the bots take its holder for an opponent until it shows.
  partnerCard: (c) => (c.game === 'sauspiel' && c.suit !== undefined ? (`${c.suit}A` as Card) : undefined),
  partnerCardOnFirstLead: true,
  pointStepsCount: (players) => (players > 2 ? 'in-play' : undefined),
  // The Muss-Spiel after every pass is no sign of strength; the caller holds the called suit (./rules.ts `callBlock`).
  auction: { forcedAfterAllPass: true, callerHoldsCalledSuit: true },
  stackSteps,
};
