import { afterEach, describe, expect, it } from 'vitest';
import { type LocalServer, startLocal } from '../../local/server.js';
import { ManualClock } from '../../functions/tournaments/due-work.js';
import { type Api, apiClient } from '../support/functions/client.js';
import { type ViewBody, scriptedChoice } from '../support/functions/play.js';

/**
 * A mixed evening on the local server, as an organiser runs it: 12 online players and 8 at two live tables (cards,
 * Spielliste entered by hand), 2 rounds of 4 deals. One online player never acts — their table stalls (no clock) and
 * the organiser finishes it; in round 2 a reserve substitutes for them. A player withdraws after round 1, a walk-in
 * takes part from round 2, a player frees their own seat mid-round (a bot plays on, not credited), a live sheet is
 * corrected after it was handed in. The list ranks only who played, shows the prize list, and equals a
 * recomputation from the tables' own records and the sheets as entered.
 */

const T0 = Date.UTC(2026, 10, 27, 17, 0);
const HOUR = 3_600_000;

interface Seat {
  readonly seat: number;
  readonly kind: string;
  readonly playerId?: string;
}
interface TableBody {
  table: number;
  tableId?: string;
  live?: boolean;
  deals: number;
  finished: boolean;
  unplayed?: number;
  seats: Seat[];
  takeovers?: { seat: number; fromDeal: number; player: string | null; creditTo: string | null }[];
}
interface TournamentBody {
  phase: string;
  nextRound?: { round: number; startsAt: string };
  rounds: { round: number; endedAt?: string; zeroSum?: boolean | null; tables: TableBody[] }[];
}
interface Row {
  rank: number | null;
  playerId: string;
  total: string;
  deals: number;
  botDeals: number;
}
interface Award {
  kind: string;
  place: number;
  playerId: string;
  cents?: number;
  goods?: string[];
}

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The sheet as written at each live table (deal by deal), and the payouts a person computes from it by hand. */
const SHEET = [
  { entry: { kind: 'game', game: 'sauspiel', declarers: [0, 1], won: true }, payout: [1, 1, -1, -1] },
  // Solo with Schneider, tournament tariff 5 + 1, paid by each of three opponents.
  {
    entry: { kind: 'game', game: 'solo', suit: 'E', declarers: [2], won: true, schneider: true },
    payout: [-6, -6, 18, -6],
  },
  // All passed: the tournament preset plays a Muss-Spiel (a thrown-in deal is no game), entered as the Sauspiel it was.
  { entry: { kind: 'game', game: 'sauspiel', declarers: [1, 3], won: true }, payout: [-1, 1, -1, 1] },
  // One knock doubles: a lost Sauspiel of 1 becomes 2.
  { entry: { kind: 'game', game: 'sauspiel', declarers: [3, 1], won: false, knocks: 1 }, payout: [2, -2, 2, -2] },
] as const;

describe('a mixed evening: online and live tables, an organiser in control, an honest list', () => {
  it('runs to the end and the list equals an independent recomputation', async () => {
    const clock = new ManualClock(T0);
    server = await startLocal({ port: 0, clock });
    const api: Api = apiClient(server.url);
    const settle = (): Promise<void> => server!.idle();

    const created = await api.post<{ tournamentId: string; organiserKey: string }>('/v1/tournaments', {
      body: {
        name: 'Preisschafkopf beim Wirt',
        variant: 'schafkopf',
        rounds: 2,
        dealsPerRound: 4,
        startsAt: new Date(T0 + HOUR).toISOString(),
        pauseMinutes: 10,
        noShows: 'drop',
        prizes: {
          entryFeeCents: 1000,
          retainCents: 300,
          places: [
            { place: 1, share: 5 },
            { place: 2, share: 3 },
            { place: 3, share: 2 },
            { place: 1, goods: 'Geräuchertes' },
          ],
          rounds: [{ place: 1, cents: 500 }],
        },
      },
    });
    expect(created.status).toBe(201);
    const { tournamentId: U, organiserKey: ORG } = created.body;
    const tokens = new Map<string, string>();
    const register = async (name: string, live = false): Promise<string> => {
      const r = await api.post<{ playerId: string; playerToken: string }>(`/v1/tournaments/${U}/players`, {
        token: ORG,
        body: { name, ...(live ? { live: true } : {}) },
      });
      expect(r.status).toBe(201);
      tokens.set(r.body.playerId, r.body.playerToken);
      return r.body.playerId;
    };
    const online: string[] = [];
    // Two players named alike: the printed sheets tell them apart by start number.
    for (let i = 0; i < 12; i++) online.push(await register(i === 11 ? 'Sepp' : i === 10 ? 'Sepp' : `Online ${i + 1}`));
    const live: string[] = [];
    for (let i = 0; i < 8; i++) live.push(await register(`Wirtshaus ${i + 1}`, true));
    const reserve = await register('Reserve');
    for (const id of [...online, ...live])
      expect((await api.post(`/v1/tournaments/${U}/players/${id}/check-in`, { token: tokens.get(id)! })).status).toBe(
        200,
      );
    const silent = online[0]!;

    const tournament = async (): Promise<TournamentBody> =>
      (await api.get<TournamentBody>(`/v1/tournaments/${U}`, { token: ORG })).body;
    // Before the start the organiser publishes the draw to print the seating plan, then re-draws (a wrong list).
    expect((await api.post(`/v1/tournaments/${U}/draw`, { token: ORG })).status).toBe(200);
    expect(
      (await api.post(`/v1/tournaments/${U}/draw`, { token: ORG, body: { reason: 'Sepp came twice' } })).status,
    ).toBe(200);
    const plan = await fetch(`${server.url}/v1/tournaments/${U}/rounds/1/seating?lang=de`);
    expect(plan.status).toBe(200);
    const planText = await plan.text();
    expect(planText).toContain('Tischplan');
    expect(planText).toContain('Sepp (Nr. 11)');

    clock.advanceTo(T0 + HOUR);
    await settle();
    let t = await tournament();
    expect(t.phase).toBe('playing');

    /** Token overrides for substitutes (their seat token at one table), and seats nobody plays any more. */
    const seatTokens = new Map<string, string>();
    const gone = new Set<string>([silent]);
    const tokenAt = (table: TableBody, seat: number): string | undefined => {
      const override = seatTokens.get(`${table.tableId}:${seat}`);
      if (override !== undefined) return override;
      const s = table.seats[seat];
      if (s?.kind !== 'player' || s.playerId === undefined || gone.has(s.playerId)) return undefined;
      return tokens.get(s.playerId);
    };
    /** One move at each online table where a seat we play is to act; false when nobody we play is to act anywhere. */
    const step = async (round: number): Promise<boolean> => {
      t = await tournament();
      const r = t.rounds[round - 1]!;
      const moved = await Promise.all(
        r.tables
          .filter((x) => x.live !== true && !x.finished)
          .map(async (table) => {
            const seen = (await api.get<ViewBody>(`/v1/tables/${table.tableId}/view`, { token: ORG })).body;
            const seat = seen.view.deal?.toAct[0];
            if (seen.view.closed || seat === undefined) return false;
            const token = tokenAt(table, seat);
            if (token === undefined) return false;
            const mine = await api.get<ViewBody>(`/v1/tables/${table.tableId}/view`, { token });
            if (mine.status !== 200 || mine.body.view.legalActions.length === 0) return false;
            const res = await api.post(`/v1/tables/${table.tableId}/actions`, {
              token,
              body: { action: scriptedChoice(mine.body.view.legalActions), expectedVersion: mine.body.version },
            });
            expect([200, 409]).toContain(res.status);
            return true;
          }),
      );
      await settle();
      return moved.some(Boolean);
    };
    const enterSheet = async (round: number, table: TableBody, by: string): Promise<void> => {
      for (let d = 0; d < SHEET.length; d++) {
        const res = await api.post(`/v1/tournaments/${U}/rounds/${round}/tables/${table.table}/deals`, {
          token: by,
          body: { deal: d + 1, entry: SHEET[d]!.entry },
        });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
      }
      expect(
        (await api.post(`/v1/tournaments/${U}/rounds/${round}/tables/${table.table}/submit`, { token: by })).status,
      ).toBe(200);
    };

    // ——— Round 1 ———
    const r1 = t.rounds[0]!;
    const liveTables = r1.tables.filter((x) => x.live === true);
    expect(liveTables).toHaveLength(2);
    // Live tables seat only the players at the venue.
    for (const x of liveTables) for (const s of x.seats) expect(live).toContain(s.playerId);
    // A blank Spielliste for the live table, in German, before anything is entered.
    const blank = await fetch(
      `${server.url}/v1/tournaments/${U}/rounds/1/tables/${liveTables[0]!.table}/sheet?lang=de`,
      {
        headers: { accept: 'text/html' },
      },
    );
    expect((await blank.text()).match(/class="blank"/g)).toHaveLength(4);
    // The table captain (seat 0) enters one sheet, the organiser the other.
    const captain = tokens.get(liveTables[0]!.seats[0]!.playerId!)!;
    const outsider = tokens.get(online[5]!)!;
    const refused = await api.post(`/v1/tournaments/${U}/rounds/1/tables/${liveTables[0]!.table}/deals`, {
      token: outsider,
      body: { deal: 1, entry: SHEET[0].entry },
    });
    expect(refused.status).toBe(403);
    await enterSheet(1, liveTables[0]!, captain);
    await enterSheet(1, liveTables[1]!, ORG);
    // Online: everyone but the silent player plays until nobody else can move.
    for (let quiet = 0; quiet < 2;) quiet = (await step(1)) ? 0 : quiet + 1;
    t = await tournament();
    const stuck = t.rounds[0]!.tables.filter((x) => !x.finished);
    expect(stuck.map((x) => x.seats.some((s) => s.playerId === silent))).toEqual([true]);
    const finish = await api.post(`/v1/tournaments/${U}/rounds/1/tables/${stuck[0]!.table}/finish`, {
      token: ORG,
      body: { reason: 'a player does not act' },
    });
    expect(finish.status, JSON.stringify(finish.body)).toBe(200);
    await settle();
    t = await tournament();
    expect(t.phase).toBe('pause');
    expect(t.rounds[0]!.tables.find((x) => x.table === stuck[0]!.table)?.unplayed).toBeGreaterThan(0);

    // ——— Between the rounds: one leaves, one walks in ———
    const leaver = online[3]!;
    expect(
      (await api.post(`/v1/tournaments/${U}/players/${leaver}/withdraw`, { token: tokens.get(leaver)! })).status,
    ).toBe(200);
    const walkIn = await register('Walk-in');
    expect((await api.post(`/v1/tournaments/${U}/players/${walkIn}/check-in`, { token: ORG })).status).toBe(200);
    clock.advanceTo(Date.parse(t.nextRound!.startsAt));
    await settle();
    t = await tournament();
    expect(t.phase).toBe('playing');
    const r2 = t.rounds[1]!;
    const seated2 = r2.tables.flatMap((x) => x.seats.map((s) => s.playerId));
    expect(seated2).toContain(walkIn);
    expect(seated2).not.toContain(leaver);

    // ——— Round 2: the reserve substitutes for the silent player; a player leaves their seat after deal 1 ———
    const sub = await api.post<{ table: number; seat: number; fromDeal: number; seatToken: string }>(
      `/v1/tournaments/${U}/players/${silent}/substitute`,
      { token: ORG, body: { substitute: reserve, creditTo: 'substitute', reason: 'does not act' } },
    );
    expect(sub.status, JSON.stringify(sub.body)).toBe(200);
    const subTable = r2.tables.find((x) => x.table === sub.body.table)!;
    seatTokens.set(`${subTable.tableId}:${sub.body.seat}`, sub.body.seatToken);
    await settle();
    const quitTable = r2.tables.find((x) => x.live !== true && x.table !== sub.body.table)!;
    const quitter = quitTable.seats[1]!.playerId!;
    let quitDone = false;
    for (let quiet = 0; quiet < 2;) {
      const moved = await step(2);
      quiet = moved ? 0 : quiet + 1;
      if (!quitDone) {
        const v = (await api.get<ViewBody>(`/v1/tables/${quitTable.tableId}/view`, { token: ORG })).body;
        if (v.view.dealNo >= 2) {
          gone.add(quitter);
          expect(
            (await api.del(`/v1/tables/${quitTable.tableId}/seats/1`, { token: tokens.get(quitter)! })).status,
          ).toBe(204);
          await settle();
          quitDone = true;
          quiet = 0;
        }
      }
    }
    expect(quitDone).toBe(true);
    const round2 = (await tournament()).rounds[1]!;
    for (const x of round2.tables.filter((y) => y.live === true)) await enterSheet(2, x, ORG);
    await settle();
    t = await tournament();
    expect(t.phase).toBe('ended');

    // A correction after the end: live table, round 2, deal 4 was won after all.
    const fixedTable = t.rounds[1]!.tables.find((x) => x.live === true)!;
    const fix = await api.post(`/v1/tournaments/${U}/rounds/2/tables/${fixedTable.table}/corrections`, {
      token: ORG,
      body: { deal: 4, entry: { ...SHEET[3].entry, won: true }, reason: 'recounted: 61 points' },
    });
    expect(fix.status, JSON.stringify(fix.body)).toBe(200);
    t = await tournament();

    // ——— Every intervention is an event on the stream ———
    const events = (
      await api.get<{ events: { event: { type: string } }[] }>(`/v1/tournaments/${U}/events?limit=500`)
    ).body.events.map((e) => e.event.type);
    for (const type of ['DrawPublished', 'SeatTakenOver', 'Withdrawn', 'DealEntered', 'ResultCorrected'])
      expect(events, type).toContain(type);
    expect(events.filter((e) => e === 'SeatTakenOver').length).toBe(2);

    // ——— Independent recomputation: the tables' records (who sat where, from the tournament's takeovers) and the
    // sheets as entered, payouts added by hand ———
    const expected = new Map<string, bigint>();
    const credit = (id: string | null | undefined, points: number): void => {
      if (id === null || id === undefined) return;
      expected.set(id, (expected.get(id) ?? 0n) + BigInt(points));
    };
    const played = new Set<string>();
    for (const r of t.rounds)
      for (const x of r.tables) {
        if (x.live === true) {
          SHEET.forEach((row, d) => {
            const fixed =
              r.round === 2 && x.table === fixedTable.table && d === 3 ? row.payout.map((p) => -p) : row.payout;
            x.seats.forEach((s, i) => {
              credit(s.playerId, fixed[i]!);
              played.add(s.playerId!);
            });
          });
          continue;
        }
        for (let d = 1; d <= x.deals - (x.unplayed ?? 0); d++) {
          const rec = await api.get<{ result: { payout: number[] } }>(`/v1/tables/${x.tableId}/deals/${d}/record`, {
            token: ORG,
          });
          expect(rec.status).toBe(200);
          x.seats.forEach((s, i) => {
            // The last takeover of the seat from this deal on decides who played it and whom it counts for.
            const over = (x.takeovers ?? []).filter((o) => o.seat === i && o.fromDeal <= d).at(-1);
            const player = over === undefined ? s.playerId : over.player;
            const to = over === undefined ? s.playerId : over.player === null ? null : over.creditTo;
            if (player !== null && player !== undefined) played.add(player);
            credit(to, rec.body.result.payout[i]!);
          });
        }
      }
    const list = (
      await api.get<{
        standings: Row[];
        prizes: { collectedCents: number; retainedCents: number; poolCents: number; awards: Award[] };
      }>(`/v1/tournaments/${U}/standings`)
    ).body;
    for (const row of list.standings) expect(row.total, row.playerId).toBe(String(expected.get(row.playerId) ?? 0n));
    // Only who played is ranked: the silent player (never acted; substituted) has no place.
    expect(played.has(silent)).toBe(false);
    const ranked = list.standings.filter((r) => r.rank !== null);
    expect(new Set(ranked.map((r) => r.playerId))).toEqual(played);
    expect(list.standings.find((r) => r.playerId === silent)?.rank).toBeNull();
    expect(list.standings.find((r) => r.playerId === quitter)!.botDeals).toBeGreaterThan(0);
    // Ranked by points.
    for (let i = 1; i < ranked.length; i++) expect(BigInt(ranked[i - 1]!.total) >= BigInt(ranked[i]!.total)).toBe(true);
    // The prize list: fees of everyone who played, minus what is retained, divided 5:3:2 to the cent.
    expect(list.prizes.collectedCents).toBe(1000 * played.size);
    const shares = list.prizes.awards.filter((a) => a.kind === 'place');
    expect(shares.reduce((a, x) => a + (x.cents ?? 0), 0)).toBe(1000 * played.size - 300);
    expect(shares[0]).toMatchObject({ playerId: ranked[0]!.playerId, goods: ['Geräuchertes'] });
    expect(list.prizes.awards.filter((a) => a.kind === 'round')).toHaveLength(2);
    // The printed list shows the prize list, in German.
    const printed = await (
      await fetch(`${server.url}/v1/tournaments/${U}/standings?lang=de`, { headers: { accept: 'text/html' } })
    ).text();
    expect(printed).toContain('Preisliste');
    expect(printed).toContain('nicht gewertet');
    // The evening in a series (best 1 of 1): who played, with their points.
    const series = await api.get<{ standings: { name: string; total: string }[] }>(
      `/v1/tournaments/series?ids=${U}&best=1`,
    );
    expect(series.status).toBe(200);
    expect(series.body.standings.map((r) => r.total).sort()).toEqual(ranked.map((r) => r.total).sort());
    expect((await api.get(`/v1/tournaments/series?ids=${U},${U}`)).status).toBe(400);
  }, 600_000);
});
