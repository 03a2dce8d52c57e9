import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsFromEnv } from '../../functions/composition/config.js';
import { ManualClock } from '../../functions/tournaments/due-work.js';
import { type LocalServer, startLocal } from '../../local/server.js';
import { type Observation, type StreamFixture, observe, writeItems } from '../support/streams.js';

/**
 * Stored streams of yesterday read by today's code: the items of test/fixtures/streams/ (written by
 * scripts/fixture-streams.ts in the format stored when they were made) are put into a fresh store as they are, and
 * every view, event page, deal record and settlement the API shows of them must be what it showed when they were
 * written. A change of a stored shape needs an upcaster (docs/storage.md), or this fails.
 */

const DIR = path.join(import.meta.dirname, '..', 'fixtures', 'streams');
const names = readdirSync(DIR)
  .filter((f) => f.endsWith('.json') && !f.endsWith('.expected.json'))
  .map((f) => f.slice(0, -'.json'.length))
  .sort();
const read = <T>(file: string): T => JSON.parse(readFileSync(path.join(DIR, file), 'utf8')) as T;

describe('fixture streams replay with identical views, records and settlements', () => {
  it('has the fixtures of every variant, a tournament and snapshots', () => {
    expect(names).toEqual(['bot-tables', 'human-tables', 'tournament']);
    const all = names.map((n) => read<StreamFixture>(`${n}.json`));
    const variants = new Set(
      all.flatMap((f) =>
        f.items.flatMap((i) => ('S' in (i.m ?? {}) ? [JSON.parse((i.m as { S: string }).S).variant] : [])),
      ),
    );
    expect([...variants].filter((v) => v !== undefined).sort()).toEqual([
      'mehrkopf',
      'saukopf',
      'schafkopf',
      'sheepshead',
    ]);
    expect(all.flatMap((f) => f.items).filter((i) => i.snap !== undefined).length).toBeGreaterThan(8);
  });

  for (const name of names) {
    describe(name, () => {
      const fixture = read<StreamFixture>(`${name}.json`);
      const expected = read<Observation>(`${name}.expected.json`);
      let server: LocalServer;
      beforeAll(async () => {
        server = await startLocal({ port: 0, clock: new ManualClock(fixture.now) });
        await writeItems(server.client, settingsFromEnv().dataTable, fixture.items);
      });
      afterAll(async () => {
        await server.close();
      });

      it(`${fixture.description}: every answer as when it was stored`, async () => {
        const now = await observe(server.url, fixture);
        expect(Object.keys(now)).toEqual(Object.keys(expected));
        for (const key of Object.keys(expected)) expect(now[key], key).toEqual(expected[key]);
      }, 60_000);
    });
  }
});
