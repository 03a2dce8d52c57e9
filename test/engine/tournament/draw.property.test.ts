import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tournament as T } from '../../../engine/index.js';

const ids = (n: number): string[] => Array.from({ length: n }, (_, i) => `p${String(i).padStart(2, '0')}`);
const entrants = (n: number, bots = 0): { playerId: string; bot: boolean }[] =>
  ids(n).map((playerId, i) => ({ playerId, bot: i < bots }));

function draw(n: number, seed: string, remainder: 'larger-tables' | 'bots', mates = {}, round = 1): T.DrawnTable[] {
  return T.drawRound({
    seed,
    round,
    players: entrants(n),
    tableSize: 4,
    remainder,
    mates,
    dealsAt: (seats) => (8 / 4) * seats,
  });
}

describe('the draw', () => {
  it('is a partition of the entrants into tables of 4 (and 5, or bot fillers)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 60 }),
        fc.string(),
        fc.constantFrom('larger-tables' as const, 'bots' as const),
        (n, seed, remainder) => {
          const tables = draw(n, seed, remainder);
          const seated = tables.flatMap((t) => t.seats.flatMap((s) => (s.kind === 'player' ? [s.playerId] : [])));
          expect([...seated].sort()).toEqual(ids(n));
          for (const t of tables) {
            const humans = t.seats.filter((s) => s.kind === 'player').length;
            expect(humans).toBeGreaterThan(0);
            if (remainder === 'bots') expect(t.seats).toHaveLength(4);
            else expect([4, 5]).toContain(t.seats.length);
            // A table of five plays 10 deals (each player 8, the dealer sitting out), a table of four 8.
            expect(t.deals).toBe(t.seats.length * 2);
          }
          // Tables of five only when the players do not divide by four and there are enough tables for the rest.
          if (remainder === 'larger-tables' && n % 4 !== 0 && n % 4 <= Math.floor(n / 4))
            expect(tables.filter((t) => t.seats.length === 5)).toHaveLength(n % 4);
          expect(tables.map((t) => t.table)).toEqual(tables.map((_, i) => i + 1));
        },
      ),
    );
  });

  it('is deterministic from the seed and does not depend on the order players are passed in', () => {
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 40 }), fc.string(), fc.integer(), (n, seed, shift) => {
        const players = entrants(n);
        const k = ((shift % n) + n) % n;
        const rotated = [...players.slice(k), ...players.slice(0, k)];
        const a = T.drawRound({
          seed,
          round: 2,
          players,
          tableSize: 4,
          remainder: 'bots',
          mates: {},
          dealsAt: () => 8,
        });
        const b = T.drawRound({
          seed,
          round: 2,
          players: rotated,
          tableSize: 4,
          remainder: 'bots',
          mates: {},
          dealsAt: () => 8,
        });
        expect(b).toEqual(a);
      }),
    );
  });

  it('different seeds give different seatings', () => {
    const seatings = new Set(['a', 'b', 'c', 'd', 'e'].map((s) => JSON.stringify(draw(16, s, 'bots'))));
    expect(seatings.size).toBeGreaterThan(1);
  });

  it('avoids repeat table-mates when the numbers allow: 16 players, 3 rounds of tables of 4', () => {
    fc.assert(
      fc.property(fc.string(), (seed) => {
        let mates: Record<string, number> = {};
        for (let round = 1; round <= 3; round++) {
          const tables = draw(16, seed, 'bots', mates, round);
          mates = T.addMates(mates, tables);
        }
        // 3 rounds × 4 tables × 6 pairs, every pair at most once.
        expect(Object.keys(mates)).toHaveLength(72);
        expect(Math.max(...Object.values(mates))).toBe(1);
      }),
      { numRuns: 30 },
    );
  });

  it('keeps repeats low when they cannot be avoided (8 players, 4 rounds)', () => {
    let mates: Record<string, number> = {};
    for (let round = 1; round <= 4; round++) mates = T.addMates(mates, draw(8, 'x', 'bots', mates, round));
    // 28 pairs; 4 rounds × 12 meetings = 48, so at least 20 repeats; the draw spreads them (nobody meets 4 times).
    expect(Math.max(...Object.values(mates))).toBeLessThanOrEqual(3);
    expect(Object.keys(mates).length).toBeGreaterThanOrEqual(24);
  });

  it('no-shows a bot plays keep their seat; fillers take the last seats', () => {
    const tables = T.drawRound({
      seed: 's',
      round: 1,
      players: entrants(18, 2),
      tableSize: 4,
      remainder: 'bots',
      mates: {},
      dealsAt: () => 8,
    });
    expect(tables).toHaveLength(5);
    expect(tables.flatMap((t) => t.seats).filter((s) => s.kind === 'filler')).toHaveLength(2);
    expect(tables.flatMap((t) => t.seats).filter((s) => s.kind === 'player' && s.bot)).toHaveLength(2);
    for (const t of tables) {
      const firstFiller = t.seats.findIndex((s) => s.kind === 'filler');
      if (firstFiller >= 0) expect(t.seats.slice(firstFiller).every((s) => s.kind === 'filler')).toBe(true);
    }
  });

  it('table sizes: 17 → 3×4 + 5; 18 → 2×4 + 2×5; 6 → bots (one table of 5 would leave 1)', () => {
    expect(T.tableSizes(17, 4, 'larger-tables').sizes).toEqual([4, 4, 4, 5]);
    expect(T.tableSizes(18, 4, 'larger-tables').sizes).toEqual([4, 4, 5, 5]);
    expect(T.tableSizes(6, 4, 'larger-tables')).toEqual({ sizes: [4, 4], fillers: [1, 1] });
    expect(T.tableSizes(18, 4, 'bots')).toEqual({ sizes: [4, 4, 4, 4, 4], fillers: [0, 0, 0, 1, 1] });
    expect(T.tableSizes(3, 4, 'bots')).toEqual({ sizes: [4], fillers: [1] });
  });

  it('duplicate deal seeds leave out the table; ordinary ones do not', () => {
    expect(T.dealSeedLabel(2, 1, 5, true)).toBe(T.dealSeedLabel(2, 3, 5, true));
    expect(T.dealSeedLabel(2, 1, 5, false)).not.toBe(T.dealSeedLabel(2, 3, 5, false));
    expect(T.dealSeedLabel(2, 1, 5, true)).not.toBe(T.dealSeedLabel(2, 1, 6, true));
  });
});
