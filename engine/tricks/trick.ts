import { CARDS, type Card, POINTS } from '../cards/card.js';
import type { DealNote, Seat, TrickCard } from '../variant.js';

/**
 * The trick bookkeeping every variant shares: the current trick, the last one, and per seat the tricks and card points
 * taken. A variant's deal state includes these fields; the functions here are the only ones that move cards through a
 * trick. Cards are card indices (cards/card.ts). The fields stay mutable and flat on the variant state on purpose:
 * the simulation and the benchmarks apply hundreds of thousands of cards a second.
 */
export interface TrickState {
  /** Tricks finished so far (0-based number of the trick being played). */
  trickNo: number;
  /** Who is to play (or lead) next. */
  turn: Seat;
  /** The current trick in play order: seats and cards. */
  trickSeats: Seat[];
  trickCards: number[];
  /** Cards played in this deal so far. */
  cardsPlayed: number;
  /** Per seat: tricks taken and card points taken. */
  tricks: number[];
  points: number[];
  /** The last finished trick (seats and cards in play order); empty before the first. */
  lastSeats: Seat[];
  lastCards: number[];
}

/** Remove `card` from `hand` in place, keeping the order (as `hand.splice(hand.indexOf(card), 1)`, without garbage). */
export function removeCard(hand: number[], card: number): void {
  const last = hand.length - 1;
  let at = hand.indexOf(card);
  if (at < 0) at = last; // as splice(-1, 1) would
  for (let i = at; i < last; i++) hand[i] = hand[i + 1] as number;
  hand.pop();
}

/** Lay `card` of `seat` into the current trick; true when the trick now holds `size` cards. */
export function layCard(t: TrickState, seat: Seat, card: number, size: number): boolean {
  t.trickSeats.push(seat);
  t.trickCards.push(card);
  t.cardsPlayed++;
  return t.trickCards.length === size;
}

/** The card points of `cards`. */
export function pointsOf(cards: readonly number[]): number {
  let p = 0;
  for (let i = 0; i < cards.length; i++) p += POINTS[cards[i] as number] as number;
  return p;
}

/**
 * Close the full trick: the card at `winnerPos` takes it (its points and one trick), the trick becomes the last trick,
 * and the winner leads the next. Returns the winner's seat.
 */
export function takeTrick(t: TrickState, winnerPos: number): Seat {
  const winner = t.trickSeats[winnerPos] as Seat;
  t.points[winner] = (t.points[winner] as number) + pointsOf(t.trickCards);
  t.tricks[winner] = (t.tricks[winner] as number) + 1;
  // The finished trick's arrays become the last trick; fresh arrays hold the next one.
  t.lastSeats = t.trickSeats;
  t.lastCards = t.trickCards;
  t.trickSeats = [];
  t.trickCards = [];
  t.trickNo++;
  t.turn = winner;
  return winner;
}

/** Seats and cards of a trick as names (views, notes). */
export function trickCards(seats: readonly Seat[], cards: readonly number[]): TrickCard[] {
  return seats.map((seat, i) => ({ seat, card: CARDS[cards[i] as number] as Card }));
}

/** The note for the trick just taken by `winner` (from the last trick). */
export function trickTakenNote(t: TrickState, winner: Seat): DealNote {
  return { type: 'TrickTaken', winner, cards: trickCards(t.lastSeats, t.lastCards), points: pointsOf(t.lastCards) };
}

/** Copies of the per-trick arrays a deal state owns (for a state's clone). */
export function cloneTrickArrays(t: TrickState): Pick<TrickState, 'trickSeats' | 'trickCards' | 'tricks' | 'points'> {
  return {
    trickSeats: t.trickSeats.slice(),
    trickCards: t.trickCards.slice(),
    tricks: t.tricks.slice(),
    points: t.points.slice(),
  };
}
