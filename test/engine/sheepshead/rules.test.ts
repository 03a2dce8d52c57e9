import { describe, expect, it } from 'vitest';
import {
  act,
  alone,
  bury,
  call,
  cards,
  deal,
  expectIllegal,
  passes,
  pick,
  playable,
  playCard,
  turn,
} from './helpers.js';

const D5 = 'QC QS JD AD 7C 9H | QH JC 10D AC 10C KS | QD JS KD AH 7S 8S | JH 9D 8D KC 9C 10H | 7D AS 10S 9S KH 8H';
const B5 = '8C 7H';

describe('playing a hand (seed 002 "Playing a hand")', () => {
  it('the player at the dealer’s left leads, whoever picked', () => {
    const s = deal(D5, B5);
    act(s, 0, { type: 'pass' });
    act(s, 1, pick());
    act(s, 1, bury('8C 10C'));
    act(s, 1, call('AH'));
    expect(turn(s)).toBe(0);
  });
  it('trump is a suit of its own and must be followed; queens and jacks are trump, not their suits', () => {
    const s = deal(D5, B5);
    passes(s, 5);
    act(s, 0, playCard('QC'));
    expect(playable(s)).toEqual(cards('QH JC 10D'));
    expectIllegal(s, 1, playCard('AC'), /must follow trump/);
  });
  it('a led fail suit must be followed; J♣ is no club', () => {
    const s = deal(D5, B5);
    passes(s, 5);
    act(s, 0, playCard('7C'));
    expect(playable(s)).toEqual(cards('AC 10C'));
    expectIllegal(s, 1, playCard('JC'), /must follow suit/);
    act(s, 1, playCard('10C'));
    // Void in clubs: fail off or trump, as he likes.
    expect(playable(s)).toEqual(cards('QD JS KD AH 7S 8S'));
  });
  it('cards of another fail suit never win; the highest trump, else the highest card of the led suit, wins', () => {
    const s = deal(D5, B5);
    passes(s, 5);
    for (const c of ['7C', '10C', 'AH', '9C', 'KH']) act(s, turn(s), playCard(c));
    expect(turn(s)).toBe(1);
    for (const c of ['AC', '8S', 'KC', '8H', 'AD']) act(s, turn(s), playCard(c));
    expect(turn(s)).toBe(0);
  });
});

describe('four-handed with a partner (seed 002: "table rules specify whether the picker may have a partner")', () => {
  it('partner called-ace: the picker takes four, buries four and calls an ace', () => {
    const s = deal(
      'QC QS QH QD JC JS JH | JD AD 10D KD 9D 8D 7D | AC 10C KC 9C AS 10S KS | AH 10H KH 9H 8C 7C 9S',
      '8S 7S 8H 7H',
      { options: { partner: 'called-ace' } },
    );
    act(s, 0, pick());
    act(s, 0, bury('JH 8S 7S 8H'));
    act(s, 0, call('AH'));
    expect(s.partner).toBe(3);
    expect(s.party).toEqual([true, false, false, true]);
  });
});

describe('forced pick with the jack of diamonds (seed 002 "Dealer forced to pick")', () => {
  const jdForced = (callUp: boolean) =>
    deal(D5, B5, {
      dealer: 0,
      options: { partner: 'jack-of-diamonds', noPick: 'forced-pick', forcedPick: { callUp } },
    });
  it('the forced dealer holding J♦ may call up J♥', () => {
    const s = jdForced(true);
    passes(s, 4);
    act(s, 0, pick());
    act(s, 0, bury('7C 8C'));
    act(s, 0, call('JH'));
    expect(s.partner).toBe(3);
  });
  it('… unless the table does not allow it: then he plays alone', () => {
    const s = jdForced(false);
    passes(s, 4);
    act(s, 0, pick());
    act(s, 0, bury('7C 8C'));
    expectIllegal(s, 0, call('JH'), /calling up is not allowed/);
    act(s, 0, alone());
    expect(s.game).toBe('alone');
  });
});
