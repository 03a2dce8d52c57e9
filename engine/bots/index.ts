import type { Action } from '../variant.js';
import { heuristicBot } from './heuristic.js';
import { randomBot } from './random.js';
import { strongBot } from './strong.js';
import type { Bot, BotContext, SeatObservation } from './types.js';

export type { Bot, BotBudget, BotContext, SeatObservation } from './types.js';
export { WORK_RATE, budgetForMs } from './budget.js';
export { playBotDeal, seatObservation, type BotDeal, type DecisionLog } from './play.js';
export {
  ANALYSIS,
  analyseDeal,
  analysisText,
  type AnalysedDecision,
  type AnalysedOption,
  type AnalysisUnit,
  type DealAnalysis,
  type DealToAnalyse,
} from './analysis.js';

/** Bot levels by name. */
export const BOT_LEVELS = ['random', 'heuristic', 'strong'] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];

/** The bots by level: a fixed map (no registration at run time; a service takes other bots as a port). */
const bots: ReadonlyMap<string, Bot> = new Map([randomBot, heuristicBot, strongBot].map((b) => [b.level, b]));

export function getBot(level: string): Bot {
  const bot = bots.get(level);
  if (bot === undefined) throw new RangeError(`no bot level ${level} (have ${[...bots.keys()].join(', ')})`);
  return bot;
}

export function isBotLevel(level: string): level is BotLevel {
  return bots.has(level);
}

/**
 * The one entry point for tables: the action a bot of `level` takes for its seat.
 * `obs.view` is `variant.view(state, { kind: 'seat', seat })`, `obs.history` the deal's actions redacted for
 * that seat, `legal` = `variant.legalActions(state, seat)`. Returns one of `legal`.
 * @example chooseBotAction('strong', obs, legal, { rng: new Rng(seed), budget: budgetForMs(200) })
 */
export function chooseBotAction(
  level: string,
  obs: SeatObservation,
  legal: readonly Action[],
  ctx: BotContext,
): Action {
  return getBot(level).decide(obs, legal, ctx);
}
