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

/**
 * The fan-out entry: every new commit (an INSERT of a `C#` item, or the MODIFY of a fenced slot) goes to `onCommit` (push to subscribers, let bots
 * act). A failed record is reported in `batchItemFailures` so Lambda retries from it, not the whole batch.
 */
export function createStreamHandler(
  onCommit: (commit: Commit) => Promise<void>,
  /** A new tournament commit (`U#…`/`C#…`): pushed to the tournament's WebSocket subscribers. */
  onTournamentCommit?: (commit: TournamentCommit) => Promise<unknown>,
  /** Reads a large tournament commit's other parts (DynamoTournamentStore.decode); without it, the item alone. */
  decodeTournament: (
    item: Record<string, AttributeValue>,
  ) => Promise<TournamentCommit> | TournamentCommit = decodeTournamentCommitItem,
) {
  return async (event: StreamEvent): Promise<StreamResponse> => {
    const failures: { itemIdentifier: string }[] = [];
    for (const record of event.Records) {
      const image = record.dynamodb?.NewImage;
      if (image === undefined || (record.eventName !== 'INSERT' && record.eventName !== 'MODIFY')) continue;
      const item = fromWire(image);
      const tournament =
        record.eventName === 'INSERT' && onTournamentCommit !== undefined && isTournamentCommitItem(item);
      // A table commit is immutable: its one MODIFY is the write that took a slot holding a listen fence (whose own
      // INSERT has no events and is skipped here).
      if (!tournament && !isCommitItem(item)) continue;
      try {
        if (tournament) await onTournamentCommit(await decodeTournament(item));
        else await onCommit(decodeCommitItem(item));
      } catch (e) {
        console.error('stream record failed', e instanceof Error ? e.message : 'unknown');
        failures.push({ itemIdentifier: record.dynamodb?.SequenceNumber ?? record.eventID ?? '' });
        // Later records of the same table must not overtake the failed one: stop and let Lambda retry from here.
        break;
      }
    }
    return { batchItemFailures: failures };
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
