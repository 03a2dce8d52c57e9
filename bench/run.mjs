// Bundle a benchmark with esbuild (as the Lambda functions are bundled) and run it: `npm run bench` (engine.bench.ts),
// `npm run bench:peers` (`node bench/run.mjs peers`: peers.ts). Arguments after the name go to the benchmark.
import { build } from 'esbuild';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(root, 'node_modules', '.cache', 'stammtisch-bench');
mkdirSync(outdir, { recursive: true });
const name =
  process.argv[2] !== undefined && !process.argv[2].startsWith('--') ? process.argv.splice(2, 1)[0] : 'engine.bench';
const outfile = join(outdir, `${name}.mjs`);
await build({
  entryPoints: [join(root, 'bench', `${name}.ts`)],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outfile,
  logLevel: 'warning',
});
// The bundle runs from the cache folder; files it reads next to its source (bench/peers/) are found from here.
process.env.STAMMTISCH_BENCH_DIR = join(root, 'bench');
await import(pathToFileURL(outfile).href);
