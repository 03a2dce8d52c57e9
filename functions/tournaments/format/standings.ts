import { stringify } from 'csv-stringify/sync';
import { tournament as T } from '../../../engine/index.js';

/**
 * The list as CSV (RFC 4180, header row): rank, player, points per round and in total, deals, games won, Soli won
 * and the lot. Points are exact (`"5/2"` when a money list has fractions). Text a player typed is defused against
 * spreadsheet formulas.
 */
export function standingsCsv(state: T.TournamentState): string {
  const rows = T.standings(state);
  const rounds = Array.from({ length: state.config.rounds }, (_, i) => `round${i + 1}`);
  const header = ['rank', 'player', 'playerId', ...rounds, 'total', 'deals', 'gamesWon', 'soliWon', 'lot', 'withdrawn'];
  const body = rows.map((r) => [
    r.rank,
    cell(r.name),
    r.playerId,
    ...r.rounds,
    r.total,
    r.deals,
    r.gamesWon,
    r.soliWon,
    r.lot,
    r.withdrawn ? 'yes' : 'no',
  ]);
  return stringify([header, ...body], CSV);
}

/**
 * RFC 4180 with CRLF rows, and every field holding a line break quoted — a bare LF or CR too: spreadsheets read either
 * as the end of a row, so unquoted it would start a row of its own (e.g. one beginning with `=cmd|…`).
 */
export const CSV = { record_delimiter: 'windows', quoted_match: /[\r\n]/ } as const;

/** A text cell that starts like a formula (`=`, `+`, `-`, `@`, tab, CR, LF) gets a leading apostrophe. */
export function cell(text: string): string {
  return /^[=+\-@\t\r\n]/.test(text) ? `'${text}` : text;
}
