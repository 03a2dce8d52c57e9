import { describe, expect, it } from 'vitest';
import { type SeqEvent, allEvents, createTable, join, viewAs } from '../support/functions/play.js';
import { useLocalServer } from '../support/local-server.js';

const { server, api } = useLocalServer();

interface Page {
  readonly version: number;
  readonly events: SeqEvent[];
  readonly next: number | null;
}

describe('health', () => {
  it('answers 200 JSON with the version', async () => {
    const res = await api.get<{ status: string; version: string }>('/v1/health');
    expect(res.status).toBe(200);
    expect(res.contentType).toMatch(/^application\/json/);
    expect(res.body).toEqual({ status: 'ok', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
  });
});

describe('events: ?after=seq, paginated, redacted per audience', () => {
  it('pages of any size, from any seq, add up to the same stream', async () => {
    const { tableId, organiserKey } = await createTable(api, {
      variant: 'schafkopf',
      seats: 4,
      bots: [0, 1, 2, 3],
      maxDeals: 2,
    });
    await server.idle();
    const all = await allEvents(api, tableId, organiserKey, 500);
    const version = (await viewAs(api, tableId, organiserKey)).version;
    expect(all.map((e) => e.seq)).toEqual(Array.from({ length: version }, (_, i) => i + 1));

    for (const limit of [1, 7, 40]) expect(await allEvents(api, tableId, organiserKey, limit)).toEqual(all);
    for (const after of [0, 1, 5, Math.floor(version / 2), version - 1]) {
      const page = await api.get<Page>(`/v1/tables/${tableId}/events?after=${after}&limit=10`, {
        token: organiserKey,
      });
      expect(page.status).toBe(200);
      expect(page.body.version).toBe(version);
      expect(page.body.events).toEqual(all.slice(after, after + 10));
      expect(page.body.next).toBe(after + 10 < version ? after + 10 : null);
    }
    for (const after of [version, version + 100]) {
      const page = await api.get<Page>(`/v1/tables/${tableId}/events?after=${after}`);
      expect(page.body).toMatchObject({ version, events: [], next: null });
    }
  });

  it('a seat reads its own cards in DealStarted and no one else’s; the organiser sees all once the deal is over', async () => {
    const { tableId, organiserKey } = await createTable(api, { variant: 'schafkopf', seats: 4, bots: [1, 2, 3] });
    const me = await join(api, tableId);
    await server.idle();
    const hands = (events: SeqEvent[]): unknown =>
      (events.find((e) => e.event.type === 'DealStarted')?.event.layout as { hands: string[][] }).hands.map(
        (h) => h.length,
      );
    // The default preset (sauspiel) knocks after the first four: DealStarted holds the first packet only.
    expect(hands(await allEvents(api, tableId, me.token))).toEqual([4, 0, 0, 0]);
    expect(hands(await allEvents(api, tableId))).toEqual([0, 0, 0, 0]);
    expect(hands(await allEvents(api, tableId, organiserKey))).toEqual([0, 0, 0, 0]);
  });
});
