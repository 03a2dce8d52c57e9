import type { Locator, Page } from 'playwright-core';

/** Move names a person picks to keep a deal short: pass / no knock / no doubling, in both languages. */
const QUIET = /^(pass|weiter|no knock|nicht klopfen|no|nein|gut|leaster)$/i;

/**
 * Play the rest of the deal like a person: whenever it is your turn, click a playable card (the first) or a move
 * (a quiet one when there is one), until the settlement of deal `deal` is shown. Returns the number of clicks.
 */
export async function playDeal(
  page: Page,
  headings: { settlement: RegExp; hand: string; moves: string },
  /** Run once after `at` clicks (a screenshot mid-deal). */
  midway?: { at: number; run: () => Promise<void> },
  /** Play cards with the keyboard (key 1: the first playable card) instead of clicking them. */
  keys = false,
): Promise<number> {
  const settlement = page.getByRole('heading', { name: headings.settlement });
  const cards = page.getByRole('group', { name: headings.hand }).getByRole('button', { disabled: false });
  const moves = page.getByRole('region', { name: headings.moves }).getByRole('button', { disabled: false });
  let clicks = 0;
  for (let i = 0; i < 400; i++) {
    await settlement.or(cards).or(moves).first().waitFor({ timeout: 30_000 });
    if (await settlement.isVisible()) return clicks;
    await page.locator('main:not([aria-busy="true"])').waitFor();
    const names = await moves.allInnerTexts();
    let target: Locator;
    if (names.length > 0) {
      const quiet = names.findIndex((n) => QUIET.test(n.trim()));
      target = moves.nth(quiet >= 0 ? quiet : 0);
    } else target = cards.first();
    try {
      if (keys && names.length === 0) await page.keyboard.press('1');
      else await target.click({ timeout: 2_000 });
      clicks++;
    } catch {
      // The view moved on between looking and clicking (a bot's push re-rendered it): look again.
    }
    await page.locator('main:not([aria-busy="true"])').waitFor();
    if (midway !== undefined && clicks === midway.at) {
      await midway.run();
      midway = undefined;
    }
  }
  throw new Error('the deal did not end within 400 steps');
}

const SUITS = {
  de: { E: 'Eichel', G: 'Gras', H: 'Herz', S: 'Schellen' },
  en: { E: 'clubs', G: 'spades', H: 'hearts', S: 'diamonds' },
};
const RANKS = {
  de: { A: 'Sau', Z: 'Zehn', K: 'König', O: 'Ober', U: 'Unter', 9: 'Neun', 8: 'Acht', 7: 'Sieben' },
  en: { A: 'ace', Z: 'ten', K: 'king', O: 'queen', U: 'jack', 9: 'nine', 8: 'eight', 7: 'seven' },
};

/** A long-deck card's name as a person reads it ("Eichel-Ober", "queen of clubs"): the test's own table. */
export function cardName(card: string, lang: 'de' | 'en'): string {
  const suit = SUITS[lang][card[0] as 'E'];
  const rank = RANKS[lang][card.slice(1) as 'A'];
  return lang === 'de' ? `${suit}-${rank}` : `${rank} of ${suit}`;
}
