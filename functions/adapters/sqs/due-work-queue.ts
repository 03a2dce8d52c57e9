import { SQSClient, SendMessageCommand } from '@aws-sdk/client-sqs';
import type { DueWork, DueWorkScheduler, DueWorkStore } from '../../ports/due-work.js';

/** SQS delays a message at most 15 minutes; later work hops: it is re-sent with the rest of the delay. */
export const MAX_DELAY_SECONDS = 900;

/** One message on the due-work queue: the work, and whether a stored item stands behind it. */
export interface DueMessage {
  readonly work: DueWork;
  readonly stored: boolean;
}

/** The part of the SQS client we use (tests pass a recorder with the same shape). */
export interface QueueSender {
  send(command: SendMessageCommand): Promise<unknown>;
}

/** Seconds to delay a message for `at` (rounded up, 0 when due, at most 15 minutes). */
export const delaySecondsFor = (at: number, now: number): number =>
  Math.min(MAX_DELAY_SECONDS, Math.max(0, Math.ceil((at - now) / 1000)));

/**
 * The AWS due-work scheduler (docs/due-work.md): SQS delay messages on DUE_QUEUE_URL, consumed by functions/due/lambda.ts.
 * `schedule` stores the item (DATA_TABLE) first, then sends; a delivery checks the stored item is still the one it
 * carries, so a replaced or cancelled item's old message does nothing.
 */
export class SqsDueWorkScheduler implements DueWorkScheduler {
  constructor(
    private readonly store: DueWorkStore,
    private readonly queueUrl: string,
    private readonly sqs: QueueSender = new SQSClient({}),
    private readonly now: () => number = Date.now,
  ) {}

  async schedule(work: DueWork): Promise<void> {
    if (await this.store.put(work)) await this.send({ work, stored: true });
  }

  async remind(work: DueWork): Promise<void> {
    await this.send({ work, stored: false });
  }

  async cancel(kind: string, key: string): Promise<void> {
    const stored = await this.store.get(kind, key);
    if (stored !== undefined) await this.store.remove(stored);
  }

  /** Send (or re-send, for a hop) one message, delayed until its work is due or 15 minutes. */
  async send(message: DueMessage): Promise<void> {
    await this.sqs.send(
      new SendMessageCommand({
        QueueUrl: this.queueUrl,
        MessageBody: JSON.stringify(message),
        DelaySeconds: delaySecondsFor(message.work.at, this.now()),
      }),
    );
  }
}
