import type { SqsDueWorkScheduler, DueMessage } from '../adapters/sqs/due-work-queue.js';
import { type DueWork, type DueWorkHandlers, type DueWorkStore, nextRun } from '../ports/due-work.js';
import { type SweepReport, sweep } from './sweep.js';

/** The parts of an SQS Lambda event we read (aws-lambda's SQSEvent). */
export interface SqsEvent {
  readonly Records: readonly { readonly messageId: string; readonly body: string }[];
}
export interface SqsBatchResponse {
  readonly batchItemFailures: { readonly itemIdentifier: string }[];
}

/** An EventBridge scheduled event (the sweep). */
export interface SweepEvent {
  readonly source: 'aws.events' | 'stammtisch.sweep';
}

const same = (a: DueWork, b: DueWork): boolean => a.at === b.at && a.pinnedVersion === b.pinnedVersion;

/**
 * The due-work consumer on AWS. Each SQS message is one piece of work: not yet due → re-sent with the rest of the delay
 * (a hop); backed by a stored item → runs only while that item is still the one it carries; then the kind's handler.
 * A failure reports only that message (partial batch response): the others are not repeated. After 5 receives a
 * message goes to the due-work DLQ; `aws sqs start-message-move-task --source-arn <DLQ arn>` re-drives it.
 *
 * The sweep (an EventBridge rule every 5 minutes) reads the time buckets since the last sweep in parallel pages and
 * sends one message per stored item that is due (functions/due/sweep.ts) — live tables' standing items included — so a
 * lost signal on AWS heals within one period, like `restore()` at a local start-up. A run that answers 'keep' or
 * `{ again }` moves its item on; 'done' removes it.
 */
export function createDueHandler(deps: {
  readonly handlers: DueWorkHandlers;
  readonly store: DueWorkStore;
  readonly scheduler: SqsDueWorkScheduler;
  readonly now?: () => number;
  /** Each sweep's report (the Lambda logs it). */
  readonly swept?: (report: SweepReport) => void;
}) {
  const now = deps.now ?? Date.now;
  const run = async (work: DueWork, stored: boolean): Promise<void> => {
    const handler = deps.handlers.get(work.kind);
    if (handler === undefined) throw new Error(`no handler for due work ${work.kind}`);
    const outcome = await handler(work);
    if (!stored) return;
    const next = nextRun(work, outcome, now());
    if (next === undefined) await deps.store.remove(work);
    else await deps.store.retime(work, next);
  };
  return async (event: SqsEvent | SweepEvent): Promise<SqsBatchResponse> => {
    if (!('Records' in event)) {
      const report = await sweep({
        store: deps.store,
        now: now(),
        dispatch: (work) => deps.scheduler.send({ work, stored: true }),
      });
      deps.swept?.(report);
      return { batchItemFailures: [] };
    }
    const failures: { itemIdentifier: string }[] = [];
    for (const record of event.Records) {
      try {
        const message = JSON.parse(record.body) as DueMessage;
        if (message.work.at > now() + 1000) {
          await deps.scheduler.send(message);
          continue;
        }
        if (message.stored) {
          const current = await deps.store.get(message.work.kind, message.work.key);
          if (current === undefined || !same(current, message.work)) continue;
        }
        await run(message.work, message.stored);
      } catch (e) {
        console.error('due work failed', e instanceof Error ? e.message : 'unknown');
        failures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures: failures };
  };
}
