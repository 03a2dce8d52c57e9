import { describe, expect, it } from 'vitest';
import { PASS, act, bid, deal, expectIllegal, play, playOut, result, saukopf } from './helpers.js';
import { asSeat } from '../../../engine/seat.js';

const DS = 'EA EZ GA GZ HA HZ SA SZ | EK E9 E8 E7 GK G9 G8 G7 | HK H9 H8 H7 SK S9 S8 S7 | EO GO HO SO EU GU HU SU';
const HUF = { type: 'huftritt' } as const;

/** Grunzen 61 (0), 62 (1), pass, pass, 63 (0), pass; seat 0 announces a Schwarte. Seats 0 and 1 bid. */
function bidders(options: unknown = {}) {
  const s = deal(DS, { options });
  act(s, 0, bid(61));
  act(s, 1, bid(62));
  act(s, 2, PASS);
  act(s, 3, PASS);
  act(s, 0, bid(63));
  act(s, 1, PASS);
  act(s, 0, { type: 'announce', game: 'schwarte' });
  return s;
}

describe('Huftritt and Bolzenschuss (seed 004 "Huftritt und Bolzenschuss")', () => {
  it('only a player who bid in the Grunzen may kick', () => {
    const s = bidders();
    expectIllegal(s, 2, HUF, /only a player who bid/);
    expectIllegal(s, 3, HUF, /only a player who bid/);
    expect(saukopf.legalActions(s, 1)).toContainEqual(HUF);
    expect(saukopf.legalActions(s, 3)).not.toContainEqual(HUF);
  });

  it('the first kicker must be a Nichtspieler', () => {
    const s = bidders();
    expectIllegal(s, 0, HUF, /first Huftritt must come from a Nichtspieler/);
  });

  it('the first kicker must not have played a card yet', () => {
    const s = bidders();
    play(s, 'EA E7');
    expectIllegal(s, 1, HUF, /before the kicker has played a card/);
  });

  it('a kick comes only after the Spielansage', () => {
    const s = deal(DS);
    act(s, 0, bid(61));
    act(s, 1, bid(62));
    expectIllegal(s, 1, HUF, /after the Spielansage/);
  });

  it('a further kick must come from the other party, by a seat that has not played since the last kick', () => {
    const s = bidders();
    act(s, 1, HUF);
    expectIllegal(s, 1, HUF, /other party/);
    // Seat 0 (the Spieler) kicks back: he has not played since seat 1's kick.
    act(s, 0, HUF);
    // Seat 1 may answer: he has not played since.
    play(s, 'EA');
    act(s, 1, HUF);
    // Seat 0 played EA before seat 1's third kick: he may still kick again.
    act(s, 0, HUF);
    play(s, 'E7');
    // Seat 1 has played since seat 0's last kick.
    expectIllegal(s, 1, HUF, /has played a card since the last Huftritt/);
  });

  it('each Huftritt doubles the bowl (×2 per Bolzenschuss, after summing the premiums)', () => {
    const plain = bidders();
    playOut(plain);
    const kicked = bidders();
    act(kicked, 1, HUF);
    act(kicked, 0, HUF);
    playOut(kicked);
    const a = result(plain);
    const b = result(kicked);
    expect(b.multiplier).toBe(4 * a.multiplier);
    expect(b.money).toEqual(a.money.map((m) => m * 4));
    expect(b.details!.bowl).toBe(a.details!.bowl);
  });

  it('option huftritt.max limits the kicks; huftritt.enabled false forbids them', () => {
    const s = bidders({ huftritt: { max: 1 } });
    act(s, 1, HUF);
    expectIllegal(s, 0, HUF, /at most 1/);
    const t = bidders({ huftritt: { enabled: false } });
    expectIllegal(t, 1, HUF, /not played at this table/);
  });

  it('option huftritt.until own-lead: "keine Karte ausgespielt" read as not having led a trick', () => {
    const s = bidders({ huftritt: { until: 'own-lead' } });
    // Seat 1 follows in trick 1 (he did not lead): he may still kick.
    play(s, 'EA E7');
    act(s, 1, HUF);
    // Seat 0 led trick 1 before the kick and has not led since: he may kick back.
    act(s, 0, HUF);
    const t = bidders();
    play(t, 'EA E7');
    expectIllegal(t, 1, HUF, /played a card/);
  });

  it('no kicks in a Wilde Sauerei (nobody bid)', () => {
    const s = deal(DS);
    for (let i = 0; i < 4; i++) act(s, asSeat(i), PASS);
    for (let i = 0; i < 4; i++) expectIllegal(s, asSeat(i), HUF, /only a player who bid/);
  });
});
