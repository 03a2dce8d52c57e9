import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The layer boundaries of eslint.config.js (`boundaries/zones`), proved on fixtures (every zone: test/lint/zones.test.ts): each line is linted as if it were
// the named file, so a rule that stops matching (a typo in a zone, a new way to spell the path) fails here.
const eslint = new ESLint();

async function crossings(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const _keep = 1;\n`, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'boundaries/zones').map((m) => m.message);
}

describe('lint boundaries', () => {
  it.each([
    ['engine/variants/schafkopf/fixture.ts', "import '../../../functions/http/app.js';"],
    ['engine/variants/schafkopf/fixture.ts', "export * from '../../../local/server.js';"],
    ['engine/fixture.ts', "import '../infra/stammtisch-stack.js';"],
    ['engine/game/fixture.ts', "import '../../test/support/golden.js';"],
    ['functions/use-cases/fixture.ts', "import '../../local/server.js';"],
    ['functions/adapters/dynamodb/fixture.ts', "import '../../../infra/stammtisch-stack.js';"],
    ['functions/ws/fixture.ts', "import '../http/problem.js';"],
    ['functions/http/fixture.ts', "import '../ws/protocol.js';"],
    ['functions/http/fixture.ts', "export { createWsHandler } from '../ws/handler.js';"],
    ['engine/variants/schafkopf/fixture.ts', "import '../../game/table.js';"],
    ['web/src/screens/fixture.tsx', "import '../../../engine/index.js';"],
    ['web/src/fixture.ts', "import '../../functions/http/app.js';"],
  ])('%s may not %s', async (file, line) => {
    expect(await crossings(file, line)).toHaveLength(1);
  });

  it.each([
    ['engine/variants/schafkopf/fixture.ts', "import '../../tricks/trick.js';"],
    ['functions/ws/fixture.ts', "import '../edge/problem.js';"],
    ['functions/http/fixture.ts', "import '../../engine/index.js';"],
    ['functions/use-cases/fixture.ts', "import '../ports/table-store.js';"],
    ['local/fixture.ts', "import '../functions/http/app.js';"],
    ['web/src/screens/fixture.tsx', "import '../cards.js';"],
  ])('%s may %s', async (file, line) => {
    expect(await crossings(file, line)).toEqual([]);
  });
});
