import type { Commit, TableStore } from '../ports/table-store.js';
import type { DueWorkStore } from '../ports/due-work.js';
import { HeadCache } from './head-cache.js';
import { newSeed } from '../crypto/secrets.js';
import { type Bot, getBot } from '../../engine/bots/index.js';
import { DEFAULT_BOT_BUDGET_MS, chooseFor, logBotFallback } from './bots.js';
import type { Action } from '../../engine/index.js';
import type { BotTurn } from './kernel.js';

/** Ports the use cases need besides the store: time, randomness and what happens after an append. */
export interface ServiceDeps {
  readonly store: TableStore;
  readonly now?: () => number;
  readonly seed?: () => string;
  /**
   * Called after every successful append (the local runtime queues the commit for its fan-out; on AWS the stream
   * does). It must not wait for the table's progress pass: that is due work of its own (stream/on-commit.ts).
   */
  readonly afterAppend?: (commit: Commit) => Promise<void> | void;
  /** Time a bot decision may take (BOT_BUDGET_MS; only `strong` uses it). */
  readonly botBudgetMs?: number;
  /** The bot playing each level (default: the engine's, `getBot`). */
  readonly bots?: (level: string) => Bot;
  /**
   * Where a bot's turn is thought about (default: right here, `chooseFor` with `bots`). The local runtime hands costly
   * levels to its thread pool (functions/adapters/threads/bot-pool.ts): the per-process budget, fair over tables.
   */
  readonly think?: (turn: BotTurn, inline: (turn: BotTurn) => Action | undefined) => Promise<Action | undefined>;
  /** Where live tables are registered as standing due work (functions/ports/due-work.ts). */
  readonly dueWork?: DueWorkStore;
  /** The cached heads (default: one per service, as in a warm Lambda); `false` turns caching off. */
  readonly heads?: HeadCache | false;
}

/** What every use case gets: the ports with their defaults filled in. */
export interface UseCaseContext {
  readonly store: TableStore;
  readonly now: () => number;
  readonly seed: () => string;
  readonly afterAppend?: (commit: Commit) => Promise<void> | void;
  readonly botBudgetMs: number;
  readonly bots: (level: string) => Bot;
  /** A bot's decision for its turn (ServiceDeps `think`). */
  readonly think: (turn: BotTurn) => Promise<Action | undefined>;
  /** Where live tables are registered as standing due work (functions/ports/due-work.ts). */
  readonly dueWork?: DueWorkStore;
  readonly heads?: HeadCache;
}

export function contextOf(deps: ServiceDeps): UseCaseContext {
  const bots = deps.bots ?? getBot;
  const inline = (turn: BotTurn): Action | undefined => chooseFor(turn, logBotFallback, bots(turn.level));
  const think = deps.think;
  return {
    think: think === undefined ? (turn) => Promise.resolve(inline(turn)) : (turn) => think(turn, inline),
    store: deps.store,
    now: deps.now ?? Date.now,
    seed: deps.seed ?? newSeed,
    botBudgetMs: deps.botBudgetMs ?? DEFAULT_BOT_BUDGET_MS,
    bots,
    ...(deps.afterAppend !== undefined ? { afterAppend: deps.afterAppend } : {}),
    ...(deps.dueWork !== undefined ? { dueWork: deps.dueWork } : {}),
    ...(deps.heads !== false ? { heads: deps.heads ?? new HeadCache() } : {}),
  };
}
