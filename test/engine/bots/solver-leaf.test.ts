import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CARDS, POINTS, type Suit, compileOrder, getVariant } from '../../../engine/index.js';
import { type Candidate, trickOrderOf } from '../../../engine/bots/orders.js';
import { Solver, type SolverProblem, TranspositionTable } from '../../../engine/bots/solver.js';
import type { CompiledOrder } from '../../../engine/tricks/order.js';

/**
 * The solver's greedy leaf (`leaf: 'greedy'`): past the horizon the rest of the deal is played out by the move
 * ordering. Checked against the exact search where the play-out is forced (one trick left past the horizon), and for
 * the bounds any play-out keeps.
 */
const table = new TranspositionTable();

function orderIn(id: string, contract: Candidate | null): CompiledOrder {
  const variant = getVariant(id)!;
  return compileOrder(
    trickOrderOf(id, contract, variant.resolveOptions(variant.defaultPreset, {}, variant.tableSeats.min)),
  );
}

const ORDERS: CompiledOrder[] = [
  orderIn('schafkopf', { game: 'sauspiel', suit: 'E' }),
  orderIn('schafkopf', { game: 'wenz' }),
  orderIn('schafkopf', { game: 'solo', suit: 'G' as Suit }),
  orderIn('sheepshead', null),
];
const ALL = CARDS.map((_, i) => i);

/** A random position of n hands of `per` cards (2–4), part of the leader's trick played. */
const position = fc
  .record({
    o: fc.integer({ min: 0, max: ORDERS.length - 1 }),
    n: fc.integer({ min: 3, max: 5 }),
    per: fc.integer({ min: 2, max: 4 }),
    leaderRaw: fc.integer({ min: 0, max: 7 }),
    valueMaskRaw: fc.integer({ min: 1, max: 31 }),
    maxMaskRaw: fc.integer({ min: 1, max: 31 }),
    shuffled: fc.shuffledSubarray(ALL, { minLength: ALL.length, maxLength: ALL.length }),
    trickLen: fc.integer({ min: 0, max: 4 }),
  })
  .map(({ o, n, per, leaderRaw, valueMaskRaw, maxMaskRaw, shuffled, trickLen }): SolverProblem => {
    const order = ORDERS[o] as CompiledOrder;
    const cards = shuffled.filter((c) => (order.effSuit[c] as number) >= 0);
    const leader = leaderRaw % n;
    const full = (1 << n) - 1;
    const hands: number[][] = Array.from({ length: n }, (_, s) => cards.slice(s * per, (s + 1) * per));
    const trick: number[] = [];
    for (let i = 0; i < Math.min(trickLen, n - 1); i++) {
      const seat = (leader + i) % n;
      const hand = hands[seat] as number[];
      const led = trick[0];
      const follow = led === undefined ? [] : hand.filter((c) => order.effSuit[c] === order.effSuit[led]);
      const card = (follow.length > 0 ? follow : hand)[0] as number;
      hands[seat] = hand.filter((c) => c !== card);
      trick.push(card);
    }
    return { order, hands, trick, leader, valueMask: valueMaskRaw & full, maxMask: maxMaskRaw & full, unit: 'points' };
  });

/** Tricks left in a position, the open one included. */
const tricksLeft = (p: SolverProblem): number => Math.max(...p.hands.map((h) => h.length));

const legalCards = (p: SolverProblem): number[] => {
  const seat = (p.leader + p.trick.length) % p.hands.length;
  const hand = p.hands[seat] as number[];
  const led = p.trick[0];
  const follow = led === undefined ? [] : hand.filter((c) => p.order.effSuit[c] === p.order.effSuit[led]);
  return follow.length > 0 ? follow : hand.slice();
};

describe('solver: greedy leaf past the horizon', () => {
  it('equals the exact value when only the forced last trick lies past the horizon', () => {
    fc.assert(
      fc.property(position, (p) => {
        // prepare: the horizon one trick before the end
        const exact = new Solver({ ...p, table });
        const leafy = new Solver({ ...p, table, maxTricks: tricksLeft(p) - 1, leaf: 'greedy' });
        // act
        const cards = legalCards(p);
        const want = cards.map((c) => exact.valueAfter(c));
        const got = cards.map((c) => leafy.valueAfter(c));
        // assess
        expect(got).toEqual(want);
        expect(leafy.value()).toBe(exact.value());
      }),
      { numRuns: 300, seed: 28 },
    );
  });

  it('adds what a play-out takes to the look-ahead, and leaves the position as it found it', () => {
    fc.assert(
      fc.property(position, (p) => {
        // prepare: one trick of look-ahead, with and without the leaf
        const cards = legalCards(p);
        const total = [...p.trick, ...p.hands.flat()].reduce((a, c) => a + (POINTS[c] as number), 0);
        const horizon = new Solver({ ...p, table, maxTricks: 1 });
        const leafy = new Solver({ ...p, table, maxTricks: 1, leaf: 'greedy' });
        // act
        const first = cards.map((c) => leafy.valueAfter(c) as number);
        const again = cards.map((c) => leafy.valueAfter(c) as number);
        const bare = cards.map((c) => horizon.valueAfter(c) as number);
        // assess: card points are never negative here, so a play-out adds between 0 and the points left
        expect(again).toEqual(first);
        first.forEach((v, i) => {
          expect(v).toBeGreaterThanOrEqual(bare[i] as number);
          expect(v).toBeLessThanOrEqual(total);
        });
      }),
      { numRuns: 300, seed: 29 },
    );
  });
});
