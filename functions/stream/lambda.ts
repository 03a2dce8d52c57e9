import { dynamoClient } from '../adapters/dynamodb/client.js';
import { settingsFromEnv } from '../composition/config.js';
import { createDueWork } from '../composition/due.js';
import { createPush } from '../composition/push.js';
import { createRuntime } from '../composition/runtime.js';
import { createCommitStream } from '../composition/stream.js';
import { lambdaTournaments } from '../tournaments/compose.js';
import { onTournamentCommit, webhooksFor } from '../composition/webhooks.js';
import { createTelemetry, instrument, observeFanOut } from '../observability/telemetry.js';
import { createTracer, traced } from '../observability/tracing.js';

const telemetry = createTelemetry({ service: 'stream', metrics: true });
const settings = settingsFromEnv();
const tracer = createTracer('stream');
const runtime = createRuntime(settings, { client: traced(tracer, dynamoClient(settings.dynamoEndpoint)) });
// Without DUE_QUEUE_URL (a stack before due work) deadlines and grace periods are not scheduled and a failed progress
// pass fails the record.
const due = runtime.settings.dueQueueUrl !== undefined ? createDueWork(runtime) : undefined;
// Pushes (PostToConnection, DeleteConnection) are traced like the DynamoDB calls.
const push = createPush(runtime, {
  scheduler: due?.scheduler,
  wrapManagementClient: (client) => traced(tracer, client),
});
// A round's end schedules the next round's start on the due queue (or, without it, only stores it for the sweep).
const tournaments = due?.tournaments ?? lambdaTournaments(runtime);
// Deliveries go to the outbox (the due queue; the due function sends them). A stack without a due queue sends from
// here, each attempt waiting at most 5 s so the stream batch does not stall long behind a slow target.
const webhooks = due?.webhooks ?? webhooksFor(runtime, { timeoutMs: 5_000, outbox: 'inline' });

/**
 * DATA_TABLE stream (NEW_IMAGE) entry point: fan-out of each new commit to its subscribers, then the table
 * progresses (bots act; a turn deadline goes to the due-work queue); a closed tournament table reports to its round;
 * signed webhook deliveries; a tournament commit is pushed to the tournament's subscribers.
 */
export const handler = instrument(
  telemetry,
  createCommitStream(runtime, observeFanOut(telemetry, push.fanOut), due?.scheduler, {
    onTableClosed: (tableId) => tournaments.service.tableClosed(tableId),
    webhooks,
    // Tournament commits (U#/C# records) go to the tournament's WebSocket subscribers and its signed webhooks.
    onTournamentCommit: onTournamentCommit(push.tournamentFanOut, webhooks),
  }),
);
