import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryDueWorkStore } from '../../functions/adapters/memory/due-work-store.js';
import { systemClock } from '../../functions/ports/clock.js';
import type { DueWork } from '../../functions/ports/due-work.js';
import { LocalScheduler } from '../../local/scheduler.js';

/**
 * bug: a tournament more than 24.8 days ahead overflowed the local timer. Node fires a `setTimeout` longer than
 * 2^31−1 ms after 1 ms; vitest's fake timers do the same (they model the host), so the machine's clock is driven by
 * them here — no sleeping, no real time.
 */

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 10, 28, 17, 0);

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the machine clock keeps delays longer than a host timer takes', () => {
  it('a timer 30 days ahead fires then, once, and not before', () => {
    const fired = vi.fn();
    systemClock.setTimer(30 * DAY, fired);
    vi.advanceTimersByTime(1_000);
    expect(fired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(30 * DAY - 1_000 - 1);
    expect(fired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fired).toHaveBeenCalledTimes(1);
    expect(Date.now()).toBe(T0 + 30 * DAY);
    vi.advanceTimersByTime(60 * DAY);
    expect(fired).toHaveBeenCalledTimes(1);
  });

  it('a delay of exactly the host maximum is one timer; cancelling in the middle of a chain stops it', () => {
    const exact = vi.fn();
    systemClock.setTimer(2 ** 31 - 1, exact);
    const cancelled = vi.fn();
    const cancel = systemClock.setTimer(60 * DAY, cancelled);
    vi.advanceTimersByTime(2 ** 31 - 1);
    expect(exact).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10 * DAY);
    cancel();
    vi.advanceTimersByTime(60 * DAY);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('the local scheduler starts a round 40 days ahead on that day, not at once', async () => {
    const ran: DueWork[] = [];
    const scheduler = new LocalScheduler(
      new MemoryDueWorkStore(),
      systemClock,
      new Map([['tournament.start-round', async (w: DueWork) => (ran.push(w), 'done' as const)]]),
    );
    await scheduler.schedule({ at: T0 + 40 * DAY, kind: 'tournament.start-round', key: 'u1:1', payload: {} });
    await vi.advanceTimersByTimeAsync(DAY);
    expect(ran).toEqual([]);
    await vi.advanceTimersByTimeAsync(39 * DAY);
    await scheduler.idle();
    expect(ran.map((w) => w.key)).toEqual(['u1:1']);
    await scheduler.stop();
  });
});
