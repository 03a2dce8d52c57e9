import type { TableEvent } from '../../engine/index.js';
import type { Commit } from '../ports/table-store.js';
import type { UseCaseContext } from './context.js';
import { AppError } from './errors.js';
import { CONFLICT, retryOnConflict } from './retry.js';
import { type Produced, type Table, appendCommit, tableForCommand } from './table-stream.js';

/**
 * The one pipeline every command of a table runs through — a player's move, a bot's or the clock's, the organiser's
 * close, a join, a leave, a bot seated, a presence mark, the deal a full table starts:
 *
 *   load       table-stream.ts `tableForCommand`: the cached head and metadata (head-cache.ts), else the store; the
 *              seating is the stream's
 *   authorise  the command's `authorise` on the table loaded (policy/access.ts decides)
 *   decide     the command's `decide`: the events (the engine, seating, the server's own steps of auto-deal.ts)
 *   append     table-stream.ts `appendCommit`: ONE conditional write of the next slot
 *   publish    `ctx.afterAppend` (inside appendCommit): the stream side — fan-out, progress, webhooks
 *
 * Whatever the load read from the cache is unproved until the append: a refusal (any AppError of `authorise` or
 * `decide`) or an answer without a write on a cached table reads the store again before it answers, and a lost race decides again on the new head
 * — at most MAX_RETRIES attempts (retry.ts; `attempts`), then `exhausted`.
 */
export interface CommandStep<T> {
  /** Who asks, checked on every attempt's table: throws the policy's 401/403. */
  readonly authorise?: (table: Table) => void;
  /** The decision on the table: a write (events, what the server produced) and its answer, or an answer alone. */
  readonly decide: (table: Table) => Promise<Decision<T>> | Decision<T>;
  /** The answer when every attempt lost its race. */
  readonly exhausted: () => T;
  /**
   * How many attempts at most (default MAX_RETRIES). A server move makes one (progress.ts `playFor`): when it loses the
   * slot, the commit that took it — or the listen fence in it, and then the command that set the fence — goes first,
   * and the winner's own progress pass decides the next server move on the new head.
   */
  readonly attempts?: number;
}

export type Decision<T> =
  | {
      readonly events: readonly TableEvent[];
      readonly produced: Produced;
      readonly idem?: { readonly idem: string; readonly requestHash: string } | undefined;
      /** The answer once the commit is in. */
      readonly answer: (commit: Commit) => Promise<T> | T;
    }
  | { readonly answer: T; readonly events?: undefined };

/** Run a command through the pipeline (above). */
export async function runCommand<T>(ctx: UseCaseContext, tableId: string, step: CommandStep<T>): Promise<T> {
  let attempt = 0;
  return retryOnConflict(
    async () => {
      const table = await tableForCommand(ctx, tableId, attempt++ > 0);
      let decision: Decision<T>;
      try {
        step.authorise?.(table);
        decision = await step.decide(table);
      } catch (e) {
        // Refused on the cache: the cache may be behind another process's commits — ask the store before answering.
        if (table.cached && e instanceof AppError) {
          ctx.heads?.drop(tableId);
          return CONFLICT;
        }
        throw e;
      }
      if (decision.events === undefined) {
        // Nothing to write, decided on the cache: that too is a refusal the store must confirm (the cache may be behind).
        if (table.cached) {
          ctx.heads?.drop(tableId);
          return CONFLICT;
        }
        return decision.answer;
      }
      const commit = await appendCommit(ctx, tableId, table.loaded, decision.events, decision.produced, decision.idem);
      // Lost the race for the slot (or met a listen fence): the next attempt loads again.
      if (commit === undefined) return CONFLICT;
      return decision.answer(commit);
    },
    step.exhausted,
    step.attempts,
  );
}
