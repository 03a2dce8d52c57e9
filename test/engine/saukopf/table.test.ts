import { describe, expect, it } from 'vitest';
import {
  type Action,
  type Card,
  type TableCommand,
  type TableState,
  decide,
  evolve,
  parseCards,
  redactEvent,
  view,
} from '../../../engine/index.js';

/** The deck that `deal` turns into these hands (packets of 5 from forehand, then the two open cards). */
function deckFor3(h: Card[][], open: Card[]): Card[] {
  return [0, 5].flatMap((k) => h.flatMap((hand) => hand.slice(k, k + 5))).concat(open);
}

const H = 'EO GO HO SO EU GU HU SU EA EZ | EK E9 E8 E7 GA GZ GK G9 G8 G7 | HA HZ HK H9 H8 H7 SA SZ SK S9'
  .split('|')
  .map((t) => parseCards(t));

describe('Saukopf through the table Decider', () => {
  it('a Dreihaxer: Grunzen, Trog (redacted for the others), a Knorpel announced by name, Huftritt, settlement', () => {
    let state: TableState | null = null;
    const run = (cmd: TableCommand): void => {
      const d = decide(cmd, state);
      if (!d.ok) throw new Error(`${cmd.type}: ${JSON.stringify(d.error)}`);
      for (const e of d.events) state = evolve(state, e);
    };
    const actAs = (seat: number, action: Action): void => run({ type: 'Act', seat, action });
    run({ type: 'OpenTable', variant: 'saukopf', seats: 3 });
    run({ type: 'StartDeal', deck: deckFor3(H, parseCards('S8 S7')) });
    expect(view(state!, { kind: 'seat', seat: 1 }).deal?.blind).toEqual(['S8', 'S7']);
    actAs(0, { type: 'bid', value: 61 });
    actAs(1, { type: 'bid', value: 70 });
    actAs(2, { type: 'pass' });
    actAs(0, { type: 'pass' });
    // Seat 1 won the Grunzen: he takes the Trog and lays GA GZ away.
    const trog: Action = { type: 'trog', cards: ['GA', 'GZ'] };
    const d = decide({ type: 'Act', seat: 1, action: trog }, state);
    expect(d.ok).toBe(true);
    if (!d.ok) return;
    const taken = d.events[0]!;
    expect(redactEvent(state, taken, { kind: 'seat', seat: 0 })).toMatchObject({ action: { type: 'trog', cards: [] } });
    expect(redactEvent(state, taken, { kind: 'seat', seat: 1 })).toMatchObject({ action: trog });
    for (const e of d.events) state = evolve(state, e);
    // The Knorpel is offered once per card of the opponents' hands: what the declarer knows anyway (every card not
    // in his hand, not open and not laid away in the Trog), so the list tells nothing hidden.
    const seen = view(state!, { kind: 'seat', seat: 1 });
    const legal = seen.legalActions;
    const named = legal.flatMap((a) => (a.type === 'announce' && a.game === 'knorpel' && !a.spiess ? [a.card] : []));
    const counts = seen.deal!.handCounts;
    expect(named).toHaveLength(counts.reduce((a, b, i) => (i === 1 ? a : a + b), 0));
    expect(named).toContain('HA');
    expect(named).not.toContain('GA');
    for (const card of seen.deal!.hands[1] ?? []) expect(named).not.toContain(card);
    expect(view(state!, { kind: 'seat', seat: 1 }).deal?.extra?.knorpel).toMatch(/opponent/);
    const bad = decide({ type: 'Act', seat: 1, action: { type: 'announce', game: 'knorpel', card: 'GA' } }, state);
    expect(bad.ok).toBe(false);
    actAs(1, { type: 'announce', game: 'knorpel', card: 'HA' });
    // Seat 0 bid and has not played: he kicks.
    actAs(0, { type: 'huftritt' });
    expect(view(state!, { kind: 'spectator' }).deal?.doublings).toEqual([{ seat: 0, type: 'huftritt' }]);
    // Play it out: each seat plays its first legal card.
    for (let guard = 0; guard < 40 && !state!.deal!.over; guard++) {
      const seat = view(state!, { kind: 'spectator' }).deal!.toAct[0]!;
      const card = view(state!, { kind: 'seat', seat }).legalActions.find((a) => a.type === 'play')!;
      actAs(seat, card);
    }
    const r = state!.lastResult!;
    expect(r.contract).toMatchObject({ declarer: 1, bid: 70, game: 'knorpel', card: 'HA' });
    expect(r.multiplier % 2).toBe(0);
    expect(r.cardPoints.reduce((a, b) => a + b, 0)).toBe(120);
    expect(r.tricks[1]).toBeGreaterThanOrEqual(1);
  });
});
