import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Rng, indexOf, money } from '../../../engine/index.js';
import { pickAction } from '../../../engine/sim.js';
import { ORDER } from '../../../engine/variants/sheepshead/rules.js';
import type { ShState } from '../../../engine/variants/sheepshead/state.js';
import { sh } from './helpers.js';
import { asSeat } from '../../../engine/seat.js';

/** Play a random deal, calling `each` before every action with the state and the action about to be applied. */
function randomDeal(
  players: number,
  seed: number,
  options: unknown,
  each: (s: ShState, seat: number, card: number | undefined) => void,
): ShState {
  const o = sh.resolveOptions(undefined, options, players);
  const rng = new Rng(seed);
  const dealer = seed % players;
  const layout = sh.deal(o, players, asSeat(dealer), rng.shuffle(sh.deck(o, players)));
  const s = sh.start(o, players, asSeat(dealer), layout, { bock: 1, pot: money.ZERO });
  for (let guard = 0; guard < 500 && !sh.isOver(s); guard++) {
    const seat = sh.toAct(s)[0]!;
    const action = pickAction(sh.legalActions(s, seat), rng);
    each(s, seat, action.type === 'play' ? indexOf(action.card) : undefined);
    sh.apply(s, seat, action);
  }
  expect(sh.isOver(s)).toBe(true);
  return s;
}

describe('called-ace obligations hold in random five-handed deals (seed 002; docs/rules/sheepshead.md)', () => {
  it('the partner plays the called card in the first trick that leads its suit; the picker keeps a hold card', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (seed) => {
        randomDeal(5, seed, {}, (s, seat, card) => {
          if (card === undefined || s.hold === 'none' || (s.calledLedTrick >= 0 && s.calledLedTrick < s.trickNo))
            return;
          const firstLeadNow = s.calledLedTrick === s.trickNo;
          if (firstLeadNow && seat === s.partner && s.hands[seat]!.includes(s.calledCard))
            expect(card).toBe(s.calledCard);
          if (s.calledLedTrick < 0 && seat === s.picker && s.hold === 'ace' && s.trickNo < s.tricksInDeal - 1) {
            // Before the suit is led the picker keeps at least one card of it, unless he leads it now.
            const leading = s.trickCards.length === 0;
            const left = s.hands[seat]!.filter((c) => c !== card && ORDER.effSuit[c] === s.calledSuit).length;
            if (!leading) expect(left).toBeGreaterThan(0);
          }
        });
      }),
      { numRuns: 60 },
    );
  });

  it('every defender pays the same 1, 2 or 3 (doubled when they win); the picker side shares it 2:1', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (seed) => {
        const s = randomDeal(5, seed, {}, () => undefined);
        const r = sh.result(s);
        if (r.contract?.game === 'leaster') return;
        const defenders = r.payout.filter((_, i) => !r.declarers.includes(asSeat(i))).map(money.toNumber);
        const each = defenders[0]!;
        for (const d of defenders) expect(d).toBe(each);
        const level = r.schwarz ? 3 : r.schneider ? 2 : 1;
        expect(Math.abs(each)).toBe(level * (r.won ? 1 : 2));
        const side = r.declarers.reduce((a: number, i) => a + (r.cardPoints[i] ?? 0), 0);
        expect(r.won).toBe(side >= 61);
        if (r.declarers.length === 2) {
          const [p, q] = r.declarers.map((i) => money.toNumber(r.payout[i]!));
          const picker = r.declarers.indexOf(s.picker!);
          expect(picker === 0 ? p : q).toBe(2 * (picker === 0 ? q! : p!));
        }
      }),
      { numRuns: 80 },
    );
  });
});
