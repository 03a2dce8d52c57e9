import { stringify } from 'csv-stringify/sync';
import { html, raw } from 'hono/html';
import { money, tournament as T } from '../../../engine/index.js';
import { CSV, cell } from './standings.js';

/**
 * A table's score sheet ("Spielliste"): one row per deal with the game, who played it, the result and every seat's
 * points on the tournament's scheme, then the totals. As CSV and as a printable HTML page.
 */

export interface SheetRow {
  readonly deal: number;
  readonly dealer: string;
  readonly game: string;
  readonly declarers: string;
  readonly won: boolean | null;
  readonly extras: string;
  readonly points: readonly string[];
}

export interface ScoreSheet {
  readonly tournament: string;
  readonly round: number;
  readonly table: number;
  readonly tableId: string;
  readonly scheme: string;
  readonly seats: readonly string[];
  readonly rows: readonly SheetRow[];
  readonly totals: readonly string[] | null;
  readonly zeroSum: boolean | null;
}

/** The sheet of table `table` in round `round`, or undefined when there is no such table. */
export function scoreSheet(state: T.TournamentState, round: number, table: number): ScoreSheet | undefined {
  const r = state.rounds[round - 1];
  const drawn = r?.tables[table - 1];
  if (r === undefined || drawn === undefined) return undefined;
  const names = new Map(state.players.map((p) => [p.playerId, p.name]));
  const seats = drawn.seats.map((s, i) =>
    s.kind === 'filler' ? `Bot ${i + 1}` : `${names.get(s.playerId) ?? s.playerId}${s.bot ? ' (bot)' : ''}`,
  );
  const deals = r.finished[table - 1] ?? null;
  const scores = deals === null ? [] : T.tableScores(state.config, drawn, deals);
  const rows = (deals ?? []).map((d, i): SheetRow => {
    const c = d.result.contract;
    return {
      deal: d.deal,
      dealer: seats[d.dealer] ?? String(d.dealer),
      game: c === null ? 'thrown in' : [c.game, c.suit, c.tout === true ? 'tout' : ''].filter(Boolean).join(' '),
      declarers: d.result.declarers.map((s) => seats[s] ?? String(s)).join(' + '),
      won: c === null ? null : d.result.won,
      extras: [
        d.result.schneider ? 'schneider' : '',
        d.result.schwarz ? 'schwarz' : '',
        d.result.laufende > 0 ? `${d.result.laufende} laufende` : '',
      ]
        .filter(Boolean)
        .join(', '),
      points: (scores[i]?.points ?? []).map(money.format),
    };
  });
  const totals = deals === null ? null : T.tablePoints(state.config, drawn, deals);
  return {
    tournament: state.config.name,
    round,
    table,
    tableId: r.tableIds[table - 1] ?? '',
    scheme: state.config.scoring.scheme,
    seats,
    rows,
    totals: totals === null ? null : totals.map(money.format),
    zeroSum: totals === null || !T.isZeroSumScheme(state.config) ? null : money.isZero(money.sum(totals)),
  };
}

export function scoreSheetCsv(sheet: ScoreSheet): string {
  const header = ['deal', 'dealer', 'game', 'declarers', 'won', 'extras', ...sheet.seats.map(cell)];
  const rows = sheet.rows.map((r) => [
    r.deal,
    cell(r.dealer),
    r.game,
    cell(r.declarers),
    r.won === null ? '' : r.won ? 'yes' : 'no',
    r.extras,
    ...r.points,
  ]);
  const total = sheet.totals === null ? [] : [['total', '', '', '', '', '', ...sheet.totals]];
  return stringify([header, ...rows, ...total], CSV);
}

/** A printable page (A4, one table per page); every value is escaped by hono's `html` template. */
export async function scoreSheetHtml(sheet: ScoreSheet): Promise<string> {
  const page = html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <title>${sheet.tournament} · round ${sheet.round} · table ${sheet.table}</title>
        <style>
          ${raw(STYLE)}
        </style>
      </head>
      <body>
        <h1>${sheet.tournament}</h1>
        <p>
          Round ${sheet.round} · Table ${sheet.table} · scoring: ${sheet.scheme} · table id
          <code>${sheet.tableId}</code>
        </p>
        <table>
          <thead>
            <tr>
              <th>Deal</th>
              <th>Dealer</th>
              <th>Game</th>
              <th>Declarers</th>
              <th>Won</th>
              <th>Extras</th>
              ${sheet.seats.map((s) => html`<th>${s}</th>`)}
            </tr>
          </thead>
          <tbody>
            ${sheet.rows.map(
              (r) =>
                html`<tr>
                  <td>${r.deal}</td>
                  <td>${r.dealer}</td>
                  <td>${r.game}</td>
                  <td>${r.declarers}</td>
                  <td>${r.won === null ? '' : r.won ? 'yes' : 'no'}</td>
                  <td>${r.extras}</td>
                  ${r.points.map((p) => html`<td class="n">${p}</td>`)}
                </tr>`,
            )}
          </tbody>
          ${
            sheet.totals === null
              ? ''
              : html`<tfoot>
                  <tr>
                    <th colspan="6">
                      Total${sheet.zeroSum === null ? '' : sheet.zeroSum ? ' (sums to zero)' : ' (DOES NOT SUM TO ZERO)'}
                    </th>
                    ${sheet.totals.map((t) => html`<th class="n">${t}</th>`)}
                  </tr>
                </tfoot>`
          }
        </table>
        <p class="sign">${sheet.seats.map((s) => html`<span>${s}: ________________</span>`)}</p>
      </body>
    </html>`;
  return String(await page);
}

const STYLE = `
  @page { size: A4 landscape; margin: 12mm; }
  body { font-family: system-ui, sans-serif; font-size: 11pt; }
  table { border-collapse: collapse; width: 100%; }
  th, td { border: 1px solid #444; padding: 2px 6px; }
  td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; }
  tbody tr:nth-child(4n) td { border-bottom: 2px solid #000; }
  .sign span { display: inline-block; margin: 18px 24px 0 0; }
`;
