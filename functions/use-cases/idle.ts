import { type CloseReason, asSeat } from '../../engine/index.js';
import type { TableMeta } from '../ports/table-store.js';
import type { UseCaseContext } from './context.js';
import { AppError } from './errors.js';
import { close } from './play.js';
import { loadTable, requireMeta, withSeating } from './table-stream.js';

/**
 * Idle tables are closed by policy (docs/operations.md "Idle tables"): the server closes a table on its own, with
 * `TableClosed { reason }`, when
 * - `lobby-idle`: no deal has started and nothing happened for `lobbyIdleMs` (a lobby nobody joins),
 * - `idle`: no commit at all for `idleMs` (everyone left a table without closing it),
 * - `unattended`: every seat is a bot, open or marked absent for `unattendedMs` (bots playing to an empty room).
 * The check is due work — the table's standing `table.progress` item (functions/due/idle-close.ts) comes back at the
 * next time the policy could close it — never a scan of the tables.
 */
export interface IdlePolicy {
  readonly idleMs: number;
  readonly lobbyIdleMs: number;
  readonly unattendedMs: number;
}

export const DEFAULT_IDLE_POLICY: IdlePolicy = {
  idleMs: 24 * 3_600_000,
  lobbyIdleMs: 3_600_000,
  unattendedMs: 30 * 60_000,
};

/** What the policy makes of a table now: close it (and why), or look again at `checkAt`. */
export type IdleDecision =
  { readonly close: CloseReason } | { readonly checkAt: number; readonly unattendedSince?: number };

/** The facts the policy looks at. */
export interface IdleFacts {
  /** Time of the newest commit. */
  readonly lastAt: number;
  /** No deal has started yet. */
  readonly lobby: boolean;
  /** No seat is held by a player who is present (all bots, open or absent). */
  readonly unattended: boolean;
}

/**
 * The policy itself, pure. `unattendedSince`: when an earlier check first saw the table unattended (the standing
 * item's payload carries it from check to check).
 */
export function decideIdle(facts: IdleFacts, now: number, policy: IdlePolicy, unattendedSince?: number): IdleDecision {
  const idleAt = facts.lastAt + (facts.lobby ? policy.lobbyIdleMs : policy.idleMs);
  if (now >= idleAt) return { close: facts.lobby ? 'lobby-idle' : 'idle' };
  if (!facts.lobby && facts.unattended) {
    const since = Math.min(unattendedSince ?? now, now);
    const closeAt = since + policy.unattendedMs;
    if (now >= closeAt) return { close: 'unattended' };
    return { checkAt: Math.min(idleAt, closeAt), unattendedSince: since };
  }
  return { checkAt: idleAt };
}

/** Whether no seat is held by a present player. */
export function unattended(meta: TableMeta, absent: readonly number[] | undefined): boolean {
  return !meta.seats.some((s, i) => s.kind === 'human' && !(absent?.includes(asSeat(i)) ?? false));
}

/** The outcome of one check: the table is (now) closed, or when to look again. */
export type IdleCheck =
  { readonly closed: CloseReason | 'already' } | { readonly checkAt: number; readonly unattendedSince?: number };

/** A table that moved on between the check and the close is looked at again this much later. */
const RECHECK_MS = 60_000;

/**
 * Check one table against the policy and close it when the policy says so (one load: META + the running deal's
 * commits; a close is the organiser's close with a reason). `idle` and `lobby-idle` closes are pinned to the version
 * checked, so a move that comes in meanwhile keeps the table open; an `unattended` close is not (the bots move on).
 */
export async function checkIdle(
  ctx: UseCaseContext,
  tableId: string,
  policy: IdlePolicy,
  unattendedSince?: number,
): Promise<IdleCheck> {
  const now = ctx.now();
  const loaded = await loadTable(ctx.store, tableId);
  // The seating is the stream's (the stored metadata keeps only the seating at creation): table-stream.ts.
  const meta = withSeating(await requireMeta(ctx.store, tableId), loaded);
  if (loaded.state.closed) return { closed: 'already' };
  const head = loaded.commits[loaded.commits.length - 1];
  const facts: IdleFacts = {
    lastAt: head?.at ?? meta.createdAt,
    lobby: loaded.state.deal === null,
    unattended: unattended(meta, loaded.state.absent),
  };
  const decision = decideIdle(facts, now, policy, unattendedSince);
  if (!('close' in decision)) return decision;
  try {
    await close(ctx, tableId, {
      reason: decision.close,
      ...(decision.close === 'unattended' ? {} : { expectedVersion: loaded.version }),
    });
    return { closed: decision.close };
  } catch (e) {
    // Moved on (a move came in) or closed meanwhile: look again soon; the next check sees which.
    if (e instanceof AppError && e.status === 409) return { checkAt: now + RECHECK_MS };
    throw e;
  }
}
