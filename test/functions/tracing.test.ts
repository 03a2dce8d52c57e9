import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiGatewayPusher } from '../../functions/adapters/apigw/connection-pusher.js';
import { createTracer, traced } from '../../functions/observability/tracing.js';

/** The X-Ray middleware the Powertools Tracer adds to a captured AWS SDK v3 client. */
const xray = (client: { middlewareStack: { identify(): string[] } }): boolean =>
  client.middlewareStack.identify().some((m) => m.startsWith('XRaySDKInstrumentation'));

describe('tracing the AWS SDK clients (Powertools Tracer)', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('in Lambda, the management API clients are captured like the DynamoDB client; outside, left alone', () => {
    vi.stubEnv('AWS_EXECUTION_ENV', 'AWS_Lambda_nodejs22.x'); // what Lambda sets; Tracer is on only there
    vi.stubEnv('POWERTOOLS_TRACE_ENABLED', 'true');
    const tracer = createTracer('ws');
    expect(tracer.isTracingEnabled()).toBe(true);
    expect(xray(traced(tracer, new DynamoDBClient({ region: 'eu-central-1' })))).toBe(true);
    // What functions/ws/lambda.ts and functions/stream/lambda.ts pass to createRealtime/createPush.
    const pusher = new ApiGatewayPusher({ region: 'eu-central-1' }, (client) => traced(tracer, client));
    const a = pusher.client('https://abc.execute-api.eu-central-1.amazonaws.com/live');
    const b = pusher.client('https://def.execute-api.eu-central-1.amazonaws.com/live');
    expect([xray(a), xray(b)]).toEqual([true, true]);
    expect(pusher.client('https://abc.execute-api.eu-central-1.amazonaws.com/live')).toBe(a);
    pusher.destroy();

    vi.unstubAllEnvs();
    const local = createTracer('local');
    expect(local.isTracingEnabled()).toBe(false);
    expect(xray(traced(local, new ApiGatewayManagementApiClient({ region: 'local' })))).toBe(false);
  });
});
