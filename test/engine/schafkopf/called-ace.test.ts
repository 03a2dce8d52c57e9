import { describe, expect, it } from 'vitest';
import { act, cards, deal, expectIllegal, playCard, play, playable, turn } from '../../support/schafkopf.js';

// Seat 0 calls the Eichel-Sau; seat 2 holds it with two more Eichel (EZ EK).
const D_P = 'EO GO HO EU HA E7 G9 S9 | SO GU HZ HK GA GZ GK S7 | EA EZ EK HU H9 G8 SA SZ | SU H8 H7 E9 E8 G7 SK S8';
// Seat 2 holds the Eichel-Sau with three more Eichel (four in all) and no Gras.
const D_RUN = 'EO GO HO EU HA E7 G9 S9 | SO GU HZ HK GA GZ GK S7 | EA EZ EK E9 HU H9 SA SZ | SU H8 H7 G8 E8 G7 SK S8';
// The called suit (Eichel) is never led before the last trick; seat 2 is void in Gras at trick 7.
const D_LATE = 'EO GO HO SO EU GU E7 GA | HA HZ HK G9 G8 G7 S8 S7 | EA HU H9 H8 SA SZ SK S9 | SU H7 EZ EK E9 E8 GZ GK';
const rufEichel = { declarer: 0, game: 'sauspiel', suit: 'E' } as const;

describe('called ace (docs/rules/schafkopf.md "Called ace")', () => {
  it('R1/R2/R3 calling conditions', () => {
    // Seat 0 is forehand (dealer 3) and bids first.
    const s = deal(D_P);
    expectIllegal(s, 0, { type: 'bid', game: 'sauspiel', suit: 'H' }, /R1/);
    const s2 = deal(D_P, { dealer: 1 });
    // R2: seat 2 holds the Eichel-Sau.
    expectIllegal(s2, 2, { type: 'bid', game: 'sauspiel', suit: 'E' }, /R2/);
    // Seat 2 holds G8 and lacks the Gras-Sau: a legal call.
    act(s2, 2, { type: 'bid', game: 'sauspiel', suit: 'G' });
    // R3: seat 1 holds no Eichel at all; an Ober/Unter of a suit does not count as a card of it.
    const s3 = deal(
      'EO EU GO HO HA HZ GA SA | SO GU HU SU HK H9 G9 S9 | EA EZ EK E9 E8 E7 GZ GK | H8 H7 G8 G7 SZ SK S8 S7',
      {
        dealer: 3,
      },
    );
    expectIllegal(s3, 0, { type: 'bid', game: 'sauspiel', suit: 'E' }, /R3/);
    // …but a single plain card of the suit is enough.
    const s4 = deal(D_P);
    act(s4, 0, { type: 'bid', game: 'sauspiel', suit: 'E' });
  });

  it('P1: the called Sau must be played at the first lead of its suit, even when the trick is trumped', () => {
    const s = deal(D_P, { contract: rufEichel });
    play(s, 'E7 GU');
    expect(playable(s)).toEqual(['EA']);
    expectIllegal(s, 2, playCard('EZ'), /must play the called card EA/);
  });

  it('P1 binds only the first lead: at the second lead of the suit the holder plays any Eichel', () => {
    const s = deal(D_RUN, { dealer: 1, contract: { declarer: 0, game: 'sauspiel', suit: 'E' } });
    // Seat 2 (forehand) runs away with EZ; the Sau is free from now on.
    play(s, 'EZ E8 E7 GZ');
    expect(turn(s)).toBe(2);
    expect(playable(s)).toEqual(cards('EA EK E9 HU H9 SA SZ'));
  });

  it('P2: the holder leading the called suit must lead the Sau; P4: he may lead the Sau at any time', () => {
    const s = deal(D_P, { dealer: 1, contract: rufEichel });
    expect(turn(s)).toBe(2);
    expect(playable(s)).toEqual(cards('EA HU H9 G8 SA SZ'));
    expectIllegal(s, 2, playCard('EZ'), /Davonlaufen/);
  });

  it('Davonlaufen: with 4 cards of the called suit (Sau included) the holder may lead a small one', () => {
    const s = deal(D_RUN, { dealer: 1, contract: rufEichel });
    expect(playable(s)).toEqual(cards('EA EZ EK E9 HU H9 SA SZ'));
  });

  it('Davonlaufen needs 4 cards of the called suit in hand now, not as dealt', () => {
    const s = deal(D_RUN, { contract: rufEichel });
    // Seat 2 is void in Gras and discards E9: three Eichel left.
    play(s, 'G9 GA E9 G7');
    // Seat 1 leads Schellen, seat 2 wins with the Schellen-Sau and leads next.
    play(s, 'S7 SA S8 S9');
    expect(turn(s)).toBe(2);
    expect(playable(s)).toEqual(cards('EA HU H9 SZ'));
    expectIllegal(s, 2, playCard('EZ'), /at least 4 cards/);
  });

  it('P3: the called Sau may not be discarded before its suit was led', () => {
    const s = deal(D_RUN, { contract: rufEichel });
    play(s, 'G9 GA');
    // Seat 2 cannot follow Gras; the Sau is not among the cards he may discard.
    expect(playable(s)).toEqual(cards('EZ EK E9 HU H9 SA SZ'));
    expectIllegal(s, 2, playCard('EA'), /may not be discarded/);
  });

  it('P3 option always: the called Sau may be discarded at any time', () => {
    const s = deal(D_RUN, { contract: rufEichel, options: { calledAce: { discard: 'always' } } });
    play(s, 'G9 GA');
    expect(playable(s)).toContain('EA');
  });

  it('P3: except in the last trick (default) or from the 7th trick (option from-7th)', () => {
    const upToTrick7 = (options: unknown): ReturnType<typeof deal> => {
      const s = deal(D_LATE, { contract: rufEichel, options });
      play(s, 'EO HA HU SU / GO HZ H9 H7 / HO HK H8 E8 / SO S7 S9 E9 / EU S8 SK EK / GU G7 SZ GZ');
      // Trick 7: seat 0 leads the Gras-Sau, seat 1 follows, seat 2 is void in Gras and holds EA SA.
      play(s, 'GA G9');
      return s;
    };
    expect(playable(upToTrick7({}))).toEqual(['SA']);
    expect(playable(upToTrick7({ calledAce: { discard: 'from-7th' } }))).toEqual(cards('EA SA'));
    // In the last trick the Sau is played when Eichel is finally led (P1).
    const s = upToTrick7({});
    play(s, 'SA GK / E7 G8');
    expect(playable(s)).toEqual(['EA']);
  });
});
