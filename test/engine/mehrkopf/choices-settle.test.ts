import { describe, expect, it } from 'vitest';
import { OptionsError } from '../../../engine/index.js';
import { PASS, act, bid, deal, expectIllegal, mk, play, result } from './helpers.js';
import { asSeat } from '../../../engine/seat.js';

const D_P = 'EO GO HO EU HA E7 G9 S9 | SO GU HZ HK GA GZ GK S7 | EA EZ EK HU H9 G8 SA SZ | SU H8 H7 E9 E8 G7 SK S8';
// Seat 3 (the dealer) holds every Ace of E, G, S: he could not declare a normal game.
const D_ACES = 'EO GO HO EU HA E7 G9 S9 | SO GU HZ HK EZ GZ GK S7 | SZ EK HU H9 G8 G7 SK S8 | SU H8 H7 E9 E8 EA GA SA';
const GEIER = 'EO GO HO H7 EZ GA GZ SA | SO EK E9 E8 GK G9 S9 S8 | EU GU HU SU E7 G8 G7 S7 | HA HZ HK H9 H8 EA SZ SK';
const allPass = (s: ReturnType<typeof deal>): void => {
  for (const seat of [0, 1, 2, 3]) act(s, asSeat(seat), PASS);
};

describe('Mehrkopf: when all pass the dealer chooses (rulebook "Spielansage", "Ramsch", "Muss-Spiel")', () => {
  it('Spielansage: the dealer may redeal, demand a Muss-Spiel or a Ramsch', () => {
    const s = deal(D_P);
    allPass(s);
    expect(s.phase).toBe('choice');
    expect(mk.toAct(s)).toEqual([3]);
    expect(mk.legalActions(s, 3).slice(0, 3)).toEqual([
      { type: 'choose', choice: 'redeal' },
      { type: 'choose', choice: 'ramsch' },
      // The Muss-Spiel: der Alte first, then every other card of the deck.
      { type: 'announce', game: 'muss', card: 'EO' },
    ]);
    act(s, 3, { type: 'choose', choice: 'redeal' });
    expect(result(s).thrownIn).toBe('all-passed');
  });

  it('Ramsch: only if the dealer could declare a normal game (not with all three Aces)', () => {
    const s = deal(D_ACES);
    allPass(s);
    expectIllegal(s, 3, { type: 'choose', choice: 'ramsch' }, /only when the dealer could declare a normal game/);
    expect([...new Set(mk.legalActions(s, 3).map((a) => (a.type === 'choose' ? a.choice : a.type)))]).toEqual([
      'redeal',
      'announce',
    ]);
  });

  it('Muss-Spiel: the dealer names a card (der Alte by default); its holder must declare, he may not pass', () => {
    const s = deal(D_P);
    allPass(s);
    act(s, 3, { type: 'choose', choice: 'muss' });
    // Seat 0 holds the Eichel-Ober.
    expect(mk.toAct(s)).toEqual([0]);
    expectIllegal(s, 0, PASS, /must declare a game \(Muss-Spiel\)/);
    act(s, 0, bid('sauspiel', 'G'));
    expect(s.contract).toMatchObject({ declarer: 0, game: 'sauspiel', suit: 'G', muss: true });
  });

  it('Muss-Spiel: a named card other than der Alte; a Hochzeit is no Muss-Spiel', () => {
    const s = deal(GEIER);
    allPass(s);
    act(s, 3, { type: 'choose', choice: 'muss', card: 'EU' });
    expect(mk.toAct(s)).toEqual([2]);
    expectIllegal(s, 2, bid('hochzeit'), /no such game|cannot be a Hochzeit|exactly one trump/);
    expect(mk.legalActions(s, 2).some((a) => a.type === 'pass')).toBe(false);
  });

  it('options: the dealer’s choices can be narrowed; redeal only means no choice at all', () => {
    const s = deal(D_P, { options: { allPass: { redeal: true, muss: false, ramsch: false } } });
    allPass(s);
    expect(result(s).thrownIn).toBe('all-passed');
    expect(() => mk.resolveOptions(undefined, { allPass: { redeal: false, muss: false, ramsch: false } })).toThrow(
      OptionsError,
    );
  });
});

describe('Mehrkopf: Hochzeit (rulebook "Hochzeit")', () => {
  const H = 'HO EA EZ EK GA GZ SA SZ | EO GO SO EU GU HU SU GK | E9 E8 E7 G9 G8 G7 S9 S8 | HZ HK H9 H8 H7 HA SK S7';
  it('Hochzeit: only with a single trump; the acceptor exchanges a non-trump for the face-down trump', () => {
    const s = deal(H);
    expectIllegal(deal(D_P), 0, bid('hochzeit'), /exactly one trump/);
    act(s, 0, bid('hochzeit'));
    for (const seat of [1, 2, 3]) act(s, asSeat(seat), PASS);
    expect(s.phase).toBe('hochzeit');
    expect(mk.toAct(s)).toEqual([1]);
    expectIllegal(s, 1, { type: 'accept', card: 'EO' }, /must be a non-trump/);
    // Others do not see which card was given back.
    act(s, 1, { type: 'accept', card: 'GK' });
    expect(mk.view(s, { kind: 'seat', seat: 2 }).auction.at(-1)?.action).toEqual({ type: 'accept' });
    expect(mk.view(s, { kind: 'seat', seat: 0 }).auction.at(-1)?.action).toEqual({ type: 'accept', card: 'GK' });
    expect(s.party).toEqual([true, true, false, false]);
    expect(mk.view(s, { kind: 'seat', seat: 0 }).hands[0]).toContain('GK');
  });

  it('Hochzeit: nobody takes it — as if all had passed (the dealer chooses)', () => {
    const s = deal(H);
    act(s, 0, bid('hochzeit'));
    for (const seat of [1, 2, 3]) act(s, asSeat(seat), PASS);
    for (const seat of [1, 2, 3]) act(s, asSeat(seat), PASS);
    expect(s.phase).toBe('choice');
  });
});

describe('Mehrkopf: settlement in units (rulebook "Abrechnung")', () => {
  // Finish the Geier of the golden record, then settle with other card points to test the thresholds.
  const finished = (): ReturnType<typeof deal> => {
    const s = deal(GEIER, { contract: { declarer: 0, game: 'geier' } });
    play(s, 'EO SO E7 H8 / GO S8 G7 H9 / HO S9 G8 SK / H7 E8 HU HA / SZ SA GK SU / GA G9 GU HZ / GZ E9 S7 HK');
    play(s, 'EZ EK EU EA');
    return s;
  };

  it('Abrechnung: Schneider-frei with a quarter of the total — 30 of 120 is frei, 29 is not (+1 unit)', () => {
    const frei = finished();
    frei.points.splice(0, 4, 90, 0, 0, 30);
    expect(result(frei)).toMatchObject({ won: true, schneider: false, exact: ['24', '-8', '-8', '-8'] });
    const cut = finished();
    cut.points.splice(0, 4, 91, 0, 0, 29);
    expect(result(cut)).toMatchObject({ won: true, schneider: true, exact: ['27', '-9', '-9', '-9'] });
  });

  it('Abrechnung: the declarers need 61; at 60 the defenders win and the soloist pays each player', () => {
    const s = finished();
    s.points.splice(0, 4, 60, 0, 0, 60);
    expect(result(s)).toMatchObject({ won: false, schneider: false, exact: ['-24', '8', '8', '8'] });
  });

  it('Abrechnung: a losing declarer party is Schneider too (either side), option schafkopf (31/30)', () => {
    const s = finished();
    s.points.splice(0, 4, 29, 0, 0, 91);
    expect(result(s)).toMatchObject({ won: false, schneider: true, exact: ['-27', '9', '9', '9'] });
    const sk = deal(GEIER, { contract: { declarer: 0, game: 'geier' }, options: { schneider: 'schafkopf' } });
    play(sk, 'EO SO E7 H8 / GO S8 G7 H9 / HO S9 G8 SK / H7 E8 HU HA / SZ SA GK SU / GA G9 GU HZ / GZ E9 S7 HK');
    play(sk, 'EZ EK EU EA');
    sk.points.splice(0, 4, 30, 0, 0, 90);
    expect(result(sk)).toMatchObject({ won: false, schneider: true });
  });

  it('Prämientarif: Laufende pay from three (German "ab drei"); the einsteiger preset plays without them', () => {
    const s = deal(GEIER, { preset: 'einsteiger', contract: { declarer: 0, game: 'geier' } });
    play(s, 'EO SO E7 H8 / GO S8 G7 H9 / HO S9 G8 SK / H7 E8 HU HA / SZ SA GK SU / GA G9 GU HZ / GZ E9 S7 HK');
    play(s, 'EZ EK EU EA');
    expect(result(s).exact).toEqual(['15', '-5', '-5', '-5']);
    const two = deal(GEIER, { options: { laufendeMin: 4 }, contract: { declarer: 0, game: 'geier' } });
    play(two, 'EO SO E7 H8 / GO S8 G7 H9 / HO S9 G8 SK / H7 E8 HU HA / SZ SA GK SU / GA G9 GU HZ / GZ E9 S7 HK');
    play(two, 'EZ EK EU EA');
    expect(result(two)).toMatchObject({ laufende: 0, exact: ['15', '-5', '-5', '-5'] });
  });

  it('options are validated and name the option path', () => {
    const bad = (o: unknown, path: string): void => {
      try {
        mk.resolveOptions(undefined, o);
        expect.unreachable(`${JSON.stringify(o)} should be rejected`);
      } catch (e) {
        expect(e).toBeInstanceOf(OptionsError);
        expect((e as OptionsError).path).toBe(path);
      }
    };
    bad({ tariff: { solo: -1 } }, 'tariff.solo');
    bad({ tarif: {} }, 'tarif');
    bad({ schneider: 'half' }, 'schneider');
    bad({ calledCards: { runAwayMin: 1 } }, 'calledCards.runAwayMin');
    bad({ dealing: 'backwards' }, 'dealing');
    expect(() => mk.resolveOptions('nope', {})).toThrow(/unknown preset/);
  });
});

describe('Mehrkopf: dealing (rulebook "Mischen, Abheben und Geben")', () => {
  const o = (dealing: string) => mk.resolveOptions(undefined, { dealing }, 4);
  const deck = mk.deck(o('four-four'), 4);
  it('Geben: twice four cards clockwise, starting left of the dealer', () => {
    const l = mk.deal(o('four-four'), 4, 3, deck);
    expect(l.hands[0]).toEqual([...deck.slice(0, 4), ...deck.slice(16, 20)]);
    expect(l.hands[3]).toEqual([...deck.slice(12, 16), ...deck.slice(28, 32)]);
  });
  it('Abheben/Klopfen: the cutter may direct all eight at once, or counter-clockwise', () => {
    const all = mk.deal(o('all-eight'), 4, 3, deck);
    expect(all.hands[0]).toEqual(deck.slice(0, 8));
    const back = mk.deal(o('counter-clockwise'), 4, 3, deck);
    // Counter-clockwise from the dealer's right: seat 2 first, then 1, 0, and the dealer last.
    expect(back.hands[2]).toEqual([...deck.slice(0, 4), ...deck.slice(16, 20)]);
    expect(back.hands[3]).toEqual([...deck.slice(12, 16), ...deck.slice(28, 32)]);
  });
});
