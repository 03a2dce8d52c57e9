import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The lint zones of eslint.config.js, each proved with a forbidden import: the line is written into a scratch file in
 * the folder it would live in and linted with the repository's own configuration (what `npm run lint` runs), which
 * must report an error; a control file in the same folders with the allowed imports must report none. A zone that no
 * forbidden import here reaches is not a zone (STYLE.md).
 */

const ROOT = path.join(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: ROOT });

/** Lint `source` as the file `folder/<scratch>.ts` (written, linted, removed): the messages of errors. */
async function errorsIn(folder: string, source: string): Promise<string[]> {
  const file = path.join(ROOT, folder, `lint-zone-probe-${randomBytes(4).toString('hex')}.ts`);
  writeFileSync(file, `${source}\n`);
  try {
    const [result] = await eslint.lintFiles([file]);
    return (result?.messages ?? []).filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`);
  } finally {
    rmSync(file, { force: true });
  }
}

const FORBIDDEN: readonly (readonly [string, string, string])[] = [
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
];

/** The imports each zone still allows, in the same folders: none of them may be reported. */
const ALLOWED: readonly (readonly [string, string])[] = [
  [
    'engine/game',
    "export { getVariant } from '../registry.js';\nexport const id = (v: { id: string }): string => v.id;",
  ],
  [
    'engine/game',
    "import { seatsOf } from '../seat.js';\nexport const n = Math.max(0, seatsOf(4).length);\nexport { seatsOf };",
  ],
  ['engine/variants/schafkopf', "export { defineVariant } from '../define.js';"],
  ['engine/tricks', "export { parseCard } from '../cards/card.js';"],
  [
    'functions/use-cases',
    "export { getVariant } from '../../engine/index.js';\nexport type { TableStore } from '../ports/table-store.js';\n" +
      "export const load = (): Promise<unknown> => import('../ports/clock.js');",
  ],
  ['functions/http', "export * from '../../engine/bots/index.js';\nexport { problem } from '../edge/problem.js';"],
  ['functions/ws', "export { problem } from '../edge/problem.js';"],
  ['adapters/irc', "export * from '../core/game.js';"],
  ['infra/constructs', "export { ORIGIN_VERIFY_HEADER } from '../../functions/edge/origin-verify.js';"],
];

describe('lint zones', () => {
  it.each(FORBIDDEN)('%s fails the lint', async (_what, folder, source) => {
    expect(await errorsIn(folder, source)).not.toEqual([]);
  });

  it.each(ALLOWED)('%s: the allowed imports pass', async (folder, source) => {
    expect(await errorsIn(folder, source)).toEqual([]);
  });
});
