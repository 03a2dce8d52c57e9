import { describe, expect, it } from 'vitest';
import { parseAction } from '../../../engine/index.js';
import { PASS, act, bid, deal, expectIllegal, registered, saukopf, turn } from './helpers.js';
import { asSeat } from '../../../engine/seat.js';

const D4 = 'EO GO HO SO EU GU HU SU | EA EZ EK E9 E8 E7 GA GZ | GK G9 G8 G7 HA HZ HK H9 | H8 H7 SA SZ SK S9 S8 S7';
const D3 = 'EO GO HO SO EU GU HU SU EA EZ | EK E9 E8 E7 GA GZ GK G9 G8 G7 | HA HZ HK H9 H8 H7 SA SZ SK S9 | S8 S7';

describe('Grunzen (seed 004 "Grunzen")', () => {
  it('is registered as variant saukopf', () => {
    expect(registered()).toBe(true);
  });

  it('forehand (left of the dealer) bids first; bids go round clockwise', () => {
    const s = deal(D4, { dealer: 1 });
    expect(turn(s)).toBe(2);
    act(s, 2, bid(61));
    expect(turn(s)).toBe(3);
  });

  it('the lowest bid is 61, the highest Schwarz (above 120); any number of Augen in between', () => {
    const s = deal(D4);
    expectIllegal(s, 0, bid(60), /61…120 Augen or Schwarz/);
    expectIllegal(s, 0, bid(121), /61…120 Augen or Schwarz/);
    act(s, 0, bid(61));
    act(s, 1, bid(120));
    act(s, 2, bid('schwarz'));
    expect(saukopf.legalActions(s, 3)).toEqual([PASS]);
  });

  it('a bid must top the highest bid by any number of Augen, else the bidder drops out by passing', () => {
    const s = deal(D4);
    act(s, 0, bid(75));
    expectIllegal(s, 1, bid(75), /must top the highest bid/);
    act(s, 1, bid(76));
    act(s, 2, PASS);
    act(s, 3, PASS);
    // The bidding goes round: seat 0 may top 76 again; seat 2 is out for good.
    expect(turn(s)).toBe(0);
    act(s, 0, bid(90));
    expect(turn(s)).toBe(1);
    act(s, 1, PASS);
    // Seat 0 is the last bidder left: he announces the game.
    expect(s.phase).toBe('announce');
    expect(turn(s)).toBe(0);
  });

  it('legal bids are pass and every value above the highest bid up to Schwarz', () => {
    const s = deal(D4);
    act(s, 0, bid(118));
    const legal = saukopf.legalActions(s, 1);
    expect(legal).toEqual([PASS, bid(119), bid(120), bid('schwarz')]);
  });

  it('Wilde Sauerei when nobody bids (4 players)', () => {
    const s = deal(D4);
    for (let i = 0; i < 4; i++) act(s, asSeat(i), PASS);
    expect(s.phase).toBe('play');
    expect(saukopf.view(s, { kind: 'spectator' }).contract).toEqual({ game: 'wilde-sauerei' });
  });

  it('the last seat may still bid after three passes', () => {
    const s = deal(D4);
    for (let i = 0; i < 3; i++) act(s, asSeat(i), PASS);
    expect(turn(s)).toBe(3);
    act(s, 3, bid(61));
    expect(s.phase).toBe('announce');
  });

  it('Dreihaxer: nobody bids → the deal is thrown in, nothing paid (Sauereien are forbidden at 3)', () => {
    const s = deal(D3);
    for (let i = 0; i < 3; i++) act(s, asSeat(i), PASS);
    const r = saukopf.result(s);
    expect(r.thrownIn).toBe('all-passed');
    expect(r.payout.every((p) => p.n === 0)).toBe(true);
  });

  it('a bid carries a value, not a game: refused when the action is parsed', () => {
    expect(parseAction({ type: 'bid', game: 'keiler', value: 61 }, saukopf.vocabulary)).toEqual({
      ok: false,
      message: 'field game is not part of a bid action',
      field: 'game',
    });
  });
});
