/**
 * Where the time of a random Schafkopf game goes: setup (shuffle, deal, start), auction, play, settle.
 * Four loops over the same seeded games, each doing one phase more; the differences are the phase costs.
 * `npx esbuild bench/phases.ts --bundle --platform=node --format=esm --outfile=/tmp/phases.mjs && node /tmp/phases.mjs`
 */
import { Rng, schafkopf } from '../engine/index.js';
import { pickAction } from '../engine/sim.js';
import { ZERO } from '../engine/money/rational.js';
import { asSeat } from '../engine/seat.js';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const games = Number(args.get('games') ?? 200_000);
const preset = args.get('preset') ?? 'sauspiel';
const rounds = Number(args.get('rounds') ?? 3);
const variant = schafkopf;
const options = variant.resolveOptions(preset, {}, 4);
const ctx = { bock: 1, pot: ZERO };

function run(stage: number): number {
  const rng = new Rng(42);
  const t = performance.now();
  let sink = 0;
  for (let g = 0; g < games; g++) {
    const dealer = g % 4;
    const layout = variant.deal(options, 4, asSeat(dealer), rng.shuffle(variant.deck(options, 4)));
    const state = variant.start(options, 4, asSeat(dealer), layout, ctx);
    if (stage >= 1) {
      for (;;) {
        if (stage === 1 && state.phase !== 'auction' && state.phase !== 'hochzeit' && state.phase !== 'muss') break;
        const toAct = variant.toAct(state);
        if (toAct.length === 0) break;
        const seat = toAct[0] as number;
        variant.apply(state, asSeat(seat), pickAction(variant.legalActions(state, asSeat(seat)), rng), true);
      }
    }
    if (stage >= 3) sink += variant.result(state).multiplier;
  }
  void sink;
  return ((performance.now() - t) * 1000) / games;
}

const names = ['setup', 'auction', 'play', 'settle'];
const best = [Infinity, Infinity, Infinity, Infinity];
for (let r = 0; r < rounds; r++) {
  const us = [0, 1, 2, 3].map(run);
  for (let i = 0; i < 4; i++) best[i] = Math.min(best[i] as number, us[i] as number);
}
let prev = 0;
const parts = best.map((v, i) => {
  const d = v - prev;
  prev = v;
  return `${names[i]} ${d.toFixed(2)}`;
});
console.log(
  `${preset}: ${parts.join('  ')}  total ${(best[3] as number).toFixed(2)} µs/game (${Math.round(1e6 / (best[3] as number))} games/s)`,
);
