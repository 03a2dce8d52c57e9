import { type Rational, ZERO, add, format, parse } from '../money/rational.js';
import type { StandingRow } from './tournament.js';

/**
 * Series standings over several tournaments (a Jahreswertung, a cup): each player's best `best` results of the
 * tournaments they played count (best N of M), ranked by that sum, then by the number of tournaments played, then by
 * the best single result. A player is the same across tournaments by their external id (a club number) when the
 * tournaments gave one, else by their name (case and surrounding spaces ignored). Only ranked rows count: a player
 * who never played a deal at a tournament did not take part in it.
 */

export interface SeriesInput {
  readonly tournamentId: string;
  readonly name: string;
  readonly rows: readonly (StandingRow & { readonly externalId?: string })[];
}

export interface SeriesRow {
  readonly rank: number;
  readonly name: string;
  readonly externalId?: string;
  /** Points at each tournament (by input order), null where the player did not play. */
  readonly results: readonly (string | null)[];
  /** Which of `results` count (the best `best`). */
  readonly counted: readonly boolean[];
  readonly total: string;
  readonly played: number;
}

const cmp = (a: Rational, b: Rational): number => a.n * b.d - b.n * a.d;

export function seriesStandings(tournaments: readonly SeriesInput[], best: number): SeriesRow[] {
  const players = new Map<string, { name: string; externalId?: string; results: (Rational | null)[] }>();
  const nameKey = (name: string): string => `n:${name.trim().toLowerCase()}`;
  tournaments.forEach((t, ti) => {
    // Two players of one name at one tournament without external ids cannot be told apart across tournaments: each
    // counts on their own.
    const names = new Map<string, number>();
    for (const row of t.rows) names.set(nameKey(row.name), (names.get(nameKey(row.name)) ?? 0) + 1);
    for (const row of t.rows) {
      if (row.rank === null || row.deals === 0) continue;
      const key =
        row.externalId !== undefined
          ? `x:${row.externalId}`
          : (names.get(nameKey(row.name)) ?? 0) > 1
            ? `p:${t.tournamentId}:${row.playerId}`
            : nameKey(row.name);
      const p = players.get(key) ?? {
        name: row.name,
        ...(row.externalId !== undefined ? { externalId: row.externalId } : {}),
        results: tournaments.map(() => null),
      };
      p.results[ti] = parse(row.total);
      players.set(key, p);
    }
  });
  const rows = [...players.values()].map((p) => {
    const order = p.results
      .map((r, i) => ({ r, i }))
      .filter((x): x is { r: Rational; i: number } => x.r !== null)
      .sort((a, b) => cmp(b.r, a.r) || a.i - b.i);
    const countedIdx = new Set(order.slice(0, best).map((x) => x.i));
    const total = order.slice(0, best).reduce((s, x) => add(s, x.r), ZERO);
    return { p, countedIdx, total, played: order.length, top: order[0]?.r ?? ZERO };
  });
  const compare = (x: (typeof rows)[number], y: (typeof rows)[number]): number =>
    cmp(y.total, x.total) || y.played - x.played || cmp(y.top, x.top);
  rows.sort((x, y) => compare(x, y) || x.p.name.localeCompare(y.p.name));
  let rank = 0;
  return rows.map((r, i) => {
    const prev = rows[i - 1];
    if (prev === undefined || compare(prev, r) !== 0) rank = i + 1;
    return {
      rank,
      name: r.p.name,
      ...(r.p.externalId !== undefined ? { externalId: r.p.externalId } : {}),
      results: r.p.results.map((x) => (x === null ? null : format(x))),
      counted: r.p.results.map((_, i) => r.countedIdx.has(i)),
      total: format(r.total),
      played: r.played,
    };
  });
}
