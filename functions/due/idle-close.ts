import { type ArchivePolicy, TABLE_ARCHIVE, type TableArchive, type TableExpiry } from '../ports/archive.js';
import type { DueWorkHandler, DueWorkScheduler } from '../ports/due-work.js';
import type { IdlePolicy } from '../use-cases/idle.js';
import type { TableService } from '../use-cases/table-service.js';

/** The standing item's payload: when a check first saw the table unattended (use-cases/idle.ts). */
interface StandingPayload {
  readonly unattendedSince?: number;
}

/**
 * A live table's standing `table.progress` item, with the idle policy (docs/operations.md "Idle tables"): after the
 * progress pass, the unpinned (standing) run checks the table against the policy and closes it when the policy says
 * so; otherwise the item comes back when the policy could next close the table — or, with `healMs` (AWS: one sweep
 * period), sooner, so that a signal lost on the way heals within that time. Once the table is closed (by the policy,
 * its organiser or its last deal) the item is done and the table's archiving is scheduled `archive.afterMs` later.
 * Pinned runs (a commit's progress pass, a turn deadline) only progress.
 */
export function standingTable(
  progress: DueWorkHandler,
  deps: {
    readonly service: Pick<TableService, 'checkIdle' | 'now'>;
    readonly scheduler: DueWorkScheduler;
    readonly idle: IdlePolicy;
    /** Without it (a stack with no archive bucket) closed tables are not archived. */
    readonly archive?: Pick<ArchivePolicy, 'afterMs'>;
    readonly healMs?: number;
  },
): DueWorkHandler {
  const archiveLater = async (tableId: string): Promise<void> => {
    if (deps.archive !== undefined)
      await deps.scheduler.schedule({
        at: deps.service.now() + deps.archive.afterMs,
        kind: TABLE_ARCHIVE,
        key: tableId,
      });
  };
  return async (work) => {
    const outcome = await progress(work);
    if (work.pinnedVersion !== undefined) return outcome;
    if (outcome === 'done') {
      await archiveLater(work.key);
      return 'done';
    }
    const since = (work.payload as StandingPayload | undefined)?.unattendedSince;
    const check = await deps.service.checkIdle(work.key, deps.idle, since);
    if ('closed' in check) {
      await archiveLater(work.key);
      return 'done';
    }
    const now = deps.service.now();
    const again = deps.healMs === undefined ? check.checkAt : Math.min(check.checkAt, now + deps.healMs);
    const payload: StandingPayload =
      check.unattendedSince !== undefined ? { unattendedSince: check.unattendedSince } : {};
    return { again, payload };
  };
}

/** The `table.archive` handler (functions/use-cases/archive.ts): archive the closed table, then the item is done. */
export function archiveHandler(
  service: Pick<TableService, 'archive'>,
  deps: { readonly archive: TableArchive; readonly expiry: TableExpiry; readonly expireAfterMs: number },
): DueWorkHandler {
  return async (work) => {
    await service.archive(work.key, deps);
    return 'done';
  };
}
