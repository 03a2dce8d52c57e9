import { variantContract } from '../../support/variant-contract.js';

// The shared property suite per player count (2–7) and for the important options.
for (const players of [2, 3, 4, 5, 6, 7]) variantContract('mehrkopf', { players, runs: 10 });
variantContract('mehrkopf', { players: 4, preset: 'einsteiger', runs: 8 });
variantContract('mehrkopf', { players: 5, options: { allPass: { redeal: false, muss: true, ramsch: true } }, runs: 8 });
variantContract('mehrkopf', {
  players: 6,
  options: { calledCards: { umspielen: false, callerMayHoldSchoene: false, discard: 'always' } },
  runs: 8,
});
variantContract('mehrkopf', { players: 4, options: { dealing: 'counter-clockwise', schneider: 'schafkopf' }, runs: 8 });
// The review's options: equal games from the dealer, the German readings of Davonlaufen and the Ramsch, Ramsch ties.
variantContract('mehrkopf', {
  players: 5,
  options: {
    precedence: 'dealer',
    ramschNeedsCall: 'every-seat',
    ramschTie: 'tricks-then-trump',
    calledCards: { davonlaufen: false },
  },
  runs: 8,
});
