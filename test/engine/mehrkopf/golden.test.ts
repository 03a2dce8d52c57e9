import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { scoreRecord } from '../../../engine/index.js';

/**
 * Golden records (test/fixtures/mehrkopf): complete RECORD.md records whose `expected` result was worked out by hand
 * from the rulebook's units; `derivation` shows the tricks and the arithmetic.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const dir = join(root, 'test', 'fixtures', 'mehrkopf');
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

describe('Mehrkopf golden records', () => {
  it('there are records for every player count and contract, each with a hand-worked derivation', () => {
    const names = files.map((f) => f.replace(/\.json$/, ''));
    for (const name of [
      '2-offiziersschafkopf',
      '3-farbsolo',
      '4-sauspiel-schwarz',
      '4-geier',
      '4-wenz-tout',
      '4-sie',
      '4-hochzeit',
      '4-ramsch',
      '4-muss-spiel',
      '5-sauspiel-ace-and-schoene-one-holder',
      '5-sauspiel-lost',
      '5-niederer',
      '6-sauspiel-preussen',
      '6-two-against-four',
      '7-dealer-sits-out',
    ])
      expect(names).toContain(name);
    for (const file of files) expect(load(file).fixture.derivation.length).toBeGreaterThan(40);
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
});
