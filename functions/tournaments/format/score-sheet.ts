import { stringify } from 'csv-stringify/sync';
import { html, raw } from 'hono/html';
import { money, tournament as T } from '../../../engine/index.js';
import { type Lang, type Messages, messages } from './messages.js';
import { CSV, cell } from './standings.js';

/**
 * A table's score sheet ("Spielliste"): one row per deal with the game, who played it, the result, the doublings
 * (each knock, Kontra and Re shown, so a doubled ±2 is never mistaken for a ±2 game) and every seat's points on the
 * tournament's scheme, then the totals. Laufende appear only where the tariff pays them. A live table's sheet is the
 * same page with the deals not yet entered as blank rows to fill in by hand (the blank Spielliste before the round).
 * Players of the same name are told apart by their start number. As JSON, CSV and a printable HTML page (one A4
 * page per table), in German or English.
 */

export interface SheetRow {
  readonly deal: number;
  readonly dealer: string;
  readonly game: string;
  readonly declarers: string;
  readonly won: boolean | null;
  readonly extras: string;
  /** Doublings and knocks as printed: `1 knock ×2 · Kontra ×2 = ×4`; empty when none. */
  readonly doubling: string;
  readonly points: readonly string[];
  /** The deal was corrected after the fact. */
  readonly corrected: boolean;
}

export interface ScoreSheet {
  readonly tournament: string;
  readonly round: number;
  readonly table: number;
  readonly tableId: string;
  readonly live: boolean;
  readonly scheme: string;
  readonly seats: readonly string[];
  readonly rows: readonly SheetRow[];
  /** Deal numbers still to be played or entered: blank rows on the printed sheet. */
  readonly blank: readonly number[];
  readonly totals: readonly string[] | null;
  readonly zeroSum: boolean | null;
  /** Deals the table did not play (finished early): they score nothing. */
  readonly unplayed: number;
  /** Seat takeovers and corrections, one line each. */
  readonly notes: readonly string[];
  readonly lang: Lang;
}

/** Labels of players: the name, with the start number (registration order) where two players share a name. */
export function playerLabels(state: T.TournamentState, m: Messages = messages('en')): Map<string, string> {
  const count = new Map<string, number>();
  for (const p of state.players) count.set(p.name.toLowerCase(), (count.get(p.name.toLowerCase()) ?? 0) + 1);
  return new Map(
    state.players.map((p, i) => [
      p.playerId,
      (count.get(p.name.toLowerCase()) ?? 0) > 1
        ? `${p.name} (${m === messages('de') ? 'Nr.' : 'No.'} ${i + 1})`
        : p.name,
    ]),
  );
}

export function seatLabels(state: T.TournamentState, drawn: T.DrawnTable, m: Messages): string[] {
  const names = playerLabels(state, m);
  return drawn.seats.map((s, i) =>
    s.kind === 'filler' ? `${m.bot} ${i + 1}` : `${names.get(s.playerId) ?? s.playerId}${s.bot ? ` (${m.bot})` : ''}`,
  );
}

function doublingText(d: T.DealRecord, knockMode: 'double' | 'add-point', m: Messages): string {
  const details = (d.result.details ?? {}) as { knocks?: unknown; kontra?: unknown; re?: unknown };
  const knocks = typeof details.knocks === 'number' ? details.knocks : 0;
  const parts: string[] = [];
  let factor = 1;
  if (knocks > 0) {
    const word = knocks === 1 ? m.knock : m.knocks;
    if (knockMode === 'double') {
      factor *= 2 ** knocks;
      parts.push(`${knocks} ${word} ×${2 ** knocks}`);
    } else parts.push(`${knocks} ${word} +${knocks}`);
  }
  if (details.kontra === true) {
    factor *= 2;
    parts.push(`${m.kontra} ×2`);
  }
  if (details.re === true) {
    factor *= 2;
    parts.push(`${m.re} ×2`);
  }
  if (parts.length === 0) return '';
  return factor > 1 && parts.length > 1 ? `${parts.join(' · ')} = ×${factor}` : parts.join(' · ');
}

/** The sheet of table `table` in round `round`, or undefined when there is no such table. */
export function scoreSheet(
  state: T.TournamentState,
  round: number,
  table: number,
  lang: Lang = 'en',
): ScoreSheet | undefined {
  const r = state.rounds[round - 1];
  const drawn = r?.tables[table - 1];
  if (r === undefined || drawn === undefined) return undefined;
  const m = messages(lang);
  const seats = seatLabels(state, drawn, m);
  const live = r.live.includes(table);
  const finished = r.finished[table - 1] ?? null;
  // A live table's sheet shows what was entered so far until it is handed in.
  const deals = finished ?? (live ? T.enteredDeals(r, table) : []);
  const rules = T.sheetRules(state.config, drawn.seats.length);
  const scores = T.tableScores(state.config, drawn, deals);
  const corrected = new Set(r.corrections.filter((c) => c.table === table).map((c) => c.deal));
  const rows = deals.map((d, i): SheetRow => {
    const c = d.result.contract;
    return {
      deal: d.deal,
      dealer: seats[d.dealer] ?? String(d.dealer),
      game: c === null ? m.thrownIn : [c.game, c.suit, c.tout === true ? 'tout' : ''].filter(Boolean).join(' '),
      declarers: d.result.declarers.map((s) => seats[s] ?? String(s)).join(' + '),
      won: c === null ? null : d.result.won,
      extras: [
        d.result.schneider ? m.schneider : '',
        d.result.schwarz ? m.schwarz : '',
        // Laufende the tariff does not pay are not listed (they change nothing).
        rules.paysLaufende && d.result.laufende > 0 ? `${d.result.laufende} ${m.laufende}` : '',
      ]
        .filter(Boolean)
        .join(', '),
      doubling: doublingText(d, rules.knockMode, m),
      points: (scores[i]?.points ?? []).map(money.format),
      corrected: corrected.has(d.deal),
    };
  });
  const entered = r.totals[table - 1] ?? null;
  const totals =
    entered !== null ? entered.map(money.parse) : finished === null ? null : T.tablePoints(state.config, drawn, deals);
  const unplayed = r.unplayed[table - 1] ?? 0;
  const blank =
    finished !== null || entered !== null
      ? []
      : Array.from({ length: drawn.deals - deals.length }, (_, i) => deals.length + i + 1);
  const notes = [
    ...r.takeovers
      .filter((t) => t.table === table)
      .map((t) => {
        const who = t.player === null ? m.bot : (playerLabels(state, m).get(t.player) ?? t.player);
        return `${seats[t.seat] ?? t.seat} → ${who} (${m.substitute}, ${m.from} ${t.fromDeal})`;
      }),
    ...r.corrections
      .filter((c) => c.table === table)
      .map((c) => `${c.deal === null ? m.total : `${m.deal} ${c.deal}`} ${m.correction}: ${c.reason}`),
    ...(unplayed > 0 ? [`${unplayed} × ${m.deal}: ${m.unplayed}`] : []),
  ];
  return {
    tournament: state.config.name,
    round,
    table,
    // A live table has no online table to name.
    tableId: live ? '' : (r.tableIds[table - 1] ?? ''),
    live,
    scheme: state.config.scoring.scheme,
    seats,
    rows,
    blank,
    totals: totals === null ? null : totals.map(money.format),
    zeroSum: totals === null || !T.isZeroSumScheme(state.config) ? null : money.isZero(money.sum(totals)),
    unplayed,
    notes,
    lang,
  };
}

export function scoreSheetCsv(sheet: ScoreSheet): string {
  const header = ['deal', 'dealer', 'game', 'declarers', 'won', 'extras', 'doubling', ...sheet.seats.map(cell)];
  const rows = sheet.rows.map((r) => [
    r.deal,
    cell(r.dealer),
    r.game,
    cell(r.declarers),
    r.won === null ? '' : r.won ? 'yes' : 'no',
    r.extras,
    r.doubling,
    ...r.points,
  ]);
  const total = sheet.totals === null ? [] : [['total', '', '', '', '', '', '', ...sheet.totals]];
  return stringify([header, ...rows, ...total], CSV);
}

/** A printable page (A4, one table per page); every value is escaped by hono's `html` template. */
export async function scoreSheetHtml(sheet: ScoreSheet): Promise<string> {
  const m = messages(sheet.lang);
  const page = html`<!doctype html>
    <html lang="${sheet.lang}">
      <head>
        <meta charset="utf-8" />
        <title>${sheet.tournament} · ${m.round} ${sheet.round} · ${m.table} ${sheet.table}</title>
        <style>
          ${raw(STYLE)}
        </style>
      </head>
      <body>
        ${raw(await sheetSection(sheet))}
      </body>
    </html>`;
  return String(await page);
}

/** The sheet as one page-sized section (also used for a whole round's sheets in one document). */
export async function sheetSection(sheet: ScoreSheet): Promise<string> {
  const m = messages(sheet.lang);
  // Long sheets (a table one larger plays more deals) print denser, so every table still fits one A4 page.
  const dense = sheet.rows.length + sheet.blank.length > 24;
  const section = html`<section class="sheet${dense ? ' dense' : ''}">
    <h1>${m.scoreSheet} · ${sheet.tournament}</h1>
    <p>
      ${m.round} ${sheet.round} · ${m.table} ${sheet.table} · ${sheet.live ? m.live : m.online} · ${m.scoring}:
      ${sheet.scheme}${sheet.tableId === '' ? '' : html` · <code>${sheet.tableId}</code>`}
    </p>
    <table>
      <thead>
        <tr>
          <th>${m.deal}</th>
          <th>${m.dealer}</th>
          <th>${m.game}</th>
          <th>${m.declarers}</th>
          <th>${m.won}</th>
          <th>${m.extras}</th>
          <th>${m.doubling}</th>
          ${sheet.seats.map((s) => html`<th>${s}</th>`)}
        </tr>
      </thead>
      <tbody>
        ${sheet.rows.map(
          (r) =>
            html`<tr>
              <td>${r.deal}${r.corrected ? ' *' : ''}</td>
              <td>${r.dealer}</td>
              <td>${r.game}</td>
              <td>${r.declarers}</td>
              <td>${r.won === null ? '' : r.won ? m.yes : m.no}</td>
              <td>${r.extras}</td>
              <td>${r.doubling}</td>
              ${r.points.map((p) => html`<td class="n">${p}</td>`)}
            </tr>`,
        )}
        ${sheet.blank.map(
          (d) =>
            html`<tr class="blank">
              <td>${d}</td>
              <td>${sheet.seats[(d - 1) % sheet.seats.length] ?? ''}</td>
              <td></td>
              <td></td>
              <td></td>
              <td></td>
              <td></td>
              ${sheet.seats.map(() => html`<td class="n"></td>`)}
            </tr>`,
        )}
      </tbody>
      <tfoot>
        <tr>
          <th colspan="7">
            ${m.total}${sheet.zeroSum === null ? '' : sheet.zeroSum ? ` (${m.sumsToZero})` : ` (${m.notZero})`}
          </th>
          ${
            sheet.totals === null
              ? sheet.seats.map(() => html`<th class="n"></th>`)
              : sheet.totals.map((t) => html`<th class="n">${t}</th>`)
          }
        </tr>
      </tfoot>
    </table>
    ${
      sheet.notes.length > 0
        ? html`<ul class="notes">
            ${sheet.notes.map((n) => html`<li>${n}</li>`)}
          </ul>`
        : ''
    }
    <p class="sign">${m.signatures}: ${sheet.seats.map((s) => html`<span>${s}: ________________</span>`)}</p>
  </section>`;
  return String(await section);
}

export const STYLE = `
  @page { size: A4 landscape; margin: 10mm; }
  body { font-family: system-ui, sans-serif; font-size: 9.5pt; margin: 0; }
  h1 { font-size: 14pt; margin: 0 0 2mm; }
  p { margin: 1mm 0; }
  section { page-break-after: always; break-after: page; }
  table { border-collapse: collapse; width: 100%; }
  th, td { border: 1px solid #444; padding: 1px 5px; height: 4.6mm; }
  td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; min-width: 16mm; }
  tbody tr:nth-child(4n) td { border-bottom: 2px solid #000; }
  .dense { font-size: 8pt; }
  .dense th, .dense td { height: 3.4mm; padding: 0 4px; }
  .notes { margin: 1mm 0; padding-left: 5mm; }
  .sign span { display: inline-block; margin: 6mm 18px 0 0; }
`;
