import type { TableState } from '../../engine/index.js';
import type { TableMeta } from '../ports/table-store.js';
import type { Loaded } from './kernel.js';

/** A cached head: the loaded table and, when known, the state just before its newest commit (for redaction). */
export interface CachedHead extends Loaded {
  /** The state before the last of `commits` (what the fan-out redacts that commit against); undefined: unknown. */
  readonly before?: TableState | null;
}

/**
 * The warm service's cached head per table (docs/performance.md "How the caching stays safe"): the state after the
 * newest commit this process saw, and the commits of its running deal. Every entry is a fact about a durable commit (it
 * is set only after the conditional append succeeded, or from commits read from the store or the stream), so an entry
 * at version v is exactly the table at v; it can only be *behind*. A command decided on it is written with the usual
 * conditional append at `v + 1`, and that write is the proof it was current. A lost race, a version conflict or a
 * rejected move on a cached head drops the entry and decides again on what the store says — so a stale cache (another
 * Lambda, another service instance) can cost a retry, never let a move through. Reads that must be current (a GET view)
 * probe the slot `v + 1` (table-stream.ts `currentHead`).
 *
 * Next to a head, the table's stored metadata as last read (`config`): its settings, fixed at creation, and its key
 * hashes. The seating is not in it — that is the stream's (`Commit.seating`, read from the cached head itself). A
 * command decided on a cached config is proved by the same conditional append (a listen fence in the slot makes it
 * lose when the config's listen epoch is behind); every failed append drops the config with the head.
 *
 * Bounded twice (docs/operations.md "Memory", bench/memory.ts): at most `maxTables` heads and at most `maxCommits`
 * cached commits in all, least recently used first out. A head late in a deal holds ~40 commits (~20 KB as JSON,
 * several times that on the heap), so a count of tables alone (5,000 heads) could pin hundreds of MB; 20,000 commits
 * keep it to tens of MB.
 */
export class HeadCache {
  private readonly heads = new Map<string, CachedHead>();
  private readonly configs = new Map<string, TableMeta>();
  /**
   * The stream side's place per table (fanout.ts `statesAround`): the table after the newest commit the stream side
   * handled, which the next commit in order folds onto. Bots run ahead of the stream, often deals ahead, and then the
   * head above is no help to it. At most `maxTrails` tables, least recently used first out.
   */
  private readonly trails = new Map<string, CachedHead>();
  private commits = 0;

  constructor(
    private readonly maxTables = 5000,
    private readonly maxCommits = 20_000,
    private readonly maxTrails = 1000,
  ) {}

  /** Where the stream side stands on a table (see `trails`). */
  trail(tableId: string): CachedHead | undefined {
    return this.trails.get(tableId);
  }

  /** The stream side handled the commit `loaded` ends with. */
  setTrail(tableId: string, loaded: CachedHead): void {
    this.trails.delete(tableId);
    this.trails.set(tableId, loaded);
    if (this.trails.size > this.maxTrails) {
      const oldest = this.trails.keys().next().value;
      if (oldest !== undefined) this.trails.delete(oldest);
    }
  }

  get(tableId: string): CachedHead | undefined {
    const hit = this.heads.get(tableId);
    if (hit === undefined) return undefined;
    // Least recently used goes first: re-insert on a hit.
    this.heads.delete(tableId);
    this.heads.set(tableId, hit);
    return hit;
  }

  set(tableId: string, loaded: CachedHead): void {
    this.forget(tableId);
    this.heads.set(tableId, loaded);
    this.commits += loaded.commits.length;
    while (this.heads.size > this.maxTables || (this.commits > this.maxCommits && this.heads.size > 1)) {
      const oldest = this.heads.keys().next().value;
      if (oldest === undefined) break;
      this.drop(oldest);
    }
  }

  /** Set unless the entry already holds this version or a newer one (the stream side runs behind the writers). */
  advance(tableId: string, loaded: CachedHead): void {
    const known = this.heads.get(tableId);
    if (known !== undefined && known.version >= loaded.version) return;
    this.set(tableId, loaded);
  }

  /** Forget the head and the config (a lost append, a rejected move: the next command reads both again). */
  drop(tableId: string): void {
    this.forget(tableId);
    this.configs.delete(tableId);
  }

  private forget(tableId: string): void {
    const gone = this.heads.get(tableId);
    if (gone === undefined) return;
    this.heads.delete(tableId);
    this.commits -= gone.commits.length;
  }

  /** The table's stored metadata as last read (kept while its head is cached). */
  config(tableId: string): TableMeta | undefined {
    return this.heads.has(tableId) ? this.configs.get(tableId) : undefined;
  }

  /** Remember the stored metadata just read. */
  setConfig(meta: TableMeta): void {
    this.configs.set(meta.tableId, meta);
    // Bounded with the heads: configs of tables without a cached head go first.
    if (this.configs.size > this.maxTables * 2)
      for (const id of this.configs.keys()) {
        if (this.configs.size <= this.maxTables) break;
        if (!this.heads.has(id)) this.configs.delete(id);
      }
  }

  /** What is held: heads and commits (bench/memory.ts prints it; tests check the bounds). */
  size(): { readonly tables: number; readonly commits: number } {
    return { tables: this.heads.size, commits: this.commits };
  }
}
