import { describe, expect, it } from 'vitest';
import {
  type Card,
  type TableCommand,
  type TableState,
  decide,
  evolve,
  money,
  parseCards,
  view,
} from '../../../engine/index.js';

const D5 = 'QC QS JD AD 7C 9H | QH JC 10D AC 10C KS | QD JS KD AH 7S 8S | JH 9D 8D KC 9C 10H | 7D AS 10S 9S KH 8H';
const B5 = '8C 7H';
const CALLED =
  'QC QH QD JH 7D / QS JC JS 9D KH / 9H 10D AH 10H 8H / AC KD KC 9S JD / AD 10C 7S 8D 10S / 7H KS 8S 9C AS';

/** The deck order that the five-handed deal (3 each, 2 to the blind, 3 each, from the dealer's left) turns into D5. */
function deckFor(dealer: number): Card[] {
  const hands = D5.split('|').map((h) => parseCards(h));
  const deck: Card[] = [];
  for (let i = 0; i < 5; i++) deck.push(...hands[(dealer + 1 + i) % 5]!.slice(0, 3));
  deck.push(...parseCards(B5));
  for (let i = 0; i < 5; i++) deck.push(...hands[(dealer + 1 + i) % 5]!.slice(3));
  return deck;
}

function run(state: TableState | null, cmd: TableCommand): TableState {
  const d = decide(cmd, state);
  if (!d.ok) throw new Error(`${cmd.type} rejected: ${JSON.stringify(d.error)}`);
  return d.events.reduce<TableState | null>((s, e) => evolve(s, e), state)!;
}

function act(state: TableState, seat: number, action: Record<string, unknown>): TableState {
  return run(state, { type: 'Act', seat, action });
}

function playTricks(state: TableState, tricks: string): TableState {
  let s = state;
  for (const card of tricks.replace(/\//g, ' ').split(/\s+/).filter(Boolean)) {
    const seat = view(s, { kind: 'spectator' }).deal!.toAct[0]!;
    s = act(s, seat, { type: 'play', card });
  }
  return s;
}

describe('a Sheepshead table (running totals, doubler; seed 002 "Keeping Score", "Doublers")', () => {
  it('a doubler is redealt by the same dealer and the next hand pays double; totals stay zero-sum', () => {
    let s = run(null, { type: 'OpenTable', variant: 'sheepshead', seats: 5, options: { noPick: 'doubler' } });
    expect(s.dealer).toBe(4);
    s = run(s, { type: 'StartDeal', deck: deckFor(4) });
    for (let seat = 0; seat < 5; seat++) s = act(s, seat, { type: 'pass' });
    expect(s.lastResult?.thrownIn).toBe('doubler');
    expect(s.dealer).toBe(4);
    expect(s.bockQueue).toEqual([2]);
    s = run(s, { type: 'StartDeal', deck: deckFor(4) });
    s = act(s, 0, { type: 'pick' });
    s = act(s, 0, { type: 'bury', cards: ['7C', '8C'] });
    s = act(s, 0, { type: 'call', card: 'A♥' });
    s = playTricks(s, CALLED);
    expect(s.lastResult?.payout).toEqual([4, -2, 2, -2, -2]);
    expect(s.totals.map(money.toNumber)).toEqual([4, -2, 2, -2, -2]);
    expect(s.dealer).toBe(0);
    // Exactly the next hand was doubled: the third deal is at the standard stakes again.
    expect(s.bockQueue).toEqual([]);
    expect(money.isZero(money.sum(s.totals))).toBe(true);
  });

  it('consecutive doublers double the next two hands, never ×4 (seed 002 "Doublers")', () => {
    let s = run(null, { type: 'OpenTable', variant: 'sheepshead', seats: 5, options: { noPick: 'doubler' } });
    s = run(s, { type: 'StartDeal', deck: deckFor(4) });
    for (let seat = 0; seat < 5; seat++) s = act(s, seat, { type: 'pass' });
    expect(s.bockQueue).toEqual([2]);
    // The doubled hand is thrown in again: it keeps its slot and one more doubled hand is queued.
    s = run(s, { type: 'StartDeal', deck: deckFor(4) });
    for (let seat = 0; seat < 5; seat++) s = act(s, seat, { type: 'pass' });
    expect(s.lastResult?.thrownIn).toBe('doubler');
    expect(s.dealer).toBe(4);
    expect(s.bockQueue).toEqual([2, 2]);
    // Both following hands are played at ×2: the first one here pays 4 for a win worth 2 at single stakes.
    s = run(s, { type: 'StartDeal', deck: deckFor(4) });
    s = act(s, 0, { type: 'pick' });
    s = act(s, 0, { type: 'bury', cards: ['7C', '8C'] });
    s = act(s, 0, { type: 'call', card: 'AH' });
    s = playTricks(s, CALLED);
    expect(s.lastResult?.payout).toEqual([4, -2, 2, -2, -2]);
    expect(s.bockQueue).toEqual([2]);
  });

  it('running totals add up deal by deal', () => {
    let s = run(null, { type: 'OpenTable', variant: 'sheepshead', seats: 5 });
    for (let deal = 0; deal < 2; deal++) {
      s = run(s, { type: 'StartDeal', deck: deckFor(s.dealer) });
      if (deal === 1) {
        // Dealer 0 now: seat 1 is forehand; the same cards lie in the same seats.
        for (const seat of [1, 2, 3, 4, 0]) s = act(s, seat, { type: 'pass' });
        break;
      }
      s = act(s, 0, { type: 'pick' });
      s = act(s, 0, { type: 'bury', cards: ['7C', '8C'] });
      s = act(s, 0, { type: 'call', card: 'AH' });
      s = playTricks(s, CALLED);
    }
    expect(s.totals.map(money.toNumber)).toEqual([2, -1, 1, -1, -1]);
    // The second deal is a leaster in progress: seat 1 leads.
    expect(view(s, { kind: 'spectator' }).deal!.toAct).toEqual([1]);
  });
});
