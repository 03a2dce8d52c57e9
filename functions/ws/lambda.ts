import { dynamoClient } from '../adapters/dynamodb/client.js';
import { settingsFromEnv } from '../composition/config.js';
import { dueScheduler } from '../composition/due.js';
import { createRealtime } from '../composition/realtime.js';
import { createRuntime } from '../composition/runtime.js';
import { lambdaTournaments } from '../tournaments/compose.js';
import { createTelemetry, instrument } from '../observability/telemetry.js';
import { createTracer, traced } from '../observability/tracing.js';

const telemetry = createTelemetry({ service: 'ws', metrics: true });
const settings = settingsFromEnv();
const tracer = createTracer('ws');
const runtime = createRuntime(settings, { client: traced(tracer, dynamoClient(settings.dynamoEndpoint)) });
// A seat's last connection going starts its reconnect grace period on the due-work queue (docs/presence.md);
// tournament event streams: connect with ?tournamentId= (reads only: the tournament's META and commits); replies and
// pushes (PostToConnection, DeleteConnection) are traced like the DynamoDB calls.
const realtime = createRealtime(runtime, {
  telemetry,
  scheduler: dueScheduler(runtime),
  tournaments: lambdaTournaments(runtime).service,
  wrapManagementClient: (client) => traced(tracer, client),
});

/** API Gateway WebSocket entry point ($connect, $disconnect, $default and the action routes). */
export const handler = instrument(telemetry, realtime.ws);
