import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The CDK tests, as one test file so that they run in one process.
 *
 * The first synthesis in a process is the expensive one: loading aws-cdk-lib, and the CloudFormation validation that
 * cdk.json turns on (`@aws-cdk/core:validateAgainstDefaultRules`), whose engine compiles its rules in WebAssembly.
 * Together that is about 5 s of CPU, and every later synthesis in the same process costs under 1.5 s.
 * As separate files, Vitest handed these tests to both workers, and each worker paid that cost again. The infra tests
 * took about 47 s of CPU in two processes and 37 s in one. Vitest 4 can limit a project to one worker only by
 * putting it in a `sequence.groupOrder` group of its own, and groups run one after another, so the other core would
 * sit idle for the length of these tests.
 *
 * Each suite is a module of its own and is loaded inside a `describe` named after it. Its top-level hooks
 * (`beforeAll`/`afterAll`) therefore apply only to its own tests, as they did when it was a test file. To run one
 * suite: `npx vitest run test/infra -t grants.suite`.
 */
const suites: Record<string, () => Promise<unknown>> = {
  'infra/stack.suite.ts': () => import('./stack.suite.js'),
  'infra/grants.suite.ts': () => import('./grants.suite.js'),
  'infra/cli.suite.ts': () => import('./cli.suite.js'),
  'infra/config.suite.ts': () => import('./config.suite.js'),
  'infra/operations.suite.ts': () => import('./operations.suite.js'),
  'infra/capacity.suite.ts': () => import('./capacity.suite.js'),
  'infra/restore.suite.ts': () => import('./restore.suite.js'),
  'infra/nag.suite.ts': () => import('./nag.suite.js'),
  'infra/waf.suite.ts': () => import('./waf.suite.js'),
  'infra/tables.suite.ts': () => import('./tables.suite.js'),
  'infra/web-site.suite.ts': () => import('./web-site.suite.js'),
  'adapters/discord-infra.suite.ts': () => import('../adapters/discord-infra.suite.js'),
};

for (const [name, load] of Object.entries(suites))
  describe(name, async () => {
    await load();
  });

// A suite left out of the list above would silently never run.
it('every *.suite.ts under test/ is listed here', () => {
  const test = join(import.meta.dirname, '..');
  const found = readdirSync(test, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.suite.ts'))
    .map((file) => file.split('\\').join('/'))
    .sort();
  expect(found).toEqual(Object.keys(suites).sort());
});
