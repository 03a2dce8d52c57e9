import { execFile } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { banner } from '../../local/banner.js';
import { useLocalServer } from '../support/local-server.js';

// The commands `npm start` suggests, pasted into bash (curl + jq) against a local server, exactly as printed.
const { server } = useLocalServer();

function bash(script: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile('bash', ['-o', 'errexit', '-o', 'pipefail', '-c', script], { timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ code: error === null ? 0 : ((error.code as number | undefined) ?? 1), stdout, stderr }),
    );
  });
}

describe('the start-up banner', () => {
  it('bug: its first suggested move was answered 422 (the deal opens with the knock decision); now it is taken', async () => {
    const text = banner({ url: server.url, wsUrl: server.wsUrl, dataDir: '.data', version: '0.1.0', keys: 0 });
    const lines = text.split('\n');
    const from = lines.findIndex((l) => l.startsWith('Play a Schafkopf deal'));
    const to = lines.indexOf('', from);
    const script = lines
      .slice(from + 1, to)
      .map((l) => l.replace(/^ {2}/, ''))
      .join('\n');
    expect(script).toContain(`S=${server.url}`);
    const { code, stdout, stderr } = await bash(script);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    // The move's answer: accepted, not a problem document.
    // (curl prints the answer without a newline: the next command's output follows on the same line.)
    expect(stdout).toMatch(/\{"version":\d+,"events":\[\{"seq":\d+,"event":\{"type":"ActionTaken".*"replayed":false\}/);
    expect(stdout).not.toContain('"status":422');
  });
});
