import { type TableMeta, lastSeq } from '../ports/table-store.js';
import type { UseCaseContext } from './context.js';
import { isNotFound } from './errors.js';
import { CONFLICT, busy, MAX_RETRIES, retryOnConflict } from './retry.js';
import { requireHead, requireMeta } from './table-stream.js';

/**
 * Who starts listening: a WebSocket subscription (the fan-out then reads the table's subscribers), or a change of the
 * webhook registrations that concern the table (the stream side caches a table's registrations under its epoch). And
 * one who must write next: the organiser's close of a table whose bots play runs back to back (play.ts `close`) — the
 * raise and the fence make the bots, decided on older metadata, lose the next slot to the close.
 */
export type Listener = 'subscription' | 'webhook' | 'close';

const BUSY = busy('the table is busy; try again');

/**
 * Make the table's commits after its current head carry a listen epoch that covers `who` (docs/performance.md, "Who
 * listens") — before the caller reads what it hands out (a subscription's first view) or answers (a registration).
 *
 * 1. Raise the metadata's epoch by one (one conditional metadata write, retried on a lost race): for a subscription
 *    unless a connection subscribed before (`watched`), for a webhook change always (the stream side's cached
 *    registrations of the table are keyed by the epoch, so a raised epoch makes it look them up again), for a close
 *    always.
 * 2. Unless the head commit carries that epoch (then every later commit does: a writer carries the larger of its
 *    metadata's epoch and its predecessor's), put a fence in the slot after the head. A writer that decided on
 *    metadata read before step 1 meets the fence, loses the race and decides again on fresh metadata. When a commit
 *    took the slot first, look at the new head again.
 * A cached head that carries the epoch needs no read: it is a real commit, and its successors inherit. Returns the
 * metadata with the raised epoch. 404 when the table has no commit yet (it is being opened: nothing to watch).
 */
export async function listenTo(
  ctx: UseCaseContext,
  tableId: string,
  known: TableMeta,
  who: Listener,
): Promise<TableMeta> {
  // Step 1 on the metadata the caller read, then (after a lost race) on a fresh read.
  let fresh: TableMeta | undefined = known;
  const meta = await retryOnConflict<TableMeta>(async () => {
    const m = fresh ?? (await requireMeta(ctx.store, tableId));
    fresh = undefined;
    if (who === 'subscription' && m.watched === true) return m;
    const raised: TableMeta = {
      ...m,
      listen: (m.listen ?? 0) + 1,
      ...(who === 'subscription' ? { watched: true } : {}),
      rev: m.rev + 1,
    };
    return (await ctx.store.updateMeta(raised)) ? raised : CONFLICT;
  }, BUSY);
  // This process's commands (its bot runs above all) decide on the cached metadata from now on with the raised epoch:
  // their commits carry it at once, without first meeting the fence below. Not for a close: there the fence is the
  // point — every run of server moves decided on the older metadata, in this process or another, meets it and gives up
  // the slot to the close (play.ts `close`).
  if (who !== 'close') ctx.heads?.setConfig(meta);
  const epoch = meta.listen ?? 0;
  const cached = ctx.heads?.get(tableId)?.commits.at(-1);
  if (cached !== undefined && (cached.listen ?? 0) >= epoch) return meta;
  for (let i = 0; i < 2 * MAX_RETRIES; i++) {
    const head = await requireHead(ctx.store, tableId);
    if ((head.listen ?? 0) >= epoch) return meta;
    if ((await ctx.store.fence(tableId, lastSeq(head) + 1, epoch)) === 'fenced') return meta;
  }
  return BUSY();
}

/**
 * A webhook registration of an API key (or its removal) concerns every table the key created: raise each one's epoch
 * (listenTo), a page of tables at a time. Tables that are gone or not open yet are skipped — a table opened after
 * its row was listed looks its registrations up on its first commit anyway. How many tables were raised.
 */
export async function listenToCreatorTables(ctx: UseCaseContext, keyHash: string): Promise<number> {
  let raised = 0;
  let after: string | undefined;
  do {
    const page = await ctx.store.tablesOfCreator(keyHash, 25, after);
    const done = await Promise.all(
      page.tableIds.map(async (tableId): Promise<number> => {
        const meta = await ctx.store.getMeta(tableId);
        if (meta === undefined) return 0;
        try {
          await listenTo(ctx, tableId, meta, 'webhook');
          return 1;
        } catch (e) {
          if (isNotFound(e)) return 0;
          throw e;
        }
      }),
    );
    raised += done.reduce((a, b) => a + b, 0);
    after = page.next;
  } while (after !== undefined);
  return raised;
}
