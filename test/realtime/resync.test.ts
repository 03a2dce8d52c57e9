import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalServer } from '../../local/server.js';
import type { Api } from '../support/functions/client.js';
import { allEvents, startServer } from '../support/functions/play.js';
import { type Player, eagerChoice, playOverWs, seatedTable, subscribed } from './helpers.js';
import { WsClient } from './ws-client.js';

let server: LocalServer;
let api: Api;

beforeAll(async () => {
  ({ server, api } = await startServer());
});
afterAll(async () => {
  await server.close();
});

describe('resync', () => {
  it('a player who disconnects mid-deal reconnects and catches up from its last seq, without gaps or duplicates', async () => {
    const { tableId, seats } = await seatedTable(api);
    const players: Player[] = [];
    for (const s of seats) players.push({ ...s, client: await subscribed(server, tableId, s.token) });
    const watcher = await subscribed(server, tableId, undefined);
    // Play until seat 2 has acted at least once and is about to act again …
    let acted = 0;
    await playOverWs({
      players,
      watchers: [watcher],
      version: watcher.lastSeq,
      done: () => false,
      stopBefore: (seat) => seat === 2 && acted++ === 1,
    });
    const gone = players[2]!;
    const seat2 = gone.client;
    const r = await seat2.request({
      action: 'act',
      move: eagerChoice(seat2.view!.legalActions),
      expectedVersion: seat2.viewVersion,
    });
    expect(r.type, JSON.stringify(r)).toBe('result');
    let version = r.version!;
    await seat2.caughtUp(version);
    // … then it drops off; the others play on until it is seat 2's turn again.
    await seat2.close();
    const lastSeen = seat2.lastSeq;
    version = await playOverWs({
      players,
      watchers: [watcher],
      version,
      done: () => false,
      stopBefore: (seat) => seat === 2,
      connected: (p) => p.seat !== 2,
    });
    expect(version, 'the table moved on while seat 2 was away').toBeGreaterThan(lastSeen);

    // Reconnect: a new connection, the old event log, subscribe from the last seq held.
    const back = await WsClient.connect(server.wsUrl, { tableId, token: gone.token });
    back.applied.push(...seat2.applied);
    back.lastSeq = lastSeen;
    const page = await back.request({ action: 'subscribe', after: lastSeen });
    expect(page.type).toBe('events');
    expect(page.next).toBeNull();
    await back.caughtUp(version);
    // The server sent exactly the missing events: nothing at or before the last seq the client held.
    const resent = back.frames.flatMap((f) => f.events ?? []).filter((e) => e.seq <= lastSeen);
    expect(resent).toEqual([]);
    expect(back.applied).toEqual(await allEvents(api, tableId, gone.token));

    // Seat 2 plays on with the new connection to the end of the deal; its log stays exact.
    gone.client = back;
    version = await playOverWs({
      players,
      watchers: [watcher],
      version,
      done: (v) => v.dealNo >= 2,
    });
    await back.caughtUp(version);
    expect(back.applied.map((e) => e.seq)).toEqual(back.applied.map((_, i) => i + 1));
    expect(back.applied).toEqual(await allEvents(api, tableId, gone.token));
    expect(back.duplicatesDropped).toBe(0);
    for (const c of [...players.map((p) => p.client), watcher]) await c.close();
  });

  it('a client that misses a frame sees the gap in seq and resyncs; its log ends complete', async () => {
    const { tableId, seats } = await seatedTable(api);
    const players: Player[] = [];
    for (const s of seats) players.push({ ...s, client: await subscribed(server, tableId, s.token) });
    const watcher = await subscribed(server, tableId, undefined);
    const lossy = await subscribed(server, tableId, undefined);
    // The next two pushes never reach the client (as if lost on the way).
    lossy.dropNextEventFrames = 2;
    let moves = 0;
    const version = await playOverWs({
      players,
      // The lossy client is not waited for: it learns of the gap from a later push, as a real client would.
      watchers: [watcher],
      version: watcher.lastSeq,
      done: () => moves++ >= 8,
    });
    await lossy.caughtUp(version);
    expect(lossy.gapsSeen).toBeGreaterThanOrEqual(1);
    expect(lossy.applied).toEqual(await allEvents(api, tableId));
    expect(lossy.applied.map((e) => e.seq)).toEqual(lossy.applied.map((_, i) => i + 1));
    for (const c of [...players.map((p) => p.client), watcher, lossy]) await c.close();
  });

  it('resync pages: `limit` events per reply, `next` says where to continue, null when caught up', async () => {
    const { tableId, seats } = await seatedTable(api);
    const client = await WsClient.connect(server.wsUrl, { tableId, token: seats[0]!.token });
    const head = (await client.request({ action: 'view' })).version!;
    expect(head).toBeGreaterThanOrEqual(2);
    const first = await client.request({ action: 'resync', after: 0, limit: 1 });
    expect(first.events!.map((e) => e.seq)).toEqual([1]);
    expect(first.next).toBe(1);
    const rest = await client.request({ action: 'resync', after: 1 });
    expect(rest.events!.map((e) => e.seq)).toEqual(Array.from({ length: head - 1 }, (_, i) => i + 2));
    expect(rest.next).toBeNull();
    const none = await client.request({ action: 'resync', after: head });
    expect(none.events).toEqual([]);
    expect(none.next).toBeNull();
    expect([...first.events!, ...rest.events!]).toEqual(await allEvents(api, tableId, seats[0]!.token));
    await client.close();
  });
});
