import { GetItemCommand, QueryCommand } from '@aws-sdk/client-dynamodb';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../functions/ports/clock.js';
import { type LocalServer, startLocal } from '../../local/server.js';
import { FileTableArchive } from '../../local/table-archive.js';
import { type Api, apiClient } from '../support/functions/client.js';
import { allEvents, createTable, join } from '../support/functions/play.js';

// Idle tables are closed by policy and closed tables archived (docs/operations.md "Idle tables", docs/operations.md
// "Closed tables are archived"), on `npm start`'s server over the embedded store through the real AWS SDK client,
// driven by an injected clock: the standing due items come back when the policy could act, nothing scans.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
let server: LocalServer;
let api: Api;
let dataDir: string;
const clock = new ManualClock(Date.UTC(2026, 10, 27, 20));

beforeAll(async () => {
  dataDir = await mkdtemp(joinPath(tmpdir(), 'stammtisch-idle-'));
  server = await startLocal({
    port: 0,
    clock,
    dataDir,
    web: false,
    idle: { idleMs: 2 * HOUR, lobbyIdleMs: 10 * MINUTE, unattendedMs: 30 * MINUTE },
    archive: { afterMs: HOUR, expireAfterMs: 24 * HOUR },
  });
  api = apiClient(server.url);
});
afterAll(async () => {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Move the clock in steps of one sweep and wait for the work each step released. */
async function pass(ms: number): Promise<void> {
  for (let left = ms; left > 0; left -= MINUTE) {
    clock.advance(Math.min(MINUTE, left));
    await server.idle();
  }
}

const lastEvent = async (tableId: string) => (await allEvents(api, tableId)).at(-1)?.event;

describe('idle tables are closed by policy', () => {
  it('a lobby nobody joins closes after the lobby limit, a started table nobody plays after the idle limit', async () => {
    const lobby = await createTable(api, { variant: 'schafkopf', seats: 4 });
    const table = await createTable(api, { variant: 'schafkopf', seats: 4 });
    for (let seat = 0; seat < 4; seat++) await join(api, table.tableId, seat);
    await server.idle();
    await pass(9 * MINUTE);
    expect(await lastEvent(lobby.tableId)).not.toMatchObject({ type: 'TableClosed' });
    await pass(3 * MINUTE);
    expect(await lastEvent(lobby.tableId)).toEqual({ type: 'TableClosed', reason: 'lobby-idle' });
    // Off the lobby list with it.
    const listed = await api.get<{ tables: { tableId: string }[] }>('/v1/tables');
    expect(listed.body.tables.map((t) => t.tableId)).not.toContain(lobby.tableId);
    // The dealt table is not a lobby: it stays open until nothing happened for the idle limit.
    const events = await allEvents(api, table.tableId);
    expect(events.some((e) => e.event.type === 'DealStarted')).toBe(true);
    expect(events.at(-1)?.event.type).not.toBe('TableClosed');
    await pass(2 * HOUR - 12 * MINUTE);
    const closed = await allEvents(api, table.tableId);
    expect(closed.slice(-2).map((e) => e.event)).toEqual([
      { type: 'DealAbandoned', deal: 1, reason: 'table-closed' },
      { type: 'TableClosed', reason: 'idle' },
    ]);
  });

  it('a move keeps a table open: the limit runs from the newest commit', async () => {
    const table = await createTable(api, { variant: 'schafkopf', seats: 4 });
    const seated = [];
    for (let seat = 0; seat < 4; seat++) seated.push(await join(api, table.tableId, seat));
    await server.idle();
    await pass(100 * MINUTE);
    // Someone leaves (a commit): 2 hours from now, not from the deal's start.
    expect((await api.del(`/v1/tables/${table.tableId}/seats/3`, { token: seated[3]!.token })).status).toBe(204);
    await pass(60 * MINUTE);
    expect((await lastEvent(table.tableId))?.type).toBe('SeatLeft');
    await pass(61 * MINUTE);
    expect(await lastEvent(table.tableId)).toEqual({ type: 'TableClosed', reason: 'idle' });
  });
});

describe('closed tables are archived', () => {
  it('records exported to the archive, items marked to expire by TTL, reads answer 410 problem+json', async () => {
    const table = await createTable(api, { variant: 'schafkopf', seats: 4 });
    await join(api, table.tableId, 0);
    expect((await api.post(`/v1/tables/${table.tableId}/close`, { token: table.organiserKey })).status).toBe(200);
    await server.idle();
    const before = await allEvents(api, table.tableId);
    expect(before.at(-1)?.event).toEqual({ type: 'TableClosed' });
    // The standing item sees the close at its next check (the lobby limit here), then archiving is due an hour later.
    await pass(11 * MINUTE);
    expect((await api.get(`/v1/tables/${table.tableId}/view`)).status).toBe(200);
    await pass(HOUR);
    const view = await api.get<{ code: string; archivedAt: string; status: number }>(
      `/v1/tables/${table.tableId}/view`,
    );
    expect(view.status).toBe(410);
    expect(view.contentType).toMatch(/^application\/problem\+json/);
    expect(view.body.code).toBe('table/archived');
    expect(Date.parse(view.body.archivedAt)).toBeGreaterThan(0);
    expect((await api.get(`/v1/tables/${table.tableId}/events`)).status).toBe(410);
    expect((await api.post(`/v1/tables/${table.tableId}/seats`, { body: { name: 'late' } })).status).toBe(410);

    // The archive holds every commit (the same events the API served), without token hashes.
    expect(existsSync(joinPath(dataDir, 'archive', `${table.tableId}.json.gz`))).toBe(true);
    const record = await new FileTableArchive(joinPath(dataDir, 'archive')).get(table.tableId);
    expect(record?.tableId).toBe(table.tableId);
    expect(record?.commits.flatMap((c) => c.events).map((e) => e.type)).toEqual(before.map((e) => e.event.type));
    expect(JSON.stringify(record)).not.toMatch(/KeyHash|tokenHash/);

    // Every item of the table but META carries expiresAt (epoch seconds, a day on); META stays as the tombstone.
    const items = await server.client.send(
      new QueryCommand({
        TableName: 'stammtisch-data',
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': { S: `T#${table.tableId}` } },
      }),
    );
    const commits = (items.Items ?? []).filter((i) => i.sk?.S !== 'META');
    expect(commits.length).toBeGreaterThan(0);
    const expected = Math.ceil((clock.now() + 24 * HOUR) / 1000);
    for (const item of commits) expect(Math.abs(Number(item.expiresAt?.N) - expected)).toBeLessThanOrEqual(3_600);
    const meta = await server.client.send(
      new GetItemCommand({ TableName: 'stammtisch-data', Key: { pk: { S: `T#${table.tableId}` }, sk: { S: 'META' } } }),
    );
    expect(meta.Item?.expiresAt).toBeUndefined();
    // No standing item and no archive item left for the table.
    const due = await server.runtime.dueWork.list();
    expect(due.filter((w) => w.key === table.tableId)).toEqual([]);
  });
});
