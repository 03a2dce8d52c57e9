import { describe, expect, it } from 'vitest';
import { Rng, type Seat, getVariant, nextSeat, playRandomDeal } from '../../engine/index.js';

/** Point games only: no Tout, Sie, Bettel, Ramsch, Leaster or two-handed Sheepshead (their payout does not step). */
const POINT_GAMES: Record<string, readonly string[]> = {
  schafkopf: ['sauspiel', 'hochzeit', 'solo', 'wenz', 'geier', 'farbwenz', 'farbgeier'],
  mehrkopf: ['sauspiel', 'farbspiel', 'hochzeit', 'solo', 'geier', 'wenz', 'niederer'],
  sheepshead: ['called-ace', 'jack-of-diamonds', 'alone', 'black-queens'],
};

describe('pointSteps: the card-point steps each variant declares are those its settlement pays by', () => {
  it('Schafkopf 31 / 61 / 91 of 120, Mehrkopf at five players 38 / 75 / 112 of 148, Sheepshead 31 / 61 / 91', () => {
    const steps = (id: string, players: number, played: number) => {
      const v = getVariant(id);
      if (v?.pointSteps === undefined) throw new Error(`${id} declares no point steps`);
      return v.pointSteps(v.resolveOptions(undefined, {}, players), players, played);
    };
    expect(steps('schafkopf', 4, 120)).toEqual({ free: 31, win: 61, schneider: 91 });
    expect(steps('mehrkopf', 5, 148)).toEqual({ free: 37, win: 75, schneider: 112 });
    expect(steps('sheepshead', 5, 120)).toEqual({ free: 31, win: 61, schneider: 91 });
    // Saukopf plays to its bid: no steps.
    expect(getVariant('saukopf')?.pointSteps).toBeUndefined();
  });

  for (const [id, players, preset, overrides] of [
    ['schafkopf', 4, undefined, {}],
    ['schafkopf', 4, undefined, { schneiderBelow: { declarers: 30, defenders: 31 } }],
    ['mehrkopf', 4, undefined, {}],
    ['mehrkopf', 5, undefined, { schneider: 'schafkopf' }],
    ['mehrkopf', 6, undefined, {}],
    ['sheepshead', 5, undefined, {}],
    ['sheepshead', 3, undefined, { buryCredit: 'if-trick' }],
    ['sheepshead', 6, undefined, { schneider: { picker: 30, defenders: 31 } }],
  ] as const)
    it(`${id} ${players} ${JSON.stringify(overrides)}: won and Schneider of random deals follow the steps`, () => {
      // prepare
      const variant = getVariant(id);
      if (variant?.pointSteps === undefined) throw new Error(`${id} declares no point steps`);
      const options = variant.resolveOptions(preset, overrides, players);
      const rng = new Rng(`point-steps/${id}/${players}/${JSON.stringify(overrides)}`);
      let dealer: Seat = 0;
      let checked = 0;
      for (let d = 0; d < 300; d++) {
        // act
        const { result } = playRandomDeal(variant, options, players, dealer, rng);
        dealer = nextSeat(dealer, players);
        const game = result.contract?.game;
        if (game === undefined || !(POINT_GAMES[id] ?? []).includes(game) || result.contract?.tout === true) continue;
        if (result.details?.['mussSpiel'] === true) continue;
        // assess: the declaring party's points (buried cards credited) against the steps of the points in play
        const side = result.declarers.reduce<number>((a, s) => a + (result.cardPoints[s] ?? 0), 0);
        const played = result.cardPoints.reduce((a, p) => a + p, 0);
        const steps = variant.pointSteps(options, players, played);
        expect(result.won, `${game}: ${side} of ${played}`).toBe(side >= steps.win);
        expect(result.schneider, `${game}: ${side} of ${played}`).toBe(
          result.won ? side >= steps.schneider : side < steps.free,
        );
        checked++;
      }
      expect(checked).toBeGreaterThan(5);
    });
});
