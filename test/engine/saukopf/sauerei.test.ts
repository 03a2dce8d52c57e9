import { describe, expect, it } from 'vitest';
import {
  PASS,
  playOut,
  act,
  bid,
  cards,
  deal,
  expectIllegal,
  play,
  playCard,
  playable,
  result,
  saukopf,
  turn,
} from './helpers.js';
import { asSeat } from '../../../engine/seat.js';
import type { Seat } from '../../../engine/seat.js';

// Seat 0 calls the Eichel Sau (his Suchkarte: E7); seat 2 holds it with two Suchkarten (EZ EK).
const D_P = 'EO GO HO EU HA E7 G9 S9 | SO GU HZ HK GA GZ GK S7 | EA EZ EK HU H9 G8 SA SZ | SU H8 H7 E9 E8 G7 SK S8';
// Seat 2 holds the Eichel Sau with three Suchkarten (EZ EK E9).
const D_RUN = 'EO GO HO EU HA E7 G9 S9 | SO GU HZ HK GA GZ GK S7 | EA EZ EK E9 HU H9 SA SZ | SU H8 H7 G8 E8 G7 SK S8';
// Seat 2 holds the Eichel Sau and no Gras.
const D_AB = 'EO GO HO EU HA E7 G9 G8 | SO GU HZ HK GA GZ GK S7 | EA EZ EK HU H9 S9 SA SZ | SU H8 H7 E9 E8 G7 SK S8';

const sauerei = (suit: 'E' | 'G' | 'S', value: number | 'schwarz' = 61, declarer: Seat = 0) =>
  ({ declarer, bid: value, game: 'sauerei', suit }) as const;

/** Seat 0 (forehand) wins the Grunzen with `value`; the others pass. */
function won(text: string, value = 61, dealer = 3) {
  const s = deal(text, { dealer: asSeat(dealer) });
  const forehand = (dealer + 1) % 4;
  for (let i = 0; i < 4; i++) {
    const seat = (forehand + i) % 4;
    act(s, asSeat(seat), seat === 0 ? bid(value) : PASS);
  }
  return s;
}

describe('Sauereien (seed 004 "Sauereien", "Rufsauregeln")', () => {
  it('Rufsau: the called Sau may not be the Herz Sau', () => {
    const s = won(D_P);
    expectIllegal(s, 0, { type: 'announce', game: 'sauerei', suit: 'H' }, /may not be the Herz Sau/);
  });

  it('Suchkarte: the Spieler must hold a card of the Rufsau’s suit other than the Sau (Ober/Unter do not count)', () => {
    const s = won(D_P);
    // Seat 0 holds G9 and S9: Gras and Schellen can be called; Eichel too (E7).
    act(s, 0, { type: 'announce', game: 'sauerei', suit: 'E' });
    // Seat 1 holds no Eichel and no Schellen except S7 (and SO, a trump).
    const s1 = deal(D_P, { dealer: 0 });
    act(s1, 1, bid(61));
    for (const seat of [2, 3, 0]) act(s1, asSeat(seat), PASS);
    expectIllegal(s1, 1, { type: 'announce', game: 'sauerei', suit: 'E' }, /Suchkarte/);
    act(s1, 1, { type: 'announce', game: 'sauerei', suit: 'S' });
  });

  it('the Spielerpartei is the Spieler and the Rufsau holder; their tricks count together', () => {
    const s = deal(D_P, { contract: sauerei('E') });
    expect(s.party).toEqual([true, false, true, false]);
    // Until the Rufsau shows, the others see only the Spieler.
    expect(saukopf.view(s, { kind: 'seat', seat: 1 }).declarers).toEqual([0]);
    expect(saukopf.view(s, { kind: 'seat', seat: 2 }).declarers).toEqual([0, 2]);
  });

  it('Sich zeigen: the holder may lead the Rufsau at any time', () => {
    const s = deal(D_P, { dealer: 1, contract: sauerei('E') });
    expect(turn(s)).toBe(2);
    expect(playable(s)).toContain('EA');
    play(s, 'EA');
    expect(saukopf.view(s, { kind: 'seat', seat: 1 }).declarers).toEqual([0, 2]);
  });

  it('Davonlaufen: with fewer than 3 Suchkarten the holder may not lead a Suchkarte', () => {
    const s = deal(D_P, { dealer: 1, contract: sauerei('E') });
    expect(playable(s)).toEqual(cards('EA HU H9 G8 SA SZ'));
    expectIllegal(s, 2, playCard('EZ'), /at least 3 Suchkarten.*Davonlaufen/);
  });

  it('Davonlaufen: with 3 Suchkarten the holder may lead one, and is free of Suchen and Abferkelverbot afterwards', () => {
    const s = deal(D_RUN, { dealer: 1, contract: sauerei('E') });
    expect(playable(s)).toEqual(cards('EA EZ EK E9 HU H9 SA SZ'));
    // E9 E8 E7 and seat 1's GA (no Eichel): the E9 takes the trick.
    play(s, 'E9 E8 E7 GA');
    expect(turn(s)).toBe(2);
    // Having run away he may lead the Sau, a Suchkarte or anything.
    expect(playable(s)).toEqual(cards('EA EZ EK HU H9 SA SZ'));
  });

  it('Suchen: a Suchkarte led, the holder must play the Rufsau even when the trick is trumped', () => {
    const s = deal(D_P, { contract: sauerei('E') });
    play(s, 'E7 GU');
    expect(playable(s)).toEqual(['EA']);
    expectIllegal(s, 2, playCard('EZ'), /must play the Rufsau EA when a Suchkarte is led \(Suchen\)/);
  });

  it('Suchen binds at every Suchkarte lead until the Sau is played or the holder ran away', () => {
    const s = deal(D_RUN, { contract: sauerei('E') });
    // Seat 0 leads E7: seat 2 must give EA.
    play(s, 'E7 GU');
    expect(playable(s)).toEqual(['EA']);
  });

  it('Abferkelverbot: no Suchkarte led, the holder may not throw the Rufsau before the last trick', () => {
    const s = deal(D_AB, { contract: sauerei('E') });
    play(s, 'G9 GA');
    // Seat 2 has no Gras: anything but the Sau.
    expect(playable(s)).toEqual(cards('EZ EK HU H9 S9 SA SZ'));
    expectIllegal(s, 2, playCard('EA'), /Abferkelverbot/);
  });

  it('after running away the holder may throw the Sau on another lead', () => {
    const s = deal(D_RUN, { dealer: 1, contract: sauerei('E') });
    play(s, 'E9 E8 E7 GA');
    play(s, 'SA S8 S9 S7');
    // Seat 2 leads again (SA won); he is free.
    expect(turn(s)).toBe(2);
    play(s, 'HU');
    play(s, 'SU EO');
    expect(s.ranAway).toBe(true);
  });

  it('Unreine Sauerei: calling a Sau one holds (with a Suchkarte) — he plays alone and is bound by the Rufsau rules', () => {
    const u = deal(D_P, { dealer: 1, contract: sauerei('E', 61, 2) });
    expect(u.unreine).toBe(true);
    expect(u.party).toEqual([false, false, true, false]);
    expect(saukopf.view(u, { kind: 'seat', seat: 1 }).declarers).toEqual([2]);
    // He may not search (lead a Suchkarte) with two Suchkarten, but may show the Sau.
    expect(turn(u)).toBe(2);
    expect(playable(u)).toEqual(cards('EA HU H9 G8 SA SZ'));
    expectIllegal(u, 2, playCard('EK'), /Davonlaufen/);
  });

  it('Unreine Sauerei can be forbidden by option', () => {
    const s = deal(D_P, { options: { unreine: false }, dealer: 1 });
    act(s, 2, bid(61));
    for (const seat of [3, 0, 1]) act(s, asSeat(seat), PASS);
    expectIllegal(s, 2, { type: 'announce', game: 'sauerei', suit: 'E' }, /Unreine Sauerei is not played/);
  });

  it('Sauereien need four players (Dreihaxer)', () => {
    const s = deal(
      'EO GO HO SO EU GU HU SU EA EZ | EK E9 E8 E7 GA GZ GK G9 G8 G7 | HA HZ HK H9 H8 H7 SA SZ SK S9 | S8 S7',
    );
    act(s, 0, bid(61));
    act(s, 1, PASS);
    act(s, 2, PASS);
    act(s, 0, PASS);
    expectIllegal(s, 0, { type: 'announce', game: 'sauerei', suit: 'G' }, /not allowed in a Dreihaxer/);
  });
});

describe('Rauborstige Sauerei and Stallgeruch (seed 004)', () => {
  it('with a bid of 75 or more the Mitspieler may announce Stallgeruch while holding all his cards', () => {
    const s = deal(D_P, { contract: sauerei('E', 75) });
    expect(saukopf.legalActions(s, 2)).toContainEqual({ type: 'stallgeruch' });
    expectIllegal(s, 1, { type: 'stallgeruch' }, /only the Mitspieler/);
    act(s, 2, { type: 'stallgeruch' });
    expect(saukopf.view(s, { kind: 'seat', seat: 1 }).declarers).toEqual([0, 2]);
    expectIllegal(s, 2, { type: 'stallgeruch' }, /already/);
  });

  it('not below 75, and not after the Mitspieler has played a card', () => {
    const s = deal(D_P, { contract: sauerei('E', 74) });
    expectIllegal(s, 2, { type: 'stallgeruch' }, /75 or more/);
    const t = deal(D_P, { contract: sauerei('E', 'schwarz') });
    play(t, 'EO SO HU');
    expectIllegal(t, 2, { type: 'stallgeruch' }, /holding all cards/);
  });

  it('not in an Unreine Sauerei (there is no Mitspieler)', () => {
    const s = deal(D_P, { contract: sauerei('E', 80, 2) });
    expectIllegal(s, 2, { type: 'stallgeruch' }, /with a Mitspieler/);
  });

  it('won: the Mitspieler pays the Spieler 3, outside the bowl; lost: the Spieler pays the Mitspieler 3', () => {
    const s = deal(D_P, { contract: sauerei('E', 75) });
    act(s, 2, { type: 'stallgeruch' });
    playOut(s);
    const r = result(s);
    const bowl = r.details!.bowl as number;
    const m = 2 ** (r.details!.bolzenschuesse as number);
    const stall = r.won ? 3 : -3;
    expect(r.money[0]).toBe((r.won ? bowl : -bowl) * m + stall);
    expect(r.money[2]).toBe((r.won ? bowl : -bowl) * m - stall);
    expect(r.details!.stallgeruch).toBe(true);
  });
});
