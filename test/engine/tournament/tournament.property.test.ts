import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { money, tournament as T } from '../../../engine/index.js';
import { playAll, registered, run, step } from '../../support/tournament.js';

const START = Date.UTC(2026, 10, 28, 18, 0);

function config(overrides: Partial<T.TournamentInput> = {}): T.TournamentConfig {
  return T.resolveConfig({ variant: 'schafkopf', startsAt: START, rounds: 3, dealsPerRound: 8, ...overrides });
}

describe('a tournament on the engine', () => {
  it('every round of a plus-minus tournament sums to zero; it ends by itself after the last table', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 8 }),
        fc.constantFrom('bots' as const, 'larger-tables' as const),
        (seed, remainder) => {
          const cfg = config({ remainder, noShows: 'bot' });
          const { state, events } = playAll(cfg, 18, 2, seed);
          const ended = events.filter((e) => e.type === 'RoundEnded');
          expect(ended.map((e) => e.type === 'RoundEnded' && e.zeroSum)).toEqual([true, true, true]);
          // Independently: the players' and fillers' points of each table sum to zero.
          for (const e of events)
            if (e.type === 'TableFinished') expect(money.isZero(money.sum(e.points.map(money.parse)))).toBe(true);
          expect(events[events.length - 1]?.type).toBe('TournamentEnded');
          expect(state.ended).toBe(true);
          // Everyone checked in played 8 deals per round; a no-show's 24 deals were a bot's: marked, not credited,
          // and the no-show has no place on the list.
          for (const row of T.standings(state)) {
            const noShow = ['p00', 'p01'].includes(row.playerId);
            expect([row.deals, row.botDeals]).toEqual(noShow ? [0, 24] : [24, 0]);
            if (noShow) expect([row.rank, row.total]).toEqual([null, '0']);
          }
        },
      ),
      { numRuns: 2 },
    );
  });

  it('standings are deterministic: a replay of the events and a rerun of the commands give the same list', () => {
    const cfg = config({ noShows: 'drop' });
    const a = playAll(cfg, 18, 2, 'seed-1');
    const b = playAll(cfg, 18, 2, 'seed-1');
    expect(b.events).toEqual(a.events);
    const replayed = T.replayTournament(a.events)!;
    expect(T.standings(replayed)).toEqual(T.standings(a.state));
    // The no-shows were dropped from the draws; they stay on the list with nothing.
    const rows = T.standings(a.state);
    expect(
      rows
        .filter((r) => r.deals === 0)
        .map((r) => r.playerId)
        .sort(),
    ).toEqual(['p00', 'p01']);
    // Who never played has no place and comes after everyone ranked.
    expect(rows.slice(-2).map((r) => r.rank)).toEqual([null, null]);
    // Ranked by points, then Soli, then lot.
    for (let i = 1; i < rows.length - 2; i++) {
      const [x, y] = [rows[i - 1]!, rows[i]!];
      const dx = money.parse(x.total);
      const dy = money.parse(y.total);
      const diff = money.sub(dx, dy);
      expect(diff.n).toBeGreaterThanOrEqual(0);
      if (diff.n === 0) expect(x.soliWon > y.soliWon || (x.soliWon === y.soliWon && x.lot < y.lot)).toBe(true);
      expect(y.rank).toBe(i + 1);
    }
  });

  it('duplicate deals: every table of a round gets the same decks', () => {
    const cfg = config({ duplicate: true, noShows: 'drop' });
    const { decks } = playAll(cfg, 16, 0, 'dup');
    for (let round = 1; round <= 3; round++) {
      const tables = Object.entries(decks).filter(([k]) => k.startsWith(`${round}:`));
      expect(tables).toHaveLength(4);
      for (const [, d] of tables) expect(d).toEqual(tables[0]![1]);
    }
    expect(decks['1:1']).not.toEqual(decks['2:1']);
  });

  it('without duplicate deals the tables get different decks', () => {
    const { decks } = playAll(config({ noShows: 'drop', rounds: 1 }), 8, 0, 'plain');
    expect(decks['1:1']).not.toEqual(decks['1:2']);
  });

  it('scores 1/5 with the tournament preset: Sauspiel ±1, Solo +15/−5', () => {
    const cfg = config({ rounds: 1 });
    const { state } = playAll(cfg, 4, 0, 'one-table');
    const deals = state.rounds[0]!.finished[0]!;
    for (const d of deals) {
      const c = d.result.contract;
      if (c === null) continue;
      const abs = d.result.payout.map(Math.abs);
      if (c.game === 'sauspiel') expect(abs.every((p) => [1, 2, 3].includes(p))).toBe(true);
      if (c.game === 'solo' && !c.tout) expect([15, 18, 21]).toContain(Math.max(...abs));
    }
  });
});

describe('registration, check-in, withdrawal', () => {
  const cfg = config({ rounds: 2 });
  const base = registered(cfg, 8, 0);

  it('registration closes when round 1 starts; late check-in joins the next draw', () => {
    const { state } = run([...base, { type: 'StartRound', round: 1, drawSeed: 'x', at: START }]);
    const late = T.decideTournament({ type: 'RegisterPlayer', playerId: 'late', name: 'L', via: 'invite' }, state);
    expect(late.ok || late.error.code).toBe('tournament/registration_closed');
  });

  it('a withdrawn player is left out of later draws but stays on the list', () => {
    const s = run([
      ...base,
      { type: 'Withdraw', playerId: 'p03' },
      { type: 'StartRound', round: 1, drawSeed: 'x', at: 1 },
    ]).state;
    const seated = s.rounds[0]!.tables.flatMap((t) => t.seats.map((x) => (x.kind === 'player' ? x.playerId : '')));
    expect(seated).not.toContain('p03');
    expect(T.standings(s).find((r) => r.playerId === 'p03')?.withdrawn).toBe(true);
  });

  it('refuses: a second round while one runs, a round out of order, a duplicate external id, unknown players', () => {
    const { state } = run([...base, { type: 'StartRound', round: 1, drawSeed: 'x', at: 1 }]);
    const again = T.decideTournament({ type: 'StartRound', round: 2, drawSeed: 'y', at: 2 }, state);
    expect(!again.ok && again.error.code).toBe('tournament/round_running');
    const s0 = run(base).state;
    const skip = T.decideTournament({ type: 'StartRound', round: 2, drawSeed: 'y', at: 2 }, s0);
    expect(!skip.ok && skip.error.code).toBe('tournament/round_order');
    const withExt = step(s0, { type: 'RegisterPlayer', playerId: 'a', name: 'A', externalId: 'x-1', via: 'organiser' });
    const dup = T.decideTournament(
      { type: 'RegisterPlayer', playerId: 'b', name: 'B', externalId: 'x-1', via: 'invite' },
      withExt,
    );
    expect(!dup.ok && dup.error.field).toBe('externalId');
    const unknown = T.decideTournament({ type: 'CheckIn', playerId: 'nobody' }, s0);
    expect(!unknown.ok && unknown.error.code).toBe('tournament/unknown_player');
  });

  it('a table reports its deals 1..n in order (fewer when it was closed early), never more or out of order', () => {
    const { state } = run([...base, { type: 'StartRound', round: 1, drawSeed: 'x', at: 1 }]);
    const record = (deal: number): T.DealRecord => ({
      deal,
      players: [0, 1, 2, 3],
      dealer: 0,
      result: {
        complete: true,
        contract: null,
        declarers: [],
        cardPoints: [],
        tricks: [],
        won: false,
        schneider: false,
        schwarz: false,
        laufende: 0,
        multiplier: 1,
        payout: [0, 0, 0, 0],
      },
    });
    const deals = state.rounds[0]!.tables[0]!.deals;
    for (const bad of [[record(2)], Array.from({ length: deals + 1 }, (_, i) => record(i + 1))]) {
      const d = T.decideTournament({ type: 'FinishTable', round: 1, table: 1, deals: bad, at: 2 }, state);
      expect(!d.ok && d.error.code).toBe('tournament/bad_deals');
    }
    expect(T.decideTournament({ type: 'FinishTable', round: 1, table: 1, deals: [], at: 2 }, state).ok).toBe(true);
  });

  it('config: dealsPerRound must be a multiple of the table size; bad options name the field', () => {
    expect(() => config({ dealsPerRound: 10 })).toThrow(/multiple/);
    try {
      config({ options: { tariff: { sauspiel: -1 } } });
      expect.unreachable();
    } catch (e) {
      expect((e as { path: string }).path).toMatch(/^options/);
    }
    expect(() => T.resolveConfig({ variant: 'saukopf', startsAt: 0, tableSize: 4 })).toThrow(/tables of 5/);
    expect(T.dealsAtTable(config(), 5)).toBe(10);
  });
});

describe('scoring schemes', () => {
  const result = (over: Partial<Record<string, unknown>>) =>
    ({
      complete: true,
      contract: { game: 'solo', suit: 'H', declarer: 0 },
      declarers: [0],
      cardPoints: [70, 20, 20, 10],
      tricks: [5, 1, 1, 1],
      won: true,
      schneider: false,
      schwarz: false,
      laufende: 3,
      multiplier: 1,
      payout: [15, -5, -5, -5],
      ...over,
    }) as never;

  it('5-10-15 gives the winners the value: Herz-Solo 25 + Laufende; Sauspiel lost: the two opponents 5 each', () => {
    const solo = T.scoreDeal({ scheme: 'five-ten-fifteen' }, result({}), 4, [0, 1, 2, 3]);
    expect(solo.points.map(money.format)).toEqual(['40', '0', '0', '0']);
    expect(solo.soloWonBy).toBe(0);
    const ruf = T.scoreDeal(
      { scheme: 'five-ten-fifteen' },
      result({ contract: { game: 'sauspiel', suit: 'E', declarer: 0 }, declarers: [0, 2], won: false, laufende: 0 }),
      4,
      [0, 1, 2, 3],
    );
    expect(ruf.points.map(money.format)).toEqual(['0', '5', '0', '5']);
    expect(ruf.soloWonBy).toBeUndefined();
  });

  it('bug: a won leaster counted as a solo for the Soli tie-break; a Ramsch Durchmarsch neither', () => {
    const leaster = T.scoreDeal(
      { scheme: 'plus-minus' },
      result({ contract: { game: 'leaster' }, declarers: [2], payout: [-1, -1, 3, -1, 0], details: { leaster: true } }),
      5,
      [0, 1, 2, 3],
    );
    expect([leaster.soloWonBy, leaster.winners]).toEqual([undefined, [2]]);
    const durch = T.scoreDeal(
      { scheme: 'plus-minus' },
      result({ contract: { game: 'ramsch' }, declarers: [1] }),
      4,
      [0, 1, 2, 3],
    );
    expect(durch.soloWonBy).toBeUndefined();
    // A picked-alone hand still is one.
    expect(T.scoreDeal({ scheme: 'plus-minus' }, result({}), 4, [0, 1, 2, 3]).soloWonBy).toBe(0);
  });

  it('Seeger–Fabian: declarer ±50, opponents of a lost game +30 at four', () => {
    const lost = T.scoreDeal(
      { scheme: 'seeger-fabian' },
      result({ won: false, payout: [-15, 5, 5, 5] }),
      4,
      [0, 1, 2, 3],
    );
    expect(lost.points.map(money.format)).toEqual(['-65', '35', '35', '35']);
  });

  it('money list: payouts times the price per point, still zero-sum', () => {
    const m = T.scoreDeal({ scheme: 'money', centsPerPoint: 10 }, result({}), 4, [0, 1, 2, 3]);
    expect(m.points.map(money.format)).toEqual(['150', '-50', '-50', '-50']);
  });
});
