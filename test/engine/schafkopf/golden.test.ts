import { describe, expect, it } from 'vitest';
import { goldenRecords, scoreWithCli } from '../../support/golden.js';

/**
 * Golden records (test/fixtures/schafkopf): complete docs/RECORD.md records whose `expected` result was worked out by
 * hand from the docs/rules/schafkopf.md tariffs; `derivation` shows the arithmetic.
 */
describe('golden records', () => {
  goldenRecords('schafkopf', {
    coverage: 'there is a record per contract and per preset, each with a derivation',
    required: [
      'sauspiel',
      'solo',
      'solo-herz',
      'wenz',
      'geier',
      'farbwenz',
      'farbgeier',
      'bettel',
      'bettel-brett',
      'solo-tout',
      'wenz-tout',
      'geier-tout',
      'farbwenz-tout',
      'farbgeier-tout',
      'sie',
      'hochzeit',
      'ramsch',
      'ramsch-jungfrau',
      'ramsch-durchmarsch',
      'muss-spiel',
      'kreuz',
      'kreuz-sixty',
      'preset-bsv',
      'preset-tournament',
      'preset-seed-003',
    ],
    minDerivation: 20,
  });

  it('the CLI settles a good record (exit 0) and rejects an illegal one (exit ≠ 0, error with index, seat, rule)', () => {
    const good = scoreWithCli('schafkopf', 'sauspiel.json');
    expect(good.status).toBe(0);
    expect(good.out).toMatchObject({ complete: true, payout: [220, -220, 220, -220] });
    const bad = scoreWithCli('schafkopf', 'illegal-follow-suit.json');
    expect(bad.status).not.toBe(0);
    expect(bad.out).toMatchObject({ error: { index: 1, seat: 1, rule: 'must follow trump (Trumpfzwang)' } });
  });
});
