import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { getVariant } from '../../engine/index.js';
import { PHONE, expectAccessible, screenshots, useBrowser } from './web-browser.js';
import { cardName, playDeal } from './web-support.js';

const { context, url } = useBrowser();

const DE = { settlement: /^Abrechnung von Spiel 1$/, hand: 'Deine Karten', moves: 'Deine Möglichkeiten' };

async function api<T>(
  path: string,
  init: { token?: string; body?: unknown } = {},
): Promise<{ status: number; body: T }> {
  const res = await fetch(url() + path, {
    method: init.body !== undefined ? 'POST' : 'GET',
    headers: {
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(init.token !== undefined ? { authorization: `Bearer ${init.token}` } : {}),
    },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as T };
}

interface SeatView {
  view: {
    options: unknown;
    deal: { hands: (string[] | null)[]; contract: { game: string; suit?: string; card?: string } | null } | null;
  };
}

/** A table with three bots and a person at seat 0 whose token this browser holds (as the lobby would keep it). */
async function seated(page: Page): Promise<{ tableId: string; token: string }> {
  const made = await api<{ tableId: string }>('/v1/tables', {
    // Cards are played even when everybody passes (a Ramsch instead of a new deal).
    body: { variant: 'schafkopf', seats: 4, bots: [1, 2, 3], maxDeals: 1, options: { allPass: 'ramsch' } },
  });
  const tableId = made.body.tableId;
  const joined = await api<{ seatToken: string }>(`/v1/tables/${tableId}/seats`, { body: { seat: 0, name: 'Vroni' } });
  const token = joined.body.seatToken;
  await page.goto('/');
  await page.evaluate(
    ([id, secret]) => localStorage.setItem(`stammtisch:table:${id}`, secret as string),
    [tableId, JSON.stringify({ token, seat: 0 })],
  );
  return { tableId, token };
}

/**
 * The hand as the registry orders it for the seat's current contract (this test's own grouping, from
 * engine/variant.ts `trickOrder`): trumps high → low, then Eichel, Gras, Herz, Schellen high → low.
 */
async function expectedHand(tableId: string, token: string): Promise<string[]> {
  const { view } = (await api<SeatView>(`/v1/tables/${tableId}/view`, { token })).body;
  const hand = view.deal?.hands[0] ?? [];
  const order = getVariant('schafkopf')!.trickOrder(view.options as never, (view.deal?.contract ?? null) as never);
  const trumps: string[] = order.trumps.filter((c) => hand.includes(c));
  const plain = (['E', 'G', 'H', 'S'] as const).flatMap((s) =>
    order.plain[s].map((r) => `${s}${r}`).filter((c) => hand.includes(c) && !trumps.includes(c)),
  );
  return [...trumps, ...plain].map((c) => cardName(c, 'de'));
}

async function handOnScreen(page: Page): Promise<string[]> {
  return page
    .getByRole('group', { name: DE.hand })
    .getByRole('button')
    .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('title') ?? ''));
}

async function expectHandInTrumpOrder(page: Page, tableId: string, token: string): Promise<void> {
  await expect
    .poll(async () => {
      const [want, shown] = [await expectedHand(tableId, token), await handOnScreen(page)];
      return JSON.stringify(shown) === JSON.stringify(want) ? 'in order' : `${shown.join(',')} ≠ ${want.join(',')}`;
    })
    .toBe('in order');
}

describe('web app: the hand in trump order, and the strong bot’s analysis in the replay (phone)', () => {
  it('sorts the hand by the contract, plays the deal to the end and shows the analysis of every decision', async () => {
    const page = await context('de', PHONE);
    const { tableId, token } = await seated(page);
    await page.goto(`/table/${tableId}`);
    await page.getByRole('group', { name: DE.hand }).waitFor();
    // Before the contract: the variant's normal order (Ober, Unter, Herz, then the suits).
    await expectHandInTrumpOrder(page, tableId, token);
    // Bid a Wenz when it is offered (only the Unter are trumps then), else pass, until the cards are played.
    const cards = page.getByRole('group', { name: DE.hand }).getByRole('button', { disabled: false });
    const moves = page.getByRole('region', { name: DE.moves }).getByRole('button', { disabled: false });
    const settlement = page.getByRole('heading', { name: DE.settlement });
    for (let i = 0; i < 20; i++) {
      await settlement.or(cards).or(moves).first().waitFor({ timeout: 30_000 });
      if ((await settlement.isVisible()) || (await cards.count()) > 0) break;
      const names = (await moves.allInnerTexts()).map((n) => n.trim());
      const pick = names.indexOf('Wenz');
      const quiet = names.findIndex((n) => /^(weiter|nicht klopfen|nein|gut)$/i.test(n));
      await moves
        .nth(pick >= 0 ? pick : Math.max(0, quiet))
        .click({ timeout: 2_000 })
        .catch(() => undefined);
      await page.locator('main:not([aria-busy="true"])').waitFor();
    }
    if (!(await settlement.isVisible())) {
      // The contract is fixed: the hand follows its order.
      await expectHandInTrumpOrder(page, tableId, token);
      await playDeal(page, DE);
    }

    await page.getByRole('link', { name: 'Spiel nachspielen' }).click();
    await page.getByRole('heading', { name: `Spiel 1 an Tisch ${tableId} nachspielen` }).waitFor();
    await page.getByRole('button', { name: 'Analyse anzeigen' }).click();
    await page.getByRole('heading', { name: 'Größte Fehler' }).waitFor({ timeout: 60_000 });
    const analysis = (
      await api<{
        decisions: { index: number; seat: number; options: { value: number | null }[]; loss: number }[];
        mistakes: number[];
      }>(`/v1/tables/${tableId}/deals/1/analysis`)
    ).body;
    expect(analysis.decisions.length).toBeGreaterThan(0);
    const region = page.getByRole('region', { name: 'Analyse des starken Bots' });
    // The biggest mistakes, each a way to its step.
    const listed = region.getByRole('list', { name: 'Größte Fehler' }).getByRole('button');
    expect(await listed.count()).toBe(analysis.mistakes.length);
    const status = page.getByRole('status').filter({ hasText: /^Schritt / });
    if (analysis.mistakes.length > 0) {
      const worst = analysis.decisions[analysis.mistakes[0]!]!;
      await listed.first().click();
      expect(await status.innerText()).toMatch(new RegExp(`^Schritt ${worst.index + 1} von `));
      await region.getByRole('table').waitFor();
      expect(await region.getByText('Verlust:').count()).toBe(1);
      // Next to the controls too (on a phone the table is further down).
      expect(await page.getByText(/^Bot: .+ wäre besser gewesen \(/).count()).toBe(1);
    } else expect(await region.getByText('Der Bot hat keinen Fehler gefunden.').count()).toBe(1);
    // Any decision: stepped to from the start, its every option in the table with the chosen one marked.
    const d = analysis.decisions[analysis.decisions.length - 1]!;
    await page.keyboard.press('Home');
    expect(await region.getByText('Gehe zu einem Schritt, um seine Bewertung zu sehen.').count()).toBe(1);
    for (let i = 0; i <= d.index; i++) await page.keyboard.press('ArrowRight');
    expect(await status.innerText()).toMatch(new RegExp(`^Schritt ${d.index + 1} von `));
    const table = region.getByRole('table', { name: /Erwartungswert in / });
    await table.waitFor();
    // A header row and one row per legal option.
    expect(await table.getByRole('row').count()).toBe(d.options.length + 1);
    expect(await table.getByText('gewählt').count()).toBe(1);
    // A step without a choice says so.
    const forced = Array.from({ length: d.index }, (_, i) => i).find(
      (i) => !analysis.decisions.some((x) => x.index === i),
    );
    if (forced !== undefined) {
      await page.keyboard.press('Home');
      for (let i = 0; i <= forced; i++) await page.keyboard.press('ArrowRight');
      await region.getByText('Bei diesem Schritt gab es keine Wahl zu bewerten.').waitFor();
      for (let i = forced; i < d.index; i++) await page.keyboard.press('ArrowRight');
      await table.waitFor();
    }
    // Usable on a phone: nothing wider than the screen, and accessible.
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page);
    await screenshots(page, 'replay-analysis');
    // One catalogue: in English the same analysis.
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Biggest mistakes' }).waitFor();
    await page.getByRole('table', { name: /expected value in / }).waitFor();
    await expectAccessible(page);
  });

  it('a running deal has no replay and no analysis yet: the server refuses, the app says when it comes', async () => {
    const page = await context('de', PHONE);
    const { tableId, token } = await seated(page);
    const refused = await api<{ code: string }>(`/v1/tables/${tableId}/deals/1/analysis`, { token });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('deal/not_over');
    await page.goto(`/table/${tableId}/deal/1`);
    await page
      .getByRole('status')
      .filter({ hasText: 'Dieses Spiel läuft noch. Nachspielen und Analyse gibt es, sobald es vorbei ist.' })
      .waitFor();
    expect(await page.getByRole('button', { name: 'Analyse anzeigen' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Größte Fehler' }).count()).toBe(0);
    expect(await page.getByRole('alert').count()).toBe(0);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'English' }).click();
    await page
      .getByRole('status')
      .filter({
        hasText: 'This deal is still being played. The replay and the analysis are available once it is over.',
      })
      .waitFor();
  });
});
