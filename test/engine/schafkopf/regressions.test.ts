import { describe, expect, it } from 'vitest';
import { deal, play, playable, turn } from '../../support/schafkopf.js';

/** Regression tests, each named after an engine bug found while writing the rule suite. */
describe('Schafkopf regressions', () => {
  it('bug: a Sauspiel on the Eichel-Sau made Eichel the trump suit instead of Herz', () => {
    const s = deal(
      'EO GO HO SO EU GU E7 GA | HA HZ HK G9 G8 G7 S8 S7 | EA HU H9 H8 SA SZ SK S9 | SU H7 EZ EK E9 E8 GZ GK',
      {
        contract: { declarer: 0, game: 'sauspiel', suit: 'E' },
      },
    );
    // A trump lead (EO) is followed with Herz; the Eichel-Sau is a plain card and may not be played to it.
    play(s, 'EO HA');
    expect(playable(s)).toEqual(['H8', 'H9', 'HU']);
    play(s, 'HU SU');
    expect(turn(s)).toBe(0);
    // Leading E7 is a lead of the called suit: the Sau must come (P1), the Herz-Sau is trump.
    play(s, 'E7 HZ');
    expect(playable(s)).toEqual(['EA']);
  });
});
