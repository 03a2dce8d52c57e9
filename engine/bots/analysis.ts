import { Rng } from '../cards/deck.js';
import { indexOf } from '../cards/card.js';
import type { Action, AnyVariant, DealContext, Layout, Seat } from '../variant.js';
import { asSeat } from '../seat.js';
import { seatObservation } from './play.js';
import { hasStacks } from './stacks.js';
import { evaluateByRollouts, evaluateCards } from './strong.js';
import type { BotBudget, SeatObservation } from './types.js';

/**
 * Deal analysis: the `strong` bot's evaluation of every decision of a finished deal, each under what the deciding
 * seat knew then (its view and the actions as redacted for it — the same observation a bot gets), never the other
 * hands. Card decisions: every legal card valued by the bot's PIMC search (strong.ts `evaluateCards`, no pruning);
 * auction choices (bids, pass, pick, knock, …): the bot's rollout candidates valued by this seat's mean payout
 * (strong.ts `evaluateByRollouts`); other legal options of such a decision are listed without a value.
 * Pure and reproducible: the randomness is seeded from `seed` and the decision's index, the effort is `budget`.
 */

export type AnalysisUnit = 'step' | 'points' | 'tricks' | 'payout';

export interface AnalysedOption {
  readonly action: Action;
  /** The expected value under what the seat knew (in `unit`), null when this option was not evaluated. */
  readonly value: number | null;
}

export interface AnalysedDecision {
  /** Index of the action in the deal's actions (0-based). */
  readonly index: number;
  /** Deal seat (0-based within the deal). */
  readonly seat: Seat;
  readonly kind: 'card' | 'auction';
  readonly chosen: Action;
  readonly options: readonly AnalysedOption[];
  /**
   * `step`: the payout step the declaring party reaches (0 lost Schneider, 1 lost, 3 won, 4 won Schneider); `points`
   * / `tricks`: card points / tricks of the party the search values; `payout`: this seat's payout in money units.
   */
  readonly unit: AnalysisUnit;
  /** Whether this seat wants the value high or low (a defender wants the declaring party's value low). */
  readonly prefer: 'high' | 'low';
  /** The best evaluated option. */
  readonly best: Action;
  /** How much worse the chosen option is than the best, in `unit` (≥ 0; 0 when best or not evaluated). */
  readonly loss: number;
  /** `loss` on a common scale (step / 4, points / 120, tricks / 8, payout / largest |value|) for ranking. */
  readonly severity: number;
  /** Sampled deals the evaluation rests on. */
  readonly samples: number;
}

export interface DealAnalysis {
  readonly decisions: readonly AnalysedDecision[];
  /** Indices into `decisions` of the deal's biggest mistakes (loss > 0), worst first, at most `ANALYSIS.mistakes`. */
  readonly mistakes: readonly number[];
  /** The work budget of each decision. */
  readonly budget: BotBudget;
}

export const ANALYSIS = {
  mistakes: 5,
  /** Losses smaller than this (in `unit`) are noise of the sampling, not mistakes. */
  minLoss: { step: 0.05, points: 1, tricks: 0.05, payout: 0.01 },
  scale: { step: 4, points: 120, tricks: 8 },
} as const;

export interface DealToAnalyse {
  readonly variant: AnyVariant;
  readonly options: unknown;
  readonly players: number;
  /** Deal seat of the dealer. */
  readonly dealer: Seat;
  readonly layout: Layout;
  readonly context: DealContext;
  /** Every action of the deal in order, by deal seat, unredacted. */
  readonly actions: readonly { readonly seat: Seat; readonly action: Action }[];
}

/** Actions compare by content, whatever the order of their keys (a record's actions come from JSON). */
const canonical = (a: Action): string => JSON.stringify(Object.entries(a).sort(([x], [y]) => (x < y ? -1 : 1)));
const same = (a: Action, b: Action): boolean => canonical(a) === canonical(b);

/** The analysis of a played deal (throws when an action is illegal: the record is not this deal's). */
export function analyseDeal(deal: DealToAnalyse, budget: BotBudget, seed: string): DealAnalysis {
  const { variant, options, players } = deal;
  const state = variant.start(options, players, deal.dealer, deal.layout, deal.context);
  const histories: { seat: Seat; action: Action }[][] = Array.from({ length: players }, () => []);
  const decisions: AnalysedDecision[] = [];
  deal.actions.forEach(({ seat, action }, index) => {
    const problem = variant.check(state, seat, action);
    if (problem !== undefined) throw new Error(`action ${index} is not legal: ${problem.message}`);
    const legal = variant.legalActions(state, seat);
    if (legal.length > 1) {
      const obs = seatObservation(
        variant,
        options,
        state,
        seat,
        (histories[seat] as { seat: Seat; action: Action }[]).slice(),
      );
      const d = analyseDecision(obs, legal, action, index, { rng: new Rng(`${seed}:${index}`), budget });
      if (d !== undefined) decisions.push(d);
    }
    for (let s = 0; s < players; s++)
      (histories[s] as { seat: Seat; action: Action }[]).push({
        seat,
        action: variant.redactAction(state, seat, action, { kind: 'seat', seat: asSeat(s) }),
      });
    variant.apply(state, seat, action, true);
  });
  const mistakes = decisions
    .map((d, i) => ({ d, i }))
    .filter(({ d }) => d.loss > 0)
    .sort((a, b) => b.d.severity - a.d.severity)
    .slice(0, ANALYSIS.mistakes)
    .map(({ i }) => i);
  return { decisions, mistakes, budget };
}

function analyseDecision(
  obs: SeatObservation,
  legal: readonly Action[],
  chosen: Action,
  index: number,
  ctx: { rng: Rng; budget: BotBudget },
): AnalysedDecision | undefined {
  const plays = legal.filter((a): a is Extract<Action, { type: 'play' }> => a.type === 'play');
  if (plays.length > 0) {
    if (chosen.type !== 'play' || plays.length < 2) return undefined;
    if (obs.view.players === 2 && !hasStacks(obs)) return undefined;
    const e = evaluateCards(obs, plays, ctx, undefined, false);
    if (e === undefined || e.samples === 0) return undefined;
    const values = new Map(e.cards.map((c, j) => [c, e.values[j]]));
    return rate(obs, index, 'card', chosen, e.unit, e.prefer, e.samples, (a) =>
      a.type === 'play' ? values.get(indexOf(a.card)) : undefined,
    )(legal);
  }
  const e = evaluateByRollouts(obs, legal, ctx);
  if (e === undefined || e.samples === 0) return undefined;
  return rate(obs, index, 'auction', chosen, 'payout', 'high', e.samples, (a) => {
    const j = e.candidates.findIndex((c) => same(c, a));
    return j < 0 ? undefined : e.means[j];
  })(legal);
}

function rate(
  obs: SeatObservation,
  index: number,
  kind: AnalysedDecision['kind'],
  chosen: Action,
  unit: AnalysisUnit,
  prefer: 'high' | 'low',
  samples: number,
  valueOf: (a: Action) => number | undefined,
): (legal: readonly Action[]) => AnalysedDecision {
  return (legal) => {
    const options = legal.map((action) => ({ action, value: valueOf(action) ?? null }));
    const sign = prefer === 'high' ? 1 : -1;
    let best: AnalysedOption | undefined;
    for (const o of options)
      if (o.value !== null && (best === undefined || sign * o.value > sign * (best.value as number))) best = o;
    const mine = options.find((o) => same(o.action, chosen));
    const raw =
      best === undefined || mine === undefined || mine.value === null
        ? 0
        : sign * ((best.value as number) - mine.value);
    const loss = raw >= ANALYSIS.minLoss[unit] ? raw : 0;
    const scale =
      unit === 'payout'
        ? Math.max(1e-9, ...options.map((o) => Math.abs(o.value ?? 0)))
        : (ANALYSIS.scale[unit] as number);
    return {
      index,
      seat: obs.seat,
      kind,
      chosen,
      options,
      unit,
      prefer,
      best: (best ?? mine ?? { action: chosen }).action,
      loss,
      severity: loss / scale,
      samples,
    };
  };
}

/** An action in a few characters: the card played, else its type and fields (`bid sauspiel E`). */
function label(a: Action): string {
  if (a.type === 'play') return a.card;
  const rest = Object.entries(a)
    .filter(([k]) => k !== 'type')
    .map(([, v]) => String(v));
  return [a.type, ...rest].join(' ');
}

const fmt = (v: number | null): string => (v === null ? '–' : v.toFixed(v !== 0 && Math.abs(v) < 10 ? 2 : 0));

/**
 * The analysis as text for a terminal: one line per decision (who, what, the best option, the loss, every option's
 * value), the biggest mistakes marked with `!`.
 * @example analysisText(analyseDeal(deal, budgetForMs(200), 'seed'))
 */
export function analysisText(a: DealAnalysis, seatName: (seat: Seat) => string = (s) => `seat ${s}`): string {
  const worst = new Set(a.mistakes);
  return a.decisions
    .map((d, i) => {
      const mark = worst.has(i) ? '!' : ' ';
      const head = `${mark} #${String(d.index).padStart(2)} ${seatName(d.seat)} ${label(d.chosen)}`;
      const verdict = d.loss > 0 ? `best ${label(d.best)}, loses ${fmt(d.loss)} ${d.unit}` : 'best';
      const opts = d.options.map((o) => `${label(o.action)} ${fmt(o.value)}`).join(', ');
      return `${head.padEnd(28)} ${verdict.padEnd(34)} (${d.prefer} ${d.unit}: ${opts})`;
    })
    .join('\n');
}
