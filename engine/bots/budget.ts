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
  /** Open-hand solver nodes per millisecond. */
  nodesPerMs: 250,
  /** Sampled deals per millisecond (a rollout plays out up to four candidate deals with heuristic bots). */
  samplesPerMs: 0.5,
  /** Every decision may use at least this much, however short the time. */
  minSamples: 1,
  minNodes: 5_000,
} as const;

/** The work that fits `ms` milliseconds on one core. */
export function budgetForMs(ms: number): BotBudget {
  const t = Math.max(0, ms) * WORK_RATE.share;
  return {
    samples: Math.max(WORK_RATE.minSamples, Math.floor(t * WORK_RATE.samplesPerMs)),
    nodes: Math.max(WORK_RATE.minNodes, Math.floor(t * WORK_RATE.nodesPerMs)),
  };
}
