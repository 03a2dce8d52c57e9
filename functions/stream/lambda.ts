import { dynamoClient } from '../adapters/dynamodb/client.js';
import { settingsFromEnv } from '../composition/config.js';
import { createPush } from '../composition/push.js';
import { createRuntime } from '../composition/runtime.js';
import { createCommitStream } from '../composition/stream.js';
import { webhooksFor } from '../composition/webhooks.js';
import { createTelemetry, instrument, observeFanOut } from '../observability/telemetry.js';
import { createTracer, traced } from '../observability/tracing.js';

const telemetry = createTelemetry({ service: 'stream', metrics: true });
const settings = settingsFromEnv();
const runtime = createRuntime(settings, {
  client: traced(createTracer('stream'), dynamoClient(settings.dynamoEndpoint)),
});
const push = createPush(runtime);
// Each attempt waits at most 5 s here: the stream batch must not stall behind a slow webhook target.
const webhooks = webhooksFor(runtime, { timeoutMs: 5_000 });

/** DATA_TABLE stream (NEW_IMAGE) entry point: fan-out of each new commit to its subscribers, then bot seats act. */
export const handler = instrument(
  telemetry,
  createCommitStream(runtime, observeFanOut(telemetry, push.fanOut), webhooks),
);
