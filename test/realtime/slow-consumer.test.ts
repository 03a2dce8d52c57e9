import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, startLocal } from '../../local/server.js';
import { type Api, apiClient } from '../support/functions/client.js';
import { type Player, playOverWs, seatedTable, subscribed } from './helpers.js';

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
    const table = await seatedTable(api, { maxDeals: 1 });
    const players: Player[] = [];
    for (const s of table.seats) players.push({ ...s, client: await subscribed(server, table.tableId, s.token) });
    const stalled = await subscribed(server, table.tableId, undefined);
    // Stop reading, then ask for far more than any buffer holds (as in the report: many resyncs, then a paused socket).
    const raw = (stalled.socket as unknown as { _socket: Socket })._socket;
    raw.pause();
    for (let i = 0; i < 400; i++) stalled.send({ action: 'resync', after: 0, limit: 500, requestId: `flood-${i}` });
    const watcher = players[0]!.client;
    await playOverWs({ players, watchers: [watcher], version: watcher.lastSeq, done: (v) => v.closed });
    await server.idle();
    await server.gateway.idle();
    for (const p of players) expect(p.client.gapsSeen).toBe(0);
    expect(server.gateway.slowConsumersClosed).toBe(1);
    raw.resume();
    await stalled.until(() => stalled.closed !== undefined);
    expect([4008, 1006]).toContain(stalled.closed!.code);
    for (const p of players) await p.client.close();
  }, 60_000);
});
