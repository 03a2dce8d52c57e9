import { variantContract } from '../../support/variant-contract.js';

// The shared property suite per player count and for the important options (runs kept moderate for CI time).
for (const players of [2, 3, 4, 5, 6, 7, 8]) variantContract('sheepshead', { players, runs: 8 });
variantContract('sheepshead', { players: 5, preset: 'jack-of-diamonds', runs: 5 });
variantContract('sheepshead', { players: 5, preset: 'crack-and-blitz', runs: 5 });
variantContract('sheepshead', { players: 5, options: { noPick: 'doubler' }, runs: 5 });
variantContract('sheepshead', { players: 6, options: { leaster: { blind: 'dealer-trick' } }, runs: 5 });
variantContract('sheepshead', {
  players: 5,
  options: { noPick: 'forced-pick', partner: 'jack-of-diamonds' },
  runs: 5,
});
variantContract('sheepshead', {
  players: 4,
  options: { partner: 'called-ace', leaster: { blind: 'last-trick' } },
  runs: 5,
});
variantContract('sheepshead', { players: 3, options: { buryCredit: 'if-trick', doubleOnBump: false }, runs: 5 });
