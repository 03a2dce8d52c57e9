import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Rng, money, playRandomDeal, scoreRecord, toRecord } from '../../../engine/index.js';
import { saukopf } from './helpers.js';
import { asSeat } from '../../../engine/seat.js';

/** Every random deal, exported as a docs/RECORD.md record (Grunzen, Trog, Spielansage, kicks, plays), settles the same. */
describe('Saukopf records replay (score)', () => {
  for (const players of [3, 4])
    it(`${players} players: toRecord → scoreRecord reproduces the payout`, () => {
      const o = saukopf.resolveOptions(undefined, {}, players);
      fc.assert(
        fc.property(fc.integer(), (seed) => {
          const deal = playRandomDeal(
            saukopf,
            o,
            players,
            asSeat(Math.abs(seed) % players),
            new Rng(seed),
            undefined,
            true,
          );
          const record = toRecord({
            variant: 'saukopf',
            seats: players,
            dealer: deal.dealer,
            layout: deal.layout,
            actions: deal.actions,
          });
          const out = scoreRecord(JSON.parse(JSON.stringify(record))) as Record<string, unknown>;
          expect(out.error).toBeUndefined();
          expect(out.complete).toBe(true);
          expect(out.payout).toEqual(deal.result.payout.map(money.toNumber));
          expect(out.cardPoints).toEqual(deal.result.cardPoints);
        }),
        { numRuns: 80 },
      );
    });
});
