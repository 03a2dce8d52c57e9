import { describe, expect, it } from 'vitest';
import { PHONE, useBrowser } from './web-browser.js';
import { playDeal } from './web-support.js';

const { context } = useBrowser();

const DE = { settlement: /^Abrechnung von Spiel 1$/, hand: 'Deine Karten', moves: 'Deine Möglichkeiten' };
const EN = { settlement: /^Settlement of deal 1$/, hand: 'Your hand', moves: 'Your moves' };

// Every variant, driven by the server's legal actions only: the same clicks open and play a table of each.
describe.each([
  {
    variant: 'mehrkopf',
    players: 3,
    lang: 'de' as const,
    words: DE,
    open: 'Tisch eröffnen und Platz nehmen',
    keys: false,
  },
  {
    variant: 'sheepshead',
    players: 5,
    lang: 'en' as const,
    words: EN,
    open: 'Open the table and sit down',
    keys: true,
  },
  {
    variant: 'saukopf',
    players: 4,
    lang: 'de' as const,
    words: DE,
    open: 'Tisch eröffnen und Platz nehmen',
    keys: false,
  },
])(
  'web app: $variant with $players players ($lang, cards by keyboard: $keys)',
  ({ variant, players, lang, words, open, keys }) => {
    it('a person plays a whole deal against bots on a phone', async () => {
      const page = await context(lang, PHONE);
      await page.goto('/');
      await page.getByRole('combobox', { name: lang === 'de' ? 'Spiel' : 'Game' }).selectOption(variant);
      await page.getByRole('spinbutton', { name: lang === 'de' ? 'Spieler' : 'Players' }).fill(String(players));
      await page.getByRole('button', { name: open }).click();
      await page.getByRole('group', { name: words.hand }).waitFor();
      const clicks = await playDeal(page, words, undefined, keys);
      expect(clicks).toBeGreaterThan(0);
      const payout = page.getByRole('table', { name: lang === 'de' ? 'Auszahlung' : 'Payout' });
      expect(await payout.getByRole('row').count()).toBe(players + 1);
    });
  },
);
