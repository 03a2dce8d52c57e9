import type { SendMessageCommand } from '@aws-sdk/client-sqs';
import { describe, expect, it, vi } from 'vitest';
import { MemoryDueWorkStore } from '../../functions/adapters/memory/due-work-store.js';
import { type DueMessage, SqsDueWorkScheduler, delaySecondsFor } from '../../functions/adapters/sqs/due-work-queue.js';
import { createDueHandler } from '../../functions/due/handler.js';
import { ManualClock } from '../../functions/ports/clock.js';
import { type DueWork, type DueWorkHandler, KEEP_MS } from '../../functions/ports/due-work.js';
import { LocalScheduler } from '../../local/scheduler.js';
import { createTelemetry, observeDueWork } from '../../functions/observability/telemetry.js';

// The due-work mechanism on both schedulers: local timers on an injected clock (restored from the store), and the
// AWS-shaped SQS adapter (SendMessage recorded at the SDK boundary, deliveries as SQS Lambda events).

class Recorder {
  readonly sent: { body: DueMessage; delay: number }[] = [];
  async send(command: SendMessageCommand): Promise<unknown> {
    this.sent.push({ body: JSON.parse(command.input.MessageBody!) as DueMessage, delay: command.input.DelaySeconds! });
    return {};
  }
}

/**
 * A local scheduler on a manual clock at 0 and a memory store, with one handler for `kind` (made with the clock, for a
 * handler that reads the time).
 */
function schedulerWith(
  kind: string,
  handler: (clock: ManualClock) => DueWorkHandler,
  opts?: { readonly sweepMs?: number },
): { clock: ManualClock; store: MemoryDueWorkStore; s: LocalScheduler } {
  const clock = new ManualClock(0);
  const store = new MemoryDueWorkStore();
  return { clock, store, s: new LocalScheduler(store, clock, new Map([[kind, handler(clock)]]), opts) };
}

describe('local scheduler', () => {
  it('a reminder never displaces the stored item of the same kind + key; `{ again }` moves and re-arms it; the sweep arms stored items no timer holds', async () => {
    const ran: string[] = [];
    const { clock, store, s } = schedulerWith(
      't.progress',
      (clock) => async (w) => {
        ran.push(`${w.pinnedVersion === undefined ? 'standing' : `v${w.pinnedVersion}`}@${clock.now()}`);
        return w.pinnedVersion === undefined ? { again: clock.now() + 100_000, payload: { n: ran.length } } : 'done';
      },
      { sweepMs: 60_000 },
    );
    await s.schedule({ at: 50_000, kind: 't.progress', key: 'a' });
    await s.remind({ at: 10_000, kind: 't.progress', key: 'a', pinnedVersion: 3 });
    // Stored without a timer (as a table's standing item is when the table is created).
    await store.put({ at: 5_000, kind: 't.progress', key: 'b' });
    s.startSweeping();
    clock.advance(10_000);
    await s.idle();
    expect(ran).toEqual(['v3@10000']);
    clock.advance(40_000);
    await s.idle();
    expect(ran).toEqual(['v3@10000', 'standing@50000']);
    expect(await store.get('t.progress', 'a')).toEqual({
      at: 150_000,
      kind: 't.progress',
      key: 'a',
      payload: { n: 2 },
    });
    clock.advance(10_000);
    await s.idle();
    // The minute's sweep found b (due since 5 s, no timer) and armed it: it runs as soon as the clock moves.
    expect(s.armed().map((w) => w.key)).toContain('b');
    clock.advance(0);
    await s.idle();
    expect(ran).toEqual(['v3@10000', 'standing@50000', 'standing@60000']);
    clock.advance(90_000);
    await s.idle();
    expect(ran.slice(3)).toEqual(['standing@150000']);
    await s.stop();
  });

  it('runs work at its time, a newer schedule replaces it, and a restart restores what was stored', async () => {
    const clock = new ManualClock(1_000_000);
    const store = new MemoryDueWorkStore();
    const ran: DueWork[] = [];
    const handlers = new Map<string, DueWorkHandler>([['t.start', async (w) => (ran.push(w), 'done')]]);
    const a = new LocalScheduler(store, clock, handlers);
    await a.schedule({ at: 1_060_000, kind: 't.start', key: 'x', payload: { round: 1 } });
    await a.schedule({ at: 1_090_000, kind: 't.start', key: 'x', payload: { round: 2 } });
    clock.advance(59_999);
    await a.idle();
    expect(ran).toEqual([]);
    // "Crash": a fresh scheduler over the same store, the old one's timers gone.
    await a.stop();
    const b = new LocalScheduler(store, clock, handlers);
    expect(await b.restore()).toBe(1);
    clock.advance(30_001);
    await b.idle();
    expect(ran.map((w) => w.payload)).toEqual([{ round: 2 }]);
    expect(await store.list()).toEqual([]);
  });

  it('pinned work never replaces work pinned to a newer version; a failing handler is retried', async () => {
    let failures = 1;
    const ran: number[] = [];
    const { clock, store, s } = schedulerWith('k', () => async (w) => {
      if (failures-- > 0) throw new Error('flaky');
      ran.push(w.pinnedVersion!);
      return 'done';
    });
    await s.schedule({ at: 100, kind: 'k', key: 'a', pinnedVersion: 7 });
    await s.schedule({ at: 50, kind: 'k', key: 'a', pinnedVersion: 6 });
    expect((await store.get('k', 'a'))?.pinnedVersion).toBe(7);
    clock.advance(100);
    await s.idle();
    expect(ran).toEqual([]);
    clock.advance(250);
    await s.idle();
    expect(ran).toEqual([7]);
  });
});

describe('local scheduler: reminders due now', () => {
  it('run without the clock moving, one after the other per key, one queued run per version', async () => {
    const ran: string[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { clock, s } = schedulerWith('t.progress', () => async (w) => {
      ran.push(`start v${w.pinnedVersion}`);
      if (w.pinnedVersion === 1) await gate;
      ran.push(`end v${w.pinnedVersion}`);
      return 'done';
    });
    // A reminder of a later turn deadline is displaced by one due now pinned to a newer version.
    await s.remind({ at: 5_000, kind: 't.progress', key: 'a', pinnedVersion: 0 });
    await s.remind({ at: 0, kind: 't.progress', key: 'a', pinnedVersion: 1 });
    // Queued behind the running v1: v2 twice (the run's hand-on and the stream step's copy), then an older v1 copy.
    await s.remind({ at: 0, kind: 't.progress', key: 'a', pinnedVersion: 2 });
    await s.remind({ at: 0, kind: 't.progress', key: 'a', pinnedVersion: 2, payload: { ahead: 0 } });
    await s.remind({ at: 0, kind: 't.progress', key: 'a', pinnedVersion: 1 });
    // Another key does not wait for this one.
    await s.remind({ at: 0, kind: 't.progress', key: 'b', pinnedVersion: 7 });
    await new Promise<void>((resolve) => setImmediate(resolve));
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(ran).toEqual(['start v1', 'start v7', 'end v7']);
    release();
    await s.idle();
    expect(ran).toEqual(['start v1', 'start v7', 'end v7', 'end v1', 'start v2', 'end v2']);
    expect(s.armed()).toEqual([]);
    // Nothing was left on the manual clock (the turn deadline's timer was displaced).
    clock.advance(10_000);
    await s.idle();
    expect(ran).toHaveLength(6);
  });
});

describe('SQS due-work adapter (AWS)', () => {
  it('delays up to 15 minutes per message; later work hops; stale stored messages do nothing', async () => {
    expect(delaySecondsFor(10_500, 10_000)).toBe(1);
    expect(delaySecondsFor(5_000, 10_000)).toBe(0);
    expect(delaySecondsFor(10_000 + 3_600_000, 10_000)).toBe(900);

    let now = 0;
    const sqs = new Recorder();
    const store = new MemoryDueWorkStore();
    const scheduler = new SqsDueWorkScheduler(store, 'https://sqs.local/due', sqs, () => now);
    const ran: DueWork[] = [];
    const handler = createDueHandler({
      handlers: new Map<string, DueWorkHandler>([['t.start', async (w) => (ran.push(w), 'done')]]),
      store,
      scheduler,
      now: () => now,
    });
    await scheduler.schedule({ at: 3_600_000, kind: 't.start', key: 'x' });
    expect(sqs.sent).toHaveLength(1);
    expect(sqs.sent[0]!.delay).toBe(900);
    // Delivered after 15 minutes: not due yet, so it hops with the rest of the delay.
    now = 900_000;
    const hop = await handler({ Records: [{ messageId: 'm1', body: JSON.stringify(sqs.sent[0]!.body) }] });
    expect(hop.batchItemFailures).toEqual([]);
    expect(sqs.sent[1]!.delay).toBe(900);
    expect(ran).toEqual([]);
    // Rescheduled meanwhile: the old message finds a different stored item and does nothing.
    await scheduler.schedule({ at: 3_700_000, kind: 't.start', key: 'x' });
    now = 3_600_000;
    await handler({ Records: [{ messageId: 'm2', body: JSON.stringify(sqs.sent[1]!.body) }] });
    expect(ran).toEqual([]);
    now = 3_700_000;
    await handler({ Records: [{ messageId: 'm3', body: JSON.stringify(sqs.sent[2]!.body) }] });
    expect(ran.map((w) => w.at)).toEqual([3_700_000]);
    expect(await store.list()).toEqual([]);
  });

  it('a failing message is reported alone (partial batch response); the others run once', async () => {
    const store = new MemoryDueWorkStore();
    const scheduler = new SqsDueWorkScheduler(store, 'q', new Recorder(), () => 0);
    const ran: string[] = [];
    const handler = createDueHandler({
      handlers: new Map<string, DueWorkHandler>([
        [
          'k',
          async (w) => {
            if (w.key === 'bad') throw new Error('boom');
            ran.push(w.key);
            return 'done';
          },
        ],
      ]),
      store,
      scheduler,
      now: () => 0,
    });
    const msg = (key: string) => JSON.stringify({ work: { at: 0, kind: 'k', key }, stored: false });
    const out = await handler({
      Records: [
        { messageId: 'a', body: msg('a') },
        { messageId: 'b', body: msg('bad') },
        { messageId: 'c', body: msg('c') },
      ],
    });
    expect(out.batchItemFailures).toEqual([{ itemIdentifier: 'b' }]);
    expect(ran).toEqual(['a', 'c']);
  });

  it('the sweep sends every stored item that is due; its run moves a standing item on (live tables heal within one period)', async () => {
    const store = new MemoryDueWorkStore();
    await store.put({ at: 0, kind: 'k', key: 'live' });
    await store.put({ at: 10_000, kind: 'k', key: 'later' });
    const ran: string[] = [];
    const sqs = new Recorder();
    const handler = createDueHandler({
      handlers: new Map<string, DueWorkHandler>([['k', async (w) => (ran.push(w.key), 'keep')]]),
      store,
      scheduler: new SqsDueWorkScheduler(store, 'q', sqs, () => 5_000),
      now: () => 5_000,
    });
    await handler({ source: 'aws.events' });
    // The sweep runs nothing itself: one message per due item, for the due workers.
    expect(ran).toEqual([]);
    expect(sqs.sent.map((m) => [m.body.work.key, m.body.stored, m.delay])).toEqual([['live', true, 0]]);
    await handler({ Records: [{ messageId: 'm', body: JSON.stringify(sqs.sent[0]!.body) }] });
    expect(ran).toEqual(['live']);
    // 'keep': the standing item stays, moved one period on (out of the buckets the next sweep reads as due).
    expect((await store.get('k', 'live'))?.at).toBe(5_000 + KEEP_MS);
    expect((await store.list()).length).toBe(2);
  });
});

describe('TimerFirings', () => {
  it('each run of due work counts one TimerFiring, whatever its outcome (EMF on flush)', async () => {
    const telemetry = createTelemetry({
      service: 'due',
      metrics: true,
      env: { POWERTOOLS_LOG_LEVEL: 'SILENT', POWERTOOLS_METRICS_DISABLED: 'false' },
    });
    const clock = new ManualClock(0);
    let calls = 0;
    const handlers = observeDueWork(
      telemetry,
      new Map<string, DueWorkHandler>([
        [
          'k',
          async () => {
            if (++calls === 1) throw new Error('flaky');
            return 'done';
          },
        ],
      ]),
    );
    const s = new LocalScheduler(new MemoryDueWorkStore(), clock, handlers);
    await s.schedule({ at: 10, kind: 'k', key: 'a' });
    await s.schedule({ at: 20, kind: 'k', key: 'b' });
    clock.advance(20);
    await s.idle();
    // The failed run is retried after 250 ms: three runs in all.
    clock.advance(250);
    await s.idle();
    const lines: string[] = [];
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(...String(chunk).split('\n'));
      return true;
    });
    try {
      telemetry.flush();
    } finally {
      spy.mockRestore();
    }
    const emf = lines.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(calls).toBe(3);
    // Powertools keeps one value per count in the EMF document: three runs, one each.
    expect(emf.find((d) => d.TimerFirings !== undefined)?.TimerFirings).toEqual([1, 1, 1]);
  });
});
