import { ZERO, format, toNumber } from '../money/rational.js';
import type { DealResult, Seat } from '../variant.js';

/**
 * A deal result as JSON (docs: the record format's "Settling a record"): per table seat, payouts as numbers and,
 * when not whole, as exact fractions. The one mapping used by the table (`DealEnded`) and by record scoring.
 */
export interface ResultJson {
  readonly complete: true;
  readonly contract: DealResult['contract'];
  readonly declarers: readonly Seat[];
  readonly cardPoints: readonly number[];
  readonly tricks: readonly number[];
  readonly won: boolean;
  readonly schneider: boolean;
  readonly schwarz: boolean;
  readonly laufende: number;
  readonly multiplier: number;
  readonly payout: readonly number[];
  readonly payoutExact?: readonly string[];
  readonly pot?: string;
  readonly thrownIn?: string;
  readonly details?: Readonly<Record<string, unknown>>;
}

/**
 * A deal result in table seats: `players[i]` is the table seat of deal seat `i`; seats sitting out get 0.
 * Without `players` (a record: everyone plays) deal seats are table seats.
 */
export function resultJson(result: DealResult, players?: readonly Seat[], seats?: number): ResultJson {
  const toTable = <T>(values: readonly T[], empty: T): readonly T[] => {
    if (players === undefined) return values;
    const out = Array.from({ length: seats ?? players.length }, () => empty);
    players.forEach((tableSeat, i) => (out[tableSeat] = values[i] ?? empty));
    return out;
  };
  const mapSeat = (s: Seat): Seat => players?.[s] ?? s;
  const payout = toTable(result.payout, ZERO);
  const whole = payout.every((p) => p.d === 1);
  const contract = result.contract;
  return {
    complete: true,
    contract:
      contract && contract.declarer !== undefined ? { ...contract, declarer: mapSeat(contract.declarer) } : contract,
    declarers: result.declarers.map(mapSeat),
    cardPoints: toTable(result.cardPoints, 0),
    tricks: toTable(result.tricks, 0),
    won: result.won,
    schneider: result.schneider,
    schwarz: result.schwarz,
    laufende: result.laufende,
    multiplier: result.multiplier,
    payout: payout.map(toNumber),
    ...(whole ? {} : { payoutExact: payout.map(format) }),
    ...(result.pot.n !== 0 ? { pot: format(result.pot) } : {}),
    ...(result.thrownIn !== undefined ? { thrownIn: result.thrownIn } : {}),
    ...(result.details !== undefined ? { details: result.details } : {}),
  };
}
