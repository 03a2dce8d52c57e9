import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Action, Rng, type Seat, getVariant, money } from '../../../engine/index.js';
import { type BotBudget, budgetForMs, getBot } from '../../../engine/bots/index.js';
import type { SeatObservation } from '../../../engine/bots/types.js';
import { asSeat } from '../../../engine/seat.js';

/**
 * Engine purity: a bot decides from its observation, its seed and its work budget — no clock. The same three give the
 * same decision, however long the machine takes (the old `now()` budget made `strong` depend on wall time).
 */

/** Heuristic bots play a deal of `variantId` until the `stopAt`-th decision; the observation and legal actions there. */
function positionAt(variantId: string, seats: number, seed: number, stopAt: number) {
  const variant = getVariant(variantId)!;
  const options = variant.resolveOptions(undefined, {}, seats);
  const players = variant.participants(options, seats, 0).length;
  const rng = new Rng(seed);
  const layout = variant.deal(options, players, 0, rng.shuffle(variant.deck(options, players)));
  const state = variant.start(options, players, 0, layout, { bock: 1, pot: money.ZERO });
  const histories: { seat: Seat; action: Action }[][] = Array.from({ length: players }, () => []);
  const heuristic = getBot('heuristic');
  for (let step = 0; ; step++) {
    const seat = variant.toAct(state)[0];
    if (seat === undefined) return undefined;
    const legal = variant.legalActions(state, seat);
    const obs: SeatObservation = {
      variant: variantId,
      options,
      seat,
      view: variant.view(state, { kind: 'seat', seat }),
      history: histories[seat]!.slice(),
    };
    if (step >= stopAt && legal.length > 1) return { obs, legal };
    const action = heuristic.decide(obs, legal, { rng, budget: budgetForMs(0) });
    for (let s = 0; s < players; s++)
      histories[s]!.push({
        seat,
        action: variant.redactAction(state, seat, action, { kind: 'seat', seat: asSeat(s) }),
      });
    variant.apply(state, seat, action, true);
  }
}

describe('bot work budget', () => {
  it('turns a time budget into work that grows with the time', () => {
    const small = budgetForMs(20);
    const large = budgetForMs(200);
    expect(small.samples).toBeGreaterThanOrEqual(1);
    expect(large.samples).toBeGreaterThan(small.samples);
    expect(large.nodes).toBeGreaterThan(small.nodes);
    expect(large.rollouts).toBeGreaterThan(small.rollouts);
    expect(budgetForMs(-5)).toEqual(budgetForMs(0));
  });

  for (const [variantId, seats] of [
    ['schafkopf', 4],
    ['sheepshead', 5],
  ] as const)
    it(`strong in ${variantId}: the same observation, seed and budget give the same decision`, () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 1, max: 1_000_000 }),
          fc.integer({ min: 0, max: 30 }),
          fc.record({
            samples: fc.integer({ min: 1, max: 12 }),
            rollouts: fc.integer({ min: 0, max: 10 }),
            nodes: fc.integer({ min: 0, max: 20_000 }),
          }),
          (seed, stopAt, budget: BotBudget) => {
            const at = positionAt(variantId, seats, seed, stopAt);
            fc.pre(at !== undefined);
            const decide = (): Action =>
              getBot('strong').decide(at!.obs, at!.legal, { rng: new Rng(`${seed}:decide`), budget });
            const first = decide();
            expect(at!.legal).toContainEqual(first);
            expect(decide()).toEqual(first);
          },
        ),
        { numRuns: 15, seed: 19 },
      );
    });
});
