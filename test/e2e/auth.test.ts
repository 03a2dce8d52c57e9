import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, startLocal } from '../../local/server.js';
import { type Api, apiClient } from '../support/functions/client.js';
import {
  allEvents,
  createTable,
  join,
  scriptedChoice,
  seatEveryone,
  viewAs,
  whoActs,
} from '../support/functions/play.js';
import { useLocalServer } from '../support/local-server.js';

/** Turn-order semantics under test: the auction from the first action (Klopfen until the first call, no knock phase). */
const OLD_KNOCK = { knock: { timing: 'before-first-call' } };

const { server, api } = useLocalServer();

type Problem = { code: string };

describe('seat tokens act only for their seat', () => {
  it('a seat token acts for its own seat; any other secret is refused and writes nothing', async () => {
    const { tableId, organiserKey } = await createTable(api, { variant: 'schafkopf', options: OLD_KNOCK, seats: 4 });
    const seats = await seatEveryone(api, tableId, 4);
    const otherTable = await createTable(api, { variant: 'schafkopf', options: OLD_KNOCK, seats: 4 });
    const stranger = await join(api, otherTable.tableId);
    const spectator = (await api.post<{ spectatorToken: string }>(`/v1/tables/${tableId}/spectators`)).body
      .spectatorToken;
    const [actor, mine] = await whoActs(api, tableId, seats);
    const body = { action: scriptedChoice(mine.view.legalActions), expectedVersion: mine.version };
    const path = `/v1/tables/${tableId}/actions`;

    const refusals: [string, Record<string, string>, number, string][] = [
      ['no token', {}, 401, 'auth/missing_token'],
      ['not a bearer header', { authorization: `Token ${actor.token}` }, 401, 'auth/malformed'],
      ['a forged seat token', { authorization: 'Bearer st_forged' }, 403, 'auth/forbidden'],
      ['a seat token of another table', { authorization: `Bearer ${stranger.token}` }, 403, 'auth/forbidden'],
      ['the organiser key', { authorization: `Bearer ${organiserKey}` }, 403, 'auth/forbidden'],
      ['a spectator token', { authorization: `Bearer ${spectator}` }, 403, 'auth/forbidden'],
    ];
    for (const [what, headers, status, code] of refusals) {
      const res = await api.post<Problem>(path, { body, headers });
      expect({ what, status: res.status, code: res.body.code }).toEqual({ what, status, code });
    }
    // Another seat's token acts for that other seat: it is not that seat's turn.
    const other = seats.find((s) => s.seat !== actor.seat)!;
    const wrongTurn = await api.post<Problem>(path, { token: other.token, body: { action: body.action } });
    expect(wrongTurn.status).toBe(409);
    expect(wrongTurn.body.code).toBe('action/not_your_turn');
    expect((await viewAs(api, tableId)).version).toBe(mine.version);

    const ok = await api.post<{ version: number }>(path, { token: actor.token, body });
    expect(ok.status).toBe(200);
    const events = await allEvents(api, tableId);
    const taken = events.filter((e) => e.event.type === 'ActionTaken');
    expect(taken.map((e) => e.event.seat)).toEqual([actor.seat]);
  });

  it('a seat that leaves loses its token; the seat can be taken again', async () => {
    const { tableId } = await createTable(api, { variant: 'schafkopf', seats: 4, bots: [1, 2, 3] });
    const first = await join(api, tableId);
    await server.idle();
    // A seat frees only itself.
    const another = await api.del<Problem>(`/v1/tables/${tableId}/seats/1`, { token: first.token });
    expect(another.status).toBe(403);
    expect((await api.del(`/v1/tables/${tableId}/seats/${first.seat}`, { token: first.token })).status).toBe(204);
    const stale = await api.get<Problem>(`/v1/tables/${tableId}/view`, { token: first.token });
    expect(stale.status).toBe(403);
    const second = await join(api, tableId, first.seat);
    expect(second.seat).toBe(first.seat);
    expect(second.token).not.toBe(first.token);
    await server.idle();
    expect((await viewAs(api, tableId, second.token)).view.deal?.hands[first.seat]?.length).toBeGreaterThan(0);
  });
});

describe('the organiser key manages its own tables', () => {
  it('adds bots, frees seats and closes; keys of other tables and seat tokens may not', async () => {
    const { tableId, organiserKey } = await createTable(api, { variant: 'schafkopf', seats: 4, visibility: 'private' });
    const other = await createTable(api, { variant: 'schafkopf', seats: 4 });
    const t = `/v1/tables/${tableId}`;

    // Private: no anonymous reads or joins; the organiser lets players and spectators in.
    expect((await api.get<Problem>(t)).status).toBe(401);
    expect((await api.get<Problem>(`${t}/view`)).status).toBe(401);
    expect((await api.post<Problem>(`${t}/seats`, { body: {} })).status).toBe(401);
    expect((await api.post<Problem>(`${t}/spectators`, { token: other.organiserKey })).status).toBe(403);
    const invited = await api.post<{ seat: number; seatToken: string }>(`${t}/seats`, {
      token: organiserKey,
      body: { name: 'guest' },
    });
    expect(invited.status).toBe(201);
    const spectator = await api.post<{ spectatorToken: string }>(`${t}/spectators`, { token: organiserKey });
    expect(spectator.status).toBe(201);
    expect((await api.get(`${t}/view`, { token: spectator.body.spectatorToken })).status).toBe(200);

    for (const token of [other.organiserKey, invited.body.seatToken]) {
      expect((await api.post<Problem>(`${t}/bots`, { token, body: {} })).status).toBe(403);
      expect((await api.post<Problem>(`${t}/close`, { token })).status).toBe(403);
    }
    expect((await api.del<Problem>(`${t}/seats/${invited.body.seat}`, { token: other.organiserKey })).status).toBe(403);

    expect((await api.post(`${t}/bots`, { token: organiserKey, body: { seat: 1 } })).status).toBe(201);
    expect((await api.post(`${t}/bots`, { token: organiserKey, body: {} })).status).toBe(201);
    expect((await api.del(`${t}/seats/${invited.body.seat}`, { token: organiserKey })).status).toBe(204);
    expect((await api.get(`${t}/view`, { token: invited.body.seatToken })).status).toBe(403);
    const closed = await api.post<{ version: number }>(`${t}/close`, { token: organiserKey });
    expect(closed.status).toBe(200);
    const again = await api.post<Problem>(`${t}/close`, { token: organiserKey });
    expect([again.status, again.body.code]).toEqual([409, 'table/closed']);
    const late = await api.post<Problem>(`${t}/seats`, { token: organiserKey, body: {} });
    expect(late.status).toBe(409);
    expect((await viewAs(api, tableId, organiserKey)).view.closed).toBe(true);
  });
});

describe('API keys for bots and integrations', () => {
  let keyed: LocalServer;
  let keyedApi: Api;
  beforeAll(async () => {
    keyed = await startLocal({ port: 0, apiKeys: ['integration-key-1', 'bot-key-2'] });
    keyedApi = apiClient(keyed.url);
  });
  afterAll(async () => {
    await keyed.close();
  });

  it('creating a table needs a configured API key; everything else uses the table’s own secrets', async () => {
    const body = { variant: 'schafkopf', seats: 4, bots: [1, 2, 3] };
    const none = await keyedApi.post<Problem>('/v1/tables', { body });
    expect([none.status, none.body.code]).toEqual([401, 'auth/missing_token']);
    const wrong = await keyedApi.post<Problem>('/v1/tables', { body, token: 'not-a-key' });
    expect([wrong.status, wrong.body.code]).toEqual([403, 'auth/forbidden']);
    const created = await keyedApi.post<{ tableId: string }>('/v1/tables', { body, token: 'bot-key-2' });
    expect(created.status).toBe(201);
    // An API key is no seat token: it cannot act; a joined seat plays without it.
    const seat = await join(keyedApi, created.body.tableId);
    await keyed.idle();
    const asKey = await keyedApi.post<Problem>(`/v1/tables/${created.body.tableId}/actions`, {
      token: 'bot-key-2',
      body: { action: { type: 'pass' } },
    });
    expect(asKey.status).toBe(403);
    expect((await viewAs(keyedApi, created.body.tableId, seat.token)).view.deal).not.toBeNull();
  });
});
