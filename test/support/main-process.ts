import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { afterAll } from 'vitest';

/**
 * `npm start`'s entry (local/main.ts) as a real child process on one data folder, for tests that kill it (SIGKILL,
 * SIGTERM) and start it again: `start()` resolves with its URL once it listens; every child still running and the
 * folder are removed after the file's tests.
 * @example const main = useMainProcess('stammtisch-kill9-'); const first = await main.start(); first.child.kill('SIGKILL');
 */
export function useMainProcess(
  prefix: string,
  env: Record<string, string> = {},
): {
  readonly start: () => Promise<{ child: ChildProcess; url: string }>;
} {
  const dataDir = mkdtempSync(joinPath(tmpdir(), prefix));
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });
  const start = (): Promise<{ child: ChildProcess; url: string }> => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'local/main.ts'], {
      env: { ...process.env, PORT: '0', DATA_DIR: dataDir, API_KEYS: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    child.stderr!.on('data', (d: Buffer) => process.stderr.write(`[server] ${d.toString()}`));
    return new Promise((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /runtime on (http:\/\/[\d.]+:\d+)/.exec(out);
        if (m !== null) resolve({ child, url: m[1]! });
      });
      child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening: ${out}`)));
    });
  };
  return { start };
}

/** Resolves with the exit code once the child has exited (at once if it already has). */
export const exited = (child: ChildProcess): Promise<number | null> =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
