import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';

const require_ = createRequire(import.meta.url);

/** Debian's Chromium (installed by .ci/run), never a downloaded browser. */
export const CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
};

/** Where the screenshots go (gitignored; CI keeps them as artefacts). */
export const ARTEFACTS = join(import.meta.dirname, '../../artefacts/web');

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 900 };

/** The shared browser (web-global-setup.ts) and the server's URL, for one test file. */
export function useBrowser(): {
  url: () => string;
  context: (lang: 'de' | 'en', size?: { width: number; height: number }) => Promise<Page>;
} {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await chromium.connect(inject('browserWs'));
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
  });
  return {
    url: () => inject('webUrl'),
    context: async (lang, size = DESKTOP) => {
      if (browser === undefined) throw new Error('useBrowser: connect in beforeAll first');
      const context = await browser.newContext({
        locale: lang === 'de' ? 'de-DE' : 'en-US',
        viewport: size,
        baseURL: inject('webUrl'),
      });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      return page;
    },
  };
}

/** axe-core on the page: no serious or critical violation (the violations are printed when there are any). */
export async function expectAccessible(page: Page): Promise<void> {
  await page.addScriptTag({ path: require_.resolve('axe-core/axe.min.js') });
  // The function runs in the page (axe-core's global); written as a string so this Node file needs no DOM types.
  const result = (await page.evaluate(`axe.run(document, { resultTypes: ['violations'] }).then((r) =>
    r.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.slice(0, 3).map((n) => JSON.stringify(n.target)) })))`)) as {
    id: string;
    impact: string | null;
    targets: string[];
  }[];
  const bad = result.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad, JSON.stringify(bad, null, 1)).toEqual([]);
}

/** A screenshot of the page at phone and desktop width into the artefacts folder (`<name>-phone.png`, `-desktop.png`). */
export async function screenshots(page: Page, name: string): Promise<void> {
  mkdirSync(ARTEFACTS, { recursive: true });
  const before = page.viewportSize() ?? DESKTOP;
  for (const [label, size] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: join(ARTEFACTS, `${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize(before);
}
