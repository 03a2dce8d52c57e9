import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { decodeCommitItem, isCommitItem } from '../adapters/dynamodb/table-store.js';
import type { Commit } from '../ports/table-store.js';
import { decodeTournamentCommitItem, isTournamentCommitItem } from '../adapters/dynamodb/tournament-store.js';
import type { TournamentCommit } from '../ports/tournament-store.js';

/** The parts of a DynamoDB Streams Lambda event we read (aws-lambda's DynamoDBStreamEvent). */
export interface StreamEvent {
  readonly Records: readonly StreamRecord[];
}
export interface StreamRecord {
  readonly eventID?: string;
  readonly eventName?: 'INSERT' | 'MODIFY' | 'REMOVE';
  readonly dynamodb?: {
    readonly SequenceNumber?: string;
    /** Stream images carry binary attributes as base64 strings. */
    readonly NewImage?: Record<string, WireValue>;
  };
}
export type WireValue = { readonly S?: string; readonly N?: string; readonly B?: string };
export interface StreamResponse {
  readonly batchItemFailures: { readonly itemIdentifier: string }[];
}

/** Tables of one batch fanned out at the same time (each table's records still strictly one after another). */
export const TABLES_IN_PARALLEL = 16;

/**
 * The fan-out entry: every new commit (an INSERT of a `C#` item, or the MODIFY of a fenced slot) goes to `onCommit`
 * (push to subscribers, let bots act). Records of different tables (partition keys) run in parallel, up to
 * `TABLES_IN_PARALLEL` tables at a time; the records of one table run strictly in order. A failed record stops its
 * table's later records and is reported in `batchItemFailures`; Lambda resumes the shard from the lowest failed
 * sequence number, so a record after it may be delivered again (pushes carry seqs; receivers drop repeats).
 */
export function createStreamHandler(
  onCommit: (commit: Commit) => Promise<void>,
  /** A new tournament commit (`U#…`/`C#…`): pushed to the tournament's WebSocket subscribers. */
  onTournamentCommit?: (commit: TournamentCommit) => Promise<unknown>,
  /** Reads a large tournament commit's other parts (DynamoTournamentStore.decode); without it, the item alone. */
  decodeTournament: (
    item: Record<string, AttributeValue>,
  ) => Promise<TournamentCommit> | TournamentCommit = decodeTournamentCommitItem,
  /** Tables at a time (bench/fanout.ts compares 1, one record after another, with the default). */
  tablesInParallel = TABLES_IN_PARALLEL,
) {
  return async (event: StreamEvent): Promise<StreamResponse> => {
    // Group by partition key in arrival order: one lane per table or tournament.
    const lanes = new Map<string, (() => Promise<void>)[]>();
    const failures: { itemIdentifier: string; order: number }[] = [];
    for (const [order, record] of event.Records.entries()) {
      const image = record.dynamodb?.NewImage;
      if (image === undefined || (record.eventName !== 'INSERT' && record.eventName !== 'MODIFY')) continue;
      const item = fromWire(image);
      const tournament =
        record.eventName === 'INSERT' && onTournamentCommit !== undefined && isTournamentCommitItem(item);
      // A table commit is immutable: its one MODIFY is the write that took a slot holding a listen fence (whose own
      // INSERT has no events and is skipped here).
      if (!tournament && !isCommitItem(item)) continue;
      const run = async (): Promise<void> => {
        if (tournament) await onTournamentCommit(await decodeTournament(item));
        else await onCommit(decodeCommitItem(item));
      };
      const step = async (): Promise<void> => {
        try {
          await run();
        } catch (e) {
          console.error('stream record failed', e instanceof Error ? e.message : 'unknown');
          failures.push({ itemIdentifier: record.dynamodb?.SequenceNumber ?? record.eventID ?? '', order });
          throw e;
        }
      };
      const key = item.pk?.S ?? '';
      const lane = lanes.get(key);
      if (lane === undefined) lanes.set(key, [step]);
      else lane.push(step);
    }
    const queue = [...lanes.values()];
    const worker = async (): Promise<void> => {
      for (let lane = queue.shift(); lane !== undefined; lane = queue.shift()) {
        try {
          for (const step of lane) await step();
        } catch {
          // Later records of the same table must not overtake the failed one: this lane stops here.
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(tablesInParallel, queue.length) }, worker));
    failures.sort((a, b) => a.order - b.order);
    return { batchItemFailures: failures.map(({ itemIdentifier }) => ({ itemIdentifier })) };
  };
}

function fromWire(image: Record<string, WireValue>): Record<string, AttributeValue> {
  const out: Record<string, AttributeValue> = {};
  for (const [k, v] of Object.entries(image)) {
    if (v.S !== undefined) out[k] = { S: v.S };
    else if (v.N !== undefined) out[k] = { N: v.N };
    else if (v.B !== undefined) out[k] = { B: Buffer.from(v.B, 'base64') };
  }
  return out;
}

/** A DynamoDB-Streams-shaped event for one item (the local runtime calls the stream handler with it). */
export function streamEventFor(item: Record<string, AttributeValue>, sequence: number): StreamEvent {
  const image: Record<string, WireValue> = {};
  for (const [k, v] of Object.entries(item)) {
    if (v.S !== undefined) image[k] = { S: v.S };
    else if (v.N !== undefined) image[k] = { N: v.N };
    else if (v.B !== undefined) image[k] = { B: Buffer.from(v.B).toString('base64') };
  }
  return {
    Records: [
      {
        eventID: String(sequence),
        eventName: 'INSERT',
        dynamodb: { SequenceNumber: String(sequence).padStart(21, '0'), NewImage: image },
      },
    ],
  };
}
