import { describe, expect, it } from 'vitest';
import { money } from '../../../engine/index.js';
import { settle } from '../../../engine/variants/sheepshead/settle.js';
import type { ShState } from '../../../engine/variants/sheepshead/state.js';
import { act, alone, bury, call, deal, pick } from './helpers.js';

// Five-handed: seat 0 picks, buries 7♣ 8♣ (0 points) and calls A♥ (seat 2) or goes alone.
const D5 = 'QC QS JD AD 7C 9H | QH JC 10D AC 10C KS | QD JS KD AH 7S 8S | JH 9D 8D KC 9C 10H | 7D AS 10S 9S KH 8H';
const B5 = '8C 7H';

function picked(options: unknown = {}, how: 'call' | 'alone' = 'call'): ShState {
  const s = deal(D5, B5, { options });
  act(s, 0, pick());
  act(s, 0, bury('7C 8C'));
  act(s, 0, how === 'call' ? call('AH') : alone());
  return s;
}

/**
 * Settle as if the tricks had gone so: `points`/`tricks` per seat (a unit test of the score table; full deals are in
 * the golden records).
 */
function settled(s: ShState, points: number[], tricks: number[]): number[] {
  s.points = points;
  s.tricks = tricks;
  s.trickNo = 6;
  s.phase = 'done';
  return settle(s).payout.map(money.toNumber);
}

describe('keeping score, five-handed (seed 002 "Keeping Score"; docs/rules/sheepshead.md "Settlement" table)', () => {
  // Picker seat 0, partner seat 2; defenders 1, 3, 4.
  it('61–90: the defenders lose one each, picker +2, partner +1', () => {
    expect(settled(picked(), [40, 30, 21, 29, 0], [2, 1, 1, 2, 0])).toEqual([2, -1, 1, -1, -1]);
  });
  it('91 or more (defenders under 30, schneider): two each', () => {
    expect(settled(picked(), [80, 29, 11, 0, 0], [4, 1, 1, 0, 0])).toEqual([4, -2, 2, -2, -2]);
  });
  it('the defenders need only 30 to avoid schneider: 90–30 is one each', () => {
    expect(settled(picked(), [80, 30, 10, 0, 0], [4, 1, 1, 0, 0])).toEqual([2, -1, 1, -1, -1]);
  });
  it('all tricks (no-trick for the defenders, counted by tricks): three each', () => {
    expect(settled(picked(), [100, 0, 20, 0, 0], [5, 0, 1, 0, 0])).toEqual([6, -3, 3, -3, -3]);
  });
  it('60–60 is a win for the defenders (doubled on the bump: two each)', () => {
    expect(settled(picked(), [50, 30, 10, 30, 0], [3, 1, 0, 2, 0])).toEqual([-4, 2, -2, 2, 2]);
  });
  it('the challenger needs 31 to avoid schneider: 30 loses double, and double again on the bump', () => {
    expect(settled(picked(), [20, 30, 10, 30, 30], [1, 1, 1, 2, 1])).toEqual([-8, 4, -4, 4, 4]);
    expect(settled(picked(), [21, 30, 10, 30, 29], [1, 1, 1, 2, 1])).toEqual([-4, 2, -2, 2, 2]);
  });
  it('no trick for the picker side: three each, doubled on the bump', () => {
    expect(settled(picked(), [0, 30, 0, 60, 30], [0, 1, 0, 4, 1])).toEqual([-12, 6, -6, 6, 6]);
  });
  it('noTrickPickerPays: without a trick the picker pays it all, the partner nothing (docs/rules/sheepshead.md "Readings taken")', () => {
    expect(settled(picked({ noTrickPickerPays: true }), [0, 30, 0, 60, 30], [0, 1, 0, 4, 1])).toEqual([
      -18, 6, 0, 6, 6,
    ]);
  });
  it('schneider thresholds are options (symmetric 30/30: a picker side with 30 is not schneider)', () => {
    expect(settled(picked({ schneider: { picker: 30 } }), [20, 30, 10, 30, 30], [1, 1, 1, 2, 1])).toEqual([
      -4, 2, -2, 2, 2,
    ]);
    expect(settled(picked({ schneider: { defenders: 31 } }), [80, 30, 10, 0, 0], [4, 1, 1, 0, 0])).toEqual([
      4, -2, 2, -2, -2,
    ]);
  });
  it('doubleOnBump off: a loss costs what a win would (docs/rules/sheepshead.md "Readings taken")', () => {
    expect(settled(picked({ doubleOnBump: false }), [50, 30, 10, 30, 0], [3, 1, 0, 2, 0])).toEqual([-2, 1, -1, 1, 1]);
  });
  it('going alone: the picker takes (or pays) what all four defenders pay', () => {
    expect(settled(picked({}, 'alone'), [61, 30, 29, 0, 0], [3, 1, 2, 0, 0])).toEqual([4, -1, -1, -1, -1]);
    expect(settled(picked({}, 'alone'), [60, 30, 30, 0, 0], [3, 1, 2, 0, 0])).toEqual([-8, 2, 2, 2, 2]);
  });
  it('split equal: picker and partner share alike (exact fractions)', () => {
    const r = settled(picked({ split: 'equal' }), [40, 30, 21, 29, 0], [2, 1, 1, 2, 0]);
    expect(r).toEqual([1.5, -1, 1.5, -1, -1]);
  });
  it('the unit scales every payment', () => {
    expect(settled(picked({ unit: 5 }), [40, 30, 21, 29, 0], [2, 1, 1, 2, 0])).toEqual([10, -5, 5, -5, -5]);
  });
  it('every settlement is zero-sum', () => {
    for (const pts of [
      [40, 30, 21, 29, 0],
      [0, 30, 0, 60, 30],
      [100, 0, 20, 0, 0],
    ]) {
      const payout = settled(picked(), pts, [1, 1, 1, 1, 2]);
      expect(payout.reduce((a, b) => a + b, 0)).toBe(0);
    }
  });
});

describe('buried points (seed 002 "Pick and Win"; docs/rules/sheepshead.md "Readings taken")', () => {
  function buriedTen(options: unknown = {}): ShState {
    // Seat 0 holds 10♣ and buries it with 8♣: 10 points in the bury.
    const s = deal(
      'QC QS JD AD 10C 9H | QH JC 10D AC 7C KS | QD JS KD AH 7S 8S | JH 9D 8D KC 9C 10H | 7D AS 10S 9S KH 8H',
      B5,
      { options },
    );
    act(s, 0, pick());
    act(s, 0, bury('10C 8C'));
    act(s, 0, call('AH'));
    return s;
  }
  it('buried aces, tens and face cards count for the picker (default always)', () => {
    const s = buriedTen();
    s.points = [41, 30, 10, 29, 0];
    s.tricks = [2, 1, 1, 2, 0];
    s.trickNo = 6;
    s.phase = 'done';
    const r = settle(s);
    expect(r.cardPoints).toEqual([51, 30, 10, 29, 0]);
    expect(r.won).toBe(true);
  });
  it('buryCredit if-trick: no credit when the picker side took no trick', () => {
    const s = buriedTen({ buryCredit: 'if-trick' });
    s.points = [0, 50, 0, 30, 30];
    s.tricks = [0, 3, 0, 2, 1];
    s.trickNo = 6;
    s.phase = 'done';
    const r = settle(s);
    expect(r.cardPoints).toEqual([0, 50, 0, 30, 30]);
    expect(r.details?.pointsOutOfPlay).toBe(10);
    const t = buriedTen({ buryCredit: 'if-trick' });
    t.points = [1, 49, 0, 30, 30];
    t.tricks = [1, 3, 0, 1, 1];
    t.trickNo = 6;
    t.phase = 'done';
    expect(settle(t).cardPoints[0]).toBe(11);
  });
});
