import { handle } from 'hono/aws-lambda';
import { dynamoClient } from '../adapters/dynamodb/client.js';
import { settingsFromEnv } from '../composition/config.js';
import { createHttp } from '../composition/http.js';
import { createRuntime } from '../composition/runtime.js';
import { createDueWork } from '../composition/due.js';
import { lambdaTournaments } from '../tournaments/compose.js';
import { webhooksFor } from '../composition/webhooks.js';
import { createTelemetry, instrument } from '../observability/telemetry.js';
import { createTracer, traced } from '../observability/tracing.js';

// Built once per Lambda container (cold start); the app itself is runtime free.
const telemetry = createTelemetry({ service: 'http', metrics: true });
const settings = settingsFromEnv();
const runtime = createRuntime(settings, {
  client: traced(createTracer('http'), dynamoClient(settings.dynamoEndpoint)),
});

// A tournament's round 1 start goes to the due queue (SQS delay messages, hopping until it is due); without
// DUE_QUEUE_URL it is only stored and the due function's sweep starts the round.
const tournaments =
  settings.dueQueueUrl !== undefined ? createDueWork(runtime).tournaments : lambdaTournaments(runtime);

/** API Gateway (HTTP API) entry point: the Hono REST app (tournaments, webhooks), with Powertools logs, metrics and traces. */
export const handler = instrument(
  telemetry,
  handle(
    createHttp(runtime, telemetry, {
      tournaments: tournaments.service,
      webhooks: webhooksFor(runtime, { tournaments: tournaments.service }),
    }),
  ),
);
