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
      await target.click({ timeout: 2_000 });
      clicks++;
    } catch {
      // The view moved on between looking and clicking (a bot's push re-rendered it): look again.
    }
    await page.locator('main:not([aria-busy="true"])').waitFor();
  }
  throw new Error('the deal did not end within 400 steps');
}
