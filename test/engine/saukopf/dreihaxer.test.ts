import { describe, expect, it } from 'vitest';
import { PASS, act, deal, bid, expectIllegal, play, playOut, result, saukopf, turn } from './helpers.js';
import { Rng } from '../../../engine/index.js';
import { asSeat } from '../../../engine/seat.js';

const D3 = 'EO GO HO SO EU GU HU SU EA EZ | EK E9 E8 E7 GA GZ GK G9 G8 G7 | HA HZ HK H9 H8 H7 SA SZ SK S9 | S8 S7';

/** Seat 1 wins the Grunzen (seat 0 forehand passes, seat 2 passes). */
function seat1Wins(value = 61, text = D3) {
  const s = deal(text);
  act(s, 0, PASS);
  act(s, 1, bid(value));
  act(s, 2, PASS);
  return s;
}

describe('Dreihaxer (seed 004 "Dreihaxer")', () => {
  it('deals ten cards each and lays the other two open', () => {
    const o = saukopf.resolveOptions(undefined, {}, 3);
    const layout = saukopf.deal(o, 3, 2, new Rng(7).shuffle(saukopf.deck(o, 3)));
    expect(layout.hands.map((h) => h.length)).toEqual([10, 10, 10]);
    expect(layout.blind).toHaveLength(2);
    const s = deal(D3);
    for (const seat of [0, 1, 2])
      expect(saukopf.view(s, { kind: 'seat', seat: asSeat(seat) }).blind).toEqual(['S8', 'S7']);
  });

  it('the winner of the Grunzen chooses mit or ohne Trog before the Spielansage', () => {
    const s = seat1Wins();
    expect(s.phase).toBe('trog');
    expect(turn(s)).toBe(1);
    expectIllegal(s, 1, { type: 'announce', game: 'eber' }, /announced by the winner/);
    const legal = saukopf.legalActions(s, 1);
    expect(legal[0]).toEqual(PASS);
    // 12 cards (hand + Trog): 66 ways to lay two away.
    expect(legal.filter((a) => a.type === 'trog')).toHaveLength(66);
  });

  it('mit Trog: the declarer takes the two cards and lays any two away — a trick of his with their Augen', () => {
    const s = seat1Wins();
    expectIllegal(s, 1, { type: 'trog', cards: ['S8'] }, /exactly two/);
    expectIllegal(s, 1, { type: 'trog', cards: ['S8', 'EO'] }, /hand or the Trog/);
    act(s, 1, { type: 'trog', cards: ['GA', 'GZ'] });
    expect(s.tricks[1]).toBe(1);
    expect(s.points[1]).toBe(21);
    expect(s.hands[1]).toContain(s.open[0]);
    expect(s.hands[1]).toHaveLength(10);
    // The open cards are gone from the table; the laid-away cards are seen by the declarer only.
    expect(saukopf.view(s, { kind: 'seat', seat: 0 }).blind).toBeNull();
    expect(saukopf.redactAction(s, 1, { type: 'trog', cards: ['GA', 'GZ'] }, { kind: 'seat', seat: 0 })).toEqual({
      type: 'trog',
      cards: [],
    });
    expect(saukopf.view(s, { kind: 'seat', seat: 1 }).extra).toMatchObject({ trog: 'mit', laidAway: ['GA', 'GZ'] });
    expect(saukopf.view(s, { kind: 'seat', seat: 0 }).extra).not.toHaveProperty('laidAway');
  });

  it('ohne Trog (pass): the open cards stay open and count for nobody', () => {
    const s = seat1Wins();
    act(s, 1, PASS);
    expect(saukopf.view(s, { kind: 'seat', seat: 2 }).blind).toEqual(['S8', 'S7']);
    act(s, 1, { type: 'announce', game: 'eber' });
    // Forehand (seat 0) leads the first trick, not the declarer.
    expect(turn(s)).toBe(0);
  });

  it('Sauereien are forbidden; a Knorpel may not name an open card (it must lie in an opponent’s hand)', () => {
    const s = seat1Wins();
    act(s, 1, PASS);
    expectIllegal(s, 1, { type: 'announce', game: 'sauerei', suit: 'E' }, /Dreihaxer/);
    expectIllegal(s, 1, { type: 'announce', game: 'knorpel', card: 'S8' }, /opponent’s hand/);
    expectIllegal(s, 1, { type: 'announce', game: 'knorpel', card: 'EK' }, /opponent’s hand/);
    act(s, 1, { type: 'announce', game: 'knorpel', card: 'HA' });
  });

  it('mit Trog a laid-away card cannot be the Knorpel trump', () => {
    const s = seat1Wins();
    act(s, 1, { type: 'trog', cards: ['S8', 'GA'] });
    expectIllegal(s, 1, { type: 'announce', game: 'knorpel', card: 'S8' }, /opponent’s hand/);
  });

  it('a Mastschwein mit Trog cannot be won (the Trog is a trick); it ends once the others have a trick', () => {
    const s = seat1Wins();
    act(s, 1, { type: 'trog', cards: ['S8', 'S7'] });
    act(s, 1, { type: 'announce', game: 'mastschwein' });
    play(s, 'EO G7 H7');
    const r = result(s);
    expect(r.won).toBe(false);
    expect(r.tricks).toEqual([1, 1, 0]);
    // Lost mit Trog: automatic Bolzenschuss. c = 5 → 10, shared by two: 5 each.
    expect(r.multiplier).toBe(2);
    expect(r.money).toEqual([5, -10, 5]);
  });

  it('ohne Trog a lost game carries no automatic Bolzenschuss', () => {
    const s = seat1Wins();
    act(s, 1, PASS);
    act(s, 1, { type: 'announce', game: 'mastschwein' });
    // Seat 0 leads EA, seat 1 follows with E7, seat 2 trumps with H7: the Nichtspieler have a trick, play goes on.
    play(s, 'EA E7 H7');
    playOut(s);
    const r = result(s);
    expect(r.multiplier).toBe(1);
  });
});
