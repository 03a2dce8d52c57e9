import { describe, expect, it } from 'vitest';
import {
  type TableCommand,
  type TableEvent,
  type TableState,
  Rng,
  decide,
  evolve,
  money,
  moneyInvariant,
  schafkopf,
  shuffledDeckFor,
  view,
} from '../../engine/index.js';
import { pickAction } from '../../engine/sim.js';
import { asSeat } from '../../engine/seat.js';

type Ended = Extract<TableEvent, { type: 'DealEnded' }>;

/** The seat to act, or now and then a seat off turn that has an optional action (Klopfen, Kontra, Re). */
export function chooseSeat(s: TableState, rng: Rng): number {
  const toAct = view(s, { kind: 'spectator' }).deal!.toAct;
  if (rng.int(3) === 0) {
    const others = Array.from({ length: s.seats }, (_, i) => i).filter(
      (i) => !toAct.includes(asSeat(i)) && view(s, { kind: 'seat', seat: asSeat(i) }).legalActions.length > 0,
    );
    if (others.length > 0) return others[rng.int(others.length)]!;
  }
  return toAct[rng.int(toAct.length)]!;
}

/** Drive a table through decide/evolve with random legal actions; returns the DealEnded events with the state before. */
function playTable(open: Extract<TableCommand, { type: 'OpenTable' }>, deals: number, seed: number) {
  const rng = new Rng(seed);
  let state: TableState | null = null;
  const run = (cmd: TableCommand): TableEvent[] => {
    const d = decide(cmd, state);
    if (!d.ok) throw new Error(JSON.stringify(d.error));
    for (const e of d.events) state = evolve(state, e);
    return [...d.events];
  };
  run(open);
  const history: { before: TableState; ended: Ended; after: TableState }[] = [];
  for (let i = 0; i < deals; i++) {
    const before: TableState = state!;
    const events = run({ type: 'StartDeal', deck: shuffledDeckFor(before, `${seed}/${i}`) });
    let ended = events.find((e): e is Ended => e.type === 'DealEnded');
    while (ended === undefined) {
      const s: TableState = state!;
      const seat = chooseSeat(s, rng);
      const legal = view(s, { kind: 'seat', seat: asSeat(seat) }).legalActions;
      ended = run({ type: 'Act', seat, action: pickAction(legal, rng) }).find(
        (e): e is Ended => e.type === 'DealEnded',
      );
    }
    history.push({ before, ended, after: state! });
  }
  return history;
}

describe('table session across deals', () => {
  it('the dealer rotates clockwise; totals are the exact sum of payouts; money stays zero-sum', () => {
    const history = playTable({ type: 'OpenTable', variant: 'schafkopf', seats: 4 }, 40, 1);
    const totals = [0, 0, 0, 0];
    for (const { before, ended, after } of history) {
      expect(after.dealer).toBe((before.dealer + 1) % 4);
      ended.result.payout.forEach((p, i) => (totals[i]! += p));
      expect(after.totals.map(money.toNumber)).toEqual(totals);
      expect(money.isZero(moneyInvariant(after))).toBe(true);
    }
  });

  it('seed 003: after a solo the same dealer deals again; Bock rounds from Re and 60:60, appended, Doppelbock for both', () => {
    const history = playTable({ type: 'OpenTable', variant: 'schafkopf', preset: 'seed-003', seats: 4 }, 250, 7);
    const solos = ['solo', 'wenz', 'geier', 'farbwenz', 'farbgeier', 'bettel', 'bettel-brett', 'sie'];
    let sawRepeat = false;
    let sawBock = false;
    for (const { before, ended, after } of history) {
      const r = ended.result;
      const solo = r.contract !== null && solos.includes(r.contract.game);
      expect(after.dealer).toBe(solo ? before.dealer : (before.dealer + 1) % 4);
      sawRepeat ||= solo;
      // The deal was played under the head of the queue.
      const bock = before.bockQueue[0] ?? 1;
      expect(r.details?.['bock'] ?? bock).toBe(bock);
      // Queue: this deal's slot consumed; a solo under Bock extends it by one deal; new rounds appended.
      const expected = before.bockQueue.slice(bock > 1 ? 1 : 0);
      if (bock > 1 && solo) expected.unshift(bock);
      const re = r.details?.['re'] === true;
      const sixty = r.details?.['sixty'] === true;
      if (re || sixty) expected.push(...Array.from({ length: 4 }, () => (re && sixty ? 4 : 2)));
      expect(after.bockQueue).toEqual(expected);
      sawBock ||= bock > 1;
      expect(money.isZero(moneyInvariant(after))).toBe(true);
    }
    expect(sawRepeat).toBe(true);
    expect(sawBock).toBe(true);
  });

  it('all pass with the redeal option: nothing is paid and the next dealer deals', () => {
    const history = playTable({ type: 'OpenTable', variant: 'schafkopf', seats: 4 }, 60, 3);
    const thrown = history.filter((h) => h.ended.result.thrownIn === 'all-passed');
    expect(thrown.length).toBeGreaterThan(0);
    for (const { before, ended, after } of thrown) {
      expect(ended.result.payout).toEqual([0, 0, 0, 0]);
      expect(after.dealer).toBe((before.dealer + 1) % 4);
    }
  });

  it('über Kreuz (allPass kreuz): all pass → forehand and the seat opposite play together, paid as a Sauspiel', () => {
    const history = playTable(
      { type: 'OpenTable', variant: 'schafkopf', seats: 4, options: { allPass: 'kreuz' } },
      60,
      3,
    );
    const kreuz = history.filter(({ ended }) => ended.result.contract?.game === 'kreuz');
    expect(kreuz.length).toBeGreaterThan(0);
    expect(history.some(({ ended }) => ended.result.thrownIn === 'all-passed')).toBe(false);
    for (const { before, ended } of kreuz) {
      const r = ended.result;
      const forehand = (before.dealer + 1) % 4;
      expect([...r.declarers].sort()).toEqual([forehand, (forehand + 2) % 4].sort());
      const points = r.declarers.reduce((a: number, d) => a + (r.cardPoints[d] ?? 0), 0);
      if (points === 60) expect(r.thrownIn).toBe('kreuz-sixty');
      else expect(r.won).toBe(points >= 61);
      // Partners gain or lose together, each opponent the opposite.
      const [a, b] = r.declarers;
      expect(r.payout[a!]).toEqual(r.payout[b!]);
      expect(r.payout.reduce((x: number, y) => x + y, 0)).toBe(0);
    }
  });

  it('über Kreuz at 60:60 is replayed: the same rule as a thrown-in deal decides who deals and whether it counts', () => {
    const o = schafkopf.resolveOptions('tournament', { allPass: 'kreuz' });
    const rules = schafkopf.session(o);
    const sixty = { contract: { game: 'kreuz' as const, declarer: asSeat(0) }, thrownIn: 'kreuz-sixty' };
    const won = { contract: { game: 'kreuz' as const, declarer: asSeat(0) } };
    expect([rules.repeatDealer(sixty as never), rules.counts?.(sixty)]).toEqual([true, false]);
    expect([rules.repeatDealer(won as never), rules.counts?.(won)]).toEqual([false, true]);
  });

  it('the Stock: all pass → each pays the Sauspiel price in; the next Sauspiel’s winners take it, its losers double it', () => {
    const history = playTable(
      { type: 'OpenTable', variant: 'schafkopf', seats: 4, options: { allPass: 'stock' } },
      120,
      5,
    );
    let sawTake = false;
    for (const { before, ended, after } of history) {
      const r = ended.result;
      const potBefore = money.toNumber(before.pot);
      if (r.thrownIn === 'stock') {
        expect(r.payout).toEqual([-20, -20, -20, -20]);
        expect(money.toNumber(after.pot)).toBe(potBefore + 80);
      } else if (r.contract?.game === 'sauspiel' && potBefore > 0) {
        expect(money.toNumber(after.pot)).toBe(r.won ? 0 : potBefore * 2);
        sawTake = true;
      } else expect(money.toNumber(after.pot)).toBe(potBefore);
      expect(money.isZero(moneyInvariant(after))).toBe(true);
    }
    expect(sawTake).toBe(true);
  });

  it('5–7 seats: four play, the dealer (then the seats to his right) sit out and get nothing', () => {
    for (const seats of [5, 6, 7]) {
      const history = playTable({ type: 'OpenTable', variant: 'schafkopf', seats }, 8, seats);
      for (const { before, ended } of history) {
        const sitting = Array.from({ length: seats - 4 }, (_, k) => (before.dealer - k + seats) % seats);
        for (const s of sitting) expect(ended.result.payout[s]).toBe(0);
        expect(ended.result.payout).toHaveLength(seats);
      }
    }
  });

  it('rejects bad commands with namespaced codes and changes nothing', () => {
    const opened = decide({ type: 'OpenTable', variant: 'schafkopf', seats: 4 }, null);
    expect(opened.ok).toBe(true);
    const state = opened.ok ? opened.events.reduce<TableState | null>((s, e) => evolve(s, e), null)! : null;
    expect(decide({ type: 'OpenTable', variant: 'nope', seats: 4 }, null)).toMatchObject({
      ok: false,
      error: { code: 'table/unknown_variant' },
    });
    expect(decide({ type: 'OpenTable', variant: 'schafkopf', seats: 3 }, null)).toMatchObject({
      ok: false,
      error: { code: 'table/bad_seat_count', field: 'seats' },
    });
    expect(
      decide({ type: 'OpenTable', variant: 'schafkopf', seats: 4, options: { tariff: { sauspeil: 5 } } }, null),
    ).toMatchObject({
      ok: false,
      error: { code: 'table/bad_options', field: 'options.tariff.sauspeil' },
    });
    expect(decide({ type: 'StartDeal', deck: ['EO', 'EO'] }, state)).toMatchObject({
      ok: false,
      error: { code: 'deal/bad_deck' },
    });
    expect(decide({ type: 'Act', seat: 0, action: { type: 'pass' } }, state)).toMatchObject({
      ok: false,
      error: { code: 'deal/not_started' },
    });
    const started = decide({ type: 'StartDeal', deck: shuffledDeckFor(state!, 'x') }, state);
    let s2 = started.ok ? started.events.reduce((s, e) => evolve(s, e), state!) : state!;
    // The default preset knocks after the first four cards: every seat declines, then the auction runs in turn.
    expect(decide({ type: 'Act', seat: 1, action: { type: 'pass' } }, s2)).toMatchObject({
      ok: false,
      error: { code: 'action/illegal' },
    });
    for (let seat = 0; seat < 4; seat++) {
      const d = decide({ type: 'Act', seat, action: { type: 'choose', choice: 'no-knock' } }, s2);
      s2 = d.ok ? d.events.reduce((s, e) => evolve(s, e), s2) : s2;
    }
    expect(decide({ type: 'Act', seat: 1, action: { type: 'pass' } }, s2)).toMatchObject({
      ok: false,
      error: { code: 'action/not_your_turn' },
    });
    expect(decide({ type: 'Act', seat: 0, action: { type: 'fly' } }, s2)).toMatchObject({
      ok: false,
      error: { code: 'action/malformed', field: 'action.type' },
    });
    // Another variant's words are refused when the action is read, naming the table's variant.
    expect(decide({ type: 'Act', seat: 0, action: { type: 'pick' } }, s2)).toMatchObject({
      ok: false,
      error: {
        code: 'action/malformed',
        field: 'action.type',
        message: expect.stringMatching(/^schafkopf has no pick/),
      },
    });
    expect(decide({ type: 'Act', seat: 0, action: { type: 'bid', game: 'sauerei' } }, s2)).toMatchObject({
      ok: false,
      error: {
        code: 'action/malformed',
        field: 'action.game',
        message: expect.stringMatching(/^schafkopf has no bid game/),
      },
    });
    expect(decide({ type: 'Act', seat: 0, action: { type: 'play', card: 'XX' } }, s2)).toMatchObject({
      ok: false,
      error: { code: 'action/malformed', field: 'action.card' },
    });
    expect(decide({ type: 'Act', seat: 0, action: { type: 'play', card: 'EO' } }, s2)).toMatchObject({
      ok: false,
      error: { code: 'action/illegal' },
    });
  });
});

describe('a table closed mid-deal (DealAbandoned)', () => {
  it('bug: the running deal stayed live — closing ends it unsettled: no payout, no next dealer, nobody to act', () => {
    const open = decide({ type: 'OpenTable', variant: 'schafkopf', seats: 4 }, null);
    let state = open.ok ? open.events.reduce<TableState | null>((s, e) => evolve(s, e), null)! : null!;
    const started = decide({ type: 'StartDeal', deck: shuffledDeckFor(state, 'mid') }, state);
    state = started.ok ? started.events.reduce((s, e) => evolve(s, e), state) : state;
    const knock = decide({ type: 'Act', seat: 0, action: { type: 'knock' } }, state);
    expect(knock.ok).toBe(true);
    state = knock.ok ? knock.events.reduce((s, e) => evolve(s, e), state) : state;

    const closed = decide({ type: 'CloseTable' }, state);
    expect(closed).toEqual({
      ok: true,
      events: [{ type: 'DealAbandoned', deal: 1, reason: 'table-closed' }, { type: 'TableClosed' }],
    });
    const after = closed.ok ? closed.events.reduce((s, e) => evolve(s, e), state) : state;
    expect(after.deal).toMatchObject({ over: true, abandoned: 'table-closed' });
    expect(after.lastResult).toBeNull();
    expect(after.totals.map(money.format)).toEqual(['0', '0', '0', '0']);
    expect(after.dealer).toBe(state.dealer);
    const seen = view(after, { kind: 'seat', seat: 1 });
    expect(seen.deal).toMatchObject({ phase: 'abandoned', toAct: [], abandoned: 'table-closed', result: null });
    expect(seen.deal!.hands.filter((h) => h !== null)).toHaveLength(1);
    expect(seen.legalActions).toEqual([]);
    // A table closed between deals abandons nothing.
    expect(decide({ type: 'CloseTable' }, { ...state, deal: null })).toEqual({
      ok: true,
      events: [{ type: 'TableClosed' }],
    });
  });
});
