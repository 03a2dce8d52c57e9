import type { Clock, PumpJob, Scheduler } from '../../ports/webhooks.js';

/** Timers in this process (local runtime, tests with {@link ManualClock}). One timer per job key at a time. */
export class TimerScheduler implements Scheduler {
  readonly #timers = new Map<string, { at: number; cancel: () => void }>();
  readonly #running = new Set<Promise<void>>();
  constructor(
    private readonly run: (job: PumpJob) => Promise<void>,
    private readonly timers: Timers = realTimers,
  ) {}

  schedule(at: number, job: PumpJob): void {
    const key = `${job.hookId}/${job.tableId}`;
    const existing = this.#timers.get(key);
    if (existing !== undefined && existing.at <= at) return;
    existing?.cancel();
    const cancel = this.timers.setAt(at, () => {
      this.#timers.delete(key);
      const running = this.run(job).catch((e: unknown) => console.error('webhook pump failed', e));
      this.#running.add(running);
      void running.finally(() => this.#running.delete(running));
    });
    this.#timers.set(key, { at, cancel });
  }

  /** Jobs waiting (for tests and shutdown). */
  get pending(): number {
    return this.#timers.size;
  }

  /** Resolves when the jobs started so far (and any they schedule that are already due) have finished. */
  async idle(): Promise<void> {
    while (this.#running.size > 0) await Promise.all([...this.#running]);
  }

  stop(): void {
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
