import { describe, expect, it } from 'vitest';
import { expectAccessible, screenshots, useBrowser } from './web-browser.js';

const { context } = useBrowser();

describe('web app: an organiser runs a tournament; the projector follows it live', () => {
  it('create, register and check in two players; the projector shows the round and the final list without a reload', async () => {
    const desk = await context('de');
    await desk.goto('/organiser');
    await desk.getByRole('textbox', { name: 'Name' }).fill('Kirchweih');
    await desk.getByRole('spinbutton', { name: 'Runden' }).fill('1');
    await desk.getByRole('spinbutton', { name: 'Spiele pro Runde' }).fill('4');
    // Round 1 is drawn 12 s after creation: time to register and check in at the desk.
    await desk.getByRole('spinbutton', { name: 'Beginn in Minuten' }).fill('0.2');
    // Nobody plays at the tables: after a second the server plays for them (turn clock), so the round ends quickly.
    await desk.getByRole('spinbutton', { name: /^Bedenkzeit/ }).fill('1');
    await desk.getByRole('button', { name: 'Turnier anlegen' }).click();
    await desk.getByRole('heading', { name: 'Turnier Kirchweih' }).waitFor();

    // The projector opens before anybody registered; it is never reloaded.
    const projector = await context('en');
    await projector.goto(desk.url().replace(/\/organiser\/(\w+)$/, '/tournament/$1/projector'));
    await projector.getByRole('heading', { name: 'Kirchweih' }).waitFor();
    await projector.getByRole('status').filter({ hasText: 'registration' }).waitFor();

    for (const name of ['Anni', 'Beppi']) {
      await desk.getByRole('textbox', { name: 'Name des Spielers' }).fill(name);
      await desk.getByRole('button', { name: 'Anmelden' }).click();
      await desk.getByRole('button', { name: `${name} einchecken` }).click();
      await desk.getByRole('row', { name: new RegExp(`^${name} eingecheckt`) }).waitFor();
    }
    await expectAccessible(desk);
    await screenshots(desk, 'organiser');

    // The draw arrives over the tournament WebSocket: round 1 and its table with both players.
    await projector
      .getByRole('status')
      .filter({ hasText: /^Round 1/ })
      .waitFor({ timeout: 40_000 });
    await projector.getByText(/Table 1: .*(Anni|Beppi)/).waitFor();
    await expectAccessible(projector);
    await screenshots(projector, 'projector');
    // … and the final list when the round's deals are played.
    const final = projector.getByRole('table', { name: 'Final standings' });
    await final.waitFor({ timeout: 90_000 });
    const names = await final.getByRole('rowheader').allInnerTexts();
    expect(names.sort()).toEqual(['Anni', 'Beppi']);
    await screenshots(projector, 'projector-final');

    // The desk shows the draw with the score sheet of table 1.
    await desk.getByRole('link', { name: 'Spielzettel Runde 1 Tisch 1' }).waitFor();

    // Anni's own page (the link the desk handed out): her table of round 1, the schedule, the list.
    const anni = await context('de');
    await anni.goto((await desk.getByRole('link', { name: 'Link für Anni' }).getAttribute('href')) ?? '');
    await anni.getByRole('region', { name: 'Meine Tische' }).getByRole('link', { name: 'Runde 1 · Tisch 1' }).waitFor();
    await anni.getByRole('table', { name: 'Endstand' }).waitFor();
    await expectAccessible(anni);
    await screenshots(anni, 'tournament-player');
  });
});
