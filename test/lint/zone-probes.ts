/** The probes of test/lint/zones.test.ts: forbidden imports per zone, and what the same folders may import. */

/**
 * Each forbidden import: what it is, the folder it would live in (or the file, when the zone is a file name prefix such
 * as the webhooks slice's `functions/use-cases/webhook`), the source line.
 */
export const FORBIDDEN: readonly (readonly [string, string, string])[] = [
  [
    'the tables slice importing the webhooks',
    'functions/use-cases',
    "export type { WebhookService } from './webhooks.js';",
  ],
  [
    'the tables slice importing the tournaments',
    'functions/use-cases',
    "export type { TournamentService } from '../tournaments/service.js';",
  ],
  [
    'the webhooks slice reaching into a table use case',
    'functions/use-cases/webhook-probe.ts',
    "export { seatedMeta } from './table-stream.js';",
  ],
  [
    'the webhooks slice importing the tournaments',
    'functions/use-cases/webhook-probe.ts',
    "export type { TournamentService } from '../tournaments/service.js';",
  ],
  [
    'the tournaments slice reaching into a table use case',
    'functions/tournaments',
    "export { serverActs } from '../use-cases/auto-deal.js';",
  ],
  ['the engine importing functions/', 'engine/game', "export { systemClock } from '../../functions/ports/clock.js';"],
  ['the WebSocket transport importing the HTTP one', 'functions/ws', "export { problem } from '../http/problem.js';"],
  ['functions/ importing local/', 'functions/use-cases', "export { startLocal } from '../../local/server.js';"],
  ['node:fs in the engine', 'engine/cards', "export { readFileSync } from 'node:fs';"],
  ['a variant importing the table', 'engine/variants/schafkopf', "export { decide } from '../../game/table.js';"],
  [
    'the trick core importing a variant',
    'engine/tricks',
    "export { schafkopf } from '../variants/schafkopf/index.js';",
  ],
  ['a use case importing the HTTP transport', 'functions/use-cases', "export { createApp } from '../http/app.js';"],
  ['a use case importing the WebSocket transport', 'functions/use-cases', "export * from '../ws/protocol.js';"],
  [
    'a use case importing a DynamoDB adapter',
    'functions/use-cases',
    "export { DynamoTableStore } from '../adapters/dynamodb/table-store.js';",
  ],
  [
    "functions/ importing a variant's internals",
    'functions/http',
    "export * from '../../engine/variants/schafkopf/rules.js';",
  ],
  ['a chat adapter importing functions/', 'adapters/irc', "export * from '../../functions/use-cases/play.js';"],
  ['a chat adapter importing local/', 'adapters/core', "export { startLocal } from '../../local/server.js';"],
  ['infra/ importing local/', 'infra/constructs', "export { startLocal } from '../../local/server.js';"],
  [
    'a computed import()',
    'functions/use-cases',
    "export const load = (name: string): Promise<unknown> => import('./' + name);",
  ],
  ['globalThis.Date.now() in the engine', 'engine/game', 'export const now = (): number => globalThis.Date.now();'],
  [
    'an aliased Math.random in the engine',
    'engine/bots',
    'const r = Math.random;\nexport const roll = (): number => r();',
  ],
  [
    'a destructured Math.random in the engine',
    'engine/bots',
    'const { random } = Math;\nexport const roll = (): number => random();',
  ],
  [
    'Math held in a variable in the engine',
    'engine/bots',
    'const m = Math;\nexport const roll = (): number => m.random();',
  ],
  ["Math['random'] in the engine", 'engine/bots', "export const roll = (): number => Math['random']();"],
  [
    "the engine's core importing a variant",
    'engine/game',
    "export { schafkopf } from '../variants/schafkopf/index.js';",
  ],
  [
    'functions/ switching on a variant id',
    'functions/use-cases',
    "export const french = (variant: string): boolean => variant === 'sheepshead';",
  ],
  ["the engine's core naming a variant", 'engine/record', 'export const fallback = `mehrkopf`;'],
  [
    "the bots importing a variant's internals",
    'engine/bots',
    "export { pointSteps } from '../variants/mehrkopf/settle.js';",
  ],
  [
    'the bots switching on a variant id',
    'engine/bots',
    "export const picks = (variant: string): boolean => variant === 'sheepshead';",
  ],
  [
    'the text layer naming a variant',
    'engine/text',
    "export const style = (variant: string): string => (variant === 'sheepshead' ? 'french' : 'german');",
  ],
  ["the family's shared rules naming a variant", 'engine/variants/family', "export const home = 'schafkopf';"],
  ['a chat adapter naming a variant', 'adapters/core', "export const fallback = 'sheepshead';"],
  ['the CLI naming a variant', 'cli', "export const players = (id: string): number => (id === 'saukopf' ? 4 : 3);"],
];

/** The imports each zone still allows, in the same folders: none of them may be reported. */
export const ALLOWED: readonly (readonly [string, string])[] = [
  [
    'engine/game',
    "export { getVariant } from '../registry.js';\nexport const id = (v: { id: string }): string => v.id;",
  ],
  [
    'engine/game',
    "import { seatsOf } from '../seat.js';\nexport const n = Math.max(0, seatsOf(4).length);\nexport { seatsOf };",
  ],
  ['engine/variants/schafkopf', "export { defineVariant } from '../define.js';\nexport const id = 'schafkopf';"],
  [
    'engine/bots',
    "export { getVariant } from '../registry.js';\nexport { FAMILY_BIDDING } from '../variants/family/bidding.js';",
  ],
  ['engine/text', "export { DEFAULT_VARIANT } from '../registry.js';"],
  ['engine/tricks', "export { parseCard } from '../cards/card.js';"],
  [
    'functions/use-cases',
    "export { getVariant } from '../../engine/index.js';\nexport type { TableStore } from '../ports/table-store.js';\n" +
      "export const load = (): Promise<unknown> => import('../ports/clock.js');",
  ],
  [
    'functions/use-cases/webhook-probe.ts',
    "export { seatedMeta } from './index.js';\nexport { AppError } from './errors.js';\n" +
      "export type { Loaded } from './kernel.js';\nexport type { Deliverer } from './webhook-delivery.js';",
  ],
  [
    'functions/tournaments',
    "export { seatedMeta } from '../use-cases/index.js';\nexport { AppError } from '../use-cases/errors.js';\n" +
      "export type { Loaded } from '../use-cases/kernel.js';",
  ],
  ['functions/http', "export * from '../../engine/bots/index.js';\nexport { problem } from '../edge/problem.js';"],
  ['functions/ws', "export { problem } from '../edge/problem.js';"],
  ['adapters/irc', "export * from '../core/game.js';"],
  ['infra/constructs', "export { ORIGIN_VERIFY_HEADER } from '../../functions/edge/origin-verify.js';"],
];
