import { describe, expect, it } from 'vitest';
import { allEvents, createTable, join, viewAs } from '../support/functions/play.js';
import { useLocalServer } from '../support/local-server.js';

const { server, api } = useLocalServer();

describe('a table closed in the middle of a deal', () => {
  it('bug: the abandoned deal stayed "still being played" — now it is over, unpaid, its seed revealed and its record served incomplete', async () => {
    // Prepare: three bots and one scripted seat; the deal starts and waits for forehand (seat 0, never acting).
    const { tableId, organiserKey } = await createTable(api, { variant: 'schafkopf', seats: 4, bots: [1, 2, 3] });
    const me = await join(api, tableId);
    await server.idle();
    const during = await viewAs(api, tableId, me.token);
    expect(during.view.deal?.no).toBe(1);
    expect((await api.get(`/v1/tables/${tableId}/deals/1/record`)).status).toBe(409);

    // Act: the organiser closes the table mid-deal.
    const closed = await api.post(`/v1/tables/${tableId}/close`, { token: organiserKey });
    expect(closed.status).toBe(200);
    await server.idle();

    // Assess: an event says the deal is over (before TableClosed); nobody is paid; the view shows no live auction.
    const events = (await allEvents(api, tableId, me.token)).map((e) => e.event);
    expect(events.slice(-2)).toEqual([
      { type: 'DealAbandoned', deal: 1, reason: 'table-closed' },
      { type: 'TableClosed' },
    ]);
    expect(events.some((e) => e.type === 'DealEnded')).toBe(false);
    const after = await viewAs(api, tableId, me.token);
    expect(after.view.closed).toBe(true);
    expect(after.view.totals).toEqual(['0', '0', '0', '0']);
    expect(after.view.deal).toMatchObject({ phase: 'abandoned', toAct: [], abandoned: 'table-closed' });
    expect(after.view.legalActions).toEqual([]);

    // The record is served, incomplete with the reason; it settles as incomplete; the seed is revealed and verifies.
    const record = await api.get<{
      record: Record<string, unknown>;
      complete: boolean;
      reason: string;
      result: unknown;
      fairness: { seed: string | null; revealed: boolean };
    }>(`/v1/tables/${tableId}/deals/1/record`, { token: me.token });
    expect(record.status).toBe(200);
    expect(record.body).toMatchObject({ complete: false, reason: 'table-closed', result: null });
    expect(record.body.record).toMatchObject({ complete: false, reason: 'table-closed' });
    const scored = await api.post('/v1/records/score', { body: record.body.record });
    expect(scored.body).toMatchObject({ complete: false, reason: 'table-closed', toAct: [0] });
    const fairness = await api.get<{ seed: string | null; revealed: boolean }>(
      `/v1/tables/${tableId}/deals/1/fairness`,
    );
    expect(fairness.body.revealed).toBe(true);
    expect(fairness.body.seed).toMatch(/^[0-9a-f]+$/);
    const verified = await api.post(`/v1/tables/${tableId}/deals/1/verify`, { body: { seed: fairness.body.seed } });
    expect(verified.body).toEqual({ deal: 1, commitmentMatches: true, dealMatches: true });
  });
});
