import type { Clock, PumpJob, Scheduler } from '../../ports/webhooks.js';

/** A failed run (the store did not answer, say) runs again after 1 s, doubling to at most 30 s while it keeps failing. */
const retryDelayMs = (failures: number): number => Math.min(30_000, 1_000 * 2 ** (failures - 1));

/**
 * Timers in this process (local runtime, tests with {@link ManualClock}). One timer per job key at a time; a job due
 * now runs at once. Runs of one key never overlap: a job asked for while its key runs runs once more right after. A
 * run that throws is not dropped: it runs again with back-off (the pump's work is idempotent).
 */
export class TimerScheduler implements Scheduler {
  readonly #timers = new Map<string, { at: number; cancel: () => void }>();
  readonly #running = new Set<Promise<void>>();
  readonly #active = new Map<string, { again: boolean }>();
  readonly #failures = new Map<string, number>();
  #stopped = false;
  constructor(
    private readonly run: (job: PumpJob) => Promise<void>,
    private readonly timers: Timers = realTimers,
  ) {}

  schedule(at: number, job: PumpJob): void {
    if (this.#stopped) return;
    const key = `${job.hookId}/${job.tableId}`;
    if (at <= this.timers.now()) {
      this.#timers.get(key)?.cancel();
      this.#timers.delete(key);
      this.#start(key, job);
      return;
    }
    const existing = this.#timers.get(key);
    if (existing !== undefined && existing.at <= at) return;
    existing?.cancel();
    const cancel = this.timers.setAt(at, () => {
      this.#timers.delete(key);
      this.#start(key, job);
    });
    this.#timers.set(key, { at, cancel });
  }

  #start(key: string, job: PumpJob): void {
    const active = this.#active.get(key);
    if (active !== undefined) {
      active.again = true;
      return;
    }
    const state = { again: false };
    this.#active.set(key, state);
    const running = (async () => {
      let failed: boolean;
      do {
        state.again = false;
        failed = await this.run(job).then(
          () => false,
          (e: unknown) => {
            console.error('webhook pump failed', e instanceof Error ? e.message : e);
            return true;
          },
        );
      } while (state.again && !this.#stopped);
      // No await since the last look at `again`: a job asked for from here on starts a run of its own.
      this.#active.delete(key);
      if (!failed) this.#failures.delete(key);
      else {
        const failures = (this.#failures.get(key) ?? 0) + 1;
        this.#failures.set(key, failures);
        this.schedule(this.timers.now() + retryDelayMs(failures), job);
      }
    })();
    this.#running.add(running);
    void running.finally(() => this.#running.delete(running));
  }

  /** Jobs waiting (for tests and shutdown). */
  get pending(): number {
    return this.#timers.size;
  }

  /** No pump running now. */
  isIdle(): boolean {
    return this.#running.size === 0;
  }

  /** Resolves when the jobs started so far (and any they schedule that are already due) have finished. */
  async idle(): Promise<void> {
    while (this.#running.size > 0) await Promise.all([...this.#running]);
  }

  stop(): void {
    this.#stopped = true;
    for (const t of this.#timers.values()) t.cancel();
    this.#timers.clear();
  }
}

export interface Timers extends Clock {
  /** Call `fn` once the clock reaches `at`; returns a cancel function. */
  setAt(at: number, fn: () => void): () => void;
}

export const realTimers: Timers = {
  now: () => Date.now(),
  setAt: (at, fn) => {
    const t = setTimeout(fn, Math.max(0, at - Date.now()));
    t.unref();
    return () => clearTimeout(t);
  },
};

/** A clock that moves only when told: `advance(ms)` fires the timers that fall due, in time order. */
export class ManualClock implements Timers {
  #now: number;
  readonly #due: { at: number; fn: () => void; id: number }[] = [];
  #ids = 0;
  constructor(start: number) {
    this.#now = start;
  }
  now(): number {
    return this.#now;
  }
  setAt(at: number, fn: () => void): () => void {
    const id = ++this.#ids;
    this.#due.push({ at, fn, id });
    return () => {
      const i = this.#due.findIndex((d) => d.id === id);
      if (i >= 0) this.#due.splice(i, 1);
    };
  }
  /** Move time on by `ms`, firing each timer that falls due (earliest first). */
  advance(ms: number): void {
    const target = this.#now + ms;
    for (;;) {
      this.#due.sort((a, b) => a.at - b.at);
      const next = this.#due[0];
      if (next === undefined || next.at > target) break;
      this.#due.shift();
      this.#now = Math.max(this.#now, next.at);
      next.fn();
    }
    this.#now = target;
  }
  /** When the next timer falls due, if any. */
  get nextAt(): number | undefined {
    return this.#due.reduce<number | undefined>((m, d) => (m === undefined || d.at < m ? d.at : m), undefined);
  }
}
