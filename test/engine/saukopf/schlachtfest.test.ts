import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { scoreRecord } from '../../../engine/index.js';

/**
 * The Schlachtfest (seed 004 "Schlachtfest", "Laufende", "Schwarz", "Schneider"): each premium checked at its edge
 * by re-settling a golden record's play under another bid or option.
 */
const dir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'saukopf');
function record(name: string): Record<string, unknown> {
  const {
    expected: _e,
    derivation: _d,
    ...rec
  } = JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8')) as Record<string, unknown>;
  return rec;
}
function withBid(name: string, bid: number | 'schwarz', options?: unknown): Record<string, unknown> {
  const rec = record(name);
  const out = scoreRecord({
    ...rec,
    ...(options !== undefined ? { options } : {}),
    contract: { ...(rec.contract as object), bid },
  }) as Record<string, unknown>;
  expect(out.error).toBeUndefined();
  return out;
}

describe('Schlachtfest premiums (seed 004)', () => {
  it('Schneider against the Nichtspieler: under half of the T − bid + 1 Augen they needed', () => {
    // Knorpel play: the Spieler 107, the Nichtspieler 13. Bid 94: they needed 27, 13 < 13.5 → Schneider.
    expect(withBid('knorpel', 94)).toMatchObject({ won: true, schneider: true, payout: [21, -7, -7, -7] });
    // Bid 95: they needed 26, 13 is half → no Schneider: 5 + ohne 1 = 6.
    expect(withBid('knorpel', 95)).toMatchObject({ won: true, schneider: false, payout: [18, -6, -6, -6] });
  });

  it('the bid is the Spieler’s criterion: 107 Augen lose a bid of 108', () => {
    // Lost: the Nichtspieler win mit 1 (the Knorpel trump is theirs) → no extra; Schneider: 107 ≥ 54 → no. c = 5.
    expect(withBid('knorpel', 108)).toMatchObject({
      won: false,
      schneider: false,
      payout: [-5, 5 / 3, 5 / 3, 5 / 3].map((x) => Math.round(x * 1e6) / 1e6),
    });
  });

  it('Schwarz bid: every trick is needed; against Schwarz, Schneider only when the losers took no trick', () => {
    // Wutz play: the Spieler takes 4 tricks (62 Augen) → lost; he made tricks → no Schneider; mit 4 → base 4.
    expect(withBid('wutz-ohne-4', 'schwarz')).toMatchObject({
      won: false,
      schneider: false,
      schwarz: false,
      payout: [-4, 1.333333, 1.333333, 1.333333],
    });
  });

  it('Glücksschwein from 4 Laufende mit; option glueckschweinFrom moves the edge', () => {
    // wutz-lost-gluecksschwein: the winners hold the four Unter: base 4.
    const rec = record('wutz-lost-gluecksschwein');
    expect(scoreRecord(rec)).toMatchObject({ payout: [-4, 1.333333, 1.333333, 1.333333] });
    expect(scoreRecord({ ...rec, options: { glueckschweinFrom: 5 } })).toMatchObject({
      payout: [-5, 1.666667, 1.666667, 1.666667],
    });
  });

  it('ohne n adds n; tariff options price each premium', () => {
    expect(scoreRecord(record('wutz-ohne-4'))).toMatchObject({ laufende: 4, payout: [27, -9, -9, -9] });
    expect(scoreRecord({ ...record('wutz-ohne-4'), options: { tariff: { ohne: 2, spiel: 10 } } })).toMatchObject({
      payout: [54, -18, -18, -18],
    });
  });

  it('Saukopf and Hauer count in Sauereien only: the same cards as a Herz Keiler carry neither', () => {
    const sau = scoreRecord(record('sauerei-saukopf-hauer')) as unknown as { details: Record<string, unknown> };
    expect(sau.details).toMatchObject({ saukopf: 'losers', hauer: 'winners' });
    const keiler = scoreRecord({
      ...record('sauerei-saukopf-hauer'),
      contract: { declarer: 0, bid: 61, game: 'keiler', suit: 'H' },
    }) as unknown as { details: Record<string, unknown>; declarers: number[] };
    expect(keiler.declarers).toEqual([0]);
    expect(keiler.details.saukopf).toBeUndefined();
    expect(keiler.details.hauer).toBeUndefined();
    // Priced differently, the two no longer cancel: Saukopf 2 (by the losers) and Hauer 1 → c = 5 − 2 + 1 = 4.
    expect(scoreRecord({ ...record('sauerei-saukopf-hauer'), options: { tariff: { saukopf: 2 } } })).toMatchObject({
      payout: [4, -4, 4, -4],
    });
  });

  it('Mastschwein: won when the Spieler stays without a trick — always Schwarz', () => {
    expect(scoreRecord(record('mastschwein-won-schwarz'))).toMatchObject({
      won: true,
      schwarz: true,
      payout: [18, -6, -6, -6],
    });
  });
});
