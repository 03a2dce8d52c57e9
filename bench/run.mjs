// Bundle the benchmark with esbuild (as the Lambda functions are bundled) and run it: `npm run bench`.
import { build } from 'esbuild';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(root, 'node_modules', '.cache', 'stammtisch-bench');
mkdirSync(outdir, { recursive: true });
const outfile = join(outdir, 'engine.bench.mjs');
await build({
  entryPoints: [join(root, 'bench', 'engine.bench.ts')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outfile,
  logLevel: 'warning',
});
await import(pathToFileURL(outfile).href);
