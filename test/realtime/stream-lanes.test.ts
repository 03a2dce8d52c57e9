import { describe, expect, it } from 'vitest';
import { encodeCommitItem } from '../../functions/adapters/dynamodb/table-store.js';
import type { Commit } from '../../functions/ports/table-store.js';
import { createStreamHandler, type StreamEvent, streamEventFor } from '../../functions/stream/handler.js';

/** A commit of `tableId` at `seq` with one event (the handler only routes it; nothing reads the event). */
const commit = (tableId: string, seq: number): Commit => ({
  tableId,
  seq,
  base: 1,
  prevBase: 0,
  at: 0,
  events: [{ type: 'DealAbandoned', deal: 1, reason: 'test' } as unknown as Commit['events'][number]],
});

let sequence = 0;
const batch = (...commits: Commit[]): StreamEvent => ({
  Records: commits.flatMap((c) => streamEventFor(encodeCommitItem(c), ++sequence).Records),
});

describe('the stream fan-out batch (functions/stream/handler.ts)', () => {
  it('runs different tables at the same time and each table strictly in order', async () => {
    const log: string[] = [];
    let releaseA!: () => void;
    const bStarted = new Promise<void>((r) => (releaseA = r));
    const handler = createStreamHandler(async (c) => {
      log.push(`start ${c.tableId}${c.seq}`);
      // Table a's first commit waits until table b's commit has begun: a batch run one record at a time never
      // gets there (b comes after a's two records) and this test would time out.
      if (c.tableId === 'a' && c.seq === 1) await bStarted;
      if (c.tableId === 'b') releaseA();
      log.push(`end ${c.tableId}${c.seq}`);
    });
    const out = await handler(batch(commit('a', 1), commit('a', 2), commit('b', 1)));
    expect(out.batchItemFailures).toEqual([]);
    // b ran while a1 waited; a2 only after a1 ended.
    expect(log.indexOf('start b1')).toBeLessThan(log.indexOf('end a1'));
    expect(log.indexOf('end a1')).toBeLessThan(log.indexOf('start a2'));
  });

  it('a failed record stops only its own table; the earliest failure is reported', async () => {
    const ran: string[] = [];
    const handler = createStreamHandler(async (c) => {
      if (c.tableId === 'a' && c.seq === 2) throw new Error('push failed');
      ran.push(`${c.tableId}${c.seq}`);
    });
    const event = batch(commit('a', 1), commit('b', 1), commit('a', 2), commit('b', 2), commit('a', 3));
    const out = await handler(event);
    expect(ran.sort()).toEqual(['a1', 'b1', 'b2']);
    expect(out.batchItemFailures).toEqual([{ itemIdentifier: event.Records[2]!.dynamodb!.SequenceNumber }]);
  });
});
