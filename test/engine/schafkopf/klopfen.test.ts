import { describe, expect, it } from 'vitest';
import {
  type TableEvent,
  type TableState,
  Rng,
  decide,
  evolve,
  getVariant,
  playRandomDeal,
  redactEvent,
  resultJson,
  scoreRecord,
  shuffledDeckFor,
  toRecord,
  view,
} from '../../../engine/index.js';
import { act, cards, deal, expectIllegal } from '../../support/schafkopf.js';
import { asSeat } from '../../../engine/seat.js';

/**
 * Klopfen/Legen after the first four cards (seed 003: "nach dem Austeilen der ersten 4 Karten kann man legen/klopfen";
 * presets `sauspiel` and `seed-003`, option knock.timing `first-four`): every seat decides on its first packet, then
 * the second packet is dealt and the auction starts.
 */
const D = 'EO GO HO SO EU GU HU SU | EA EZ EK E9 GA GZ GK G9 | HA HZ HK H9 SA SZ SK S9 | E8 E7 G8 G7 H8 H7 S8 S7';

describe('Klopfen after the first four cards (knock.timing first-four)', () => {
  it('every seat sees only its first packet and decides at once; the auction waits until all have decided', () => {
    const s = deal(D, { knockPhase: true });
    expect(s.phase).toBe('knock');
    const sk = getVariant('schafkopf')!;
    expect(sk.toAct(s)).toEqual([0, 1, 2, 3]);
    const seen = sk.view(s, { kind: 'seat', seat: 0 });
    expect(seen.hands[0]).toEqual(cards('EO GO HO SO').sort((a, b) => D.indexOf(a) - D.indexOf(b)));
    expect(seen.handCounts).toEqual([4, 4, 4, 4]);
    expect(sk.legalActions(s, 2)).toEqual([{ type: 'knock' }, { type: 'choose', choice: 'no-knock' }]);
    expectIllegal(s, 0, { type: 'bid', game: 'solo', suit: 'E' }, /first decides whether to knock/);
    expectIllegal(s, 0, { type: 'pass' }, /first decides whether to knock/);
    // Seats decide in any order; a decision is final: the seat's turn is over until the others have decided.
    act(s, 2, { type: 'knock' });
    expectIllegal(s, 2, { type: 'choose', choice: 'no-knock' }, /not this seat’s turn/);
    expectIllegal(s, 2, { type: 'pass' }, /not this seat’s turn/);
    act(s, 0, { type: 'choose', choice: 'no-knock' });
    act(s, 3, { type: 'choose', choice: 'no-knock' });
    expect(sk.toAct(s)).toEqual([1]);
    expect(sk.view(s, { kind: 'seat', seat: 1 }).hands[1]).toHaveLength(4);
    const notes = sk.apply(s, 1, { type: 'knock' });
    // The second packet, one note per seat from forehand; then the auction.
    expect(notes).toEqual([
      { type: 'CardsDealt', seat: 0, cards: ['EU', 'GU', 'HU', 'SU'] },
      { type: 'CardsDealt', seat: 1, cards: ['GA', 'GZ', 'GK', 'G9'] },
      { type: 'CardsDealt', seat: 2, cards: ['SA', 'SZ', 'SK', 'S9'] },
      { type: 'CardsDealt', seat: 3, cards: ['H8', 'H7', 'S8', 'S7'] },
    ]);
    expect(s.phase).toBe('auction');
    expect(sk.view(s, { kind: 'seat', seat: 0 }).hands[0]).toHaveLength(8);
    expect(sk.view(s, { kind: 'seat', seat: 0 }).doublings).toEqual([
      { seat: 2, type: 'knock' },
      { seat: 1, type: 'knock' },
    ]);
    expectIllegal(s, 0, { type: 'knock' }, /only allowed after the first four cards/);
    expect(sk.legalActions(s, 0)).not.toContainEqual({ type: 'knock' });
  });

  it('the preset seed-003 knocks after the first four too; knock.timing before-first-call keeps the old behaviour', () => {
    expect(deal(D, { preset: 'seed-003', knockPhase: true }).phase).toBe('knock');
    const old = deal(D, { options: { knock: { timing: 'before-first-call' } } });
    expect(old.phase).toBe('auction');
    act(old, 3, { type: 'knock' });
    act(old, 0, { type: 'pass' });
    expectIllegal(old, 0, { type: 'knock' }, /before the seat’s first auction call/);
    expect(deal(D, { preset: 'bsv' }).phase).toBe('auction');
  });

  it('through the table: DealStarted, the views and the legal actions show each seat its first four cards only', () => {
    const opened = decide({ type: 'OpenTable', variant: 'schafkopf', seats: 4 }, null);
    let state = opened.ok ? opened.events.reduce<TableState | null>((x, e) => evolve(x, e), null)! : null!;
    const before = state;
    const started = decide({ type: 'StartDeal', deck: shuffledDeckFor(state, 'four') }, state);
    if (!started.ok) throw new Error('no deal');
    const dealStarted = started.events[0]!;
    state = started.events.reduce((x, e) => evolve(x, e), state);
    for (let seat = 0; seat < 4; seat++) {
      const seen = redactEvent(before, dealStarted, { kind: 'seat', seat: asSeat(seat) });
      expect(seen.type === 'DealStarted' && seen.layout.hands.map((h) => h.length)).toEqual(
        [0, 1, 2, 3].map((i) => (i === seat ? 4 : 0)),
      );
      const v = view(state, { kind: 'seat', seat: asSeat(seat) });
      expect(v.deal!.hands[seat]).toHaveLength(4);
      expect(v.legalActions).toEqual([{ type: 'knock' }, { type: 'choose', choice: 'no-knock' }]);
    }
    const events: TableEvent[] = [];
    for (const seat of [3, 1, 0, 2]) {
      const d = decide({ type: 'Act', seat, action: { type: 'choose', choice: 'no-knock' } }, state);
      if (!d.ok) throw new Error(JSON.stringify(d.error));
      events.push(...d.events);
      state = d.events.reduce((x, e) => evolve(x, e), state);
    }
    const dealt = events.filter((e) => e.type === 'DealNoted');
    expect(dealt).toHaveLength(4);
    // Each seat's second packet reaches that seat only.
    for (const e of dealt) {
      if (e.type !== 'DealNoted' || e.note.type !== 'CardsDealt') throw new Error('expected CardsDealt');
      const owner = e.note.seat;
      const mine = redactEvent(state, e, { kind: 'seat', seat: owner });
      const other = redactEvent(state, e, { kind: 'seat', seat: asSeat((owner + 1) % 4) });
      expect(mine.type === 'DealNoted' && mine.note.type === 'CardsDealt' && mine.note.cards).toHaveLength(4);
      expect(other.type === 'DealNoted' && other.note.type === 'CardsDealt' && other.note.cards).toEqual([]);
      expect(redactEvent(state, e, { kind: 'spectator' })).toMatchObject({ note: { cards: [] } });
    }
    expect(view(state, { kind: 'seat', seat: 0 }).deal!.hands[0]).toHaveLength(8);
    expect(view(state, { kind: 'seat', seat: 0 }).deal!.phase).toBe('auction');
  });

  it('records: knocks listed before the auction (no-knock choices optional) settle as they did before', () => {
    const sk = getVariant('schafkopf')!;
    const rng = new Rng('klopfen-records');
    const o = sk.resolveOptions('sauspiel', {}, 4);
    let knocked = 0;
    for (let g = 0; g < 150; g++) {
      const d = playRandomDeal(sk, o, 4, asSeat(g % 4), rng, undefined, true);
      knocked += d.actions.filter((a) => a.action.type === 'knock').length;
      const live = toRecord({ variant: 'schafkopf', seats: 4, dealer: d.dealer, layout: d.layout, actions: d.actions });
      const settled = scoreRecord(JSON.parse(JSON.stringify(live)));
      expect(settled).toEqual(resultJson(d.result));
      // The same deal as a record written by hand: only the knocks, then the auction (what score accepted before).
      const knocksOnly = {
        ...live,
        actions: live.actions.filter((a) => !(a.type === 'choose' && a['choice'] === 'no-knock')),
      };
      expect(scoreRecord(knocksOnly)).toEqual(settled);
      // And under the old timing the knocks-only record settles to the same result.
      expect(scoreRecord({ ...knocksOnly, options: { knock: { timing: 'before-first-call' } } })).toEqual(settled);
    }
    expect(knocked).toBeGreaterThan(20);
  });

  it('records written under the old timing (a knock before the seat’s own first call, after others’ calls) still settle', () => {
    const sk = getVariant('schafkopf')!;
    const rng = new Rng('klopfen-old-records');
    const old = { knock: { timing: 'before-first-call' } };
    const o = sk.resolveOptions('sauspiel', old, 4);
    let interleaved = 0;
    for (let g = 0; g < 150; g++) {
      const d = playRandomDeal(sk, o, 4, asSeat(g % 4), rng, undefined, true);
      const firstCall = d.actions.findIndex((a) => a.action.type !== 'knock');
      if (d.actions.slice(firstCall).some((a) => a.action.type === 'knock')) interleaved++;
      const record = toRecord({
        variant: 'schafkopf',
        seats: 4,
        dealer: d.dealer,
        layout: d.layout,
        actions: d.actions,
      });
      const settled = scoreRecord(JSON.parse(JSON.stringify({ ...record, options: old })));
      expect(settled).toEqual(resultJson(d.result));
      // The same record under the default preset (Klopfen after the first four): each such knock counts as made in
      // the knock phase, so the record settles the same.
      expect(scoreRecord(JSON.parse(JSON.stringify(record)))).toEqual(settled);
    }
    expect(interleaved).toBeGreaterThan(10);
    // A knock after the knocking seat's own first call was refused then and is refused now, naming the action.
    const bad = {
      variant: 'schafkopf',
      seats: 4,
      dealer: 3,
      hands: D.split(' | ').map((h) => h.split(' ')),
      actions: [
        { seat: 0, type: 'pass' },
        { seat: 0, type: 'knock' },
      ],
    };
    for (const options of [undefined, old])
      expect(scoreRecord(options === undefined ? bad : { ...bad, options })).toMatchObject({
        error: { index: 1, seat: 0 },
      });
  });
});
