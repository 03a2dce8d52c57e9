/**
 * The stream fan-out under 1,000 tables: `npx tsx bench/fanout.ts [--tables 1000] [--batch 25] [--io-ms 8]`.
 * Emulates the DynamoDB stream as Lambda delivers it — batches of `--batch` records from a shard, the commits of
 * `--tables` tables interleaved — and runs the real batch handler (functions/stream/handler.ts) with an `onCommit`
 * that spends `--io-ms` waiting (the byTable Query and the postToConnection calls of a real fan-out) plus the real
 * decode of each commit item. Prints records per second per lane for one record at a time (the old handler) and for
 * tables in parallel, side by side in one run, and CPU per record.
 */
import { parseArgs } from 'node:util';
import { encodeCommitItem } from '../functions/adapters/dynamodb/table-store.js';
import type { Commit } from '../functions/ports/table-store.js';
import {
  createStreamHandler,
  type StreamEvent,
  streamEventFor,
  TABLES_IN_PARALLEL,
} from '../functions/stream/handler.js';

const { values } = parseArgs({
  options: {
    tables: { type: 'string' },
    batch: { type: 'string' },
    'io-ms': { type: 'string' },
    records: { type: 'string' },
  },
});
const tables = Number(values.tables ?? 1000);
const batchSize = Number(values.batch ?? 25);
const ioMs = Number(values['io-ms'] ?? 8);
const total = Number(values.records ?? 2000);

const commit = (t: number, seq: number): Commit => ({
  tableId: `t${t}`,
  seq,
  base: 1,
  prevBase: 0,
  at: 0,
  events: [{ type: 'DealAbandoned', deal: 1, reason: 'bench' } as unknown as Commit['events'][number]],
});
// Commits arrive interleaved over tables (a busy evening): record i belongs to table (i × 7919) mod tables.
const seqs = new Map<number, number>();
const records = Array.from({ length: total }, (_, i) => {
  const t = (i * 7919) % tables;
  const seq = (seqs.get(t) ?? 0) + 1;
  seqs.set(t, seq);
  return streamEventFor(encodeCommitItem(commit(t, seq)), i + 1).Records[0]!;
});
const batches: StreamEvent[] = [];
for (let i = 0; i < records.length; i += batchSize) batches.push({ Records: records.slice(i, i + batchSize) });

async function run(parallel: number): Promise<{ perSecond: number; cpuUsPerRecord: number }> {
  const handler = createStreamHandler(
    () => new Promise<void>((r) => setTimeout(r, ioMs)),
    undefined,
    undefined,
    parallel,
  );
  const cpu = process.cpuUsage();
  const start = performance.now();
  for (const b of batches) {
    const out = await handler(b);
    if (out.batchItemFailures.length > 0) throw new Error('unexpected failure');
  }
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { perSecond: (total / ms) * 1000, cpuUsPerRecord: (used.user + used.system) / total };
}

const sequential = await run(1);
const parallel = await run(TABLES_IN_PARALLEL);
console.log(`${total} records over ${tables} tables, batches of ${batchSize}, ${ioMs} ms of I/O per record, one lane:`);
console.log(
  `  one record at a time : ${sequential.perSecond.toFixed(0)} records/s, ${sequential.cpuUsPerRecord.toFixed(0)} µs CPU/record`,
);
console.log(
  `  tables in parallel   : ${parallel.perSecond.toFixed(0)} records/s, ${parallel.cpuUsPerRecord.toFixed(0)} µs CPU/record`,
);
console.log(`  ratio                : ${(parallel.perSecond / sequential.perSecond).toFixed(1)}×`);
