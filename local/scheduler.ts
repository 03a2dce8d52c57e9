import type { Clock } from '../functions/ports/clock.js';
import {
  type DueWork,
  type DueWorkHandlers,
  type DueWorkScheduler,
  type DueWorkStore,
  nextRun,
} from '../functions/ports/due-work.js';
import { type SweepReport, sweep } from '../functions/due/sweep.js';

const idOf = (w: { kind: string; key: string }): string => `${w.kind}#${w.key}`;
/** A reminder has a timer of its own next to a stored item's of the same kind + key (a table's turn deadline next to
 * its standing item): neither displaces the other. */
const slotOf = (id: string, stored: boolean): string => (stored ? id : `${id}#remind`);
const MAX_BACKOFF_MS = 30_000;

/**
 * The local due-work scheduler: items live in the store (DynamoDueWorkStore on dynalite), timers in this process on an
 * injected clock. `restore()` at start-up arms every stored item (past ones run at once), so a kill -9 loses nothing
 * but timers, and those are re-derived. One timer per kind + key for stored work and one for reminders: a newer
 * schedule replaces the older one, a newer remind the older reminder. Runs of one key never overlap; a failed run is
 * retried with back-off. A stored item whose run answers `{ again: at }` is moved to `at` and armed again; 'keep'
 * moves it one period on (the sweep arms it then).
 *
 * With `sweepMs` (local/server.ts: every minute) it also sweeps like the due function on AWS (functions/due/sweep.ts):
 * the stored items due since the last sweep, read by time bucket, that no timer holds are armed — items stored
 * without a timer (a table's standing item written when it is created) and items whose timer a crash took.
 */
export class LocalScheduler implements DueWorkScheduler {
  private readonly timers = new Map<string, { work: DueWork; cancel: () => void; stored: boolean }>();
  private readonly running = new Map<string, Promise<void>>();
  /** Per kind + key, the newest version a reminder due now is queued for and has not started yet. */
  private readonly queued = new Map<string, number>();
  private stopped = false;
  private sweepTimer: (() => void) | undefined;
  private sweeping: Promise<unknown> | undefined;

  constructor(
    private readonly store: DueWorkStore,
    private readonly clock: Clock,
    private readonly handlers: DueWorkHandlers,
    private readonly opts: { readonly sweepMs?: number } = {},
  ) {}

  /** Sweep every `sweepMs` from now on (until `stop`). */
  startSweeping(): void {
    const period = this.opts.sweepMs;
    if (period === undefined || this.stopped) return;
    this.sweepTimer = this.clock.setTimer(period, () => {
      this.sweepTimer = undefined;
      this.sweeping = this.sweepOnce()
        .catch((e: unknown) => console.error('sweep failed', e instanceof Error ? e.message : 'unknown'))
        .finally(() => {
          this.sweeping = undefined;
          this.startSweeping();
        });
    });
  }

  /** One sweep now: arm each stored item that is due and held by no timer and no run. */
  async sweepOnce(): Promise<SweepReport> {
    return sweep({
      store: this.store,
      now: this.clock.now(),
      ...(this.opts.sweepMs !== undefined ? { periodMs: this.opts.sweepMs } : {}),
      dispatch: async (work) => {
        const id = idOf(work);
        if (!this.timers.has(slotOf(id, true)) && !this.running.has(id)) this.arm(work, true, 0);
      },
    });
  }

  async schedule(work: DueWork): Promise<void> {
    if (await this.store.put(work)) this.arm(work, true, 0);
  }

  async remind(work: DueWork): Promise<void> {
    this.arm(work, false, 0);
  }

  async cancel(kind: string, key: string): Promise<void> {
    this.disarm(slotOf(idOf({ kind, key }), true));
    this.disarm(slotOf(idOf({ kind, key }), false));
    const stored = await this.store.get(kind, key);
    if (stored !== undefined) await this.store.remove(stored);
  }

  /** Arm every stored item (start-up). Returns how many. */
  async restore(): Promise<number> {
    // Items of an older format first (docs/storage.md "Due items"), so the listing finds them.
    await this.store.migrate();
    const items = await this.store.list();
    for (const w of items) this.arm(w, true, 0);
    return items.length;
  }

  /** Timers armed (tests, health). */
  armed(): readonly DueWork[] {
    return [...this.timers.values()].map((t) => t.work);
  }

  /** No run in flight or queued (a reminder due now included) and no sweep. */
  isIdle(): boolean {
    return this.running.size === 0 && this.sweeping === undefined;
  }

  /** Resolves when no run is in flight and no timer is due by now (tests await it instead of sleeping). */
  async idle(): Promise<void> {
    while (this.running.size > 0 || this.sweeping !== undefined)
      await Promise.allSettled([...this.running.values(), this.sweeping]);
  }

  /** Stop taking work: cancel the timers, let in-flight runs finish (their writes are conditional, so abandoning is safe too). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.sweepTimer?.();
    this.sweepTimer = undefined;
    for (const id of [...this.timers.keys()]) this.disarm(id);
    await this.idle();
  }

  private arm(work: DueWork, stored: boolean, attempt: number, at = work.at): void {
    if (this.stopped) return;
    const id = idOf(work);
    const slot = slotOf(id, stored);
    const current = this.timers.get(slot);
    // A pinned remind never replaces a timer pinned to a newer version.
    if (
      current !== undefined &&
      work.pinnedVersion !== undefined &&
      current.work.pinnedVersion !== undefined &&
      current.work.pinnedVersion > work.pinnedVersion
    )
      return;
    current?.cancel();
    // A reminder due by now (the next run of a table's bots, handed on by the run before: functions/stream/on-commit.ts
    // `progressStep`) runs at once, after what the event loop has ready (a player's request goes first), not on a
    // clock timer: a test's manual clock need not move for bots to play. One queued run per key and version.
    if (!stored && at <= this.clock.now()) {
      this.timers.delete(slot);
      const queued = this.queued.get(id);
      if (queued !== undefined && work.pinnedVersion !== undefined && queued >= work.pinnedVersion) return;
      if (work.pinnedVersion !== undefined) this.queued.set(id, work.pinnedVersion);
      this.fire(id, work, stored, attempt, true);
      return;
    }
    const cancel = this.clock.setTimer(at - this.clock.now(), () => this.fire(id, work, stored, attempt));
    this.timers.set(slot, { work, cancel, stored });
  }

  private disarm(id: string): void {
    this.timers.get(id)?.cancel();
    this.timers.delete(id);
  }

  private fire(id: string, work: DueWork, stored: boolean, attempt: number, soon = false): void {
    const slot = slotOf(id, stored);
    if (this.timers.get(slot)?.work === work) this.timers.delete(slot);
    const previous = this.running.get(id) ?? Promise.resolve();
    const run = previous.then(async () => {
      if (soon) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        if (this.queued.get(id) === work.pinnedVersion) this.queued.delete(id);
      }
      if (this.stopped) return;
      const handler = this.handlers.get(work.kind);
      if (handler === undefined) {
        console.error(`no handler for due work ${work.kind}`);
        return;
      }
      try {
        const outcome = await handler(work);
        // Only stored items are removed or moved (a reminder has nothing to remove: no store call per bot move).
        if (!stored) return;
        const next = nextRun(work, outcome, this.clock.now());
        if (next === undefined) await this.store.remove(work);
        // 'keep' is left to the sweep; `{ again }` is armed now.
        else if ((await this.store.retime(work, next)) && outcome !== 'keep' && !this.timers.has(slot))
          this.arm(next, true, 0);
      } catch (e) {
        console.error(`due work ${work.kind} failed`, e instanceof Error ? e.message : 'unknown');
        const delay = Math.min(MAX_BACKOFF_MS, 250 * 2 ** attempt);
        if (!this.timers.has(slot)) this.arm(work, stored, attempt + 1, this.clock.now() + delay);
      }
    });
    const tracked = run.finally(() => {
      if (this.running.get(id) === tracked) this.running.delete(id);
    });
    this.running.set(id, tracked);
  }
}
