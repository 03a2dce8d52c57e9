import { buildSync } from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * cli/main.ts and everything it imports as one ES module, built once per worker process, for the tests that run the
 * CLI many times: `node <bundle>` starts in about 0.07 s of CPU where `node --import tsx cli/main.ts` takes about 0.37 s
 * (tsx's loader, and each of the CLI's modules resolved and loaded through its hooks thread), and the CLI tests start
 * some forty processes. The bundle is the same sources (the CLI imports nothing but the engine and node:*), compiled by
 * the same esbuild tsx uses; the loading path itself, the bin as a user types it (bin/stammtisch.mjs → tsx →
 * cli/main.ts), is what test/cli/stammtisch.test.ts's `--help` tests run.
 *
 * On globalThis, not in this module, so that the files sharing a process (`isolate: false`) share one bundle.
 */
export function cliBundle(): string {
  const shared = globalThis as { stammtischCliBundle?: string };
  if (shared.stammtischCliBundle !== undefined) return shared.stammtischCliBundle;
  const dir = mkdtempSync(join(tmpdir(), 'stammtisch-cli-bundle-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const outfile = join(dir, 'main.mjs');
  buildSync({
    entryPoints: [join(root, 'cli', 'main.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: `node${process.versions.node.split('.')[0]}`,
    outfile,
    logLevel: 'error',
  });
  shared.stammtischCliBundle = outfile;
  return outfile;
}
