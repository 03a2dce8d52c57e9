import { describe, expect, it } from 'vitest';
import { OptionsError, parseAction } from '../../../engine/index.js';
import { mehrkopfVocabulary } from '../../../engine/variants/mehrkopf/vocabulary.js';
import { PASS, act, bid, cards, deal, deal2, expectIllegal, mk, play, playable, result, turn } from './helpers.js';
import { asSeat } from '../../../engine/seat.js';

/**
 * Second review of Mehrkopf against the rulebook (seed 001, German original; seed 000, English) and docs/rules/mehrkopf.md:
 * the points where the first implementation simplified or where the German and English texts read differently.
 */

const D_P = 'EO GO HO EU HA E7 G9 S9 | SO GU HZ HK GA GZ GK S7 | EA EZ EK HU H9 G8 SA SZ | SU H8 H7 E9 E8 G7 SK S8';
// Seat 2 holds the Eichel-Ass with three more Eichel (four in all).
const D_RUN = 'EO GO HO EU HA E7 G9 S9 | SO GU HZ HK GA GZ GK S7 | EA EZ EK E9 HU H9 SA SZ | SU H8 H7 G8 E8 G7 SK S8';
// Seat 1 holds every Ace of E, G, S (he could not call); the dealer (seat 3) could call Eichel.
const D_ACES1 = 'EO GO HO EU HA E7 G9 S9 | SU H8 H7 E9 E8 EA GA SA | SZ EK HU H9 G8 G7 SK S8 | SO GU HZ HK EZ GZ GK S7';
// A Ramsch where seats 1 and 3 tie with 53 points: seat 1 takes four tricks, seat 3 three; seat 3 held the Eichel-Ober.
const D_TIE = 'S7 E8 E9 G9 GK H7 EK EZ | HO GZ H9 SK HU GA HZ SO | EA HA S8 SZ E7 GU HK S9 | EU H8 G8 G7 EO SA SU GO';
const TIE_PLAY =
  'E8 SK EA EU / G8 G9 GZ S9 / GA SZ G7 GK / SO HA GO H7 / SA S7 HU S8 / HZ GU EO EK / H8 EZ H9 HK / E7 SU E9 HO';

const allPass = (s: ReturnType<typeof deal>): void => {
  for (const seat of [0, 1, 2, 3]) act(s, asSeat(seat), PASS);
};

describe('Mehrkopf review: Muss-Spiel (rulebook "Muss-Spiel": "In diesem Fall benennt er eine Karte")', () => {
  it('Muss-Spiel: the dealer’s legal actions name every card of the deck, der Alte first', () => {
    const s = deal(D_P);
    allPass(s);
    const named = mk
      .legalActions(s, 3)
      .flatMap((a) => (a.type === 'announce' && a.game === 'muss' ? [a.card ?? '(none)'] : []));
    expect(named[0]).toBe('EO');
    expect(named.slice().sort()).toEqual(mk.deck(s.o, 4).slice().sort());
    // Any listed card is legal and makes its holder declare: the Gras-Ass is seat 1's.
    act(s, 3, { type: 'announce', game: 'muss', card: 'GA' });
    expect(turn(s)).toBe(1);
    expect(mk.legalActions(s, 1).some((a) => a.type === 'pass')).toBe(false);
    act(s, 1, bid('solo', 'G'));
    expect(s.contract).toMatchObject({ declarer: 1, game: 'solo', muss: true });
    // The record's short form `choose muss` (+ card) names a card the same way; only `muss` can be announced.
    const t = deal(D_P);
    allPass(t);
    expect(parseAction({ type: 'announce', game: 'solo', card: 'GA' }, mehrkopfVocabulary)).toEqual({
      ok: false,
      message: "mehrkopf has no announce game 'solo' (muss)",
      field: 'game',
    });
    act(t, 3, { type: 'choose', choice: 'muss', card: 'GA' });
    expect(turn(t)).toBe(1);
  });

  it('Muss-Spiel at five players: the 40 cards of the deck can be named', () => {
    const s = deal(
      'EO GO HO SO EU GU HU G7 | GA GS SU EG GG HG SG HA | HZ HS HK H9 H8 H7 E7 S7 | EA EZ ES EK E9 E8 G9 G8 | SA SZ SS SK S9 S8 GZ GK',
    );
    for (const seat of [0, 1, 2, 3, 4]) act(s, asSeat(seat), PASS);
    const muss = mk.legalActions(s, 4).filter((a) => a.type === 'announce' && a.game === 'muss');
    expect(muss).toHaveLength(40);
  });
});

describe('Mehrkopf review: equal games (rulebook "Spielansage": "sticht die Reihenfolge ausgehend vom Geber")', () => {
  it('Spielansage, precedence forehand (default): the dealer cannot take an equal game from forehand', () => {
    const s = deal(D_P);
    act(s, 0, bid('sauspiel', 'E'));
    act(s, 1, PASS);
    act(s, 2, PASS);
    expectIllegal(s, 3, bid('sauspiel', 'G'), /must outrank/);
  });

  it('Spielansage, option precedence dealer ("starting with the dealer"): the dealer’s equal game wins', () => {
    const s = deal(D_P, { options: { precedence: 'dealer' } });
    act(s, 0, bid('sauspiel', 'E'));
    act(s, 1, PASS);
    act(s, 2, PASS);
    act(s, 3, bid('sauspiel', 'G'));
    // Forehand now needs a higher game: an equal one is the dealer's.
    expect(turn(s)).toBe(0);
    expectIllegal(s, 0, bid('sauspiel', 'S'), /must outrank/);
    act(s, 0, PASS);
    expect(s.contract).toMatchObject({ game: 'sauspiel', suit: 'G', declarer: 3 });
    expect(() => mk.resolveOptions(undefined, { precedence: 'geber' })).toThrow(/precedence must be one of/);
  });

  it('2 Spieler ("Passt er, dann sagt der Geber ein Spiel an"): with precedence dealer the dealer still cannot take the game', () => {
    const s = deal2(
      'EO GO EU HA HZ HK EA SA | HO SO GU SU GA GZ EZ SZ',
      'H9 H8 E7 G7 S7 GK E9 S8 | HU EK SK G9 S9 G8 E8 H7',
      {
        options: { precedence: 'dealer' },
      },
    );
    act(s, 0, bid('farbspiel', 'H'));
    expect(mk.legalActions(s, 1)).toEqual([PASS]);
    expectIllegal(s, 1, bid('farbspiel', 'S'), /must outrank/);
  });
});

describe('Mehrkopf review: Davonlaufen (rulebook "Normalspiel": "so muss er auf jeden Fall die Rufsau ausspielen")', () => {
  it('Normalspiel, option calledCards.davonlaufen false: leading the called suit, the holder leads the Ace', () => {
    const s = deal(D_RUN, { contract: { declarer: 0, game: 'sauspiel', suit: 'E' } });
    play(s, 'S9 S7 SA S8');
    expect(playable(s)).toContain('EZ');
    const strict = deal(D_RUN, {
      contract: { declarer: 0, game: 'sauspiel', suit: 'E' },
      options: { calledCards: { davonlaufen: false } },
    });
    play(strict, 'S9 S7 SA S8');
    expect(turn(strict)).toBe(2);
    expect(playable(strict)).toEqual(cards('EA HU H9 SZ'));
    expectIllegal(strict, 2, { type: 'play', card: 'EZ' }, /in any case .*auf jeden Fall/);
  });
});

describe('Mehrkopf review: Ramsch (rulebook "Ramsch")', () => {
  it('Ramsch, option ramschNeedsCall every-seat (German "wenn ein Spieler … kein Normalspiel rufen kann")', () => {
    const s = deal(D_ACES1);
    allPass(s);
    // Default (English text, docs/rules/mehrkopf.md): only the dealer must be able to call — he can.
    act(s, 3, { type: 'choose', choice: 'ramsch' });
    expect(s.contract).toMatchObject({ game: 'ramsch' });
    const strict = deal(D_ACES1, { options: { ramschNeedsCall: 'every-seat' } });
    allPass(strict);
    expectIllegal(strict, 3, { type: 'choose', choice: 'ramsch' }, /every player could declare a normal game/);
    expect(mk.legalActions(strict, 3).some((a) => a.type === 'choose' && a.choice === 'ramsch')).toBe(false);
  });

  const ramsch = (ramschTie?: string): ReturnType<typeof result> => {
    const s = deal(D_TIE, { contract: { game: 'ramsch' }, ...(ramschTie ? { options: { ramschTie } } : {}) });
    play(s, TIE_PLAY);
    const r = result(s);
    expect(r.cardPoints).toEqual([0, 53, 14, 53]);
    expect(r.tricks).toEqual([0, 4, 1, 3]);
    return r;
  };

  it('Ramsch tie for the most points, ramschTie all (default): each tied player pays each other player', () => {
    expect(ramsch().exact).toEqual(['2', '-2', '2', '-2']);
  });

  it('Ramsch tie, option ramschTie tricks-then-trump: the tied player with more tricks pays alone', () => {
    const r = ramsch('tricks-then-trump');
    expect(r.exact).toEqual(['1', '-3', '1', '1']);
    expect(r.details).toMatchObject({ losers: [1] });
  });

  it('Ramsch tie, option ramschTie highest-trump: the tied player who held the higher trump (EO) pays', () => {
    const r = ramsch('highest-trump');
    expect(r.exact).toEqual(['1', '1', '1', '-3']);
    expect(r.details).toMatchObject({ losers: [3] });
  });
});

describe('Mehrkopf review: the new options are validated and named', () => {
  it('options: precedence, ramschNeedsCall, ramschTie and calledCards.davonlaufen reject bad values naming the path', () => {
    for (const [over, path] of [
      [{ precedence: 'vorhand' }, 'precedence'],
      [{ ramschNeedsCall: 'nobody' }, 'ramschNeedsCall'],
      [{ ramschTie: 'split' }, 'ramschTie'],
      [{ calledCards: { davonlaufen: 'yes' } }, 'calledCards.davonlaufen'],
    ] as const) {
      let caught: unknown;
      try {
        mk.resolveOptions(undefined, over);
      } catch (e) {
        caught = e;
      }
      expect(caught).toBeInstanceOf(OptionsError);
      expect((caught as OptionsError).path).toBe(path);
    }
  });
});
