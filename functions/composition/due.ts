import { type QueueSender, SqsDueWorkScheduler } from '../adapters/sqs/due-work-queue.js';
import { createDueHandler } from '../due/handler.js';
import { type DueWorkHandler, TABLE_PROGRESS } from '../ports/due-work.js';
import { progressStep } from '../stream/on-commit.js';
import { lambdaTournaments } from '../tournaments/compose.js';
import type { Runtime } from './runtime.js';

/**
 * Due work on AWS: the SQS scheduler (DUE_QUEUE_URL) and the handlers by kind. The stream Lambda hands deadlines to
 * `scheduler`; functions/due/lambda.ts runs `handler` on the queue and on the sweep. New kinds (tournaments) register
 * here and in local/server.ts.
 */
export function createDueWork(runtime: Runtime, sqs?: QueueSender) {
  const url = runtime.settings.dueQueueUrl;
  if (url === undefined) throw new Error('DUE_QUEUE_URL is not set');
  const scheduler = new SqsDueWorkScheduler(runtime.dueWork, url, sqs);
  const handlers = new Map<string, DueWorkHandler>([[TABLE_PROGRESS, progressStep(runtime.service, scheduler)]]);
  // Tournament jobs (round starts, round checks: docs/tournaments.md) are due work of the same queue and sweep.
  const tournaments = lambdaTournaments(runtime, scheduler);
  for (const [kind, handler] of tournaments.handlers) handlers.set(kind, handler);
  return {
    scheduler,
    handlers,
    tournaments,
    handler: createDueHandler({ handlers, store: runtime.dueWork, scheduler }),
  };
}
