import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { ALLOWED, FORBIDDEN } from './zone-probes.js';

/**
 * The lint zones of eslint.config.js, each proved with a forbidden import: the line is linted as a scratch file in the
 * folder it would live in, with the repository's own configuration (what `npm run lint` runs), which must report an
 * error; a control file in the same folders with the allowed imports must report none. A zone that no forbidden import
 * here reaches is not a zone (STYLE.md). The scratch file is handed to ESLint with its path rather than written to
 * disk: a real file in engine/ would be seen by the other test files that lint the sources while this one runs.
 */

const ROOT = path.join(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: ROOT });

/** Lint `source` as the file `folder/lint-zone-probe.ts` (or as `folder` itself, a `.ts` path): its errors. */
async function errorsIn(folder: string, source: string): Promise<string[]> {
  const filePath = path.join(ROOT, folder.endsWith('.ts') ? folder : path.join(folder, 'lint-zone-probe.ts'));
  expect(await eslint.isPathIgnored(filePath)).toBe(false);
  const [result] = await eslint.lintText(`${source}\n`, { filePath });
  return (result?.messages ?? []).filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('lint zones', () => {
  it.each(FORBIDDEN)('%s fails the lint', async (_what, folder, source) => {
    expect(await errorsIn(folder, source)).not.toEqual([]);
  });

  it.each(ALLOWED)('%s: the allowed imports pass', async (folder, source) => {
    expect(await errorsIn(folder, source)).toEqual([]);
  });
});
