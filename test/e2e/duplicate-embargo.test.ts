import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { parse } from 'csv-parse/sync';
import { ManualClock } from '../../functions/tournaments/due-work.js';
import { receiver } from '../webhooks/harness.js';
import { useLocalServer } from '../support/local-server.js';

/**
 * Duplicate deals: every table of a round plays the same cards, so a finished table's results (contracts, declarers —
 * the secret Sauspiel partner among them —, card points, the table's points) must not reach anybody while another
 * table still plays those deals. Against the real local server: one all-bot table finishes while a human's table waits
 * on its (frozen) clock; the anonymous events, the standings, the finished table's score sheet, the tournament WebSocket
 * and the organiser's webhook all carry the embargoed form; once the round ends the events and sheets show everything.
 */

const T0 = Date.UTC(2026, 10, 28, 17, 0);
const HOUR = 3_600_000;
const clock = new ManualClock(T0);
const { server, api } = useLocalServer({ clock, webhooks: { allowAddresses: ['127.0.0.1'], timeoutMs: 2_000 } });

interface TableFinished {
  readonly type: 'TableFinished';
  readonly round: number;
  readonly table: number;
  readonly deals: readonly { result: { contract: unknown; declarers: number[]; cardPoints: number[] } }[];
  readonly points: readonly string[];
  readonly embargoed?: true;
}
type Seq = { seq: number; event: { type: string } };
interface TournamentBody {
  phase: string;
  rounds: { tables: { table: number; tableId: string; finished: boolean; seats: { kind: string }[] }[] }[];
}

const finishedOf = (events: readonly Seq[]): TableFinished[] =>
  events.filter((e) => e.event.type === 'TableFinished').map((e) => e.event as unknown as TableFinished);

describe('duplicate tournaments embargo a round’s table results until the round ends', () => {
  it('events, standings, score sheet, WebSocket and webhook show a finished table only as finished while another plays', async () => {
    const rx = await receiver();
    const created = await api.post<{ tournamentId: string; organiserKey: string }>('/v1/tournaments', {
      body: {
        name: 'Duplicate Cup',
        variant: 'schafkopf',
        rounds: 1,
        dealsPerRound: 4,
        startsAt: new Date(T0 + HOUR).toISOString(),
        noShows: 'bot',
        remainder: 'bots',
        duplicate: true,
        clock: { turnSeconds: 30 },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { tournamentId: U, organiserKey: ORG } = created.body;
    const hook = await api.post<{ id: string; secret: string }>('/v1/webhooks', {
      token: ORG,
      body: { url: rx.url, tournamentId: U },
    });
    expect(hook.status).toBe(201);
    // Eight players, only the first checks in (and never acts): her table waits on her clock, which does not move;
    // the other table is all bots and finishes.
    for (let i = 0; i < 8; i++) {
      const p = await api.post<{ playerId: string }>(`/v1/tournaments/${U}/players`, {
        token: ORG,
        body: { name: `Player ${i + 1}` },
      });
      expect(p.status).toBe(201);
      if (i === 0) await api.post(`/v1/tournaments/${U}/players/${p.body.playerId}/check-in`, { token: ORG });
    }
    const socket = new WebSocket(`${server.wsUrl}?tournamentId=${U}`);
    const frames: { events?: Seq[] }[] = [];
    socket.on('message', (data: Buffer) => frames.push(JSON.parse(data.toString()) as { events?: Seq[] }));
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    socket.send(JSON.stringify({ action: 'subscribe', requestId: 's1', tournamentId: U, after: 0 }));

    clock.advanceTo(T0 + HOUR);
    await server.idle();
    const t = (await api.get<TournamentBody>(`/v1/tournaments/${U}`, { token: ORG })).body;
    expect(t.phase).toBe('playing');
    const tables = t.rounds[0]!.tables;
    const bots = tables.find((x) => x.seats.every((s) => s.kind === 'bot'))!;
    const human = tables.find((x) => x !== bots)!;
    expect(bots.finished).toBe(true);
    expect(human.finished).toBe(false);

    // Anonymous events: the table finished, nothing more.
    const during = await api.get<{ events: Seq[] }>(`/v1/tournaments/${U}/events?after=0&limit=500`);
    const [early] = finishedOf(during.body.events);
    expect(early).toEqual({
      type: 'TableFinished',
      round: 1,
      table: bots.table,
      deals: [],
      points: [],
      duplicate: true,
      embargoed: true,
    });
    // Standings: nobody has played a deal yet as far as anyone can see.
    const standings = await api.get<{ standings: { total: string; deals: number }[] }>(
      `/v1/tournaments/${U}/standings`,
    );
    expect(standings.body.standings.every((r) => r.total === '0' && r.deals === 0)).toBe(true);
    const csv = await (
      await fetch(`${server.url}/v1/tournaments/${U}/standings`, { headers: { accept: 'text/csv' } })
    ).text();
    const rows = parse(csv, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(8);
    expect(rows.every((r) => r.total === '0' && r.deals === '0')).toBe(true);
    // The finished table's score sheet: no rows, no totals yet (JSON and CSV).
    const sheet = await api.get<{ rows: unknown[]; totals: unknown }>(
      `/v1/tournaments/${U}/rounds/1/tables/${bots.table}/sheet`,
    );
    expect(sheet.body.rows).toEqual([]);
    expect(sheet.body.totals).toBeNull();
    // The WebSocket push and the organiser's webhook: the same embargoed event.
    await until(() => finishedOf(frames.flatMap((f) => f.events ?? [])).length > 0);
    expect(finishedOf(frames.flatMap((f) => f.events ?? []))).toEqual([early]);
    // (Signatures are checked in test/webhooks/tournament.test.ts; here only what the deliveries say.)
    const delivered = rx.received.map((r) => (JSON.parse(r.body) as { data: Seq }).data);
    expect(finishedOf(delivered)).toEqual([early]);

    // Let the human's clock run out until the round (the tournament) ends: then everything is published.
    for (let step = 0; step < 60; step++) {
      if ((await api.get<{ phase: string }>(`/v1/tournaments/${U}`)).body.phase === 'ended') break;
      const due = clock.nextAt();
      if (due === undefined) throw new Error('stuck: no timer pending');
      clock.advanceTo(due);
      await server.idle();
    }
    const after = await api.get<{ events: Seq[] }>(`/v1/tournaments/${U}/events?after=0&limit=500`);
    const finished = finishedOf(after.body.events);
    expect(finished).toHaveLength(2);
    for (const f of finished) {
      expect(f.embargoed).toBeUndefined();
      expect(f.deals).toHaveLength(4);
      expect(f.points).toHaveLength(4);
    }
    const open = await api.get<{ rows: unknown[] }>(`/v1/tournaments/${U}/rounds/1/tables/${bots.table}/sheet`);
    expect(open.body.rows).toHaveLength(4);
    // The last table's result is pushed in the commit that ends the round: in full.
    await until(() => finishedOf(frames.flatMap((f) => f.events ?? [])).length > 1);
    const pushedLast = finishedOf(frames.flatMap((f) => f.events ?? [])).find((f) => f.table === human.table)!;
    expect(pushedLast.deals).toHaveLength(4);
    socket.close();
    await rx.close();
  });
});

/** Wait for a condition that a push will make true (no timers: re-checked after each macrotask). */
async function until(test: () => boolean): Promise<void> {
  for (let i = 0; i < 1000 && !test(); i++) await new Promise((r) => setImmediate(r));
  expect(test()).toBe(true);
}
