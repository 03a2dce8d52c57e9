/**
 * Random full games of one variant and table size through `playRandomDeal` (the loop bench/peers.ts times), games per
 * CPU second: `npx tsx bench/playouts.ts [players=5] [games=300000] [variant=sheepshead] [preset=standard]`. Small on
 * purpose, to profile (`node --cpu-prof`) or to count instructions per game, which do not move with the machine's
 * load: bundle it (`npx esbuild bench/playouts.ts --bundle --platform=node --format=esm --outfile=/tmp/p.mjs`), run
 * `valgrind --tool=cachegrind --cache-sim=no node --single-threaded /tmp/p.mjs 5 N` for N = 10000 and 40000 and
 * divide the difference of the `I refs` by 30000 (docs/performance.md, "Sheepshead 5 from 11× to about 12×").
 */
import { Rng, type Seat, getVariant, nextSeat, playRandomDeal } from '../engine/index.js';

const players = Number(process.argv[2] ?? 5);
const games = Number(process.argv[3] ?? 300_000);
const variant = getVariant(process.argv[4] ?? 'sheepshead');
if (variant === undefined) throw new Error(`no variant ${process.argv[4]}`);
const options = variant.resolveOptions(process.argv[5] ?? variant.defaultPreset, {}, players);
const rng = new Rng(42);
let dealer: Seat = 0;
const start = process.cpuUsage();
for (let i = 0; i < games; i++) {
  playRandomDeal(variant, options, players, dealer, rng);
  dealer = nextSeat(dealer, players);
}
const used = process.cpuUsage(start);
console.log(`${variant.id} ${players}: ${Math.round(games / ((used.user + used.system) / 1e6))} games/s`);
