import type { DealResult } from '../../variant.js';

/**
 * The part of a deal's result where nobody wins a game: the card points and tricks as taken, no Schneider, Schwarz or
 * Laufende — a deal thrown in, a Ramsch, über Kreuz at 60:60. Each variant adds who declared, the payout and why.
 */
export function noGameResult(s: {
  readonly points: readonly number[];
  readonly tricks: readonly number[];
}): Pick<DealResult, 'cardPoints' | 'tricks' | 'won' | 'schneider' | 'schwarz' | 'laufende'> {
  return {
    cardPoints: s.points.slice(),
    tricks: s.tricks.slice(),
    won: false,
    schneider: false,
    schwarz: false,
    laufende: 0,
  };
}
