/**
 * Behaviour fingerprint of Sheepshead over every player count (2–8) and a dozen option sets: random deals (actions,
 * results) and, on every eighth deal, the legal lists of every seat, the checks of every card, notes, views and the
 * result at every step. Wider than bench/equiv.ts (three Sheepshead configurations), for speed work on the variant:
 * `npx tsx bench/engine-equiv-sheepshead.ts [games=1500] [engine dir=engine]` — run it on this tree and on a copy of the
 * old engine (`git archive <commit> engine | tar -x -C /tmp/old`, then `… 1500 /tmp/old/engine`) and diff the output.
 */
import { resolve } from 'node:path';
import type * as EngineIndex from '../engine/index.js';
import type * as EngineSim from '../engine/sim.js';
import type * as EngineMoney from '../engine/money/rational.js';
// Seats as numbers: this bench also loads older engines (before engine/seat.ts), so it names seats by cast.
import type { Seat } from '../engine/seat.js';

const games = Number(process.argv[2] ?? 1500);
const dir = resolve(process.argv[3] ?? 'engine');
const { Rng, getVariant, playRandomDeal, hashString } = (await import(`${dir}/index.js`)) as typeof EngineIndex;
const { pickAction } = (await import(`${dir}/sim.js`)) as typeof EngineSim;
const { ZERO, rat } = (await import(`${dir}/money/rational.js`)) as typeof EngineMoney;

const h = (x: unknown): number => hashString(JSON.stringify(x));
const variant = getVariant('sheepshead');
if (!variant) throw new Error('sheepshead');
const sets: [string, unknown][] = [
  ['standard', {}],
  ['jack-of-diamonds', {}],
  ['straight-scoring', {}],
  ['crack-and-blitz', {}],
  ['standard', { noPick: 'doubler' }],
  ['standard', { noPick: 'forced-pick' }],
  ['standard', { leaster: { blind: 'dealer-trick' } }],
  ['standard', { leaster: { blind: 'last-trick', mustTakeTrick: false } }],
  ['standard', { buryCredit: 'if-trick', noTrickPickerPays: true }],
  ['jack-of-diamonds', { jackOfDiamonds: { callUp: 'always' }, noPick: 'forced-pick' }],
  ['standard', { calledAce: { ten: false, unknown: false }, split: 'equal' }],
  ['standard', { partner: 'jack-of-diamonds' }],
];
for (let players = 2; players <= 8; players++)
  for (const [preset, over] of sets) {
    let o: unknown;
    try {
      o = variant.resolveOptions(preset, over, players);
    } catch {
      continue; // not a legal combination for this count
    }
    const rng = new Rng(`${players}${preset}${JSON.stringify(over)}`);
    let acc = 0;
    for (let g = 0; g < games; g++) {
      const ctx = { bock: 1 + (g % 3 === 0 ? 1 : 0), pot: g % 5 === 0 ? rat(40) : ZERO };
      const deal = playRandomDeal(variant, o, players, (g % players) as Seat, rng, ctx, true);
      acc = (acc * 31 + h(deal)) >>> 0;
      if (g % 8 !== 0) continue;
      const s = variant.start(o, players, deal.dealer, deal.layout, ctx);
      for (const { seat, action } of deal.actions) {
        for (let q = 0; q < players; q++) acc = (acc * 31 + h(variant.legalActions(s, q as Seat))) >>> 0;
        for (const c of deal.layout.hands[seat] ?? [])
          acc = (acc * 31 + h(variant.check(s, seat, { type: 'play', card: c }) ?? 0)) >>> 0;
        const c = variant.clone(s);
        acc = (acc * 31 + h(variant.apply(s, seat, action))) >>> 0;
        variant.apply(c, seat, pickAction(variant.legalActions(c, seat), rng), false);
        acc = (acc * 31 + h(variant.view(s, { kind: 'seat', seat: ((seat + 1) % players) as Seat }))) >>> 0;
        acc = (acc * 31 + h(variant.view(c, { kind: 'spectator' }))) >>> 0;
      }
      acc = (acc * 31 + h(variant.view(s, { kind: 'organiser' }))) >>> 0;
      acc = (acc * 31 + h(variant.result(s))) >>> 0;
    }
    console.log(players, preset, JSON.stringify(over), acc.toString(16));
  }
