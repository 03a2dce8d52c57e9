import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sortHand } from '../../sdk/index.js';
import { getVariant, listVariants } from '../../engine/index.js';

/** The SDK's `sortHand`: a hand in the order the registry's `trickOrder` gives (what GET …/trick-order serves). */

const schafkopf = getVariant('schafkopf')!;
const options = schafkopf.resolveOptions('sauspiel', {}, 4);

describe('sortHand', () => {
  it('puts the trumps first, high to low, then each suit high to low', () => {
    const order = schafkopf.trickOrder(options as never, { game: 'sauspiel', suit: 'G' });
    expect(sortHand(['H7', 'GA', 'EO', 'SK', 'HU', 'G9', 'EZ', 'SO'], order)).toEqual([
      ['EO', 'SO', 'HU', 'H7'],
      ['EZ'],
      ['GA', 'G9'],
      ['SK'],
    ]);
    // A Wenz: only the Unter are trumps; Ober and Herz are plain cards of their suits.
    const wenz = schafkopf.trickOrder(options as never, { game: 'wenz' });
    expect(sortHand(['H7', 'EO', 'HU', 'HA', 'GU'], wenz)).toEqual([['GU', 'HU'], ['EO'], ['HA', 'H7']]);
  });

  it('is a permutation of the hand, trumps in trick order, for every variant and contract game', () => {
    const cases = listVariants().flatMap((v) => {
      const variant = getVariant(v.id)!;
      const opts = variant.resolveOptions(v.defaultPreset, {}, v.tableSeats.min);
      const deck = variant.deck(opts as never, v.tableSeats.min);
      const games = [null, 'solo', 'wenz', 'geier', 'farbwenz', 'bettel', 'keiler', 'leaster'];
      return games.map((g) => ({
        deck,
        order: variant.trickOrder(opts as never, g === null ? null : { game: g, suit: 'S' }),
      }));
    });
    fc.assert(
      fc.property(
        fc
          .constantFrom(...cases)
          .chain(({ deck, order }) =>
            fc.record({ order: fc.constant(order), hand: fc.subarray([...deck], { maxLength: 14 }) }),
          ),
        ({ order, hand }) => {
          const groups = sortHand(hand, order);
          const flat = groups.flat();
          expect([...flat].sort()).toEqual([...hand].sort());
          expect(groups.every((g) => g.length > 0)).toBe(true);
          const trumps = flat.filter((c) => (order.trumps as readonly string[]).includes(c));
          // Trumps lead and keep the order's sequence (high → low).
          expect(flat.slice(0, trumps.length)).toEqual(trumps);
          expect(trumps).toEqual(order.trumps.filter((c) => hand.includes(c)));
          // Every later group is one suit, high → low by the suit's plain ranks.
          for (const g of groups.slice(trumps.length > 0 ? 1 : 0)) {
            const suit = g[0]![0] as 'E';
            expect(g.every((c) => c[0] === suit)).toBe(true);
            const ranks = g.map((c) => order.plain[suit].indexOf(c.slice(1) as never));
            expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
          }
        },
      ),
    );
  });
});
