import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
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
  const { tarball, files } = await packOnce();
  copyFileSync(tarball, join(packs, basename(tarball)));
  const project = join(dir, 'project');
  mkdirSync(project);
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'scratch', version: '0.0.0', private: true, type: 'module' }, null, 2),
  );
  // Its dependencies as tarballs of the copies `npm ci` installed here: the install needs no registry at all. One
  // `npm pack` packs them all (each npm start is about a third of a second of CPU).
  await run(
    'npm',
    [
      'pack',
      '--ignore-scripts',
      '--pack-destination',
      packs,
      ...DEPENDENCIES.map((dep) => join(ROOT, 'node_modules', dep)),
    ],
    { cwd: dir },
  );
  const tarballs = readdirSync(packs).map((f) => join(packs, f));
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', ...tarballs], {
    cwd: project,
    maxBuffer: 16 * 1024 * 1024,
  });
  return { dir: project, tarball: join(packs, basename(tarball)), files };
}

/**
 * `npm pack -w sdk` once per state of the SDK's sources: test files packing in parallel (the Node and the browser
 * test) take turns through a lock folder — the pack rebuilds sdk/dist — and the second reuses the first's tarball.
 */
async function packOnce(): Promise<{ tarball: string; files: string[] }> {
  const hash = createHash('sha256');
  for (const f of readdirSync(join(ROOT, 'sdk')).sort())
    if (/\.(ts|json|md)$/.test(f)) hash.update(f).update(readFileSync(join(ROOT, 'sdk', f)));
  hash.update(readFileSync(join(ROOT, 'sdk/generated/openapi.ts')));
  const cache = join(tmpdir(), `stammtisch-sdk-pack-${hash.digest('hex').slice(0, 16)}`);
  const lock = join(tmpdir(), 'stammtisch-sdk-pack.lock');
  await acquire(lock);
  try {
    const done = join(cache, 'report.json');
    if (!existsSync(done)) {
      mkdirSync(cache, { recursive: true });
      const { stdout } = await run('npm', ['pack', '-w', 'sdk', '--json', '--pack-destination', cache], {
        cwd: ROOT,
        maxBuffer: 16 * 1024 * 1024,
      });
      // npm prints the prepack build's output before the JSON.
      const report = JSON.parse(stdout.slice(stdout.indexOf('['))) as { filename: string; files: { path: string }[] }[];
      writeFileSync(
        done,
        JSON.stringify({ filename: report[0]!.filename, files: report[0]!.files.map((f) => f.path) }),
      );
    }
    const { filename, files } = JSON.parse(readFileSync(done, 'utf8')) as { filename: string; files: string[] };
    return { tarball: join(cache, filename), files };
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Take the lock folder (mkdir is atomic); a lock left by a process that is gone is taken over. */
async function acquire(lock: string): Promise<void> {
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
      return;
    } catch {
      let pid = 0;
      try {
        pid = Number(readFileSync(join(lock, 'pid'), 'utf8')) || 0;
      } catch {
        // Being taken or given back right now.
      }
      if (pid > 0 && !alive(pid)) rmSync(lock, { recursive: true, force: true });
      // Another test file is packing (about half a minute): check again shortly.
      else await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
