import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
/** The SDK's runtime dependencies and theirs (sdk/package.json `dependencies`). */
const DEPENDENCIES = ['openapi-fetch', 'openapi-typescript-helpers', 'ws'];
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * `npm pack` of the SDK workspace (its `prepack` builds sdk/dist) and an empty project in a temporary folder with the
 * tarball installed from the local file, offline (its dependencies packed from the copies `npm ci` installed).
 * What a user of the published package gets, nothing from the repository's sources.
 */
export async function packedSdk(): Promise<{ dir: string; tarball: string; files: string[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'stammtisch-sdk-'));
  const packs = join(dir, 'packs');
  mkdirSync(packs);
  const { stdout } = await run('npm', ['pack', '-w', 'sdk', '--json', '--pack-destination', packs], {
    cwd: ROOT,
    maxBuffer: 16 * 1024 * 1024,
  });
  // npm prints the prepack build's output before the JSON.
  const report = JSON.parse(stdout.slice(stdout.indexOf('['))) as { filename: string; files: { path: string }[] }[];
  const tarball = join(packs, readdirSync(packs).find((f) => f.endsWith('.tgz')) ?? report[0]!.filename);
  const project = join(dir, 'project');
  mkdirSync(project);
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'scratch', version: '0.0.0', private: true, type: 'module' }, null, 2),
  );
  // Its dependencies as tarballs of the copies `npm ci` installed here: the install needs no registry at all.
  for (const dep of DEPENDENCIES)
    await run('npm', ['pack', '--ignore-scripts', '--pack-destination', packs, join(ROOT, 'node_modules', dep)], {
      cwd: dir,
    });
  const tarballs = readdirSync(packs).map((f) => join(packs, f));
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', ...tarballs], {
    cwd: project,
    maxBuffer: 16 * 1024 * 1024,
  });
  return { dir: project, tarball, files: report[0]!.files.map((f) => f.path) };
}
