import type { BotBudget } from './types.js';

/**
 * Time budgets as work. A decision runs on a work budget (`BotBudget`) so that it never reads a clock; callers that
 * think in milliseconds (BOT_BUDGET_MS, `stammtisch duel --budget`) convert here. The rates are what one core of the
 * shared 2-core dev machine does (bench/bots-budget.ts measures them); slower hardware takes proportionally longer for
 * the same work — and decides the same.
 */
export const WORK_RATE = {
  /** Share of the time budget the work is sized for (the rest is headroom: sampling and playouts are not counted). */
  share: 0.6,
  /** Open-hand solver nodes per millisecond (measured 900–1,400 in card decisions; sampling costs the rest). */
  nodesPerMs: 500,
  /** Sampled deals solved per millisecond in a card decision (the solver's nodes are the real limit). */
  samplesPerMs: 0.5,
  /** Rollouts per millisecond: one plays up to four candidate deals out with heuristic bots, ~12 ms. */
  rolloutsPerMs: 0.08,
  /** Every decision may use at least this much, however short the time. */
  minSamples: 1,
  minNodes: 5_000,
} as const;

/** The work that fits `ms` milliseconds on one core. */
export function budgetForMs(ms: number): BotBudget {
  const t = Math.max(0, ms) * WORK_RATE.share;
  return {
    samples: Math.max(WORK_RATE.minSamples, Math.floor(t * WORK_RATE.samplesPerMs)),
    rollouts: Math.floor(t * WORK_RATE.rolloutsPerMs),
    nodes: Math.max(WORK_RATE.minNodes, Math.floor(t * WORK_RATE.nodesPerMs)),
  };
}
