import { handle } from 'hono/aws-lambda';
import { dynamoClient } from '../adapters/dynamodb/client.js';
import { settingsFromEnv } from '../composition/config.js';
import { createHttp } from '../composition/http.js';
import { createRuntime } from '../composition/runtime.js';
import { lambdaTournaments } from '../tournaments/compose.js';
import { createTelemetry, instrument } from '../observability/telemetry.js';
import { createTracer, traced } from '../observability/tracing.js';

// Built once per Lambda container (cold start); the app itself is runtime free.
const telemetry = createTelemetry({ service: 'http', metrics: true });
const settings = settingsFromEnv();
const runtime = createRuntime(settings, {
  client: traced(createTracer('http'), dynamoClient(settings.dynamoEndpoint)),
});

/** API Gateway (HTTP API) entry point: the Hono REST app (with tournaments), with Powertools logs, metrics and traces. */
export const handler = instrument(
  telemetry,
  handle(createHttp(runtime, telemetry, { tournaments: lambdaTournaments(runtime).service })),
);
