import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useLocalServer } from '../support/local-server.js';

// The README's "Play locally" walkthrough exactly as a user pastes it into bash (curl + jq, both installed by
// .ci/run when missing), against a local server on a free port: only the `S=…` line is pointed at that port.
const { server } = useLocalServer();
const dir = mkdtempSync(join(tmpdir(), 'stammtisch-readme-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The first ```sh block under the README heading `heading`. */
function shellBlock(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`README has no section "${heading}"`);
  const end = markdown.indexOf('\n## ', start + 1);
  const block = /```sh\n([\s\S]*?)```/.exec(markdown.slice(start, end < 0 ? undefined : end));
  if (block?.[1] === undefined) throw new Error(`README section "${heading}" has no sh block`);
  return block[1];
}

function bash(script: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      'bash',
      ['-o', 'errexit', '-o', 'pipefail', '-c', script],
      { cwd: dir, timeout: 120_000, maxBuffer: 10_000_000 },
      (error, stdout, stderr) =>
        resolve({ code: error === null ? 0 : ((error.code as number | undefined) ?? 1), stdout, stderr }),
    );
  });
}

describe('README "Play locally", run as written', () => {
  it('plays the deal against three bots, settles it twice to the same payout and verifies the fair deal', async () => {
    const block = shellBlock(readFileSync('README.md', 'utf8'), 'Play locally');
    expect(block).toContain('S=http://127.0.0.1:8787\n');
    const script = block.replace('S=http://127.0.0.1:8787\n', `S=${server.url}\n`);
    const { code, stdout, stderr } = await bash(script);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toBe('{"status":"ok","version":"0.1.0"}');
    // Step 4 printed one line per own move (at least the Klopfen decision; a deal all four pass is thrown in early),
    // step 5 the settlement, and the record scored again gives the same payout.
    expect(lines.filter((l) => l.startsWith('{"version":') && l.includes('"mine":')).length).toBeGreaterThanOrEqual(1);
    const settled = lines.find((l) => l.startsWith('{"closed":true'));
    expect(settled).toBeDefined();
    const payouts = lines.filter((l) => l.startsWith('{"payout":'));
    expect(payouts).toHaveLength(1);
    const fromRecord = lines.find((l) => l.startsWith('{"players":'));
    expect(fromRecord).toBeDefined();
    expect(JSON.parse(payouts[0] ?? '{}')).toEqual({
      payout: (JSON.parse(fromRecord ?? '{}') as { payout: unknown }).payout,
    });
    // Step 6: the revealed seed hashes to the commitment and reproduces the deal.
    expect(stdout).toContain('{"deal":1,"commitmentMatches":true,"dealMatches":true}');
    // Step 7: the organiser sees every hand of the finished deal.
    const hands = JSON.parse(lines[lines.length - 1] ?? 'null') as unknown;
    expect(Array.isArray(hands) && hands.every((h) => Array.isArray(h) && h.length === 8)).toBe(true);
  }, 150_000);
});

describe('README "Table rules: über Kreuz when all pass", run as written', () => {
  it('lists the option, opens a table that plays über Kreuz and refuses an unknown value by name', async () => {
    const block = shellBlock(readFileSync('README.md', 'utf8'), 'Table rules: über Kreuz when all pass');
    expect(block).toContain('S=http://127.0.0.1:8787\n');
    const { code, stdout, stderr } = await bash(block.replace('S=http://127.0.0.1:8787\n', `S=${server.url}\n`));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout.trim().split('\n')).toEqual([
      '{"enum":["redeal","ramsch","muss","stock","kreuz"],"default":"redeal"}',
      '{"tableId":true,"seats":["open","bot","bot","bot"]}',
      '{"status":422,"field":"options.allPass"}',
    ]);
  }, 60_000);
});
