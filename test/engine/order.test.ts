import { describe, expect, it } from 'vitest';
import {
  type Card,
  type TrickOrder,
  compileOrder,
  indexOf,
  parseCards,
  reverseOrder,
  samePlain,
  trickWinner,
} from '../../engine/index.js';

const winnerOf = (order: TrickOrder, trick: string): Card => {
  const cards = parseCards(trick);
  return cards[trickWinner(compileOrder(order), cards.map(indexOf))]!;
};

// Trump orders are data: the family's exotic orders must be expressible without code (engine/tricks/order.ts).
describe('trick orders as data', () => {
  const sauspiel: TrickOrder = {
    trumps: parseCards('EO GO HO SO EU GU HU SU HA HZ HK H9 H8 H7'),
    plain: samePlain(['A', 'Z', 'K', '9', '8', '7']),
  };

  it('a trump beats any plain card; otherwise the highest card of the led suit wins', () => {
    expect(winnerOf(sauspiel, 'EA EZ H7 EK')).toBe('H7');
    expect(winnerOf(sauspiel, 'E9 EA GA EK')).toBe('EA');
    expect(winnerOf(sauspiel, 'SU EO GA HA')).toBe('EO');
    expect(winnerOf(sauspiel, 'G7 SA SZ SK')).toBe('G7');
  });

  it('Sheepshead: Q♣ … J♦, then diamonds A 10 K 9 8 7', () => {
    const sheepshead: TrickOrder = {
      trumps: parseCards('QC QS QH QD JC JS JH JD AD 10D KD 9D 8D 7D'),
      plain: samePlain(['A', 'Z', 'K', '9', '8', '7']),
    };
    expect(winnerOf(sheepshead, '7D AC 10C KC')).toBe('S7');
    expect(winnerOf(sheepshead, 'JD QD AD 7D')).toBe('SO');
  });

  it('Saukopf Ferkelparade: the nines, eights and sevens are the trumps', () => {
    const ferkel: TrickOrder = {
      trumps: parseCards('E9 G9 H9 S9 E8 G8 H8 S8 E7 G7 H7 S7'),
      plain: samePlain(['A', 'Z', 'K', 'O', 'U']),
    };
    expect(winnerOf(ferkel, 'EA S7 EZ EK')).toBe('S7');
    expect(winnerOf(ferkel, 'S7 E9 H8 G7')).toBe('E9');
    expect(winnerOf(ferkel, 'EO EU EA GA')).toBe('EA');
  });

  it('Saukopf Knorpel: one named trump only', () => {
    const knorpel: TrickOrder = { trumps: ['GK'], plain: samePlain(['A', 'Z', 'K', 'O', 'U', '9', '8', '7']) };
    expect(winnerOf(knorpel, 'EA GK EZ EO')).toBe('GK');
    expect(winnerOf(knorpel, 'GA GZ GO G7')).toBe('GA');
  });

  it('Saukopf Schwarte: no trumps at all', () => {
    const schwarte: TrickOrder = { trumps: [], plain: samePlain(['A', 'Z', 'K', 'O', 'U', '9', '8', '7']) };
    expect(winnerOf(schwarte, 'E7 EO GA HA')).toBe('EO');
  });

  it('am Spieß reverses every list; a trump still beats a plain card', () => {
    const keiler: TrickOrder = {
      trumps: parseCards('EO GO HO SO EU GU HU SU HA HZ HK H9 H8 H7'),
      plain: samePlain(['A', 'Z', 'K', '9', '8', '7']),
    };
    const spiess = reverseOrder(keiler);
    expect(spiess.trumps[0]).toBe('H7');
    expect(winnerOf(spiess, 'EO H7 SU HA')).toBe('H7');
    expect(winnerOf(spiess, 'EA E7 E9 EZ')).toBe('E7');
    expect(winnerOf(spiess, 'EA E7 EO GA')).toBe('EO');
  });
});
