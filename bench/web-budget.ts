/**
 * The web app's budgets, measured (`npm run web:budget`):
 *  1. initial JavaScript: the scripts index.html loads before the first render (module + modulepreload), gzipped
 *     (level 9) — budget 150 KB;
 *  2. first render of the table view on the local server: navigation start → the player's hand on screen, median of
 *     5 cold page loads (fresh browser context each) — budget 1 s;
 *  3. a push renders within one animation frame of its arrival: for every WebSocket push with a view while a deal is
 *     played, frame arrival → DOM committed, and → the next animation frame (which paints it) — budget 16.7 ms.
 * Debian's Chromium (/usr/bin/chromium), one local server (embedded store), a fresh Vite build.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { startLocal } from '../local/server.js';
import { CHROMIUM } from '../test/browser/web-browser.js';

// The server's request logs would drown the figures.
process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
const root = join(import.meta.dirname, '..');
const outDir = mkdtempSync(join(tmpdir(), 'stammtisch-web-budget-'));
await build({ root: join(root, 'web'), logLevel: 'warn', build: { outDir, emptyOutDir: true } });

// 1. Initial JavaScript.
const html = readFileSync(join(outDir, 'index.html'), 'utf8');
const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1] ?? '');
const gz = (f: string): number => gzipSync(readFileSync(join(outDir, f)), { level: 9 }).length;
const initialGz = initial.reduce((sum, f) => sum + gz(f), 0);
const lazy = readdirSync(join(outDir, 'assets')).filter((f) => f.endsWith('.js') && !initial.includes(`assets/${f}`));
const lazyGz = lazy.reduce((sum, f) => sum + gz(`assets/${f}`), 0);

const server = await startLocal({ port: 0, web: outDir });
const browser = await chromium.launch(CHROMIUM);
const post = async <T>(path: string, body: unknown, token?: string, key?: string): Promise<T> => {
  const res = await fetch(server.url + path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token !== undefined ? { authorization: `Bearer ${token}` } : {}),
      ...(key !== undefined ? { 'idempotency-key': key } : {}),
    },
    body: JSON.stringify(body),
  });
  return (await res.json()) as T;
};
const seated = async (maxDeals = 1): Promise<{ tableId: string; token: string }> => {
  const { tableId } = await post<{ tableId: string }>('/v1/tables', {
    variant: 'schafkopf',
    seats: 4,
    bots: [1, 2, 3],
    maxDeals,
    options: { allPass: 'ramsch' },
  });
  const { seatToken } = await post<{ seatToken: string }>(`/v1/tables/${tableId}/seats`, { name: 'budget' });
  return { tableId, token: seatToken };
};

// 2. First render of the table view: a cold load of /table/<id> with the seat token in localStorage.
const firstRender: number[] = [];
for (let i = 0; i < 5; i++) {
  const { tableId, token } = await seated();
  const context = await browser.newContext({ locale: 'en-US' });
  await context.addInitScript(
    ([id, t]) => localStorage.setItem(`stammtisch:table:${id}`, JSON.stringify({ token: t, seat: 0 })),
    [tableId, token] as const,
  );
  const page = await context.newPage();
  await page.goto(`${server.url}/table/${tableId}`);
  await page.getByRole('group', { name: 'Your hand' }).getByRole('button').first().waitFor();
  firstRender.push((await page.evaluate('performance.now()')) as number);
  await context.close();
}

// 3. Pushes: a spectator page follows three deals the seat plays over REST (each move and the bots' answers are pushes).
const DEALS = 3;
const { tableId, token } = await seated(DEALS);
const context = await browser.newContext({ locale: 'en-US' });
const page = await context.newPage();
await page.goto(`${server.url}/table/${tableId}/watch`);
await page.getByRole('status').filter({ hasText: 'live' }).first().waitFor();
interface View {
  version: number;
  view: { closed: boolean; legalActions: { type: string }[] };
}
for (let i = 0; i < 300 * DEALS; i++) {
  const v = (await (
    await fetch(`${server.url}/v1/tables/${tableId}/view`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as View;
  if (v.view.closed) break;
  const a = v.view.legalActions.find((x) => !['knock', 'kontra', 're'].includes(x.type));
  if (a === undefined) {
    await server.idle();
    continue;
  }
  await post(`/v1/tables/${tableId}/actions`, { action: a, expectedVersion: v.version }, token, `b-${v.version}`);
  await server.idle();
}
await page.getByRole('heading', { name: `Settlement of deal ${DEALS}` }).waitFor();
const pushes = (await page.evaluate('window.__pushLatency ?? []')) as { committed: number; frame: number }[];
await browser.close();
await server.close();
rmSync(outDir, { recursive: true, force: true });

const sorted = (xs: number[]): number[] => [...xs].sort((a, b) => a - b);
const pct = (xs: number[], p: number): number => sorted(xs)[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? NaN;
const kb = (b: number): string => (b / 1024).toFixed(1);
const FRAME = 1000 / 60;
const rows = [
  [
    'initial JS (gzip)',
    `${kb(initialGz)} KB (${initial.length} file(s); lazy screens ${kb(lazyGz)} KB more)`,
    '≤ 150 KB',
    initialGz <= 150 * 1024,
  ],
  [
    'table first render',
    `median ${pct(firstRender, 0.5).toFixed(0)} ms, max ${Math.max(...firstRender).toFixed(0)} ms (${firstRender.length} cold loads)`,
    '< 1000 ms',
    pct(firstRender, 0.5) < 1000,
  ],
  [
    'push → DOM committed',
    `median ${pct(
      pushes.map((p) => p.committed),
      0.5,
    ).toFixed(1)} ms, p95 ${pct(
      pushes.map((p) => p.committed),
      0.95,
    ).toFixed(1)} ms, max ${Math.max(...pushes.map((p) => p.committed)).toFixed(1)} ms (${pushes.length} pushes)`,
    `< ${FRAME.toFixed(1)} ms`,
    pct(
      pushes.map((p) => p.committed),
      0.95,
    ) < FRAME,
  ],
  [
    'push → next frame',
    `median ${pct(
      pushes.map((p) => p.frame),
      0.5,
    ).toFixed(1)} ms, p95 ${pct(
      pushes.map((p) => p.frame),
      0.95,
    ).toFixed(1)} ms`,
    `≤ ${FRAME.toFixed(1)} ms`,
    pct(
      pushes.map((p) => p.frame),
      0.95,
    ) <=
      FRAME + 1,
  ],
] as const;
for (const [name, value, budget, ok] of rows)
  console.log(`${ok ? 'ok  ' : 'OVER'} ${name.padEnd(22)} ${value}  (budget ${budget})`);
const late = pushes.filter((p) => p.frame > FRAME).length;
console.log(`     pushes painted in the first frame after arrival: ${pushes.length - late} of ${pushes.length}`);
if (pushes.length === 0) console.log('OVER no push was measured');
process.exitCode = rows.every((r) => r[3]) && pushes.length > 0 ? 0 : 1;
