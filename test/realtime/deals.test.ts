import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalServer } from '../../local/server.js';
import type { Api } from '../support/functions/client.js';
import { allEvents, startServer } from '../support/functions/play.js';
import { type Player, playOverWs, seatedTable, subscribed } from './helpers.js';

let server: LocalServer;
let api: Api;

beforeAll(async () => {
  ({ server, api } = await startServer());
});
afterAll(async () => {
  await server.close();
});

describe('whole deals over WebSocket only', () => {
  it('four players and a spectator play two deals; every client holds exactly the REST event log', async () => {
    const { tableId, seats } = await seatedTable(api, { maxDeals: 2 });
    const spectatorToken = (
      await api.post<{ spectatorToken: string }>(`/v1/tables/${tableId}/spectators`, { body: {} })
    ).body.spectatorToken;
    const players: Player[] = [];
    for (const s of seats) players.push({ ...s, client: await subscribed(server, tableId, s.token) });
    const spectator = await subscribed(server, tableId, spectatorToken);

    const version = await playOverWs({
      players,
      watchers: [spectator],
      version: spectator.lastSeq,
      done: (v) => v.closed,
    });

    expect(spectator.view!.dealNo).toBe(2);
    for (const p of players) {
      await p.client.caughtUp(version);
      const rest = await allEvents(api, tableId, p.token);
      expect(p.client.applied.map((e) => e.seq)).toEqual(rest.map((_, i) => i + 1));
      expect(p.client.applied).toEqual(rest);
      expect(p.client.frames.every((f) => f.bytes < 32 * 1024)).toBe(true);
      expect(p.client.frames.filter((f) => f.type === 'error')).toEqual([]);
    }
    expect(spectator.applied).toEqual(await allEvents(api, tableId, spectatorToken));
    expect(spectator.applied.filter((e) => e.event.type === 'DealEnded')).toHaveLength(2);
    expect(spectator.applied.at(-1)?.event.type).toBe('TableClosed');
    for (const c of [...players.map((p) => p.client), spectator]) await c.close();
  });
});
