import { describe, expect, it } from 'vitest';
import { type Card, indexOf, parseCards, trickWinner } from '../../../engine/index.js';
import { compiled } from '../../../engine/variants/saukopf/orders.js';
import { act, bid, deal, expectIllegal, PASS, play, playable, saukopf, cards } from './helpers.js';
import { asSeat } from '../../../engine/seat.js';

const trumps = (...args: Parameters<typeof compiled>): string => compiled(...args).source.trumps.join(' ');
/** The winner (index in the trick) of cards played in order. */
const winner = (order: ReturnType<typeof compiled>, trick: string): Card =>
  parseCards(trick)[trickWinner(order, parseCards(trick).map(indexOf))] as Card;

const D4 = 'EO GO HO SO EU GU HU SU | EA EZ EK E9 E8 E7 GA GZ | GK G9 G8 G7 HA HZ HK H9 | H8 H7 SA SZ SK S9 S8 S7';

describe('Spielansage: trumps of each contract (seed 004 "Spielansage", "Solos")', () => {
  it('Mastschwein, Sauerei and Wilde Sauerei: OOOO UUUU Herztrümpfe', () => {
    const herz = 'EO GO HO SO EU GU HU SU HA HZ HK H9 H8 H7';
    expect(trumps('mastschwein')).toBe(herz);
    expect(trumps('sauerei')).toBe(herz);
    expect(trumps('wilde-sauerei')).toBe(herz);
  });

  it('Keiler: OOOO UUUU and the chosen suit (the classic Schafkopf solo)', () => {
    expect(trumps('keiler', 'S')).toBe('EO GO HO SO EU GU HU SU SA SZ SK S9 S8 S7');
    // Plain suits run A 10 K 9 8 7.
    expect(winner(compiled('keiler', 'S'), 'EK EZ EA E9')).toBe('EA');
  });

  it('Eber: only the four Ober; the Unter rank between König and 9 in their suit', () => {
    expect(trumps('eber')).toBe('EO GO HO SO');
    expect(winner(compiled('eber'), 'GU G9 GK G7')).toBe('GK');
    expect(winner(compiled('eber'), 'GU G9 G8 G7')).toBe('GU');
  });

  it('Wutz: only the four Unter; the Ober rank between König and 9', () => {
    expect(trumps('wutz')).toBe('EU GU HU SU');
    expect(winner(compiled('wutz'), 'HO H9 HK H7')).toBe('HK');
    expect(winner(compiled('wutz'), 'HO H9 SU H7')).toBe('SU');
  });

  it('Ferkelparade: 12 trumps E9 G9 H9 S9 E8 … S7; suits A 10 K O U', () => {
    expect(trumps('ferkelparade')).toBe('E9 G9 H9 S9 E8 G8 H8 S8 E7 G7 H7 S7');
    expect(winner(compiled('ferkelparade'), 'EA EZ S7 EK')).toBe('S7');
    expect(winner(compiled('ferkelparade'), 'EU EO EK EA')).toBe('EA');
  });

  it('Knorpel: exactly one trump, the card the Spieler names; suits A 10 K O U 9 8 7', () => {
    expect(trumps('knorpel', 'H', 'G7')).toBe('G7');
    expect(winner(compiled('knorpel', 'H', 'G7'), 'EA EZ G7 EK')).toBe('G7');
    expect(winner(compiled('knorpel', 'H', 'G7'), 'GA GZ G8 GK')).toBe('GA');
  });

  it('Schwarte: no trumps, four suits A 10 K O U 9 8 7', () => {
    expect(trumps('schwarte')).toBe('');
    expect(winner(compiled('schwarte'), 'HU HO EO H7')).toBe('HO');
  });
});

describe('am Spieß (seed 004 "Spieß")', () => {
  it('Gras Keiler am Spieß: Gras 7 is the highest trump, Gras 8 the second, the Alte (EO) the lowest', () => {
    const order = compiled('keiler', 'G', undefined, true);
    const list = order.source.trumps;
    expect(list[0]).toBe('G7');
    expect(list[1]).toBe('G8');
    expect(list[list.length - 1]).toBe('EO');
    expect(winner(order, 'EO G7 GO GA')).toBe('G7');
  });

  it('within the suits the order turns too: Herz 7 is the strongest Herz, the Herz Sau the weakest', () => {
    const order = compiled('keiler', 'G', undefined, true);
    expect(winner(order, 'HA HZ H7 HK')).toBe('H7');
    expect(winner(order, 'HA HZ HK H9')).toBe('H9');
  });

  it('trump still beats suit', () => {
    const order = compiled('keiler', 'G', undefined, true);
    expect(winner(order, 'H7 EO HK H9')).toBe('EO');
  });

  it('in play: the Gras 7 takes the Alte (EO) in a Gras Keiler am Spieß', () => {
    const s = deal(
      'EO GO HO SO EU GU HU SU | G7 G8 G9 GK EA EZ EK E9 | GA GZ HA HZ HK H9 H8 H7 | E8 E7 SA SZ SK S9 S8 S7',
      {
        contract: { declarer: 1, bid: 61, game: 'keiler', suit: 'G', spiess: true },
      },
    );
    play(s, 'EO G7 GA E7');
    // G7 (top trump am Spieß) takes the Alte.
    expect(s.tricks[1]).toBe(1);
  });

  it('am Spieß may be announced on any contract; never on a Wilde Sauerei (there is no Spielansage)', () => {
    const s = deal(D4);
    act(s, 0, bid(61));
    for (let i = 1; i < 4; i++) act(s, asSeat(i), PASS);
    const games = new Set(
      saukopf.legalActions(s, 0).flatMap((a) => (a.type === 'announce' && a.spiess === true ? [a.game] : [])),
    );
    expect([...games].sort()).toEqual(['eber', 'ferkelparade', 'keiler', 'knorpel', 'mastschwein', 'schwarte', 'wutz']);
    act(s, 0, { type: 'announce', game: 'knorpel', card: 'EA', spiess: true });
    expect(saukopf.view(s, { kind: 'seat', seat: 0 }).contract).toMatchObject({
      game: 'knorpel',
      card: 'EA',
      spiess: true,
    });
  });

  it('option spiess: false forbids am Spieß', () => {
    const s = deal(D4, { options: { spiess: false } });
    act(s, 0, bid(61));
    for (let i = 1; i < 4; i++) act(s, asSeat(i), PASS);
    expectIllegal(s, 0, { type: 'announce', game: 'eber', spiess: true }, /am Spieß is not played/);
  });
});

describe('follow suit (docs/rules/saukopf.md "Readings taken" 2)', () => {
  it('trump led: must play trump (Trumpfzwang); a plain suit led: must follow it (Farbzwang)', () => {
    const s = deal(D4, { contract: { declarer: 0, bid: 61, game: 'keiler', suit: 'H' } });
    play(s, 'EO');
    // Seat 1 has no trump: free. Play GA; seat 2 must then follow trump with Herz.
    play(s, 'GA');
    expect(playable(s)).toEqual(cards('HA HZ HK H9'));
    expectIllegal(s, 2, { type: 'play', card: 'GK' }, /Trumpfzwang/);
  });

  it('Eber: an Unter follows its own suit (it is no trump)', () => {
    const s = deal(D4, { contract: { declarer: 0, bid: 61, game: 'eber' } });
    play(s, 'EU');
    expect(playable(s)).toEqual(cards('EA EZ EK E9 E8 E7'));
    expectIllegal(s, 1, { type: 'play', card: 'GA' }, /Farbzwang/);
  });
});
