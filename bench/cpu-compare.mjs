// CPU µs per random game, this tree's engine against another copy of it (e.g. `git archive <commit> engine | tar -x -C
// /tmp/base`), both bundled with esbuild and run in alternating child processes so machine load hits both alike.
// `node bench/cpu-compare.mjs /tmp/base/engine [rounds=6] [games=20000]`
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const [baseDir, roundsArg, gamesArg] = process.argv.slice(2);
if (!baseDir) throw new Error('usage: node bench/cpu-compare.mjs <base engine dir> [rounds] [games]');
const rounds = Number(roundsArg ?? 6);
const games = Number(gamesArg ?? 20000);
const out = mkdtempSync(join(tmpdir(), 'cpu-compare-'));
const only = process.env.CPU_VARIANTS?.split(',');
const all = [
  ['schafkopf', 'sauspiel', 4],
  ['saukopf', 'saukopf', 4],
  ['sheepshead', 'standard', 5],
  ['mehrkopf', 'rulebook', 4],
];
// `CPU_VARIANTS=saukopf,schafkopf` measures only those.
const runs = only === undefined ? all : all.filter(([id]) => only.includes(id));

// One game loop per engine: warm up, then CPU time (user + system) over `games` seeded random deals per variant.
const loop = (engine) => `
import { Rng, getVariant, playRandomDeal } from ${JSON.stringify(join(engine, 'index.ts'))};
const games = Number(process.argv[2]);
const runs = ${JSON.stringify(runs)};
const out = {};
for (const [id, preset, players] of runs) {
  const v = getVariant(id);
  const o = v.resolveOptions(preset, {}, players);
  const warm = new Rng(1);
  for (let i = 0; i < 3000; i++) playRandomDeal(v, o, players, i % players, warm);
  const rng = new Rng(42);
  const t = process.cpuUsage();
  for (let i = 0; i < games; i++) playRandomDeal(v, o, players, i % players, rng);
  const d = process.cpuUsage(t);
  out[id] = (d.user + d.system) / games;
}
console.log(JSON.stringify(out));
`;

async function bundle(name, engine) {
  const entry = join(out, `${name}.ts`);
  writeFileSync(entry, loop(engine));
  const outfile = join(out, `${name}.mjs`);
  await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    logLevel: 'warning',
  });
  return outfile;
}

const files = { base: await bundle('base', resolve(baseDir)), head: await bundle('head', join(root, 'engine')) };
const samples = { base: [], head: [] };
for (let r = 0; r < rounds; r++)
  for (const name of r % 2 === 0 ? ['base', 'head'] : ['head', 'base'])
    samples[name].push(JSON.parse(execFileSync(process.execPath, [files[name], String(games)], { encoding: 'utf8' })));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const [id] of runs) {
  const b = median(samples.base.map((s) => s[id]));
  const h = median(samples.head.map((s) => s[id]));
  console.log(
    `${id.padEnd(11)} base ${b.toFixed(2)} µs/game  head ${h.toFixed(2)} µs/game  ${(((h - b) / b) * 100).toFixed(1)}%`,
  );
}
