import { variantContract } from '../../support/variant-contract.js';

for (const preset of ['sauspiel', 'bsv', 'tournament', 'seed-003'])
  variantContract('schafkopf', { players: 4, preset });
variantContract('schafkopf', { players: 4, options: { deck: 'short' } });
variantContract('schafkopf', { players: 4, options: { allPass: 'muss' } });
variantContract('schafkopf', { players: 4, options: { allPass: 'stock' }, deals: 6 });
variantContract('schafkopf', { players: 4, options: { allPass: 'kreuz' } });
variantContract('schafkopf', { players: 6, runs: 15 });
