import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { scoreRecord } from '../../../engine/index.js';

/**
 * Golden records (test/fixtures/schafkopf): complete RECORD.md records whose `expected` result was worked out by
 * hand from the DECISIONS.md tariffs; `derivation` shows the arithmetic.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const dir = join(root, 'test', 'fixtures', 'schafkopf');
const files = readdirSync(dir).filter((f) => f.endsWith('.json'));

interface Fixture {
  readonly expected: Record<string, unknown>;
  readonly derivation: string;
  readonly [k: string]: unknown;
}

function load(file: string): { record: Record<string, unknown>; fixture: Fixture } {
  const fixture = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Fixture;
  const { expected: _e, derivation: _d, ...record } = fixture;
  return { record, fixture };
}

describe('golden records', () => {
  it('there is a record per contract and per preset, each with a derivation', () => {
    const names = files.map((f) => f.replace(/\.json$/, ''));
    for (const name of [
      'sauspiel',
      'solo',
      'solo-herz',
      'wenz',
      'geier',
      'farbwenz',
      'farbgeier',
      'bettel',
      'bettel-brett',
      'solo-tout',
      'wenz-tout',
      'geier-tout',
      'farbwenz-tout',
      'farbgeier-tout',
      'sie',
      'hochzeit',
      'ramsch',
      'ramsch-jungfrau',
      'ramsch-durchmarsch',
      'muss-spiel',
      'preset-bsv',
      'preset-tournament',
      'preset-seed-003',
    ])
      expect(names).toContain(name);
    for (const file of files) expect(load(file).fixture.derivation.length).toBeGreaterThan(20);
  });

  for (const file of files) {
    it(file, () => {
      const { record, fixture } = load(file);
      const out = scoreRecord(record) as Record<string, unknown>;
      if ('error' in fixture.expected) {
        expect(out.error).toMatchObject(fixture.expected.error as object);
        return;
      }
      expect(out.error).toBeUndefined();
      expect(out.complete).toBe(true);
      for (const [key, value] of Object.entries(fixture.expected)) expect(out[key], key).toEqual(value);
    });
  }

  it('the CLI settles a good record (exit 0) and rejects an illegal one (exit ≠ 0, error with index, seat, rule)', () => {
    const cli = join(root, 'bin', 'stammtisch.mjs');
    const good = spawnSync(process.execPath, [cli, 'score', join(dir, 'sauspiel.json')], { encoding: 'utf8' });
    expect(good.status).toBe(0);
    expect(JSON.parse(good.stdout)).toMatchObject({ complete: true, payout: [220, -220, 220, -220] });
    const bad = spawnSync(process.execPath, [cli, 'score', join(dir, 'illegal-follow-suit.json')], {
      encoding: 'utf8',
    });
    expect(bad.status).not.toBe(0);
    expect(JSON.parse(bad.stdout)).toMatchObject({
      error: { index: 1, seat: 1, rule: 'must follow trump (Trumpfzwang)' },
    });
  });
});
