import { parse } from 'csv-parse/sync';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { tournament as T } from '../../../engine/index.js';
import { calendarIcs } from '../../../functions/tournaments/format/calendar.js';
import { scoreSheet, scoreSheetCsv } from '../../../functions/tournaments/format/score-sheet.js';
import { standingsCsv } from '../../../functions/tournaments/format/standings.js';
import { playAll } from '../../support/tournament.js';

/**
 * Hostile text in exports: player names (self-registered, so anyone's) in the standings and score-sheet CSV, and the
 * tournament name in calendar.ics. The CSV is read the way spreadsheets read it — any of CRLF, LF or CR ends a row
 * outside quotes (RFC 4180 fields with a line break must be quoted) — and must give exactly the intended cells; the
 * calendar is read with ical.js and must hold exactly the rounds' events.
 */

const START = Date.UTC(2026, 10, 28, 18, 0);
const cfg = T.resolveConfig({
  name: 'Kirchweih',
  variant: 'schafkopf',
  startsAt: START,
  rounds: 2,
  dealsPerRound: 4,
  pauseMinutes: 20,
  noShows: 'drop',
});

const HOSTILE = [
  "Eve\n=cmd|' /C calc'!A0",
  "\r=cmd|' /C calc'!A0",
  'Mallory\r\n@SUM(1+1)*cmd|x',
  '+1+cmd|x',
  '\n-2+3',
  'Trent\r"quoted", "more"',
];

/** The name as its cell must read: as given, with an apostrophe before a formula-like start. */
const intended = (name: string): string => (/^[=+\-@\t\r\n]/.test(name) ? `'${name}` : name);

/** Read CSV as a spreadsheet does: a row ends at CRLF, LF or CR outside quotes. */
const readCsv = (text: string): string[][] =>
  parse(text, { record_delimiter: ['\r\n', '\n', '\r'], relax_column_count: true }) as string[][];

const { state: played } = playAll(cfg, 8, 0, 'inject');
const hostile: T.TournamentState = {
  ...played,
  players: played.players.map((p, i) => ({ ...p, name: HOSTILE[i] ?? p.name })),
};

describe('bug: a line break in a player name started a new CSV row (=cmd|… in standings and score sheets)', () => {
  it('standings: one row per player, every name in its own cell as intended', () => {
    const rows = readCsv(standingsCsv(hostile));
    expect(rows).toHaveLength(1 + 8);
    const header = rows[0]!;
    expect(rows.every((r) => r.length === header.length)).toBe(true);
    const byId = new Map(rows.slice(1).map((r) => [r[header.indexOf('playerId')], r[header.indexOf('player')]]));
    for (const p of hostile.players) expect(byId.get(p.playerId)).toBe(intended(p.name));
  });

  it('score sheets: the header names the seats as intended, one row per deal and the total', () => {
    for (const [i, table] of hostile.rounds[0]!.tables.entries()) {
      const sheet = scoreSheet(hostile, 1, i + 1)!;
      const rows = readCsv(scoreSheetCsv(sheet));
      expect(rows).toHaveLength(1 + 4 + 1);
      expect(rows.every((r) => r.length === rows[0]!.length)).toBe(true);
      const names = table.seats.map((s) =>
        s.kind === 'player' ? hostile.players.find((p) => p.playerId === s.playerId)!.name : '',
      );
      expect(rows[0]!.slice(7)).toEqual(names.map(intended));
      // Every dealer cell is one of the seats' names as intended, never a fragment.
      for (const r of rows.slice(1, -1)) expect(names.map(intended)).toContain(r[1]);
    }
  });
});

describe('bug: CR/LF in a tournament name injected BEGIN:VEVENT into calendar.ics', () => {
  it('the calendar holds exactly one event per round, with the intended ids and the name on one line', () => {
    const name = 'Cup\r\nBEGIN:VEVENT\r\nUID:evil\r\nSUMMARY:free beer\r\nDTSTART:20261201T000000Z\r\nEND:VEVENT\rX\nY';
    const state: T.TournamentState = { ...played, config: { ...played.config, name } };
    const text = calendarIcs(state, { now: START, url: 'https://example.org/v1/tournaments/tt' });
    const cal = new ICAL.Component(ICAL.parse(text));
    expect(cal.name).toBe('vcalendar');
    const events = cal.getAllSubcomponents('vevent');
    expect(events.map((e) => e.getFirstPropertyValue('uid'))).toEqual([
      'tt-round-1@stammtisch',
      'tt-round-2@stammtisch',
    ]);
    const oneLine = 'Cup BEGIN:VEVENT UID:evil SUMMARY:free beer DTSTART:20261201T000000Z END:VEVENT X Y';
    expect(events.map((e) => e.getFirstPropertyValue('summary'))).toEqual([
      `${oneLine}: round 1 of 2`,
      `${oneLine}: round 2 of 2`,
    ]);
    expect(cal.getFirstPropertyValue('x-wr-calname')).toBe(oneLine);
    // Nothing but the calendar's own lines: every line is a property or a continuation of one.
    expect(text.split('\r\n').filter((l) => /^BEGIN:/.test(l))).toEqual([
      'BEGIN:VCALENDAR',
      'BEGIN:VEVENT',
      'BEGIN:VEVENT',
    ]);
  });
});
