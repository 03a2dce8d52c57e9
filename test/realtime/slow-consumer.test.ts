import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, startLocal } from '../../local/server.js';
import { type Api, apiClient } from '../support/functions/client.js';
import { createTable } from '../support/functions/play.js';
import { subscribed } from './helpers.js';

// A WebSocket client that stops reading hurts only itself: the gateway keeps a bounded send buffer per connection and
// closes a connection that overflows it (close code 4008), instead of awaiting its sends and stalling the fan-out.
// (Push latency of the other subscribers with and without such a client: bench/server-slow.mjs.)

let server: LocalServer;
let api: Api;
beforeAll(async () => {
  server = await startLocal({ port: 0, wsMaxBufferedBytes: 64 * 1024 });
  api = apiClient(server.url);
});
afterAll(async () => {
  await server.close();
});

describe('slow consumers', () => {
  it('a never-reading subscriber is closed; the table and its other subscribers go on', async () => {
    // A bot-only table plays on its own until the organiser closes it; `reader` and `stalled` watch it. (A fixed number
    // of deals raced the flood: once bots played eight deals within about a second, the flood met a closed table with
    // no pushes left to overflow on.)
    const table = await createTable(api, { variant: 'schafkopf', seats: 4, bots: [0, 1, 2, 3], maxDeals: 10_000 });
    const reader = await subscribed(server, table.tableId, undefined);
    await reader.until(() => reader.lastSeq > 150);
    const stalled = await subscribed(server, table.tableId, undefined);
    // Stop reading, then ask for far more than the socket buffers hold (~4 MB on loopback) — as in the report.
    const raw = (stalled.socket as unknown as { _socket: Socket })._socket;
    raw.pause();
    for (let i = 0; i < 300; i++) stalled.send({ action: 'resync', after: 0, limit: 500, requestId: `flood-${i}` });
    // The table plays on past the flood: the stalled connection is closed; then the organiser closes the table, and
    // the reader holds every event, in order, without gaps.
    await reader.until(() => server.gateway.slowConsumersClosed === 1);
    expect((await api.post(`/v1/tables/${table.tableId}/close`, { token: table.organiserKey })).status).toBe(200);
    await reader.until(() => reader.view?.closed === true);
    await server.idle();
    await server.gateway.idle();
    expect(reader.applied.map((e) => e.seq)).toEqual(reader.applied.map((_, i) => i + 1));
    expect(server.gateway.slowConsumersClosed).toBe(1);
    raw.resume();
    await stalled.until(() => stalled.closed !== undefined);
    expect([4008, 1006]).toContain(stalled.closed!.code);
    await reader.close();
  }, 120_000);
});
