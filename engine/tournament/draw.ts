import { Rng } from '../cards/deck.js';

/**
 * The draw: players seated at tables by lot, from a seed (the tournament's secret seed, published as a commitment
 * and revealed at the end, so anyone can redo every draw). Pure and deterministic: the same seed, round, players and
 * history give the same tables.
 */

export type PlayerId = string;

/** A drawn seat: a player (who may be a no-show a bot plays for) or an empty seat a bot fills. */
export type DrawnSeat =
  { readonly kind: 'player'; readonly playerId: PlayerId; readonly bot: boolean } | { readonly kind: 'filler' };

export interface DrawnTable {
  /** 1-based table number. */
  readonly table: number;
  /** Table seats in order; seat 0 (the draw's "No. 1") deals first and keeps the list. */
  readonly seats: readonly DrawnSeat[];
  readonly deals: number;
}

export interface DrawInput {
  readonly seed: string;
  readonly round: number;
  /** Players in the draw, with whether a bot plays their seat (a no-show). */
  readonly players: readonly { readonly playerId: PlayerId; readonly bot: boolean }[];
  readonly tableSize: number;
  readonly remainder: 'larger-tables' | 'bots';
  /** How often two players already sat at one table (key: `pairKey(a, b)`). */
  readonly mates: Readonly<Record<string, number>>;
  /** Deals at a table of `seats` players. */
  readonly dealsAt: (seats: number) => number;
}

/** The key of an unordered pair of players. */
export function pairKey(a: PlayerId, b: PlayerId): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

/**
 * Table sizes for `n` players: tables of `size`; when `n` does not divide, either some tables of `size + 1`
 * (possible when there are at least as many tables as players left over) or the last tables get bot fillers.
 */
export function tableSizes(
  n: number,
  size: number,
  remainder: 'larger-tables' | 'bots',
): { sizes: number[]; fillers: number[] } {
  if (n <= 0) return { sizes: [], fillers: [] };
  const full = Math.floor(n / size);
  const left = n % size;
  if (left === 0)
    return { sizes: Array.from({ length: full }, () => size), fillers: Array.from({ length: full }, () => 0) };
  if (remainder === 'larger-tables' && left <= full) {
    const sizes = Array.from({ length: full }, (_, i) => (i < full - left ? size : size + 1));
    return { sizes, fillers: sizes.map(() => 0) };
  }
  // Bots fill the empty seats, spread over the last tables (one each while possible).
  const tables = full + 1;
  const empty = tables * size - n;
  const fillers = Array.from({ length: tables }, (_, i) => {
    const fromEnd = tables - 1 - i;
    return Math.floor(empty / tables) + (fromEnd < empty % tables ? 1 : 0);
  });
  return { sizes: Array.from({ length: tables }, () => size), fillers };
}

/** Attempts of the search; each is a fresh random seating improved by swaps. Deterministic from the seed. */
const ATTEMPTS = 40;

/**
 * Draw one round. Random seating from the seed; among the candidate seatings the one with the fewest repeated
 * table-mates wins (zero whenever the search finds one), so players meet new opponents where the numbers allow.
 */
export function drawRound(input: DrawInput): DrawnTable[] {
  const { sizes, fillers } = tableSizes(input.players.length, input.tableSize, input.remainder);
  // A canonical order first, so that the draw depends on who plays, not on the order they were passed in.
  const players = [...input.players].sort((a, b) => (a.playerId < b.playerId ? -1 : a.playerId > b.playerId ? 1 : 0));
  const rng = new Rng(`${input.seed}:draw:${input.round}`);
  const cost = (tables: PlayerId[][]): number => tables.reduce((c, t) => c + tableCost(t, input.mates), 0);
  let best: PlayerId[][] | undefined;
  let bestCost = Infinity;
  for (let attempt = 0; attempt < ATTEMPTS && bestCost > 0; attempt++) {
    const order = rng.shuffle(players.map((p) => p.playerId));
    const tables: PlayerId[][] = [];
    let at = 0;
    sizes.forEach((size, i) => {
      const humans = size - (fillers[i] ?? 0);
      tables.push(order.slice(at, at + humans));
      at += humans;
    });
    improve(tables, input.mates, rng);
    const c = cost(tables);
    if (c < bestCost) {
      best = tables;
      bestCost = c;
    }
  }
  const bot = new Map(players.map((p) => [p.playerId, p.bot]));
  return (best ?? []).map((ids, i) => {
    // Seat order within the table is drawn too (it fixes the dealer order); fillers take the last seats.
    const seated = rng.shuffle(ids);
    const seats: DrawnSeat[] = [
      ...seated.map((playerId): DrawnSeat => ({ kind: 'player', playerId, bot: bot.get(playerId) ?? false })),
      ...Array.from({ length: fillers[i] ?? 0 }, (): DrawnSeat => ({ kind: 'filler' })),
    ];
    return { table: i + 1, seats, deals: input.dealsAt(seats.length) };
  });
}

/** Repeated meetings at one table: for every pair, how often they met before. */
function tableCost(table: readonly PlayerId[], mates: Readonly<Record<string, number>>): number {
  let c = 0;
  for (let i = 0; i < table.length; i++)
    for (let j = i + 1; j < table.length; j++) c += mates[pairKey(table[i] as PlayerId, table[j] as PlayerId)] ?? 0;
  return c;
}

/** Hill climbing: swap two players of different tables while that lowers the repeats. */
function improve(tables: PlayerId[][], mates: Readonly<Record<string, number>>, rng: Rng): void {
  const costOf = (t: readonly PlayerId[]): number => tableCost(t, mates);
  for (let pass = 0; pass < 30; pass++) {
    let improved = false;
    const start = rng.int(Math.max(1, tables.length));
    for (let k = 0; k < tables.length; k++) {
      const a = tables[(start + k) % tables.length] as PlayerId[];
      if (costOf(a) === 0) continue;
      for (let b = 0; b < tables.length && !improved; b++) {
        const other = tables[b] as PlayerId[];
        if (other === a) continue;
        for (let i = 0; i < a.length && !improved; i++)
          for (let j = 0; j < other.length && !improved; j++) {
            const before = costOf(a) + costOf(other);
            const x = a[i] as PlayerId;
            const y = other[j] as PlayerId;
            a[i] = y;
            other[j] = x;
            if (costOf(a) + costOf(other) < before) improved = true;
            else {
              a[i] = x;
              other[j] = y;
            }
          }
      }
    }
    if (!improved) return;
  }
}

/** Table-mate counts after a round: every pair of players at one table meets once more. */
export function addMates(
  mates: Readonly<Record<string, number>>,
  tables: readonly DrawnTable[],
): Record<string, number> {
  const next: Record<string, number> = { ...mates };
  for (const t of tables) {
    const ids = t.seats.flatMap((s) => (s.kind === 'player' ? [s.playerId] : []));
    for (let i = 0; i < ids.length; i++)
      for (let j = i + 1; j < ids.length; j++) {
        const key = pairKey(ids[i] as PlayerId, ids[j] as PlayerId);
        next[key] = (next[key] ?? 0) + 1;
      }
  }
  return next;
}

/**
 * The seed a table's deal is shuffled from, as a label for the server's one-way derivation (HMAC of the tournament
 * secret; revealing one deal's seed after the deal must not reveal the secret). With duplicate deals the label leaves
 * out the table, so every table of a round gets the same deck for its deal `deal`; the dealer order is the same at
 * every table (seat 0 deals first), so seat k holds the same cards at every table.
 */
export function dealSeedLabel(round: number, table: number, deal: number, duplicate: boolean): string {
  return duplicate ? `deal:r${round}:d${deal}` : `deal:r${round}:t${table}:d${deal}`;
}

/** The label of a round's draw seed (derived like deal seeds). */
export function drawSeedLabel(round: number): string {
  return `draw:r${round}`;
}

/** The label of the seed the lot (the last tie-break) is drawn from. */
export const LOT_SEED_LABEL = 'lot';
