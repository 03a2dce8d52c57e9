import { describe, expect, it } from 'vitest';
import { goldenRecords, scoreWithCli } from '../../support/golden.js';

/**
 * Golden records (test/fixtures/sheepshead): complete docs/RECORD.md records whose `expected` result was worked out by
 * hand, trick by trick, from seed 002 and docs/rules/sheepshead.md; `derivation` shows the arithmetic.
 */
describe('golden records', () => {
  goldenRecords('sheepshead', {
    coverage: 'there is a record per player count and partner method, each with a derivation',
    required: [
      '2-handed',
      '3-handed',
      '4-handed',
      '5-called-ace',
      '5-called-ten',
      '5-unknown',
      '5-jack-of-diamonds',
      '5-alone',
      '5-leaster',
      '5-doubler',
      '5-forced-pick',
      '5-crack-recrack',
      '5-blitz',
      '6-handed',
      '7-handed',
      '8-handed',
    ],
    minDerivation: 20,
  });

  it('the CLI settles a good record (exit 0) and rejects an illegal one (exit ≠ 0, error with index, seat, rule)', () => {
    const good = scoreWithCli('sheepshead', '5-called-ace.json');
    expect(good.status).toBe(0);
    expect(good.out).toMatchObject({ complete: true, payout: [2, -1, 1, -1, -1] });
    const bad = scoreWithCli('sheepshead', 'illegal-discard-called-ace.json');
    expect(bad.status).not.toBe(0);
    expect(bad.out).toMatchObject({ error: { index: 5, seat: 2 } });
  });
});
