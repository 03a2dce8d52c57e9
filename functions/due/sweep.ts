import type { DueWork, DueWorkStore } from '../ports/due-work.js';

/** How often the sweep runs on AWS (the EventBridge rule in infra/stammtisch-stack.ts). */
export const SWEEP_MS = 5 * 60_000;
/** How far back the first sweep (no cursor stored yet) reads: work stored since the deploy is younger. */
export const FIRST_SWEEP_LOOKBACK_MS = 60 * 60_000;
/** Dispatches (SQS sends, local arms) in flight at once. */
const PARALLEL_DISPATCH = 16;

/** What one sweep did (logged by the due function). */
export interface SweepReport {
  /** The time span read: buckets from `from` to `until`. */
  readonly from: number;
  readonly until: number;
  /** Items of an older format moved first (docs/storage.md "Due items"). */
  readonly migrated: number;
  /** Due items found and handed on. */
  readonly dispatched: number;
  /** Of those, items due for longer than two periods (their runs failed or were lost) moved to now first. */
  readonly moved: number;
  /** Dispatches that failed (the items stay where the next sweep reads). */
  readonly failed: number;
}

/**
 * One sweep over the stored due work (docs/due-work.md "Sweep"): every item due by `now` in the time buckets since the
 * previous sweep is handed to `dispatch` (on AWS: an SQS message with `stored: true`; the worker runs it only while
 * the item is still the one it carries, and its outcome removes or moves the item). The buckets are read in parallel
 * pages and the dispatches run 16 at a time: the cost grows with the work that is due, not with the live tables, and
 * nothing is read one table after another.
 *
 * The next sweep starts two periods back, so whatever ran since has had a period to finish; an item older than that is
 * still there because its run failed or its message was lost: it is moved to now (one conditional write) and
 * dispatched again, so no item is ever left behind the cursor. At least once, as all due work.
 */
export async function sweep(deps: {
  readonly store: DueWorkStore;
  readonly dispatch: (work: DueWork) => Promise<void>;
  readonly now: number;
  readonly periodMs?: number;
}): Promise<SweepReport> {
  const { store, now } = deps;
  const period = deps.periodMs ?? SWEEP_MS;
  const migrated = await store.migrate();
  const from = (await store.sweptUntil()) ?? now - FIRST_SWEEP_LOOKBACK_MS;
  const next = Math.max(from, now - 2 * period);
  const found = await store.due(from, now);
  let moved = 0;
  let failed = 0;
  let dispatched = 0;
  let i = 0;
  const lane = async (): Promise<void> => {
    while (i < found.length) {
      const work = found[i++]!;
      try {
        let run = work;
        if (work.at < next) {
          run = { ...work, at: now };
          if (!(await store.retime(work, run))) continue; // replaced or removed meanwhile: nothing stuck
          moved++;
        }
        await deps.dispatch(run);
        dispatched++;
      } catch (e) {
        failed++;
        console.error('sweep dispatch failed', work.kind, e instanceof Error ? e.message : 'unknown');
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_DISPATCH, found.length) }, lane));
  await store.setSweptUntil(next);
  return { from, until: now, migrated, dispatched, moved, failed };
}
