import { describe, expect, it } from 'vitest';
import {
  type TableCommand,
  type TableEvent,
  type TableState,
  decide,
  evolve,
  randomnessFor,
  redactEvent,
  scoreRecord,
  startDealFor,
  toRecord,
  view,
} from '../../../engine/index.js';
import { dieOf } from '../../../engine/variants/sheepshead/index.js';
import { type Seat, asSeat } from '../../../engine/seat.js';

/**
 * Seven-handed Sheepshead (seed 002: "He then rolls one die. The number that comes up identifies one partner, as
 * counted clockwise from the picker"): the die is rolled from the deal's secret seed with the shuffle.
 */
function open(seats: number): TableState {
  const d = decide({ type: 'OpenTable', variant: 'sheepshead', seats }, null);
  if (!d.ok) throw new Error(JSON.stringify(d.error));
  return d.events.reduce<TableState | null>((s, e) => evolve(s, e), null)!;
}

function run(state: TableState, cmd: TableCommand): { state: TableState; events: readonly TableEvent[] } {
  const d = decide(cmd, state);
  if (!d.ok) throw new Error(`${cmd.type} rejected: ${JSON.stringify(d.error)}`);
  return { state: d.events.reduce((s, e) => evolve(s, e), state), events: d.events };
}

describe('seven-handed Sheepshead: the die is a die', () => {
  it('over 6000 seeds every face comes up about equally often (chi-square, 5 degrees of freedom, p = 0.001)', () => {
    const table = open(7);
    const counts = [0, 0, 0, 0, 0, 0];
    const n = 6000;
    for (let i = 0; i < n; i++) {
      const die = randomnessFor(table, `die-${i}`).die!;
      counts[die - 1]!++;
    }
    const expected = n / 6;
    const chi2 = counts.reduce((a, c) => a + (c - expected) ** 2 / expected, 0);
    expect(chi2, JSON.stringify(counts)).toBeLessThan(20.52);
    for (const c of counts) expect(c).toBeGreaterThan(0);
  });

  it('bug: the die derived from the dealt cards only ever showed 2, 4 or 6 (its parity is fixed by the deck)', () => {
    const table = open(7);
    const legacy = new Set<number>();
    const seeded = new Set<number>();
    for (let i = 0; i < 300; i++) {
      const command = startDealFor(table, `parity-${i}`);
      seeded.add(command.die!);
      const started = run(table, command).events[0]!;
      if (started.type === 'DealStarted')
        legacy.add(dieOf({ hands: started.layout.hands, blind: started.layout.blind }));
    }
    expect([...legacy].every((d) => d % 2 === [...legacy][0]! % 2)).toBe(true);
    expect([...seeded].sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('the die is in DealStarted, hidden from the seats until the picker rolls it in the open (DieRolled)', () => {
    const table = open(7);
    const seed = 'seven-die';
    const { die } = randomnessFor(table, seed);
    const started = run(table, startDealFor(table, seed));
    const dealStarted = started.events[0]!;
    expect(dealStarted).toMatchObject({ type: 'DealStarted', layout: { die } });
    const seen = redactEvent(table, dealStarted, { kind: 'seat', seat: 0 });
    expect(seen.type === 'DealStarted' && seen.layout.die).toBe(undefined);
    expect(view(started.state, { kind: 'seat', seat: 0 }).deal?.extra).not.toHaveProperty('die');
    // Forehand (seat 0) picks: the die is rolled and names the partner clockwise from him.
    const picked = run(started.state, { type: 'Act', seat: 0, action: { type: 'pick' } });
    expect(picked.events).toContainEqual({
      type: 'DealNoted',
      deal: 1,
      note: { type: 'DieRolled', die, seat: die! % 7 },
    });
    expect(view(picked.state, { kind: 'seat', seat: 3 }).deal?.extra).toMatchObject({ die });
  });

  it('the StartDeal command must carry the die exactly when the deal rolls one', () => {
    const seven = open(7);
    const { deck } = randomnessFor(seven, 'x');
    expect(decide({ type: 'StartDeal', deck }, seven)).toMatchObject({ ok: false, error: { field: 'die' } });
    expect(decide({ type: 'StartDeal', deck, die: 7 }, seven)).toMatchObject({ ok: false, error: { field: 'die' } });
    const four = open(4);
    const fourDeck = randomnessFor(four, 'x').deck;
    expect(randomnessFor(four, 'x').die).toBeUndefined();
    expect(decide({ type: 'StartDeal', deck: fourDeck, die: 3 }, four)).toMatchObject({
      ok: false,
      error: { field: 'die' },
    });
  });

  it('the record carries the die and settles the same; a die out of range is an error', () => {
    const table = open(7);
    const dealt = run(table, startDealFor(table, 'record-die'));
    let state = dealt.state;
    const started = dealt.events[0]!;
    if (started.type !== 'DealStarted') throw new Error('no deal');
    const actions: { seat: Seat; action: { type: 'pass' } }[] = [];
    // Everybody passes: a leaster is played, but the record must still carry the die it was dealt with.
    for (let seat = 0; seat < 7; seat++) {
      ({ state } = run(state, { type: 'Act', seat, action: { type: 'pass' } }));
      actions.push({ seat: asSeat(seat), action: { type: 'pass' } });
    }
    const record = toRecord({ variant: 'sheepshead', seats: 7, dealer: 6, layout: started.layout, actions });
    expect(record.die).toBe(started.layout.die);
    expect(scoreRecord(JSON.parse(JSON.stringify(record)))).toMatchObject({ complete: false });
    expect(scoreRecord({ ...record, die: 0 })).toMatchObject({ error: { code: 'record/deal' } });
    expect(scoreRecord({ ...record, die: 'six' })).toMatchObject({ error: { field: 'die' } });
  });
});
