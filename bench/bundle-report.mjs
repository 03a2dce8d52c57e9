// Bundle report: `npm run bundle-report [-- --runs 9] [-- --json]`.
// Bundles every Lambda entry point with exactly the esbuild settings the CDK stack uses (infra/constructs/bundling.ts),
// then prints per function: bundle size (raw and gzip), the biggest inputs, and module init time — a cold `import()`
// of the bundle in a fresh Node process (median and min of several runs). For comparison, two alternatives are
// measured: `source-maps` (maps shipped, `--enable-source-maps`, as `-c sourceMaps=true` deploys) and `sdk-external`
// (the AWS SDK left to the runtime, here resolved from node_modules as Lambda resolves its own copy).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { bundleSettings, entryPoints } from '../infra/constructs/bundling.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) > 0 ? Number(args[args.indexOf('--runs') + 1]) : 7;
const asJson = args.includes('--json');
// Inside the repository so that an external `@aws-sdk/*` import resolves from node_modules.
const cacheDir = join(root, 'node_modules', '.cache', 'stammtisch-bundles');

/** esbuild options equal to what NodejsFunction runs (bundle, node platform, one ESM file, optional external map). */
function esbuildOptions(entry, outfile, { external, sourcemap }) {
  return {
    entryPoints: [join(root, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: bundleSettings.format,
    target: bundleSettings.target,
    minify: bundleSettings.minify,
    sourcemap,
    sourcesContent: bundleSettings.sourcesContent,
    mainFields: [...bundleSettings.mainFields],
    external: [...external],
    banner: { js: bundleSettings.banner },
    metafile: true,
    logLevel: 'error',
  };
}

/** Bytes per package (node_modules) or per source folder (two levels) in the bundle. */
function contributors(metafile) {
  const output = Object.values(metafile.outputs).find((o) => o.entryPoint !== undefined);
  const by = new Map();
  for (const [path, { bytesInOutput }] of Object.entries(output?.inputs ?? {})) {
    const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
    const key = m ? m[1] : path.split('/').slice(0, 2).join('/');
    by.set(key, (by.get(key) ?? 0) + bytesInOutput);
  }
  return [...by.entries()].sort((a, b) => b[1] - a[1]);
}

/** Cold import of the bundle in a fresh process; returns milliseconds spent in `import()` (module init). */
function initOnce(file, sourcemap) {
  const script = `const t = performance.now(); await import(${JSON.stringify(pathToFileURL(file).href)}); process.stdout.write(String(performance.now() - t));`;
  const flags = sourcemap ? ['--enable-source-maps'] : [];
  const out = spawnSync(process.execPath, [...flags, '--input-type=module', '-e', script], {
    cwd: root,
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH,
      NODE_NO_WARNINGS: '1',
      AWS_REGION: 'eu-central-1',
      DATA_TABLE: 'data',
      CONNECTIONS_TABLE: 'connections',
      WS_MANAGEMENT_ENDPOINT: 'https://example.execute-api.eu-central-1.amazonaws.com/live',
      APP_VERSION: '0.0.0',
      // Every variable functions/shared/config.ts requires of some function (the due queue: due, stream, ws, http).
      DUE_QUEUE_URL: 'https://sqs.eu-central-1.amazonaws.com/123456789012/due',
    },
  });
  if (out.status !== 0) throw new Error(`importing ${file} failed:\n${out.stderr}`);
  return Number(out.stdout);
}

function measureInit(file, sourcemap) {
  const times = [];
  for (let i = 0; i < runs; i++) times.push(initOnce(file, sourcemap));
  times.sort((a, b) => a - b);
  return { medianMs: times[Math.floor(times.length / 2)], minMs: times[0] };
}

async function report(name, entry, variant, { external, sourcemap }) {
  const dir = join(cacheDir, variant, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const outfile = join(dir, 'index.mjs');
  const result = await build(esbuildOptions(entry, outfile, { external, sourcemap }));
  const code = readFileSync(outfile);
  return {
    function: name,
    variant,
    bytes: code.length,
    gzipBytes: gzipSync(code, { level: 9 }).length,
    mapBytes: sourcemap ? statSync(`${outfile}.map`).size : 0,
    top: contributors(result.metafile).slice(0, 5),
    ...measureInit(outfile, sourcemap),
  };
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const rows = [];
for (const [name, entry] of Object.entries(entryPoints)) {
  const deployed = { external: bundleSettings.external, sourcemap: bundleSettings.sourcemap };
  rows.push(await report(name, entry, 'deployed', deployed));
  rows.push(await report(name, entry, 'source-maps', { ...deployed, sourcemap: true }));
  rows.push(await report(name, entry, 'sdk-external', { ...deployed, external: ['@aws-sdk/*', ...deployed.external] }));
}

if (asJson) {
  console.log(JSON.stringify({ node: process.version, runs, rows }, null, 2));
} else {
  console.log(
    `Lambda bundles (esbuild ${bundleSettings.format}, ${bundleSettings.target}, minified); init = cold import()`,
  );
  console.log(`in a fresh Node ${process.version} process, median (min) of ${runs} runs.\n`);
  console.log(
    ['function', 'variant', 'raw', 'gzip', 'map', 'init median', 'init min']
      .map((h, i) => h.padEnd(i < 2 ? 14 : 12))
      .join(''),
  );
  for (const r of rows)
    console.log(
      [
        r.function.padEnd(14),
        r.variant.padEnd(14),
        kb(r.bytes).padEnd(12),
        kb(r.gzipBytes).padEnd(12),
        (r.mapBytes > 0 ? kb(r.mapBytes) : '-').padEnd(12),
        `${r.medianMs.toFixed(1)} ms`.padEnd(12),
        `${r.minMs.toFixed(1)} ms`,
      ].join(''),
    );
  console.log('\nBiggest inputs of the deployed bundles:');
  for (const r of rows.filter((x) => x.variant === 'deployed'))
    console.log(`  ${r.function.padEnd(8)} ${r.top.map(([k, v]) => `${k} ${kb(v)}`).join(', ')}`);
  console.log('\n`deployed`: what the stack ships (AWS SDK v3 clients bundled, no source map).');
  console.log('`source-maps`: as deployed with -c sourceMaps=true (map shipped, imported with --enable-source-maps).');
  console.log('`sdk-external`: @aws-sdk/* left to the runtime (here resolved from node_modules), for comparison.');
}
