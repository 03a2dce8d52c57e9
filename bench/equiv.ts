/**
 * Behaviour fingerprint of the engine over many seeded random games (compare two builds): Schafkopf configurations
 * first, then the other variants. `npx tsx bench/equiv.ts [games] [--codes]`.
 */
import { Rng, getVariant, playRandomDeal, scoreRecord, toRecord, hashString } from '../engine/index.js';
import type { Illegal } from '../engine/variant.js';
import { pickAction } from '../engine/sim.js';
import { ZERO, rat } from '../engine/money/rational.js';
import { asSeat } from '../engine/seat.js';

const configs: [string, unknown][] = [
  ['sauspiel', {}],
  ['bsv', {}],
  ['tournament', {}],
  ['seed-003', {}],
  ['sauspiel', { allPass: 'muss' }],
  ['sauspiel', { allPass: 'stock', kontra: { window: 'holding-all' } }],
  [
    'sauspiel',
    { bettel: { stichzwang: true, order: 'herz-trumps' }, calledAce: { discard: 'always', davonlaufenMin: 3 } },
  ],
  [
    'sauspiel',
    { deck: 'short', kontra: { window: 'before-second-card' }, calledAce: { discard: 'from-7th', davonlaufenMin: 2 } },
  ],
  [
    'bsv',
    {
      ramsch: { tieBreak: 'highest-trump', jungfrau: 'double-all', durchmarsch: 91 },
      kontra: { window: 'before-first-card' },
    },
  ],
  [
    'bsv',
    {
      ramsch: { tieBreak: 'seed-003', jungfrau: 'double-individually-multiple', durchmarsch: 'off' },
      knock: { enabled: false, mode: 'double' },
    },
  ],
  [
    'sauspiel',
    {
      bettel: { stichzwang: true, order: 'no-trumps' },
      laufendeCap: { sauspiel: 4, solo: 5 },
      mussSpiel: { sixtyWins: true },
      allPass: 'muss',
    },
  ],
];
/** The other variants: [variant, preset, overrides, players]. */
const others: [string, string, unknown, number][] = [
  ['saukopf', 'saukopf', {}, 4],
  ['saukopf', 'zahm', {}, 3],
  ['sheepshead', 'standard', {}, 5],
  ['sheepshead', 'jack-of-diamonds', {}, 3],
  ['sheepshead', 'crack-and-blitz', {}, 4],
  ['mehrkopf', 'rulebook', {}, 4],
  ['mehrkopf', 'einsteiger', {}, 5],
];
const positional = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const games = Number(positional[0] ?? 3000);
// `--codes`: hash illegal-move answers by code and rule only (messages left out), to compare builds whose wording differs.
const codesOnly = process.argv.includes('--codes');
const h = (x: unknown): number => hashString(JSON.stringify(x));
const hc = (x: Illegal | undefined): number => h(x === undefined ? 0 : codesOnly ? { code: x.code, rule: x.rule } : x);
const runs: [string, string, unknown, number][] = [
  ...configs.map(([preset, over]): [string, string, unknown, number] => ['schafkopf', preset, over, 4]),
  ...others,
];
for (const [id, preset, over, players] of runs) {
  const variant = getVariant(id)!;
  const o = variant.resolveOptions(preset, over, players);
  const rng = new Rng(`${preset}${JSON.stringify(over)}`);
  let acc = 0;
  for (let g = 0; g < games; g++) {
    const ctx = { bock: 1 + (g % 3 === 0 ? 1 : 0), pot: g % 5 === 0 ? rat(40) : ZERO };
    const deal = playRandomDeal(variant, o, players, asSeat(g % players), rng, ctx, true);
    acc = (acc * 31 + h(deal)) >>> 0;
    if (g % 4 === 0) {
      // Replay step by step: views, legal lists, checks of legal and some illegal actions, clones.
      const s = variant.start(o, players, deal.dealer, deal.layout, ctx);
      for (const { seat, action } of deal.actions) {
        for (let q = 0; q < players; q++) {
          const legal = variant.legalActions(s, asSeat(q));
          acc = (acc * 31 + h(legal)) >>> 0;
          if (q === seat) {
            for (const c of deal.layout.hands[q] ?? [])
              acc = (acc * 31 + hc(variant.check(s, q, { type: 'play', card: c }))) >>> 0;
            acc = (acc * 31 + hc(variant.check(s, q, { type: 'bid', game: 'sauspiel', suit: 'E' }))) >>> 0;
            acc = (acc * 31 + hc(variant.check(s, q, { type: 'bid', game: 'solo', suit: 'H', tout: true }))) >>> 0;
            acc = (acc * 31 + hc(variant.check(s, q, { type: 'kontra' }))) >>> 0;
          }
        }
        if (variant.check(s, seat, action) !== undefined) throw new Error('recorded action illegal');
        const c = variant.clone(s);
        const notes = variant.apply(s, seat, action);
        variant.apply(c, seat, pickAction(variant.legalActions(c, seat), rng), false);
        acc = (acc * 31 + h(notes)) >>> 0;
        acc = (acc * 31 + h(variant.view(s, { kind: 'seat', seat: asSeat((seat + 1) % players) }))) >>> 0;
        acc = (acc * 31 + h(variant.view(c, { kind: 'spectator' }))) >>> 0;
      }
      acc = (acc * 31 + h(variant.view(s, { kind: 'organiser' }))) >>> 0;
      acc = (acc * 31 + h(variant.result(s))) >>> 0;
      const rec = toRecord({
        variant: id,
        preset,
        options: over,
        seats: players,
        dealer: deal.dealer,
        layout: deal.layout,
        actions: deal.actions,
      } as never);
      acc = (acc * 31 + h(scoreRecord(JSON.parse(JSON.stringify(rec))))) >>> 0;
    }
  }
  console.log(id === 'schafkopf' ? preset : `${id}/${preset}/${players}`, JSON.stringify(over), acc.toString(16));
}
