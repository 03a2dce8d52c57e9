import { dynamoClient } from '../adapters/dynamodb/client.js';
import { settingsFromEnv } from '../composition/config.js';
import { createRealtime } from '../composition/realtime.js';
import { createRuntime } from '../composition/runtime.js';
import { createTelemetry, instrument } from '../observability/telemetry.js';
import { createTracer, traced } from '../observability/tracing.js';

const telemetry = createTelemetry({ service: 'ws', metrics: true });
const settings = settingsFromEnv();
const tracer = createTracer('ws');
const runtime = createRuntime(settings, { client: traced(tracer, dynamoClient(settings.dynamoEndpoint)) });
// Replies and pushes (PostToConnection, DeleteConnection) are traced like the DynamoDB calls.
const realtime = createRealtime(runtime, { telemetry, wrapManagementClient: (client) => traced(tracer, client) });

/** API Gateway WebSocket entry point ($connect, $disconnect, $default and the action routes). */
export const handler = instrument(telemetry, realtime.ws);
