/**
 * The lint zones tried the way a careless change would: every forbidden probe of test/lint/zone-probes.ts is written as
 * a real file where it would live, `npm run lint` runs over the whole tree, and each probe must be among the files it
 * fails on; then the probes are removed. `npx tsx scripts/lint-zone-probes.ts` (exit code 1 when a probe passes).
 */
import { execSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { FORBIDDEN } from '../test/lint/zone-probes.js';

const root = path.join(import.meta.dirname, '..');
const probes = FORBIDDEN.map(([what, folder, source], i) => {
  const file = path.join(root, folder, `lint-zone-probe-${i}.ts`);
  writeFileSync(file, `${source}\n`);
  return { what, file };
});
let out: string;
try {
  out = execSync('npm run -s lint -- -f json', {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 1 << 28,
  }).toString();
} catch (e) {
  out = String((e as { stdout?: Buffer }).stdout ?? '[]');
} finally {
  for (const { file } of probes) rmSync(file, { force: true });
}
const failing = new Set(
  (JSON.parse(out) as { filePath: string; errorCount: number }[])
    .filter((r) => r.errorCount > 0)
    .map((r) => r.filePath),
);
const passed = probes.filter((p) => !failing.has(p.file));
for (const p of probes) console.log(`${failing.has(p.file) ? 'fails lint' : 'PASSES    '}  ${p.what}`);
const others = [...failing].filter((f) => !probes.some((p) => p.file === f));
console.log(`${probes.length - passed.length} of ${probes.length} forbidden probes fail npm run lint`);
if (others.length > 0) console.log('other files failing lint:', others);
process.exitCode = passed.length > 0 || others.length > 0 ? 1 : 0;
