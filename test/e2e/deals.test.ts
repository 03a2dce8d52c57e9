import { describe, expect, it } from 'vitest';
import { listVariants } from '../../engine/index.js';
import { allEvents, createTable, join, playUntil, viewAs } from '../support/functions/play.js';
import { useLocalServer } from '../support/local-server.js';

const { server, api } = useLocalServer();

/** Sum exact amounts ("-7/3", "12") without rounding: numerators over a common denominator, as BigInt. */
const sumExact = (xs: readonly string[]): number => {
  let num = 0n;
  let den = 1n;
  for (const x of xs) {
    const [n, d = '1'] = x.split('/');
    num = num * BigInt(d) + BigInt(n!) * den;
    den *= BigInt(d);
  }
  return num === 0n ? 0 : Number(num) / Number(den);
};

describe('full deals over HTTP', () => {
  it('serves health and the variants with presets and option schemas', async () => {
    const health = await api.get('/v1/health');
    expect(health.status).toBe(200);
    const variants = await api.get<{ variants: { id: string; presets: Record<string, unknown> }[] }>('/v1/variants');
    const schafkopf = variants.body.variants.find((v) => v.id === 'schafkopf');
    expect(schafkopf).toBeDefined();
    expect(Object.keys(schafkopf!.presets).length).toBeGreaterThan(0);
    expect((await api.get('/v1/variants/schafkopf')).status).toBe(200);
    expect((await api.get('/v1/variants/nope')).status).toBe(404);
  });

  it('four bots play three whole deals; records settle to the same result and deals verify', async () => {
    const { tableId, organiserKey } = await createTable(api, {
      variant: 'schafkopf',
      seats: 4,
      bots: [0, 1, 2, 3],
      maxDeals: 3,
    });
    await server.idle();
    const final = await viewAs(api, tableId, organiserKey);
    expect(final.view.closed).toBe(true);
    expect(final.view.dealNo).toBe(3);
    expect(sumExact([...final.view.totals, final.view.pot])).toBe(0);

    const events = await allEvents(api, tableId, organiserKey, 37);
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    expect(events.filter((e) => e.event.type === 'DealEnded')).toHaveLength(3);
    expect(events.at(-1)?.event.type).toBe('TableClosed');

    for (const deal of [1, 2, 3]) {
      const record = await api.get<{
        record: unknown;
        result: { payout: number[] };
        fairness: { seed: string; commitment: string };
      }>(`/v1/tables/${tableId}/deals/${deal}/record`, { token: organiserKey });
      expect(record.status).toBe(200);
      const scored = await api.post<{ payout: number[] }>('/v1/records/score', { body: record.body.record });
      expect(scored.status).toBe(200);
      expect(scored.body.payout).toEqual(record.body.result.payout);
      const verified = await api.post(`/v1/tables/${tableId}/deals/${deal}/verify`, {
        body: { seed: record.body.fairness.seed },
      });
      expect(verified.body).toEqual({ deal, commitmentMatches: true, dealMatches: true });
      const forged = await api.post(`/v1/tables/${tableId}/deals/${deal}/verify`, { body: { seed: 'not-the-seed' } });
      expect(forged.body).toEqual({ deal, commitmentMatches: false, dealMatches: false });
    }
    expect((await api.get(`/v1/tables/${tableId}/deals/4/record`)).status).toBe(404);
  });

  it('a scripted player plays two deals against three bots and reads the settlement', async () => {
    const { tableId } = await createTable(api, { variant: 'schafkopf', seats: 4, bots: [1, 2, 3] });
    const me = await join(api, tableId);
    expect(me.seat).toBe(0);
    const fairness: unknown[] = [];
    const end = await playUntil(
      server,
      api,
      tableId,
      [me],
      (v) => v.view.dealNo >= 3,
      async () => {
        const f = await api.get<{ seed: string | null; commitment: string }>(`/v1/tables/${tableId}/deals/1/fairness`);
        fairness.push(f.body);
      },
    );
    // Deals start right after the last one ends, so the settlement is read from DealEnded or the record.
    expect(end.view.dealNo).toBe(3);
    const settled = await api.get<{ result: { payout: number[] } }>(`/v1/tables/${tableId}/deals/1/record`, {
      token: me.token,
    });
    expect(settled.body.result.payout.reduce((a, b) => a + b, 0)).toBe(0);
    // The seed stays secret while deal 1 runs and is revealed once it has ended.
    const during = fairness[0] as { seed: string | null; commitment: string };
    expect(during.seed).toBeNull();
    expect(during.commitment).toMatch(/^[0-9a-f]{64}$/);
    const after = await api.get<{ seed: string | null; revealed: boolean }>(`/v1/tables/${tableId}/deals/1/fairness`);
    expect(after.body.revealed).toBe(true);
    expect(after.body.seed).toMatch(/^[0-9a-f]+$/);
    const mine = await allEvents(api, tableId, me.token);
    expect(mine.filter((e) => e.event.type === 'DealEnded').length).toBeGreaterThanOrEqual(2);
  });
});

/** Every registered variant (the e2e covers new ones as they land in engine/index.ts), at every table size. */
const VARIANTS = listVariants().map((v) => ({
  id: v.id,
  presets: Object.keys(v.presets),
  sizes: Array.from({ length: v.tableSeats.max - v.tableSeats.min + 1 }, (_, i) => v.tableSeats.min + i),
}));

describe.each(VARIANTS)('every variant over HTTP: $id', ({ id, presets, sizes }) => {
  it.each(sizes)(
    '%i bots play a whole deal; the record settles to the same payout and the deal verifies',
    async (seats) => {
      const { tableId, organiserKey } = await createTable(api, {
        variant: id,
        seats,
        bots: Array.from({ length: seats }, (_, i) => i),
        maxDeals: 1,
      });
      await server.idle();
      const final = await viewAs(api, tableId, organiserKey);
      expect(final.view.closed).toBe(true);
      expect(final.view.dealNo).toBe(1);
      expect(final.view.totals).toHaveLength(seats);
      expect(sumExact([...final.view.totals, final.view.pot])).toBe(0);
      const record = await api.get<{
        record: unknown;
        players: number[];
        result: { payout: number[] };
        fairness: { seed: string };
      }>(`/v1/tables/${tableId}/deals/1/record`);
      expect(record.status).toBe(200);
      const scored = await api.post<{ payout: number[] }>('/v1/records/score', { body: record.body.record });
      expect(scored.status).toBe(200);
      // The record holds the deal's players; the table's result is per table seat, 0 for who sat out.
      const { players, result } = record.body;
      expect(scored.body.payout).toEqual(players.map((seat) => result.payout[seat]));
      result.payout.forEach((p, seat) => {
        if (!players.includes(seat)) expect(p).toBe(0);
      });
      const verified = await api.post(`/v1/tables/${tableId}/deals/1/verify`, {
        body: { seed: record.body.fairness.seed },
      });
      expect(verified.body).toEqual({ deal: 1, commitmentMatches: true, dealMatches: true });
    },
  );

  it.each(presets)(
    'preset %s: bots play a whole deal at the smallest table',
    async (preset) => {
      const seats = sizes[0]!;
      const { tableId } = await createTable(api, {
        variant: id,
        preset,
        seats,
        bots: Array.from({ length: seats }, (_, i) => i),
        maxDeals: 1,
      });
      await server.idle();
      const final = await viewAs(api, tableId);
      expect(final.view.closed).toBe(true);
      expect(sumExact([...final.view.totals, final.view.pot])).toBe(0);
      expect((await api.get(`/v1/tables/${tableId}/deals/1/record`)).status).toBe(200);
    },
    120_000,
  );

  it('a scripted player plays a whole deal against bots and reads the settlement', async () => {
    const seats = sizes[0]!;
    const { tableId } = await createTable(api, {
      variant: id,
      seats,
      bots: Array.from({ length: seats - 1 }, (_, i) => i + 1),
      maxDeals: 1,
    });
    const me = await join(api, tableId);
    const end = await playUntil(server, api, tableId, [me], (v) => v.view.closed);
    expect(end.view.lastResult).not.toBeNull();
    const settled = await api.get<{ result: { payout: number[] } }>(`/v1/tables/${tableId}/deals/1/record`, {
      token: me.token,
    });
    expect(settled.status).toBe(200);
    expect(settled.body.result.payout.reduce((a, b) => a + b, 0)).toBe(0);
  }, 120_000);
});
