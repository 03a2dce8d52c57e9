import { parse } from 'csv-parse/sync';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { money, tournament as T } from '../../../engine/index.js';
import { calendarIcs } from '../../../functions/tournaments/format/calendar.js';
import { scoreSheet, scoreSheetCsv, scoreSheetHtml } from '../../../functions/tournaments/format/score-sheet.js';
import { standingsCsv } from '../../../functions/tournaments/format/standings.js';
import { playAll, registered, run, step } from '../../support/tournament.js';

const START = Date.UTC(2026, 10, 28, 18, 0);
const cfg = T.resolveConfig({
  name: 'Kirchweih-Schafkopf',
  variant: 'schafkopf',
  startsAt: START,
  rounds: 2,
  dealsPerRound: 8,
  pauseMinutes: 20,
  noShows: 'drop',
});

describe('standings CSV', () => {
  it('has a row per player whose numbers are the list, ranked, and defuses formula-like names', () => {
    const { state } = playAll(cfg, 8, 0, 'csv');
    const hostile = step(run(registered(cfg, 4, 0)).state, {
      type: 'RegisterPlayer',
      playerId: 'x',
      name: '=HYPERLINK("http://x")',
      via: 'invite',
    });
    const rows = parse(standingsCsv(state), { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(8);
    const list = T.standings(state);
    rows.forEach((r, i) => {
      expect(r['playerId']).toBe(list[i]!.playerId);
      expect(Number(r['rank'])).toBe(i + 1);
      expect(money.format(money.add(money.parse(r['round1']!), money.parse(r['round2']!)))).toBe(r['total']);
    });
    expect(money.isZero(money.sum(rows.map((r) => money.parse(r['total']!))))).toBe(true);
    const h = parse(standingsCsv(hostile), { columns: true }) as Record<string, string>[];
    expect(h.find((r) => r['playerId'] === 'x')?.['player']).toBe(`'=HYPERLINK("http://x")`);
  });
});

describe('score sheets', () => {
  const { state } = playAll(cfg, 8, 0, 'sheet');

  it('CSV: one row per deal, the seats as columns, a total row that sums to zero', () => {
    const sheet = scoreSheet(state, 1, 2)!;
    const rows = parse(scoreSheetCsv(sheet)) as string[][];
    expect(rows[0]!.slice(7)).toEqual(sheet.seats);
    expect(rows.slice(1, -1)).toHaveLength(8);
    const total = rows[rows.length - 1]!;
    expect(total[0]).toBe('total');
    // Each seat's column sums to its total; the totals sum to zero.
    for (let seat = 0; seat < 4; seat++) {
      const column = rows.slice(1, -1).map((r) => money.parse(r[7 + seat]!));
      expect(money.format(money.sum(column))).toBe(total[7 + seat]);
    }
    expect(money.isZero(money.sum(total.slice(7).map(money.parse)))).toBe(true);
    expect(sheet.zeroSum).toBe(true);
  });

  it('HTML: a page with the table and escaped names', async () => {
    const hostile = {
      ...state,
      players: state.players.map((p, i) => (i === 0 ? { ...p, name: '<script>alert(1)</script>' } : p)),
    };
    const seatOfFirst = hostile.rounds[0]!.tables.findIndex((t) => T.seatOf(t, 'p00') >= 0) + 1;
    const page = await scoreSheetHtml(scoreSheet(hostile, 1, seatOfFirst)!);
    expect(page).toMatch(/^<!doctype html>/);
    expect(page).not.toContain('<script>');
    expect(page).toContain('&lt;script&gt;');
    expect(page.match(/<tr>/g)?.length).toBe(1 + 8 + 1);
  });

  it('is undefined for a table that does not exist', () => {
    expect(scoreSheet(state, 1, 9)).toBeUndefined();
    expect(scoreSheet(state, 3, 1)).toBeUndefined();
  });
});

describe('calendar.ics', () => {
  it('parses with a real iCalendar parser: one event per round, planned times from the config', () => {
    const { state } = run(registered(cfg, 8, 0));
    const text = calendarIcs(state, { now: START - 86_400_000, url: 'https://example.test/t/1' });
    const cal = new ICAL.Component(ICAL.parse(text));
    const events = cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events).toHaveLength(2);
    expect(events[0]!.startDate.toJSDate().getTime()).toBe(START);
    // A round: 10 deals at a table of five × 3 minutes; then a 20-minute pause.
    expect(events[0]!.endDate.toJSDate().getTime()).toBe(START + 30 * 60_000);
    expect(events[1]!.startDate.toJSDate().getTime()).toBe(START + 50 * 60_000);
    expect(events[1]!.summary).toBe('Kirchweih-Schafkopf: round 2 of 2');
    expect(new Set(events.map((e) => e.uid)).size).toBe(2);
    expect(cal.getFirstPropertyValue('prodid')).toContain('stammtisch');
  });

  it('rounds that were played show their real times', () => {
    const { state } = playAll(cfg, 8, 0, 'cal');
    const cal = new ICAL.Component(ICAL.parse(calendarIcs(state, { now: START })));
    const events = cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.map((e) => e.startDate.toJSDate().getTime())).toEqual(
      state.rounds.map((r) => Math.floor(r.startedAt! / 1000) * 1000),
    );
  });
});
