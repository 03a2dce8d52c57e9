import type { Commit } from '../ports/table-store.js';
import { botStep } from '../use-cases/bots.js';
import type { TableService } from '../use-cases/table-service.js';

/**
 * What happens to each new commit, on AWS (the DATA_TABLE stream) and locally (the dispatcher): push it to the
 * table's subscribers and let bot seats act, both awaited. A failure rejects so the record is retried; a retry
 * re-pushes (clients drop seqs they hold) and the bot step is idempotent (pinned version and idempotency key).
 */
export function createOnCommit(deps: {
  readonly service: TableService;
  readonly fanOut?: (commit: Commit) => Promise<unknown>;
  /** A table closed (after its last deal): a tournament table's round gets its score sheet. Idempotent. */
  readonly onTableClosed?: (tableId: string) => Promise<void>;
}): (commit: Commit) => Promise<void> {
  return async (commit) => {
    const [pushed, bots] = await Promise.allSettled([deps.fanOut?.(commit), botStep(deps.service, commit.tableId)]);
    if (pushed.status === 'rejected') throw pushed.reason;
    if (bots.status === 'rejected') throw bots.reason;
    if (deps.onTableClosed !== undefined && commit.events.some((e) => e.type === 'TableClosed'))
      await deps.onTableClosed(commit.tableId);
  };
}
