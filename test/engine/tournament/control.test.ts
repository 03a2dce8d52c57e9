import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { money, tournament as T } from '../../../engine/index.js';
import { playTableDeals, registered, run, step } from '../../support/tournament.js';

const START = Date.UTC(2026, 10, 28, 18, 0);
const ORG = { kind: 'organiser' } as const;

function config(overrides: Partial<T.TournamentInput> = {}): T.TournamentConfig {
  return T.resolveConfig({ variant: 'schafkopf', startsAt: START, rounds: 2, dealsPerRound: 4, ...overrides });
}

function deals(table: T.DrawnTable, n: number, seed: string): T.DealRecord[] {
  return playTableDeals({
    variant: 'schafkopf',
    preset: 'tournament',
    seats: table.seats.length,
    deals: n,
    dealSeed: (d) => `${seed}:${d}`,
    actionSeed: seed,
  }).records;
}

describe('organiser control on the engine', () => {
  it('bug: a table closed before its last deal finishes with the deals it played; the round ends', () => {
    let s = run([...registered(config(), 8, 0), { type: 'StartRound', round: 1, drawSeed: 'x', at: 1 }]).state;
    const [t1, t2] = s.rounds[0]!.tables;
    s = step(s, { type: 'FinishTable', round: 1, table: 1, deals: deals(t1!, 4, 'a'), at: 2 });
    const events: T.TournamentEvent[] = [];
    s = step(s, { type: 'FinishTable', round: 1, table: 2, deals: deals(t2!, 1, 'b'), at: 3 }, events);
    const finished = events.find((e) => e.type === 'TableFinished');
    expect(finished?.type === 'TableFinished' && finished.unplayed).toBe(3);
    expect(events.map((e) => e.type)).toContain('RoundEnded');
    expect(T.phaseOf(s)).toBe('pause');
  });

  it('end a round now: unfinished tables score the deals they played, the rest nothing; an event names who', () => {
    let s = run([...registered(config(), 8, 0), { type: 'StartRound', round: 1, drawSeed: 'x', at: 1 }]).state;
    const [t1, t2] = s.rounds[0]!.tables;
    const events: T.TournamentEvent[] = [];
    s = step(
      s,
      {
        type: 'EndRound',
        round: 1,
        tables: [
          { table: 1, deals: deals(t1!, 2, 'a') },
          { table: 2, deals: [] },
        ],
        at: 5,
        by: ORG,
        reason: 'closing time',
      },
      events,
    );
    expect(events[0]).toMatchObject({
      type: 'RoundEndedEarly',
      by: ORG,
      tables: [
        { table: 1, unplayed: 2 },
        { table: 2, unplayed: 4 },
      ],
    });
    expect(T.phaseOf(s)).toBe('pause');
    // Table 2 played nothing: its four players never played.
    const rows = T.standings(s);
    const t2ids = t2!.seats.map((x) => (x.kind === 'player' ? x.playerId : ''));
    for (const r of rows) if (t2ids.includes(r.playerId)) expect(r.rank).toBeNull();
  });

  it('re-draw a round that has not started: a new seating; refused once it started', () => {
    let s = run(registered(config(), 12, 0)).state;
    s = step(s, { type: 'DrawRound', round: 1, drawSeed: 'a', by: ORG });
    const first = s.draw!.tables;
    s = step(s, { type: 'DrawRound', round: 1, drawSeed: 'b', by: ORG, reason: 'wrong list' });
    expect(s.draw!.redraw).toBe(1);
    expect(s.draw!.tables).not.toEqual(first);
    const published = s.draw!.tables;
    s = step(s, { type: 'StartRound', round: 1, drawSeed: 'c', at: 1 });
    // The published draw stands at the start (same players).
    expect(s.rounds[0]!.tables).toEqual(published);
    const again = T.decideTournament({ type: 'DrawRound', round: 1, drawSeed: 'd', by: ORG }, s);
    expect(!again.ok && again.error.code).toBe('tournament/round_started');
  });

  it('walk-ins: the organiser registers during a round; they play from the next round', () => {
    let s = run([...registered(config(), 8, 0), { type: 'StartRound', round: 1, drawSeed: 'x', at: 1 }]).state;
    const self = T.decideTournament({ type: 'RegisterPlayer', playerId: 'pw', name: 'W', via: 'invite' }, s);
    expect(!self.ok && self.error.code).toBe('tournament/registration_closed');
    s = step(s, { type: 'RegisterPlayer', playerId: 'pw', name: 'Walk', via: 'organiser' });
    s = step(s, { type: 'CheckIn', playerId: 'pw' });
    expect(s.players.find((p) => p.playerId === 'pw')?.walkIn).toBe(true);
    for (const t of s.rounds[0]!.tables)
      s = step(s, { type: 'FinishTable', round: 1, table: t.table, deals: deals(t, 4, `r1${t.table}`), at: 2 });
    s = step(s, { type: 'StartRound', round: 2, drawSeed: 'y', at: 3 });
    expect(s.rounds[1]!.tables.some((t) => T.seatOf(t, 'pw') >= 0)).toBe(true);
  });

  it('a substitute takes a seat from a deal on; whose points the deals count for is an option', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<'substitute' | 'original'>('substitute', 'original'),
        fc.integer({ min: 2, max: 4 }),
        (credit, from) => {
          let s = run([
            ...registered(config({ rounds: 1 }), 8, 0),
            { type: 'RegisterPlayer', playerId: 'psub', name: 'Sub', via: 'organiser' },
            { type: 'StartRound', round: 1, drawSeed: 'x', at: 1 },
          ]).state;
          const t1 = s.rounds[0]!.tables[0]!;
          const seat0 = t1.seats[0]!;
          if (seat0.kind !== 'player') throw new Error('filler');
          const original = seat0.playerId;
          s = step(s, {
            type: 'TakeOverSeat',
            round: 1,
            table: 1,
            seat: 0,
            fromDeal: from,
            player: 'psub',
            creditTo: credit === 'substitute' ? 'psub' : original,
            by: ORG,
          });
          const played = deals(t1, 4, 'sub');
          for (const t of s.rounds[0]!.tables)
            s = step(s, {
              type: 'FinishTable',
              round: 1,
              table: t.table,
              deals: t.table === 1 ? played : deals(t, 4, `o${t.table}`),
              at: 2,
            });
          const points = T.tableScores(s.config, t1, played).map((d) => d.points[0]!);
          const before = money.sum(points.slice(0, from - 1));
          const after = money.sum(points.slice(from - 1));
          const rows = new Map(T.standings(s).map((r) => [r.playerId, r]));
          const expectOrig = credit === 'original' ? money.add(before, after) : before;
          const expectSub = credit === 'substitute' ? after : money.ZERO;
          expect(rows.get(original)!.total).toBe(money.format(expectOrig));
          expect(rows.get('psub')!.total).toBe(money.format(expectSub));
          expect(rows.get('psub')!.deals).toBe(5 - from);
          expect(rows.get(original)!.deals).toBe(from - 1);
        },
      ),
      { numRuns: 6 },
    );
  });

  it('a bot that took over an absent seat is marked and not credited by default; credited with botCredit', () => {
    for (const botCredit of [false, true]) {
      let s = run([
        ...registered(config({ rounds: 1, botCredit }), 4, 0),
        { type: 'StartRound', round: 1, drawSeed: 'x', at: 1 },
      ]).state;
      const t1 = s.rounds[0]!.tables[0]!;
      const seat = t1.seats[2]!;
      if (seat.kind !== 'player') throw new Error('filler');
      s = step(s, {
        type: 'TakeOverSeat',
        round: 1,
        table: 1,
        seat: 2,
        fromDeal: 2,
        player: null,
        creditTo: seat.playerId,
        by: { kind: 'player', playerId: seat.playerId },
      });
      const played = deals(t1, 4, 'bot');
      s = step(s, { type: 'FinishTable', round: 1, table: 1, deals: played, at: 2 });
      const row = T.standings(s).find((r) => r.playerId === seat.playerId)!;
      const pts = T.tableScores(s.config, t1, played).map((d) => d.points[2]!);
      expect([row.deals, row.botDeals]).toEqual([1, 3]);
      expect(row.total).toBe(money.format(botCredit ? money.sum(pts) : pts[0]!));
    }
  });

  it('cancel ends the tournament; postpone moves the next start', () => {
    let s = run(registered(config(), 8, 0)).state;
    s = step(s, { type: 'Postpone', startsAt: START + 3_600_000, by: ORG, reason: 'the room is late' });
    expect(T.nextRoundDue(s)).toEqual({ round: 1, at: START + 3_600_000 });
    s = step(s, { type: 'CancelTournament', at: 5, by: ORG, reason: 'storm' });
    expect([s.ended, s.cancelled?.reason]).toEqual([true, 'storm']);
    const late = T.decideTournament({ type: 'CheckIn', playerId: 'p01' }, s);
    expect(!late.ok && late.error.code).toBe('tournament/ended');
  });
});

describe('live tables', () => {
  const liveConfig = config({ rounds: 1 });
  function liveState(): T.TournamentState {
    const cmds = registered(liveConfig, 8, 0).map((c) =>
      c.type === 'RegisterPlayer' && ['p04', 'p05', 'p06', 'p07'].includes(c.playerId) ? { ...c, live: true } : c,
    );
    return run([...cmds, { type: 'StartRound', round: 1, drawSeed: 'x', at: 1 }]).state;
  }

  it('live players are drawn to their own table; online tables refuse hand entry', () => {
    const s = liveState();
    expect(s.rounds[0]!.live).toEqual([2]);
    const liveIds = s.rounds[0]!.tables[1]!.seats.map((x) => (x.kind === 'player' ? x.playerId : '')).sort();
    expect(liveIds).toEqual(['p04', 'p05', 'p06', 'p07']);
    const entry: T.LiveEntry = { kind: 'game', game: 'sauspiel', declarers: [0, 1], won: true };
    const online = T.decideTournament(
      { type: 'EnterDeal', round: 1, table: 1, deal: 1, entry, record: T.settleEntry(s.config, 4, 1, entry), by: ORG },
      s,
    );
    expect(!online.ok && online.error.code).toBe('tournament/not_live');
  });

  it('settles entered deals by the tariff: Sauspiel ±1, knocked ±2 (doubling shown), solo Schneider 3×6', () => {
    const cfg = liveConfig;
    const sau = T.settleEntry(cfg, 4, 1, { kind: 'game', game: 'sauspiel', declarers: [0, 2], won: true });
    expect(sau.result.payout).toEqual([1, -1, 1, -1]);
    const knocked = T.settleEntry(cfg, 4, 2, {
      kind: 'game',
      game: 'sauspiel',
      declarers: [0, 2],
      won: false,
      knocks: 1,
    });
    expect(knocked.result.payout).toEqual([-2, 2, -2, 2]);
    expect(knocked.result.multiplier).toBe(2);
    const solo = T.settleEntry(cfg, 4, 3, {
      kind: 'game',
      game: 'solo',
      suit: 'H',
      declarers: [1],
      won: true,
      schneider: true,
      laufende: 4,
    });
    // The tournament preset pays no Laufende: they are not recorded.
    expect([solo.result.payout, solo.result.laufende]).toEqual([[-6, 18, -6, -6], 0]);
    expect(() => T.settleEntry(cfg, 4, 4, { kind: 'game', game: 'solo', declarers: [0, 1], won: true })).toThrow(
      T.EntryError,
    );
    expect(() => T.settleEntry(cfg, 4, 4, { kind: 'payout', payout: [1, 1, -1, 0] })).toThrow(/add up to 0/);
  });

  it('über Kreuz on a sheet: the two seats opposite, paid as a Sauspiel; neighbours are refused by name', () => {
    const cfg = liveConfig;
    const kreuz = T.settleEntry(cfg, 4, 1, {
      kind: 'game',
      game: 'kreuz',
      declarers: [1, 3],
      won: true,
      schneider: true,
    });
    expect(kreuz.result.payout).toEqual([-2, 2, -2, 2]);
    expect(() => T.settleEntry(cfg, 4, 2, { kind: 'game', game: 'kreuz', declarers: [0, 1], won: true })).toThrow(
      /sitting opposite/,
    );
    expect(() => T.settleEntry(cfg, 4, 2, { kind: 'game', game: 'kreuz', declarers: [0], won: true })).toThrow(
      /two declarers/,
    );
  });

  it('a sheet entered deal by deal, handed in, corrected after: the list follows, zero-sum', () => {
    let s = liveState();
    const captain = { kind: 'player', playerId: 'p05' } as const;
    const entries: T.LiveEntry[] = [
      { kind: 'game', game: 'sauspiel', declarers: [0, 1], won: true },
      // All passed: under the tournament preset the Eichel-Ober holder plays a Muss-Spiel (a Sauspiel on the sheet).
      { kind: 'game', game: 'sauspiel', declarers: [1, 3], won: true },
      { kind: 'game', game: 'wenz', declarers: [2], won: false, knocks: 1 },
      { kind: 'game', game: 'sauspiel', declarers: [3, 1], won: true, schneider: true },
    ];
    entries.forEach((entry, i) => {
      s = step(s, {
        type: 'EnterDeal',
        round: 1,
        table: 2,
        deal: i + 1,
        entry,
        record: T.settleEntry(s.config, 4, i + 1, entry),
        by: captain,
      });
    });
    const outsider = T.decideTournament(
      { type: 'SubmitSheet', round: 1, table: 2, at: 2, by: { kind: 'player', playerId: 'p00' } },
      s,
    );
    expect(!outsider.ok && outsider.error.code).toBe('tournament/not_seated');
    s = step(s, { type: 'SubmitSheet', round: 1, table: 2, at: 2, by: captain });
    const t1 = s.rounds[0]!.tables[0]!;
    s = step(s, { type: 'FinishTable', round: 1, table: 1, deals: deals(t1, 4, 'o'), at: 3 });
    expect(s.rounds[0]!.zeroSum).toBe(true);
    const fixed: T.LiveEntry = { kind: 'game', game: 'wenz', declarers: [2], won: true, knocks: 1 };
    const events: T.TournamentEvent[] = [];
    s = step(
      s,
      {
        type: 'CorrectResult',
        round: 1,
        table: 2,
        deal: 3,
        entry: fixed,
        result: T.settleEntry(s.config, 4, 3, fixed).result,
        by: ORG,
        reason: 'Wenz was won 61:59',
      },
      events,
    );
    expect(events.map((e) => e.type)).toEqual(['ResultCorrected', 'StandingsChanged']);
    const seat2 = s.rounds[0]!.tables[1]!.seats[2]!;
    const row = T.standings(s).find((r) => seat2.kind === 'player' && r.playerId === seat2.playerId)!;
    // Recomputed independently: deal 1 −1, deal 2 (the Muss-Spiel, an opponent) −1, deal 3 +30, deal 4 −2.
    expect(row.total).toBe(String(-1 - 1 + 30 - 2));
  });

  it('totals: checked for zero sum', () => {
    const s = liveState();
    const bad = T.decideTournament(
      { type: 'EnterTotals', round: 1, table: 2, totals: ['3', '-1', '-1', '0'], by: ORG },
      s,
    );
    expect(!bad.ok && bad.error.code).toBe('tournament/not_zero_sum');
  });
});

describe('prize list', () => {
  it('shares of the entry fees divide the pool to the cent (largest remainders), with fixed amounts and goods', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 9 }),
        (total, weights) => {
          const split = T.splitCents(total, weights);
          expect(split.reduce((a, b) => a + b, 0)).toBe(total);
          split.forEach((c, i) =>
            expect(Math.abs(c - (total * weights[i]!) / weights.reduce((a, b) => a + b, 0))).toBeLessThan(1),
          );
        },
      ),
    );
  });

  it('computes the list with the standings', () => {
    const cfg = config({
      rounds: 1,
      prizes: {
        entryFeeCents: 1000,
        retainCents: 100,
        places: [
          { place: 1, share: 3 },
          { place: 2, share: 2 },
          { place: 3, share: 1 },
          { place: 1, goods: 'Brotzeit' },
          { place: 9, share: 5 },
        ],
        rounds: [],
        tables: [{ place: 1, cents: 200 }],
      },
    });
    let s = run([...registered(cfg, 8, 0), { type: 'StartRound', round: 1, drawSeed: 'x', at: 1 }]).state;
    for (const t of s.rounds[0]!.tables)
      s = step(s, { type: 'FinishTable', round: 1, table: t.table, deals: deals(t, 4, `p${t.table}`), at: 2 });
    const list = T.prizeList(s)!;
    expect(list.collectedCents).toBe(8000);
    expect(list.poolCents).toBe(7900);
    const places = list.awards.filter((a) => a.kind === 'place');
    expect(places.reduce((a, x) => a + (x.cents ?? 0), 0)).toBe(7900);
    expect(places[0]).toMatchObject({ place: 1, cents: 3950, goods: ['Brotzeit'] });
    expect(list.awards.filter((a) => a.kind === 'table')).toHaveLength(2);
  });
});

describe('series standings (best N of M)', () => {
  const row = (name: string, total: string, extra: Partial<T.StandingRow> & { externalId?: string } = {}) =>
    ({
      rank: 1,
      playerId: name,
      name,
      rounds: [],
      total,
      deals: 8,
      gamesWon: 0,
      soliWon: 0,
      lot: 0,
      withdrawn: false,
      ranked: true,
      botDeals: 0,
      substituteDeals: 0,
      ...extra,
    }) as T.StandingRow & { externalId?: string };

  it('counts each player’s best N results; players match by external id, else by name; non-players do not count', () => {
    const rows = T.seriesStandings(
      [
        {
          tournamentId: 'u1',
          name: 'Jan',
          rows: [
            row('Anni', '10', { externalId: 'c1' }),
            row('Beppi', '4'),
            row('Xaver', '0', { rank: null, deals: 0 }),
          ],
        },
        { tournamentId: 'u2', name: 'Feb', rows: [row('Anni M.', '-3', { externalId: 'c1' }), row('beppi ', '9')] },
        { tournamentId: 'u3', name: 'Mar', rows: [row('Anni', '5', { externalId: 'c1' }), row('Beppi', '-20')] },
      ],
      2,
    );
    expect(rows.map((r) => [r.rank, r.name, r.total, r.played])).toEqual([
      [1, 'Anni', '15', 3],
      [2, 'Beppi', '13', 3],
    ]);
    expect(rows[0]!.counted).toEqual([true, false, true]);
    expect(rows.some((r) => r.name === 'Xaver')).toBe(false);
  });
});

describe('a large draw comes in parts', () => {
  it('2,400 players: the round start is several RoundDrawn and LotsDrawn events, each far under 128 KB; the state is the whole draw', () => {
    const cfg = T.resolveConfig({ variant: 'schafkopf', startsAt: START, rounds: 1, dealsPerRound: 4 });
    let s = run(registered(cfg, 0, 0)).state;
    const events: T.TournamentEvent[] = [];
    for (let i = 0; i < 2400; i++) {
      const playerId = `p${i.toString(36).padStart(5, '0')}`;
      s = step(s, { type: 'RegisterPlayer', playerId, name: `P${i}`, via: 'organiser' });
      s = step(s, { type: 'CheckIn', playerId });
    }
    s = step(s, { type: 'StartRound', round: 1, drawSeed: 'big', at: 1 }, events);
    expect(events.map((e) => e.type)).toEqual([
      'RoundDrawn',
      'RoundDrawn',
      'RoundDrawn',
      'LotsDrawn',
      'LotsDrawn',
      'RoundStarted',
    ]);
    for (const e of events) expect(JSON.stringify(e).length).toBeLessThan(128 * 1024);
    const seated = s.rounds[0]!.tables.flatMap((t) => t.seats.map((x) => (x.kind === 'player' ? x.playerId : '')));
    expect(new Set(seated).size).toBe(2400);
    expect(s.rounds[0]!.tables.map((t) => t.table)).toEqual(Array.from({ length: 600 }, (_, i) => i + 1));
    expect(Object.keys(s.lots)).toHaveLength(2400);
  });

  it('bug: a draw published ahead for 2,400 players was one event over 128 KB; now parts, and the start uses it whole', () => {
    const cfg = T.resolveConfig({ variant: 'schafkopf', startsAt: START, rounds: 1, dealsPerRound: 4 });
    let s = run(registered(cfg, 0, 0)).state;
    for (let i = 0; i < 2400; i++) {
      const playerId = `p${i.toString(36).padStart(5, '0')}`;
      s = step(s, { type: 'RegisterPlayer', playerId, name: `P${i}`, via: 'organiser' });
      s = step(s, { type: 'CheckIn', playerId });
    }
    const published: T.TournamentEvent[] = [];
    s = step(s, { type: 'DrawRound', round: 1, drawSeed: 'ahead', by: ORG, reason: 'print' }, published);
    expect(published.map((e) => e.type)).toEqual(['DrawPublished', 'DrawPublished', 'DrawPublished']);
    for (const e of published) expect(JSON.stringify(e).length).toBeLessThan(128 * 1024);
    expect(published.map((e) => e.type === 'DrawPublished' && e.continued)).toEqual([undefined, true, true]);
    expect(s.draw?.tables.map((t) => t.table)).toEqual(Array.from({ length: 600 }, (_, i) => i + 1));
    // A re-draw replaces the whole published draw (not appended to it).
    s = step(s, { type: 'DrawRound', round: 1, drawSeed: 'again', by: ORG });
    expect([s.draw?.redraw, s.draw?.tables.length]).toEqual([1, 600]);
    const ahead = s.draw!.tables;
    // The same players at the start: the published draw stands, whole.
    s = step(s, { type: 'StartRound', round: 1, drawSeed: 'start', at: 3 });
    expect(s.rounds[0]!.tables).toEqual(ahead);
  });
});
