import { describe, expect, it } from 'vitest';
import {
  type TableEvent,
  type TableState,
  Rng,
  decide,
  evolve,
  money,
  shuffledDeckFor,
  view,
} from '../../engine/index.js';
import { pickAction } from '../../engine/sim.js';

// DealEnded is no derived event evolve ignores: evolve settles the deal on it (engine/game/table.ts).
describe('DealEnded: evolve settles the deal on it', () => {
  it('the events of the last action without DealEnded leave the deal unsettled; DealEnded settles it as it says', () => {
    const rng = new Rng(5);
    const fold = (s: TableState | null, events: readonly TableEvent[]) => events.reduce(evolve, s);
    const opened = decide({ type: 'OpenTable', variant: 'schafkopf', seats: 4 }, null);
    if (!opened.ok) throw new Error('open');
    let state = fold(null, opened.events) as TableState;
    const started = decide({ type: 'StartDeal', deck: shuffledDeckFor(state, 'deal-ended') }, state);
    if (!started.ok) throw new Error('start');
    state = fold(state, started.events) as TableState;
    for (;;) {
      const seat = view(state, { kind: 'spectator' }).deal!.toAct[0]!;
      const action = pickAction(view(state, { kind: 'seat', seat }).legalActions, rng);
      const d = decide({ type: 'Act', seat, action }, state);
      if (!d.ok) throw new Error(JSON.stringify(d.error));
      const ended = d.events.find((e) => e.type === 'DealEnded');
      if (ended === undefined) {
        state = fold(state, d.events) as TableState;
        continue;
      }
      // Prepare: the deal's last action, with its notes, but not the DealEnded after them.
      expect(d.events[d.events.length - 1]).toBe(ended);
      const before = fold(state, d.events.slice(0, -1)) as TableState;
      // Assess: not settled yet — no result, totals and dealer unchanged.
      expect(before.deal!.over).toBe(false);
      expect(before.lastResult).toBeNull();
      expect(before.totals).toEqual(state.totals);
      expect(before.dealer).toBe(state.dealer);
      // Act: evolve the DealEnded.
      const after = evolve(before, ended);
      expect(after.deal!.over).toBe(true);
      expect(after.lastResult).toEqual(ended.result);
      expect(after.totals.map(money.format)).toEqual(ended.totals);
      expect(money.format(after.pot)).toBe(ended.pot);
      expect(after.dealer).toBe((state.dealer + 1) % 4);
      break;
    }
  });
});
