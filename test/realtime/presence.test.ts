import { DeleteItemCommand } from '@aws-sdk/client-dynamodb';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoPresenceStore } from '../../functions/adapters/dynamodb/presence-store.js';
import { ManualClock } from '../../functions/ports/clock.js';
import { TABLE_PROGRESS } from '../../functions/ports/due-work.js';
import { type LocalServer, startLocal } from '../../local/server.js';
import { TableSocket } from '../../sdk/index.js';
import { type Api, apiClient } from '../support/functions/client.js';
import { allEvents, createTable, join } from '../support/functions/play.js';
import { checkFrame } from './asyncapi.js';
import { type Frame, WsClient } from './ws-client.js';

// Presence and the reconnect grace period (docs/presence.md): real WebSocket clients against the local
// server, time on an injected ManualClock (no sleeping: the test moves time and awaits the server's work).

interface PresenceView {
  readonly version: number;
  readonly presence?: readonly { seat: number; connected: boolean; since?: string }[];
  readonly view: { readonly closed: boolean; readonly deal: { readonly toAct: readonly number[] } | null };
}

const presenceFrames = (c: WsClient): Frame[] => c.frames.filter((f) => f.type === 'presence');

/** A clocked table where only seat 0 is a player (its token returned); bots on the others, one deal. */
async function soloTable(api: Api, extra: Record<string, unknown> = {}) {
  const t = await createTable(api, {
    variant: 'schafkopf',
    seats: 4,
    bots: [1, 2, 3],
    maxDeals: 1,
    // A long turn clock: only the grace period makes anything happen within the test's minutes.
    clock: { turnSeconds: 3600, timeoutsUntilAbsent: 5, graceSeconds: 30 },
    ...extra,
  });
  const me = await join(api, t.tableId, 0);
  return { ...t, me };
}

/** The organiser watching (presence frames arrive here). */
async function watch(server: LocalServer, tableId: string, key: string): Promise<WsClient> {
  const c = await WsClient.connect(server.wsUrl, { tableId, token: key });
  expect((await c.request({ action: 'subscribe' })).type).toBe('subscribed');
  return c;
}

async function player(server: LocalServer, tableId: string, token: string): Promise<WsClient> {
  const c = await WsClient.connect(server.wsUrl, { tableId, token });
  const reply = await c.request({ action: 'subscribe' });
  expect(reply.type, JSON.stringify(reply)).toBe('subscribed');
  return c;
}

describe('presence and the reconnect grace period', () => {
  let server: LocalServer;
  let api: Api;
  const clock = new ManualClock();
  const tick = async (ms: number): Promise<void> => {
    clock.advance(ms);
    await server.idle();
  };

  beforeAll(async () => {
    server = await startLocal({ port: 0, clock });
    api = apiClient(server.url);
  });
  afterAll(async () => {
    await server.close();
  });

  it('connect and disconnect change presence in the view and push a frame to the other subscribers', async () => {
    const t = await soloTable(api);
    await server.idle();
    const organiser = await watch(server, t.tableId, t.organiserKey);
    // The SDK's socket hands presence frames to `onPresence`.
    const changes: { seat: number; connected: boolean }[] = [];
    const sdk = await TableSocket.connect({
      wsUrl: server.wsUrl,
      tableId: t.tableId,
      token: t.organiserKey,
      onPresence: (p) => changes.push({ seat: p.seat, connected: p.connected }),
    });
    const before = await api.get<PresenceView>(`/v1/tables/${t.tableId}/view`, { token: t.organiserKey });
    expect(before.body.presence?.map((p) => p.connected)).toEqual([false, false, false, false]);
    expect(before.body.presence?.[0]?.since).toBeUndefined();

    const me = await player(server, t.tableId, t.me.token);
    await organiser.until(() => presenceFrames(organiser).length === 1);
    expect(presenceFrames(organiser)[0]).toMatchObject({
      type: 'presence',
      tableId: t.tableId,
      seat: 0,
      connected: true,
      since: new Date(clock.now()).toISOString(),
    });
    // The player's own subscription carries presence in its view; it gets no frame about itself.
    expect(me.frames.find((f) => f.type === 'subscribed')?.presence).toEqual([
      { seat: 0, connected: true, since: new Date(clock.now()).toISOString() },
      { seat: 1, connected: false },
      { seat: 2, connected: false },
      { seat: 3, connected: false },
    ]);
    expect(presenceFrames(me)).toEqual([]);
    const connected = await api.get<PresenceView>(`/v1/tables/${t.tableId}/view`, { token: t.me.token });
    expect(connected.body.presence?.[0]).toEqual({
      seat: 0,
      connected: true,
      since: new Date(clock.now()).toISOString(),
    });

    await tick(5_000);
    await me.close();
    await organiser.until(() => presenceFrames(organiser).length === 2);
    const gone = clock.now();
    expect(presenceFrames(organiser)[1]).toMatchObject({
      seat: 0,
      connected: false,
      since: new Date(gone).toISOString(),
      graceEnds: new Date(gone + 30_000).toISOString(),
    });
    const away = await api.get<PresenceView>(`/v1/tables/${t.tableId}/view`);
    expect(away.body.presence?.[0]).toEqual({ seat: 0, connected: false, since: new Date(gone).toISOString() });
    const view = await organiser.request({ action: 'view' });
    expect(view.presence).toEqual(away.body.presence);
    // Every frame either side received is the documented shape (asyncapi.yaml).
    expect([...organiser.frames, ...me.frames].flatMap(checkFrame)).toEqual([]);
    await sdk.request({ action: 'ping' });
    expect(changes).toEqual([
      { seat: 0, connected: true },
      { seat: 0, connected: false },
    ]);
    sdk.close();
    await organiser.close();
  });

  it('grace expiry: SeatAbsent, and the bot plays the seat (the deal finishes)', async () => {
    const t = await soloTable(api);
    const organiser = await watch(server, t.tableId, t.organiserKey);
    const me = await player(server, t.tableId, t.me.token);
    await server.idle();
    const waiting = await api.get<PresenceView>(`/v1/tables/${t.tableId}/view`);
    expect(waiting.body.view.deal?.toAct).toContain(0);
    await me.close();
    await organiser.until(() => presenceFrames(organiser).some((f) => f.connected === false));
    await tick(29_999);
    expect((await allEvents(api, t.tableId)).map((e) => e.event.type)).not.toContain('SeatAbsent');
    expect((await api.get<PresenceView>(`/v1/tables/${t.tableId}/view`)).body.version).toBe(waiting.body.version);
    await tick(1);
    const events = await allEvents(api, t.tableId, t.organiserKey);
    const absent = events.findIndex((e) => e.event.type === 'SeatAbsent');
    expect(events[absent]?.event).toEqual({ type: 'SeatAbsent', seat: 0 });
    // The very next move for seat 0 is the bot's, at once (no turn deadline passed: the clock is an hour).
    expect(events.slice(absent + 1).find((e) => e.event.type === 'ActionTaken')?.event).toMatchObject({ seat: 0 });
    expect((await api.get<PresenceView>(`/v1/tables/${t.tableId}/view`)).body.view.closed).toBe(true);
    expect(events.filter((e) => e.event.type === 'TurnTimedOut')).toEqual([]);
    await organiser.close();
  });

  it('reconnecting within the grace period: nothing happens; after it: SeatReturned', async () => {
    // Seat 1 is a player who never connects (REST only: no presence, no grace): the table waits on it, never closes.
    const t = await createTable(api, {
      variant: 'schafkopf',
      seats: 4,
      bots: [2, 3],
      clock: { turnSeconds: 3600, timeoutsUntilAbsent: 5, graceSeconds: 30 },
    });
    const a = await join(api, t.tableId, 0);
    await join(api, t.tableId, 1);
    const organiser = await watch(server, t.tableId, t.organiserKey);
    let me = await player(server, t.tableId, a.token);
    await server.idle();
    await me.close();
    await organiser.until(() => presenceFrames(organiser).filter((f) => f.connected === false).length === 1);
    await tick(20_000);
    me = await player(server, t.tableId, a.token);
    await organiser.until(() => presenceFrames(organiser).filter((f) => f.connected === true).length === 2);
    await tick(60_000);
    expect((await allEvents(api, t.tableId)).map((e) => e.event.type)).not.toContain('SeatAbsent');

    // Away past the grace period: absent; the next subscribed connection marks the seat back.
    await me.close();
    await organiser.until(() => presenceFrames(organiser).filter((f) => f.connected === false).length === 2);
    await tick(30_000);
    expect((await allEvents(api, t.tableId)).filter((e) => e.event.type === 'SeatAbsent')).toHaveLength(1);
    me = await player(server, t.tableId, a.token);
    await server.idle();
    const types = (await allEvents(api, t.tableId)).map((e) => e.event.type);
    expect(types.slice(types.indexOf('SeatAbsent'))).toContain('SeatReturned');
    expect(types.filter((x) => x === 'SeatReturned')).toHaveLength(1);
    // The reconnecting client's own subscription already holds it (the view was read after the return).
    const subscribedAt = me.frames.find((f) => f.type === 'subscribed')?.version ?? 0;
    expect(subscribedAt).toBeGreaterThanOrEqual(types.lastIndexOf('SeatReturned') + 1);
    expect(organiser.frames.flatMap(checkFrame)).toEqual([]);
    await me.close();
    await organiser.close();
  });

  it('a table without a turn clock: presence only, no grace period, nothing happens to the seat', async () => {
    const t = await soloTable(api, { clock: undefined });
    const organiser = await watch(server, t.tableId, t.organiserKey);
    const me = await player(server, t.tableId, t.me.token);
    await me.close();
    await organiser.until(() => presenceFrames(organiser).some((f) => f.connected === false));
    expect(presenceFrames(organiser).at(-1)?.graceEnds).toBeUndefined();
    await tick(120_000);
    expect((await allEvents(api, t.tableId)).map((e) => e.event.type)).not.toContain('SeatAbsent');
    await organiser.close();
  });
});

describe('restarts', () => {
  const dataDir = mkdtempSync(joinPath(tmpdir(), 'stammtisch-presence-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('a restart during the grace period still fires it; a crash (no $disconnect) starts one at start-up', async () => {
    const clock = new ManualClock();
    let server = await startLocal({ port: 0, dataDir, clock });
    let api = apiClient(server.url);
    const left = await soloTable(api);
    const crashed = await soloTable(api);
    const organiser = await watch(server, left.tableId, left.organiserKey);
    const me = await player(server, left.tableId, left.me.token);
    await me.close();
    await organiser.until(() => presenceFrames(organiser).some((f) => f.connected === false));
    // The other table's player "was connected when the process died": a presence row naming a connection that is gone
    // (its subscription had raised the table's listen epoch, as the ws handler does).
    await server.runtime.service.listen(
      crashed.tableId,
      await server.runtime.service.meta(crashed.tableId),
      'subscription',
    );
    await new DynamoPresenceStore(server.client, server.runtime.settings.connectionsTable).join(
      crashed.tableId,
      0,
      'DeadConnection0=',
      clock.now(),
    );
    expect((await api.get<PresenceView>(`/v1/tables/${crashed.tableId}/view`)).body.presence?.[0]?.connected).toBe(
      true,
    );
    clock.advance(10_000);
    await server.close();

    server = await startLocal({ port: 0, dataDir, clock });
    api = apiClient(server.url);
    await server.idle();
    expect((await api.get<PresenceView>(`/v1/tables/${crashed.tableId}/view`)).body.presence?.[0]).toEqual({
      seat: 0,
      connected: false,
      since: new Date(clock.now()).toISOString(),
    });
    clock.advance(20_000);
    await server.idle();
    // 30 s after the player left (10 s before the restart): absent, and the bot finished the deal.
    expect((await allEvents(api, left.tableId)).map((e) => e.event.type)).toContain('SeatAbsent');
    expect((await api.get<PresenceView>(`/v1/tables/${left.tableId}/view`)).body.view.closed).toBe(true);
    expect((await allEvents(api, crashed.tableId)).map((e) => e.event.type)).not.toContain('SeatAbsent');
    clock.advance(10_000);
    await server.idle();
    // 30 s after the restart that found the crashed connection.
    expect((await allEvents(api, crashed.tableId)).map((e) => e.event.type)).toContain('SeatAbsent');
    await server.close();
  });

  it('a table from before the standing due items gets one at start-up (once per data folder) and progresses', async () => {
    const clock = new ManualClock();
    let server = await startLocal({ port: 0, dataDir, clock });
    let api = apiClient(server.url);
    const t = await createTable(api, {
      variant: 'schafkopf',
      seats: 4,
      bots: [1, 2, 3],
      maxDeals: 1,
      clock: { turnSeconds: 30, timeoutsUntilAbsent: 1 },
    });
    await join(api, t.tableId, 0);
    await server.idle();
    // As a data folder written before standing items existed: no standing item, no marker that the folder was healed.
    const dataTable = server.runtime.settings.dataTable;
    for (const sk of [`${TABLE_PROGRESS}#${t.tableId}`])
      await server.client.send(
        new DeleteItemCommand({ TableName: dataTable, Key: { pk: { S: 'DUE' }, sk: { S: sk } } }),
      );
    await server.client.send(
      new DeleteItemCommand({
        TableName: dataTable,
        Key: { pk: { S: 'MIGRATION' }, sk: { S: 'standing-due-items' } },
      }),
    );
    await server.close();

    server = await startLocal({ port: 0, dataDir, clock });
    api = apiClient(server.url);
    expect(await server.runtime.dueWork.get(TABLE_PROGRESS, t.tableId)).toBeDefined();
    // It moves again: the restored item re-derives the turn deadline, which times seat 0 out (absent after one).
    clock.advance(30_000);
    await server.idle();
    expect((await allEvents(api, t.tableId)).map((e) => e.event.type)).toContain('TurnTimedOut');
    expect((await api.get<PresenceView>(`/v1/tables/${t.tableId}/view`)).body.view.closed).toBe(true);
    await server.close();
  });
});
