import type { ArchivedTable, TableArchive, TableExpiry } from '../ports/archive.js';
import { type Commit, type TableMeta, lastSeq } from '../ports/table-store.js';
import type { UseCaseContext } from './context.js';
import { foldFromBase } from './table-stream.js';

/** Commits read per page while exporting. */
const PAGE = 200;

/** What one archive run found or did. */
export type ArchiveOutcome = 'archived' | 'already' | 'open' | 'missing';

/**
 * Archive one closed table (docs/operations.md "Closed tables are archived"), safe to run again at any point:
 * 1. export its metadata (without token hashes) and every commit to the archive (replacing an earlier copy),
 * 2. mark the metadata `archived` (one conditional write): from then on reads answer 410 `table/archived`,
 * 3. give every other item of the table `expiresAt` (TTL removes them).
 * A table that is not closed is left alone ('open'); one already marked only gets step 3 again.
 */
export async function archiveTable(
  ctx: UseCaseContext,
  deps: { readonly archive: TableArchive; readonly expiry: TableExpiry; readonly expireAfterMs: number },
  tableId: string,
): Promise<ArchiveOutcome> {
  const now = ctx.now();
  const expiresAt = Math.ceil((now + deps.expireAfterMs) / 1000);
  for (let attempt = 0; attempt < 3; attempt++) {
    const meta = await ctx.store.getMeta(tableId);
    if (meta === undefined) return 'missing';
    if (meta.archived !== undefined) {
      await deps.expiry.expire(tableId, expiresAt);
      return 'already';
    }
    const head = await ctx.store.head(tableId);
    if (head === undefined) return 'missing';
    const commits = await allCommits(ctx, tableId, lastSeq(head));
    const state = foldFromBase(commits.slice(commits.findLastIndex((c) => c.seq === head.base)));
    if (state === null || !state.closed) return 'open';
    const location = await deps.archive.put(recordOf(meta, commits, now));
    if (!(await ctx.store.updateMeta({ ...meta, archived: { at: now, location }, rev: meta.rev + 1 }))) continue;
    await deps.expiry.expire(tableId, expiresAt);
    return 'archived';
  }
  throw new Error(`archiving ${tableId}: its metadata kept changing`);
}

async function allCommits(ctx: UseCaseContext, tableId: string, last: number): Promise<Commit[]> {
  const out: Commit[] = [];
  let from = 1;
  while (from <= last) {
    const page = await ctx.store.range(tableId, from, last, PAGE);
    if (page.length === 0) break;
    out.push(...page);
    from = lastSeq(page[page.length - 1]!) + 1;
  }
  return out;
}

/** A seat as the archive keeps it: who sat there, never the hash of their token. */
const publicSeat = (s: TableMeta['seats'][number]) => ('name' in s ? { kind: s.kind, name: s.name } : { kind: s.kind });

function recordOf(meta: TableMeta, commits: readonly Commit[], now: number): ArchivedTable {
  const { organiserKeyHash: _o, spectatorKeyHashes: _s, seats, archived: _a, ...rest } = meta;
  return {
    format: 1,
    tableId: meta.tableId,
    archivedAt: now,
    meta: { ...rest, seats: seats.map(publicSeat) },
    // The seating a commit carries (table-stream.ts) holds token hashes: the archive keeps the names only.
    commits: commits.map((c) => (c.seating === undefined ? c : { ...c, seating: c.seating.map(publicSeat) })),
  };
}
