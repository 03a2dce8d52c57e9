import { describe, expect, it } from 'vitest';
import { type Action, listVariants, seatsOf } from '../../engine/index.js';
import { walkRandomDeals } from '../../engine/sim.js';

// engine/sim.ts `pickAction` (random bots, playouts, simulations) picks a type, then an action of that type, and
// relies on every legal-action list keeping each type in one run: a list whose first and last entries share a type
// is taken as one group without a scan.

/** The action types of `legal` that appear in more than one run (empty when the list is grouped by type). */
function splitTypes(legal: readonly Action[]): string[] {
  const closed = new Set<string>();
  const split = new Set<string>();
  for (let i = 0; i < legal.length; i++) {
    const t = (legal[i] as Action).type;
    if (closed.has(t)) split.add(t);
    if (i + 1 === legal.length || (legal[i + 1] as Action).type !== t) closed.add(t);
  }
  return [...split];
}

describe('legal-action lists are grouped by type', () => {
  it('splitTypes finds a type in two runs', () => {
    const a = (type: string) => ({ type }) as unknown as Action;
    expect(splitTypes([a('pass'), a('bid'), a('bid')])).toEqual([]);
    expect(splitTypes([a('pass'), a('bid'), a('pass')])).toEqual(['pass']);
  });

  for (const variant of listVariants())
    it(`${variant.id}: every list of random deals of every preset and table size`, () => {
      let lists = 0;
      walkRandomDeals(variant, 4, 'grouped', {
        before: ({ state, parts }) => {
          for (const seat of seatsOf(parts)) {
            const legal = variant.legalActions(state, seat);
            lists++;
            const split = splitTypes(legal);
            if (split.length > 0) expect.fail(`${variant.id}: ${split.join(', ')} in more than one run`);
          }
        },
      });
      expect(lists).toBeGreaterThan(100);
    });
});
