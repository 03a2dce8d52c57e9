import { html, raw } from 'hono/html';
import { tournament as T } from '../../../engine/index.js';
import { type Lang, euros, messages } from './messages.js';
import { STYLE, playerLabels, scoreSheet, seatLabels, sheetSection } from './score-sheet.js';

/**
 * Printable pages of an evening: the seating plan of a round (every table and who sits where), the table cards
 * (one A4 page per table: who deals first, the seats in order, online or cards at the table), all score sheets of a
 * round in one document, and the list with the prize list. German or English (./messages.ts); every value escaped
 * by hono's `html` template.
 */

/** A round's tables: the started round's, or the draw published for it before its start. */
function roundTables(
  state: T.TournamentState,
  round: number,
): { tables: readonly T.DrawnTable[]; live: readonly number[] } | undefined {
  const r = state.rounds[round - 1];
  if (r !== undefined) return { tables: r.tables, live: r.live };
  if (state.draw?.round === round) return state.draw;
  return undefined;
}

function page(title: string, lang: Lang, body: string): Promise<string> {
  return Promise.resolve(
    html`<!doctype html>
      <html lang="${lang}">
        <head>
          <meta charset="utf-8" />
          <title>${title}</title>
          <style>
            ${raw(STYLE)}
            ${raw(PRINT_STYLE)}
          </style>
        </head>
        <body>
          ${raw(body)}
        </body>
      </html>`,
  ).then(String);
}

export async function seatingPlanHtml(
  state: T.TournamentState,
  round: number,
  lang: Lang,
): Promise<string | undefined> {
  const at = roundTables(state, round);
  if (at === undefined) return undefined;
  const m = messages(lang);
  const body = html`<section class="plan">
    <h1>${m.seatingPlan} · ${state.config.name} · ${m.round} ${round}</h1>
    <div class="grid">
      ${at.tables.map((t) => {
        const seats = seatLabels(state, t, m);
        return html`<div class="cell">
          <h2>${m.table} ${t.table} <small>${at.live.includes(t.table) ? m.live : m.online}</small></h2>
          <ol start="0">
            ${seats.map((s, i) => html`<li>${s}${i === 0 ? ` (${m.firstDealer})` : ''}</li>`)}
          </ol>
        </div>`;
      })}
    </div>
  </section>`;
  return page(`${m.seatingPlan} ${round}`, lang, String(await body));
}

export async function tableCardsHtml(state: T.TournamentState, round: number, lang: Lang): Promise<string | undefined> {
  const at = roundTables(state, round);
  if (at === undefined) return undefined;
  const m = messages(lang);
  const cards = await Promise.all(
    at.tables.map(async (t) => {
      const seats = seatLabels(state, t, m);
      return String(
        await html`<section class="card">
          <p>${state.config.name} · ${m.round} ${round}</p>
          <h1 class="big">${m.table} ${t.table}</h1>
          <p>${at.live.includes(t.table) ? m.live : m.online} · ${t.deals} ${m.deals}</p>
          <table>
            <thead>
              <tr>
                <th>${m.seat}</th>
                <th>${m.player}</th>
              </tr>
            </thead>
            <tbody>
              ${seats.map(
                (s, i) =>
                  html`<tr>
                    <td>${i + 1}</td>
                    <td>${s}${i === 0 ? ` (${m.firstDealer})` : ''}</td>
                  </tr>`,
              )}
            </tbody>
          </table>
          ${t.seats.length > state.config.tableSize ? html`<p>${m.sitsOut} ${t.seats.length}.</p>` : ''}
        </section>`,
      );
    }),
  );
  return page(`${m.tableCard} ${round}`, lang, cards.join(''));
}

/** Every score sheet of a round, one page each (blank rows for what is still to be played). */
export async function roundSheetsHtml(
  state: T.TournamentState,
  round: number,
  lang: Lang,
): Promise<string | undefined> {
  const r = state.rounds[round - 1];
  if (r === undefined) return undefined;
  const sections = await Promise.all(
    r.tables.map((t) => {
      const sheet = scoreSheet(state, round, t.table, lang);
      return sheet === undefined ? '' : sheetSection(sheet);
    }),
  );
  return page(`${messages(lang).scoreSheet} ${round}`, lang, sections.join(''));
}

export async function standingsHtml(state: T.TournamentState, lang: Lang): Promise<string> {
  const m = messages(lang);
  const rows = T.standings(state);
  const prizes = T.prizeList(state, rows);
  const names = playerLabels(state, m);
  const prizeOf = (a: T.Award): string =>
    [a.cents !== undefined ? euros(a.cents, lang) : '', ...(a.goods ?? [])].filter(Boolean).join(' + ');
  const body = html`<section class="list">
    <h1>${m.standings} · ${state.config.name}</h1>
    <table>
      <thead>
        <tr>
          <th>${m.rank}</th>
          <th>${m.player}</th>
          ${Array.from({ length: state.config.rounds }, (_, i) => html`<th class="n">${m.round} ${i + 1}</th>`)}
          <th class="n">${m.points}</th>
          <th class="n">${m.deals}</th>
          <th class="n">${m.soli}</th>
          <th class="n">${state.config.botCredit ? m.botDealsCredited : m.botDeals}</th>
        </tr>
      </thead>
      <tbody>
        ${rows.map(
          (r) =>
            html`<tr>
              <td>${r.rank === null ? '–' : `${r.rank}.`}</td>
              <td>
                ${names.get(r.playerId) ?? r.name}${r.withdrawn ? ` (${m.withdrawn})` : ''}${
                  r.rank === null ? ` — ${m.unranked}` : ''
                }
              </td>
              ${r.rounds.map((p) => html`<td class="n">${p}</td>`)}
              <td class="n"><b>${r.total}</b></td>
              <td class="n">${r.deals}</td>
              <td class="n">${r.soliWon}</td>
              <td class="n">${r.botDeals > 0 ? `${r.botDeals} ⚙` : ''}</td>
            </tr>`,
        )}
      </tbody>
    </table>
    ${
      prizes === undefined
        ? ''
        : html`<h2>${m.prizes}</h2>
            <p>
              ${m.pool}: ${euros(prizes.collectedCents, lang)} · ${m.retained}: ${euros(prizes.retainedCents, lang)} ·
              ${m.paidOut}: ${euros(prizes.poolCents, lang)}
            </p>
            <table>
              <thead>
                <tr>
                  <th>${m.place}</th>
                  <th>${m.player}</th>
                  <th>${m.prize}</th>
                </tr>
              </thead>
              <tbody>
                ${prizes.awards.map(
                  (a) =>
                    html`<tr>
                      <td>
                        ${
                          a.kind === 'place'
                            ? `${a.place}.`
                            : a.kind === 'round'
                              ? `${m.roundPrize} ${a.round} (${a.place}.)`
                              : `${m.tablePrize} ${a.round}/${a.table} (${a.place}.)`
                        }
                      </td>
                      <td>${names.get(a.playerId) ?? a.name}</td>
                      <td>${prizeOf(a)}</td>
                    </tr>`,
                )}
              </tbody>
            </table>`
    }
  </section>`;
  return page(`${m.standings} · ${state.config.name}`, lang, String(await body));
}

const PRINT_STYLE = `
  .grid { display: grid; grid-template-columns: repeat(4, 1fr); gap: 3mm; }
  .cell { border: 1px solid #444; padding: 1mm 3mm; break-inside: avoid; }
  .cell h2 { font-size: 11pt; margin: 1mm 0; }
  .cell ol { margin: 0; padding-left: 5mm; }
  .card { text-align: center; }
  .card table { width: 60%; margin: 6mm auto; font-size: 16pt; }
  .big { font-size: 60pt; margin: 10mm 0; }
  .list h2 { font-size: 12pt; margin: 4mm 0 1mm; }
`;
