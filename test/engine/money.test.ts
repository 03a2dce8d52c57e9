import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { money } from '../../engine/index.js';

describe('exact money', () => {
  it('reduces fractions and formats them as docs/RECORD.md payoutExact strings', () => {
    expect(money.format(money.rat(6, 4))).toBe('3/2');
    expect(money.format(money.rat(-4, 2))).toBe('-2');
    expect(money.format(money.rat(2, -3))).toBe('-2/3');
    expect(money.format(money.parse('10/15'))).toBe('2/3');
  });

  it('splitting a total among winners and back is exact and zero-sum', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000, max: 10_000 }), fc.integer({ min: 1, max: 7 }), (total, winners) => {
        const share = money.div(money.rat(total), winners);
        const back = money.sum(Array.from({ length: winners }, () => share));
        expect(money.format(back)).toBe(String(total));
        expect(money.isZero(money.add(back, money.rat(-total)))).toBe(true);
      }),
    );
  });

  it('rounds to 6 decimals only for the JSON number', () => {
    expect(money.toNumber(money.rat(1, 3))).toBe(0.333333);
    expect(money.toNumber(money.rat(-2, 3))).toBe(-0.666667);
  });
});
