import { type Action, type AnyVariant, seatsOf } from '../../engine/index.js';
import { walkRandomDeals } from '../../engine/sim.js';

/**
 * Every distinct action random deals of every preset and table size offer a seat (`offered`), and every applied action
 * as a spectator sees it (`seen`: redacted, e.g. a Hochzeit's card left out). A few deals per configuration.
 */
export function actionsOf(variant: AnyVariant, deals = 6): { offered: Action[]; seen: Action[] } {
  const offered = new Map<string, Action>();
  const seen = new Map<string, Action>();
  walkRandomDeals(variant, deals, 'actions', {
    before: ({ state, parts }) => {
      for (const seat of seatsOf(parts))
        for (const a of variant.legalActions(state, seat)) offered.set(JSON.stringify(a), a);
    },
    after: ({ state, seat, action }) => {
      const redacted = variant.redactAction(state, seat, action, { kind: 'spectator' });
      seen.set(JSON.stringify(redacted), redacted);
    },
  });
  return { offered: [...offered.values()], seen: [...seen.values()] };
}
