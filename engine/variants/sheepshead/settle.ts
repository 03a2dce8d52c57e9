import { type Rational, ZERO, rat } from '../../money/rational.js';
import type { DealResult, PointSteps, Seat } from '../../variant.js';
import type { SheepsheadOptions } from './options.js';
import { pointsOf, toContract } from './rules.js';
import type { ShState } from './state.js';
import { asSeat } from '../../seat.js';
import { noGameResult } from '../family/result.js';

/**
 * Settlement of a finished Sheepshead deal (seed 002 "Keeping Score", docs/rules/sheepshead.md "Settlement"): exact and
 * zero-sum. Every defender pays (or receives) the same; the picker side shares the defenders' total.
 */
export function settle(s: ShState): DealResult {
  const zeros = (): Rational[] => Array.from({ length: s.n }, () => ZERO);
  if (s.thrownIn !== null)
    return {
      contract: null,
      declarers: [],
      ...noGameResult(s),
      multiplier: s.ctx.bock,
      payout: zeros(),
      pot: ZERO,
      thrownIn: s.thrownIn,
      details: { doubler: true },
    };
  switch (s.game) {
    case 'leaster':
      return settleLeaster(s);
    case 'two-handed':
      return settleTwoHanded(s);
    default:
      return settlePicker(s);
  }
}

/**
 * The card-point steps of a picker's game (docs/rules/sheepshead.md "Settlement"), for the picker's side including the
 * buried cards credited to it: 61 of 120 wins; below `schneider.picker` a losing side is schneidered; the defenders are
 * when they keep below `schneider.defenders` of the `played` points (120 minus the buried points out of play). The
 * two-handed game uses the same steps for the winner. Strong bots value cards by them (engine/bots/solver-objective.ts).
 */
export function pointSteps(o: SheepsheadOptions, played = 120): PointSteps {
  return { free: o.schneider.picker, win: 61, schneider: played - o.schneider.defenders + 1 };
}

/** Doublings: the table's doubler/Bock multiplier, a crack, a re-crack and every blitz (×2 each). */
function multiplier(s: ShState): number {
  return (
    s.ctx.bock * (s.crack !== null ? 2 : 1) * (s.recrack !== null ? 2 : 1) * (s.blitzes === 0 ? 1 : 2 ** s.blitzes)
  );
}

function settlePicker(s: ShState): DealResult {
  const o = s.o;
  const n = s.n;
  const points = s.points.slice();
  const side: Seat[] = [];
  let sideTricks = 0;
  for (let i = 0; i < n; i++)
    if (s.party[i]) {
      side.push(asSeat(i));
      sideTricks += s.tricks[i] as number;
    }
  // Buried points count for whoever buried them (the picker; a 7-handed die partner), per the bury-credit option.
  let outOfPlay = 0;
  let buriedTotal = 0;
  for (let i = 0; i < n; i++) {
    const cards = s.buried[i] as number[];
    if (cards.length === 0) continue;
    const buried = pointsOf(cards);
    buriedTotal += buried;
    if (buried === 0) continue;
    if (o.buryCredit === 'always' || sideTricks > 0) points[i] = (points[i] as number) + buried;
    else outOfPlay += buried;
  }
  let sidePoints = 0;
  for (const i of side) sidePoints += points[i] as number;
  const defTricks = s.tricksInDeal - sideTricks;
  // 61 wins; 60–60 goes to the defenders.
  const steps = pointSteps(o, 120 - outOfPlay);
  const won = sidePoints >= steps.win;
  const schneider = won ? sidePoints >= steps.schneider : sidePoints < steps.free;
  const schwarz = won ? defTricks === 0 : sideTricks === 0;
  const level = schwarz ? 3 : schneider ? 2 : 1;
  const bump = !won && o.doubleOnBump && !(s.forced && o.forcedPick.noDoubleOnLoss) ? 2 : 1;
  const mult = multiplier(s);
  const perDefender = level * bump * mult * o.unit;
  const defenders = n - side.length;
  const total = perDefender * defenders;
  const sign = won ? 1 : -1;
  // The picker side shares the total: picker 2 : partner 1 (5-handed default) or equally.
  // Option: a picker side without a trick — the picker pays it all (the partners nothing).
  const pickerAlonePays = !won && sideTricks === 0 && o.noTrickPickerPays;
  const twoToOne = o.split === 'two-to-one' && side.length > 1;
  const weightOf = (i: number): number =>
    pickerAlonePays ? (i === s.picker ? 1 : 0) : twoToOne && i === s.picker ? 2 : 1;
  let weights = 0;
  for (const i of side) weights += weightOf(i);
  // Every defender pays the same, and each weight on the picker side gets the same share: one value each.
  const defenderPays = rat(-sign * perDefender);
  const shares: (Rational | undefined)[] = [undefined, undefined, undefined];
  const payout: Rational[] = [];
  for (let i = 0; i < n; i++) {
    if (!s.party[i]) {
      payout.push(defenderPays);
      continue;
    }
    const weight = weightOf(i);
    payout.push((shares[weight] ??= rat(sign * total * weight, weights)));
  }
  // Keys in a fixed order (the result is hashed and recorded as JSON).
  const details: Record<string, unknown> = {
    level,
    doubledOnBump: bump === 2,
    buried: buriedTotal,
  };
  if (outOfPlay > 0) details['pointsOutOfPlay'] = outOfPlay;
  if (s.partner !== null) details['partner'] = s.partner;
  if (s.second !== null) details['secondPartner'] = s.second;
  if (s.crack !== null) details['crack'] = s.crack;
  if (s.recrack !== null) details['recrack'] = s.recrack;
  if (s.blitzes > 0) details['blitzes'] = s.blitzes;
  if (s.forced) details['forcedPick'] = true;
  if (s.game !== 'black-queens') details['picker'] = s.picker;
  return {
    contract: toContract(s),
    declarers: side,
    cardPoints: points,
    tricks: s.tricks.slice(),
    won,
    schneider,
    schwarz,
    laufende: 0,
    multiplier: mult * bump,
    payout,
    pot: ZERO,
    details,
  };
}

function settleLeaster(s: ShState): DealResult {
  const o = s.o;
  const points = s.points.slice();
  let outOfPlay = 0;
  const blindPoints = pointsOf(s.blind);
  // The blind goes to the winner of the last trick or of the dealer's named trick, or is ignored (out of play).
  const taker = o.leaster.blind === 'last-trick' ? s.turn : o.leaster.blind === 'dealer-trick' ? s.blindTaker : null;
  if (taker !== null) points[taker] = (points[taker] as number) + blindPoints;
  else outOfPlay = blindPoints;
  const eligible: Seat[] = [];
  for (let i = 0; i < s.n; i++) if (!o.leaster.mustTakeTrick || (s.tricks[i] as number) > 0) eligible.push(asSeat(i));
  let min = Infinity;
  for (const i of eligible) min = Math.min(min, points[i] as number);
  const lowest = eligible.filter((i) => points[i] === min);
  const mult = s.ctx.bock;
  const payout: Rational[] = Array.from({ length: s.n }, () => ZERO);
  // A tie for fewest pays nothing (docs/rules/sheepshead.md).
  const winner = lowest.length === 1 ? (lowest[0] as Seat) : null;
  if (winner !== null) {
    const stake = o.leaster.stake * mult * o.unit;
    for (let i = 0; i < s.n; i++) payout[i] = rat(i === winner ? stake * (s.n - 1) : -stake);
  }
  return {
    contract: toContract(s),
    declarers: winner !== null ? [winner] : [],
    cardPoints: points,
    tricks: s.tricks.slice(),
    won: winner !== null,
    schneider: false,
    schwarz: false,
    laufende: 0,
    multiplier: mult,
    payout,
    pot: ZERO,
    details: {
      leaster: true,
      ...(winner === null ? { tie: lowest } : { winner }),
      ...(outOfPlay > 0 ? { pointsOutOfPlay: outOfPlay } : {}),
    },
  };
}

/**
 * Two-handed (no blind, no picker): whoever takes 61 or more wins; the loser pays 1, 2 below 30 (schneider), 3 without
 * a trick; 60–60 pays nothing.
 */
function settleTwoHanded(s: ShState): DealResult {
  const o = s.o;
  const steps = pointSteps(o, (s.points[0] as number) + (s.points[1] as number));
  const winner: Seat | null =
    (s.points[0] as number) >= steps.win ? 0 : (s.points[1] as number) >= steps.win ? 1 : null;
  const payout: Rational[] = [ZERO, ZERO];
  let schneider = false;
  let schwarz = false;
  const mult = multiplier(s);
  if (winner !== null) {
    const loser = 1 - winner;
    schwarz = s.tricks[loser] === 0;
    schneider = (s.points[winner] as number) >= steps.schneider;
    const amount = (schwarz ? 3 : schneider ? 2 : 1) * mult * o.unit;
    payout[winner] = rat(amount);
    payout[loser] = rat(-amount);
  }
  return {
    contract: toContract(s),
    declarers: winner !== null ? [winner] : [],
    cardPoints: s.points.slice(),
    tricks: s.tricks.slice(),
    won: winner !== null,
    schneider,
    schwarz,
    laufende: 0,
    multiplier: mult,
    payout,
    pot: ZERO,
    details: winner !== null ? { winner } : { tie: true },
  };
}
