import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { cliBundle } from '../support/cli.js';

// The real `stammtisch` binary in a child process, as a user runs it (records a user writes by hand: docs/RECORD.md).
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const bin = join(root, 'bin', 'stammtisch.mjs');
interface Ran {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** A child process to its end (asynchronous, so that the tests of a file run their processes side by side). */
function exec(args: string[], input?: string): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
    child.stdin.end(input ?? '');
  });
}
/**
 * `stammtisch ARGS` in one process: cli/main.ts bundled once (test/support/cli.ts: the same sources, without tsx's
 * start-up in each of this file's processes). `runBin` below runs the path a user's command takes.
 */
const run = (args: string[], input?: string) => exec([cliBundle(), ...args], input);
/** Through the installed binary, exactly as a user types it (bin/stammtisch.mjs → tsx → cli/main.ts). */
const runBin = (args: string[]) => exec([bin, ...args]);

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

describe.concurrent('stammtisch score: records written by hand', () => {
  it('reads one pretty-printed record', async () => {
    const out = await run(['score', file('pretty.json', JSON.stringify(bettel, null, 2))]);
    expect(out.status, out.stderr).toBe(0);
    expect(lines(out.stdout)).toEqual([expect.objectContaining(settled)]);
  });

  it('a missing comma in a pretty-printed record is one error naming its line and column', async () => {
    const text = JSON.stringify(bettel, null, 2).replace('"seats": 4,', '"seats": 4');
    const line = text.split('\n').findIndex((l) => l.includes('"seats": 4')) + 1;
    const out = await run(['score', file('comma.json', text)]);
    expect(out.status).toBe(1);
    // V8 notices the missing comma at the next key, the start of the following line.
    expect(lines(out.stdout)).toEqual([
      { error: { code: 'record/json', message: expect.stringMatching(`^invalid JSON at line ${line + 1} column 3:`) } },
    ]);
  });

  it('still reads JSON Lines from stdin: each line settles alone, a bad line names its line', async () => {
    const one = JSON.stringify(bettel);
    const out = await run(['score', '-'], `${one}\n\n${one.slice(0, -2)}\n${one}\n`);
    expect(out.status).toBe(1);
    expect(lines(out.stdout)).toEqual([
      expect.objectContaining(settled),
      { error: { code: 'record/json', message: expect.stringMatching(/^invalid JSON at line 3 column \d+:/) } },
      expect.objectContaining(settled),
    ]);
  });

  it('an unknown or misspelt key in the record, its contract or its options is an error naming the key', async () => {
    const { dealer, ...rest } = bettel;
    const records = [
      { ...rest, dealr: dealer },
      { ...bettel, contract: { declarer: 0, game: 'bettel', siut: 'E' } },
      { ...bettel, options: { tarif: { bettel: 20 } } },
      { ...bettel, actions: [{ seat: 0, type: 'play', crad: 'EA' }] },
    ];
    const out = await run(['score', '-'], records.map((r) => JSON.stringify(r)).join('\n'));
    expect(out.status).toBe(1);
    expect(lines(out.stdout)).toEqual([
      { error: { code: 'record/shape', message: 'unknown key dealr', field: 'dealr' } },
      { error: { code: 'record/shape', message: 'unknown key contract.siut', field: 'contract.siut' } },
      { error: expect.objectContaining({ code: 'record/options', message: expect.stringContaining('tarif') }) },
      { error: expect.objectContaining({ code: 'action/malformed', index: 0, field: 'crad' }) },
    ]);
  });
});

describe.concurrent('stammtisch --help and bad usage', () => {
  it.each([[['--help']], [['score', '--help']], [['simulate', '--help']]])('%j prints usage, exit 0', async (args) => {
    const out = await runBin(args);
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
  ])('%j exits 2 saying why', async (args, why) => {
    const out = await run(args);
    expect(out.status).toBe(2);
    expect(out.stdout).toBe('');
    expect(out.stderr).toMatch(why);
    expect(out.stderr).toMatch(/--help shows the usage/);
  });

  it('simulate with a count the variant has still runs', async () => {
    const out = await run(['simulate', '--variant', 'saukopf', '--players', '3', '--games', '20', '--seed', '7']);
    expect(out.status, out.stderr).toBe(0);
    expect(JSON.parse(out.stdout)).toMatchObject({ variant: 'saukopf', players: 3, games: 20, invariantViolations: 0 });
  });
});

describe('stammtisch duel', () => {
  it('bug: `duel --help` ran a 100-deal duel; now it prints the help (every option, the levels and variants)', async () => {
    for (const flag of ['--help', '-h']) {
      const out = await run(['duel', flag]);
      expect(out.status).toBe(0);
      expect(out.stderr).toBe('');
      expect(out.stdout).toMatch(/^Usage: stammtisch duel /);
      for (const option of [
        '--variant',
        '--players',
        '--a',
        '--b',
        '--deals',
        '--seed',
        '--preset',
        '--budget',
        '--json',
      ])
        expect(out.stdout).toContain(option);
      expect(out.stdout).toContain('random, heuristic, strong');
      // No duel ran: no report.
      expect(out.stdout).not.toMatch(/^duel .* hands$/m);
    }
  });

  it('an unknown option is a usage error, not ignored', async () => {
    const out = await run(['duel', '--deal', '5']);
    expect(out.status).toBe(2);
    expect(out.stdout).toBe('');
    expect(out.stderr).toContain('unknown option --deal');
  });
});
