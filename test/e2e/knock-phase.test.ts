import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalServer } from '../../local/server.js';
import { type Api, apiClient } from '../support/functions/client.js';
import { type Seated, type ViewBody, allEvents, createTable, join, viewAs } from '../support/functions/play.js';
import { subscribed } from '../realtime/helpers.js';
import type { WsClient } from '../realtime/ws-client.js';
import { type WebhookServer, receiver, verify as verifyHook, webhookServer } from '../webhooks/harness.js';

/**
 * The knock phase end to end: with Klopfen after the first four cards (the default preset `sauspiel`), until the
 * second packet is dealt every read a seat can make — its view and legal actions, the event log, the WebSocket pushes,
 * its webhook deliveries (events and `your_turn`), the record and fairness routes — shows it only its first packet
 * (four cards; three with the short deck), and everybody else nothing of it. The fairness commitment covers the
 * whole deal: once revealed, the seed reproduces both packets.
 */

let w: WebhookServer;
let server: LocalServer;
let api: Api;

beforeAll(async () => {
  w = await webhookServer();
  server = w.server;
  api = apiClient(server.url);
});
afterAll(async () => {
  await server.close();
});

const CARD = /^[EGHS][AZKOU987]$/;

/** Every card id anywhere in a JSON document (or a JSON text). */
function cardsIn(value: unknown, out = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    if (CARD.test(value)) out.add(value);
    else if (value.startsWith('{') || value.startsWith('['))
      try {
        cardsIn(JSON.parse(value), out);
      } catch {
        // not JSON: no cards
      }
  } else if (Array.isArray(value)) for (const v of value) cardsIn(v, out);
  else if (typeof value === 'object' && value !== null) for (const v of Object.values(value)) cardsIn(v, out);
  return out;
}

const NO_KNOCK = { type: 'choose', choice: 'no-knock' };

describe.each([
  { deck: 'long', packet: 4 },
  { deck: 'short', packet: 3 },
])('the knock phase hides the second packet: $deck deck, $packet cards first', ({ deck, packet }) => {
  it('views, legal actions, events, pushes, webhooks and records show each seat its first packet only', async () => {
    const { tableId, organiserKey } = await createTable(api, { variant: 'schafkopf', seats: 4, options: { deck } });
    // Seats 0–2 listen on a WebSocket and a webhook before the deal starts; seat 3's joining deals.
    const seats: Seated[] = [];
    const sockets: WsClient[] = [];
    const hooks: { rx: Awaited<ReturnType<typeof receiver>>; secret: string }[] = [];
    for (const seat of [0, 1, 2]) {
      const s = await join(api, tableId, seat);
      seats.push(s);
      sockets.push(await subscribed(server, tableId, s.token));
      const rx = await receiver();
      const { secret } = await w.hooks.service.register(s.token, { url: rx.url, tableId });
      hooks.push({ rx, secret });
    }
    const spectatorSocket = await subscribed(server, tableId, undefined);
    seats.push(await join(api, tableId, 3));
    await server.idle();

    // Everything each audience can read, collected at every step of the knock phase.
    const seen: Set<string>[] = [0, 1, 2, 3].map(() => new Set());
    const spectatorSeen = new Set<string>();
    const first: string[][] = [];
    const readAll = async (): Promise<ViewBody> => {
      const spectator = await viewAs(api, tableId);
      expect((spectator.view.deal as { phase?: string } | null)?.phase).toBe('knock');
      cardsIn(spectator, spectatorSeen);
      cardsIn(await allEvents(api, tableId), spectatorSeen);
      for (const s of seats) {
        const mine = await viewAs(api, tableId, s.token);
        const deal = mine.view.deal as NonNullable<ViewBody['view']['deal']> & { handCounts: number[] };
        // The seat holds its first packet; every seat is counted at one packet.
        expect(deal.hands[s.seat]).toHaveLength(packet);
        expect(deal.handCounts).toEqual([packet, packet, packet, packet]);
        first[s.seat] ??= [...deal.hands[s.seat]!];
        expect(deal.hands[s.seat]).toEqual(first[s.seat]);
        if (deal.toAct.includes(s.seat)) expect(mine.view.legalActions).toEqual([{ type: 'knock' }, NO_KNOCK]);
        else expect(mine.view.legalActions).toEqual([]);
        cardsIn(mine, seen[s.seat]);
        cardsIn(await allEvents(api, tableId, s.token), seen[s.seat]);
        for (const path of ['', '/deals/1/record', '/deals/1/fairness']) {
          const res = await api.get(`/v1/tables/${tableId}${path}`, { token: s.token });
          // While the deal runs its record is not served (to anybody).
          expect(res.status, path).toBe(path === '/deals/1/record' ? 409 : 200);
          cardsIn(res.body, seen[s.seat]);
        }
        // The chat text view writes cards as `EU H10 SK`.
        const text = await fetch(`${server.url}/v1/tables/${tableId}/view?format=text&lang=de`, {
          headers: { authorization: `Bearer ${s.token}` },
        });
        expect(text.status).toBe(200);
        for (const word of (await text.text()).split(/[^A-Z0-9]+/))
          if (/^[EGHS](A|10|K|O|U|9|8|7)$/.test(word)) seen[s.seat]!.add(word.replace('10', 'Z'));
      }
      return spectator;
    };

    // Three seats decide (in any order, one of them knocks) and each response is read as well.
    let v = await readAll();
    expect(v.view.deal!.toAct).toEqual([0, 1, 2, 3]);
    for (const [seat, action] of [
      [2, NO_KNOCK],
      [0, { type: 'knock' }],
      [3, NO_KNOCK],
    ] as const) {
      const res = await api.post(`/v1/tables/${tableId}/actions`, {
        token: seats[seat]!.token,
        body: { action, expectedVersion: v.version },
      });
      expect(res.status).toBe(200);
      cardsIn(res.body, seen[seat]);
      await server.idle();
      // Every read once more before the last decision (in between, the responses and the pushes are read).
      v = seat === 3 ? await readAll() : await viewAs(api, tableId);
    }
    expect(v.view.deal!.toAct).toEqual([1]);
    // What the pushes and webhooks carried so far (seats 0–2 and a spectator).
    for (const [i, socket] of sockets.entries()) {
      await socket.caughtUp(v.version);
      cardsIn(socket.frames, seen[i]);
    }
    await spectatorSocket.caughtUp(v.version);
    cardsIn(spectatorSocket.frames, spectatorSeen);
    for (const [i, { rx, secret }] of hooks.entries()) {
      const payloads = rx.received.map((r) => verifyHook(secret, r, w.clock.now()));
      expect(payloads.some((p) => (p as { type: string }).type === 'your_turn')).toBe(true);
      cardsIn(payloads, seen[i]);
    }

    // The last seat decides: the second packet is dealt (each seat gets its own CardsDealt) and the auction starts.
    const last = await api.post(`/v1/tables/${tableId}/actions`, {
      token: seats[1]!.token,
      body: { action: NO_KNOCK, expectedVersion: v.version },
    });
    expect(last.status).toBe(200);
    await server.idle();
    const second: string[][] = [];
    for (const s of seats) {
      const mine = await viewAs(api, tableId, s.token);
      const hand = mine.view.deal!.hands[s.seat]!;
      expect(hand).toHaveLength(2 * packet);
      second[s.seat] = hand.filter((c) => !first[s.seat]!.includes(c));
      expect(second[s.seat]).toHaveLength(packet);
      const dealt = (await allEvents(api, tableId, s.token))
        .map((e) => e.event)
        .filter((e) => e.type === 'DealNoted' && (e.note as { type: string }).type === 'CardsDealt')
        .map((e) => e.note as { seat: number; cards: string[] });
      expect(dealt.map((n) => n.seat).sort()).toEqual([0, 1, 2, 3]);
      for (const n of dealt) expect([...n.cards].sort()).toEqual(n.seat === s.seat ? [...second[s.seat]!].sort() : []);
    }

    // The guarantee: during the knock phase a seat saw its own first packet and nothing else; a spectator nothing.
    for (const s of seats) expect([...seen[s.seat]!].sort(), `seat ${s.seat}`).toEqual([...first[s.seat]!].sort());
    expect([...spectatorSeen]).toEqual([]);

    // The commitment covers the whole deal: close the table mid-deal (the deal is abandoned, its seed revealed),
    // and the seed reproduces both packets of every hand.
    expect((await api.post(`/v1/tables/${tableId}/close`, { token: organiserKey })).status).toBe(200);
    await server.idle();
    const record = await api.get<{
      complete: boolean;
      record: { hands: string[][] };
      fairness: { seed: string; commitment: string };
    }>(`/v1/tables/${tableId}/deals/1/record`);
    expect(record.status).toBe(200);
    expect(record.body.complete).toBe(false);
    for (const s of seats)
      expect([...record.body.record.hands[s.seat]!].sort()).toEqual([...first[s.seat]!, ...second[s.seat]!].sort());
    const verified = await api.post(`/v1/tables/${tableId}/deals/1/verify`, {
      body: { seed: record.body.fairness.seed },
    });
    expect(verified.body).toMatchObject({ commitmentMatches: true, dealMatches: true });

    for (const socket of [...sockets, spectatorSocket]) await socket.close();
    for (const { rx } of hooks) await rx.close();
  }, 60_000);
});
