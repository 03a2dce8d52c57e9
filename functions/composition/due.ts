import { type QueueSender, SqsDueWorkScheduler } from '../adapters/sqs/due-work-queue.js';
import { createDueHandler } from '../due/handler.js';
import { DynamoPresenceStore } from '../adapters/dynamodb/presence-store.js';
import { type DueWorkHandler, TABLE_PROGRESS } from '../ports/due-work.js';
import { observeDueWork } from '../observability/telemetry.js';
import type { Telemetry } from '../observability/telemetry.js';
import { progressStep } from '../stream/on-commit.js';
import { SEAT_GRACE, graceHandler } from '../use-cases/presence.js';
import { lambdaTournaments } from '../tournaments/compose.js';
import type { Runtime } from './runtime.js';
import { pumpHandler, webhooksFor } from './webhooks.js';
import { WEBHOOK_PUMP } from '../ports/webhooks.js';
import { DEFAULT_ARCHIVE_POLICY, TABLE_ARCHIVE, type TableArchive } from '../ports/archive.js';
import { DEFAULT_IDLE_POLICY } from '../use-cases/idle.js';
import { archiveHandler, standingTable } from '../due/idle-close.js';
import { SWEEP_MS } from '../due/sweep.js';
import { DynamoTableExpiry } from '../adapters/dynamodb/table-expiry.js';

/** The SQS due-work scheduler when DUE_QUEUE_URL is set (a stack before due work has none). */
export function dueScheduler(runtime: Runtime, sqs?: QueueSender): SqsDueWorkScheduler | undefined {
  const url = runtime.settings.dueQueueUrl;
  return url === undefined ? undefined : new SqsDueWorkScheduler(runtime.dueWork, url, sqs);
}

/**
 * Due work on AWS: the SQS scheduler (DUE_QUEUE_URL) and the handlers by kind. The stream Lambda hands deadlines to
 * `scheduler`; functions/due/lambda.ts runs `handler` on the queue and on the sweep. New kinds (tournaments) register
 * here and in local/server.ts.
 */
export function createDueWork(
  runtime: Runtime,
  sqs?: QueueSender,
  telemetry?: Telemetry,
  /** Where closed tables are archived (the due function: composition/archive.ts); without it none are. */
  archive?: TableArchive,
) {
  const scheduler = dueScheduler(runtime, sqs);
  if (scheduler === undefined) throw new Error('DUE_QUEUE_URL is not set');
  const presence = new DynamoPresenceStore(runtime.client, runtime.settings.connectionsTable);
  const kinds = new Map<string, DueWorkHandler>([
    // A live table's standing item: progress, the idle policy (docs/operations.md "Idle tables"), its archiving once closed; back at
    // least once a sweep period, so a lost signal heals within it.
    [
      TABLE_PROGRESS,
      standingTable(progressStep(runtime.service, scheduler), {
        service: runtime.service,
        scheduler,
        idle: DEFAULT_IDLE_POLICY,
        ...(archive !== undefined ? { archive: DEFAULT_ARCHIVE_POLICY } : {}),
        healMs: SWEEP_MS,
      }),
    ],
    [SEAT_GRACE, graceHandler(presence, runtime.service)],
  ]);
  if (archive !== undefined)
    kinds.set(
      TABLE_ARCHIVE,
      archiveHandler(runtime.service, {
        archive,
        expiry: new DynamoTableExpiry(runtime.client, runtime.settings.dataTable),
        expireAfterMs: DEFAULT_ARCHIVE_POLICY.expireAfterMs,
      }),
    );
  // Tournament jobs (round starts, round checks: docs/tournaments.md) are due work of the same queue and sweep.
  const tournaments = lambdaTournaments(runtime, scheduler);
  for (const [kind, handler] of tournaments.handlers) kinds.set(kind, handler);
  // The webhook outbox: the stream function stores a `webhook.pump` item and queues it; this function sends (a slow
  // target holds up only its own messages, never a stream batch).
  const webhooks = webhooksFor(runtime, {
    outbox: { store: runtime.dueWork, due: scheduler },
    tournaments: { authorize: (id, token) => tournaments.service.authorize(id, token) },
  });
  kinds.set(WEBHOOK_PUMP, pumpHandler(webhooks));
  const handlers = observeDueWork(telemetry, kinds);
  return {
    scheduler,
    handlers,
    tournaments,
    webhooks,
    handler: createDueHandler({ handlers, store: runtime.dueWork, scheduler }),
  };
}
