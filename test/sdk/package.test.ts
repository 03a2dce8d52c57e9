import { execFile, spawn } from 'node:child_process';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { useLocalServer } from '../support/local-server.js';
import { ROOT, packedSdk } from './packed.js';

/**
 * The published package as a user gets it: `npm pack` of sdk/, installed into an empty project, used from Node with
 * no access to the repository's sources — a typed consumer compiles against its declarations, and a script plays a
 * whole deal against the local server, across a connection the server drops part-way.
 */
const { server } = useLocalServer();
const run = promisify(execFile);
let project: { dir: string; tarball: string; files: string[] };

beforeAll(async () => {
  project = await packedSdk();
}, 240_000);

/** Run the scratch project's play script; a `DISCONNECT` line from it has the server drop every connection. */
function play(dir: string): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['play.mjs', server.url, server.wsUrl], { cwd: dir });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line === 'DISCONNECT') {
        void Promise.all(
          server.gateway
            .connectionIds()
            .map((id) =>
              fetch(`${server.gateway.endpoint}/@connections/${encodeURIComponent(id)}`, { method: 'DELETE' }),
            ),
        ).then(() => child.stdin.write('dropped\n'), reject);
      }
      if (line.startsWith('RESULT ')) resolve(JSON.parse(line.slice('RESULT '.length)) as Record<string, unknown>);
    });
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`play.mjs exited with ${code}: ${stderr}`));
    });
  });
}

describe('the packed SDK in an empty project (Node)', () => {
  it('ships ESM with declarations and its documents, no sources; a Node and a browser export', () => {
    expect(project.files).toContain('dist/index.js');
    expect(project.files).toContain('dist/index.d.ts');
    expect(project.files).toContain('dist/browser.js');
    expect(project.files).toContain('README.md');
    expect(project.files).toContain('CHANGELOG.md');
    expect(project.files.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))).toEqual([]);
    const pkg = JSON.parse(readFileSync(join(project.dir, 'node_modules/@stammtisch/sdk/package.json'), 'utf8')) as {
      version: string;
      type: string;
      exports: Record<string, Record<string, unknown>>;
    };
    expect(pkg.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(pkg.type).toBe('module');
    expect(Object.keys(pkg.exports['.']!)).toEqual(['browser', 'node', 'default']);
    // The browser entry never reaches `ws`.
    const browser = readFileSync(join(project.dir, 'node_modules/@stammtisch/sdk/dist/browser.js'), 'utf8');
    expect(browser).not.toMatch(/['"]ws['"]/);
  });

  it('a TypeScript consumer compiles against the installed declarations (and a wrong action does not)', async () => {
    writeFileSync(
      join(project.dir, 'consumer.ts'),
      [
        "import { type SocketState, StammtischError, TableSocket, type TableView, createClient } from '@stammtisch/sdk';",
        "const api = createClient({ baseUrl: 'http://127.0.0.1:8787' });",
        'export async function check(): Promise<[string, TableView | undefined, SocketState]> {',
        "  const { tableId } = await api.createTable({ variant: 'schafkopf', seats: 4 });",
        "  const sock = await TableSocket.connect({ wsUrl: 'ws://127.0.0.1:8787/ws', tableId, onState: () => undefined });",
        "  await sock.act({ type: 'pass' }).catch((e: unknown) => e instanceof StammtischError && e.currentVersion);",
        "  // @ts-expect-error: 'fold' is no action of any variant",
        "  await sock.act({ type: 'fold' });",
        '  return [tableId, sock.view, sock.state];',
        '}',
      ].join('\n'),
    );
    writeFileSync(
      join(project.dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          lib: ['ES2023', 'DOM'],
          types: [],
        },
        files: ['consumer.ts'],
      }),
    );
    const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
    const out = await run(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: project.dir }).catch(
      (e: { stdout?: string }) => ({ stdout: e.stdout ?? String(e) }),
    );
    expect(out.stdout).toBe('');
  });

  it('plays a whole deal from Node with the installed package, and keeps receiving across a dropped connection', async () => {
    copyFileSync(join(ROOT, 'test/fixtures/sdk/play-deal.mjs'), join(project.dir, 'play-deal.mjs'));
    writeFileSync(
      join(project.dir, 'play.mjs'),
      [
        "import * as sdk from '@stammtisch/sdk';",
        "import { createInterface } from 'node:readline';",
        "import { playDeal } from './play-deal.mjs';",
        'const lines = createInterface({ input: process.stdin });',
        'const [baseUrl, wsUrl] = process.argv.slice(2);',
        'const disconnect = async () => {',
        "  console.log('DISCONNECT');",
        "  await new Promise((resolve) => lines.once('line', resolve));",
        '};',
        'const out = await playDeal(sdk, { baseUrl, wsUrl, disconnect });',
        "console.log('RESULT ' + JSON.stringify({ ...out, platformWebSocket: typeof globalThis.WebSocket }));",
        'process.exit(0);',
      ].join('\n'),
    );
    const out = (await play(project.dir)) as {
      seqs: number[];
      restSeqs: number[];
      states: string[];
      payout: number[];
      error: Record<string, unknown>;
      platformWebSocket: string;
    };
    // Node 20 has no global WebSocket: the package's Node export fell back to `ws`.
    if (process.versions.node.startsWith('20.')) expect(out.platformWebSocket).toBe('undefined');
    expect(out.payout).toHaveLength(4);
    expect(out.payout.reduce((a, b) => a + b, 0)).toBe(0);
    expect(out.states).toEqual(['open', 'reconnecting', 'open', 'closed']);
    // Every event once, in order, none lost while the connection was down.
    expect(out.seqs).toEqual(out.restSeqs);
    expect(out.error).toEqual({ typed: true, code: 'action/malformed', field: 'move.card', status: 422 });
  });
});
