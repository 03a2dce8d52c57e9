import { describe, expect, it } from 'vitest';
import { useLocalServer } from '../support/local-server.js';
import { checkResponse } from '../support/functions/openapi.js';

/**
 * A DynamoDB throttle that outlasts the SDK's own retries reaches the client as 503 `request/throttled` with
 * Retry-After, never as a 500, and nothing is written: the same request succeeds once the store has capacity again.
 * The throttle is injected at the AWS SDK boundary (a middleware on the real client, as DynamoDB would answer).
 */
const { server, api } = useLocalServer();

describe('a throttled store', () => {
  it('answers 503 with Retry-After and writes nothing; the retry with the same key then succeeds', async () => {
    const created = await api.post<{ tableId: string }>('/v1/tables', { body: { variant: 'schafkopf', seats: 4 } });
    const { tableId } = created.body;
    let throttle = false;
    server.client.middlewareStack.add(
      (next, context) => async (args) => {
        if (throttle && context.commandName === 'PutItemCommand') {
          const error = Object.assign(new Error('Throughput exceeds the current capacity of your table'), {
            name: 'ThrottlingException',
            $fault: 'client',
            $metadata: { httpStatusCode: 400 },
          });
          throw error;
        }
        return next(args);
      },
      { step: 'initialize', name: 'injectThrottle' },
    );
    const before = await server.runtime.store.head(tableId);
    throttle = true;
    const res = await fetch(`${server.url}/v1/tables/${tableId}/seats`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'join-1' },
      body: JSON.stringify({ name: 'anna' }),
    });
    const text = await res.text();
    throttle = false;
    expect(res.status, text).toBe(503);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const body = JSON.parse(text) as { code: string; retryAfter: number };
    expect(body).toMatchObject({ code: 'request/throttled', retryAfter: 1 });
    expect(checkResponse('POST', `/v1/tables/${tableId}/seats`, 503, res.headers.get('content-type'), body)).toEqual(
      [],
    );
    expect((await server.runtime.store.head(tableId))?.seq).toBe(before?.seq);
    const retry = await api.post(`/v1/tables/${tableId}/seats`, {
      body: { name: 'anna' },
      headers: { 'idempotency-key': 'join-1' },
    });
    expect(retry.status).toBe(201);
  });
});
