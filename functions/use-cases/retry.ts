import { AppError } from './errors.js';

/** How often a use case re-reads and retries after losing an optimistic-concurrency race. */
export const MAX_RETRIES = 5;

/** What an attempt returns when its conditional write lost a race: the next attempt re-reads. */
export const CONFLICT: unique symbol = Symbol('conflict');
export type Conflict = typeof CONFLICT;

/**
 * The one retry-on-conflict loop: run `attempt` (read, decide, one conditional write) until it returns something other
 * than CONFLICT, at most `attempts` (MAX_RETRIES) times; then `exhausted` answers (by default a 409 `table/busy`).
 */
export async function retryOnConflict<T>(
  attempt: () => Promise<T | Conflict>,
  exhausted: () => T = busy('the table changed; try again'),
  attempts = MAX_RETRIES,
): Promise<T> {
  for (let i = 0; i < attempts; i++) {
    const out = await attempt();
    if (out !== CONFLICT) return out;
  }
  return exhausted();
}

/** The answer after the retries ran out: 409 `table/busy` with `detail`. */
export function busy(detail: string): () => never {
  return () => {
    throw new AppError(409, 'table/busy', detail);
  };
}
