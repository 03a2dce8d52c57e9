import { variantContract } from '../../support/variant-contract.js';

// The shared property suite at both table sizes and with the important options.
variantContract('saukopf', { players: 4, runs: 12 });
variantContract('saukopf', { players: 3, runs: 12 });
variantContract('saukopf', { players: 4, preset: 'zahm', runs: 8 });
variantContract('saukopf', { players: 3, options: { spiess: false, huftritt: { max: 2 } }, runs: 8 });
