import type { Seat } from '../../variant.js';

/**
 * Kontra and Re (Schafkopf family): a defender doubles (Kontra), the declaring party may answer (Re). When they may be
 * given is the table's window; the rest (who is a defender, a Ramsch has none) stays with the variant.
 */
export type KontraWindow = 'declarers-first-card' | 'before-first-card' | 'before-second-card' | 'holding-all' | 'off';

/** What the windows read of a deal in play: the deal's state has these fields. */
export interface KontraClock {
  readonly hands: readonly (readonly number[])[];
  /** Cards in a full hand. */
  readonly perHand: number;
  readonly cardsPlayed: number;
  /** Who gave Kontra / Re (null: nobody yet) and after how many cards Kontra came. */
  readonly kontra: Seat | null;
  readonly re: Seat | null;
  readonly kontraAt: number;
  /** Cards played when the declarers played their first card; -1 before. */
  readonly declarerFirstCardAt: number;
}

/** Whether the window is open for `seat` to give Kontra now (the deal is in play). */
export function kontraWindowOpen(window: KontraWindow, s: KontraClock, seat: Seat): boolean {
  switch (window) {
    case 'off':
      return false;
    case 'before-first-card':
      return s.cardsPlayed === 0;
    case 'before-second-card':
      return s.cardsPlayed < 2;
    case 'holding-all':
      return (s.hands[seat]?.length ?? 0) === s.perHand;
    case 'declarers-first-card':
      // Until the declarers' first card, at the latest directly after it; never after the second card (seed 003).
      return s.cardsPlayed < 2 && (s.declarerFirstCardAt < 0 || s.declarerFirstCardAt === s.cardsPlayed);
    default: {
      const never: never = window;
      return never;
    }
  }
}

/** Whether the window is open for `seat` to answer a Kontra with Re now (the deal is in play, Kontra given). */
export function reWindowOpen(window: KontraWindow, s: KontraClock, seat: Seat): boolean {
  if (s.kontra === null || s.re !== null) return false;
  switch (window) {
    case 'holding-all':
      // The defender's Kontra may come with his first card: Re still holding all but one.
      return (s.hands[seat]?.length ?? 0) >= s.perHand - 1;
    case 'declarers-first-card':
      // Re must answer Kontra directly: before any further card.
      return s.cardsPlayed === s.kontraAt;
    default:
      return kontraWindowOpen(window, s, seat);
  }
}
