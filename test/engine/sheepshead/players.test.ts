import { describe, expect, it } from 'vitest';
import { type Card, POINTS, indexOf, parseCards } from '../../../engine/index.js';
import { ORDER } from '../../../engine/variants/sheepshead/rules.js';
import { dieOf } from '../../../engine/variants/sheepshead/index.js';
import { act, bury, cards, deal, expectIllegal, pick, play, playable, result, sh, turn } from './helpers.js';
import { asSeat } from '../../../engine/seat.js';

describe('the deck and the order (seed 002 "First, the Deck")', () => {
  it('32 cards, 120 points (A 11, 10 10, K 4, Q 3, J 2); trumps Q♣ … 7♦, then A 10 K 9 8 7 in each fail suit', () => {
    const o = sh.resolveOptions(undefined, {}, 5);
    const deck = sh.deck(o, 5);
    expect(deck).toHaveLength(32);
    expect(deck.reduce((sum, c) => sum + POINTS[indexOf(c)]!, 0)).toBe(120);
    expect(sh.totalPoints(o, 5)).toBe(120);
    parseCards('QC QS QH QD JC JS JH JD AD 10D KD 9D 8D 7D').forEach((t, i) =>
      expect(ORDER.trumpRank[indexOf(t)], t).toBe(i + 1),
    );
    for (const suit of ['C', 'S', 'H']) {
      const fail = parseCards(['A', '10', 'K', '9', '8', '7'].map((r) => r + suit).join(' '));
      for (const c of fail) expect(ORDER.trumpRank[indexOf(c)]).toBe(0);
      for (let i = 0; i + 1 < fail.length; i++)
        expect(ORDER.power[indexOf(fail[i]!)]).toBeGreaterThan(ORDER.power[indexOf(fail[i + 1]!)]!);
    }
    // In play: Q♣ takes Q♥, Q♦, J♥, 7♦ (trick 1 of a five-handed deal).
    const s = deal(
      'QC QS JD AD 7C 9H | QH JC 10D AC 10C KS | QD JS KD AH 7S 8S | JH 9D 8D KC 9C 10H | 7D AS 10S 9S KH 8H',
      '8C 7H',
    );
    passes5AndPlay(s);
    expect(s.turn).toBe(0);
    expect(s.points[0]).toBe(11);
  });

  it('the ranks follow from the order data: a led fail ace loses to the lowest trump', () => {
    const s = deal(
      'QC QS JD AD 7C 9H | QH JC 10D AC 10C KS | QD JS KD AH 7S 8S | JH 9D 8D KC 9C 10H | 7D AS 10S 9S KH 8H',
      '8C 7H',
    );
    for (let i = 0; i < 5; i++) act(s, turn(s), { type: 'pass' });
    // Leaster: seat 0 leads 7♣; 10♣ beats 9♣ and 7♣; then A♣ led by seat 1 is trumped by A♦.
    play(s, '7C 10C AH 9C KH');
    expect(s.lastSeats[s.lastCards.indexOf(cardIdx('10C'))]).toBe(1);
  });
});

const cardIdx = (text: string): number => indexOf(parseCards(text)[0] as Card);

function passes5AndPlay(s: ReturnType<typeof deal>): void {
  act(s, 0, pick());
  act(s, 0, bury('7C 8C'));
  act(s, 0, { type: 'call', card: 'HA' });
  play(s, 'QC QH QD JH 7D');
}

describe('the deal per player count (docs/rules/sheepshead.md "Deal")', () => {
  const expected: Record<number, [number, number]> = {
    3: [10, 2],
    4: [7, 4],
    5: [6, 2],
    6: [5, 2],
    7: [4, 4],
    8: [4, 0],
  };
  for (const [n, [perHand, blind]] of Object.entries(expected)) {
    it(`${n} players: ${perHand} cards each and ${blind} in the blind, never the last cards dealt`, () => {
      const players = Number(n);
      const o = sh.resolveOptions(undefined, {}, players);
      const deck = sh.deck(o, players);
      const layout = sh.deal(o, players, asSeat(players - 1), deck);
      expect(layout.hands.map((h) => h.length)).toEqual(Array.from({ length: players }, () => perHand));
      expect(layout.blind).toHaveLength(blind);
      expect(layout.blind).not.toContain(deck[deck.length - 1]);
      // Dealing starts at the dealer's left (forehand, seat 0 here).
      expect(layout.hands[0]![0]).toBe(deck[0]);
      expect(sh.checkLayout(o, players, layout)).toBeUndefined();
    });
  }
  it('5 players: three each, two to the blind, three each (docs/rules/sheepshead.md "Deal")', () => {
    const o = sh.resolveOptions(undefined, {}, 5);
    const deck = sh.deck(o, 5);
    const layout = sh.deal(o, 5, 4, deck);
    expect(layout.blind).toEqual([deck[15], deck[16]]);
  });
  it('2 players: four stacks of two face-down cards under one face-up card, and four in hand', () => {
    const o = sh.resolveOptions(undefined, {}, 2);
    const layout = sh.deal(o, 2, 1, sh.deck(o, 2));
    expect(layout.hands.map((h) => h.length)).toEqual([4, 4]);
    expect(layout.faceUp!.map((h) => h.length)).toEqual([4, 4]);
    expect(layout.faceDown!.map((h) => h.length)).toEqual([8, 8]);
    expect(sh.checkLayout(o, 2, layout)).toBeUndefined();
    expect(sh.checkLayout(o, 2, { hands: layout.hands, blind: [] })).toMatch(/faceUp/);
  });
});

describe('three and four players: the picker plays alone (seed 002 "Pick and Win")', () => {
  // Three-handed: ten each, two in the blind.
  const D3 = 'QC QS QH QD JC JS JH JD AD 10D | KD 9D 8D 7D AC 10C KC 9C 8C 7C | AS 10S KS 9S 8S AH 10H KH 9H 8H';
  it('three-handed: no call; after burying the play starts, picker against two', () => {
    const s = deal(D3, '7S 7H');
    act(s, 0, pick());
    act(s, 0, bury('7S 7H'));
    expect(s.phase).toBe('play');
    expect(s.party).toEqual([true, false, false]);
    expect(() => sh.resolveOptions(undefined, { partner: 'called-ace' }, 3)).toThrow(/three-handed/);
  });
  it('three-handed: the picker winning every trick takes 3 from each', () => {
    const s = deal(D3, '7S 7H');
    act(s, 0, pick());
    act(s, 0, bury('7S 7H'));
    for (let t = 0; t < 10; t++) {
      // The picker leads his highest trump; the others play their first legal card.
      act(s, 0, { type: 'play', card: highest(s.hands[0]!) ?? playable(s)[0]! });
      act(s, 1, { type: 'play', card: playable(s)[0]! });
      act(s, 2, { type: 'play', card: playable(s)[0]! });
      if (t < 9) expect(turn(s)).toBe(0);
    }
    const r = result(s);
    expect(r.tricks).toEqual([10, 0, 0]);
    expect(r.money).toEqual([6, -3, -3]);
  });
  it('four-handed: seven each, the picker takes and buries four', () => {
    const D4 = 'QC QS QH QD JC JS JH | JD AD 10D KD 9D 8D 7D | AC 10C KC 9C AS 10S KS | AH 10H KH 9H 8C 7C 9S';
    const s = deal(D4, '8S 7S 8H 7H');
    act(s, 0, pick());
    expectIllegal(s, 0, bury('8S 7S'), /as many cards as he took from the blind \(4\)/);
    act(s, 0, bury('8S 7S 8H 7H'));
    expect(s.phase).toBe('play');
    expect(s.game).toBe('alone');
  });
});

const HIGH = parseCards('QC QS QH QD JC JS JH JD AD 10D KD 9D 8D 7D');
/** The highest trump in a hand, if any. */
const highest = (hand: readonly number[]): Card | undefined => HIGH.find((t) => hand.includes(indexOf(t)));

describe('six players: J♦ and the player to the picker’s right (seed 002 "Six player rules")', () => {
  const D6 = 'QC QS AD 7C 9H | QH JC 10D AC 10C | QD JS KD AH 7S | JH 9D 8D KC 9C | 7D AS 10S 9S KH | JD KS 8S 10H 8H';
  it('the J♦ holder and the player to the picker’s right are partners (3 against 3)', () => {
    const s = deal(D6, '8C 7H');
    act(s, 0, { type: 'pass' });
    act(s, 1, pick());
    act(s, 1, bury('8C 7H'));
    expect(s.phase).toBe('play');
    expect(s.party).toEqual([true, true, false, false, false, true]);
    expect(s.second).toBe(0);
    expect(s.partner).toBe(5);
    // The right-hand partner is public; the J♦ holder is not.
    expect(sh.view(s, { kind: 'seat', seat: 3 }).declarers).toEqual([0, 1]);
  });
  it('when the player to the picker’s right holds J♦, they play two against four', () => {
    const s = deal(D6, '8C 7H');
    act(s, 0, pick());
    act(s, 0, bury('8C 7H'));
    expect(s.party).toEqual([true, false, false, false, false, true]);
  });
});

describe('seven players: a die-roll partner takes the rest of the blind (seed 002 "Seven player rules")', () => {
  const D7 = 'QC QS AD 7C | QH JC 10D AC | QD JS KD AH | JH 9D 8D KC | 7D AS 10S 9S | JD KS 8S 10H | 10C 9C 7S KH';
  const B7 = '9H 8H 8C 7H';
  it('the picker takes two blind cards; the die partner, counted clockwise, takes two and buries two', () => {
    const s = deal(D7, B7);
    const die = dieOf({ hands: D7.split('|').map((h) => parseCards(h)), blind: parseCards(B7) });
    expect(s.die).toBe(die);
    expect(die).toBeGreaterThanOrEqual(1);
    expect(die).toBeLessThanOrEqual(6);
    act(s, 0, pick());
    expect(s.hands[0]).toHaveLength(6);
    expectIllegal(s, 0, bury('7C 9H 8H'), /as many cards as he took from the blind \(2\)/);
    act(s, 0, bury('9H 8H'));
    const partner = die % 7;
    expect(turn(s)).toBe(partner);
    expect(s.hands[partner]).toHaveLength(6);
    expect(sh.view(s, { kind: 'seat', seat: asSeat(partner) }).hands[partner]).toEqual(
      expect.arrayContaining(cards('8C 7H')),
    );
    const hand = s.hands[partner]!;
    const two = sh.legalActions(s, asSeat(partner))[0]!;
    act(s, asSeat(partner), two);
    expect(hand).toHaveLength(4);
    expect(s.phase).toBe('play');
    expect(s.party[partner]).toBe(true);
    expect(s.party[5]).toBe(true); // J♦
  });
});

describe('seven players without the die partner (secondPartner none)', () => {
  it('the picker takes all four blind cards and buries four, then calls J♦', () => {
    const s = deal(
      'QC QS AD 7C | QH JC 10D AC | QD JS KD AH | JH 9D 8D KC | 7D AS 10S 9S | JD KS 8S 10H | 10C 9C 7S KH',
      '9H 8H 8C 7H',
      { options: { secondPartner: 'none' } },
    );
    act(s, 0, pick());
    expect(s.hands[0]).toHaveLength(8);
    act(s, 0, bury('9H 8H 8C 7H'));
    expect(s.phase).toBe('call');
    act(s, 0, { type: 'call', card: 'SU' });
    expect(s.party.filter(Boolean)).toHaveLength(2);
  });
});

describe('eight players: no blind, the black queens play together (docs/rules/sheepshead.md "Deal")', () => {
  const D8 =
    'QC QS AD 7C | QH JC 10D AC | QD JS KD AH | JH 9D 8D KC | 7D AS 10S 9S | JD KS 8S 10H | 10C 9C 7S KH | 9H 8H 8C 7H';
  it('the holder of Q♣ and Q♠ plays alone against seven when he holds both', () => {
    const s = deal(D8);
    expect(s.phase).toBe('play');
    expect(s.party.filter(Boolean)).toHaveLength(1);
    // Who holds Q♣ is secret until it is played.
    expect(sh.view(s, { kind: 'seat', seat: 3 }).declarers).toEqual([]);
    expect(sh.view(s, { kind: 'seat', seat: 3 }).contract).toEqual({ game: 'black-queens' });
    expect(sh.view(s, { kind: 'seat', seat: 0 }).declarers).toEqual([0]);
    play(s, 'QC');
    expect(sh.view(s, { kind: 'seat', seat: 3 }).declarers).toEqual([0]);
    play(s, 'QH QD JH 7D JD 10C 9H / QS JC JS 9D AS KS 9C 8H / AD 10D KD 8D 10S 8S 7S 8C / 7C AC AH KC 9S 10H KH 7H');
    const r = result(s);
    expect(r.declarers).toEqual([0]);
    expect(r.tricks[0]).toBe(3);
  });
});

describe('two players: stacks (seed 002 "Two player rules")', () => {
  it('the non-dealer leads from hand or face-up cards; a played stack card is replaced by the card below', () => {
    const o = sh.resolveOptions(undefined, {}, 2);
    const layout = sh.deal(o, 2, 1, sh.deck(o, 2));
    const s = sh.start(o, 2, 1, layout, { bock: 1, pot: { n: 0, d: 1 } });
    expect(turn(s)).toBe(0);
    const playableNow = playable(s).sort();
    expect(playableNow).toEqual([...layout.hands[0]!, ...layout.faceUp![0]!].sort());
    const up = layout.faceUp![0]![0]!;
    act(s, 0, { type: 'play', card: up });
    act(s, 1, { type: 'play', card: playable(s)[0]! });
    const stacks = sh.view(s, { kind: 'seat', seat: 1 }).extra?.stacks as { up: Card | null; down: number }[][];
    expect(stacks[0]![0]).toEqual({ up: layout.faceDown![0]![0], down: 1 });
    expect(sh.view(s, { kind: 'seat', seat: 1 }).hands[0]).toBeNull();
  });
  it('a two-handed deal plays sixteen tricks and the loser pays', () => {
    const o = sh.resolveOptions(undefined, {}, 2);
    const layout = sh.deal(o, 2, 1, sh.deck(o, 2));
    const s = sh.start(o, 2, 1, layout, { bock: 1, pot: { n: 0, d: 1 } });
    for (let i = 0; i < 32; i++) act(s, turn(s), { type: 'play', card: playable(s)[0]! });
    const r = result(s);
    expect(r.tricks[0]! + r.tricks[1]!).toBe(16);
    expect(r.cardPoints[0]! + r.cardPoints[1]!).toBe(120);
    expect(r.money[0]! + r.money[1]!).toBe(0);
  });
});
