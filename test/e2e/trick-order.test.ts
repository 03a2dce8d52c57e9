import { describe, expect, it } from 'vitest';
import { createTable } from '../support/functions/play.js';
import { useLocalServer } from '../support/local-server.js';
import { getVariant } from '../../engine/index.js';

/** GET /v1/tables/{tableId}/trick-order: the variant's own trick order for a contract, under the table's options. */

const { api } = useLocalServer();

interface OrderBody {
  tableId: string;
  variant: string;
  contract: unknown;
  trumps: string[];
  plain: Record<string, string[]>;
}

describe('GET /v1/tables/{tableId}/trick-order', () => {
  it('answers the order the variant plays by, for the table’s options, before and after a contract', async () => {
    const { tableId } = await createTable(api, { variant: 'schafkopf', seats: 4 });
    const normal = await api.get<OrderBody>(`/v1/tables/${tableId}/trick-order`);
    expect(normal.status).toBe(200);
    expect(normal.body.contract).toBeNull();
    expect(normal.body.trumps).toEqual([
      'EO',
      'GO',
      'HO',
      'SO',
      'EU',
      'GU',
      'HU',
      'SU',
      'HA',
      'HZ',
      'HK',
      'H9',
      'H8',
      'H7',
    ]);
    expect(normal.body.plain.E).toEqual(['A', 'Z', 'K', '9', '8', '7']);
    const wenz = await api.get<OrderBody>(`/v1/tables/${tableId}/trick-order?game=wenz`);
    expect(wenz.body.trumps).toEqual(['EU', 'GU', 'HU', 'SU']);
    expect(wenz.body.plain.H).toEqual(['A', 'Z', 'K', 'O', '9', '8', '7']);
    const solo = await api.get<OrderBody>(`/v1/tables/${tableId}/trick-order?game=solo&suit=E`);
    expect(solo.body.contract).toEqual({ game: 'solo', suit: 'E' });
    expect(solo.body.trumps.slice(8)).toEqual(['EA', 'EZ', 'EK', 'E9', 'E8', 'E7']);
    // Exactly the registry's answer, for every game the view can name.
    const schafkopf = getVariant('schafkopf')!;
    const options = (await api.get<{ view: { options: unknown } }>(`/v1/tables/${tableId}/view`)).body.view.options;
    for (const game of ['sauspiel', 'solo', 'wenz', 'geier', 'farbwenz', 'farbgeier', 'bettel', 'ramsch', 'hochzeit']) {
      const got = await api.get<OrderBody>(`/v1/tables/${tableId}/trick-order?game=${game}&suit=G`);
      const want = schafkopf.trickOrder(options as never, { game, suit: 'G' });
      expect({ trumps: got.body.trumps, plain: got.body.plain }, game).toEqual({
        trumps: want.trumps,
        plain: want.plain,
      });
    }
    // The table's options count: a Bettel in the Herz-Solo order at a table that plays it so.
    const herz = await createTable(api, {
      variant: 'schafkopf',
      seats: 4,
      options: { bettel: { order: 'herz-trumps' } },
    });
    const bettel = await api.get<OrderBody>(`/v1/tables/${herz.tableId}/trick-order?game=bettel`);
    expect(bettel.body.trumps).toEqual(normal.body.trumps);
    expect((await api.get<OrderBody>(`/v1/tables/${tableId}/trick-order?game=bettel`)).body.trumps).toEqual([]);
  });

  it('Saukopf’s Spieß reverses the order; Sheepshead has one order', async () => {
    const sau = await createTable(api, { variant: 'saukopf', seats: 4 });
    const keiler = await api.get<OrderBody>(`/v1/tables/${sau.tableId}/trick-order?game=keiler&suit=H`);
    const spiess = await api.get<OrderBody>(`/v1/tables/${sau.tableId}/trick-order?game=keiler&suit=H&spiess=true`);
    expect(spiess.status).toBe(200);
    expect(spiess.body.trumps).toEqual([...keiler.body.trumps].reverse());
    const sh = await createTable(api, { variant: 'sheepshead', seats: 5 });
    const order = await api.get<OrderBody>(`/v1/tables/${sh.tableId}/trick-order?game=leaster`);
    expect(order.body.trumps.slice(0, 4)).toEqual(['EO', 'GO', 'HO', 'SO']);
  });

  it('refuses bad input by field with 400 problem+json', async () => {
    const { tableId } = await createTable(api, { variant: 'schafkopf', seats: 4 });
    for (const [query, field] of [
      ['suit=X&game=solo', 'suit'],
      ['suit=E', 'game'],
      ['game=Solo%20Tout', 'game'],
      ['game=knorpel&card=ZZ', 'card'],
      ['game=solo&spiess=yes', 'spiess'],
      ['game=solo&colour=E', ''],
    ] as const) {
      const res = await api.get<{ code: string; detail: string; field?: string }>(
        `/v1/tables/${tableId}/trick-order?${query}`,
      );
      expect(res.status, query).toBe(400);
      expect(res.contentType).toContain('application/problem+json');
      expect(JSON.stringify(res.body), query).toContain(field);
    }
    expect((await api.get(`/v1/tables/nothere0000/trick-order`)).status).toBe(404);
  });
});
