import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserServer } from 'playwright-core';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { type LocalServer, startLocal } from '../../local/server.js';
import { CHROMIUM } from './web-browser.js';

declare module 'vitest' {
  export interface ProvidedContext {
    webUrl: string;
    browserWs: string;
  }
}

/**
 * Once for all web-*.test.ts files: build the app (Vite, into a temporary folder), start one local server that serves
 * it, and launch one Debian Chromium that every file connects to (files get their own browser contexts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const outDir = mkdtempSync(join(tmpdir(), 'stammtisch-web-'));
  await build({
    root: join(import.meta.dirname, '../../web'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  // The deal analysis (web-analysis.test.ts) gives each decision the bot budget as work: a small one keeps it quick
  // on a shared machine. Only `strong` bots think with it; the tables here play `heuristic` unless a test asks.
  process.env.BOT_BUDGET_MS ??= '20';
  const server: LocalServer = await startLocal({ port: 0, web: outDir });
  const browser: BrowserServer = await chromium.launchServer(CHROMIUM);
  project.provide('webUrl', server.url);
  project.provide('browserWs', browser.wsEndpoint());
  return async () => {
    await browser.close();
    await server.close();
    rmSync(outDir, { recursive: true, force: true });
  };
}
