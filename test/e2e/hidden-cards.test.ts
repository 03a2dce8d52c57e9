import { describe, expect, it } from 'vitest';
import { listVariants } from '../../engine/index.js';
import {
  type ViewBody,
  allEvents,
  createTable,
  scriptedChoice,
  seatEveryone,
  viewAs,
} from '../support/functions/play.js';
import { useLocalServer } from '../support/local-server.js';

const { api } = useLocalServer();

const CARD = /^[EGHS][AZSKOUG9876P]$/;

/** Every card id anywhere in a JSON document. */
function cardsIn(value: unknown, out = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    if (CARD.test(value)) out.add(value);
  } else if (Array.isArray(value)) for (const v of value) cardsIn(v, out);
  else if (typeof value === 'object' && value !== null) for (const v of Object.values(value)) cardsIn(v, out);
  return out;
}

/** Every registered variant at its smallest table (and Schafkopf at four, where dealing leaves nobody out). */
const CASES = listVariants().map((v) => ({ variant: v.id, seats: v.id === 'schafkopf' ? 4 : v.tableSeats.min }));

describe.each(CASES)('no endpoint shows another seat’s cards: $variant, $seats seats', ({ variant, seats: size }) => {
  it('every GET, as every seat, a spectator and the organiser, at every step of a deal', async () => {
    const { tableId, organiserKey } = await createTable(api, { variant, seats: size });
    const seats = await seatEveryone(api, tableId, size);
    const spectatorToken = (
      await api.post<{ spectatorToken: string }>(`/v1/tables/${tableId}/spectators`, { body: {} })
    ).body.spectatorToken;
    const audiences: { name: string; token?: string; seat?: number }[] = [
      ...seats.map((s) => ({ name: `seat ${s.seat}`, token: s.token, seat: s.seat })),
      { name: 'anonymous spectator' },
      { name: 'spectator token', token: spectatorToken },
      { name: 'organiser', token: organiserKey },
    ];
    // Every step: the view and the events since the previous step; every sixth step every GET route in full.
    const reads = (deal: number, step: number, since: number): string[] => [
      `/v1/tables/${tableId}/view`,
      `/v1/tables/${tableId}/events?after=${since}`,
      ...(step % 6 === 0
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
    let dealt: string[][] | undefined;
    const opening = await allEvents(api, tableId);
    const layoutHasFaceDown =
      (opening.find((e) => e.event.type === 'DealStarted')?.event.layout as { faceDown?: unknown } | undefined)
        ?.faceDown !== undefined;
    for (let step = 0; step < 400; step++) {
      const spectator = await viewAs(api, tableId);
      if (spectator.view.dealNo > 1) break;
      // The truth, from each seat's own view: its hand. Cards every spectator sees (open hands) are public.
      const own: ViewBody[] = await Promise.all(seats.map((s) => viewAs(api, tableId, s.token)));
      const hands = own.map((v, seat) => v.view.deal?.hands[seat] ?? []);
      dealt ??= hands.map((h) => [...h]);
      const open = cardsIn(spectator.view.deal?.hands ?? []);
      const deal = spectator.view.deal as { blind?: string[] | null; blindCount?: number } | null;
      const hiddenFromAll =
        layoutHasFaceDown || ((deal?.blindCount ?? 0) > 0 && (deal?.blind?.length ?? 0) < (deal?.blindCount ?? 0));
      for (const a of audiences) {
        // Hidden from this audience: other seats' cards that are not open (nor the same card in its own hand,
        // for decks that hold a card twice).
        const mine = new Set(a.seat === undefined ? [] : hands[a.seat]);
        const hidden = new Set(
          hands.flatMap((hand, seat) => (seat === a.seat ? [] : hand.filter((c) => !open.has(c) && !mine.has(c)))),
        );
        for (const path of reads(spectator.view.dealNo, step, since)) {
          const res = await api.get(path, a.token !== undefined ? { token: a.token } : {});
          expect(res.status, `${a.name} ${path}`).toBeLessThan(500);
          // Legal actions may offer "any card an opponent holds" (Saukopf's Knorpel): listing every such card tells
          // nothing the seat cannot deduce — unless some cards are hidden from everyone (a face-down blind or stacks).
          const { legalActions, ...rest } = (res.body as { view?: { legalActions?: unknown } }).view ?? {};
          const body = legalActions === undefined ? res.body : { ...res.body, view: rest };
          const seen = cardsIn(body);
          const leaked = [...hidden].filter((c) => seen.has(c));
          expect(leaked, `${a.name} sees ${leaked.join(' ')} in ${path}`).toEqual([]);
          const offered = [...cardsIn(legalActions)].filter((c) => hidden.has(c));
          const wholePool = offered.length === hidden.size && !hiddenFromAll;
          expect(offered.length === 0 || wholePool, `${a.name} is offered ${offered.join(' ')} in ${path}`).toBe(true);
          checked++;
        }
      }
      since = spectator.version;
      // Who acts, from the spectator's and the seats' views read above (what whoActs() reads again): only reads came
      // since, and this table has no bots or clocks, so those views are still the current ones.
      const toAct = spectator.view.deal?.toAct ?? [];
      const acting = seats.findIndex((s) => toAct.includes(s.seat));
      expect(acting, `someone must be able to act (toAct ${toAct.join(',')})`).toBeGreaterThanOrEqual(0);
      const [seat, mine] = [seats[acting]!, own[acting]!];
      // Forehand takes the game (a bid, or the blind), so that the deal is played out card by card.
      const bid =
        seat.seat === mine.view.deal?.forehand
          ? mine.view.legalActions.find((x) => x.type === 'bid' || x.type === 'pick')
          : undefined;
      const res = await api.post(`/v1/tables/${tableId}/actions`, {
        token: seat.token,
        body: { action: bid ?? scriptedChoice(mine.view.legalActions), expectedVersion: mine.version },
      });
      expect(res.status).toBe(200);
      // A deal that is over hides nothing any more (and its last response already holds the next deal's hand).
      const events = (res.body as { events: { event: { type: string } }[] }).events;
      if (events.some((e) => e.event.type === 'DealEnded')) continue;
      // The acting seat's response shows no other seat's cards either.
      const held = new Set(hands[seat.seat]);
      const others = new Set(
        hands.flatMap((hand, s) => (s === seat.seat ? [] : hand.filter((c) => !open.has(c) && !held.has(c)))),
      );
      expect([...cardsIn(res.body)].filter((c) => others.has(c))).toEqual([]);
    }
    expect(checked).toBeGreaterThan(100);

    // Once the deal is over the organiser sees every dealt card of it; a seat still sees only its own hand (and what
    // lies face up for everyone).
    const organiserEvents = await allEvents(api, tableId, organiserKey);
    const started = organiserEvents.find((e) => e.event.type === 'DealStarted' && e.event.deal === 1)!;
    const layout = started.event.layout as {
      hands: string[][];
      blind: string[];
      faceUp?: string[][];
      faceDown?: string[][];
    };
    const organiserSees = cardsIn(layout);
    expect(dealt!.flat().filter((c) => !organiserSees.has(c))).toEqual([]);
    const players = started.event.players as number[];
    const me = players.indexOf(1);
    const seatEvents = await allEvents(api, tableId, seats[1]!.token);
    // Its hand: DealStarted, plus the second packet (CardsDealt) where Klopfen comes after the first four cards.
    const seatSees = cardsIn(
      seatEvents
        .filter(
          (e) =>
            e.event.deal === 1 &&
            (e.event.type === 'DealStarted' ||
              (e.event.type === 'DealNoted' && (e.event.note as { type: string }).type === 'CardsDealt')),
        )
        .map((e) => e.event),
    );
    const own = new Set([...layout.hands[me]!, ...(layout.faceUp?.flat() ?? [])]);
    const secret = [
      ...layout.hands.flatMap((hand, i) => (i === me ? [] : hand)),
      ...layout.blind,
      ...(layout.faceDown?.flat() ?? []),
    ].filter((c) => !own.has(c));
    expect(secret.filter((c) => seatSees.has(c))).toEqual([]);
    expect(layout.hands[me]!.every((c) => seatSees.has(c))).toBe(true);
  }, 240_000);
});
