import { buildSync } from 'esbuild';
import { createHash } from 'node:crypto';
import { renameSync } from 'node:fs';
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
 * One file per checkout in the temporary folder, written whole and renamed into place (so a process starting the CLI
 * while another worker rebuilds it reads either copy, both of the same sources), and replaced by the next run: the
 * workers are stopped without an exit hook that could remove it. On globalThis, not in this module, so that the files
 * sharing a process (`isolate: false`) build it once.
 */
export function cliBundle(): string {
  const shared = globalThis as { stammtischCliBundle?: string };
  if (shared.stammtischCliBundle !== undefined) return shared.stammtischCliBundle;
  const checkout = createHash('sha256').update(root).digest('hex').slice(0, 12);
  const outfile = join(tmpdir(), `stammtisch-cli-${checkout}.mjs`);
  const building = `${outfile}.${process.pid}.tmp`;
  buildSync({
    entryPoints: [join(root, 'cli', 'main.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: `node${process.versions.node.split('.')[0]}`,
    outfile: building,
    logLevel: 'error',
  });
  renameSync(building, outfile);
  shared.stammtischCliBundle = outfile;
  return outfile;
}
