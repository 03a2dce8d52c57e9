import { describe, expect, it } from 'vitest';
import { schafkopf } from '../../../engine/index.js';
import { trickOrder } from '../../../engine/variants/schafkopf/orders.js';
import { act, cards, deal, expectIllegal, play, playable, result, turn } from '../../support/schafkopf.js';
import { asSeat } from '../../../engine/seat.js';
import type { SchafkopfContractGame } from '../../../engine/variants/schafkopf/vocabulary.js';

// Seat 0 (forehand) holds EU GU EO EK E9 GA GZ HA; seat 3 only Schellen and two small Herz.
const B = 'EU GU EO EK E9 GA GZ HA | HU SU GO E8 E7 G9 G8 HZ | HO SO EA EZ GK G7 HK H9 | SA SZ SK S9 S8 S7 H8 H7';
const by0 = (game: SchafkopfContractGame, suit?: 'E' | 'G' | 'H' | 'S') => ({
  declarer: 0 as const,
  game,
  ...(suit ? { suit } : {}),
});

describe('card orders per contract (docs/rules/schafkopf.md "Card orders")', () => {
  it('Sauspiel and Farbsolo Herz: Ober, Unter, then Herz A Z K 9 8 7; plain suits A Z K 9 8 7', () => {
    const herz = trickOrder('solo', 'H');
    expect(herz.trumps.join(' ')).toBe('EO GO HO SO EU GU HU SU HA HZ HK H9 H8 H7');
    expect(trickOrder('normal').trumps).toEqual(herz.trumps);
    expect(herz.plain.E.join('')).toBe('AZK987');
  });

  it('Farbsolo Herz: Herz cards are trumps, a Herz lead must be followed with trump', () => {
    const s = deal(B, { contract: by0('solo', 'H') });
    play(s, 'HA');
    // Seat 1 must follow trump: HU SU GO HZ are trumps.
    expect(playable(s)).toEqual(cards('GO HU HZ SU'));
  });

  it('Farbsolo Eichel: Eichel replaces Herz as trump, Herz becomes a plain suit', () => {
    const s = deal(B, { contract: by0('solo', 'E') });
    play(s, 'HA');
    expect(playable(s)).toEqual(['HZ']);
    play(s, 'HZ HK H8');
    expect(turn(s)).toBe(0);
    play(s, 'E9');
    expect(playable(s)).toEqual(cards('E7 E8 GO HU SU'));
  });

  it('Wenz order: Ober ranks between König and Neun; only the four Unter are trump', () => {
    const wenz = trickOrder('wenz');
    expect(wenz.trumps.join(' ')).toBe('EU GU HU SU');
    expect(wenz.plain.H.join('')).toBe('AZKO987');
    const s = deal(B, { contract: by0('wenz') });
    // EO is a plain Eichel card: it must be followed with Eichel, and the Zehn beats it.
    play(s, 'EO');
    expect(playable(s)).toEqual(cards('E7 E8'));
    play(s, 'E8');
    expect(playable(s)).toEqual(cards('EA EZ'));
    play(s, 'EZ S7');
    expect(turn(s)).toBe(2);
  });

  it('Geier/Farbwenz/Farbgeier orders', () => {
    expect(trickOrder('geier').trumps.join(' ')).toBe('EO GO HO SO');
    expect(trickOrder('geier').plain.E.join('')).toBe('AZKU987');
    expect(trickOrder('farbwenz', 'G').trumps.join(' ')).toBe('EU GU HU SU GA GZ GK GO G9 G8 G7');
    expect(trickOrder('farbgeier', 'G').trumps.join(' ')).toBe('EO GO HO SO GA GZ GK GU G9 G8 G7');
    // Geier: the Unter are plain cards of their suits.
    const geier = deal(B, { contract: by0('geier') });
    play(geier, 'EU');
    expect(playable(geier)).toEqual(cards('E7 E8'));
    // Farbwenz Gras: the Gras-Ober is a trump, the Ober of other suits are not.
    const farbwenz = deal(B, { contract: by0('farbwenz', 'G') });
    play(farbwenz, 'GA');
    expect(playable(farbwenz)).toEqual(cards('G8 G9 GO HU SU'));
    // Farbgeier Gras: the Gras-Unter is trump, the other Unter are plain.
    const farbgeier = deal(B, { contract: by0('farbgeier', 'G') });
    play(farbgeier, 'GA');
    expect(playable(farbgeier)).toEqual(cards('G8 G9 GO'));
    play(farbgeier, 'GO');
    expect(playable(farbgeier)).toEqual(cards('G7 GK HO SO'));
  });

  it('Bettel: no trumps, order A K O U Z 9 8 7', () => {
    expect(trickOrder('bettel').trumps).toEqual([]);
    expect(trickOrder('bettel').plain.S.join('')).toBe('AKOUZ987');
    const s = deal(B, { contract: by0('bettel') });
    // The König beats the Zehn; the Ober is a plain Eichel card.
    play(s, 'EK E8 EZ S7');
    expect(turn(s)).toBe(0);
    play(s, 'EO');
    expect(playable(s)).toEqual(['E7']);
  });

  it('Bettel Stichzwang option: must take the trick when able', () => {
    const free = deal(B, { contract: by0('bettel') });
    play(free, 'EK E8');
    expect(playable(free)).toEqual(cards('EA EZ'));
    const forced = deal(B, { contract: by0('bettel'), options: { bettel: { stichzwang: true } } });
    play(forced, 'EK E8');
    expect(playable(forced)).toEqual(['EA']);
    expectIllegal(forced, 2, { type: 'play', card: 'EZ' }, /Stichzwang/);
  });

  it('Bettel Brett: the declarer’s hand is open to everybody after trick 1 (views)', () => {
    const s = deal(B, { contract: by0('bettel-brett') });
    expect(schafkopf.view(s, { kind: 'seat', seat: 1 }).hands[0]).toBeNull();
    play(s, 'EK E8 EZ');
    expect(schafkopf.view(s, { kind: 'spectator' }).hands[0]).toBeNull();
    play(s, 'S7');
    expect([...(schafkopf.view(s, { kind: 'seat', seat: 1 }).hands[0] ?? [])].sort()).toEqual(
      cards('EU GU EO E9 GA GZ HA'),
    );
    expect(schafkopf.view(s, { kind: 'spectator' }).hands[0]?.length).toBe(7);
    // Other defenders' hands stay hidden.
    expect(schafkopf.view(s, { kind: 'seat', seat: 1 }).hands[2]).toBeNull();
  });

  it('Tout lost on the first lost trick; value (base + Laufende) × 2 without Schneider', () => {
    // Eichel-Solo-Tout: seat 0 holds EO GO HO SO EU GU (6 Laufende; HU is with seat 2) but leads G7 and loses trick 1.
    const s = deal(
      'EO GO HO SO EU GU E7 G7 | HA HZ HK G9 G8 GA S8 S7 | EA HU H9 H8 SA SZ SK S9 | SU H7 EZ EK E9 E8 GZ GK',
      {
        contract: { declarer: 0, game: 'solo', suit: 'E', tout: true },
      },
    );
    play(s, 'G7 GA S9 GK');
    expect(turn(s)).toBe(1);
    play(s, 'HA H9 H7 EO / GO S7 HU SU / HO S8 EA E8 / SO HK H8 E9 / EU G9 SK EK / GU G8 SZ EZ / E7 HZ SA GZ');
    const r = result(s);
    expect(r.won).toBe(false);
    expect(r.schneider).toBe(false);
    expect(r.laufende).toBe(6);
    // (50 + 6 × 10) × 2 = 220 per opponent; the soloist pays 3 × 220.
    expect(r.money).toEqual([-660, 220, 220, 220]);
  });

  it('Sie is shown, not played: (Solo 50 + 8 Laufende × 10) × 4 from each', () => {
    const s = deal(
      'EO GO HO SO EU GU HU SU | EA EZ EK E9 E8 E7 GA GZ | GK G9 G8 G7 HA HZ HK H9 | H8 H7 SA SZ SK S9 S8 S7',
      {
        contract: { declarer: 0, game: 'sie' },
      },
    );
    const r = result(s);
    expect(r.won).toBe(true);
    expect(r.laufende).toBe(8);
    expect(r.cardPoints).toEqual([120, 0, 0, 0]);
    expect(r.money).toEqual([1560, -520, -520, -520]);
    // Nobody plays a card: the hand is public at once.
    expect(schafkopf.view(s, { kind: 'seat', seat: 1 }).hands[0]?.length).toBe(8);
  });

  it('Sie needs all four Ober and all four Unter', () => {
    const s = deal(B);
    expectIllegal(s, 0, { type: 'bid', game: 'sie' }, /all four Ober/);
  });
});

// Seat 0 holds exactly one trump (HA).
const H = 'HA EA EZ EK GA GZ SA SZ | EO GO HU HZ E9 G9 S9 S8 | HO EU SU HK H9 E8 GK S7 | SO GU H8 H7 E7 G8 G7 SK';

describe('Hochzeit (docs/rules/schafkopf.md "Hochzeit")', () => {
  it('Hochzeit: exactly one trump, acceptor gives back a non-trump, partners', () => {
    expectIllegal(deal(B), 0, { type: 'bid', game: 'hochzeit' }, /exactly one trump/);
    const s = deal(H);
    act(s, 0, { type: 'bid', game: 'hochzeit' });
    for (const seat of [1, 2, 3]) act(s, asSeat(seat), { type: 'pass' });
    expect(schafkopf.toAct(s)).toEqual([1]);
    expectIllegal(s, 1, { type: 'accept', card: 'EO' }, /may not be a trump/);
    act(s, 1, { type: 'accept', card: 'E9' });
    expect(s.hands[0]).not.toContain(24);
    const view0 = schafkopf.view(s, { kind: 'seat', seat: 0 });
    expect(view0.hands[0]).toContain('E9');
    expect(view0.hands[0]).not.toContain('HA');
    expect(schafkopf.view(s, { kind: 'seat', seat: 1 }).hands[1]).toContain('HA');
    expect(view0.declarers).toEqual([0, 1]);
    expect(turn(s)).toBe(0);
  });

  it('Hochzeit not taken by anybody: as if all passed (redeal by default)', () => {
    const s = deal(H);
    act(s, 0, { type: 'bid', game: 'hochzeit' });
    for (const seat of [1, 2, 3]) act(s, asSeat(seat), { type: 'pass' });
    for (const seat of [1, 2, 3]) act(s, asSeat(seat), { type: 'pass' });
    expect(result(s).contract).toBeNull();
  });
});
