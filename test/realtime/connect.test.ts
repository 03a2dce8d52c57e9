import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalServer } from '../../local/server.js';
import type { Api } from '../support/functions/client.js';
import { createTable, join, startServer } from '../support/functions/play.js';
import { checkClientMessage } from './asyncapi.js';
import { Refused, WsClient } from './ws-client.js';

let server: LocalServer;
let api: Api;
let publicTable: string;
let privateTable: string;
let privateOrganiser: string;
let seatToken: string;

beforeAll(async () => {
  ({ server, api } = await startServer());
  publicTable = (await createTable(api, { variant: 'schafkopf', seats: 4 })).tableId;
  seatToken = (await join(api, publicTable, 1)).token;
  const priv = await createTable(api, { variant: 'schafkopf', seats: 4, visibility: 'private' });
  privateTable = priv.tableId;
  privateOrganiser = priv.organiserKey;
});
afterAll(async () => {
  await server.close();
});

/** Connect and expect the handshake to be refused; returns the status and the problem document. */
async function refused(
  opts: Parameters<typeof WsClient.connect>[1],
): Promise<{ status: number; code: string; field?: string }> {
  const before = server.gateway.connectionIds().length;
  const err = await WsClient.connect(server.wsUrl, opts).then(
    (c) => {
      void c.close();
      throw new Error('the connection was accepted');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(Refused);
  const r = err as Refused;
  expect(r.contentType).toMatch(/^application\/problem\+json/);
  expect(server.gateway.connectionIds().length).toBe(before);
  const body = JSON.parse(r.body) as { code: string; field?: string };
  return { status: r.status, code: body.code, ...(body.field !== undefined ? { field: body.field } : {}) };
}

describe('$connect', () => {
  it('refuses a bad token at the handshake with the REST status and problem code', async () => {
    // The field is where the token came from (here the `token` query parameter).
    expect(await refused({ tableId: publicTable, token: 'st_not-a-seat-token' })).toEqual({
      status: 403,
      code: 'auth/forbidden',
      field: 'token',
    });
    expect(await refused({ tableId: publicTable, token: seatToken.slice(0, -2) + 'xx' })).toMatchObject({
      status: 403,
    });
    // A seat token of another table does not open this one.
    expect(await refused({ tableId: privateTable, token: seatToken })).toMatchObject({ status: 403 });
    expect(await refused({ tableId: privateTable })).toEqual({ status: 401, code: 'auth/missing_token' });
    expect(await refused({ tableId: publicTable, headers: { authorization: 'Basic abc' } })).toEqual({
      status: 401,
      code: 'auth/malformed',
      field: 'authorization',
    });
    expect(await refused({ tableId: 'tnotatable0000', token: seatToken })).toMatchObject({
      status: 404,
      code: 'table/not_found',
    });
    expect(await refused({ token: seatToken })).toEqual({ status: 400, code: 'request/invalid', field: 'tableId' });
    expect(await refused({ tableId: 'NOT A TABLE', token: seatToken })).toMatchObject({ status: 400 });
  });

  it('accepts a good token in the query string or the Authorization header, and a public spectator without one', async () => {
    const viaQuery = await WsClient.connect(server.wsUrl, { tableId: publicTable, token: seatToken });
    const viaHeader = await WsClient.connect(server.wsUrl, { tableId: publicTable, token: seatToken, header: true });
    const anonymous = await WsClient.connect(server.wsUrl, { tableId: publicTable });
    const organiser = await WsClient.connect(server.wsUrl, { tableId: privateTable, token: privateOrganiser });
    expect((await viaQuery.request({ action: 'subscribe' })).audience).toBe('seat:1');
    expect((await viaHeader.request({ action: 'subscribe' })).audience).toBe('seat:1');
    expect((await anonymous.request({ action: 'subscribe' })).audience).toBe('spectator');
    expect((await organiser.request({ action: 'subscribe' })).audience).toBe('organiser');
    // A seat may watch as a spectator, but not claim the organiser view; a spectator cannot act.
    expect((await viaQuery.request({ action: 'subscribe', as: 'spectator' })).audience).toBe('spectator');
    expect(await viaQuery.request({ action: 'subscribe', as: 'organiser' })).toMatchObject({
      type: 'error',
      status: 403,
      code: 'auth/forbidden',
      field: 'as',
    });
    expect(await anonymous.request({ action: 'act', move: { type: 'pass' } })).toMatchObject({
      type: 'error',
      status: 403,
    });
    // The connection is bound to its table.
    expect(await viaQuery.request({ action: 'view', tableId: privateTable })).toMatchObject({
      type: 'error',
      status: 403,
      field: 'tableId',
    });
    for (const c of [viaQuery, viaHeader, anonymous, organiser]) await c.close();
  });

  it('answers malformed messages with a 4xx error frame naming the field, and keeps the connection', async () => {
    const c = await WsClient.connect(server.wsUrl, { tableId: publicTable, token: seatToken });
    c.socket.send('not json');
    await c.until(() => c.frames.some((f) => f.code === 'request/invalid_json'));
    expect(await c.request({ action: 'dance' })).toMatchObject({ type: 'error', status: 400, field: 'action' });
    expect(await c.request({ action: 'resync', after: -1 })).toMatchObject({ status: 400, field: 'after' });
    expect(await c.request({ action: 'act', move: 'pass' })).toMatchObject({ status: 400, field: 'move' });
    expect(await c.request({ action: 'act', move: { type: 'pass' }, extra: 1 })).toMatchObject({
      status: 400,
      field: 'extra',
    });
    expect(
      await c.request({ action: 'act', move: { type: 'pass' }, idempotencyKey: 'bad key with spaces' }),
    ).toMatchObject({ status: 400, field: 'idempotencyKey' });
    // The table has open seats: no deal runs, so acting is a 409 from the engine, as over REST.
    expect(await c.request({ action: 'act', move: { type: 'pass' } })).toMatchObject({
      status: 409,
      code: 'deal/not_started',
    });
    expect((await c.request({ action: 'ping' })).type).toBe('pong');
    expect(c.frames.filter((f) => f.status !== undefined && f.status >= 500)).toEqual([]);
    expect(c.closed).toBeUndefined();
    await c.close();
  });

  it('the documented example messages are valid, and the handler accepts exactly the documented actions', async () => {
    const c = await WsClient.connect(server.wsUrl, { tableId: publicTable, token: seatToken });
    for (const action of ['subscribe', 'unsubscribe', 'resync', 'ping', 'view'] as const) {
      const msg = action === 'resync' ? { action, after: 0 } : { action };
      expect(checkClientMessage(msg)).toEqual([]);
      expect((await c.request(msg)).type).not.toBe('error');
    }
    expect(checkClientMessage({ action: 'act', move: { type: 'play', card: 'EO' }, expectedVersion: 3 })).toEqual([]);
    expect(checkClientMessage({ action: 'dance' })).not.toEqual([]);
    await c.close();
  });
});
