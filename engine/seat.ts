/**
 * Seats as a closed type, like a chess board's squares: a `Seat` is one of the eight seat numbers a table can have
 * (no variant seats more than eight), so `-1`, a count or any computed `number` cannot pass for one without going
 * through the helpers below; "nobody" is `null` (`Seat | null`). Literal seats stay as they read (`apply(s, 0, …)`).
 * Deal seats and table seats share the type: engine/game/table.ts maps one to the other (`dealSeatOf`,
 * `deal.players[s]`), and a view has the same shape in both numberings.
 */
/** A seat number, 0-based and clockwise; within a deal forehand = `nextSeat(dealer, players)`. */
export type Seat = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** The most seats a table can have. */
export const MAX_SEATS = 8;

/** The seat numbered `i` (a whole number from 0; the caller knows it is in range). */
export function asSeat(i: number): Seat {
  return i as Seat;
}

/** The seat an `indexOf`/`findIndex` over seats found, or null (nobody) for its -1. */
export function foundSeat(i: number): Seat | null {
  return i < 0 ? null : (i as Seat);
}

/** The seat `k` places clockwise after `s` at a table of `players` (k defaults to 1). */
export function nextSeat(s: Seat, players: number, k = 1): Seat {
  const t = s + k;
  // Mostly a step within the table: a compare instead of the division (the same seat as `t % players`).
  return (t >= 0 && t < players ? t : t % players) as Seat;
}

/** Every seat of a table of `players`, in order. */
export function seatsOf(players: number): Seat[] {
  const out: Seat[] = [];
  for (let i = 0; i < players; i++) out.push(i as Seat);
  return out;
}

/** A seat number from outside the engine (JSON, a command), or null when it is not one of `players` seats. */
export function seatIn(value: unknown, players: number): Seat | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < players ? (value as Seat) : null;
}
