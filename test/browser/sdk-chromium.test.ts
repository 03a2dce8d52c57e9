import { copyFileSync, writeFileSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import { join } from 'node:path';
import { build } from 'esbuild';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, packedSdk } from '../sdk/packed.js';
import { useLocalServer } from '../support/local-server.js';

/**
 * The packed SDK in a real browser (Debian's Chromium): the tarball is installed into an empty project, bundled by
 * esbuild for the browser, and a page that imports nothing else plays a whole deal against three server bots — over
 * the browser's own fetch and WebSocket (the token as a subprotocol), across a connection the server drops part-way.
 */
const { server } = useLocalServer();
let browser: Browser;
let page: Server;
let pageUrl: string;
let bundle: { bytes: number; inputs: string[] };

beforeAll(async () => {
  const project = await packedSdk();
  copyFileSync(join(ROOT, 'test/fixtures/sdk/play-deal.mjs'), join(project.dir, 'play-deal.mjs'));
  writeFileSync(
    join(project.dir, 'page.mjs'),
    [
      "import * as sdk from '@stammtisch/sdk';",
      "import { playDeal } from './play-deal.mjs';",
      'window.play = (baseUrl, wsUrl) => playDeal(sdk, { baseUrl, wsUrl, disconnect: () => window.dropConnection() });',
    ].join('\n'),
  );
  const out = await build({
    entryPoints: [join(project.dir, 'page.mjs')],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    minify: true,
    write: false,
    metafile: true,
    absWorkingDir: project.dir,
    logLevel: 'silent',
  });
  const js = out.outputFiles[0]!.text;
  bundle = { bytes: Buffer.byteLength(js), inputs: Object.keys(out.metafile.inputs) };
  const html = '<!doctype html><title>SDK</title><script type="module" src="/bundle.js"></script>';
  // The page from its own origin: the SDK's fetches to the API are cross-origin (the API answers CORS).
  page = createServer((req, res) => {
    if (req.url === '/bundle.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(js);
    else res.writeHead(200, { 'content-type': 'text/html' }).end(html);
  });
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
  pageUrl = `http://127.0.0.1:${(page.address() as { port: number }).port}/`;
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => page?.close(resolve));
});

describe('the bundled SDK in Chromium', () => {
  it('the browser bundle holds the SDK and openapi-fetch, never the `ws` package', () => {
    expect(bundle.inputs.some((i) => i.includes('@stammtisch/sdk/dist/browser.js'))).toBe(true);
    expect(bundle.inputs.some((i) => i.includes('openapi-fetch'))).toBe(true);
    expect(bundle.inputs.filter((i) => /node_modules\/ws\//.test(i))).toEqual([]);
    expect(bundle.inputs.filter((i) => i.includes('dist/index.js'))).toEqual([]);
  });

  it('plays a whole deal against three bots in a page, and keeps receiving across a dropped connection', async () => {
    const context = await browser.newContext();
    const tab = await context.newPage();
    const errors: string[] = [];
    tab.on('pageerror', (e) => errors.push(e.message));
    const offered: string[] = [];
    tab.on('websocket', (ws) => offered.push(ws.url()));
    // The page asks; the server drops every connection (the management API's DELETE), as a network loss would.
    await tab.exposeFunction('dropConnection', async () => {
      await Promise.all(
        server.gateway
          .connectionIds()
          .map((id) =>
            fetch(`${server.gateway.endpoint}/@connections/${encodeURIComponent(id)}`, { method: 'DELETE' }),
          ),
      );
    });
    await tab.goto(pageUrl);
    await tab.waitForFunction(() => typeof (globalThis as unknown as { play?: unknown }).play === 'function');
    const out = await tab.evaluate(
      ([baseUrl, wsUrl]) =>
        (
          globalThis as unknown as {
            play: (
              b: string,
              w: string,
            ) => Promise<{
              seqs: number[];
              restSeqs: number[];
              states: string[];
              payout: number[];
              error: Record<string, unknown>;
            }>;
          }
        ).play(baseUrl!, wsUrl!),
      [server.url, server.wsUrl],
    );
    expect(errors).toEqual([]);
    expect(out.payout).toHaveLength(4);
    expect(out.payout.reduce((a, b) => a + b, 0)).toBe(0);
    expect(out.states).toEqual(['open', 'reconnecting', 'open', 'closed']);
    expect(out.seqs).toEqual(out.restSeqs);
    expect(out.error).toEqual({ typed: true, code: 'action/malformed', field: 'move.card', status: 422 });
    // Two connections (before and after the drop), the token never in the URL: it went as a subprotocol.
    expect(offered).toHaveLength(2);
    for (const url of offered) expect(url).not.toContain('token=');
    await context.close();
  });
});
