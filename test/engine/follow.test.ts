import { describe, expect, it } from 'vitest';
import { schafkopf } from '../../engine/index.js';
import * as sk from '../support/schafkopf.js';
import * as sa from './saukopf/helpers.js';
import * as mk from './mehrkopf/helpers.js';
import * as sh from './sheepshead/helpers.js';

// The follow rule lives once in the trick core (engine/tricks/follow.ts); every variant names what must be followed:
// trump, or the led suit by its deck's names (German suits, French for Sheepshead). `rule` stays the stable rule text.

describe('must follow: the message names what must be followed', () => {
  it('Schafkopf: a Gras lead must be followed with Gras (Farbzwang); a trump lead with trump', () => {
    const B = 'EU GU EO EK E9 GA GZ HA | HU SU GO E8 E7 G9 G8 HZ | HO SO EA EZ GK G7 HK H9 | SA SZ SK S9 S8 S7 H8 H7';
    const s = sk.deal(B, { contract: { declarer: 0, game: 'sauspiel', suit: 'E' } });
    sk.play(s, 'GA');
    expect(schafkopf.check(s, 1, sk.playCard('E8'))).toEqual({
      code: 'action/illegal',
      rule: 'must follow suit (Farbzwang)',
      message: 'must follow Gras (Farbzwang)',
    });
    sk.play(s, 'G9 GK S7');
    sk.play(s, 'EO');
    expect(schafkopf.check(s, 1, sk.playCard('E8'))?.message).toBe('must follow trump (Trumpfzwang)');
  });

  it('bug: a Bettel with Herz trumps under Stichzwang named Farbzwang when the seat could not follow and had to trump', () => {
    // Seat 1 holds no Schellen, so Farbzwang does not bind; Stichzwang makes him take the trick with a trump (Ober, Unter, Herz).
    const B = 'EU GU EO EK E9 GA GZ S7 | HU SU GO E8 E7 G9 G8 HZ | HO SO EA EZ GK G7 HK H9 | SA SZ SK S9 S8 HA H8 H7';
    const s = sk.deal(B, {
      contract: { declarer: 0, game: 'bettel' },
      options: { bettel: { stichzwang: true, order: 'herz-trumps' } },
    });
    sk.play(s, 'S7');
    expect(sk.playable(s)).toEqual(sk.cards('GO HU HZ SU'));
    expect(schafkopf.check(s, 1, sk.playCard('E8'))?.rule).toBe('must take the trick when able (Bettel Stichzwang)');
  });

  it('Saukopf: a plain Eichel lead names Eichel; a trump lead names trump', () => {
    const D4 = 'EO GO HO SO EU GU HU SU | EA EZ EK E9 E8 E7 GA GZ | GK G9 G8 G7 HA HZ HK H9 | H8 H7 SA SZ SK S9 S8 S7';
    const s = sa.deal(D4, { contract: { declarer: 0, bid: 61, game: 'eber' } });
    sa.play(s, 'EU');
    expect(sa.saukopf.check(s, 1, sa.playCard('GA'))?.message).toBe('must follow Eichel (Farbzwang)');
    const t = sa.deal(D4, { contract: { declarer: 0, bid: 61, game: 'keiler', suit: 'H' } });
    sa.play(t, 'EO GA');
    expect(sa.saukopf.check(t, 2, sa.playCard('GK'))?.message).toBe('must follow trump (Trumpfzwang)');
  });

  it('Mehrkopf: a Schellen lead names Schellen (Bedienregel); a trump lead names trump', () => {
    const D = 'EO GO HO EU HA E7 G9 S9 | SO GU HZ HK GA GZ GK S7 | EA EZ EK HU H9 G8 SA SZ | SU H8 H7 E9 E8 G7 SK S8';
    const s = mk.deal(D, { contract: { declarer: 0, game: 'sauspiel', suit: 'E' } });
    mk.play(s, 'S9');
    expect(mk.mk.check(s, 1, mk.playCard('GA'))).toEqual({
      code: 'action/illegal',
      rule: 'must follow the led suit (Bedienregel)',
      message: 'must follow Schellen (Bedienregel)',
    });
    const t = mk.deal(D, { contract: { declarer: 0, game: 'sauspiel', suit: 'E' } });
    mk.play(t, 'EO');
    expect(mk.mk.check(t, 1, mk.playCard('GA'))?.message).toBe('must follow trump (Bedienregel)');
  });

  it('Sheepshead: a club lead names clubs (French suits); a trump lead names trump', () => {
    const D5 = 'QC QS JD AD 7C 9H | QH JC 10D AC 10C KS | QD JS KD AH 7S 8S | JH 9D 8D KC 9C 10H | 7D AS 10S 9S KH 8H';
    const s = sh.deal(D5, '8C 7H');
    sh.passes(s, 5);
    sh.act(s, 0, sh.playCard('7C'));
    expect(sh.sh.check(s, 1, sh.playCard('JC'))).toEqual({
      code: 'action/illegal',
      rule: 'must follow suit',
      message: 'must follow clubs',
    });
    const t = sh.deal(D5, '8C 7H');
    sh.passes(t, 5);
    sh.act(t, 0, sh.playCard('QC'));
    expect(sh.sh.check(t, 1, sh.playCard('AC'))?.message).toBe('must follow trump');
  });
});
