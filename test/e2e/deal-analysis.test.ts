import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { createTable, join, viewAs } from '../support/functions/play.js';
import { useLocalServer } from '../support/local-server.js';

// The analysis works with the table's bot budget per decision: a small one keeps this file quick.
process.env.BOT_BUDGET_MS = '15';
const { server, api } = useLocalServer();

interface AnalysisBody {
  tableId: string;
  deal: number;
  players: number[];
  decisions: {
    index: number;
    seat: number;
    tableSeat: number;
    kind: 'card' | 'auction';
    chosen: unknown;
    options: { action: unknown; value: number | null }[];
    loss: number;
  }[];
  mistakes: number[];
}

describe('GET /v1/tables/{tableId}/deals/{deal}/analysis', () => {
  it('is refused for a running deal for every audience: the organiser, every player and anyone else', async () => {
    // prepare: four people at a table, so the first deal waits for them and stays running
    const { tableId, organiserKey } = await createTable(api, { variant: 'schafkopf', seats: 4 });
    const players = [await join(api, tableId), await join(api, tableId), await join(api, tableId)];
    players.push(await join(api, tableId));
    await server.idle();
    expect((await viewAs(api, tableId, organiserKey)).view.dealNo).toBe(1);
    // act: every audience asks for the running deal's analysis
    const audiences = [organiserKey, ...players.map((p) => p.token), undefined];
    for (const token of audiences) {
      const res = await api.get<{ code: string; status: number }>(
        `/v1/tables/${tableId}/deals/1/analysis`,
        token === undefined ? {} : { token },
      );
      // assess: 409 problem+json, nothing of the deal in it
      expect(res.status).toBe(409);
      expect(res.contentType).toContain('application/problem+json');
      expect(res.body.code).toBe('deal/not_over');
      expect(JSON.stringify(res.body)).not.toMatch(/"options"|"decisions"/);
    }
    // and nothing was stored for it
    const item = await server.client.send(
      new GetItemCommand({
        TableName: server.runtime.settings.dataTable,
        Key: { pk: { S: `AN#${tableId}` }, sk: { S: '1#strong-3' } },
      }),
    );
    expect(item.Item).toBeUndefined();
  });

  it('analyses a finished deal once: every decision with its options, the chosen one valued, stored for the next reader', async () => {
    // prepare: four bots play one deal to the end — one with a declarer (a deal all players pass is thrown in or
    // played as a Ramsch, which has no declarer's game to analyse card by card; bots' deals are random)
    let table: { tableId: string; organiserKey: string } | undefined;
    for (let attempt = 0; attempt < 8 && table === undefined; attempt++) {
      const made = await createTable(api, { variant: 'schafkopf', seats: 4, bots: [0, 1, 2, 3], maxDeals: 1 });
      await server.idle();
      const record = await api.get<{ result?: { declarers?: unknown[] } }>(`/v1/tables/${made.tableId}/deals/1/record`);
      expect(record.status).toBe(200);
      if ((record.body.result?.declarers ?? []).length > 0) table = made;
    }
    if (table === undefined) throw new Error('eight bot deals without a declarer');
    const { tableId, organiserKey } = table;
    // act
    const first = await api.get<AnalysisBody>(`/v1/tables/${tableId}/deals/1/analysis`, { token: organiserKey });
    // assess
    expect(first.status).toBe(200);
    expect(first.body.tableId).toBe(tableId);
    expect(first.body.deal).toBe(1);
    expect(first.body.decisions.length).toBeGreaterThan(0);
    for (const d of first.body.decisions) {
      expect(d.tableSeat).toBe(first.body.players[d.seat]);
      expect(d.options.length).toBeGreaterThan(1);
      expect(d.loss).toBeGreaterThanOrEqual(0);
    }
    for (const i of first.body.mistakes) expect(first.body.decisions[i]!.loss).toBeGreaterThan(0);
    const stored = await server.client.send(
      new GetItemCommand({
        TableName: server.runtime.settings.dataTable,
        Key: { pk: { S: `AN#${tableId}` }, sk: { S: '1#strong-3' } },
      }),
    );
    expect(stored.Item?.a?.S).toBeDefined();
    // a player reads the same stored analysis; a deal that never was is 404
    const again = await api.get<AnalysisBody>(`/v1/tables/${tableId}/deals/1/analysis`);
    expect(again.body).toEqual(first.body);
    expect((await api.get(`/v1/tables/${tableId}/deals/2/analysis`)).status).toBe(404);
  });
});

describe('GET /v1/tables/{tableId}/hint', () => {
  it('gives the seat to act one of its legal actions at a casual table, and nobody else a hint', async () => {
    // prepare: one player and three bots; the deal waits for the player sooner or later
    const { tableId, organiserKey } = await createTable(api, { variant: 'schafkopf', seats: 4, bots: [1, 2, 3] });
    const me = await join(api, tableId);
    await server.idle();
    const seen = await viewAs(api, tableId, me.token);
    const legal = (seen as unknown as { view: { legalActions: unknown[] } }).view.legalActions;
    expect(legal.length).toBeGreaterThan(0);
    // act
    const res = await api.get<{ seat: number; action: unknown }>(`/v1/tables/${tableId}/hint`, { token: me.token });
    // assess: a legal action of this seat; the organiser and an anonymous reader get none
    expect(res.status).toBe(200);
    expect(res.body.seat).toBe(me.seat);
    expect(legal).toContainEqual(res.body.action);
    expect((await api.get(`/v1/tables/${tableId}/hint`, { token: organiserKey })).status).toBe(403);
    expect([401, 403]).toContain((await api.get(`/v1/tables/${tableId}/hint`)).status);
  });
});
