import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  GetConnectionCommand,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, startLocal } from '../../local/server.js';
import { CONNECTION_LIFETIME_SECONDS } from '../../functions/ports/connections.js';
import type { Api } from '../support/functions/client.js';
import { apiClient } from '../support/functions/client.js';
import { createTable, join } from '../support/functions/play.js';
import { ManualTimers } from '../support/manual-timers.js';
import { eagerChoice, seatedTable, subscribed } from './helpers.js';
import { WsClient } from './ws-client.js';

let server: LocalServer;
let api: Api;
let management: ApiGatewayManagementApiClient;
// The gateway's idle timeout and 2-hour limit run on this clock: a test moves it on instead of waiting.
const timers = new ManualTimers();
const IDLE_MS = 10 * 60 * 1000;

beforeAll(async () => {
  server = await startLocal({ port: 0, wsTimers: timers });
  api = apiClient(server.url);
  // The real SDK client, as a Lambda would use it, pointed at the local gateway's management endpoint.
  management = new ApiGatewayManagementApiClient({
    endpoint: server.gateway.endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
});
afterAll(async () => {
  management.destroy();
  await server.close();
});

/** The id of the connection a client just opened (the newest one the gateway holds). */
async function connectWithId(tableId: string, token?: string): Promise<{ client: WsClient; id: string }> {
  const before = new Set(server.gateway.connectionIds());
  const client = await WsClient.connect(server.wsUrl, { tableId, ...(token !== undefined ? { token } : {}) });
  const id = server.gateway.connectionIds().find((c) => !before.has(c));
  expect(id).toBeDefined();
  return { client, id: id! };
}

const isGone = (e: unknown): boolean => e instanceof GoneException;

describe('stale connections', () => {
  it('a subscriber whose connection is gone (410 from postToConnection) is removed; live ones still get the push', async () => {
    const { tableId, seats } = await seatedTable(api);
    const live = await subscribed(server, tableId, undefined);
    const now = Date.now();
    // A row left behind by a connection whose $disconnect never ran.
    await server.realtime.connections.put({
      connectionId: 'Ghost0000000000=',
      authTableId: tableId,
      principal: { kind: 'spectator' },
      tableId,
      audience: 'spectator',
      endpoint: server.gateway.endpoint,
      connectedAt: now - 60_000,
      expiresAt: Math.floor(now / 1000) + CONNECTION_LIFETIME_SECONDS,
    });
    expect((await server.realtime.connections.byTable(tableId, Math.floor(now / 1000))).length).toBe(2);

    const toAct = live.view!.deal!.toAct[0]!;
    const mover = await WsClient.connect(server.wsUrl, { tableId, token: seats[toAct]!.token });
    const v = await mover.request({ action: 'view' });
    const result = await mover.request({ action: 'act', move: eagerChoice(v.view!.legalActions) });
    expect(result.type).toBe('result');
    await server.idle();

    expect(await server.realtime.connections.get('Ghost0000000000=')).toBeUndefined();
    await live.caughtUp(result.version!);
    expect((await server.realtime.connections.byTable(tableId, Math.floor(Date.now() / 1000))).length).toBe(1);
    await live.close();
    await mover.close();
  });

  it('the management endpoint: GET describes a connection, POST sends, DELETE closes it ($disconnect runs), 410 after', async () => {
    const { tableId } = await createTable(api, { variant: 'schafkopf', seats: 4 });
    const { client, id } = await connectWithId(tableId);
    const info = await management.send(new GetConnectionCommand({ ConnectionId: id }));
    expect(info.ConnectedAt).toBeInstanceOf(Date);
    expect(info.Identity?.SourceIp).toBeDefined();

    await management.send(
      new PostToConnectionCommand({ ConnectionId: id, Data: new TextEncoder().encode('{"type":"pong","at":"x"}') }),
    );
    await client.until(() => client.frames.length === 1);
    expect(client.frames[0]!.type).toBe('pong');

    expect(await server.realtime.connections.get(id)).toBeDefined();
    await management.send(new DeleteConnectionCommand({ ConnectionId: id }));
    await client.until(() => client.closed !== undefined);
    await server.gateway.disconnected(id);
    expect(await server.realtime.connections.get(id)).toBeUndefined();

    const post = management.send(
      new PostToConnectionCommand({ ConnectionId: id, Data: new TextEncoder().encode('{}') }),
    );
    await expect(post).rejects.toSatisfy(isGone);
    await expect(management.send(new GetConnectionCommand({ ConnectionId: id }))).rejects.toSatisfy(isGone);
    await expect(management.send(new DeleteConnectionCommand({ ConnectionId: 'nobody0000000000=' }))).rejects.toSatisfy(
      isGone,
    );
  });

  it('a seat that was left and re-taken stops the old token’s subscription before any card of the new player', async () => {
    const { tableId, organiserKey } = await createTable(api, { variant: 'schafkopf', seats: 4 });
    const first = await join(api, tableId, 0);
    const old = await subscribed(server, tableId, first.token);
    expect((await api.del(`/v1/tables/${tableId}/seats/0`, { token: first.token })).status).toBe(204);
    for (let seat = 0; seat < 4; seat++) await join(api, tableId, seat);
    await server.idle();
    await old.until(() => old.frames.some((f) => f.type === 'unsubscribed'));
    const after = old.frames.slice(old.frames.findIndex((f) => f.type === 'unsubscribed'));
    expect(after.filter((f) => f.type === 'events')).toEqual([]);
    expect(await old.request({ action: 'view' })).toMatchObject({ type: 'error', status: 403 });
    // The organiser can still see that the deal started.
    const watcher = await subscribed(server, tableId, organiserKey);
    expect(watcher.view!.dealNo).toBe(1);
    await old.close();
    await watcher.close();
  });

  it('an idle connection is closed by the gateway (1001) after 10 minutes without a message, and its row removed', async () => {
    const { tableId } = await createTable(api, { variant: 'schafkopf', seats: 4 });
    const { client, id } = await connectWithId(tableId);
    expect((await client.request({ action: 'subscribe' })).type).toBe('subscribed');
    expect((await server.realtime.connections.byTable(tableId, Math.floor(Date.now() / 1000))).length).toBe(1);

    // Each message re-arms the idle timer: a client that speaks every 9:59 stays connected.
    for (let i = 0; i < 3; i++) {
      timers.advance(IDLE_MS - 1);
      expect((await client.request({ action: 'view' })).type).toBe('view');
    }
    expect(client.closed).toBeUndefined();

    timers.advance(IDLE_MS);
    await client.until(() => client.closed !== undefined);
    expect(client.closed!.code).toBe(1001);
    await server.gateway.disconnected(id);
    expect(server.gateway.connectionIds()).not.toContain(id);
    expect(await server.realtime.connections.get(id)).toBeUndefined();
    expect(await server.realtime.connections.byTable(tableId, Math.floor(Date.now() / 1000))).toEqual([]);
  });

  it('every connection is closed after 2 hours, however busy', async () => {
    const { tableId } = await createTable(api, { variant: 'schafkopf', seats: 4 });
    const { client, id } = await connectWithId(tableId);
    for (let minutes = 0; minutes < 119; minutes += 7) {
      timers.advance(7 * 60 * 1000);
      expect((await client.request({ action: 'view' })).type).toBe('view');
    }
    // 120 minutes: the idle timer (due at 129) has not fired, the 2-hour limit has.
    timers.advance(60 * 1000);
    await client.until(() => client.closed !== undefined);
    expect(client.closed!.code).toBe(1001);
    await server.gateway.disconnected(id);
  });

  it('expired rows (the TTL has not reaped them yet) are not pushed to', async () => {
    const { tableId } = await createTable(api, { variant: 'schafkopf', seats: 4 });
    const now = Math.floor(Date.now() / 1000);
    await server.realtime.connections.put({
      connectionId: 'Expired00000000=',
      authTableId: tableId,
      principal: { kind: 'spectator' },
      tableId,
      audience: 'spectator',
      endpoint: server.gateway.endpoint,
      connectedAt: (now - 3 * 3600) * 1000,
      expiresAt: now - 60,
    });
    expect(await server.realtime.connections.byTable(tableId, now)).toEqual([]);
    expect(await server.realtime.connections.get('Expired00000000=')).toBeDefined();
  });
});
