import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalServer } from '../../local/server.js';
import type { Api } from '../support/functions/client.js';
import {
  type ViewBody,
  allEvents,
  createTable,
  scriptedChoice,
  seatEveryone,
  startServer,
  viewAs,
  whoActs,
} from '../support/functions/play.js';

let server: LocalServer;
let api: Api;

beforeAll(async () => {
  ({ server, api } = await startServer());
});
afterAll(async () => {
  await server.close();
});

const CARD = /^[EGHS][AZSKOUG9876P]$/;

/** Every card id anywhere in a JSON document. */
function cardsIn(value: unknown, out = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    if (CARD.test(value)) out.add(value);
  } else if (Array.isArray(value)) for (const v of value) cardsIn(v, out);
  else if (typeof value === 'object' && value !== null) for (const v of Object.values(value)) cardsIn(v, out);
  return out;
}

describe('no endpoint shows another seat’s cards', () => {
  it('every GET, as every seat, a spectator and the organiser, at every step of a deal', async () => {
    const { tableId, organiserKey } = await createTable(api, { variant: 'schafkopf', seats: 4 });
    const seats = await seatEveryone(api, tableId, 4);
    const spectatorToken = (
      await api.post<{ spectatorToken: string }>(`/v1/tables/${tableId}/spectators`, { body: {} })
    ).body.spectatorToken;
    const audiences: { name: string; token?: string; seat?: number }[] = [
      ...seats.map((s) => ({ name: `seat ${s.seat}`, token: s.token, seat: s.seat })),
      { name: 'anonymous spectator' },
      { name: 'spectator token', token: spectatorToken },
      { name: 'organiser', token: organiserKey },
    ];
    // Every step: the view and the events since the previous step; every fourth step every GET route in full.
    const reads = (deal: number, step: number, since: number): string[] => [
      `/v1/tables/${tableId}/view`,
      `/v1/tables/${tableId}/events?after=${since}`,
      ...(step % 4 === 0
        ? [
            `/v1/tables/${tableId}`,
            `/v1/tables/${tableId}/events?after=0&limit=500`,
            `/v1/tables/${tableId}/deals/${deal}/fairness`,
            `/v1/tables/${tableId}/deals/${deal}/record`,
            '/v1/tables',
          ]
        : []),
    ];
    let since = 0;

    let checked = 0;
    for (let step = 0; step < 200; step++) {
      const spectator = await viewAs(api, tableId);
      if (spectator.view.dealNo > 1) break;
      // The truth, from each seat's own view: its hand. Cards every spectator sees (open hands) are public.
      const own: ViewBody[] = await Promise.all(seats.map((s) => viewAs(api, tableId, s.token)));
      const hands = own.map((v, seat) => v.view.deal?.hands[seat] ?? []);
      const open = cardsIn(spectator.view.deal?.hands ?? []);
      for (const a of audiences) {
        const hidden = new Set(
          hands.flatMap((hand, seat) => (seat === a.seat ? [] : hand.filter((c) => !open.has(c)))),
        );
        for (const path of reads(spectator.view.dealNo, step, since)) {
          const res = await api.get(path, a.token !== undefined ? { token: a.token } : {});
          expect(res.status, `${a.name} ${path}`).toBeLessThan(500);
          const seen = cardsIn(res.body);
          const leaked = [...hidden].filter((c) => seen.has(c));
          expect(leaked, `${a.name} sees ${leaked.join(' ')} in ${path}`).toEqual([]);
          checked++;
        }
        // The seat itself sees its own hand, in its view and in its DealStarted event.
        if (a.seat !== undefined) expect(own[a.seat]!.view.deal?.hands[a.seat]).toEqual(hands[a.seat]);
      }
      since = spectator.version;
      const [seat, mine] = await whoActs(api, tableId, seats);
      const bid =
        seat.seat === mine.view.deal?.forehand ? mine.view.legalActions.find((x) => x.type === 'bid') : undefined;
      const res = await api.post(`/v1/tables/${tableId}/actions`, {
        token: seat.token,
        body: { action: bid ?? scriptedChoice(mine.view.legalActions), expectedVersion: mine.version },
      });
      expect(res.status).toBe(200);
      // The acting seat's response shows no other seat's cards either.
      const others = new Set(hands.flatMap((hand, s) => (s === seat.seat ? [] : hand.filter((c) => !open.has(c)))));
      expect([...cardsIn(res.body)].filter((c) => others.has(c))).toEqual([]);
    }
    expect(checked).toBeGreaterThan(300);

    // Once the deal is over the organiser sees every dealt card of it; a seat still sees only its own deal-1 hand.
    const organiserEvents = await allEvents(api, tableId, organiserKey);
    const dealt = organiserEvents.find((e) => e.event.type === 'DealStarted' && e.event.deal === 1)!;
    expect(cardsIn(dealt.event.layout).size).toBe(32);
    const seatEvents = await allEvents(api, tableId, seats[1]!.token);
    const seatDealt = seatEvents.find((e) => e.event.type === 'DealStarted' && e.event.deal === 1)!;
    expect(cardsIn(seatDealt.event.layout).size).toBe(8);
  }, 120_000);
});
