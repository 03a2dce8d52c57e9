/** Time as a port: the local scheduler and the use cases read it here so that tests can drive it (ManualClock). */
export interface Clock {
  /** Epoch millis. */
  now(): number;
  /** Call `fn` after `ms` (0: soon); returns a cancel function. */
  setTimer(ms: number, fn: () => void): () => void;
}

/** The longest delay a host timer takes: Node (like browsers) fires a longer `setTimeout` after 1 ms instead. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** The host's one-shot timers and wall clock: what {@link clockOn} builds a {@link Clock} from. */
export interface TimerHost {
  now(): number;
  setTimeout(fn: () => void, ms: number): { unref?: () => unknown };
  clearTimeout(handle: unknown): void;
}

/**
 * A clock over a host's timers that keeps any delay: one longer than {@link MAX_TIMER_MS} (a tournament 25 days ahead)
 * is a chain of timers, each re-armed for what is left by the host's own clock, so it neither fires at once nor never.
 */
export function clockOn(host: TimerHost): Clock {
  return {
    now: () => host.now(),
    setTimer: (ms, fn) => {
      const at = host.now() + Math.max(0, ms);
      let handle: { unref?: () => unknown } | undefined;
      const arm = (): void => {
        const left = at - host.now();
        if (left > MAX_TIMER_MS) {
          handle = host.setTimeout(arm, MAX_TIMER_MS);
        } else handle = host.setTimeout(fn, Math.max(0, left));
        handle.unref?.();
      };
      arm();
      return () => host.clearTimeout(handle);
    },
  };
}

/** The machine's clock. */
export const systemClock: Clock = clockOn({
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
});

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
