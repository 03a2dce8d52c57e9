import type { GatewayTimers } from '../../local/gateway.js';

/**
 * A clock that only moves when a test says so: timers fire inside `advance(ms)`, in the order they fall due.
 * @example const timers = new ManualTimers(); startLocal({ wsTimers: timers }); …; timers.advance(10 * 60_000);
 */
export class ManualTimers implements GatewayTimers {
  private time = 0;
  private next = 0;
  private readonly pending = new Map<number, { readonly due: number; readonly fire: () => void }>();

  setTimeout(fire: () => void, ms: number): number {
    const handle = ++this.next;
    this.pending.set(handle, { due: this.time + ms, fire });
    return handle;
  }

  clearTimeout(handle: unknown): void {
    this.pending.delete(handle as number);
  }

  /** Move the clock on by `ms` and fire every timer that falls due on the way. */
  advance(ms: number): void {
    const until = this.time + ms;
    for (;;) {
      const due = [...this.pending].filter(([, t]) => t.due <= until).sort(([a, x], [b, y]) => x.due - y.due || a - b);
      const first = due[0];
      if (first === undefined) break;
      this.pending.delete(first[0]);
      this.time = first[1].due;
      first[1].fire();
    }
    this.time = until;
  }

  /** The clock's time in ms (starts at 0): the SDK sockets' `clock.now`. */
  now(): number {
    return this.time;
  }

  /** Timers armed and not yet fired or cleared. */
  get armed(): number {
    return this.pending.size;
  }
}
