/** Time as a port: the local scheduler and the use cases read it here so that tests can drive it (ManualClock). */
export interface Clock {
  /** Epoch millis. */
  now(): number;
  /** Call `fn` after `ms` (0: soon); returns a cancel function. */
  setTimer(ms: number, fn: () => void): () => void;
}

/** The machine's clock. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer: (ms, fn) => {
    const t = setTimeout(fn, Math.max(0, ms));
    t.unref?.();
    return () => clearTimeout(t);
  },
};

/** A clock the test moves: `advance(ms)` fires every timer due by then, in time order. */
export class ManualClock implements Clock {
  private time: number;
  private timers: { at: number; fn: () => void; id: number }[] = [];
  private nextId = 0;

  constructor(start = Date.UTC(2026, 0, 1)) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  setTimer(ms: number, fn: () => void): () => void {
    const id = this.nextId++;
    this.timers.push({ at: this.time + Math.max(0, ms), fn, id });
    return () => {
      this.timers = this.timers.filter((t) => t.id !== id);
    };
  }

  /** Move time forward by `ms`, firing due timers (each at its own time). */
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const due = this.timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (due === undefined) break;
      this.timers = this.timers.filter((t) => t.id !== due.id);
      this.time = Math.max(this.time, due.at);
      due.fn();
    }
    this.time = end;
  }

  /** Timers waiting (tests check that a deadline is armed). */
  pending(): number {
    return this.timers.length;
  }
}
