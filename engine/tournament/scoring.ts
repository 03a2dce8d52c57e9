import type { ResultJson } from '../game/table.js';
import { type Rational, ZERO, add, mul, parse, rat } from '../money/rational.js';
import type { ScoringScheme } from './config.js';

/**
 * How one finished deal scores on the tournament list (REFERENCE §3.2 and §4), per table seat, exact.
 * Input is the deal's result as the table recorded it (`DealEnded.result`, the record's `result`).
 */

export interface DealScore {
  /** Points per table seat. */
  readonly points: readonly Rational[];
  /** Table seats that won the deal (the winning side; in Ramsch, everyone with a positive payout). */
  readonly winners: readonly number[];
  /** The sole declarer when a solo-type game (one declarer) was won. */
  readonly soloWonBy?: number;
}

/** Payouts of a result per table seat, exact (payoutExact when present). */
export function payoutOf(result: ResultJson): Rational[] {
  if (result.payoutExact !== undefined) return result.payoutExact.map(parse);
  return result.payout.map((p) => {
    if (!Number.isInteger(p)) throw new RangeError(`payout ${p} is not whole and has no payoutExact`);
    return rat(p);
  });
}

/**
 * Scores one deal at a table of `seats` seats; `participants` are the table seats that played it (the deal's
 * `players`: at a larger table the dealer sits out).
 */
export function scoreDeal(
  scheme: ScoringScheme,
  result: ResultJson,
  seats: number,
  participants: readonly number[],
): DealScore {
  const payout = payoutOf(result);
  const contract = result.contract;
  const declarers = result.declarers;
  const thrownIn = contract === null;
  // Table seats as plain numbers here: the tournament reads them from stored results.
  const declarerSide = new Set<number>(declarers);
  const hasSides = !thrownIn && declarers.length > 0;
  const winners = thrownIn
    ? []
    : hasSides
      ? participants.filter((s) => declarerSide.has(s) === result.won)
      : payout.flatMap((p, s) => (p.n > 0 ? [s] : []));
  // A solo is a game one declarer chose to play alone against the rest (Rufspiel and Hochzeit have two). A won
  // leaster or a Ramsch Durchmarsch also has one "declarer" — the seat that won a game nobody chose — and is no solo
  // for the Soli tie-break (Wisconsin sheets count solos as picked-alone hands).
  const noBid = contract !== null && (contract.game === 'leaster' || contract.game === 'ramsch');
  const solo = hasSides && declarers.length === 1 && !noBid;
  const soloWonBy = solo && result.won ? declarers[0] : undefined;
  const base = { winners, ...(soloWonBy !== undefined ? { soloWonBy } : {}) };
  switch (scheme.scheme) {
    case 'plus-minus':
      return { ...base, points: payout };
    case 'money':
      return { ...base, points: payout.map((p) => mul(p, scheme.centsPerPoint)) };
    case 'five-ten-fifteen': {
      const value = thrownIn ? 0 : fiveTenFifteen(result, solo);
      const points = Array.from({ length: seats }, (_, s) => (winners.includes(s) ? rat(value) : ZERO));
      return { ...base, points };
    }
    case 'seeger-fabian': {
      const opponentBonus = participants.length === 3 ? 40 : 30;
      const points = payout.map((p, s) => {
        if (!hasSides) return p;
        if (declarerSide.has(s)) return add(p, rat(result.won ? 50 : -50));
        if (!result.won && participants.includes(s)) return add(p, rat(opponentBonus));
        return p;
      });
      return { ...base, points };
    }
    default: {
      const never: never = scheme;
      return never;
    }
  }
}

/**
 * "5-10-15" value of a game for each member of the winning side (T-OW, T-NF): partnership games 5, with Schneider
 * 10, Schwarz 15; solo games 20 (Herz-Solo 25) plus 5 for Schneider and 5 more for Schwarz; Tout ×2; Sie ×4;
 * Laufende from 2: 5 each (at most 4 counted).
 */
export function fiveTenFifteen(result: ResultJson, solo: boolean): number {
  const contract = result.contract;
  if (contract === null) return 0;
  const ss = (result.schneider ? 5 : 0) + (result.schwarz ? 5 : 0);
  const lauf = result.laufende >= 2 ? 5 * Math.min(result.laufende, 4) : 0;
  if (contract.game === 'sie') return 4 * 20;
  if (!solo) return 5 + ss + lauf;
  const base = contract.game === 'solo' && contract.suit === 'H' ? 25 : 20;
  if (contract.tout === true) return 2 * (base + lauf);
  return base + ss + lauf;
}
