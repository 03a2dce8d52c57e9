/**
 * The tables slice's index: what the other slices — webhooks (use-cases/webhooks.ts, webhook-delivery.ts) and
 * tournaments (functions/tournaments/) — may use of the tables' use cases. Lint (`boundaries/zones` in
 * eslint.config.js, proved by test/lint/zones.test.ts) lets a slice reach another only through its index, plus the
 * shared kernel (kernel.ts, errors.ts). Transports and composition/ still import the modules directly.
 */
export { serverActs } from './auto-deal.js';
export { metaAtCommit, statesAround } from './fanout.js';
export type { HeadCache } from './head-cache.js';
export type { TableService } from './table-service.js';
export { foldFromBase, seatedMeta, withSeating } from './table-stream.js';
