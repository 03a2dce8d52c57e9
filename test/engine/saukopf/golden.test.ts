import { describe, expect, it } from 'vitest';
import { goldenRecords, scoreWithCli } from '../../support/golden.js';

/**
 * Golden records (test/fixtures/saukopf): complete docs/RECORD.md records whose `expected` result was worked out by hand
 * from seed 004's Schlachtfest table; `derivation` shows the arithmetic.
 */
describe('Saukopf golden records', () => {
  goldenRecords('saukopf', {
    coverage: 'cover every contract family, the Dreihaxer and each premium, each with a derivation',
    required: [
      'keiler-gluecksschwein-schwarz',
      'keiler-am-spiess',
      'ferkelparade',
      'sauerei-saukopf-winners',
      'schwarte-huftritt',
      'wutz-ohne-4',
      'wutz-lost-gluecksschwein',
      'sauerei-saukopf-hauer',
      'sauerei-rauborstig-stallgeruch-huftritte',
      'unreine-sauerei-lost',
      'unreine-sauerei-won-declarer-takes-saukopf',
      'unreine-sauerei-won-opponents-take-saukopf',
      'unreine-sauerei-lost-declarer-takes-saukopf',
      'unreine-sauerei-lost-opponents-take-saukopf',
      'wilde-sauerei',
      'wilde-sauerei-tie',
      'mastschwein-early-end',
      'knorpel',
      'dreihaxer-mit-trog',
      'dreihaxer-trog-lost-bolzenschuss',
      'dreihaxer-ohne-trog-schwarz',
    ],
    minDerivation: 20,
    detailsSubset: true,
  });

  it('the CLI settles a Saukopf record (exit 0) and rejects an illegal one naming the rule', () => {
    const good = scoreWithCli('saukopf', 'schwarte-huftritt.json');
    expect(good.status).toBe(0);
    expect(good.out).toMatchObject({ complete: true, payout: [36, -12, -12, -12] });
    const bad = scoreWithCli('saukopf', 'illegal-abferkelverbot.json');
    expect(bad.status).not.toBe(0);
    expect(bad.out).toMatchObject({ error: { index: 2, seat: 2, rule: expect.stringMatching(/Abferkelverbot/) } });
  });
});
