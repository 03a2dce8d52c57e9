/**
 * Loaded into the soak's server process by `bench/soak.ts --probe` (`node --import tsx --import ./bench/soak-probe.ts
 * local/main.ts`): every minute a full GC, then one line to SOAK_PROBE_FILE with what survives it (heap used,
 * external) next to what the process holds (heap committed, RSS split into anonymous and file-backed from
 * /proc/self/status). Heap used after a GC that stays flat while RSS climbs is not a JS leak: it is V8's committed
 * heap, the allocator's arenas or LevelDB's mapped files. SOAK_PROBE_SNAPSHOTS=3,8 also writes V8 heap snapshots at
 * those minutes (compare them with bench/heap-diff.ts; writing one adds ~150 MB of RSS the allocator keeps).
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { getHeapStatistics, setFlagsFromString, writeHeapSnapshot } from 'node:v8';
import { runInNewContext } from 'node:vm';

const file = process.env.SOAK_PROBE_FILE;
if (file !== undefined) {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const snapshots = (process.env.SOAK_PROBE_SNAPSHOTS ?? '').split(',').filter(Boolean).map(Number);
  const mb = (n: number): string => (n / 2 ** 20).toFixed(1);
  const status = (field: string): string => {
    const kb = /\d+/.exec(readFileSync('/proc/self/status', 'utf8').split(`${field}:`)[1] ?? '')?.[0];
    return kb === undefined ? '?' : (Number(kb) / 1024).toFixed(1);
  };
  let minute = 0;
  setInterval(() => {
    minute++;
    const t = performance.now();
    gc();
    const gcMs = performance.now() - t;
    const m = process.memoryUsage();
    const probe = {
      minute,
      heapUsed: mb(m.heapUsed),
      heapTotal: mb(m.heapTotal),
      external: mb(m.external),
      malloced: mb(getHeapStatistics().malloced_memory),
      rss: mb(m.rss),
      rssAnon: status('RssAnon'),
      rssFile: status('RssFile'),
      gcMs: gcMs.toFixed(0),
    };
    appendFileSync(file, `${JSON.stringify(probe)}\n`);
    if (snapshots.includes(minute))
      writeHeapSnapshot(join(dirname(file), `soak-min${String(minute).padStart(2, '0')}.heapsnapshot`));
  }, 60_000).unref();
}
