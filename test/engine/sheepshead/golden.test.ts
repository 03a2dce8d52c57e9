import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { scoreRecord } from '../../../engine/index.js';

/**
 * Golden records (test/fixtures/sheepshead): complete RECORD.md records whose `expected` result was worked out by
 * hand, trick by trick, from seed 002 and DECISIONS.md; `derivation` shows the arithmetic.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const dir = join(root, 'test', 'fixtures', 'sheepshead');
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
  it('there is a record per player count and partner method, each with a derivation', () => {
    const names = files.map((f) => f.replace(/\.json$/, ''));
    for (const name of [
      '2-handed',
      '3-handed',
      '4-handed',
      '5-called-ace',
      '5-called-ten',
      '5-unknown',
      '5-jack-of-diamonds',
      '5-alone',
      '5-leaster',
      '5-doubler',
      '5-forced-pick',
      '5-crack-recrack',
      '5-blitz',
      '6-handed',
      '7-handed',
      '8-handed',
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
    const good = spawnSync(process.execPath, [cli, 'score', join(dir, '5-called-ace.json')], { encoding: 'utf8' });
    expect(good.status).toBe(0);
    expect(JSON.parse(good.stdout)).toMatchObject({ complete: true, payout: [2, -1, 1, -1, -1] });
    const bad = spawnSync(process.execPath, [cli, 'score', join(dir, 'illegal-discard-called-ace.json')], {
      encoding: 'utf8',
    });
    expect(bad.status).not.toBe(0);
    expect(JSON.parse(bad.stdout)).toMatchObject({ error: { index: 5, seat: 2 } });
  });
});
