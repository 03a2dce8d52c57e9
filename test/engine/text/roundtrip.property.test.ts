import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Rng, displayName, listVariants, type AnyVariant } from '../../../engine/index.js';
import { pickAction } from '../../../engine/sim.js';
import { labelAction, parseCommand, type Lang } from '../../../engine/text/index.js';
import { asSeat } from '../../../engine/seat.js';

/**
 * Every legal action of random deals in every variant, preset and player count can be labelled, typed and read
 * back to the same action, in both languages.
 */
function* positions(variant: AnyVariant, preset: string, players: number, seed: number) {
  const options = variant.resolveOptions(preset, {}, players);
  const parts = variant.participants(options, players, asSeat(players - 1)).length;
  const rng = new Rng(seed);
  const layout = variant.deal(options, parts, asSeat(parts - 1), rng.shuffle(variant.deck(options, parts)));
  const state = variant.start(options, parts, asSeat(parts - 1), layout, { bock: 1, pot: { n: 0, d: 1 } });
  for (let guard = 0; guard < 500 && !variant.isOver(state); guard++) {
    for (let seat = 0; seat < parts; seat++) {
      const legal = variant.legalActions(state, asSeat(seat));
      if (legal.length > 0) yield legal;
    }
    const toAct = variant.toAct(state);
    const seat = toAct[rng.int(toAct.length)] as number;
    variant.apply(state, asSeat(seat), pickAction(variant.legalActions(state, asSeat(seat)), rng), true);
  }
}

const tables = listVariants().flatMap((v) =>
  Object.keys(v.presets).flatMap((preset) =>
    [...new Set([v.tableSeats.min, v.tableSeats.max, 4, 5])]
      .filter((n) => n >= v.tableSeats.min && n <= v.tableSeats.max)
      .flatMap((players) => {
        try {
          v.resolveOptions(preset, {}, players);
          return [{ variant: v, preset, players }];
        } catch {
          return [];
        }
      }),
  ),
);

describe('every legal action can be typed and read back', () => {
  it.each(tables.map((t) => [`${t.variant.id}/${t.preset}/${t.players}`, t] as const))('%s', (_, table) => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), (seed) => {
        for (const legal of positions(table.variant, table.preset, table.players, seed))
          for (const lang of ['de', 'en'] as Lang[])
            // Long lists (a 4-card burial: hundreds) are sampled; the whole list still takes part in each reading.
            for (const action of legal.length > 24
              ? legal.filter((_, i) => (i * 7919 + seed) % legal.length < 24)
              : legal) {
              const text = labelAction(action, table.variant.id, lang, legal);
              const read = parseCommand(text, legal, { variant: table.variant.id, lang });
              if (!read.ok || JSON.stringify(read.action) !== JSON.stringify(action))
                expect.fail(`${lang} "${text}" for ${JSON.stringify(action)} read as ${JSON.stringify(read)}`);
              // A card also reads back by its full name: `Eichel-Ober`, `Ober of Acorns`, `spiel Herz-Preuße`.
              if (action.type === 'play')
                for (const name of [displayName(action.card, 'de'), `play the ${displayName(action.card, 'en')}`]) {
                  const byName = parseCommand(name, legal, { variant: table.variant.id });
                  if (!byName.ok || JSON.stringify(byName.action) !== JSON.stringify(action))
                    expect.fail(`"${name}" for ${JSON.stringify(action)} read as ${JSON.stringify(byName)}`);
                }
            }
      }),
      { numRuns: 6 },
    );
  });
});

describe('any text gets an answer', () => {
  const legal = [
    { type: 'pass' },
    { type: 'play', card: 'EO' },
    { type: 'bid', game: 'solo', suit: 'H', tout: true },
    { type: 'bury', cards: ['S7', 'S8'] },
    { type: 'bid', value: 65 },
  ] as const;
  it('never throws, and an unclear answer lists legal commands in the language asked for', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.constantFrom<Lang>('de', 'en'), (text, lang) => {
        const read = parseCommand(text, legal, { variant: 'schafkopf', lang });
        if (read.ok) expect(legal).toContainEqual(read.action);
        else {
          expect(read.lang).toBe(lang);
          expect(read.commands).toHaveLength(legal.length);
          expect(read.message.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 500 },
    );
  });
});
