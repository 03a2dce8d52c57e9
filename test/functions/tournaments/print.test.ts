import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tournament as T } from '../../../engine/index.js';
import { scoreSheet, scoreSheetHtml } from '../../../functions/tournaments/format/score-sheet.js';
import { seatingPlanHtml, standingsHtml, tableCardsHtml } from '../../../functions/tournaments/format/print.js';
import { playAll, registered, run, step } from '../../support/tournament.js';

/**
 * The printed pages in a real browser (Debian's Chromium through playwright-core): every score sheet is one A4 page,
 * in German and English, with knock doublings shown; the list prints with its prize list. Screenshots go to
 * $TMPDIR/stammtisch-print/ for a person to look at.
 */

const CHROMIUM = '/usr/bin/chromium';
const START = Date.UTC(2026, 10, 28, 18, 0);
const OUT = join(tmpdir(), 'stammtisch-print');

type Browser = Awaited<ReturnType<typeof chromium.launch>>;
let browser: Browser | undefined;

// Without Debian's Chromium on the machine there is no browser to print with (the project never downloads one).
const hasChromium = existsSync(CHROMIUM);

beforeAll(async () => {
  if (hasChromium) browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  mkdirSync(OUT, { recursive: true });
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

/** Pages of the printed PDF (A4 landscape, the page's own @page rules). */
async function printedPages(html: string, name: string): Promise<number> {
  const page = await browser!.newPage({ viewport: { width: 1123, height: 794 } });
  await page.setContent(html);
  await page.screenshot({ path: join(OUT, `${name}.png`), fullPage: true });
  const pdf = await page.pdf({ format: 'A4', landscape: true, preferCSSPageSize: true });
  writeFileSync(join(OUT, `${name}.pdf`), pdf);
  await page.close();
  return (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
}

function liveEvening(): T.TournamentState {
  const cfg = T.resolveConfig({
    variant: 'schafkopf',
    startsAt: START,
    rounds: 1,
    dealsPerRound: 32,
    prizes: {
      entryFeeCents: 1000,
      places: [
        { place: 1, share: 1 },
        { place: 1, goods: 'Brotzeit' },
      ],
    },
  });
  const cmds = registered(cfg, 4, 0).map((c) => (c.type === 'RegisterPlayer' ? { ...c, live: true, name: 'Sepp' } : c));
  let s = run([...cmds, { type: 'StartRound', round: 1, drawSeed: 'x', at: 1 }]).state;
  for (let d = 1; d <= 32; d++) {
    const entry: T.LiveEntry =
      d % 3 === 0
        ? { kind: 'game', game: 'wenz', declarers: [d % 4], won: d % 2 === 0, knocks: 1, laufende: 3 }
        : {
            kind: 'game',
            game: 'sauspiel',
            declarers: [d % 4, (d + 1) % 4],
            won: d % 5 !== 0,
            knocks: d % 7 === 0 ? 2 : 0,
          };
    s = step(s, {
      type: 'EnterDeal',
      round: 1,
      table: 1,
      deal: d,
      entry,
      record: T.settleEntry(s.config, 4, d, entry),
      by: { kind: 'organiser' },
    });
  }
  return step(s, { type: 'SubmitSheet', round: 1, table: 1, at: 2, by: { kind: 'organiser' } });
}

describe.skipIf(!hasChromium)('printed pages in Chromium', () => {
  it('a 32-deal sheet is one A4 page, in German and in English; knocks shown, unpaid Laufende not, equal names told apart', async () => {
    const s = liveEvening();
    for (const lang of ['de', 'en'] as const) {
      const sheet = scoreSheet(s, 1, 1, lang)!;
      const html = await scoreSheetHtml(sheet);
      expect(await printedPages(html, `sheet-${lang}`)).toBe(1);
      expect(html).toContain(lang === 'de' ? 'Spielliste' : 'Score sheet');
      expect(html).toContain(lang === 'de' ? '1 Klopfer ×2' : '1 knock ×2');
      // The tournament tariff pays no Laufende: the Wenz's three are not listed.
      expect(html).not.toMatch(/3 Laufende/);
      expect(html).toContain(lang === 'de' ? 'Sepp (Nr. 4)' : 'Sepp (No. 4)');
    }
  }, 120_000);

  it('a table one larger plays 40 deals and still prints on one page; seating plan and table cards print', async () => {
    const cfg = T.resolveConfig({ variant: 'schafkopf', startsAt: START, rounds: 1, dealsPerRound: 32 });
    const { state } = playAll({ ...cfg, rounds: 1 }, 5, 0, 'five');
    expect(state.rounds[0]!.tables[0]!.deals).toBe(40);
    const html = await scoreSheetHtml(scoreSheet(state, 1, 1, 'de')!);
    expect(await printedPages(html, 'sheet-five')).toBe(1);
    const plan = (await seatingPlanHtml(state, 1, 'en'))!;
    expect(await printedPages(plan, 'seating')).toBe(1);
    const cards = (await tableCardsHtml(state, 1, 'de'))!;
    expect(await printedPages(cards, 'cards')).toBe(state.rounds[0]!.tables.length);
  }, 180_000);

  it('the list prints with its prize list', async () => {
    const s = liveEvening();
    const html = await standingsHtml(s, 'de');
    expect(html).toContain('Preisliste');
    expect(html).toContain('40,00 €');
    expect(html).toContain('Brotzeit');
    expect(await printedPages(html, 'standings')).toBe(1);
  }, 60_000);
});
