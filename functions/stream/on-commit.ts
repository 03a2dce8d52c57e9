import { type DueWorkHandler, type DueWorkScheduler, TABLE_PROGRESS } from '../ports/due-work.js';
import { type Commit, lastSeq } from '../ports/table-store.js';
import type { TableService } from '../use-cases/table-service.js';

/**
 * What happens to each new commit, on AWS (the DATA_TABLE stream) and locally (the dispatcher): push it to the
 * table's subscribers and let the table progress (bots act; a turn deadline is handed to the scheduler), both
 * awaited. A failure rejects so the record is retried; a retry re-pushes (clients drop seqs they hold) and progress is
 * idempotent (pinned version and idempotency key).
 */
export function createOnCommit(deps: {
  readonly service: TableService;
  readonly fanOut?: (commit: Commit) => Promise<unknown>;
  /**
   * A table closed (after its last deal, or closed early) or a seat was freed: a tournament table's round gets its
   * score sheet, a freed seat of a tournament table a bot. Idempotent.
   */
  readonly onTableClosed?: (tableId: string) => Promise<void>;
  readonly scheduler?: DueWorkScheduler;
  /** Signed webhook deliveries (enqueued durably, then sent in seq order per registration). */
  readonly webhooks?: (commit: Commit) => Promise<unknown>;
}): (commit: Commit) => Promise<void> {
  const step = progressStep(deps.service, deps.scheduler);
  return async (commit) => {
    const [pushed, moved, hooks] = await Promise.allSettled([
      deps.fanOut?.(commit),
      // Human-only tables without a clock: nothing for the server to do, nothing to read.
      commit.auto === true
        ? step({ at: commit.at, kind: TABLE_PROGRESS, key: commit.tableId, pinnedVersion: lastSeq(commit) })
        : undefined,
      deps.webhooks?.(commit),
    ]);
    if (pushed.status === 'rejected') throw pushed.reason;
    if (hooks.status === 'rejected') throw hooks.reason;
    if (moved.status === 'rejected') {
      // Hand the table to the due-work queue (its own retries and DLQ) instead of failing the stream record.
      if (deps.scheduler === undefined) throw moved.reason;
      console.error('progress failed; handed to due work', moved.reason instanceof Error ? moved.reason.message : '');
      await deps.scheduler.remind({
        at: deps.service.now() + 1000,
        kind: TABLE_PROGRESS,
        key: commit.tableId,
        pinnedVersion: lastSeq(commit),
      });
    }
    if (
      deps.onTableClosed !== undefined &&
      commit.events.some((e) => e.type === 'TableClosed' || e.type === 'SeatLeft')
    )
      await deps.onTableClosed(commit.tableId);
  };
}

/**
 * The `table.progress` due-work handler: one progress pass (pinned when the work is), then the next deadline goes to
 * the scheduler as a reminder pinned to the version it was computed at. A closed table drops its standing item.
 */
export function progressStep(service: TableService, scheduler: DueWorkScheduler | undefined): DueWorkHandler {
  return async (work) => {
    const out = await service.progress(work.key, work.pinnedVersion);
    if (out.closed) {
      await scheduler?.cancel(TABLE_PROGRESS, work.key);
      return 'done';
    }
    if (out.deadline !== undefined)
      await scheduler?.remind({ at: out.deadline, kind: TABLE_PROGRESS, key: work.key, pinnedVersion: out.version });
    return work.pinnedVersion === undefined ? 'keep' : 'done';
  };
}
