import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// The real `stammtisch` binary in a child process, as a user runs it (issue 13 point 5: records a user writes by hand).
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const bin = join(root, 'bin', 'stammtisch.mjs');
const main = join(root, 'cli', 'main.ts');
/** `stammtisch ARGS` in one process (node with tsx's loader: what bin/stammtisch.mjs runs, minus two process starts). */
const run = (args: string[], input?: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', main, ...args], {
    cwd: root,
    encoding: 'utf8',
    ...(input !== undefined ? { input } : {}),
  });
/** Through the installed binary, exactly as a user types it. */
const runBin = (args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });

const dir = mkdtempSync(join(tmpdir(), 'stammtisch-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

// A golden Bettel record, its notes (expected result, derivation) taken off as a user's record would not have them.
const golden = JSON.parse(readFileSync(join(root, 'test', 'fixtures', 'schafkopf', 'bettel.json'), 'utf8')) as Record<
  string,
  unknown
>;
const { expected: _expected, derivation: _derivation, ...bettel } = golden;
const settled = { complete: true, payout: (golden.expected as { payout: number[] }).payout };

const lines = (out: string): unknown[] =>
  out
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as unknown);

describe('stammtisch score: records written by hand', () => {
  it('reads one pretty-printed record', () => {
    const out = run(['score', file('pretty.json', JSON.stringify(bettel, null, 2))]);
    expect(out.status, out.stderr).toBe(0);
    expect(lines(out.stdout)).toEqual([expect.objectContaining(settled)]);
  });

  it('a missing comma in a pretty-printed record is one error naming its line and column', () => {
    const text = JSON.stringify(bettel, null, 2).replace('"seats": 4,', '"seats": 4');
    const line = text.split('\n').findIndex((l) => l.includes('"seats": 4')) + 1;
    const out = run(['score', file('comma.json', text)]);
    expect(out.status).toBe(1);
    // V8 notices the missing comma at the next key, the start of the following line.
    expect(lines(out.stdout)).toEqual([
      { error: { code: 'record/json', message: expect.stringMatching(`^invalid JSON at line ${line + 1} column 3:`) } },
    ]);
  });

  it('still reads JSON Lines from stdin: each line settles alone, a bad line names its line', () => {
    const one = JSON.stringify(bettel);
    const out = run(['score', '-'], `${one}\n\n${one.slice(0, -2)}\n${one}\n`);
    expect(out.status).toBe(1);
    expect(lines(out.stdout)).toEqual([
      expect.objectContaining(settled),
      { error: { code: 'record/json', message: expect.stringMatching(/^invalid JSON at line 3 column \d+:/) } },
      expect.objectContaining(settled),
    ]);
  });

  it('an unknown or misspelt key in the record, its contract or its options is an error naming the key', () => {
    const { dealer, ...rest } = bettel;
    const records = [
      { ...rest, dealr: dealer },
      { ...bettel, contract: { declarer: 0, game: 'bettel', siut: 'E' } },
      { ...bettel, options: { tarif: { bettel: 20 } } },
      { ...bettel, actions: [{ seat: 0, type: 'play', crad: 'EA' }] },
    ];
    const out = run(['score', '-'], records.map((r) => JSON.stringify(r)).join('\n'));
    expect(out.status).toBe(1);
    expect(lines(out.stdout)).toEqual([
      { error: { code: 'record/shape', message: 'unknown key dealr', field: 'dealr' } },
      { error: { code: 'record/shape', message: 'unknown key contract.siut', field: 'contract.siut' } },
      { error: expect.objectContaining({ code: 'record/options', message: expect.stringContaining('tarif') }) },
      { error: expect.objectContaining({ code: 'action/malformed', index: 0, field: 'crad' }) },
    ]);
  });
});

describe('stammtisch --help and bad usage', () => {
  it.each([[['--help']], [['score', '--help']], [['simulate', '--help']]])('%j prints usage, exit 0', (args) => {
    const out = runBin(args);
    expect(out.status).toBe(0);
    expect(out.stdout).toMatch(/^usage:/);
    expect(out.stdout).toContain(args.length === 1 ? 'stammtisch simulate' : `stammtisch ${args[0]}`);
  });

  it.each([
    [['simulate', '--variant', 'saukopf', '--players', '5'], /saukopf is played by 3 to 4 players/],
    [['simulate', '--players', '3'], /schafkopf is played by 4 to 7 players/],
    [['simulate', '--games', 'many'], /--games "many": a whole number/],
    [['simulate', '--games', '1e3'], /--games "1e3": a whole number/],
    [['simulate', '--gmaes', '3'], /Unknown option '--gmaes'/],
    [['simulate', '--variant', 'skat'], /unknown variant "skat"/],
    [['simulate', '--preset', 'nope'], /schafkopf has no preset "nope"/],
    [['score', '--verbose', 'x.json'], /unknown option --verbose/],
    [['score'], /name at least one FILE/],
    [['shuffle'], /unknown command shuffle/],
  ])('%j exits 2 saying why', (args, why) => {
    const out = run(args);
    expect(out.status).toBe(2);
    expect(out.stdout).toBe('');
    expect(out.stderr).toMatch(why);
    expect(out.stderr).toMatch(/--help shows the usage/);
  });

  it('simulate with a count the variant has still runs', () => {
    const out = run(['simulate', '--variant', 'saukopf', '--players', '3', '--games', '20', '--seed', '7']);
    expect(out.status, out.stderr).toBe(0);
    expect(JSON.parse(out.stdout)).toMatchObject({ variant: 'saukopf', players: 3, games: 20, invariantViolations: 0 });
  });
});
