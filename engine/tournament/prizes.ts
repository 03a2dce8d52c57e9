import type { Prize, PrizeConfig } from './config.js';
import type { PlayerId } from './draw.js';
import { type StandingRow, type TournamentState, finishedPoints, seatAt, standings } from './tournament.js';
import { type Rational, ZERO, add } from '../money/rational.js';

/**
 * The prize list, computed from the list (docs/tournaments.md "Prize list"). Money is whole cents and exact: the pool
 * is the entry fees of everyone who played minus what the organiser retains; `share` prizes divide the pool by their
 * weights with the largest-remainder method (the remainder cents go to the better places), so the shares add up to
 * the pool to the cent. Share places nobody reached fall away and the rest is divided among the places reached.
 * Players tied on a place divide the prizes of the places they cover equally (remainder cents to the earlier rows).
 * Fixed amounts and goods are given as configured; round and table prizes go to the best credited points of a round
 * (of a table in a round), ties broken by lot.
 */

export interface Award {
  readonly kind: 'place' | 'round' | 'table';
  readonly round?: number;
  readonly table?: number;
  readonly place: number;
  readonly playerId: PlayerId;
  readonly name: string;
  readonly cents?: number;
  readonly goods?: readonly string[];
}

export interface PrizeList {
  /** Entry fees collected: fee × players who played. */
  readonly collectedCents: number;
  readonly retainedCents: number;
  /** What the `share` prizes divide; equals the sum of the share awards exactly (0 when no place was reached). */
  readonly poolCents: number;
  /** Pool cents no prize took (no share prizes configured, or nobody ranked): kept by the organiser. */
  readonly undistributedCents: number;
  readonly awards: readonly Award[];
}

/** Split `total` cents by integer `weights`: largest remainders, ties to the earlier index. Sums to `total` exactly. */
export function splitCents(total: number, weights: readonly number[]): number[] {
  const sumW = weights.reduce((a, b) => a + b, 0);
  if (sumW <= 0 || total <= 0) return weights.map(() => 0);
  const t = BigInt(total);
  const w = weights.map(BigInt);
  const s = BigInt(sumW);
  const floors = w.map((x) => (t * x) / s);
  const rems = w.map((x, i) => ({ i, r: (t * x) % s }));
  let left = Number(t - floors.reduce((a, b) => a + b, 0n));
  rems.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  const out = floors.map(Number);
  for (const { i } of rems) {
    if (left <= 0) break;
    out[i] = (out[i] ?? 0) + 1;
    left--;
  }
  return out;
}

const isCents = (p: Prize): p is Extract<Prize, { cents: number }> => 'cents' in p;
const isShare = (p: Prize): p is Extract<Prize, { share: number }> => 'share' in p;
const isGoods = (p: Prize): p is Extract<Prize, { goods: string }> => 'goods' in p;

export function prizeList(
  state: TournamentState,
  rows: readonly StandingRow[] = standings(state),
): PrizeList | undefined {
  const config: PrizeConfig | undefined = state.config.prizes;
  if (config === undefined) return undefined;
  const players = rows.filter((r) => r.deals > 0).length;
  const collectedCents = config.entryFeeCents * players;
  const retainedCents = Math.min(config.retainCents, collectedCents);
  const ranked = rows.filter((r) => r.rank !== null && r.deals > 0);
  // Share places that someone reached divide the pool.
  const reached = config.places.filter((p) => isShare(p) && p.place <= ranked.length) as Extract<
    Prize,
    { share: number }
  >[];
  const pool = reached.length > 0 ? collectedCents - retainedCents : 0;
  const shareOf = new Map<number, number>();
  splitCents(
    pool,
    reached.map((p) => p.share),
  ).forEach((c, i) => {
    const place = reached[i]?.place;
    if (place !== undefined) shareOf.set(place, (shareOf.get(place) ?? 0) + c);
  });
  const centsAt = (place: number): number =>
    (shareOf.get(place) ?? 0) +
    config.places.filter((p) => p.place === place && isCents(p)).reduce((a, p) => a + (isCents(p) ? p.cents : 0), 0);
  const goodsAt = (list: readonly Prize[], place: number): string[] =>
    list.filter((p) => p.place === place && isGoods(p)).map((p) => (isGoods(p) ? p.goods : ''));
  const awards: Award[] = [];
  // Final places: a group of tied rows covers places rank..rank+size−1 and divides their cents.
  for (let i = 0; i < ranked.length;) {
    const rank = ranked[i]?.rank ?? 0;
    let j = i;
    while (j < ranked.length && ranked[j]?.rank === rank) j++;
    const group = ranked.slice(i, j);
    const places = group.map((_, k) => i + 1 + k);
    const cents = places.reduce((a, p) => a + centsAt(p), 0);
    const split = splitCents(
      cents,
      group.map(() => 1),
    );
    group.forEach((row, k) => {
      const goods = goodsAt(config.places, places[k] ?? 0);
      const c = split[k] ?? 0;
      if (c === 0 && goods.length === 0) return;
      awards.push({
        kind: 'place',
        place: rank,
        playerId: row.playerId,
        name: row.name,
        ...(c > 0 ? { cents: c } : {}),
        ...(goods.length > 0 ? { goods } : {}),
      });
    });
    i = j;
  }
  const names = new Map(state.players.map((p) => [p.playerId, p.name]));
  const lot = (id: PlayerId): number => state.lots[id] ?? Number.MAX_SAFE_INTEGER;
  const award = (
    kind: 'round' | 'table',
    list: readonly Prize[],
    ranking: PlayerId[],
    at: { round: number; table?: number },
  ) => {
    ranking.forEach((playerId, k) => {
      const place = k + 1;
      const cents = list
        .filter((p) => p.place === place && isCents(p))
        .reduce((a, p) => a + (isCents(p) ? p.cents : 0), 0);
      const goods = goodsAt(list, place);
      if (cents === 0 && goods.length === 0) return;
      awards.push({
        kind,
        ...at,
        place,
        playerId,
        name: names.get(playerId) ?? playerId,
        ...(cents > 0 ? { cents } : {}),
        ...(goods.length > 0 ? { goods } : {}),
      });
    });
  };
  const byPoints = (m: Map<PlayerId, Rational>): PlayerId[] =>
    [...m.entries()].sort(([a, x], [b, y]) => y.n * x.d - x.n * y.d || lot(a) - lot(b)).map(([id]) => id);
  for (const round of state.rounds) {
    if (round.endedAt === undefined) continue;
    const roundPoints = new Map<PlayerId, Rational>();
    for (const table of round.tables) {
      const points = finishedPoints(state, round, table);
      if (points === null) continue;
      const tablePoints = new Map<PlayerId, Rational>();
      // A seat's points go to who played it (a bot's seat to nobody), as on the list.
      table.seats.forEach((_, s) => {
        const who = seatAt(state.config, round, table, s, 1);
        if (who.playedBy === null) return;
        tablePoints.set(who.playedBy, add(tablePoints.get(who.playedBy) ?? ZERO, points[s] ?? ZERO));
      });
      for (const [id, p] of tablePoints) roundPoints.set(id, add(roundPoints.get(id) ?? ZERO, p));
      if (config.tables.length > 0)
        award('table', config.tables, byPoints(tablePoints), { round: round.round, table: table.table });
    }
    if (config.rounds.length > 0) award('round', config.rounds, byPoints(roundPoints), { round: round.round });
  }
  const shares = awards.reduce((a, x) => a + (x.kind === 'place' ? (x.cents ?? 0) : 0), 0);
  const fixed = config.places.reduce((a, p) => a + (isCents(p) && p.place <= ranked.length ? p.cents : 0), 0);
  return {
    collectedCents,
    retainedCents,
    poolCents: pool,
    undistributedCents: collectedCents - retainedCents - (shares - fixed),
    awards,
  };
}
