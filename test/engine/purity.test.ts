import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The engine is pure (STYLE.md 4): the lint rule must reject I/O, clocks and Math.random inside engine/.
describe('engine purity lint rule', () => {
  const eslint = new ESLint();
  const lint = async (code: string): Promise<string[]> => {
    const [result] = await eslint.lintText(code, { filePath: 'engine/purity-probe.ts' });
    return (result?.messages ?? []).map((m) => m.ruleId ?? '');
  };

  it.each([
    ["import { readFileSync } from 'node:fs';\nexport const x = readFileSync;", 'no-restricted-imports'],
    [
      "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';\nexport const x = DynamoDBClient;",
      'no-restricted-imports',
    ],
    ["import { Hono } from 'hono';\nexport const x = Hono;", 'no-restricted-imports'],
    ['export const x = Math.random();', 'no-restricted-properties'],
    ['export const x = Date.now();', 'no-restricted-properties'],
    ['export const x = new Date();', 'no-restricted-syntax'],
    ['export const x = process.env;', 'no-restricted-globals'],
  ])('rejects %s', async (code, rule) => {
    expect(await lint(code)).toContain(rule);
  });

  it('accepts pure code', async () => {
    expect(await lint('export const add = (a: number, b: number): number => a + b;')).toEqual([]);
  });

  it('the real engine sources pass', async () => {
    const results = await eslint.lintFiles(['engine/**/*.ts']);
    const errors = results.flatMap((r) =>
      r.messages.filter((m) => m.severity === 2).map((m) => `${r.filePath}: ${m.message}`),
    );
    expect(errors).toEqual([]);
  });
});
