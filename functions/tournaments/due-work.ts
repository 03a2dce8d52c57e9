import type { Clock } from '../ports/clock.js';

/**
 * Tournament jobs (a round's start, a look at a running round's tables) are due work of the one mechanism the tables
 * use (functions/ports/due-work.ts): kinds `tournament.start-round` and `tournament.check-round`, handlers in
 * ./compose.ts, stored as `DUE` items, run locally by local/scheduler.ts and on AWS by the due function (SQS delay
 * messages that hop for starts more than 15 minutes away, and the sweep).
 *
 * What is left here is the clock tests drive a whole event with.
 */

/** A clock tests move by hand (the server's `Clock` port): `advanceTo(t)` fires every timer due by then, in time order. */
export class ManualClock implements Clock {
  private timers: { at: number; fn: () => void; id: number }[] = [];
  private ids = 0;
  constructor(private time: number) {}

  now(): number {
    return this.time;
  }

  setTimer(ms: number, fn: () => void): () => void {
    const id = ++this.ids;
    this.timers.push({ at: this.time + Math.max(0, ms), fn, id });
    return () => {
      this.timers = this.timers.filter((t) => t.id !== id);
    };
  }

  /** Move to `time`, firing timers in order (each one's time becomes `now` while it runs). */
  advanceTo(time: number): void {
    for (;;) {
      const next = this.timers.filter((t) => t.at <= time).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (next === undefined) break;
      this.timers = this.timers.filter((t) => t !== next);
      this.time = Math.max(this.time, next.at);
      next.fn();
    }
    this.time = Math.max(this.time, time);
  }

  /** The earliest pending timer, if any. */
  nextAt(): number | undefined {
    return this.timers.reduce<number | undefined>((m, t) => (m === undefined || t.at < m ? t.at : m), undefined);
  }
}
