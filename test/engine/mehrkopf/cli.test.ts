import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cliBundle } from '../../support/cli.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
// cli/main.ts bundled once (test/support/cli.ts: the same sources, without tsx's start-up in every process);
// test/cli/stammtisch.test.ts runs the bin itself.
const run = (...args: string[]) => spawnSync(process.execPath, [cliBundle(), ...args], { cwd: root, encoding: 'utf8' });

describe('Mehrkopf through the CLI: records, stammtisch score and simulate for every N', () => {
  it('simulate --variant mehrkopf --players N plays every count 2–7 without an invariant violation', () => {
    for (const players of ['2', '3', '4', '5', '6', '7']) {
      const out = run('simulate', '--variant', 'mehrkopf', '--players', players, '--games', '200', '--seed', '3');
      expect(out.status, out.stderr).toBe(0);
      const report = JSON.parse(out.stdout) as { players: number; games: number; invariantViolations: number };
      expect(report).toMatchObject({ players: Number(players), games: 200, invariantViolations: 0 });
    }
  });

  it('score settles a five-player record with exact shares and rejects an illegal one naming the rule', () => {
    const good = run('score', join(root, 'test', 'fixtures', 'mehrkopf', '5-sauspiel-lost.json'));
    expect(good.status).toBe(0);
    expect(JSON.parse(good.stdout)).toMatchObject({ payoutExact: ['-11', '-11', '-11', '33/2', '33/2'] });
    const bad = run('score', join(root, 'test', 'fixtures', 'mehrkopf', 'illegal-bringregel.json'));
    expect(bad.status).not.toBe(0);
    expect(JSON.parse(bad.stdout)).toMatchObject({
      error: { index: 2, seat: 2, rule: expect.stringMatching(/Bringregel/) },
    });
  });
});
