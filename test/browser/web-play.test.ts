import { describe, expect, it } from 'vitest';
import { expectAccessible, screenshots, useBrowser } from './web-browser.js';
import { playDeal } from './web-support.js';

const { context, url } = useBrowser();

const EN = { settlement: /^Settlement of deal 1$/, hand: 'Your hand', moves: 'Your moves' };

describe('web app: a person plays a whole deal against bots by clicking', () => {
  it('Schafkopf from the lobby: open a table with three bots, play every card, see the settlement and verify the shuffle', async () => {
    const page = await context('en');
    await page.goto('/');
    await expectAccessible(page);
    await screenshots(page, 'lobby');
    await page.getByRole('combobox', { name: 'Game' }).selectOption('schafkopf');
    // BSV rules: when all pass, a Ramsch is played, so every card of the deal is played by a click.
    await page.getByRole('combobox', { name: 'Rules' }).selectOption('bsv');
    await page.getByRole('textbox', { name: 'Your name' }).fill('Anna');
    await page.getByRole('button', { name: 'Open the table and sit down' }).click();
    await page.getByRole('heading', { name: /^Table \w+/ }).waitFor();
    await page.getByRole('group', { name: 'Your hand' }).waitFor();
    await expectAccessible(page);
    await screenshots(page, 'table');
    // Mid-deal (a few cards played): the screenshots the README shows.
    const clicks = await playDeal(page, EN, { at: 5, run: () => screenshots(page, 'table-play') });
    expect(clicks).toBeGreaterThanOrEqual(8);
    await expectAccessible(page);
    await screenshots(page, 'settlement');
    const payout = page.getByRole('table', { name: 'Payout' });
    expect(await payout.getByRole('row').count()).toBe(5);
    await page.getByText('Fair shuffle').click();
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Commitment matches: yes; deal matches: yes; recomputed in the browser: yes').waitFor();
  });
});

describe('web app: the lobby lists public tables with open seats', () => {
  it('join a listed table and get its free seat (German)', async () => {
    const res = await fetch(`${url()}/v1/tables`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ variant: 'sheepshead', seats: 3, bots: [1, 2], maxDeals: 1 }),
    });
    const { tableId } = (await res.json()) as { tableId: string };
    const page = await context('de');
    await page.goto('/');
    await page.getByRole('link', { name: `Tisch ${tableId} zuschauen` }).waitFor();
    await page.getByRole('button', { name: `An Tisch ${tableId} mitspielen` }).click();
    await page.getByRole('heading', { name: new RegExp(`^Tisch ${tableId}`) }).waitFor();
    await page.getByRole('group', { name: 'Deine Karten' }).waitFor();
    expect(await page.getByRole('group', { name: 'Deine Karten' }).getByRole('button').count()).toBeGreaterThan(0);
  });
});
