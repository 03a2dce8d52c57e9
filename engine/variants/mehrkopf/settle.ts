import { CARDS } from '../../cards/card.js';
import { type Rational, ZERO, rat } from '../../money/rational.js';
import type { DealResult, PointSteps, Seat } from '../../variant.js';
import type { MehrkopfOptions } from './options.js';
import { NORMAL, isSolo, toContract } from './rules.js';
import type { MkState } from './state.js';
import { seatsOf as allSeats } from '../../seat.js';
import { noGameResult } from '../family/result.js';

/**
 * Settlement in units (rulebook "Abrechnung"): Grundtarif (normal 1, solo 5), Leistungstarif (+1 not Schneider-frei,
 * +2 schwarz), Prämientarif (+1 per Laufender from 3); Tout ×2, Sie ×4. Each loser pays the amount; the winners share
 * the losers' total evenly (exact fractions). A soloist receives from / pays to every other player.
 */
export function settle(s: MkState): DealResult {
  const zeros = (): Rational[] => Array.from({ length: s.n }, () => ZERO);
  if (s.thrownIn !== null) {
    return {
      contract: null,
      declarers: [],
      ...noGameResult(s),
      multiplier: 1,
      payout: zeros(),
      pot: ZERO,
      thrownIn: s.thrownIn,
    };
  }
  const c = s.contract as NonNullable<MkState['contract']>;
  return c.game === 'ramsch' ? settleRamsch(s) : settleGame(s);
}

const seatsOf = (s: MkState): Seat[] => allSeats(s.n).filter((i) => i !== s.sitOut);

/**
 * The card-point steps of a point game for the declarers (rulebook "Abrechnung"): they win above half the `total`
 * (120, or 148 at five players); the losing party is Schneider (not Schneider-frei) below a quarter of the total by
 * default (the defenders counted from the `played` points: cards out of play count for nobody), or in the Schafkopf
 * style the declarers need one point more (31 of 120, 38 of 148), the defenders a quarter (30, 37). Strong bots value
 * cards by them (engine/bots/solver-objective.ts).
 */
export function pointSteps(o: MehrkopfOptions, total: number, played: number): PointSteps {
  const win = Math.floor(total / 2) + 1;
  const quarter = Math.ceil(total / 4);
  // Defenders below a quarter: 4·(played − declarers) < total.
  if (o.schneider === 'quarter') return { free: quarter, win, schneider: Math.floor(played - total / 4) + 1 };
  return { free: quarter + 1, win, schneider: played - quarter + 1 };
}

function settleGame(s: MkState): DealResult {
  const o = s.o;
  const c = s.contract as NonNullable<MkState['contract']>;
  const seats = seatsOf(s);
  const declarers = seats.filter((i) => s.party[i]);
  const defenders = seats.filter((i) => !s.party[i]);
  let declPoints = 0;
  let declTricks = 0;
  for (const d of declarers) {
    declPoints += s.points[d] as number;
    declTricks += s.tricks[d] as number;
  }
  let played = 0;
  for (const i of seats) played += s.points[i] as number;
  const defTricks = s.trickNo - declTricks;
  const sie = c.game === 'sie';
  const steps = pointSteps(o, s.total, played);
  let won: boolean;
  if (sie) won = true;
  else if (c.tout) won = defTricks === 0 && s.trickNo === s.perHand;
  else won = declPoints >= steps.win;
  // Schneider and Schwarz count in the point games only (not in Tout or Sie).
  const pointGame = !c.tout && !sie;
  const loserTricks = won ? defTricks : declTricks;
  const schneider = pointGame && (won ? declPoints >= steps.schneider : declPoints < steps.free);
  const schwarz = pointGame && loserTricks === 0;
  const laufende = s.laufende >= o.laufendeMin ? s.laufende : 0;
  const solo = isSolo(c.game);
  const base = solo ? o.tariff.solo : o.tariff.normal;
  let value: number;
  let multiplier = 1;
  if (sie) {
    multiplier = o.sieFactor;
    value = (base + laufende * o.tariff.laufende) * multiplier;
  } else if (c.tout) {
    multiplier = o.toutFactor;
    value = (base + laufende * o.tariff.laufende) * multiplier;
  } else {
    const demand = schwarz ? o.tariff.schwarz : schneider ? o.tariff.schneider : 0;
    value = base + demand + laufende * o.tariff.laufende;
  }
  const payout: Rational[] = Array.from({ length: s.n }, () => ZERO);
  if (solo) {
    // The soloist receives from every other player, or pays every other player.
    const sign = won ? 1 : -1;
    for (const i of seats) payout[i] = rat(s.party[i] ? sign * value * (seats.length - 1) : -sign * value);
  } else {
    // Each loser pays the value; the winners share the total evenly.
    const winners = won ? declarers : defenders;
    const losers = won ? defenders : declarers;
    const share = rat(value * losers.length, winners.length);
    for (const i of winners) payout[i] = share;
    for (const i of losers) payout[i] = rat(-value);
  }
  const outOfPlay = s.total - played;
  return {
    contract: toContract(s),
    declarers,
    cardPoints: s.points.slice(),
    tricks: s.tricks.slice(),
    won,
    schneider,
    schwarz,
    laufende,
    multiplier,
    payout,
    pot: ZERO,
    details: {
      value,
      ...(c.muss ? { mussSpiel: true, mussCard: CARDS[s.mussCard] } : {}),
      ...(s.hochzeitPartner !== null ? { partner: s.hochzeitPartner } : {}),
      // A lost Tout ends at the first trick the soloist loses; the cards not played are nobody's.
      ...(outOfPlay !== 0 && !sie ? { pointsOutOfPlay: outOfPlay } : {}),
    },
  };
}

/** The highest trump a seat held from the deal (1 = the Eichel-Ober), or Infinity without a trump. */
function highestTrump(s: MkState, seat: Seat): number {
  let best = Infinity;
  for (const c of s.dealt[seat] ?? []) {
    const r = NORMAL.trumpRank[c] as number;
    if (r > 0 && r < best) best = r;
  }
  return best;
}

/**
 * Who pays in a Ramsch: the most card points. Ties (the rulebook is silent), option `ramschTie`: `all` — each tied
 * player pays; `tricks-then-trump` — more tricks pays, then the higher trump held; `highest-trump` — the tied player
 * who held the higher trump pays (Schafkopf's "der höhere Ober zahlt"). Still tied (no trump at all): all of them.
 */
function ramschLosers(s: MkState, seats: readonly Seat[]): Seat[] {
  let max = -Infinity;
  for (const i of seats) max = Math.max(max, s.points[i] as number);
  let tied = seats.filter((i) => s.points[i] === max);
  const keep = (score: (i: Seat) => number): void => {
    let top = -Infinity;
    for (const i of tied) top = Math.max(top, score(i));
    tied = tied.filter((i) => score(i) === top);
  };
  if (tied.length > 1 && s.o.ramschTie === 'tricks-then-trump') keep((i) => s.tricks[i] as number);
  if (tied.length > 1 && s.o.ramschTie !== 'all') keep((i) => -highestTrump(s, i));
  return tied;
}

/** Ramsch: the player with the most card points pays the normal rate to each other player (ties: `ramschTie`). */
function settleRamsch(s: MkState): DealResult {
  const seats = seatsOf(s);
  const losers = ramschLosers(s, seats);
  const others = seats.filter((i) => !losers.includes(i));
  const price = s.o.tariff.normal;
  const payout: Rational[] = Array.from({ length: s.n }, () => ZERO);
  for (const i of others) payout[i] = rat(price * losers.length);
  for (const l of losers) payout[l] = rat(-price * others.length);
  return {
    contract: { game: 'ramsch' },
    declarers: [],
    ...noGameResult(s),
    multiplier: 1,
    payout,
    pot: ZERO,
    details: { value: price, losers },
  };
}
