import { type DueWorkHandler, type DueWorkScheduler, TABLE_PROGRESS } from '../ports/due-work.js';
import { type Commit, lastSeq } from '../ports/table-store.js';
import type { TableService } from '../use-cases/table-service.js';

/**
 * What happens to each new commit, on AWS (the DATA_TABLE stream) and locally (the dispatcher): push it to the
 * table's subscribers, hand the table's next step to the due-work port (`table.progress` due now, pinned to the
 * commit: bots act, a turn deadline is scheduled; only for commits of tables the server acts at) and its webhooks,
 * all awaited. A failure rejects so the record is retried; a retry re-pushes (clients drop seqs they hold) and
 * progress is idempotent (pinned version and idempotency key). Without a scheduler (a stack before due work, tests)
 * the progress pass runs here.
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
  const scheduler = deps.scheduler;
  return async (commit) => {
    // A run whose writer hands the next pass on (`handedOn`): this pass is the safety net, a little later.
    const at = deps.service.now() + (commit.handedOn === true && scheduler !== undefined ? LOST_RETRY_MS : 0);
    const work = { at, kind: TABLE_PROGRESS, key: commit.tableId, pinnedVersion: lastSeq(commit) };
    const [pushed, moved, hooks] = await Promise.allSettled([
      deps.fanOut?.(commit),
      // Human-only tables without a clock: nothing for the server to do, nothing to read.
      commit.auto === true ? (scheduler !== undefined ? scheduler.remind(work) : step(work)) : undefined,
      deps.webhooks?.(commit),
    ]);
    if (pushed.status === 'rejected') throw pushed.reason;
    if (hooks.status === 'rejected') throw hooks.reason;
    if (moved.status === 'rejected') throw moved.reason;
    if (
      deps.onTableClosed !== undefined &&
      commit.events.some((e) => e.type === 'TableClosed' || e.type === 'SeatLeft')
    )
      await deps.onTableClosed(commit.tableId);
  };
}

/**
 * Runs of server moves in a row that follow each other as due work before the next waits for the stream side: the
 * pass of a run's commit is handed on by the run before (`progressStep`), up to this many, then it is the commit's own
 * stream step that hands it on. Bots thus play ahead of the fan-out and the webhook rows (a table's pace does not wait
 * for its slowest webhook target: test/webhooks/outbox.test.ts), but never more than this many commits.
 */
export const MAX_RUNS_AHEAD = 16;

/** What a `table.progress` run handed on by the run before carries: how many runs ahead of the stream side it is. */
interface RunPayload {
  readonly ahead: number;
}

/** How long after a pass whose server move lost its slot the table is looked at again (see `progressStep`). */
export const LOST_RETRY_MS = 1000;

/**
 * The `table.progress` due-work handler: one progress pass (pinned when the work is). When it wrote a run of server
 * moves, the next pass is due now, pinned to that run's commit (the next run does not wait for the commit's fan-out
 * and webhooks; at most MAX_RUNS_AHEAD in a row); when a run lost its slot, one more look in LOST_RETRY_MS (the
 * winner's commit has its own pass — this is for a close's fence that no close followed); a turn deadline goes to the
 * scheduler as a reminder pinned to the version it was computed at. A closed table drops its standing item.
 */
export function progressStep(service: TableService, scheduler: DueWorkScheduler | undefined): DueWorkHandler {
  return async (work) => {
    const ahead = (work.payload as RunPayload | undefined)?.ahead ?? 0;
    // When this pass writes a run and the next one is handed on below, the run's commit says so (`handedOn`).
    const handsOn = scheduler !== undefined && ahead + 1 < MAX_RUNS_AHEAD;
    const out = await service.progress(work.key, work.pinnedVersion, { handsOn });
    if (out.closed) {
      await scheduler?.cancel(TABLE_PROGRESS, work.key);
      return 'done';
    }
    const next = { kind: TABLE_PROGRESS, key: work.key, pinnedVersion: out.version };
    if (out.acted > 0 && handsOn)
      await scheduler?.remind({ ...next, at: service.now(), payload: { ahead: ahead + 1 } satisfies RunPayload });
    else if (out.lost === true) await scheduler?.remind({ ...next, at: service.now() + LOST_RETRY_MS });
    else if (out.deadline !== undefined) await scheduler?.remind({ ...next, at: out.deadline });
    return work.pinnedVersion === undefined ? 'keep' : 'done';
  };
}
