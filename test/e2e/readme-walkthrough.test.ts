import { describe, expect, it } from 'vitest';
import { createTable, join, viewAs } from '../support/functions/play.js';
import { useLocalServer } from '../support/local-server.js';

const { server, api } = useLocalServer();

describe('README "Play locally" walkthrough', () => {
  it('three bots, one deal: the loop sending the first legal action that is not knock/kontra/re finishes the deal', async () => {
    // Step 1-2: the default preset (Klopfen after the first four: the loop sends `choose no-knock` first).
    const { tableId } = await createTable(api, { variant: 'schafkopf', seats: 4, bots: [1, 2, 3], maxDeals: 1 });
    const me = await join(api, tableId);
    await server.idle();
    const sent: string[] = [];
    for (let i = 0; i < 200; i++) {
      const { view, version } = await viewAs(api, tableId, me.token);
      if (view.closed) break;
      const legal = view.legalActions as { type: string }[];
      const a = legal.find((x) => !['knock', 'kontra', 're'].includes(x.type));
      if (a === undefined) {
        await server.idle();
        continue;
      }
      const r = await api.post(`/v1/tables/${tableId}/actions`, {
        token: me.token,
        headers: { 'idempotency-key': `move-${version}` },
        body: { action: a, expectedVersion: version },
      });
      expect(r.status).toBe(200);
      sent.push(a.type === 'choose' ? `choose:${(a as { choice?: string }).choice}` : a.type);
      await server.idle();
    }
    const end = await viewAs(api, tableId, me.token);
    expect(end.view.closed).toBe(true);
    expect(sent[0]).toBe('choose:no-knock');
    const record = await api.get<{ record: unknown; result: { payout: string[] } }>(
      `/v1/tables/${tableId}/deals/1/record`,
      { token: me.token },
    );
    expect(record.status).toBe(200);
    const scored = await api.post<{ payout: string[] }>('/v1/records/score', { body: record.body.record });
    expect(scored.body.payout).toEqual(record.body.result.payout);
  });
});
