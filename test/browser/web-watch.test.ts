import { describe, expect, it } from 'vitest';
import { cardName } from './web-support.js';
import { expectAccessible, screenshots, useBrowser } from './web-browser.js';

const { context, url } = useBrowser();

async function post<T>(path: string, body: unknown, token?: string, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(url() + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return (await res.json()) as T;
}
async function get<T>(path: string, token: string): Promise<T> {
  const res = await fetch(url() + path, { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()) as T;
}

interface View {
  version: number;
  view: { closed: boolean; legalActions: { type: string; card?: string }[]; deal: { phase: string } | null };
}

describe('web app: a spectator follows a live table and replays the finished deal', () => {
  it('the trick and the settlement arrive without a reload; the replay steps forwards and back', async () => {
    const { tableId } = await post<{ tableId: string }>('/v1/tables', {
      variant: 'schafkopf',
      seats: 4,
      bots: [1, 2, 3],
      maxDeals: 1,
      // Cards are played even when everybody passes (Ramsch instead of a new deal).
      options: { allPass: 'ramsch' },
    });
    const { seatToken } = await post<{ seatToken: string }>(`/v1/tables/${tableId}/seats`, { name: 'Vroni' });

    const page = await context('de');
    await page.goto(`/table/${tableId}/watch`);
    await page.getByText('Du schaust zu.').waitFor();
    await page.getByRole('status').filter({ hasText: 'live verbunden' }).waitFor();
    // A spectator sees no hand and has no moves.
    expect(await page.getByRole('group', { name: 'Deine Karten' }).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Deine Möglichkeiten' }).count()).toBe(0);
    await expectAccessible(page);
    await screenshots(page, 'watch');

    // Vroni plays over the API; the spectator's page follows by push.
    let firstCard: string | undefined;
    for (let i = 0; i < 200; i++) {
      const v = await get<View>(`/v1/tables/${tableId}/view`, seatToken);
      if (v.view.closed) break;
      const a = v.view.legalActions.find((x) => !['knock', 'kontra', 're'].includes(x.type));
      if (a === undefined) {
        await new Promise((r) => setTimeout(r, 50));
        continue;
      }
      await post(`/v1/tables/${tableId}/actions`, { action: a, expectedVersion: v.version }, seatToken, {
        'idempotency-key': `w-${v.version}`,
      });
      if (a.type === 'play' && firstCard === undefined) {
        firstCard = a.card;
        // Her first card shows in the spectator's trick (or the trick after it, once bots have completed it).
        await page
          .getByRole('region', { name: /^(Stich|Letzter Stich)$/ })
          .getByRole('img', { name: cardName(a.card ?? '', 'de') })
          .first()
          .waitFor();
      }
    }
    expect(firstCard).toBeDefined();
    await page.getByRole('heading', { name: 'Abrechnung von Spiel 1' }).waitFor();

    await page.getByRole('link', { name: 'Spiel nachspielen' }).click();
    await page.getByRole('heading', { name: `Spiel 1 an Tisch ${tableId} nachspielen` }).waitFor();
    const status = page.getByRole('status');
    expect(await status.innerText()).toMatch(/^Schritt 0 von \d+/);
    await page.getByRole('button', { name: /Weiter/ }).click();
    await page.getByRole('button', { name: /Weiter/ }).click();
    expect(await status.innerText()).toMatch(/^Schritt 2 von \d+/);
    await page.getByRole('button', { name: /Zurück/ }).click();
    expect(await status.innerText()).toMatch(/^Schritt 1 von \d+/);
    await page.keyboard.press('End');
    await page.getByRole('heading', { name: 'Abrechnung von Spiel 1' }).waitFor();
    // At the end every card has been played: the hands are empty.
    expect(
      await page
        .getByRole('list', { name: /^Karten von / })
        .getByRole('img')
        .count(),
    ).toBe(0);
    await page.keyboard.press('Home');
    expect(
      await page
        .getByRole('list', { name: /^Karten von / })
        .getByRole('img')
        .count(),
    ).toBe(32);
    await expectAccessible(page);
    await screenshots(page, 'replay');

    // One catalogue, two languages: switching to English renames the screen and every card at once.
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { name: `Replay of deal 1 at table ${tableId}` }).waitFor();
    expect(
      await page
        .getByRole('list', { name: /'s hand$/ })
        .getByRole('img', { name: / of (clubs|spades|hearts|diamonds)$/ })
        .count(),
    ).toBe(32);
    expect(await page.evaluate('document.documentElement.lang')).toBe('en');
  });
});
