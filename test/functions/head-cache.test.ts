import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HeadCache } from '../../functions/use-cases/head-cache.js';
import type { Loaded } from '../../functions/use-cases/table-stream.js';

// Commits as HeadCache reads them (seq, events): with bare `{}` a repeated set of the same version crashed on
// `step.events` whenever fast-check happened to generate one — a flaky failure of the fixture, not of the cache.
const loaded = (commits: number): Loaded =>
  ({
    state: {},
    version: commits,
    base: 1,
    commits: Array.from({ length: commits }, (_, i) => ({ seq: i + 1, events: [] })),
  }) as unknown as Loaded;

describe('HeadCache bounds', () => {
  it('never holds more than maxTables heads or (beyond the newest head) maxCommits commits; the newest stays', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 60 }), fc.boolean()), {
          maxLength: 300,
        }),
        (ops) => {
          const cache = new HeadCache(20, 200);
          for (const [table, commits, drop] of ops) {
            const id = `t${table}`;
            if (drop) cache.drop(id);
            else {
              cache.set(id, loaded(commits));
              expect(cache.get(id)?.commits.length).toBe(commits);
            }
            const size = cache.size();
            expect(size.tables).toBeLessThanOrEqual(20);
            expect(size.commits <= 200 || size.tables === 1).toBe(true);
          }
        },
      ),
      // The same head set twice (same version): the case the bare-`{}` fixture crashed on, now always run.
      {
        examples: [
          [
            [
              [1, 2, false],
              [1, 2, false],
            ],
          ],
        ],
      },
    );
  });

  it('evicts the least recently used head first', () => {
    const cache = new HeadCache(10, 100);
    cache.set('a', loaded(40));
    cache.set('b', loaded(40));
    cache.get('a'); // a is now the most recent
    cache.set('c', loaded(40)); // 120 > 100: b goes
    expect([cache.get('a') !== undefined, cache.get('b') !== undefined, cache.get('c') !== undefined]).toEqual([
      true,
      false,
      true,
    ]);
    expect(cache.size()).toEqual({ tables: 2, commits: 80 });
    cache.set('a', loaded(10)); // replacing a head counts its new commits only
    expect(cache.size()).toEqual({ tables: 2, commits: 50 });
  });
});
