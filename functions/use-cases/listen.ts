import { type TableMeta, lastSeq } from '../ports/table-store.js';
import type { UseCaseContext } from './context.js';
import { busy, MAX_RETRIES } from './retry.js';
import { requireHead, requireMeta } from './table-stream.js';

/** Who starts listening: a WebSocket subscription (the fan-out then reads subscribers) or a webhook registration. */
export type Listener = 'subscription' | 'webhook';

/**
 * Make the table's commits after its current head carry a listen epoch that covers `who` (docs/performance.md, "Who
 * listens"), so the stream side reads subscribers and webhooks for every later commit — before the caller reads what
 * it hands out (the subscription's first view) or answers (the registration).
 *
 * 1. Raise the metadata's epoch (one conditional metadata write, retried on a lost race) unless it covers `who` already.
 * 2. Unless the head commit carries that epoch (then every later commit does: a writer carries the larger of its
 *    metadata's epoch and its predecessor's), put a fence in the slot after the head. A writer that decided on
 *    metadata read before step 1 meets the fence, loses the race and decides again on fresh metadata. When a commit
 *    took the slot first, look at the new head again.
 * A cached head that carries the epoch needs no read: it is a real commit, and its successors inherit. Returns the
 * metadata with the raised epoch.
 */
export async function listenTo(
  ctx: UseCaseContext,
  tableId: string,
  known: TableMeta,
  who: Listener,
): Promise<TableMeta> {
  let meta = known;
  const covered = (m: TableMeta): boolean =>
    m.listen !== undefined && m.listen > 0 && (who === 'webhook' || m.watched === true);
  for (let i = 0; !covered(meta); i++) {
    const raised: TableMeta = {
      ...meta,
      listen: (meta.listen ?? 0) + 1,
      ...(who === 'subscription' ? { watched: true } : {}),
      rev: meta.rev + 1,
    };
    if (await ctx.store.updateMeta(raised)) {
      meta = raised;
      break;
    }
    if (i + 1 >= MAX_RETRIES) busy('the table is busy; try again')();
    meta = await requireMeta(ctx.store, tableId);
  }
  const epoch = meta.listen ?? 0;
  const cached = ctx.heads?.get(tableId)?.commits.at(-1);
  if (cached !== undefined && (cached.listen ?? 0) >= epoch) return meta;
  for (let i = 0; i < 2 * MAX_RETRIES; i++) {
    const head = await requireHead(ctx.store, tableId);
    if ((head.listen ?? 0) >= epoch) return meta;
    if ((await ctx.store.fence(tableId, lastSeq(head) + 1, epoch)) === 'fenced') return meta;
  }
  return busy('the table is busy; try again')();
}
