import { describe, expect, it } from 'vitest';
import {
  Rng,
  type TableCommand,
  type TableEvent,
  type TableState,
  decide,
  evolve,
  getVariant,
  shuffledDeckFor,
  tournament as T,
  view,
} from '../../../engine/index.js';
import { pickAction } from '../../../engine/sim.js';
import { playTableDeals, registered, run, step } from '../../support/tournament.js';

/**
 * Bavarian and Wisconsin tournament practice (docs/tournaments.md "Bavarian and Wisconsin practice"): a thrown-in
 * deal is no game of the round; Kohler Falls plays the jack of diamonds at five and equal hands at six.
 */

const START = Date.UTC(2026, 10, 28, 18, 0);
type Ended = Extract<TableEvent, { type: 'DealEnded' }>;

/** A table on the engine's Decider with random legal actions (no doublings); each deal's state before and after. */
function playTable(open: Extract<TableCommand, { type: 'OpenTable' }>, deals: number, seed: string) {
  const rng = new Rng(seed);
  let state: TableState | null = null;
  const run1 = (cmd: TableCommand): TableEvent[] => {
    const d = decide(cmd, state);
    if (!d.ok) throw new Error(JSON.stringify(d.error));
    for (const e of d.events) state = evolve(state, e);
    return [...d.events];
  };
  run1(open);
  const history: { before: TableState; ended: Ended; after: TableState }[] = [];
  for (let i = 0; i < deals; i++) {
    const before: TableState = state!;
    let ended = run1({ type: 'StartDeal', deck: shuffledDeckFor(before, `${seed}/${i}`) }).find(
      (e): e is Ended => e.type === 'DealEnded',
    );
    while (ended === undefined) {
      const s: TableState = state!;
      const seat = view(s, { kind: 'public' }).deal!.toAct[0]!;
      const legal = view(s, { kind: 'seat', seat }).legalActions.filter(
        (a) => !['knock', 'kontra', 're'].includes(a.type),
      );
      ended = run1({ type: 'Act', seat, action: pickAction(legal, rng) }).find(
        (e): e is Ended => e.type === 'DealEnded',
      );
    }
    history.push({ before, ended, after: state! });
  }
  return history;
}

const thrownIn = (over: Partial<T.DealRecord['result']> = {}): T.DealRecord['result'] => ({
  complete: true,
  contract: null,
  declarers: [],
  cardPoints: [0, 0, 0, 0],
  tricks: [0, 0, 0, 0],
  won: false,
  schneider: false,
  schwarz: false,
  laufende: 0,
  multiplier: 1,
  payout: [0, 0, 0, 0],
  thrownIn: 'all-passed',
  // As the table's rules record a thrown-in deal that is dealt again (Schafkopf redeal.counts: false).
  details: { uncounted: true },
  ...over,
});
const sauspiel: T.DealRecord['result'] = {
  ...thrownIn(),
  contract: { game: 'sauspiel', suit: 'E' },
  declarers: [0, 2],
  won: true,
  payout: [1, -1, 1, -1],
  thrownIn: undefined,
  details: undefined,
} as T.DealRecord['result'];

describe('Bavarian Preisschafkopf: a thrown-in deal is no game of the round', () => {
  it('bug: the tournament preset threw in and counted the deal; now all pass → a Muss-Spiel won with 60 (T-SELF)', () => {
    const o = getVariant('schafkopf')!.resolveOptions('tournament', {}, 4) as {
      allPass: string;
      mussSpiel: { sixtyWins: boolean };
      redeal: { dealer: string; counts: boolean };
    };
    expect([o.allPass, o.mussSpiel.sixtyWins, o.redeal]).toEqual(['muss', true, { dealer: 'same', counts: false }]);
    // Random play: many auctions end with everybody passing; none is thrown in, a Muss-Spiel is played instead.
    const history = playTable({ type: 'OpenTable', variant: 'schafkopf', preset: 'tournament', seats: 4 }, 40, 'm');
    expect(history.filter((h) => h.ended.result.thrownIn !== undefined)).toEqual([]);
    expect(history.every((h) => h.ended.result.contract !== null)).toBe(true);
  });

  it('the documented choice allPass "redeal": the same dealer deals again and the deal is not counted', () => {
    const history = playTable(
      { type: 'OpenTable', variant: 'schafkopf', preset: 'tournament', options: { allPass: 'redeal' }, seats: 4 },
      60,
      'r',
    );
    const thrown = history.filter((h) => h.ended.result.thrownIn === 'all-passed');
    expect(thrown.length).toBeGreaterThan(0);
    for (const { before, after, ended } of thrown) {
      expect(ended.result.details).toEqual({ uncounted: true });
      expect(after.dealer).toBe(before.dealer);
      expect(after.uncounted ?? 0).toBe((before.uncounted ?? 0) + 1);
    }
    const last = history.at(-1)!.after;
    // The deal limit counts games: dealNo − uncounted (functions/use-cases/auto-deal.ts).
    expect(last.dealNo - (last.uncounted ?? 0)).toBe(history.length - thrown.length);
    // The sauspiel preset keeps the common rule: the next dealer deals and the thrown-in deal counts (WIE A.5.1).
    const plain = playTable({ type: 'OpenTable', variant: 'schafkopf', seats: 4 }, 60, 'r');
    const plainThrown = plain.filter((h) => h.ended.result.thrownIn === 'all-passed');
    expect(plainThrown.length).toBeGreaterThan(0);
    expect(plainThrown.every((h) => h.after.dealer === (h.before.dealer + 1) % 4)).toBe(true);
    expect(plainThrown.every((h) => h.ended.result.details === undefined)).toBe(true);
    expect(plain.at(-1)!.after.uncounted).toBeUndefined();
  });

  it('bug: a table of 4 games with one thrown-in deal was refused (5 deals); now it finishes complete', () => {
    const cfg = T.resolveConfig({
      variant: 'schafkopf',
      options: { allPass: 'redeal' },
      startsAt: START,
      rounds: 1,
      dealsPerRound: 4,
    });
    let s = run([...registered(cfg, 4, 0), { type: 'StartRound', round: 1, drawSeed: 'x', at: 1 }]).state;
    const table = s.rounds[0]!.tables[0]!;
    const records: T.DealRecord[] = [sauspiel, thrownIn(), sauspiel, sauspiel, sauspiel].map((result, i) => ({
      deal: i + 1,
      players: [0, 1, 2, 3],
      dealer: i,
      result,
    }));
    const events: T.TournamentEvent[] = [];
    s = step(s, { type: 'FinishTable', round: 1, table: 1, deals: records, at: 2 }, events);
    const finished = events.find((e) => e.type === 'TableFinished');
    expect(finished?.type === 'TableFinished' && [finished.unplayed, finished.early]).toEqual([undefined, undefined]);
    expect(table.deals).toBe(4);
    // Every player played 4 games, not 5.
    expect(T.standings(s).map((r) => r.deals)).toEqual([4, 4, 4, 4]);
    // Six games are too many.
    const t = run([...registered(cfg, 4, 0), { type: 'StartRound', round: 1, drawSeed: 'x', at: 1 }]).state;
    const more = [...records, { ...records[0]!, deal: 6 }];
    const refused = T.decideTournament({ type: 'FinishTable', round: 1, table: 1, deals: more, at: 2 }, t);
    expect(!refused.ok && refused.error.code).toBe('tournament/bad_deals');
  });

  it('a live sheet has no line for a thrown-in deal under the tournament preset (the game played is entered)', () => {
    const cfg = T.resolveConfig({ variant: 'schafkopf', startsAt: START, rounds: 1, dealsPerRound: 4 });
    const entry: T.LiveEntry = { kind: 'game', game: null, declarers: [], won: false };
    expect(() => T.settleEntry(cfg, 4, 2, entry)).toThrow(/thrown-in deal is no game/);
    const counted = T.resolveConfig({ ...cfg, preset: 'sauspiel', startsAt: START });
    expect(T.settleEntry(counted, 4, 2, entry).result.payout).toEqual([0, 0, 0, 0]);
  });
});

describe('Wisconsin Sheepshead: Kohler Falls (REFERENCE §2.9 [KF])', () => {
  const sh = getVariant('sheepshead')!;
  const partner = (preset: string, seats: number): unknown =>
    (sh.resolveOptions(preset, {}, seats) as { partner: string }).partner;

  it('bug: the jack-of-diamonds preset played a called ace at five; now the jack of diamonds', () => {
    expect(partner('jack-of-diamonds', 5)).toBe('jack-of-diamonds');
    expect(partner('kohler-falls', 5)).toBe('jack-of-diamonds');
    expect(partner('jack-of-diamonds', 3)).toBe('alone');
    expect(partner('standard', 5)).toBe('called-ace');
  });

  it('kohler-falls at a table of six: the dealer sits out, five play the five-handed jack-of-diamonds game', () => {
    const o = sh.resolveOptions('kohler-falls', {}, 6) as { partner: string; secondPartner: string; split: string };
    expect([o.partner, o.secondPartner, o.split]).toEqual(['jack-of-diamonds', 'none', 'two-to-one']);
    expect(sh.participants(o, 6, 2)).toEqual([3, 4, 5, 0, 1]);
    // Played on the table Decider: the dealer gets nothing, every deal has five players.
    const history = playTable({ type: 'OpenTable', variant: 'sheepshead', preset: 'kohler-falls', seats: 6 }, 6, 'k');
    for (const { before, ended } of history) {
      expect(ended.result.payout[before.dealer]).toBe(0);
    }
  });

  it('bug: a 6-player table played 12 hands each against 10 at 5-player tables; now everyone plays the same', () => {
    const cfg = (preset: string): T.TournamentConfig =>
      T.resolveConfig({ variant: 'sheepshead', preset, tableSize: 5, dealsPerRound: 10, startsAt: START });
    // Six-handed (everyone plays each hand): the same number of deals, 10 hands each.
    expect(T.dealsAtTable(cfg('standard'), 6)).toBe(10);
    // Kohler Falls: the dealer sits out, so 12 deals give each of the six 10 hands (20 → 24 as the rules say).
    expect(T.dealsAtTable(cfg('kohler-falls'), 6)).toBe(12);
    expect(T.dealsAtTable(cfg('kohler-falls'), 5)).toBe(10);
    const kf = T.resolveConfig({
      variant: 'sheepshead',
      preset: 'kohler-falls',
      tableSize: 5,
      dealsPerRound: 20,
      startsAt: START,
    });
    expect(T.dealsAtTable(kf, 6)).toBe(24);
    // Schafkopf keeps 5/4 as many deals at a table of five (the dealer sits out).
    const sk = T.resolveConfig({ variant: 'schafkopf', dealsPerRound: 32, startsAt: START });
    expect(T.dealsAtTable(sk, 5)).toBe(40);
  });

  it('a Kohler Falls round of 11 players on the engine: tables of 5 and 6, every player plays 10 hands', () => {
    for (const preset of ['kohler-falls', 'standard']) {
      const cfg = T.resolveConfig({
        variant: 'sheepshead',
        preset,
        tableSize: 5,
        dealsPerRound: 10,
        rounds: 1,
        startsAt: START,
      });
      let s = run([...registered(cfg, 11, 0), { type: 'StartRound', round: 1, drawSeed: 'kf', at: 1 }]).state;
      const tables = s.rounds[0]!.tables;
      expect(tables.map((t) => [t.seats.length, t.deals]).sort()).toEqual(
        preset === 'kohler-falls'
          ? [
              [5, 10],
              [6, 12],
            ]
          : [
              [5, 10],
              [6, 10],
            ],
      );
      for (const table of tables) {
        const deals = playTableDeals({
          variant: 'sheepshead',
          preset,
          seats: table.seats.length,
          deals: table.deals,
          dealSeed: (d) => `kf:${table.table}:${d}`,
          actionSeed: `kf:${table.table}`,
        }).records;
        s = step(s, { type: 'FinishTable', round: 1, table: table.table, deals, at: 2 });
      }
      expect(T.standings(s).map((r) => r.deals)).toEqual(Array.from({ length: 11 }, () => 10));
    }
  });

  it('bug: a live six-handed sheet demanded a seat sitting out; now only where the dealer sits out', () => {
    const cfg = (preset: string): T.TournamentConfig =>
      T.resolveConfig({ variant: 'sheepshead', preset, tableSize: 5, dealsPerRound: 10, startsAt: START });
    const payout = [2, 1, -1, -1, -1, 0];
    expect(T.settleEntry(cfg('standard'), 6, 1, { kind: 'payout', payout }).players).toEqual([0, 1, 2, 3, 4, 5]);
    expect(() => T.settleEntry(cfg('standard'), 6, 1, { kind: 'payout', payout, sitsOut: 5 })).toThrow(/sits out/);
    expect(T.settleEntry(cfg('kohler-falls'), 6, 1, { kind: 'payout', payout, sitsOut: 5 }).players).toEqual([
      0, 1, 2, 3, 4,
    ]);
    expect(() => T.settleEntry(cfg('kohler-falls'), 6, 1, { kind: 'payout', payout })).toThrow(/sitsOut/);
  });
});
