import { describe, expect, it } from 'vitest';
import {
  act,
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

// Five-handed, dealer 4, seat 0 forehand. Seat 2 holds A♥; the blind is 8♣ 7♥.
const D5 = 'QC QS JD AD 7C 9H | QH JC 10D AC 10C KS | QD JS KD AH 7S 8S | JH 9D 8D KC 9C 10H | 7D AS 10S 9S KH 8H';
const B5 = '8C 7H';

/** Seat 0 picks, buries 7♣ 8♣ and calls A♥ (seat 2). */
function calledHearts() {
  const s = deal(D5, B5);
  act(s, 0, pick());
  act(s, 0, bury('7C 8C'));
  act(s, 0, call('AH'));
  return s;
}

describe('picking (seed 002 "Pick and Win")', () => {
  it('starting at the dealer’s left each player in turn may pick the blind', () => {
    const s = deal(D5, B5);
    expect(turn(s)).toBe(0);
    expectIllegal(s, 1, pick(), /in turn from the dealer’s left/);
    act(s, 0, { type: 'pass' });
    expect(turn(s)).toBe(1);
    act(s, 1, pick());
    expect(s.hands[1]).toHaveLength(8);
    expect(sh.view(s, { kind: 'seat', seat: 1 }).hands[1]).toEqual(expect.arrayContaining(cards(B5)));
  });

  it('the picker buries as many cards as the blind had, and may bury cards from the blind', () => {
    const s = deal(D5, B5);
    act(s, 0, pick());
    expectIllegal(s, 0, bury('7C'), /as many cards as he took from the blind \(2\)/);
    expectIllegal(s, 0, bury('7C AS'), /must come from the hand/);
    act(s, 0, bury('8C 7H'));
    expect(s.hands[0]).toHaveLength(6);
  });

  it('buried cards are hidden from every other seat until the deal is over', () => {
    const s = deal(D5, B5);
    act(s, 0, pick());
    act(s, 0, bury('7C 8C'));
    const buried = s.log.find((a) => a.action.type === 'bury')!;
    expect(sh.redactAction(s, 0, buried.action, { kind: 'seat', seat: 1 })).toEqual({ type: 'bury', cards: [] });
    expect(sh.redactAction(s, 0, buried.action, { kind: 'seat', seat: 0 })).toEqual(bury('7C 8C'));
  });
});

describe('called ace (seed 002 "Identifying a Partner"; docs/rules/sheepshead.md)', () => {
  it('the picker must hold a card of the called fail suit (hold card) after burying', () => {
    const s = deal(D5, B5);
    act(s, 0, pick());
    act(s, 0, bury('7C 8C'));
    expectIllegal(s, 0, call('AC'), /must hold a card of the called suit/);
    expectIllegal(s, 0, call('AS'), /must hold a card of the called suit/);
    expectIllegal(s, 0, call('AD'), /fail ace/);
    act(s, 0, call('AH'));
    expect(s.partner).toBe(2);
  });

  it('the picker may not call an ace he holds or buried', () => {
    // Seat 1 picks (seat 0 passes): he holds A♣, so he cannot call clubs.
    const s = deal(D5, B5);
    act(s, 0, { type: 'pass' });
    act(s, 1, pick());
    act(s, 1, bury('10C 8C'));
    expectIllegal(s, 1, call('AC'), /may not call an ace he holds/);
    const t = deal(D5, B5);
    act(t, 0, { type: 'pass' });
    act(t, 1, pick());
    act(t, 1, bury('AC 7H'));
    expectIllegal(t, 1, call('AC'), /may not call an ace he buried/);
  });

  it('the partner is secret until the called ace is played (only he knows)', () => {
    const s = calledHearts();
    expect(sh.view(s, { kind: 'seat', seat: 3 }).declarers).toEqual([0]);
    expect(sh.view(s, { kind: 'spectator' }).declarers).toEqual([0]);
    expect(sh.view(s, { kind: 'seat', seat: 2 }).declarers).toEqual([0, 2]);
    expect(sh.view(s, { kind: 'seat', seat: 2 }).extra?.partner).toBe(true);
    expect(sh.view(s, { kind: 'seat', seat: 3 }).extra?.partner).toBeUndefined();
    play(s, 'QC QH QD JH 7D / QS JC JS 9D KH / 9H 10D');
    expect(sh.view(s, { kind: 'seat', seat: 3 }).declarers).toEqual([0]);
    play(s, 'AH');
    expect(sh.view(s, { kind: 'seat', seat: 3 }).declarers).toEqual([0, 2]);
  });

  it('the partner must play the called ace the first time its suit is led', () => {
    const s = calledHearts();
    play(s, 'QC QH QD JH 7D / QS JC JS 9D KH');
    act(s, 0, playCard('9H'));
    act(s, 1, playCard('10D'));
    expect(playable(s)).toEqual(cards('AH'));
    expectIllegal(s, 2, playCard('7S'), /must play the called card A♥/);
  });

  it('the partner may not discard the called ace before its suit was led', () => {
    const s = calledHearts();
    // Trick 1 trumps: seat 2 follows; trick 2: seat 4 is void in trump.
    play(s, 'QC QH QD JH 7D / QS JC JS 9D');
    expect(playable(s)).toEqual(cards('AS 10S 9S KH 8H'));
    // Seat 2 void in clubs at a club lead keeps A♥.
    const t = calledHearts();
    play(t, 'QC QH QD JH 7D / QS JC JS 9D KH / 9H 10D AH 10H 8H');
    act(t, 1, playCard('AC'));
    expect(playable(t)).toEqual(cards('KD 7S 8S'));
  });

  it('the picker keeps his last card of the called suit until the suit is led (hold card)', () => {
    // Seat 0 buries 7♣ 7♥ and keeps one heart (9♥); void in spades he may not throw it.
    const s = deal(D5, B5);
    act(s, 0, pick());
    act(s, 0, bury('7C 7H'));
    act(s, 0, call('AH'));
    play(s, '8C AC 7S KC 9S');
    expect(turn(s)).toBe(1);
    play(s, 'KS 8S 9C AS');
    expect(playable(s)).toEqual(cards('QC QS JD AD'));
    expectIllegal(s, 0, playCard('9H'), /may not discard his last card of the called suit/);
  });

  it('a full deal settles 2:1 between picker and partner (seed 002 "Keeping Score", 5-handed split)', () => {
    const s = calledHearts();
    play(s, 'QC QH QD JH 7D / QS JC JS 9D KH / 9H 10D AH 10H 8H');
    play(s, 'AC KD KC 9S JD / AD 10C 7S 8D 10S / 7H KS 8S 9C AS');
    const r = result(s);
    expect(r.cardPoints).toEqual([89, 31, 0, 0, 0]);
    expect(r.declarers).toEqual([0, 2]);
    expect(r.won).toBe(true);
    expect(r.schneider).toBe(false);
    expect(r.money).toEqual([2, -1, 1, -1, -1]);
  });
});
