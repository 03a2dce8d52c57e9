import { describe, expect, it } from 'vitest';
import {
  type Setup,
  act,
  alone,
  bury,
  call,
  deal,
  expectIllegal,
  passes,
  pick,
  play,
  result,
  sh,
  turn,
} from './helpers.js';

const D5 = 'QC QS JD AD 7C 9H | QH JC 10D AC 10C KS | QD JS KD AH 7S 8S | JH 9D 8D KC 9C 10H | 7D AS 10S 9S KH 8H';
const B5 = '8C 7H';
// A leaster of D5: seat 1 takes tricks 1–2 (39), seat 0 tricks 3–6 (81); seats 2–4 take nothing.
const LEASTER_PLAY =
  '7C 10C AH 9C KH / KS 7S 10H 9S 9H / AC 8S KC 8H AD / QC QH QD JH 7D / QS JC JS 9D 10S / JD 10D KD 8D AS';

describe('leaster (seed 002 "Least"; docs/rules/sheepshead.md)', () => {
  it('when nobody picks, a leaster is played: fewest points wins, having taken a trick; 1 from each', () => {
    const s = deal(D5, B5);
    passes(s, 5);
    expect(s.phase).toBe('play');
    expect(turn(s)).toBe(0);
    play(s, LEASTER_PLAY);
    const r = result(s);
    expect(r.contract).toEqual({ game: 'leaster' });
    expect(r.cardPoints).toEqual([81, 39, 0, 0, 0]);
    expect(r.tricks).toEqual([4, 2, 0, 0, 0]);
    expect(r.money).toEqual([-1, 4, -1, -1, -1]);
  });

  it('without the trick requirement, a tie for fewest points pays nothing', () => {
    const s = deal(D5, B5, { options: { leaster: { mustTakeTrick: false } } });
    passes(s, 5);
    play(s, LEASTER_PLAY);
    const r = result(s);
    expect(r.money).toEqual([0, 0, 0, 0, 0]);
    expect(r.details?.tie).toEqual([2, 3, 4]);
  });

  it('the leaster stake is an option; the blind may go to the winner of the last trick', () => {
    // Blind 8♣ 7♥ has no points; swap in 10♥ for the test: seat 3 holds 7♥ instead.
    const s = deal(
      'QC QS JD AD 7C 9H | QH JC 10D AC 10C KS | QD JS KD AH 7S 8S | JH 9D 8D KC 9C 7H | 7D AS 10S 9S KH 8H',
      '8C 10H',
      { options: { leaster: { stake: 2, blind: 'last-trick' } } },
    );
    passes(s, 5);
    play(s, '7C 10C AH 9C KH / KS 7S 7H 9S 9H / AC 8S KC 8H AD / QC QH QD JH 7D / QS JC JS 9D 10S / JD 10D KD 8D AS');
    const r = result(s);
    // Seat 0 won the last trick and takes the blind's 10 points (81 + 10).
    expect(r.cardPoints).toEqual([91, 29, 0, 0, 0]);
    expect(r.money).toEqual([-2, 8, -2, -2, -2]);
  });
  it('the dealer may name a trick before play whose winner takes the blind and may look at it (leaster.blind)', () => {
    const s = deal(
      'QC QS JD AD 7C 9H | QH JC 10D AC 10C KS | QD JS KD AH 7S 8S | JH 9D 8D KC 9C 7H | 7D AS 10S 9S KH 8H',
      '8C 10H',
      { options: { leaster: { blind: 'dealer-trick' } } },
    );
    passes(s, 5);
    expect(turn(s)).toBe(4);
    expectIllegal(s, 4, { type: 'choose', choice: 'trick-7' }, /from trick-1 to trick-6/);
    expectIllegal(s, 0, { type: 'choose', choice: 'trick-1' }, /only the dealer/);
    act(s, 4, { type: 'choose', choice: 'trick-1' });
    expect(turn(s)).toBe(0);
    play(s, '7C 10C AH 9C KH');
    // Seat 1 took trick 1: it holds the blind and may look at it; nobody else sees it.
    expect(sh.view(s, { kind: 'seat', seat: 1 }).extra?.blind).toEqual(['E8', 'HZ']);
    expect(sh.view(s, { kind: 'seat', seat: 0 }).extra?.blind).toBeUndefined();
    play(s, 'KS 7S 7H 9S 9H / AC 8S KC 8H AD / QC QH QD JH 7D / QS JC JS 9D 10S / JD 10D KD 8D AS');
    const r = result(s);
    expect(r.cardPoints).toEqual([81, 39, 0, 0, 0]);
    expect(r.money).toEqual([-1, 4, -1, -1, -1]);
  });
});

describe('doubler and forced pick (seed 002 "Variations")', () => {
  it('doubler: nobody picks, the hand is thrown in and redealt by the same dealer at double stakes', () => {
    const s = deal(D5, B5, { options: { noPick: 'doubler' } });
    passes(s, 5);
    const r = result(s);
    expect(r.thrownIn).toBe('doubler');
    expect(r.money).toEqual([0, 0, 0, 0, 0]);
    expect(sh.session(s.o).repeatDealer(r)).toBe(true);
    // The doubled hand (multiplier 2 from the table) pays double.
    const d = deal(D5, B5, { options: { noPick: 'doubler' }, bock: 2 });
    act(d, 0, pick());
    act(d, 0, bury('7C 8C'));
    act(d, 0, call('AH'));
    play(d, 'QC QH QD JH 7D / QS JC JS 9D KH / 9H 10D AH 10H 8H / AC KD KC 9S JD / AD 10C 7S 8D 10S / 7H KS 8S 9C AS');
    expect(result(d).money).toEqual([4, -2, 2, -2, -2]);
  });

  it('forced pick: when everyone else passed the dealer must pick', () => {
    const s = deal(D5, B5, { options: { noPick: 'forced-pick' } });
    passes(s, 4);
    expect(turn(s)).toBe(4);
    expectIllegal(s, 4, { type: 'pass' }, /dealer must pick \(forced pick\)/);
    act(s, 4, pick());
    expect(s.forced).toBe(true);
  });

  it('forced pick: the loss is not doubled when the table waives it (forcedPick.noDoubleOnLoss)', () => {
    const s = deal(D5, B5, { options: { noPick: 'forced-pick', forcedPick: { noDoubleOnLoss: true } } });
    passes(s, 4);
    act(s, 4, pick());
    act(s, 4, bury('8C 7H'));
    act(s, 4, alone());
    // The forced dealer (seat 4) takes no trick: 3 per defender, not doubled on the bump.
    const cardsPlayed =
      'QC QH QD JH 7D / QS JC JS 9D KH / 9H 10D AH 10H 8H / AC KD KC 9S 7C / 7S 9C AS JD KS / AD 10C 8S 8D 10S';
    play(s, cardsPlayed);
    const r = result(s);
    expect(r.won).toBe(false);
    expect(r.schwarz).toBe(true);
    expect(r.details?.doubledOnBump).toBe(false);
    expect(r.money).toEqual([3, 3, 3, 3, -12]);
    // Without the waiver the loss is doubled.
    const t = deal(D5, B5, { options: { noPick: 'forced-pick' } });
    passes(t, 4);
    act(t, 4, pick());
    act(t, 4, bury('8C 7H'));
    act(t, 4, alone());
    play(t, cardsPlayed);
    expect(result(t).money).toEqual([6, 6, 6, 6, -24]);
  });
});

describe('crack, re-crack and blitz (seed 002 "Crack and Recrack"; docs/rules/sheepshead.md "Doublings")', () => {
  const opts = { options: { crack: { enabled: true }, blitz: true } };
  function calledHearts(setup: Setup = opts) {
    const s = deal(D5, B5, setup);
    act(s, 0, pick());
    act(s, 0, bury('7C 8C'));
    act(s, 0, call('AH'));
    return s;
  }
  it('a player denied the chance to pick may crack before the first card (×2); the picker re-cracks (×2)', () => {
    const s = calledHearts();
    expectIllegal(s, 2, { type: 'crack' }, /picker and his partners cannot crack/);
    expectIllegal(s, 0, { type: 'recrack' }, /answers a crack/);
    act(s, 3, { type: 'crack' });
    expectIllegal(s, 1, { type: 'crack' }, /already been cracked/);
    act(s, 0, { type: 'recrack' });
    play(s, 'QC QH QD JH 7D / QS JC JS 9D KH / 9H 10D AH 10H 8H / AC KD KC 9S JD / AD 10C 7S 8D 10S / 7H KS 8S 9C AS');
    const r = result(s);
    expect(r.multiplier).toBe(4);
    expect(r.money).toEqual([8, -4, 4, -4, -4]);
  });
  it('a player who passed had his chance and may not crack (crack.who denied); any defender with who=defenders', () => {
    const s = deal(D5, B5, opts);
    act(s, 0, { type: 'pass' });
    act(s, 1, pick());
    act(s, 1, bury('8C 7H'));
    act(s, 1, alone());
    expectIllegal(s, 0, { type: 'crack' }, /had no chance to pick/);
    expect(sh.check(s, 2, { type: 'crack' })).toBeUndefined();
    const t = deal(D5, B5, { options: { crack: { enabled: true, who: 'defenders' } } });
    act(t, 0, { type: 'pass' });
    act(t, 1, pick());
    act(t, 1, bury('8C 7H'));
    act(t, 1, alone());
    expect(sh.check(t, 0, { type: 'crack' })).toBeUndefined();
  });
  it('re-cracking can be switched off (crack.recrack)', () => {
    const s = calledHearts({ options: { crack: { enabled: true, recrack: false }, blitz: false } });
    act(s, 3, { type: 'crack' });
    expectIllegal(s, 0, { type: 'recrack' }, /not played at this table \(crack.recrack\)/);
  });
  it('no crack after the first card, and none when the table does not crack', () => {
    const s = calledHearts();
    play(s, 'QC');
    expectIllegal(s, 3, { type: 'crack' }, /before the first card/);
    const t = calledHearts({ options: {} } as typeof opts);
    expectIllegal(t, 3, { type: 'crack' }, /not played at this table/);
  });
  it('blitz: showing both black queens on one’s turn to pick doubles; the cards are hidden as ids from others', () => {
    const s = deal(D5, B5, opts);
    expectIllegal(s, 0, { type: 'blitz', cards: ['HO', 'SO'] }, /needs both queens in hand/);
    act(s, 0, { type: 'blitz', cards: ['EO', 'GO'] });
    expectIllegal(s, 0, { type: 'blitz', cards: ['EO', 'GO'] }, /each pair blitzes once/);
    act(s, 0, pick());
    act(s, 0, bury('7C 8C'));
    act(s, 0, call('AH'));
    expect(sh.view(s, { kind: 'seat', seat: 1 }).extra?.blitzes).toEqual([{ seat: 0, queens: 'black' }]);
    play(s, 'QC QH QD JH 7D / QS JC JS 9D KH / 9H 10D AH 10H 8H / AC KD KC 9S JD / AD 10C 7S 8D 10S / 7H KS 8S 9C AS');
    expect(result(s).money).toEqual([4, -2, 2, -2, -2]);
  });
});
