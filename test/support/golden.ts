import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { scoreRecord } from '../../engine/index.js';
import { cliBundle } from './cli.js';

/**
 * Golden records (test/fixtures/<variant>): complete docs/RECORD.md records whose `expected` result was worked out by hand;
 * `derivation` shows the arithmetic. One harness for every variant's golden suite.
 */
export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

interface Fixture {
  readonly expected: Record<string, unknown>;
  readonly derivation: string;
  readonly [k: string]: unknown;
}

export interface GoldenOptions {
  /** Fixture names (without .json) that must exist. */
  readonly required: readonly string[];
  /** What the coverage test is called. */
  readonly coverage: string;
  /** The shortest acceptable derivation. */
  readonly minDerivation: number;
  /** Compare `details` as a subset (toMatchObject) instead of exactly. */
  readonly detailsSubset?: boolean;
}

export function fixtureDir(variant: string): string {
  return join(root, 'test', 'fixtures', variant);
}

function load(dir: string, file: string): { record: Record<string, unknown>; fixture: Fixture } {
  const fixture = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Fixture;
  const { expected: _e, derivation: _d, ...record } = fixture;
  return { record, fixture };
}

/** Registers the coverage test and one test per fixture (call inside a `describe`). */
export function goldenRecords(variant: string, opts: GoldenOptions): void {
  const dir = fixtureDir(variant);
  const files = readdirSync(dir).filter((f) => f.endsWith('.json'));

  it(opts.coverage, () => {
    const names = files.map((f) => f.replace(/\.json$/, ''));
    for (const name of opts.required) expect(names).toContain(name);
    for (const file of files) expect(load(dir, file).fixture.derivation.length).toBeGreaterThan(opts.minDerivation);
  });

  for (const file of files) {
    it(file, () => {
      const { record, fixture } = load(dir, file);
      const out = scoreRecord(record) as Record<string, unknown>;
      if ('error' in fixture.expected) {
        expect(out.error).toMatchObject(fixture.expected.error as object);
        return;
      }
      expect(out.error).toBeUndefined();
      expect(out.complete).toBe(true);
      for (const [key, value] of Object.entries(fixture.expected))
        if (key === 'details' && opts.detailsSubset) expect(out.details, key).toMatchObject(value as object);
        else expect(out[key], key).toEqual(value);
    });
  }
}

/**
 * `stammtisch score <fixture>` through the real CLI in a child process: exit status and the parsed JSON output. It runs
 * cli/main.ts bundled once (test/support/cli.ts: the same sources, without tsx's start-up in every process);
 * test/cli/stammtisch.test.ts runs the bin itself.
 */
export function scoreWithCli(variant: string, fixture: string): { status: number | null; out: unknown } {
  const run = spawnSync(process.execPath, [cliBundle(), 'score', join(fixtureDir(variant), fixture)], {
    cwd: root,
    encoding: 'utf8',
  });
  return { status: run.status, out: JSON.parse(run.stdout) as unknown };
}
