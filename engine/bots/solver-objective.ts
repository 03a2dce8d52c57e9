import { POINTS } from '../cards/card.js';
import { type Knowledge, leaderOf } from './knowledge.js';
import { getVariant } from '../registry.js';
import { Solver, type SolverProblem } from './solver.js';

/**
 * What `strong` asks the solver about each card of a sample. In the point games the payout moves in steps — won at
 * 61 of 120, Schneider at 91 (or lost Schneider at 30 and less) — so the card's value is the payout step best play
 * reaches: three thresholds answered by two null-window searches instead of the exact points (about seven), and a
 * card that only adds points nobody is paid for no longer outranks one that makes the contract safe. Schafkopf,
 * Mehrkopf and Sheepshead (`stepThresholds`, from each variant's `pointSteps`; Saukopf plays to its bid); everything else (Ramsch, Leaster, the tricks
 * of Bettel and Tout, a look-ahead of a few tricks, no known declaring party) keeps the exact value.
 */
export const POINT_STEPS = {
  /** Totals of the declaring party (over the whole deal) at which the payout steps up. */
  thresholds: [31, 61, 91],
  /** Worth of reaching 0, 1, 2, 3 of them: losing Schneider, lost, won, won Schneider (win counts twice). */
  worth: [0, 1, 3, 4],
} as const;

/** Card points the seats of `mask` took in the complete tricks so far. */
export function pointsTaken(k: Knowledge, mask: number): number {
  let sum = 0;
  for (let i = 0; i < k.tricks.length - 1; i++) {
    const t = k.tricks[i];
    if (t === undefined || t.length < k.players) continue;
    const w = t[leaderOf(k.order, t)];
    if (w === undefined || ((mask >> w.seat) & 1) === 0) continue;
    for (const p of t) sum += POINTS[p.card] as number;
  }
  return sum;
}

/** A sampled deal as `stepThresholds` needs it: the hands and the cards in nobody's hand (buried, out of play). */
export interface SampledDeal {
  readonly hands: readonly (readonly number[])[];
  readonly rest?: readonly number[];
}

/**
 * The payout steps of a point game as totals the declaring party must still take in the remaining tricks (its total
 * minus what it has: tricks taken, Sheepshead's buried cards), or undefined when the card's exact value is asked
 * instead (no declaring party, not for points, a look-ahead, a variant without steps or whose bots hook says so). The
 * steps are the variant's own (`pointSteps`, which its settlement decides by: engine/variants/<v>/settle.ts); its bots
 * hook (`VariantBots.pointStepsCount`, engine/variant.ts) says which points they count:
 * - `in-play`: the points in play (taken, in the open trick and in the sample's hands; cards out of play count for
 *   nobody);
 * - `deck`: the variant's total, the buried cards counting for the declaring side (its own buried cards if this seat
 *   buried them, else the sample's cards in nobody's hand).
 */
export function stepThresholds(
  variant: string,
  options: unknown,
  k: Knowledge,
  parties: { readonly valueMask: number; readonly unit: 'points' | 'trick' },
  toTheEnd: boolean,
  sample: SampledDeal,
  ownBuried: readonly number[] = [],
): number[] | undefined {
  const declared = k.declarers.length > 0 || k.contract?.declarer !== undefined;
  if (!toTheEnd || !declared || k.goal !== 'points' || parties.unit !== 'points') return undefined;
  const v = getVariant(variant);
  const steps = v?.pointSteps;
  if (v === undefined || steps === undefined) return undefined;
  const count = v.bots?.pointStepsCount?.(k.players, k.contract);
  if (count === undefined) return undefined;
  const taken = pointsTaken(k, parties.valueMask);
  const sum = (cs: readonly number[]): number => cs.reduce((a, c) => a + (POINTS[c] as number), 0);
  /** The steps for `played` points in all, less what the party has (`credited`: cards counted for it besides). */
  const left = (played: number, credited: number): number[] => {
    const s = steps(options, k.players, played);
    return [s.free, s.win, s.schneider].map((t) => t - taken - credited);
  };
  if (count === 'in-play') {
    let played = 0;
    for (const t of k.tricks) for (const p of t) played += POINTS[p.card] as number;
    for (const h of sample.hands) played += sum(h);
    return left(played, 0);
  }
  return left(v.totalPoints(options, k.players), ownBuried.length > 0 ? sum(ownBuried) : sum(sample.rest ?? []));
}

/**
 * The value of playing `card` in the solver's position for the PIMC average: the payout step it reaches when
 * `thresholds` are given (`stepThresholds`), else the exact value (undefined when the solver ran out of nodes). With
 * a `pointsWeight`, the step's worth plus that many times the exact card points (an exact search instead of the
 * step's two null-window tests).
 */
export function cardValue(
  solver: Solver,
  card: number,
  thresholds: readonly number[] | undefined,
  pointsWeight = 0,
): number | undefined {
  if (thresholds === undefined) return solver.valueAfter(card);
  if (pointsWeight > 0) {
    // The step first, the points telling equal steps apart.
    const s = stepAndPoints(solver, card, thresholds);
    return s === undefined ? undefined : s.worth + pointsWeight * s.points;
  }
  const level = solver.levelAfter(card, thresholds);
  return level === undefined ? undefined : (POINT_STEPS.worth[level] as number);
}

/**
 * One exact search for `card`: the card points best play takes (the declaring party's, from here on) and the worth of
 * the payout step they reach (`POINT_STEPS`); undefined when the solver ran out of nodes.
 */
export function stepAndPoints(
  solver: Solver,
  card: number,
  thresholds: readonly number[],
): { worth: number; points: number } | undefined {
  const points = solver.valueAfter(card);
  if (points === undefined) return undefined;
  return { worth: POINT_STEPS.worth[thresholds.filter((t) => points >= t).length] as number, points };
}

/**
 * How a Schafkopf point game settles with best play from a position, as a step 0..5: lost Schwarz, lost Schneider,
 * lost, won, won Schneider, won Schwarz (engine/variants/schafkopf: won at 61, Schneider at 91 / 30 and less,
 * Schwarz when one party takes no trick). `problem` values the declaring party's card points (its `valueMask` and
 * `maxMask`); `taken` is what each party has so far (points of the party, tricks of each side). The points are
 * answered by two null-window tests (61, then 91 or 31) sharing the table; Schwarz, only when the points reach the
 * extreme step and the side has no trick yet, by one test in tricks. Undefined when the node limit is reached.
 */
export function settlement(
  problem: SolverProblem,
  taken: { readonly points: number; readonly partyTricks: number; readonly foeTricks: number } = {
    points: 0,
    partyTricks: 0,
    foeTricks: 0,
  },
): { step: number | undefined; nodes: number } {
  const solver = new Solver(problem);
  const level = solver.level(POINT_STEPS.thresholds.map((t) => t - taken.points));
  let nodes = solver.nodes;
  if (level === undefined) return { step: undefined, nodes };
  const extreme = level === 3 ? taken.foeTricks === 0 : level === 0 ? taken.partyTricks === 0 : false;
  if (!extreme) return { step: level + 1, nodes };
  const nodeLimit = problem.nodeLimit === undefined ? undefined : Math.max(0, problem.nodeLimit - nodes);
  const tricks = new Solver({ ...problem, unit: 'trick', ...(nodeLimit !== undefined ? { nodeLimit } : {}) });
  const left = Math.max(...problem.hands.map((h) => h.length)) + (problem.trick.length > 0 ? 1 : 0);
  // Won: does the party take every trick left? Lost: can it take one at all?
  const reached = level === 3 ? tricks.atLeast(left) : tricks.atLeast(1);
  nodes += tricks.nodes;
  if (reached === undefined) return { step: undefined, nodes };
  if (level === 3) return { step: reached ? 5 : 4, nodes };
  return { step: reached ? 1 : 0, nodes };
}
