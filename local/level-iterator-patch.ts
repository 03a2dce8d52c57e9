import { createRequire } from 'node:module';

/**
 * dynalite 4.0.0 turns Level iterators into streams for every Query, Scan and ListTables (db/index.js,
 * `createKeyStream`/`createValueStream`) and closes them in the stream's `destroy` with `iterator.return()` — a method
 * abstract-level 3's iterators do not have (they have `close()`). So no iterator was ever closed: each stayed in the
 * database's open-resource set with its last batch of keys and values (classic-level reads ahead), and on disk with its
 * native LevelDB iterator and the snapshot that pins old memtables and files. bench/memory.ts --store disk: ~5,500 open
 * iterators after 6k requests, the heap growing ~6–15 MB per 1,000 requests (docs/operations.md "Memory").
 *
 * Giving the iterators that `return()` (= `close()`, as an async generator's `return` ends it) lets dynalite's own
 * destroy path close them when a stream ends, errors or is cut short by a Limit. Applied once, before dynalite opens
 * a store (local/server.ts imports this first); the one abstract-level copy dynalite's `level` and `memory-level` use.
 */
const fromDynalite = createRequire(createRequire(import.meta.url).resolve('dynalite'));
const fromLevel = createRequire(fromDynalite.resolve('level'));
const fromClassic = createRequire(fromLevel.resolve('classic-level'));
const fromMemory = createRequire(fromDynalite.resolve('memory-level'));

interface IteratorPrototype {
  close(): Promise<void>;
  return?: () => Promise<{ done: true; value: undefined }>;
  patchedForStammtisch?: true;
}

const prototypesOf = (abstractLevel: { AbstractIterator: { prototype: object } }): IteratorPrototype =>
  // AbstractIterator, AbstractKeyIterator and AbstractValueIterator share one base class: patch it once.
  Object.getPrototypeOf(abstractLevel.AbstractIterator.prototype) as IteratorPrototype;

const bases = new Set(
  [fromClassic('abstract-level'), fromMemory('abstract-level')].map((m) =>
    prototypesOf(m as { AbstractIterator: { prototype: object } }),
  ),
);
for (const base of bases) {
  if (base.patchedForStammtisch === true || base.return !== undefined) continue;
  base.return = async function (this: IteratorPrototype) {
    await this.close();
    return { done: true, value: undefined };
  };
  base.patchedForStammtisch = true;
}

/** True once Level iterators have the `return()` dynalite calls (test/e2e/memory.test.ts). */
export const levelIteratorsPatched = (): boolean => [...bases].every((b) => typeof b.return === 'function');
