import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../functions/ports/clock.js';
import { type LocalServer, startLocal } from '../../local/server.js';
import { type Api, apiClient } from '../support/functions/client.js';
import { allEvents, createTable, join, scriptedChoice, viewAs } from '../support/functions/play.js';
import { subscribed } from '../realtime/helpers.js';

// Tables that always progress (docs/due-work.md): seating events in the stream, a bot seated on the seat to act moves
// at once, and turn clocks driven by an injected clock (no sleeping: the test moves time and awaits the server's work).

let server: LocalServer;
let api: Api;
const clock = new ManualClock();

beforeAll(async () => {
  server = await startLocal({ port: 0, clock });
  api = apiClient(server.url);
});
afterAll(async () => {
  await server.close();
});

/** Move the clock by `ms` and wait until the work it released (and everything that followed) has run. */
async function tick(ms: number): Promise<void> {
  clock.advance(ms);
  await server.idle();
}

describe('seating is part of the stream', () => {
  it('SeatTaken, SeatLeft and BotSeated are events with seqs; the stream has no gaps', async () => {
    const t = await createTable(api, { variant: 'schafkopf', seats: 4 });
    const a = await join(api, t.tableId, 0);
    expect((await api.del(`/v1/tables/${t.tableId}/seats/0`, { token: a.token })).status).toBe(204);
    expect((await api.post(`/v1/tables/${t.tableId}/bots`, { token: t.organiserKey, body: { seat: 2 } })).status).toBe(
      201,
    );
    await server.idle();
    const events = await allEvents(api, t.tableId);
    expect(events.map((e) => e.event.type)).toEqual(['TableOpened', 'SeatTaken', 'SeatLeft', 'BotSeated']);
    expect(events.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    expect(events[1]!.event).toEqual({ type: 'SeatTaken', seat: 0, name: 'tester-0' });
  });

  it('replacing the seat to act by a bot (DELETE /seats/n, POST /bots {seat: n}) moves at once', async () => {
    const t = await createTable(api, { variant: 'schafkopf', seats: 4, maxDeals: 1 });
    const seats = [];
    for (let i = 0; i < 4; i++) seats.push(await join(api, t.tableId, i));
    await server.idle();
    const before = await viewAs(api, t.tableId);
    const toAct = before.view.deal!.toAct[0]!;
    expect((await api.del(`/v1/tables/${t.tableId}/seats/${toAct}`, { token: t.organiserKey })).status).toBe(204);
    const bot = await api.post(`/v1/tables/${t.tableId}/bots`, { token: t.organiserKey, body: { seat: toAct } });
    expect(bot.status).toBe(201);
    await server.idle();
    const events = await allEvents(api, t.tableId);
    const seated = events.findIndex((e) => e.event.type === 'BotSeated');
    expect(seated).toBeGreaterThan(0);
    // The very next commit is the bot's move for that seat: no clock advanced, no other request made.
    expect(events.slice(seated + 1).find((e) => e.event.type === 'ActionTaken')?.event).toMatchObject({
      seat: toAct,
    });
    expect((await viewAs(api, t.tableId)).version).toBeGreaterThan(before.version + 2);
  });
});

describe('turn clocks', () => {
  it('the knock phase: two silent seats decide at once, so one deadline times both out', async () => {
    const t = await createTable(api, {
      variant: 'schafkopf',
      seats: 4,
      bots: [2, 3],
      clock: { turnSeconds: 30, timeoutsUntilAbsent: 5 },
    });
    await join(api, t.tableId, 0);
    await join(api, t.tableId, 1);
    await server.idle();
    const before = await viewAs(api, t.tableId);
    expect((before.view.deal as { phase?: string } | null)?.phase).toBe('knock');
    await tick(30_000);
    const events = await allEvents(api, t.tableId, t.organiserKey);
    expect(
      events
        .filter((e) => e.event.type === 'TurnTimedOut')
        .map((e) => e.event)
        .sort((a, b) => Number(a['seat']) - Number(b['seat'])),
    ).toEqual([
      { type: 'TurnTimedOut', seat: 0 },
      { type: 'TurnTimedOut', seat: 1 },
    ]);
    expect(((await viewAs(api, t.tableId)).view.deal as { phase?: string } | null)?.phase).not.toBe('knock');
  });

  it('a seat that never acts: TurnTimedOut, SeatAbsent after N, and the deal still finishes', async () => {
    const t = await createTable(api, {
      variant: 'schafkopf',
      seats: 4,
      bots: [1, 2, 3],
      // Random bots bid, so the deal reaches card play and seat 0 times out more than once.
      botLevel: 'random',
      maxDeals: 1,
      clock: { turnSeconds: 30, timeoutsUntilAbsent: 2 },
    });
    expect((await api.get<{ clock: unknown }>(`/v1/tables/${t.tableId}`)).body.clock).toEqual({
      turnSeconds: 30,
      timeoutsUntilAbsent: 2,
    });
    const me = await join(api, t.tableId, 0);
    await server.idle();
    let view = await api.get<{ version: number; deadline?: string; view: { closed: boolean } }>(
      `/v1/tables/${t.tableId}/view`,
      { token: me.token },
    );
    for (let i = 0; i < 40 && !view.body.view.closed; i++) {
      const v = await viewAs(api, t.tableId, me.token);
      if (v.view.deal?.toAct.includes(0) === true) {
        // The deadline is in the view: 30 s after the table's last commit.
        expect(view.body.deadline).toBeDefined();
        const left = Date.parse(view.body.deadline!) - clock.now();
        expect(left).toBeGreaterThan(0);
        expect(left).toBeLessThanOrEqual(30_000);
        await tick(left - 1);
        expect((await viewAs(api, t.tableId)).version, 'nothing happens before the deadline').toBe(v.version);
        await tick(1);
      } else await tick(30_000);
      view = await api.get(`/v1/tables/${t.tableId}/view`, { token: me.token });
    }
    expect(view.body.view.closed).toBe(true);
    const events = await allEvents(api, t.tableId, t.organiserKey);
    const timedOut = events.filter((e) => e.event.type === 'TurnTimedOut');
    expect(timedOut.map((e) => e.event)).toEqual([
      { type: 'TurnTimedOut', seat: 0 },
      { type: 'TurnTimedOut', seat: 0 },
    ]);
    expect(events.filter((e) => e.event.type === 'SeatAbsent').map((e) => e.event)).toEqual([
      { type: 'SeatAbsent', seat: 0 },
    ]);
    // Each timeout is the server's move for the seat, in the same commit right before it.
    const i = events.indexOf(timedOut[0]!);
    expect(
      events
        .slice(0, i)
        .reverse()
        .find((e) => e.event.type === 'ActionTaken')?.event,
    ).toMatchObject({ seat: 0 });
    expect(events.map((e) => e.seq)).toEqual(events.map((_, k) => k + 1));
  });

  it('a table whose players are all away pauses after the deal (and says so) until one is back', async () => {
    const t = await createTable(api, {
      variant: 'schafkopf',
      seats: 4,
      bots: [1, 2, 3],
      botLevel: 'random',
      clock: { turnSeconds: 30, timeoutsUntilAbsent: 1 },
    });
    const me = await join(api, t.tableId, 0);
    await server.idle();
    type Paused = {
      version: number;
      paused?: string;
      view: { dealNo: number; deal: { toAct: number[] } | null; lastResult: unknown };
    };
    const viewOf = async () => (await api.get<Paused>(`/v1/tables/${t.tableId}/view`, { token: me.token })).body;
    // The player never acts: the first timeout marks the seat absent; the bot finishes the deal for it.
    let v = await viewOf();
    for (let i = 0; i < 40 && v.paused === undefined; i++) {
      await tick(30_000);
      v = await viewOf();
    }
    expect(v.paused).toBe('players-away');
    expect(v.view.dealNo).toBe(1);
    // The deal is played out (its result stands) and nobody is to act.
    expect(v.view.lastResult).not.toBeNull();
    expect(v.view.deal?.toAct ?? []).toEqual([]);
    // Time passes, nothing is dealt: no event at all while paused.
    for (let i = 0; i < 5; i++) await tick(60_000);
    const still = await viewOf();
    expect([still.version, still.paused]).toEqual([v.version, 'players-away']);
    // The player connects again: the seat is back (SeatReturned) and the next deal starts in that commit.
    const ws = await subscribed(server, t.tableId, me.token);
    await server.idle();
    const back = await viewOf();
    expect(back.paused).toBeUndefined();
    expect(back.view.dealNo).toBe(2);
    const events = await allEvents(api, t.tableId, t.organiserKey);
    const returned = events.findIndex((e) => e.event.type === 'SeatReturned');
    expect(returned).toBeGreaterThan(0);
    expect(events.slice(returned).some((e) => e.event.type === 'DealStarted')).toBe(true);
    await ws.close();
  });

  it('a player who acts after a timeout is back (SeatReturned); no clock means no deadline', async () => {
    const t = await createTable(api, {
      variant: 'schafkopf',
      seats: 4,
      bots: [1, 2, 3],
      clock: { turnSeconds: 10, timeoutsUntilAbsent: 3 },
    });
    const me = await join(api, t.tableId, 0);
    await server.idle();
    let timedOut = false;
    for (let i = 0; i < 40; i++) {
      const v = await viewAs(api, t.tableId, me.token);
      if (!v.view.deal?.toAct.includes(0)) {
        await tick(10_000);
        continue;
      }
      if (!timedOut) {
        await tick(10_000);
        timedOut = true;
        continue;
      }
      const res = await api.post(`/v1/tables/${t.tableId}/actions`, {
        token: me.token,
        body: { action: scriptedChoice(v.view.legalActions), expectedVersion: v.version },
      });
      expect(res.status).toBe(200);
      break;
    }
    const types = (await allEvents(api, t.tableId, t.organiserKey)).map((e) => e.event.type);
    expect(types).toContain('TurnTimedOut');
    expect(types.indexOf('SeatReturned')).toBeGreaterThan(types.indexOf('TurnTimedOut'));
    expect(types).not.toContain('SeatAbsent');

    const casual = await createTable(api, { variant: 'schafkopf', seats: 4, bots: [1, 2, 3] });
    const p = await join(api, casual.tableId, 0);
    await server.idle();
    const v = await api.get<Record<string, unknown>>(`/v1/tables/${casual.tableId}/view`, { token: p.token });
    expect(v.body).not.toHaveProperty('deadline');
  });
});
