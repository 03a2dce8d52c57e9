import { describe } from 'vitest';
import { goldenRecords } from '../../support/golden.js';

/**
 * Golden records (test/fixtures/mehrkopf): complete docs/RECORD.md records whose `expected` result was worked out by hand
 * from the rulebook's units; `derivation` shows the tricks and the arithmetic.
 */
describe('Mehrkopf golden records', () => {
  goldenRecords('mehrkopf', {
    coverage: 'there are records for every player count and contract, each with a hand-worked derivation',
    required: [
      '2-offiziersschafkopf',
      '3-farbsolo',
      '4-sauspiel-schwarz',
      '4-geier',
      '4-wenz-tout',
      '4-sie',
      '4-hochzeit',
      '4-ramsch',
      '4-muss-spiel',
      '5-sauspiel-ace-and-schoene-one-holder',
      '5-sauspiel-lost',
      '5-niederer',
      '6-sauspiel-preussen',
      '6-two-against-four',
      '7-dealer-sits-out',
    ],
    minDerivation: 40,
  });
});
