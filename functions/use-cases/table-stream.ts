import { type Audience, type TableEvent, type TableState, evolve, redactEvent } from '../../engine/index.js';
import {
  type Commit,
  type SeatInfo,
  type TableMeta,
  type TableStore,
  lastSeq,
  listenOf,
} from '../ports/table-store.js';
import type { UseCaseContext } from './context.js';
import type { CachedHead } from './head-cache.js';
import { AppError } from './errors.js';
import type { Loaded, SeatedEvent } from './kernel.js';

export type { Loaded, SeatedEvent } from './kernel.js';

/**
 * A table's event stream: load its commits, fold them from a deal's snapshot, redact them for an audience, append the
 * next commit. The use cases, the fan-out and idempotency all read through here.
 */

/** A deal snapshot and seeds produced by the server's own steps (auto-deal), written with the next commit. */
export interface Produced {
  readonly snapshot?: { readonly at: number; readonly state: TableState | null };
  readonly seeds?: Record<string, string>;
  /** The table has seats the server plays or a turn clock: the stream side runs a progress pass for this commit. */
  readonly auto?: boolean;
  /** The writer hands the next progress pass on itself (ports/table-store.ts `handedOn`). */
  readonly handedOn?: boolean;
  /** The table after the commit's events, when the caller folded them already (auto-deal.ts `advance` does). */
  readonly state?: TableState;
  /** The metadata's listen facts the command decided on (auto-deal.ts `advance` copies them; ports/table-store.ts). */
  readonly listen?: number;
  readonly watched?: boolean;
  /** The seating after the commit, written with it (seat changes and base commits; ports/table-store.ts `seating`). */
  readonly seating?: readonly SeatInfo[];
}

const notFound = (tableId: string): AppError => new AppError(404, 'table/not_found', `no table ${tableId}`);

/** A closed table whose records were archived (archive.ts): 410, with when. */
const archived = (meta: TableMeta): AppError =>
  new AppError(
    410,
    'table/archived',
    `table ${meta.tableId} was closed and archived; its records are no longer served`,
    {
      archivedAt: new Date(meta.archived?.at ?? 0).toISOString(),
    },
  );

/**
 * The table's stored metadata (settings and key hashes; its `seats` may be behind the stream's), or 404 (410 once it
 * was archived).
 */
export async function requireMeta(store: TableStore, tableId: string): Promise<TableMeta> {
  const meta = await store.getMeta(tableId);
  if (meta === undefined) throw notFound(tableId);
  if (meta.archived !== undefined) throw archived(meta);
  return meta;
}

/**
 * The seating at the head of `commits` (a deal's commits from its base): the newest `seating` among them. Undefined
 * for a table stored before seating moved into the stream and not seated since: its metadata's `seats` are the truth.
 */
export function seatingOf(commits: readonly Commit[]): readonly SeatInfo[] | undefined {
  for (let i = commits.length - 1; i >= 0; i--) {
    const seating = commits[i]?.seating;
    if (seating !== undefined) return seating;
  }
  return undefined;
}

/** The metadata with the seating of the stream at `loaded` (the stored seats only for a table from before). */
export function withSeating(meta: TableMeta, loaded: Pick<Loaded, 'commits'>): TableMeta {
  const seating = seatingOf(loaded.commits);
  return seating === undefined ? meta : { ...meta, seats: seating };
}

/**
 * The metadata with the seating at the head, read from the store alone (callers without a use-case context: the
 * tournament's tables). Undefined without the table.
 */
export async function seatedMeta(store: TableStore, tableId: string): Promise<TableMeta | undefined> {
  const meta = await store.getMeta(tableId);
  const head = meta === undefined ? undefined : await store.head(tableId);
  if (meta === undefined || head === undefined) return meta;
  return withSeating(meta, {
    commits: head.base === head.seq ? [head] : await store.range(tableId, head.base, head.seq),
  });
}

/** The stored metadata: the copy cached with the head (head-cache.ts `config`) unless `fresh`, else one read. */
export async function storedMeta(ctx: UseCaseContext, tableId: string, fresh = false): Promise<TableMeta> {
  const cached = fresh ? undefined : ctx.heads?.config(tableId);
  if (cached !== undefined) return cached;
  const meta = await requireMeta(ctx.store, tableId);
  ctx.heads?.setConfig(meta);
  return meta;
}

/** A table as the use cases see it: the metadata with the stream's seating, and the state it was read at. */
export interface Table {
  readonly meta: TableMeta;
  readonly loaded: Loaded;
  /** Read from this process's cache (unproved until a conditional write): a refusal on it reads again first. */
  readonly cached: boolean;
}

/**
 * The table for a command: warm (a cached head and metadata) it reads nothing — the command's conditional append
 * proves the head current; `fresh` (a retry, a refusal on the cache) reads the metadata and the head again.
 */
export async function tableForCommand(ctx: UseCaseContext, tableId: string, fresh = false): Promise<Table> {
  const head = fresh ? undefined : ctx.heads?.get(tableId);
  if (fresh) ctx.heads?.drop(tableId);
  const config = await storedMeta(ctx, tableId, head === undefined);
  const loaded = head ?? (await loadTable(ctx.store, tableId));
  if (head === undefined) ctx.heads?.advance(tableId, loaded);
  return { meta: withSeating(config, loaded), loaded, cached: head !== undefined };
}

/**
 * The table for a read that must not be stale (who may read, the names): the stored metadata (one read) with the
 * seating at the current head (table-stream.ts `currentHead`: one probe of the slot after a cached head).
 */
export async function requireTable(ctx: UseCaseContext, tableId: string): Promise<Table> {
  const config = await storedMeta(ctx, tableId, true);
  const loaded = await currentHead(ctx, tableId);
  return { meta: withSeating(config, loaded), loaded, cached: false };
}

/** The newest commit, or 404. */
export async function requireHead(store: TableStore, tableId: string): Promise<Commit> {
  const head = await store.head(tableId);
  if (head === undefined) throw notFound(tableId);
  return head;
}

/** Fold commits that start with a base commit: from its snapshot, then every later event. */
export function foldFromBase(commits: readonly Commit[]): TableState | null {
  const base = commits[0];
  if (base === undefined || base.snapshot === undefined) throw new Error('reads must start at a base commit');
  let state = base.snapshot.state;
  for (const e of base.events.slice(base.snapshot.at)) state = evolve(state, e);
  for (const c of commits.slice(1)) for (const e of c.events) state = evolve(state, e);
  return state;
}

/** The current state: the head commit names its deal's base commit; fold from that snapshot. Bounded reads. */
export async function loadTable(store: TableStore, tableId: string): Promise<Loaded> {
  const head = await requireHead(store, tableId);
  const commits = head.base === head.seq ? [head] : await store.range(tableId, head.base, head.seq);
  const state = foldFromBase(commits);
  if (state === null) throw notFound(tableId);
  return { state, version: lastSeq(head), base: head.base, commits };
}

/**
 * The table state just before `commit`: from `earlier` (the commits before it in its deal, when the caller read them)
 * or else by folding its deal's commits from their base — `prevBase` names that base for every commit, so this is one
 * bounded Query.
 */
export async function stateBefore(
  store: TableStore,
  commit: Commit,
  earlier: readonly Commit[] = [],
): Promise<TableState | null> {
  if (earlier.length > 0) return foldFromBase(earlier);
  if (commit.seq === 1) return null;
  return foldFromBase(await store.range(commit.tableId, commit.prevBase, commit.seq - 1));
}

/** Whether the deal an event belongs to is over in `current` (the organiser then sees it unredacted). */
function dealOverFor(event: TableEvent, current: TableState): boolean {
  const deal = 'deal' in event && typeof event.deal === 'number' ? event.deal : undefined;
  if (deal === undefined) return true;
  return deal < current.dealNo || (deal === current.dealNo && current.deal !== null && current.deal.over);
}

/** One event redacted for an audience (`before`: the state just before it; `current`: the table now). */
export function redactOne(
  before: TableState | null,
  event: TableEvent,
  audience: Audience,
  current: TableState,
): TableEvent {
  return redactEvent(before, event, audience, dealOverFor(event, current));
}

/** Redact a commit's events for an audience, folding the state event by event. */
export function redactCommit(
  before: TableState | null,
  commit: Commit,
  audience: Audience,
  current: TableState,
): SeatedEvent[] {
  let state = before;
  return commit.events.map((event, i) => {
    const out = { seq: commit.seq + i, event: redactOne(state, event, audience, current) };
    state = evolve(state, event);
    return out;
  });
}

/**
 * Append the next commit after `loaded` (one conditional write) and publish it. Undefined when another writer took
 * the slot first (the caller re-reads and retries).
 */
export async function appendCommit(
  ctx: UseCaseContext,
  tableId: string,
  loaded: Loaded,
  events: readonly TableEvent[],
  produced: Produced,
  idem: { readonly idem: string; readonly requestHash: string } | undefined,
): Promise<Commit | undefined> {
  const seq = loaded.version + 1;
  const commit: Commit = {
    tableId,
    seq,
    events,
    base: produced.snapshot !== undefined ? seq : loaded.base,
    prevBase: loaded.base,
    ...(produced.snapshot !== undefined ? { snapshot: produced.snapshot } : {}),
    ...(idem !== undefined ? { idempotencyKey: idem.idem, requestHash: idem.requestHash } : {}),
    ...(produced.seeds !== undefined ? { seeds: produced.seeds } : {}),
    ...(produced.seating !== undefined ? { seating: produced.seating } : {}),
    ...(produced.auto === true ? { auto: true } : {}),
    ...(produced.handedOn === true ? { handedOn: true } : {}),
    // The newer of the metadata's and the predecessor's listen facts: a writer on metadata read before a listen flip
    // still carries the epoch once the commit it follows does (or meets the flip's fence and decides again).
    ...listenOf(produced, loaded.commits[loaded.commits.length - 1]),
    at: ctx.now(),
  };
  const result = await ctx.store.append(commit);
  if (!result.ok) {
    ctx.heads?.drop(tableId);
    return undefined;
  }
  // The write proved `loaded` was the head: the state after this commit is the new cached head (and `loaded.state`
  // the state before it, which the fan-out redacts the commit against).
  if (ctx.heads !== undefined) {
    const next = after(loaded, commit, produced.state);
    if (next !== undefined) ctx.heads.set(tableId, next);
  }
  await ctx.afterAppend?.(commit);
  return commit;
}

/** The table after `commit`, the next commit after `loaded` (its deal's commits, the state before it). */
export function after(loaded: Loaded, commit: Commit, known?: TableState): CachedHead | undefined {
  let state: TableState | null = known ?? loaded.state;
  if (known === undefined) for (const e of commit.events) state = evolve(state, e);
  if (state === null) return undefined;
  return {
    state,
    version: lastSeq(commit),
    base: commit.base,
    commits: commit.base === commit.seq ? [commit] : [...loaded.commits, commit],
    before: loaded.state,
  };
}

/** How many commits after a cached head a read folds onto it; more, and the table is loaded afresh. */
const NEWER_LIMIT = 100;

/**
 * The cached head with the commits after it folded on, or undefined when they do not follow it without a gap (or a
 * fold fails): commits are immutable, so the result is exactly the table after the last of them.
 */
function foldNewer(cached: CachedHead, newer: readonly Commit[]): CachedHead | undefined {
  let now: CachedHead | undefined = cached;
  for (const c of newer) now = now === undefined || c.seq !== now.version + 1 ? undefined : after(now, c);
  return now;
}

/** The commit at slot `seq` (a consistent GetItem), or undefined when the slot is free. */
const commitAt = async (store: TableStore, tableId: string, seq: number): Promise<Commit | undefined> =>
  store.commitAt !== undefined
    ? store.commitAt(tableId, seq)
    : (await store.range(tableId, seq, seq, 1)).find((c) => c.seq === seq);

/**
 * The current table for a read that must not be stale (a GET view): the cached head when the slot after it is still
 * free (one small consistent read of a key — 0.5 RRU on AWS when absent, a GetItem on dynalite); when it is taken,
 * the newer commits (one Query) folded onto the cached head; without a cached head a full load. Each result goes back
 * into the cache.
 */
export async function currentHead(ctx: UseCaseContext, tableId: string): Promise<Loaded> {
  const cached = ctx.heads?.get(tableId);
  if (cached !== undefined) {
    const next = await commitAt(ctx.store, tableId, cached.version + 1);
    if (next === undefined) return cached;
    const rest = await ctx.store.range(tableId, lastSeq(next) + 1, Number.MAX_SAFE_INTEGER, NEWER_LIMIT);
    const now = rest.length < NEWER_LIMIT ? foldNewer(cached, [next, ...rest]) : undefined;
    if (now !== undefined) {
      ctx.heads?.advance(tableId, now);
      return now;
    }
  }
  const loaded = await loadTable(ctx.store, tableId);
  ctx.heads?.advance(tableId, loaded);
  return loaded;
}

/**
 * The metadata and the current table in ONE read, for a read that must not be stale and is authorised on that
 * metadata (a GET view): with a cached head and a store that can (`metaAndAfter`), one consistent read brings the
 * metadata and any commits after the cached head — the same facts as a GetItem of META and a probe of the slot after
 * the head (`currentHead`), in one call. Newer commits are folded onto the cached head (they are immutable and gapless
 * from it). Undefined when that is not possible (no cached head, too many newer commits): the caller reads META,
 * authorises, then `currentHead`. 404 without the table.
 */
export async function warmHeadAndMeta(
  ctx: UseCaseContext,
  tableId: string,
): Promise<{ readonly meta: TableMeta; readonly loaded: Loaded } | undefined> {
  const cached = ctx.heads?.get(tableId);
  if (cached === undefined || ctx.store.metaAndAfter === undefined) return undefined;
  const read = await ctx.store.metaAndAfter(tableId, cached.version + 1, NEWER_LIMIT);
  if (!read.complete) return undefined;
  if (read.meta === undefined) throw notFound(tableId);
  if (read.meta.archived !== undefined) throw archived(read.meta);
  const now = foldNewer(cached, read.commits);
  if (now === undefined) return undefined;
  if (now !== cached) ctx.heads?.advance(tableId, now);
  ctx.heads?.setConfig(read.meta);
  return { meta: withSeating(read.meta, now), loaded: now };
}
