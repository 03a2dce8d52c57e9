import { describe, expect, it, vi } from 'vitest';
import { ManualClock, TimerScheduler } from '../../functions/adapters/memory/timer-scheduler.js';
import type { PumpJob } from '../../functions/ports/webhooks.js';

// The local runner of webhook pumps (functions/adapters/memory/timer-scheduler.ts) on a manual clock: a run that throws
// (the store did not answer, say) is not dropped — it runs again after 1 s, doubling to 30 s — so a queue does not wait
// for the next commit or a restart.

const job: PumpJob = { kind: 'webhook.pump', hookId: 'wh_1', tableId: 't1' };

describe('TimerScheduler', () => {
  it('bug: a pump run that threw was dropped; now it runs again with back-off until it succeeds', async () => {
    // Each failed run is logged (and kept out of the test output).
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const clock = new ManualClock(1_000_000);
    const runs: number[] = [];
    let failing = 6;
    const scheduler = new TimerScheduler(async () => {
      runs.push(clock.now());
      if (failing-- > 0) throw new Error('store unavailable');
    }, clock);
    scheduler.schedule(clock.now(), job);
    await scheduler.idle();
    expect(runs).toEqual([1_000_000]);
    // Each retry falls due 1 s, 2 s, 4 s, 8 s, 16 s, then 30 s (the cap) after the failed run.
    for (const delay of [1_000, 2_000, 4_000, 8_000, 16_000, 30_000]) {
      clock.advance(delay - 1);
      await scheduler.idle();
      const before = runs.length;
      expect(scheduler.pending).toBe(1);
      clock.advance(1);
      await scheduler.idle();
      expect(runs.length).toBe(before + 1);
    }
    // It succeeded: nothing is left waiting.
    expect(failing).toBe(-1);
    expect(scheduler.pending).toBe(0);
    clock.advance(3_600_000);
    await scheduler.idle();
    expect(runs.length).toBe(7);
    expect(logged).toHaveBeenCalledTimes(6);
    logged.mockRestore();
  });

  it('a job asked for while its key runs runs once more right after, never alongside', async () => {
    const clock = new ManualClock(0);
    let inFlight = 0;
    let most = 0;
    let release: () => void = () => {};
    let runs = 0;
    const scheduler = new TimerScheduler(async () => {
      runs++;
      inFlight++;
      most = Math.max(most, inFlight);
      if (runs === 1) await new Promise<void>((r) => (release = r));
      inFlight--;
    }, clock);
    scheduler.schedule(0, job);
    scheduler.schedule(0, job);
    scheduler.schedule(0, job);
    release();
    await scheduler.idle();
    expect(runs).toBe(2);
    expect(most).toBe(1);
  });
});
