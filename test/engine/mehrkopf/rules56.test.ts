import { describe, expect, it } from 'vitest';
import { indexOf, parseCards, trickWinner } from '../../../engine/index.js';
import { compiled } from '../../../engine/variants/mehrkopf/orders.js';
import { PASS, act, bid, cards, deal, expectIllegal, mk, play, playCard, playable, result } from './helpers.js';
import { asSeat } from '../../../engine/seat.js';

// Five players (rulebook "5 Spieler"): seat 1 holds the Gras-Ass and the Gras-Schöne with G9.
const B5 =
  'EO GO HO SO EU GU HU G7 | GA GS G9 EG GG HG SG HA | HZ HS HK H9 H8 H7 E7 S7 | EA EZ ES EK E9 E8 SU G8 | SA SZ SS SK S9 S8 GZ GK';
// Seat 1 the Gras-Ass, seat 2 the Gras-Schöne (with G8): 3 against 2.
const C5 =
  'EO GO HO SO EU GU HU G7 | GA SU EG GG HG SG HA HZ | GS HS HK H9 H8 H7 E7 G8 | EA EZ ES EK E9 E8 G9 S7 | SA SZ SS SK S9 S8 GZ GK';
const rufGras = { declarer: 0, game: 'sauspiel', suit: 'G' } as const;
const o5 = mk.resolveOptions(undefined, {}, 5);

describe('Mehrkopf, five players: cards (rulebook "5 Spieler")', () => {
  it('5 Spieler: 40 cards O U G A 10 S K 9 8 7, 148 points; the declarers need 75, the defenders 74', () => {
    const deck = mk.deck(o5, 5);
    expect(deck).toHaveLength(40);
    expect(new Set(deck.map((c) => c[1]))).toEqual(new Set(['O', 'U', 'G', 'A', 'Z', 'S', 'K', '9', '8', '7']));
    expect(mk.totalPoints(o5, 5)).toBe(148);
  });

  it('5 Spieler: the Gefreite are the third main-trump tier, below the Unter and above the Herz cards', () => {
    const s = deal(C5, { contract: rufGras });
    // Seat 0 leads HU; seat 1 follows trump with a Gefreiter or Herz; his SU beats HU.
    play(s, 'HU');
    expect(playable(s)).toEqual(cards('SU EG GG HG SG HA HZ'));
    play(s, 'HG HS EA SA');
    // HU (Unter) beats HG (Gefreiter) beats HS.
    expect(mk.toAct(s)).toEqual([0]);
  });

  it('5 Spieler: the Schöne ranks between the Zehn and the König', () => {
    const order = compiled('normal');
    const winner = (text: string): string => text.split(' ')[trickWinner(order, parseCards(text).map(indexOf))]!;
    expect(winner('GK GS G9')).toBe('GS');
    expect(winner('GS GZ GK')).toBe('GZ');
    const s = deal(C5, { contract: { declarer: 4, game: 'solo', suit: 'H' } });
    // Seat 0 leads G7; the Ace (seat 1, called card or not: a solo calls nothing) wins over GS and GZ.
    play(s, 'G7 GA GS G9 GZ');
    expect(mk.toAct(s)).toEqual([1]);
  });
});

describe('Mehrkopf, five and six players: the Ace and the Schöne are called together (rulebook "Normalspiel")', () => {
  it('Normalspiel: holders of the Ace or the Schöne join the caller — 3 against 2 here', () => {
    const s = deal(C5, { contract: rufGras });
    expect(s.party).toEqual([true, true, true, false, false]);
  });

  it('Normalspiel: one player with both Ace and Schöne — 2 against 3', () => {
    const s = deal(B5, { contract: rufGras });
    expect(s.party).toEqual([true, true, false, false, false]);
  });

  it('Bringregel: at the first lead the Ace holder brings the Ace and the Schöne holder the Schöne', () => {
    const s = deal(C5, { contract: rufGras });
    play(s, 'G7');
    expect(playable(s)).toEqual(['GA']);
    play(s, 'GA');
    expect(playable(s)).toEqual(['GS']);
    expectIllegal(s, 2, playCard('G8'), /must bring the called card GS/);
  });

  it('Bringregel: one holder of both brings the Ace the first time and the Schöne the second time', () => {
    const s = deal(B5, { contract: rufGras });
    play(s, 'G7');
    expect(playable(s)).toEqual(['GA']);
    play(s, 'GA E7 G8 GK');
    // Seat 1 won and leads Gras again: the Schöne is due (two Gras cards only: he cannot run away).
    expect(mk.toAct(s)).toEqual([1]);
    expect(playable(s)).toEqual(cards('GS EG GG HG SG HA'));
    expectIllegal(s, 1, playCard('G9'), /must lead GS/);
    play(s, 'GS');
    expect(s.calledLeads).toBe(2);
  });

  it('Umspielen / Davonlaufen at five: a holder of Ace and Schöne with four Gras may keep both back and is freed', () => {
    const run =
      'EO GO HO SO EU GU HU G7 | GA GS G9 G8 EG GG HG SG | HZ HS HK H9 H8 H7 E7 S7 | EA EZ ES EK E9 E8 SU HA | SA SZ SS SK S9 S8 GZ GK';
    const s = deal(run, { contract: rufGras });
    play(s, 'G7');
    expect(playable(s)).toEqual(cards('GA GS G9 G8'));
    play(s, 'G9');
    expect(s.freed[1]).toBe(true);
    // Leading the suit himself (first lead) he may run away with a small card as well.
    const lead = deal(run, { dealer: 0, contract: rufGras });
    expect(mk.toAct(lead)).toEqual([1]);
    expect(playable(lead)).toContain('G8');
    play(lead, 'G8');
    expect(lead.freed[1]).toBe(true);
  });

  it('Bringregel: a called card may not be discarded before its suit has been led', () => {
    // Seat 4 leads Schellen: seats 1 and 2 cannot follow and may not throw the Gras-Ass / Gras-Schöne.
    const s = deal(C5, { dealer: 3, contract: rufGras });
    play(s, 'SA');
    play(s, 'EO');
    expect(playable(s)).not.toContain('GA');
    expectIllegal(s, 1, playCard('GA'), /may not be discarded/);
    play(s, 'HZ');
    expect(playable(s)).not.toContain('GS');
  });

  it('Normalspiel: the caller may hold the Schöne himself (his partner is the Ace holder alone); option to forbid', () => {
    // Seat 2 holds the Gras-Schöne and G8 and lacks the Gras-Ass.
    const s = deal(C5, { dealer: 1 });
    act(s, 2, bid('sauspiel', 'G'));
    for (const seat of [3, 4, 0, 1]) act(s, asSeat(seat), PASS);
    expect(s.party).toEqual([false, true, true, false, false]);
    // The caller's own Schöne binds him too: at the first Gras lead he must bring it.
    expect(s.due1[2]).toBe(s.calledSchoene);
    const t = deal(C5, { dealer: 1, options: { calledCards: { callerMayHoldSchoene: false } } });
    expectIllegal(t, 2, bid('sauspiel', 'G'), /may not hold the called Schöne/);
  });

  it('Niederer exists where the Gefreite are in the deck: only the four Gefreite are trump', () => {
    const s = deal(C5, { contract: { declarer: 1, game: 'niederer' } });
    play(s, 'EO');
    // EO is a plain Eichel card in a Niederer: seat 1 holds no Eichel, seat 2 must follow with E7.
    play(s, 'EG');
    expect(playable(s)).toEqual(['E7']);
  });
});

describe('Mehrkopf, six players (rulebook "6 Spieler")', () => {
  const o6 = mk.resolveOptions(undefined, {}, 6);
  it('6 Spieler: all 48 cards; the Preußen (−7) bring the total back to 120', () => {
    const deck = mk.deck(o6, 6);
    expect(deck).toHaveLength(48);
    expect(deck.filter((c) => c[1] === 'P')).toHaveLength(4);
    expect(mk.totalPoints(o6, 6)).toBe(120);
  });

  it('6 Spieler: the Sechs ranks below the Sieben and the Preuße below the Sechs; Herz-Preuße is the lowest trump', () => {
    const six =
      'SO GU SG HA S9 S8 E6 GP | SA EO GO HO EU HU HZ HS | SS E9 E8 E7 EP G9 G8 G7 | EA EZ ES EK EG GG HG SU | GA GZ GS GK H9 H8 H7 H6 | SZ SK S7 S6 SP HP HK G6';
    const s = deal(six, { contract: { declarer: 0, game: 'sauspiel', suit: 'S' } });
    // Trick: GP HS G7 SU GK G6 — only Gras is followed; the Preuße counts −7.
    play(s, 'GP HS G7 SU GK G6');
    expect(s.points[3]).toBe(5);
    // HP is a trump (seat 5 must play HK or HP on a trump lead).
    play(s, 'HG H6');
    expect(playable(s)).toEqual(cards('HK HP'));
  });

  it('Normalspiel at six: Ace and Schöne in one hand make 2 against 4', () => {
    const six =
      'SO GU SG HA S9 S8 E6 GP | SA SS GO HO EU HU HZ HS | EO E9 E8 E7 EP G9 G8 G7 | EA EZ ES EK EG GG HG SU | GA GZ GS GK H9 H8 H7 H6 | SZ SK S7 S6 SP HP HK G6';
    const s = deal(six, { contract: { declarer: 0, game: 'sauspiel', suit: 'S' } });
    expect(s.party).toEqual([true, true, false, false, false, false]);
  });
});

describe('Mehrkopf: refusing a hand (rulebook "Mischen, Abheben und Geben")', () => {
  it('a hand of six nixers and no main trump may be refused; the deal is thrown in', () => {
    // Seat 3: E9 E8 E7 G9 G8 G7 (six nixers), EA, SA — no Ober, Unter or Gefreiter.
    const hand =
      'EO GO HO SO EU GU HU G7 | GA SU EG GG HG SG HA HZ | GS HS HK H9 H8 H7 ES SK | EA E9 E8 E7 G9 G8 S7 SA | EZ EK SZ SS S9 S8 GZ GK';
    const s = deal(hand);
    expect(mk.legalActions(s, 3)).toContainEqual({ type: 'choose', choice: 'refuse' });
    expectIllegal(s, 2, { type: 'choose', choice: 'refuse' }, /six nixers and no main trump/);
    act(s, 3, { type: 'choose', choice: 'refuse' });
    const r = result(s);
    expect(r.thrownIn).toBe('refused');
    expect(r.exact).toEqual(['0', '0', '0', '0', '0']);
    const off = deal(hand, { options: { refuseNixer: false } });
    expectIllegal(off, 3, { type: 'choose', choice: 'refuse' }, /six nixers/);
  });
});
