import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalServer } from '../../local/server.js';
import type { Api } from '../support/functions/client.js';
import { allEvents, startServer } from '../support/functions/play.js';
import { checkFrame } from './asyncapi.js';
import { type Player, playOverWs, seatedTable, subscribed } from './helpers.js';
import type { Frame, SeqEvent, WsClient } from './ws-client.js';

let server: LocalServer;
let api: Api;
let tableId: string;
let organiserKey: string;
let spectatorToken: string;
let players: Player[];
let spectator: WsClient;
let organiser: WsClient;
let version: number;

beforeAll(async () => {
  ({ server, api } = await startServer());
  const table = await seatedTable(api, { maxDeals: 2 });
  ({ tableId, organiserKey } = table);
  spectatorToken = (await api.post<{ spectatorToken: string }>(`/v1/tables/${tableId}/spectators`, { body: {} })).body
    .spectatorToken;
  players = [];
  for (const s of table.seats) players.push({ ...s, client: await subscribed(server, tableId, s.token) });
  spectator = await subscribed(server, tableId, spectatorToken);
  organiser = await subscribed(server, tableId, organiserKey);
  // Two whole deals, every move sent over WebSocket; every client waits for the pushes of each move.
  version = await playOverWs({
    players,
    watchers: [spectator, organiser],
    version: spectator.lastSeq,
    done: (v) => v.closed,
  });
});
afterAll(async () => {
  for (const c of [...players.map((p) => p.client), spectator, organiser]) await c.close();
  await server.close();
});

const CARD = /^[EGHS][AZSKOU9876P]$/;

/** Every string in a JSON value that is a card id. */
function cardsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') {
    if (CARD.test(value)) out.push(value);
  } else if (Array.isArray(value)) for (const v of value) cardsIn(v, out);
  else if (value !== null && typeof value === 'object') for (const v of Object.values(value)) cardsIn(v, out);
  return out;
}

/**
 * From the organiser's unredacted log (both deals are over): for every seq, the cards still hidden from each seat —
 * the other seats' dealt cards not yet played. Outside a running deal nothing is hidden.
 */
function hiddenCards(log: readonly SeqEvent[]): (seq: number, seat: number | undefined) => Set<string> {
  interface Deal {
    start: number;
    end: number;
    players: number[];
    hands: string[][];
    played: Map<string, number>;
  }
  const deals: Deal[] = [];
  for (const { seq, event } of log) {
    const deal = deals.at(-1);
    if (event.type === 'DealStarted') {
      const layout = event.layout as { hands: string[][] };
      deals.push({
        start: seq,
        end: Infinity,
        players: event.players as number[],
        hands: layout.hands,
        played: new Map(),
      });
    } else if (event.type === 'DealEnded' && deal !== undefined) deal.end = seq;
    else if (event.type === 'ActionTaken' && deal !== undefined) {
      const action = event.action as { type: string; card?: string };
      if (action.type === 'play' && action.card !== undefined) deal.played.set(action.card, seq);
    }
  }
  return (seq, seat) => {
    const deal = deals.find((d) => d.start <= seq && seq < d.end);
    const hidden = new Set<string>();
    if (deal === undefined) return hidden;
    deal.hands.forEach((hand, i) => {
      if (deal.players[i] === seat) return;
      for (const card of hand) if ((deal.played.get(card) ?? Infinity) > seq) hidden.add(card);
    });
    // The seat's own cards are never hidden from it (a card id can only be in one hand).
    return hidden;
  };
}

describe('whole deals over WebSocket only', () => {
  it('four players, a spectator and the organiser follow two deals; every log equals the REST log', async () => {
    expect(spectator.view!.dealNo).toBe(2);
    expect(spectator.view!.closed).toBe(true);
    for (const p of players) {
      await p.client.caughtUp(version);
      const rest = await allEvents(api, tableId, p.token);
      expect(p.client.applied.map((e) => e.seq)).toEqual(rest.map((_, i) => i + 1));
      expect(p.client.applied).toEqual(rest);
      expect(p.client.frames.filter((f) => f.type === 'error')).toEqual([]);
    }
    expect(spectator.applied).toEqual(await allEvents(api, tableId, spectatorToken));
    const played = spectator.applied.filter((e) => e.event.type === 'ActionTaken');
    expect(played.filter((e) => (e.event.action as { type: string }).type === 'play').length).toBeGreaterThan(0);
    expect(spectator.applied.filter((e) => e.event.type === 'DealEnded')).toHaveLength(2);
    expect(spectator.applied.at(-1)?.event.type).toBe('TableClosed');
    // After subscribing, everything arrived by push: no client needed to resync.
    for (const c of [...players.map((p) => p.client), spectator]) {
      expect(c.gapsSeen).toBe(0);
      const pushed = c.frames.filter((f) => f.type === 'events' && f.requestId === undefined);
      expect(pushed.length).toBeGreaterThan(40);
    }
  });

  it('a spectator, the organiser and each seat receive only what they may see, in every frame', async () => {
    const full = await allEvents(api, tableId, organiserKey);
    expect(full.filter((e) => e.event.type === 'DealStarted')).toHaveLength(2);
    const hiddenAt = hiddenCards(full);
    const audiences: [WsClient, number | undefined][] = [
      ...players.map((p): [WsClient, number] => [p.client, p.seat]),
      [spectator, undefined],
      [organiser, undefined],
    ];
    let checked = 0;
    for (const [client, seat] of audiences) {
      for (const frame of client.frames) {
        // Each event as of its own seq; the view as of the frame's version.
        for (const e of frame.events ?? []) {
          const leaked = cardsIn(e.event).filter((c) => hiddenAt(e.seq, seat).has(c));
          expect(leaked, `seat ${seat ?? '-'} got ${JSON.stringify(e)}`).toEqual([]);
          checked++;
        }
        if (frame.view !== undefined) {
          const leaked = cardsIn(frame.view).filter((c) => hiddenAt(frame.version!, seat).has(c));
          expect(leaked, `seat ${seat ?? '-'} view at ${frame.version}`).toEqual([]);
          const hands = frame.view.deal?.hands ?? [];
          hands.forEach((hand, i) => {
            // Another seat's hand is absent (null) or an empty list in every view this audience receives.
            if (i !== seat) expect(hand === null || hand.length === 0, `hand ${i} in a view for ${seat}`).toBe(true);
          });
        }
      }
    }
    expect(checked).toBeGreaterThan(500);
    // The check can fail: the organiser's log after the deals does hold the other seats' cards.
    expect(cardsIn(full.find((e) => e.event.type === 'DealStarted')!.event).length).toBe(32);
  });

  it('every frame is under 32 KB and matches its schema in asyncapi.yaml', () => {
    const all: (Frame & { bytes: number })[] = [...players.map((p) => p.client), spectator, organiser].flatMap(
      (c) => c.frames,
    );
    expect(all.length).toBeGreaterThan(400);
    expect(Math.max(...all.map((f) => f.bytes))).toBeLessThan(32 * 1024);
    for (const frame of all) expect(checkFrame(frame), JSON.stringify(frame).slice(0, 300)).toEqual([]);
  });
});
