import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDynalite } from '../support/functions/dynalite.js';

/**
 * The HTTP Lambda entry point as API Gateway (HTTP API, payload 2.0) calls it: the environment infra/ sets, the real
 * SDK client against dynalite (only AWS itself is replaced), API Gateway events as JSON.
 */
type Handler = (
  event: unknown,
  context: unknown,
) => Promise<{
  statusCode: number;
  headers?: Record<string, string>;
  body: string;
  isBase64Encoded?: boolean;
}>;

let handler: Handler;
let stop: () => Promise<void>;

const saved = { ...process.env };

beforeAll(async () => {
  const dynalite = await startDynalite();
  stop = dynalite.stop;
  const endpoint = await dynalite.client.config.endpoint?.();
  process.env.DYNAMODB_ENDPOINT = `${endpoint?.protocol}//${endpoint?.hostname}:${endpoint?.port}`;
  process.env.DATA_TABLE = 'data';
  process.env.CONNECTIONS_TABLE = 'connections';
  process.env.APP_VERSION = '9.9.9-test';
  process.env.API_KEYS = 'lambda-key';
  process.env.AWS_REGION = 'local';
  process.env.AWS_ACCESS_KEY_ID = 'local';
  process.env.AWS_SECRET_ACCESS_KEY = 'local';
  ({ handler } = (await import('../../functions/http/lambda.js')) as unknown as { handler: Handler });
});
afterAll(async () => {
  await stop();
  process.env = saved;
});

function httpApiEvent(method: string, path: string, opts: { body?: unknown; headers?: Record<string, string> } = {}) {
  const [rawPath, rawQueryString = ''] = path.split('?');
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath,
    rawQueryString,
    headers: {
      host: 'abc123.execute-api.eu-central-1.amazonaws.com',
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.headers ?? {}),
    },
    requestContext: {
      accountId: '123456789012',
      apiId: 'abc123',
      domainName: 'abc123.execute-api.eu-central-1.amazonaws.com',
      domainPrefix: 'abc123',
      http: { method, path: rawPath, protocol: 'HTTP/1.1', sourceIp: '203.0.113.1', userAgent: 'vitest' },
      requestId: `req-${Math.random()}`,
      routeKey: '$default',
      stage: '$default',
      time: '22/Nov/2026:22:00:00 +0000',
      timeEpoch: 1_795_000_000_000,
    },
    ...(opts.body !== undefined
      ? { body: JSON.stringify(opts.body), isBase64Encoded: false }
      : { isBase64Encoded: false }),
  };
}

const call = async (method: string, path: string, opts: { body?: unknown; headers?: Record<string, string> } = {}) => {
  const res = await handler(httpApiEvent(method, path, opts), {});
  const text = res.isBase64Encoded === true ? Buffer.from(res.body, 'base64').toString() : res.body;
  return {
    status: res.statusCode,
    type: res.headers?.['content-type'] ?? '',
    body: JSON.parse(text) as Record<string, unknown>,
  };
};

describe('functions/http/lambda.ts handler (API Gateway HTTP API events)', () => {
  it('serves health with the configured version', async () => {
    const res = await call('GET', '/v1/health');
    expect(res).toMatchObject({ status: 200, body: { status: 'ok', version: '9.9.9-test' } });
  });

  it('creates a table with an API key, seats a player and answers problems as problem+json', async () => {
    const body = { variant: 'schafkopf', seats: 4, bots: [1, 2, 3] };
    const refused = await call('POST', '/v1/tables', { body });
    expect(refused.status).toBe(401);
    expect(refused.type).toMatch(/^application\/problem\+json/);
    const created = await call('POST', '/v1/tables', { body, headers: { authorization: 'Bearer lambda-key' } });
    expect(created.status).toBe(201);
    const tableId = String(created.body.tableId);
    const joined = await call('POST', `/v1/tables/${tableId}/seats`, { body: { name: 'lambda' } });
    expect(joined.status).toBe(201);
    const view = await call('GET', `/v1/tables/${tableId}/view`, {
      headers: { authorization: `Bearer ${String(joined.body.seatToken)}` },
    });
    expect(view.status).toBe(200);
    // On AWS nothing deals in-process: the stream does the fan-out; the first deal starts with the last seat taken.
    expect((view.body.view as { dealNo: number }).dealNo).toBe(1);
    const events = await call('GET', `/v1/tables/${tableId}/events?after=0&limit=1`);
    expect(events.status).toBe(200);
    // TableOpened; then SeatTaken and the deal start in one commit.
    expect(events.body).toMatchObject({ version: 3, next: 1 });
  });
});
