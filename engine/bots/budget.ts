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
  /**
   * Open-hand solver nodes per millisecond of a card decision, sampling included (solver.ts as rewritten on 2026-11-24:
   * node-bound decisions measured 12,000–13,500 nodes/ms at load ≈ 5 on the 2 cores, bench/bots-budget.ts; the old
   * solver did ~1,000). 10,000 leaves room for a busier machine.
   */
  nodesPerMs: 10_000,
  /**
   * Sampled deals per millisecond. Late in a deal a sample's solve is a few dozen nodes and drawing the sample costs
   * more (~60 samples/ms), so this caps the tiny solves there: 4/ms keeps that at ≤ 10% of the time while a 200 ms
   * decision may still solve 480 samples (strength grew with samples: 48 → 200 separated Mehrkopf 5 once).
   */
  samplesPerMs: 5,
  /**
   * Rollouts per millisecond: one plays up to four candidate deals out with heuristic bots, 3–5 ms CPU (auction
   * choices at 24 rollouts: mean 12–47 ms, p99 68–122 ms at load ≈ 3, `npx tsx bench/bots-budget.ts --auction-only
   * --deals 40 --rollouts 24`). It was 0.08 (~12 ms a rollout, an older and slower heuristic), which left the
   * auction three quarters of its time unused; the rollouts this frees are worth money (docs/bots.md "Strong's
   * auction: the rollouts its budget buys").
   */
  rolloutsPerMs: 0.2,
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
