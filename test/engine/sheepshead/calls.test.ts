import { describe, expect, it } from 'vitest';
import {
  act,
  alone,
  bury,
  call,
  cards,
  deal,
  expectIllegal,
  pick,
  play,
  playable,
  playCard,
  result,
  sh,
  turn,
} from './helpers.js';

// The picker (seat 0) holds all three fail aces: he may call a ten (seed 002; docs/rules/sheepshead.md).
const D_TEN = 'AC AS AH QC QS 7H | QH JC 10H KH 9C KD | QD JS JH 10C KC 8S | JD AD 10D 9H 8H 7C | 7S 8D 7D 10S KS 9S';
// The picker (seat 0) holds only clubs with A♣: he calls the "unknown" with an under card.
const D_UNK = 'QC QS JD AD AC 7C | QH JC 10D AH 10H KH | QD JS KD 10C KC 7S | JH 9D 8D 9H 8H 7H | 7D AS 10S KS 9S 8S';
const D5 = 'QC QS JD AD 7C 9H | QH JC 10D AC 10C KS | QD JS KD AH 7S 8S | JH 9D 8D KC 9C 10H | 7D AS 10S 9S KH 8H';

describe('calling a ten (seed 002: "If the picker holds all three aces … he may then call a ten")', () => {
  function tenCalled() {
    const s = deal(D_TEN, '8C 9D');
    act(s, 0, pick());
    act(s, 0, bury('8C 9D'));
    return s;
  }
  it('holding all three fail aces the picker may call a ten, not an ace', () => {
    const s = tenCalled();
    expectIllegal(s, 0, call('AH'), /may not call an ace he holds/);
    act(s, 0, call('10H'));
    expect(s.partner).toBe(1);
    expect(s.hold).toBe('ten');
  });
  it('a ten may not be called without all three aces, nor when the table forbids it', () => {
    const s = deal(D5, '8C 7H');
    act(s, 0, pick());
    act(s, 0, bury('7C 8C'));
    expectIllegal(s, 0, call('10H'), /only when holding all three fail aces/);
    const t = deal(D_TEN, '8C 9D', { options: { calledAce: { ten: false } } });
    act(t, 0, pick());
    act(t, 0, bury('8C 9D'));
    expectIllegal(t, 0, call('10H'), /not allowed at this table \(calledAce.ten\)/);
  });
  it('the picker leads the called suit only with its ace, and must bring the ace at its first lead', () => {
    const s = tenCalled();
    act(s, 0, call('10H'));
    expect(playable(s)).toEqual(cards('AC AS AH QC QS'));
    expectIllegal(s, 0, playCard('7H'), /only with its ace/);
    // A♠ is trumped by A♦ (seat 3), who then leads 9♥.
    play(s, 'AS KD 8S AD 10S');
    expect(turn(s)).toBe(3);
    play(s, '9H 8D');
    expect(playable(s)).toEqual(cards('AH'));
    expectIllegal(s, 0, playCard('7H'), /must bring the ace of the called suit/);
    act(s, 0, playCard('AH'));
    // The partner holding the called ten must play it, not K♥.
    expect(playable(s)).toEqual(cards('10H'));
    expectIllegal(s, 1, playCard('KH'), /must play the called card 10♥/);
  });
  it('the partner holding the called ten leads hearts only with the ten (he cannot run)', () => {
    const s = tenCalled();
    act(s, 0, call('10H'));
    // Seat 1 trumps A♠ with K♦ and leads next.
    play(s, 'AS KD 8S 7C 10S');
    expect(turn(s)).toBe(1);
    expect(playable(s)).toEqual(cards('QH JC 10H 9C'));
    expectIllegal(s, 1, playCard('KH'), /leads the called suit only with the called card 10♥/);
  });
});

describe('the "unknown" (seed 002: an under card when the picker has the aces of every fail suit he holds)', () => {
  function unknownCalled() {
    const s = deal(D_UNK, '8C 9C');
    act(s, 0, pick());
    act(s, 0, bury('8C 9C'));
    return s;
  }
  it('the call names a suit he lacks and a face-down under card from his hand', () => {
    const s = unknownCalled();
    expectIllegal(s, 0, call('AH'), /lacking it he may call the unknown with an under card/);
    expectIllegal(s, 0, call('AC'), /may not call an ace he holds/);
    act(s, 0, call('AH', '7C'));
    // The under card lies apart: not in the hand, still counted among the picker's cards.
    const own = sh.view(s, { kind: 'seat', seat: 0 });
    expect(own.hands[0]).not.toContain('E7');
    expect(own.handCounts[0]).toBe(6);
    expect(sh.view(s, { kind: 'seat', seat: 0 }).extra?.under).toBe('E7');
    expect(sh.view(s, { kind: 'seat', seat: 1 }).extra?.under).toBeUndefined();
    const logged = s.log.find((a) => a.action.type === 'call')!;
    expect(sh.redactAction(s, 0, logged.action, { kind: 'seat', seat: 2 })).toEqual({ type: 'call', card: 'HA' });
  });
  it('the unknown is not offered when the picker could call normally, nor when the table forbids it', () => {
    const s = deal(D5, '8C 7H');
    act(s, 0, pick());
    act(s, 0, bury('7C 8C'));
    expectIllegal(s, 0, call('AS', 'QC'), /only for a called suit the picker lacks|only when the picker holds the ace/);
    const t = deal(D_UNK, '8C 9C', { options: { calledAce: { unknown: false } } });
    act(t, 0, pick());
    act(t, 0, bury('8C 9C'));
    expectIllegal(t, 0, call('AH', '7C'), /calledAce.unknown/);
  });
  it('the under card is played at the first lead of the called suit and has no trick-winning power', () => {
    const s = unknownCalled();
    act(s, 0, call('AH', '7C'));
    play(s, 'QC QH QD JH 7D');
    // Seat 0 may lead the under card too (it leads the called suit).
    expect(playable(s)).toEqual(cards('QS JD AD AC 7C'));
    play(s, 'JD JC JS 9D 8S');
    expect(turn(s)).toBe(1);
    play(s, 'AH 7S 9H 9S');
    expect(playable(s)).toEqual(cards('7C'));
    act(s, 0, playCard('7C'));
    expect(s.tricks[1]).toBe(2);
  });
  it('led by the picker, the under card leads the called suit: the partner must play the ace', () => {
    const s = unknownCalled();
    act(s, 0, call('AH', '7C'));
    act(s, 0, playCard('7C'));
    expect(playable(s)).toEqual(cards('AH'));
    play(s, 'AH 7S 9H 8S');
    expect(turn(s)).toBe(1);
  });
});

describe('jack of diamonds partner (seed 002 "Identifying a Partner")', () => {
  const jd = { options: { partner: 'jack-of-diamonds' } };
  it('the holder of J♦ is the partner', () => {
    const s = deal(D5, '8C 7H', jd);
    act(s, 0, { type: 'pass' });
    act(s, 1, pick());
    act(s, 1, bury('8C 7H'));
    act(s, 1, call('JD'));
    expect(s.partner).toBe(0);
    expect(sh.view(s, { kind: 'seat', seat: 2 }).declarers).toEqual([1]);
    expect(sh.view(s, { kind: 'seat', seat: 0 }).declarers).toEqual([0, 1]);
  });
  it('a picker holding J♦ plays alone unless the table lets him call up the next jack', () => {
    const s = deal(D5, '8C 7H', jd);
    act(s, 0, pick());
    act(s, 0, bury('7C 8C'));
    expectIllegal(s, 0, call('JD'), /holds the jack of diamonds/);
    expectIllegal(s, 0, call('JH'), /calling up is not allowed/);
    expect(sh.legalActions(s, 0)).toEqual([{ type: 'alone' }]);
    const t = deal(D5, '8C 7H', { options: { partner: 'jack-of-diamonds', jackOfDiamonds: { callUp: 'always' } } });
    act(t, 0, pick());
    act(t, 0, bury('7C 8C'));
    expectIllegal(t, 0, call('JS'), /next higher jack he does not hold/);
    act(t, 0, call('JH'));
    expect(t.partner).toBe(3);
  });
  it('call up from the blind: J♦ found in the blind lets the picker call J♥', () => {
    const s = deal(
      'QC QS 8C AD 7C 9H | QH JC 10D AC 10C KS | QD JS KD AH 7S 8S | JH 9D 8D KC 9C 10H | 7D AS 10S 9S KH 8H',
      'JD 7H',
      { options: { partner: 'jack-of-diamonds', jackOfDiamonds: { callUp: 'from-blind' } } },
    );
    act(s, 0, pick());
    act(s, 0, bury('7C 8C'));
    act(s, 0, call('JH'));
    expect(s.partner).toBe(3);
  });
  it('going alone: no partner; announced before the first lead', () => {
    const s = deal(D5, '8C 7H', jd);
    act(s, 0, { type: 'pass' });
    act(s, 1, pick());
    act(s, 1, bury('8C 7H'));
    act(s, 1, alone());
    expect(s.party.filter(Boolean)).toHaveLength(1);
    expectIllegal(s, 1, alone(), /announced after burying, before the lead/);
  });
  it('a full jack-of-diamonds deal: the J♦ holder shares the win 2:1', () => {
    const s = deal(D5, '8C 7H', jd);
    act(s, 0, { type: 'pass' });
    act(s, 1, pick());
    act(s, 1, bury('8C 7H'));
    act(s, 1, call('JD'));
    play(s, 'QC QH QD JH 7D / QS JC JS 9D KH / 9H 10D AH 10H 8H');
    // Seat 0 won 11 + 11 = 22; seat 1 won trick 3 (31).
    expect(s.points.slice(0, 2)).toEqual([22, 31]);
    play(s, 'AC KD KC 9S 7C / 7S 9C AS JD KS / AD 10C 8S 8D 10S');
    const r = result(s);
    expect(r.declarers).toEqual([0, 1]);
    expect(r.cardPoints).toEqual([70, 31, 19, 0, 0]);
    // 101 points: the defenders (19) are schneidered, two each; picker 4, partner 2.
    expect(r.schneider).toBe(true);
    expect(r.money).toEqual([2, 4, -2, -2, -2]);
  });
});
