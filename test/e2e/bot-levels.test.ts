import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LocalServer } from '../../local/server.js';
import type { Api } from '../support/functions/client.js';
import { createTable, startServer, viewAs } from '../support/functions/play.js';

/**
 * Bot levels through the API on the local server: every level plays whole deals in Schafkopf and Sheepshead, the
 * level is stored with the seat and shown, and a bad level is a 422 naming the field with nothing written.
 * The strong bot gets a small budget (BOT_BUDGET_MS, read when the server starts) to keep the file fast.
 */

let server: LocalServer;
let api: Api;

beforeAll(async () => {
  vi.stubEnv('BOT_BUDGET_MS', '15');
  ({ server, api } = await startServer());
  vi.unstubAllEnvs();
});
afterAll(async () => {
  await server.close();
});

interface TableBody {
  readonly seats: readonly { seat: number; kind: string; level?: string }[];
  readonly dealNo: number;
  readonly closed: boolean;
}

const table = async (tableId: string): Promise<TableBody> => {
  const res = await api.get<TableBody>(`/v1/tables/${tableId}`);
  expect(res.status).toBe(200);
  return res.body;
};

/** Play one whole deal with bots only and check it settled: closed after deal 1, totals and pot zero-sum. */
async function playsOneDeal(body: Record<string, unknown>, seats: number): Promise<string> {
  const { tableId, organiserKey } = await createTable(api, { ...body, seats, maxDeals: 1 });
  await server.idle();
  const final = await viewAs(api, tableId, organiserKey);
  expect(final.view.closed).toBe(true);
  expect(final.view.dealNo).toBe(1);
  expect(final.view.lastResult?.payout).toHaveLength(seats);
  return tableId;
}

describe('bot levels play whole deals over HTTP', () => {
  it.each([
    ['schafkopf', 4, 'random'],
    ['schafkopf', 4, 'heuristic'],
    ['sheepshead', 5, 'random'],
    ['sheepshead', 5, 'heuristic'],
  ] as const)('%s with %i %s bots: the deal completes and the seats show the level', async (variant, seats, level) => {
    const tableId = await playsOneDeal(
      { variant, botLevel: level, bots: Array.from({ length: seats }, (_, i) => i) },
      seats,
    );
    const t = await table(tableId);
    expect(t.seats.map((s) => s.level)).toEqual(Array.from({ length: seats }, () => level));
  });

  it('mixed levels per seat, one of them strong (small budget), finish a Schafkopf and a Sheepshead deal', async () => {
    const schafkopf = await playsOneDeal(
      {
        variant: 'schafkopf',
        botLevel: 'random',
        bots: [{ seat: 0, level: 'strong' }, { seat: 1, level: 'heuristic' }, 2, { seat: 3 }],
      },
      4,
    );
    expect((await table(schafkopf)).seats.map((s) => s.level)).toEqual(['strong', 'heuristic', 'random', 'random']);
    const sheepshead = await playsOneDeal({ variant: 'sheepshead', bots: [{ seat: 0, level: 'strong' }, 1, 2] }, 3);
    // Without botLevel the plain seats play at the default, heuristic (docs/bots.md).
    expect((await table(sheepshead)).seats.map((s) => s.level)).toEqual(['strong', 'heuristic', 'heuristic']);
  });

  it('a bot added to an open seat keeps its level; a player at the table plays against it', async () => {
    const { tableId, organiserKey } = await createTable(api, {
      variant: 'schafkopf',
      seats: 4,
      bots: [1, 2],
      maxDeals: 1,
    });
    const added = await api.post<{ seat: number; level: string }>(`/v1/tables/${tableId}/bots`, {
      token: organiserKey,
      body: { seat: 3, level: 'random' },
    });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({ seat: 3, level: 'random' });
    const t = await table(tableId);
    expect(t.seats.map((s) => [s.kind, s.level])).toEqual([
      ['open', undefined],
      ['bot', 'heuristic'],
      ['bot', 'heuristic'],
      ['bot', 'random'],
    ]);
    const defaulted = await api.post<{ seat: number; level: string }>(`/v1/tables/${tableId}/bots`, {
      token: organiserKey,
      body: { seat: 0 },
    });
    // Without a level: the table's level, here the default (heuristic).
    expect(defaulted.body).toEqual({ seat: 0, level: 'heuristic' });
    await server.idle();
    const final = await viewAs(api, tableId, organiserKey);
    expect(final.view.closed).toBe(true);
  });
});

describe('bad bot levels', () => {
  const lobbySize = async (): Promise<number> =>
    (await api.get<{ tables: unknown[] }>('/v1/tables?limit=100')).body.tables.length;

  it.each([
    [{ botLevel: 'genius', bots: [1] }, 'botLevel'],
    [{ bots: [1, { seat: 2, level: 'expert' }] }, 'bots.1.level'],
    [{ bots: [{ seat: 5 }] }, 'bots.0.seat'],
  ])('create %j → 422 naming %s, nothing written', async (extra, field) => {
    const before = await lobbySize();
    const res = await api.post<{ code: string; field: string }>('/v1/tables', {
      body: { variant: 'schafkopf', seats: 4, ...extra },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.contentType).toContain('application/problem+json');
    expect(res.body.field).toBe(field);
    expect(await lobbySize()).toBe(before);
  });

  it('POST /bots with an unknown level → 422 naming level; the seat stays open', async () => {
    const { tableId, organiserKey } = await createTable(api, { variant: 'schafkopf', seats: 4 });
    const res = await api.post<{ code: string; field: string }>(`/v1/tables/${tableId}/bots`, {
      token: organiserKey,
      body: { seat: 0, level: 'godlike' },
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'seat/bad_bot_level', field: 'level' });
    expect((await table(tableId)).seats[0]).toEqual({ seat: 0, kind: 'open' });
  });
});
