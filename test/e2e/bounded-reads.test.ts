import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalServer } from '../../local/server.js';
import type { TableService } from '../../functions/use-cases/table-service.js';
import type { Api } from '../support/functions/client.js';
import { type CallCounter, countCalls } from '../support/functions/dynalite.js';
import { createTable, scriptedChoice, seatEveryone, startServer, viewAs } from '../support/functions/play.js';

let server: LocalServer;
let api: Api;
let counter: CallCounter;

beforeAll(async () => {
  ({ server, api } = await startServer());
  // The real SDK client of the server, counted by a middleware: every DynamoDB call and its consumed capacity.
  counter = countCalls(server.client);
});
afterAll(async () => {
  await server.close();
});

/** Forehand declares the first game it may, the others pass: every deal is played out trick by trick. */
async function playOne(service: TableService, tableId: string): Promise<void> {
  const spectator = await service.view(tableId, { kind: 'spectator' });
  const seat = spectator.view.deal?.toAct[0];
  expect(seat, 'someone is to act').toBeDefined();
  const mine = await service.view(tableId, { kind: 'seat', seat: seat! });
  const legal = mine.view.legalActions;
  const bid = seat === mine.view.deal?.forehand ? legal.find((a) => a.type === 'bid') : undefined;
  await service.act(tableId, { kind: 'seat', seat: seat! }, bid ?? scriptedChoice(legal), {});
}

/** Play in-process (the same use case the HTTP route calls) until deal `dealNo` has started. */
async function playUntilDeal(service: TableService, tableId: string, dealNo: number): Promise<void> {
  for (let step = 0; step < 100_000; step++) {
    if ((await service.view(tableId, { kind: 'spectator' })).view.dealNo >= dealNo) return;
    await playOne(service, tableId);
  }
  throw new Error('did not reach the deal');
}

interface Cost {
  readonly calls: Record<string, number>;
  readonly readUnits: number;
  readonly writeUnits: number;
}

/** The DynamoDB calls of one HTTP request (the fan-out held back, so only the request's own calls count). */
async function costOf(request: () => Promise<unknown>): Promise<Cost> {
  await server.idle();
  server.hold();
  counter.reset();
  await request();
  const calls = Object.fromEntries([...counter.calls.entries()].sort());
  const units = (names: string[]): number => names.reduce((sum, name) => sum + (counter.capacity.get(name) ?? 0), 0);
  const cost = {
    calls,
    readUnits: units(['GetItemCommand', 'QueryCommand']),
    writeUnits: units(['PutItemCommand', 'DeleteItemCommand']),
  };
  server.release();
  return cost;
}

/** The cost of the next move, of the acting seat's view and of its newest events. */
async function costsNow(tableId: string, tokens: readonly string[]): Promise<Record<string, Cost>> {
  const spectator = await viewAs(api, tableId);
  const seat = spectator.view.deal!.toAct[0]!;
  const token = tokens[seat]!;
  const mine = await viewAs(api, tableId, token);
  const action = scriptedChoice(mine.view.legalActions);
  const view = await costOf(() => api.get(`/v1/tables/${tableId}/view`, { token }));
  const events = await costOf(() => api.get(`/v1/tables/${tableId}/events?after=${mine.version - 1}`, { token }));
  const move = await costOf(async () => {
    const res = await api.post(`/v1/tables/${tableId}/actions`, {
      token,
      body: { action, expectedVersion: mine.version },
      headers: { 'idempotency-key': `m-${mine.version}` },
    });
    expect(res.status).toBe(200);
  });
  return { move, view, events };
}

describe('reads are bounded by the current deal', () => {
  it('a table with many finished deals costs the same DynamoDB calls and capacity per move as a new one', async () => {
    const fresh = await createTable(api, { variant: 'schafkopf', seats: 4 });
    const freshSeats = await seatEveryone(api, fresh.tableId, 4);
    const old = await createTable(api, { variant: 'schafkopf', seats: 4 });
    const oldSeats = await seatEveryone(api, old.tableId, 4);
    await playUntilDeal(server.runtime.service, old.tableId, 7);
    await server.idle();

    const history = (await viewAs(api, old.tableId)).version;
    expect(history).toBeGreaterThan(200);

    const tokensOf = (seats: readonly { token: string }[]): string[] => seats.map((s) => s.token);
    // At the deal start (the head commit holds the snapshot) …
    const freshStart = await costsNow(fresh.tableId, tokensOf(freshSeats));
    const oldStart = await costsNow(old.tableId, tokensOf(oldSeats));
    // … and twelve moves into the deal (reads fold the deal's commits since its snapshot).
    for (let i = 0; i < 11; i++) {
      await playOne(server.runtime.service, fresh.tableId);
      await playOne(server.runtime.service, old.tableId);
    }
    const freshMid = await costsNow(fresh.tableId, tokensOf(freshSeats));
    const oldMid = await costsNow(old.tableId, tokensOf(oldSeats));

    // The same calls and the same consumed capacity, although 6 finished deals (200+ events) lie behind one table.
    expect(oldStart).toEqual(freshStart);
    expect(oldMid).toEqual(freshMid);
    // One conditional write (1 WCU) per move and no read: the warm service authorises the seat token on the seating of
    // its cached head (the stream is the table) and decides on it (functions/use-cases/head-cache.ts); the
    // conditional write proves both current.
    expect(freshStart.move!.calls).toEqual({ PutItemCommand: 1 });
    expect(freshMid.move!.calls).toEqual({ PutItemCommand: 1 });
    expect(freshMid.move!.writeUnits).toBe(1);
    expect(freshMid.move!.readUnits).toBe(0);
    console.log(
      `DynamoDB per request, fresh table vs ${history} events of history: ${JSON.stringify({ freshStart, oldStart, freshMid, oldMid })}`,
    );
  }, 240_000);
});
