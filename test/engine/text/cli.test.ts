import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cliBundle } from '../../support/cli.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
// cli/main.ts bundled once (test/support/cli.ts: the same sources, without tsx's start-up in every process);
// test/cli/stammtisch.test.ts runs the bin itself.
const run = (...args: string[]) => spawnSync(process.execPath, [cliBundle(), ...args], { cwd: root, encoding: 'utf8' });

describe('stammtisch parse', () => {
  it('reads a command against the legal actions given as JSON, as the server does', () => {
    const legal = JSON.stringify([
      { type: 'pass' },
      { type: 'bid', game: 'solo', suit: 'H', tout: true },
      { type: 'bid', game: 'sauspiel', suit: 'G' },
    ]);
    const out = run('parse', '--variant', 'schafkopf', '--legal', legal, 'Sauspiel', 'auf', 'die', 'Blaue');
    expect(out.status, out.stderr).toBe(0);
    expect(JSON.parse(out.stdout)).toEqual({
      action: { type: 'bid', game: 'sauspiel', suit: 'G' },
      command: 'Sauspiel Gras',
      de: 'Sauspiel Gras',
      en: 'Sauspiel Leaves',
    });
    const unclear = run('parse', '--variant', 'schafkopf', '--lang', 'en', '--legal', legal, 'solo');
    expect(unclear.status).toBe(1);
    expect(JSON.parse(unclear.stdout)).toMatchObject({
      error: { code: 'action/unclear', reason: 'no-match', message: expect.stringContaining('Hearts Solo Tout') },
    });
  });

  it('without --legal reads against the whole vocabulary of the variant (Sheepshead burial)', () => {
    const out = run('parse', '--variant', 'sheepshead', 'bury 7D 8D');
    expect(out.status, out.stderr).toBe(0);
    expect(JSON.parse(out.stdout)).toMatchObject({
      action: { type: 'bury', cards: ['S7', 'S8'] },
      de: 'vergraben 7D 8D',
    });
  });

  it('refuses an unknown variant and bad --legal JSON with status 2', () => {
    expect(run('parse', '--variant', 'skat', 'EO').status).toBe(2);
    expect(run('parse', '--variant', 'schafkopf', '--legal', '{', 'EO').status).toBe(2);
    expect(run('parse', '--variant', 'schafkopf', '--legal', '[{"type":"fly"}]', 'EO').status).toBe(2);
  });
});
