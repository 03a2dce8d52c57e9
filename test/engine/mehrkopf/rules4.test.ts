import { describe, expect, it } from 'vitest';
import { trickOrder } from '../../../engine/variants/mehrkopf/orders.js';
import { PASS, act, bid, cards, deal, expectIllegal, mk, play, playCard, playable, result, turn } from './helpers.js';
import { asSeat } from '../../../engine/seat.js';

// Four players (rulebook "4 Spieler": "Gespielt wird nach den zuvor genannten Standardregeln").
// Seat 0 calls Eichel; seat 2 holds the Eichel-Ass with EZ EK (three Eichel: he cannot run away).
const D_P = 'EO GO HO EU HA E7 G9 S9 | SO GU HZ HK GA GZ GK S7 | EA EZ EK HU H9 G8 SA SZ | SU H8 H7 E9 E8 G7 SK S8';
// Seat 2 holds the Eichel-Ass with three more Eichel (four in all).
const D_RUN = 'EO GO HO EU HA E7 G9 S9 | SO GU HZ HK GA GZ GK S7 | EA EZ EK E9 HU H9 SA SZ | SU H8 H7 G8 E8 G7 SK S8';
// Seat 2 (Eichel-Ass) is void in Gras.
const D_LATE = 'EO GO HO SO EU GU E7 GA | HA HZ HK G9 G8 G7 S8 S7 | EA HU H9 H8 SA SZ SK S9 | SU H7 EZ EK E9 E8 GZ GK';
const rufEichel = { declarer: 0, game: 'sauspiel', suit: 'E' } as const;

describe('Mehrkopf, four players: card values and orders (rulebook "Kartenwerte")', () => {
  it('Kartenwerte: 32 cards O U A 10 K 9 8 7, 120 points', () => {
    const deck = mk.deck(mk.resolveOptions(undefined, {}, 4), 4);
    expect(deck).toHaveLength(32);
    expect(new Set(deck.map((c) => c[1]))).toEqual(new Set(['O', 'U', 'A', 'Z', 'K', '9', '8', '7']));
    expect(mk.totalPoints(mk.resolveOptions(undefined, {}, 4), 4)).toBe(120);
  });

  it('Normalspiel: all Ober, Unter, Gefreite and Herz are trump; the suits run A 10 S K 9 8 7 6 P', () => {
    const normal = trickOrder('normal');
    expect(normal.trumps.join(' ')).toBe('EO GO HO SO EU GU HU SU EG GG HG SG HA HZ HS HK H9 H8 H7 H6 HP');
    expect(normal.plain.E.join('')).toBe('AZSK9876P');
  });

  it('Solospiel: Geier, Wenz, Niederer — only the four Ober/Unter/Gefreite are trump, the rest sorted in by value', () => {
    expect(trickOrder('geier').trumps.join(' ')).toBe('EO GO HO SO');
    expect(trickOrder('geier').plain.G.join('')).toBe('AZSKUG9876P');
    expect(trickOrder('wenz').trumps.join(' ')).toBe('EU GU HU SU');
    expect(trickOrder('wenz').plain.G.join('')).toBe('AZSKOG9876P');
    expect(trickOrder('niederer').trumps.join(' ')).toBe('EG GG HG SG');
    expect(trickOrder('niederer').plain.G.join('')).toBe('AZSKOU9876P');
    // Farbsolo: the named suit replaces Herz as the trump suit.
    expect(trickOrder('normal', 'G').trumps.slice(12, 15).join(' ')).toBe('GA GZ GS');
  });
});

describe('Mehrkopf, four players: tricks (rulebook "Stiche", Bedienregel)', () => {
  it('Bedienregel: the main trumps are not part of their suit — an Eichel lead is not followed with EO/EU', () => {
    const s = deal(D_P, { contract: rufEichel });
    play(s, 'E7');
    // Seat 1 holds no plain Eichel: any card (SO and GU are trumps, not Eichel).
    expect(playable(s)).toEqual(cards('SO GU HZ HK GA GZ GK S7'));
    play(s, 'GU');
    expect(playable(s)).toEqual(['EA']);
  });

  it('Bedienregel: trump led must be followed with trump; a trump beats any suit card', () => {
    const s = deal(D_P, { contract: rufEichel });
    play(s, 'EO');
    expect(playable(s)).toEqual(cards('SO GU HZ HK'));
    expectIllegal(s, 1, playCard('GA'), /must follow trump \(Bedienregel\)/);
    play(s, 'HK HU SU');
    expect(turn(s)).toBe(0);
  });

  it('Stiche: only the led suit can win — a Gras-Zehn does not beat the led Schellen', () => {
    const s = deal(D_P, { contract: { declarer: 1, game: 'solo', suit: 'H' } });
    play(s, 'S9 S7 SZ S8');
    expect(turn(s)).toBe(2);
    play(s, 'SA');
    // Seat 3 follows Schellen, seat 0 has none left and throws G9: the Sau wins.
    play(s, 'SK G9 GZ');
    expect(turn(s)).toBe(2);
  });
});

describe('Mehrkopf, four players: the normal game and the Bringregel (rulebook "Normalspiel")', () => {
  it('Normalspiel: only Eichel, Gras or Schellen can be called; the caller lacks the Ace and holds a card of the suit', () => {
    const s = deal(D_P);
    expectIllegal(s, 0, bid('sauspiel', 'H'), /Herz is trump/);
    act(s, 0, bid('sauspiel', 'E'));
    const s2 = deal(D_P, { dealer: 1 });
    // Seat 2 holds the Eichel-Ass.
    expectIllegal(s2, 2, bid('sauspiel', 'E'), /may not hold the called Ace/);
    // Seat 2 holds G8 and no Gras-Ass.
    act(s2, 2, bid('sauspiel', 'G'));
    // Trumps do not count: seat 3 holds no plain Gras after... here seat 3 holds G7, so Gras is callable; seat 0
    // of D_LATE holds no Schellen at all.
    const s3 = deal(D_LATE);
    expectIllegal(s3, 0, bid('sauspiel', 'S'), /Trümpfe zählen nicht/);
  });

  it('Normalspiel: whoever holds the called Ace plays with the caller', () => {
    const s = deal(D_P, { contract: rufEichel });
    expect(s.party).toEqual([true, false, true, false]);
  });

  it('Bringregel: at the first lead of the called suit its holder must play the Ace, even when trumped', () => {
    const s = deal(D_P, { contract: rufEichel });
    play(s, 'E7 GU');
    expect(playable(s)).toEqual(['EA']);
    expectIllegal(s, 2, playCard('EZ'), /must bring the called card EA/);
  });

  it('Bringregel: a holder who leads the called suit must lead the Ace (fewer than four cards of it)', () => {
    const s = deal(D_P, { contract: rufEichel });
    play(s, 'EO SO HU SU');
    expect(turn(s)).toBe(0);
    play(s, 'HA HZ H9 H7');
    play(s, 'GO GU EK H8');
    // Seat 0 leads again; play a Schellen to give seat 2 the lead.
    play(s, 'S9 S7 SA S8');
    expect(turn(s)).toBe(2);
    expect(playable(s)).toEqual(cards('EA G8 SZ'));
    expectIllegal(s, 2, playCard('EZ'), /must lead EA unless he runs away/);
  });

  it('Davonlaufen: with four cards of the called suit the holder may lead another one and is freed', () => {
    const s = deal(D_RUN, { contract: rufEichel });
    play(s, 'S9 S7 SA S8');
    expect(turn(s)).toBe(2);
    expect(playable(s)).toContain('EZ');
    play(s, 'EZ');
    expect(s.freed[2]).toBe(true);
    // Seat 3 follows, seat 0 too; the Ace is not due any more once the holder ran away.
    play(s, 'E8 E7 GU');
    expect(s.calledLeads).toBe(1);
  });

  it('Umspielen: a holder with four cards of the called suit may keep the Ace back when another leads it', () => {
    const s = deal(D_RUN, { contract: rufEichel });
    play(s, 'E7 GU');
    expect(playable(s)).toEqual(cards('EA EZ EK E9'));
    const off = deal(D_RUN, { contract: rufEichel, options: { calledCards: { umspielen: false } } });
    play(off, 'E7 GU');
    expect(playable(off)).toEqual(['EA']);
  });

  it('Bringregel: the called Ace may not be discarded before its suit has been led (last trick excepted)', () => {
    const s = deal(D_LATE, { contract: rufEichel });
    play(s, 'GA G9');
    expect(playable(s)).not.toContain('EA');
    expectIllegal(s, 2, playCard('EA'), /may not be discarded before its suit has been led/);
    const always = deal(D_LATE, { contract: rufEichel, options: { calledCards: { discard: 'always' } } });
    play(always, 'GA G9');
    expect(playable(always)).toContain('EA');
  });
});

describe('Mehrkopf, four players: the auction (rulebook "Spielansage")', () => {
  it('Spielansage: a solo beats a normal game, a Tout beats a solo', () => {
    const s = deal(D_P);
    act(s, 0, bid('sauspiel', 'E'));
    act(s, 1, bid('solo', 'G'));
    expectIllegal(s, 2, bid('sauspiel', 'G'), /must outrank/);
    act(s, 2, PASS);
    act(s, 3, PASS);
    // Seat 0 may answer with a Tout only (a solo by him would also win: the earlier seat wins equal games).
    expect(turn(s)).toBe(0);
    act(s, 0, bid('wenz', undefined, true));
    act(s, 1, PASS);
    expect(s.contract).toMatchObject({ game: 'wenz', tout: true, declarer: 0 });
  });

  it('Spielansage: equal games — the earlier seat from the dealer wins', () => {
    const s = deal(D_P);
    act(s, 0, PASS);
    act(s, 1, bid('solo', 'G'));
    act(s, 2, PASS);
    act(s, 3, PASS);
    expect(s.contract).toMatchObject({ game: 'solo', declarer: 1 });
    const t = deal(D_P);
    act(t, 0, bid('sauspiel', 'E'));
    act(t, 1, bid('geier'));
    act(t, 2, PASS);
    act(t, 3, PASS);
    // Seat 0 is earlier than seat 1: his own solo outranks the Geier.
    act(t, 0, bid('solo', 'H'));
    expectIllegal(t, 1, bid('wenz'), /must outrank/);
    act(t, 1, PASS);
    expect(t.contract).toMatchObject({ game: 'solo', suit: 'H', declarer: 0 });
  });

  it('Tout exists for the solo games only; Niederer needs the Gefreite (five or more players)', () => {
    const s = deal(D_P);
    expectIllegal(s, 0, bid('sauspiel', 'E', true), /solo games only/);
    expectIllegal(s, 0, bid('niederer'), /Gefreite/);
  });
});

describe('Mehrkopf, four players: Tout and Sie (rulebook "Toutspiel", "Sie")', () => {
  it('Toutspiel: the soloist loses at once when another player takes a trick; the payment is doubled', () => {
    const s = deal(D_P, { contract: { declarer: 0, game: 'solo', suit: 'H', tout: true } });
    play(s, 'EO SO HU SU');
    play(s, 'S9 S7 SA S8');
    // Seat 2 took a trick: the deal is over.
    expect(mk.isOver(s)).toBe(true);
    const r = result(s);
    expect(r.won).toBe(false);
    // Laufende: EO GO HO (seat 0) then SO with seat 1: 3. (5 + 3) × 2 = 16 per opponent.
    expect(r.laufende).toBe(3);
    expect(r.exact).toEqual(['-48', '16', '16', '16']);
  });

  it('Sie: the eight highest main trumps are laid out, not played; (5 + 8 Laufende) × 4 from each', () => {
    const sie = 'EO GO HO SO EU GU HU SU | EA EZ EK E9 E8 E7 GA GZ | GK G9 G8 G7 HA HZ HK H9 | H8 H7 SA SZ SK S9 S8 S7';
    const s = deal(sie);
    act(s, 0, bid('sie'));
    for (const seat of [1, 2, 3]) act(s, asSeat(seat), PASS);
    expect(mk.isOver(s)).toBe(true);
    const r = result(s);
    expect(r.cardPoints).toEqual([120, 0, 0, 0]);
    expect(r.exact).toEqual(['156', '-52', '-52', '-52']);
    // The Sie hand is shown to everyone.
    expect(mk.view(s, { kind: 'seat', seat: 1 }).hands[0]).toHaveLength(8);
  });
});

describe('Mehrkopf, four players: who knows the partner (rulebook "Normalspiel")', () => {
  it('the Ace holder is known to the others only once the called Ace is played', () => {
    const s = deal(D_P, { contract: rufEichel });
    expect(mk.view(s, { kind: 'seat', seat: 1 }).declarers).toEqual([0]);
    expect(mk.view(s, { kind: 'seat', seat: 2 }).declarers).toEqual([0, 2]);
    play(s, 'E7 GU EA');
    expect(mk.view(s, { kind: 'seat', seat: 1 }).declarers).toEqual([0, 2]);
    expect(mk.view(s, { kind: 'seat', seat: 3 }).extra?.calledCard).toBe('EA');
  });
});

describe('Mehrkopf, four players: suit solo and Rotsolo (rulebook "Solospiel")', () => {
  it('Farbsolo: the named suit replaces Herz as trump; Herz becomes a plain suit', () => {
    const s = deal(D_P, { contract: { declarer: 1, game: 'solo', suit: 'G' } });
    // Seat 0 leads HA: a plain Herz card now; seat 1 holds HZ HK and must follow Herz.
    play(s, 'HA');
    expect(playable(s)).toEqual(cards('HZ HK'));
    play(s, 'HK H9');
    // Seat 3 follows Herz too; a Gras card would be a trump.
    expect(playable(s)).toEqual(cards('H7 H8'));
  });

  it('Rotsolo: a solo with Herz keeps Herz as the trump suit', () => {
    const s = deal(D_P, { contract: { declarer: 1, game: 'solo', suit: 'H' } });
    play(s, 'HA');
    // Herz is trump: seat 1 follows with any trump (Ober, Unter or Herz).
    expect(playable(s)).toEqual(cards('SO GU HZ HK'));
  });
});
