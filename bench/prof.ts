import { Rng, getVariant, playRandomDeal } from '../engine/index.js';
import { asSeat } from '../engine/seat.js';
const preset = process.argv[2] ?? 'sauspiel';
const n = Number(process.argv[3] ?? 100000);
const found = getVariant('schafkopf');
if (!found) throw new Error('schafkopf');
const variant = found;
const options = variant.resolveOptions(preset, {}, 4);
const rng = new Rng(42);
const t = performance.now();
let thrown = 0;
for (let i = 0; i < n; i++) {
  const d = playRandomDeal(variant, options, 4, asSeat(i % 4), rng);
  if (d.result.thrownIn) thrown++;
}
console.log(`${preset} ${n} games ${(performance.now() - t).toFixed(0)} ms; thrown in ${thrown}`);
