import { describe, expect, it } from 'vitest';
import { PHONE, expectAccessible, screenshots, useBrowser } from './web-browser.js';

const { context, url } = useBrowser();

/** JSON over the real local server (the same one the app talks to). */
async function rest<T>(path: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(url() + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      accept: 'application/json',
      ...(token !== undefined ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

interface Row {
  name: string;
  total: string;
  rank: number | null;
}

describe('web app: the organiser console on a phone — interventions and live score entry', () => {
  it('finishes a stuck table and enters two live sheets: deal by deal, and as totals with the zero-sum check', async () => {
    // One online table (four humans who never act: it is stuck) and two live tables (cards at the table).
    const created = await rest<{ tournamentId: string; organiserKey: string }>('/v1/tournaments', undefined, {
      name: 'Kirta',
      variant: 'schafkopf',
      rounds: 1,
      dealsPerRound: 4,
      startsAt: new Date(Date.now() + 5_000).toISOString(),
      pauseMinutes: 0,
      noShows: 'drop',
    });
    const { tournamentId: U, organiserKey: ORG } = created;
    const names = ['Anni', 'Beppi', 'Centa', 'Done', 'Evi', 'Fanny', 'Gust', 'Hias', 'Irmi', 'Jackl', 'Kathl', 'Lenz'];
    for (const [i, name] of names.entries()) {
      const p = await rest<{ playerId: string }>(`/v1/tournaments/${U}/players`, ORG, { name, live: i >= 4 });
      await rest(`/v1/tournaments/${U}/players/${p.playerId}/check-in`, ORG, {});
    }

    // The organiser's phone: the key is the one this browser created the tournament with.
    const desk = await context('de', PHONE);
    await desk.goto('/');
    await desk.evaluate(([id, key]) => localStorage.setItem(`stammtisch:tournament:${id}`, key), [U, ORG] as const);
    await desk.goto(`/organiser/${U}`);
    const controls = desk.getByRole('region', { name: 'Eingreifen' });
    await controls.waitFor();

    // Round 1 starts by itself; the console offers to finish the online table (it is stuck: nobody acts).
    const finish = controls.getByRole('button', { name: 'Tisch 1 jetzt beenden' });
    await finish.waitFor({ timeout: 40_000 });
    const byDeal = desk.getByRole('region', { name: 'Runde 1 · Tisch 2 (Karten am Tisch)' });
    const byTotals = desk.getByRole('region', { name: 'Runde 1 · Tisch 3 (Karten am Tisch)' });
    await byDeal.waitFor();
    await expectAccessible(desk);
    await screenshots(desk, 'organiser-console');

    // Intervention: finish table 1 now, with a reason; it is an event naming the organiser and the reason.
    await controls.getByRole('textbox', { name: 'Grund' }).fill('Tisch hängt');
    await finish.click();
    await controls.getByRole('status').filter({ hasText: 'Erledigt.' }).waitFor();
    await finish.waitFor({ state: 'detached' });
    const events = await rest<{ events: { event: Record<string, unknown> }[] }>(
      `/v1/tournaments/${U}/events?limit=500`,
    );
    const finished = events.events.map((e) => e.event).find((e) => e['type'] === 'TableFinished' && e['table'] === 1);
    expect(finished?.['early']).toEqual({ by: { kind: 'organiser' }, reason: 'Tisch hängt' });

    // Table 2, deal by deal: three Sauspiele of seats 1 and 2, won; then a Wenz of seat 3, won (5 per opponent).
    for (let deal = 1; deal <= 4; deal++) {
      await byDeal
        .getByRole('status')
        .filter({ hasText: `${deal - 1} von 4 Spielen eingetragen` })
        .waitFor();
      const declarers = byDeal.getByRole('group', { name: 'Spieler (Spielerpartei)' }).getByRole('checkbox');
      if (deal === 4) {
        await byDeal.getByRole('combobox', { name: 'Spiel' }).selectOption('wenz');
        await declarers.nth(2).check();
      } else {
        await declarers.nth(0).check();
        await declarers.nth(1).check();
      }
      await byDeal.getByRole('button', { name: `Spiel ${deal} eintragen` }).click();
    }
    await byDeal.getByRole('status').filter({ hasText: '4 von 4 Spielen eingetragen' }).waitFor();
    await byDeal.getByRole('button', { name: /^Spielzettel abgeben/ }).click();
    await byDeal.waitFor({ state: 'detached' });

    // Table 3 hands in totals: the console refuses a sum that is not zero.
    const totals = byTotals.getByRole('group', { name: 'Summen eintragen' });
    const inputs = totals.getByRole('textbox');
    for (const [i, v] of ['12', '-4', '-5', '-2'].entries()) await inputs.nth(i).fill(v);
    const enter = totals.getByRole('button', { name: 'Summen eintragen' });
    await totals.getByText('Die Summen müssen zusammen 0 ergeben.').waitFor();
    expect(await enter.isDisabled()).toBe(true);
    await inputs.nth(3).fill('-3');
    await totals.getByText('Summe aller: 0').waitFor();
    await enter.click();
    await byTotals.getByRole('status').filter({ hasText: 'Summen eingetragen: 12 / -4 / -5 / -3' }).waitFor();

    // Hand the last sheet in: the only round ends, so does the tournament; the list has what was entered.
    await byTotals.getByRole('button', { name: /^Spielzettel abgeben/ }).click();
    const endstand = desk.getByRole('table', { name: 'Endstand' });
    await endstand.or(desk.getByRole('alert')).first().waitFor({ timeout: 20_000 });
    expect(await desk.getByRole('alert').allInnerTexts()).toEqual([]);
    const standings = await rest<{ standings: Row[] }>(`/v1/tournaments/${U}/standings`);
    const tournament = await rest<{ rounds: { tables: { seats: { name?: string }[] }[] }[] }>(`/v1/tournaments/${U}`);
    const byName = new Map(standings.standings.map((r) => [r.name, r.total]));
    const seatsOf = (t: number) => tournament.rounds[0]!.tables[t]!.seats.map((s) => byName.get(s.name ?? ''));
    // Sauspiel ±1 per player three times, then the Wenz +15 / −5 each (the tournament tariff).
    expect(seatsOf(1)).toEqual(['-2', '-2', '12', '-8']);
    expect(seatsOf(2)).toEqual(['12', '-4', '-5', '-3']);
    await expectAccessible(desk);
  });

  it('English: the console speaks English and a refused intervention shows the server’s problem', async () => {
    const created = await rest<{ tournamentId: string; organiserKey: string }>('/v1/tournaments', undefined, {
      name: 'Fest',
      variant: 'schafkopf',
      rounds: 1,
      dealsPerRound: 4,
      startsAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const desk = await context('en', PHONE);
    await desk.goto('/');
    await desk.evaluate(([id, key]) => localStorage.setItem(`stammtisch:tournament:${id}`, key), [
      created.tournamentId,
      created.organiserKey,
    ] as const);
    await desk.goto(`/organiser/${created.tournamentId}`);
    const controls = desk.getByRole('region', { name: 'Intervene' });
    // Cancelling needs a reason: the button waits for one.
    const cancel = controls.getByRole('button', { name: 'Cancel the tournament' });
    expect(await cancel.isDisabled()).toBe(true);
    // Publishing the draw with nobody registered is refused by the server, and the console says why.
    await controls.getByRole('button', { name: 'Publish the draw now' }).click();
    await controls.getByRole('alert').waitFor();
    expect(await controls.getByRole('alert').innerText()).toMatch(/^Error: .+/);
    // Cancel with a reason: the tournament ends.
    await controls.getByRole('textbox', { name: 'Reason' }).fill('storm warning');
    await cancel.click();
    await desk.getByRole('status').filter({ hasText: /ended/ }).waitFor();
    await expectAccessible(desk);
  });
});
