import { createRequire } from 'node:module';

/**
 * dynalite (4.x) reads the table's description from LevelDB on every request (db/index.js `getTable` →
 * `tableDb.get`): one more native LevelDB read (thread-pool round trip, JSON decode) for each PutItem, Query and
 * GetItem. It was ~9 % of the local server's CPU on a REST game with the durable store (docs/performance.md,
 * "Session 9"). Descriptions change only through `tableDb.put`/`del`/`batch` (CreateTable, UpdateTable, DeleteTable,
 * their status timers), so `tableDb.get` keeps the last value it read per table and every write to `tableDb` drops
 * them all; a read that was in flight while a write started is not kept. Each hit hands out a fresh copy (callers such
 * as UpdateTable mutate the description they get). Applied to every store dynalite creates (`db.create`), before
 * dynalite is started (local/server.ts imports this first).
 */
interface TableDb {
  get(key: string, cb?: (err: Error | null, value?: unknown) => void): unknown;
  put(key: string, value: unknown, cb?: (err: Error | null) => void): unknown;
  del(key: string, cb?: (err: Error | null) => void): unknown;
  batch(ops: unknown[], cb?: (err: Error | null) => void): unknown;
  tableDescriptionCache?: Map<string, string>;
}
const fromDynalite = createRequire(createRequire(import.meta.url).resolve('dynalite'));
const db = fromDynalite('./db') as {
  create: (options: unknown) => { tableDb: TableDb };
  patchedForStammtisch?: true;
};

const cacheReads = (tableDb: TableDb): void => {
  const cache = new Map<string, string>();
  let generation = 0;
  const drop = (): void => {
    generation++;
    cache.clear();
  };
  const { get, put, del, batch } = tableDb;
  tableDb.get = (key, cb) => {
    if (typeof cb !== 'function') return get.call(tableDb, key, cb);
    const hit = cache.get(key);
    if (hit !== undefined) {
      process.nextTick(cb, null, JSON.parse(hit));
      return undefined;
    }
    const at = generation;
    return get.call(tableDb, key, (err, value) => {
      if (err === null && value !== undefined && value !== null && at === generation)
        cache.set(key, JSON.stringify(value));
      cb(err, value);
    });
  };
  // Dropped when a write starts and again when it ends (a read between the two may have seen the old value).
  const writing =
    <A extends unknown[]>(write: (...args: A) => unknown) =>
    (...args: A): unknown => {
      drop();
      const last = args[args.length - 1];
      if (typeof last === 'function') {
        const cb = last as (err: Error | null) => void;
        return write.call(tableDb, ...(args.slice(0, -1) as A), (err: Error | null) => {
          drop();
          cb(err);
        });
      }
      const result = write.call(tableDb, ...args);
      if (result instanceof Promise) return result.finally(drop);
      return result;
    };
  tableDb.put = writing(put);
  tableDb.del = writing(del);
  tableDb.batch = writing(batch);
  tableDb.tableDescriptionCache = cache;
};

if (db.patchedForStammtisch !== true) {
  const create = db.create;
  db.create = (options) => {
    const store = create(options);
    cacheReads(store.tableDb);
    return store;
  };
  db.patchedForStammtisch = true;
}

/** True once dynalite's stores cache their table descriptions (test/e2e/memory.test.ts). */
export const tableDescriptionsCached = (): boolean => db.patchedForStammtisch === true;
