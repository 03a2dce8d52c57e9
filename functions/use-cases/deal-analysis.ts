import { type Action, type Seat, getVariant } from '../../engine/index.js';
import { type AnalysedDecision, analyseDeal, budgetForMs } from '../../engine/bots/index.js';
import type { UseCaseContext } from './context.js';
import { finishedDeal } from './deal-history.js';
import { AppError } from './errors.js';

/**
 * Deal analysis: the strong bot's evaluation of every decision of a finished deal (engine/bots/analysis.ts), each under
 * what the deciding seat knew then. Only a finished (or abandoned) deal is analysed — a running deal is refused with
 * 409 `deal/not_over` whoever asks (its hands are hidden information). Computed once per deal and stored
 * (TableStore `putAnalysis`); each decision has the table's bot budget (BOT_BUDGET_MS) as work, so a deal of 32 cards
 * costs about as much CPU as 32 decisions of a strong bot. Readers are those who may read the deal's record.
 */

/** Bump when the analysing bot changes: stored analyses of another version are computed afresh. */
export const ANALYSIS_VERSION = 'strong-3';

export interface DealAnalysisResponse {
  readonly deal: number;
  readonly version: string;
  /** The work each decision had, as the time budget it was sized from. */
  readonly budgetMs: number;
  /** Table seats by deal seat (`seat` in a decision is a deal seat). */
  readonly players: readonly Seat[];
  /** Every decision that had a choice, in play order (with the table seat of its deal seat). */
  readonly decisions: readonly (AnalysedDecision & { readonly tableSeat: Seat })[];
  /** Indices into `decisions` of the biggest mistakes, worst first. */
  readonly mistakes: readonly number[];
}

export async function dealAnalysis(ctx: UseCaseContext, tableId: string, n: number): Promise<DealAnalysisResponse> {
  // The deal must be over before anything is read from the store's copy: a running deal is never analysed.
  const deal = await finishedDeal(ctx, tableId, n);
  const stored = await ctx.store.getAnalysis?.(tableId, n, ANALYSIS_VERSION);
  if (stored !== undefined) return JSON.parse(stored) as DealAnalysisResponse;
  const variant = getVariant(deal.opened.variant);
  // Unreachable for a table this service created; a store holding another build's variant is not analysed.
  if (variant === undefined) throw new AppError(404, 'deal/not_found', `variant ${deal.opened.variant} is unknown`);
  const budgetMs = ctx.botBudgetMs;
  const analysis = analyseDeal(
    {
      variant,
      options: deal.opened.options,
      players: deal.started.players.length,
      dealer: deal.started.dealerInDeal,
      layout: deal.started.layout,
      context: { bock: deal.started.bock, pot: deal.opened.pot },
      actions: deal.actions as { seat: Seat; action: Action }[],
    },
    budgetForMs(budgetMs),
    `${tableId}:${n}`,
  );
  const out: DealAnalysisResponse = {
    deal: n,
    version: ANALYSIS_VERSION,
    budgetMs,
    players: deal.started.players,
    decisions: analysis.decisions.map((d) => ({ ...d, tableSeat: deal.started.players[d.seat] as Seat })),
    mistakes: analysis.mistakes,
  };
  await ctx.store.putAnalysis?.(tableId, n, ANALYSIS_VERSION, JSON.stringify(out));
  return out;
}
