import { describe, expect, it } from 'vitest';
import { CARDS, displayName, indexOf, cardAt, parseCard, parseCards, pointsOf } from '../../engine/index.js';

describe('card notation (docs/RECORD.md)', () => {
  it('canonical ids are suit letter + rank letter, 48 in all', () => {
    expect(CARDS).toHaveLength(48);
    expect(CARDS).toContain('EO');
    expect(CARDS).toContain('GG');
    expect(CARDS).toContain('SS');
    expect(CARDS).toContain('HP');
    for (const c of CARDS) expect(cardAt(indexOf(c))).toBe(c);
  });

  it.each([
    ['EO', 'EO'],
    ['eo', 'EO'],
    ['E10', 'EZ'],
    ['h10', 'HZ'],
    ['QC', 'EO'],
    ['qc', 'EO'],
    ['JD', 'SU'],
    ['10H', 'HZ'],
    ['AD', 'SA'],
    ['7S', 'G7'],
    ['Q♣', 'EO'],
    ['J♦', 'SU'],
    ['10♥', 'HZ'],
    ['A♠', 'GA'],
    ['SA', 'SA'],
    ['GS', 'GS'],
    ['HP', 'HP'],
  ])('parses %s as %s', (input, card) => {
    expect(parseCard(input)).toBe(card);
  });

  it.each(['', 'X', 'EQ', 'Z9', '11H', 'QX', 'E', 'EOO'])('rejects %j', (input) => {
    expect(parseCard(input)).toBeUndefined();
  });

  it('parses whitespace and comma separated lists and throws on a bad card', () => {
    expect(parseCards('EO GO, HO\tSO')).toEqual(['EO', 'GO', 'HO', 'SO']);
    expect(() => parseCards('EO XX')).toThrow(/not a card: XX/);
  });

  it('card points: Sau 11, Zehn 10, Schöne 6, König 4, Ober 3, Unter 2, Gefreiter 1, Preuße −7, others 0', () => {
    expect(
      ['EA', 'EZ', 'ES', 'EK', 'EO', 'EU', 'EG', 'E9', 'E8', 'E7', 'E6', 'EP'].map((c) => pointsOf(c as never)),
    ).toEqual([11, 10, 6, 4, 3, 2, 1, 0, 0, 0, 0, -7]);
    const long = parseCards('A Z K O U 9 8 7'.replace(/(\S+)/g, 'E$1 G$1 H$1 S$1'));
    expect(long.reduce((a, c) => a + pointsOf(c), 0)).toBe(120);
  });

  it('display names in German and English, German and French style', () => {
    expect(displayName('EO', 'de')).toBe('Eichel-Ober');
    expect(displayName('HZ', 'de')).toBe('Herz-Zehn');
    expect(displayName('SA', 'de')).toBe('Schellen-Sau');
    expect(displayName('EO', 'en')).toBe('Ober of Acorns');
    expect(displayName('GS', 'en')).toBe('Beauty of Leaves');
    expect(displayName('EO', 'en', 'french')).toBe('Q♣');
    expect(displayName('SU', 'en', 'french')).toBe('J♦');
    expect(displayName('HZ', 'en', 'french')).toBe('10♥');
  });
});
