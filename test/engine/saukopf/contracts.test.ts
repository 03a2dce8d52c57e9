import { describe, expect, it } from 'vitest';
import { deal, expectIllegal, play, playCard, playOut, result } from './helpers.js';

const DM = 'EA E7 G7 G8 S7 S8 H7 H8 | EZ EK E9 E8 GA GZ EO GO | GK G9 SA SZ HO SO EU GU | SK S9 HU SU HA HZ HK H9';
const DG = 'EO GO HO SO EU GU HU SU | G7 G8 G9 GK GZ GA EA EZ | EK E9 E8 E7 HA HZ HK H9 | H8 H7 SA SZ SK S9 S8 S7';

describe('Schwarte and Mastschwein are played on while Schwarz can happen (seed 004 "Schwarz")', () => {
  it('Schwarte: the Spieler loses the first trick, play goes on; once he has a trick too, the deal ends', () => {
    const s = deal(DM, { contract: { declarer: 3, bid: 61, game: 'schwarte' } });
    // No trumps: the Eichel Unter is an Eichel card and must follow.
    play(s, 'EA E8 EU SK');
    expect(s.phase).toBe('play');
    // Herz led: Herz led, seat 3's HA takes the HO.
    play(s, 'H7 EO HO HA');
    const r = result(s);
    expect(r.won).toBe(false);
    expect(r.schwarz).toBe(false);
    expect(r.cardPoints).toEqual([17, 0, 0, 17]);
    // Only Spiel 5: the loser pays 5, three winners share it.
    expect(r.money).toEqual([1.666667, 1.666667, 1.666667, -5]);
    expect(r.details!.pointsOutOfPlay).toBe(86);
    expectIllegal(s, 0, playCard('G7'), /deal is over/);
  });

  it('an Augen contract is played to the end even when decided', () => {
    const s = deal(DM, { contract: { declarer: 3, bid: 'schwarz', game: 'keiler', suit: 'H' } });
    play(s, 'EA E8 GK SK');
    expect(s.phase).toBe('play');
    playOut(s);
    expect(s.trickNo).toBe(8);
  });
});

describe('am Spieß Laufende start from the new top (seed 004 "Spieß")', () => {
  it('Gras Keiler: seat 1 holds G7 G8 G9 GK GZ GA — 6 Laufende am Spieß, ohne 8 (the Ober and Unter) without', () => {
    const spiess = deal(DG, { contract: { declarer: 1, bid: 61, game: 'keiler', suit: 'G', spiess: true } });
    playOut(spiess);
    expect(result(spiess).laufende).toBe(6);
    const plain = deal(DG, { contract: { declarer: 1, bid: 61, game: 'keiler', suit: 'G' } });
    playOut(plain);
    expect(result(plain).laufende).toBe(8);
  });

  it('Knorpel: always 1 Laufender (the named trump lies with the Nichtspieler)', () => {
    const s = deal(DG, { contract: { declarer: 1, bid: 61, game: 'knorpel', card: 'HA' } });
    playOut(s);
    expect(result(s).laufende).toBe(1);
  });

  it('Schwarte has no Laufende; in a Mastschwein they are not counted', () => {
    for (const game of ['schwarte', 'mastschwein'] as const) {
      const s = deal(DG, { contract: { declarer: 1, bid: 61, game } });
      playOut(s);
      expect(result(s).laufende).toBe(0);
    }
  });
});
