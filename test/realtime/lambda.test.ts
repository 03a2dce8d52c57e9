import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiGatewayPusher } from '../../functions/adapters/apigw/connection-pusher.js';
import { encodeCommitItem } from '../../functions/adapters/dynamodb/table-store.js';
import { lastSeq } from '../../functions/ports/table-store.js';
import { CONNECTION_LIFETIME_SECONDS } from '../../functions/ports/connections.js';
import { createFanOut } from '../../functions/use-cases/fanout.js';
import { createStreamHandler, type StreamEvent, streamEventFor } from '../../functions/stream/handler.js';
import { createOnCommit } from '../../functions/stream/on-commit.js';
import type { WsEvent, WsResult } from '../../functions/ws/handler.js';
import type { LocalServer } from '../../local/server.js';
import type { Api } from '../support/functions/client.js';
import { createTable, join, startServer } from '../support/functions/play.js';
import { WsClient } from './ws-client.js';

let server: LocalServer;
let api: Api;
let wsHandler: (event: WsEvent) => Promise<WsResult>;
let streamHandler: (event: StreamEvent) => Promise<{ batchItemFailures: { itemIdentifier: string }[] }>;

const fixture = (name: string): string => readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8');

/** An API Gateway event from test/realtime/fixtures with its placeholders filled in. */
function awsEvent(name: 'connect' | 'message' | 'disconnect', values: Record<string, string>): WsEvent {
  let text = fixture(name);
  for (const [k, v] of Object.entries(values)) text = text.replaceAll(`"${k}"`, JSON.stringify(v));
  return JSON.parse(text) as WsEvent;
}

beforeAll(async () => {
  ({ server, api } = await startServer());
  // The Lambda modules read their settings from the environment, as on AWS: the local store and the local
  // gateway's management endpoint stand in for DynamoDB and API Gateway.
  process.env.DYNAMODB_ENDPOINT = server.runtime.settings.dynamoEndpoint;
  process.env.WS_MANAGEMENT_ENDPOINT = server.gateway.endpoint;
  process.env.AWS_REGION = 'eu-central-1';
  process.env.AWS_ACCESS_KEY_ID = 'local';
  process.env.AWS_SECRET_ACCESS_KEY = 'local';
  wsHandler = (await import('../../functions/ws/lambda.js')).handler;
  streamHandler = (await import('../../functions/stream/lambda.js')).handler;
});
afterAll(async () => {
  await server.close();
});

/** Open a real client through the gateway and return its connection id. */
async function open(tableId: string, token?: string): Promise<{ client: WsClient; id: string }> {
  const before = new Set(server.gateway.connectionIds());
  const client = await WsClient.connect(server.wsUrl, { tableId, ...(token !== undefined ? { token } : {}) });
  return { client, id: server.gateway.connectionIds().find((c) => !before.has(c))! };
}

describe('functions/ws/lambda.ts with API Gateway events', () => {
  it('$connect: 200 for a good token, a problem document and no row for a bad one', async () => {
    const { tableId } = await createTable(api, { variant: 'schafkopf', seats: 4 });
    const seat = await join(api, tableId, 2);
    const bad = await wsHandler(
      awsEvent('connect', { TABLE_ID: tableId, TOKEN: 'st_forged', CONNECTION_ID: 'Bad0000000000A=' }),
    );
    expect(bad.statusCode).toBe(403);
    expect(bad.headers?.['content-type']).toBe('application/problem+json');
    expect(JSON.parse(bad.body!)).toMatchObject({ status: 403, code: 'auth/forbidden' });
    expect(await server.realtime.connections.get('Bad0000000000A=')).toBeUndefined();

    const ok = await wsHandler(
      awsEvent('connect', { TABLE_ID: tableId, TOKEN: seat.token, CONNECTION_ID: 'Good000000000A=' }),
    );
    expect(ok.statusCode).toBe(200);
    const row = await server.realtime.connections.get('Good000000000A=');
    expect(row).toMatchObject({ authTableId: tableId, principal: { kind: 'seat', seat: 2 } });
    // Only the token's hash is stored, and the row expires with API Gateway's 2-hour limit.
    expect(JSON.stringify(row)).not.toContain(seat.token);
    expect(row!.expiresAt - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(CONNECTION_LIFETIME_SECONDS);
    expect(row!.endpoint).toBe(server.gateway.endpoint);

    // The header form (Authorization: Bearer) works as well; a missing tableId is a 400 naming it.
    const viaHeader = awsEvent('connect', { TABLE_ID: tableId, TOKEN: '', CONNECTION_ID: 'Hdr0000000000A=' });
    const withHeader: WsEvent = {
      ...viaHeader,
      headers: { ...viaHeader.headers, Authorization: `Bearer ${seat.token}` },
    };
    expect((await wsHandler(withHeader)).statusCode).toBe(200);
    const noTable = await wsHandler({ ...viaHeader, queryStringParameters: null });
    expect(noTable.statusCode).toBe(400);
    expect(JSON.parse(noTable.body!)).toMatchObject({ code: 'request/invalid', field: 'tableId' });

    const gone = await wsHandler(awsEvent('disconnect', { CONNECTION_ID: 'Good000000000A=' }));
    expect(gone.statusCode).toBe(200);
    expect(await server.realtime.connections.get('Good000000000A=')).toBeUndefined();
  });

  it('message routes answer through the management API (the real SDK client → the local gateway)', async () => {
    const { tableId } = await createTable(api, { variant: 'schafkopf', seats: 4 });
    const { client, id } = await open(tableId);
    const message = (routeKey: string, body: unknown): WsEvent =>
      awsEvent('message', { ROUTE_KEY: routeKey, CONNECTION_ID: id, BODY: JSON.stringify(body) });

    expect((await wsHandler(message('ping', { action: 'ping', requestId: 'p1' }))).statusCode).toBe(200);
    await client.until(() => client.frames.some((f) => f.requestId === 'p1'));
    expect(client.frames.find((f) => f.requestId === 'p1')!.type).toBe('pong');

    await wsHandler(message('subscribe', { action: 'subscribe', requestId: 's1' }));
    await client.until(() => client.frames.some((f) => f.requestId === 's1'));
    expect(client.frames.find((f) => f.requestId === 's1')).toMatchObject({
      type: 'subscribed',
      audience: 'spectator',
    });
    expect((await server.realtime.connections.get(id))?.tableId).toBe(tableId);

    // $default: a body whose action is no route (or no JSON) is answered with an error frame, not a 5xx.
    await wsHandler(message('$default', { action: 'dance', requestId: 'd1' }));
    await client.until(() => client.frames.some((f) => f.requestId === 'd1'));
    expect(client.frames.find((f) => f.requestId === 'd1')).toMatchObject({ type: 'error', status: 400 });

    // After $disconnect the row is gone: a late message is told to reconnect.
    await wsHandler(awsEvent('disconnect', { CONNECTION_ID: id }));
    expect(await server.realtime.connections.get(id)).toBeUndefined();
    await wsHandler(message('ping', { action: 'ping', requestId: 'late' }));
    await client.until(() => client.frames.some((f) => f.code === 'auth/missing_token'));
    // A message for a connection API Gateway no longer knows (410 on the reply) is dropped quietly.
    const unknown = awsEvent('message', {
      ROUTE_KEY: 'ping',
      CONNECTION_ID: 'Nobody0000000A=',
      BODY: JSON.stringify({ action: 'ping' }),
    });
    expect((await wsHandler(unknown)).statusCode).toBe(200);
    await client.close();
  });
});

describe('functions/stream/lambda.ts: fan-out from DynamoDB stream records', () => {
  it('pushes a new commit to the subscribers and reports no failure', async () => {
    const { tableId } = await createTable(api, { variant: 'schafkopf', seats: 4 });
    const { client } = await open(tableId);
    expect((await client.request({ action: 'subscribe' })).type).toBe('subscribed');
    // Hold the local runtime's own fan-out: only the Lambda module pushes this commit.
    await server.idle();
    server.hold();
    try {
      const seat = await join(api, tableId, 0);
      expect(seat.seat).toBe(0);
      for (let s = 1; s < 4; s++) await join(api, tableId, s);
      const head = (await server.runtime.store.head(tableId))!;
      expect(head.events.some((e) => e.type === 'DealStarted')).toBe(true);
      const out = await streamHandler(streamEventFor(encodeCommitItem(head), 1));
      expect(out.batchItemFailures).toEqual([]);
      await client.until(() => client.lastSeq >= lastSeq(head));
      const pushed = client.frames.find((f) => f.type === 'events' && f.version === lastSeq(head));
      expect(pushed?.events?.map((e) => e.seq)).toEqual(head.events.map((_, i) => head.seq + i));
      // A spectator's push holds no hand.
      const started = pushed!.events!.find((e) => e.event.type === 'DealStarted')!;
      expect((started.event.layout as { hands: string[][] }).hands.flat()).toEqual([]);
    } finally {
      server.release();
      await server.idle();
    }
    await client.close();
  });

  it('a push that fails for one connection (unreachable endpoint) fails nothing else: the records succeed, once each', async () => {
    const { tableId } = await createTable(api, { variant: 'schafkopf', seats: 4 });
    const now = Date.now();
    await server.realtime.connections.put({
      connectionId: 'Far00000000000A=',
      authTableId: tableId,
      principal: { kind: 'spectator' },
      tableId,
      audience: 'spectator',
      endpoint: 'http://127.0.0.1:9/nowhere',
      connectedAt: now,
      expiresAt: Math.floor(now / 1000) + 60,
    });
    // What the ws handler does after a subscription: later commits carry the raised listen epoch.
    await server.runtime.service.listen(tableId, await server.runtime.service.meta(tableId), 'subscription');
    // A commit after it (a seat joins), re-streamed below — by this test's handler only: the server's own push would
    // find the connection unknown to its gateway (410) and remove the row.
    server.hold();
    await server.runtime.service.join(tableId, 0, 'far');
    const pusher = new ApiGatewayPusher({
      region: 'local',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      maxAttempts: 1,
    });
    const base = createFanOut({
      store: server.runtime.store,
      connections: server.realtime.connections,
      pusher,
      endpoint: () => undefined,
    });
    const reports: unknown[] = [];
    const fanOut = async (c: Parameters<typeof base>[0]) => {
      const report = await base(c);
      reports.push(report);
      return report;
    };
    const handler = createStreamHandler(createOnCommit({ service: server.runtime.service, fanOut }));
    const head = (await server.runtime.store.head(tableId))!;
    const first = streamEventFor(encodeCommitItem(head), 41);
    const second = streamEventFor(encodeCommitItem(head), 42);
    const out = await handler({ Records: [...first.Records, ...second.Records] });
    // One post failed; the batch is not failed or repeated for it (the client sees the gap in seqs and resyncs).
    expect(out.batchItemFailures).toEqual([]);
    expect(reports).toEqual([
      { subscribers: 1, frames: 0, gone: 0, revoked: 0, failed: 1 },
      { subscribers: 1, frames: 0, gone: 0, revoked: 0, failed: 1 },
    ]);
    // The row is not removed: only a 410 proves a connection gone.
    expect(await server.realtime.connections.get('Far00000000000A=')).toBeDefined();
    await server.realtime.connections.remove('Far00000000000A=');
    server.release();
    await server.idle();
    pusher.destroy();
  });
});
