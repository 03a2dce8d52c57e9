import type { Seat } from '../../variant.js';
import { asSeat } from '../../seat.js';

/**
 * The Schafkopf-family auction (Schafkopf, Mehrkopf): every seat speaks in turn; a seat that passed is out; the
 * auction ends when every seat has spoken and nobody, or only the best bidder, is still in.
 */
export function auctionOver(passed: readonly boolean[], acted: readonly boolean[], bestSeat: Seat | null): boolean {
  let active = 0;
  let lastActive: Seat | null = null;
  for (let i = 0; i < passed.length; i++) {
    if (!acted[i]) return false;
    if (!passed[i]) {
      active++;
      lastActive = asSeat(i);
    }
  }
  return active === 0 || (active === 1 && bestSeat !== null && lastActive === bestSeat);
}

/** The next seat after `from` (by `next`) that has not passed. */
export function nextBidder(passed: readonly boolean[], from: Seat, next: (seat: Seat) => Seat): Seat {
  let seat = next(from);
  while (passed[seat]) seat = next(seat);
  return seat;
}
