import type { Context } from 'hono';
import { handle } from 'hono/aws-lambda';
import { cameThroughEdge, notThroughEdge, viewerAddress } from '../edge/origin-verify.js';
import { defaultClientAddress } from './app.js';
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
// Set when CloudFront + WAF front the API (infra/constructs/http-edge.ts): direct execute-api calls are refused, and
// the caller's address is CloudFront's viewer address (not the edge server's).
const originSecret = process.env.ORIGIN_VERIFY;
const serve = handle(
  createHttp(runtime, telemetry, {
    tournaments: tournaments.service,
    webhooks: webhooksFor(runtime, { tournaments: tournaments.service }),
    ...(originSecret !== undefined && originSecret !== ''
      ? {
          clientAddress: (c: Context) =>
            viewerAddress(c.req.header('cloudfront-viewer-address')) ?? defaultClientAddress(c),
        }
      : {}),
  }),
);

/** API Gateway (HTTP API) entry point: the Hono REST app (tournaments, webhooks), with Powertools logs, metrics and traces. */
export const handler = instrument(
  telemetry,
  async (event: Parameters<typeof serve>[0], context?: Parameters<typeof serve>[1]) =>
    cameThroughEdge(originSecret, event.headers ?? {}) ? serve(event, context) : notThroughEdge(),
);
