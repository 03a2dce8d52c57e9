import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { scoreRecord } from '../../../engine/index.js';

/**
 * Golden records (test/fixtures/saukopf): complete RECORD.md records whose `expected` result was worked out by hand
 * from seed 004's Schlachtfest table; `derivation` shows the arithmetic.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const dir = join(root, 'test', 'fixtures', 'saukopf');
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

describe('Saukopf golden records', () => {
  it('cover every contract family, the Dreihaxer and each premium, each with a derivation', () => {
    const names = files.map((f) => f.replace(/\.json$/, ''));
    for (const name of [
      'keiler-gluecksschwein-schwarz',
      'keiler-am-spiess',
      'ferkelparade',
      'sauerei-saukopf-winners',
      'schwarte-huftritt',
      'wutz-ohne-4',
      'wutz-lost-gluecksschwein',
      'sauerei-saukopf-hauer',
      'sauerei-rauborstig-stallgeruch-huftritte',
      'unreine-sauerei-lost',
      'wilde-sauerei',
      'wilde-sauerei-tie',
      'mastschwein-early-end',
      'knorpel',
      'dreihaxer-mit-trog',
      'dreihaxer-trog-lost-bolzenschuss',
      'dreihaxer-ohne-trog-schwarz',
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
      for (const [key, value] of Object.entries(fixture.expected))
        if (key === 'details') expect(out.details, key).toMatchObject(value as object);
        else expect(out[key], key).toEqual(value);
    });
  }

  it('the CLI settles a Saukopf record (exit 0) and rejects an illegal one naming the rule', () => {
    const cli = join(root, 'bin', 'stammtisch.mjs');
    const good = spawnSync(process.execPath, [cli, 'score', join(dir, 'schwarte-huftritt.json')], {
      encoding: 'utf8',
    });
    expect(good.status).toBe(0);
    expect(JSON.parse(good.stdout)).toMatchObject({ complete: true, payout: [36, -12, -12, -12] });
    const bad = spawnSync(process.execPath, [cli, 'score', join(dir, 'illegal-abferkelverbot.json')], {
      encoding: 'utf8',
    });
    expect(bad.status).not.toBe(0);
    expect(JSON.parse(bad.stdout)).toMatchObject({
      error: { index: 2, seat: 2, rule: expect.stringMatching(/Abferkelverbot/) },
    });
  });
});
