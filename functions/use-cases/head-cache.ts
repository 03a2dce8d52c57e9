import type { Loaded } from './table-stream.js';

/**
 * The warm service's cached head per table (issue 15): the state after the newest commit this process saw, and the
 * commits of its running deal. A cached head is only a guess: a command decided on it is written with the usual
 * conditional append at `version + 1`, and that write is the proof it was current. A lost race, a version conflict or
 * a rejected move on a cached head drops the entry and decides again on what the store says — so a stale cache (another
 * Lambda, another service instance) can cost a retry, never let a move through.
 *
 * Bounded twice (issue 16, bench/memory.ts): at most `maxTables` heads and at most `maxCommits` cached commits in all,
 * least recently used first out. A head late in a deal holds ~40 commits (~20 KB as JSON, several times that on the
 * heap), so a count of tables alone (5,000 heads) could pin hundreds of MB; 20,000 commits keep it to tens of MB.
 */
export class HeadCache {
  private readonly heads = new Map<string, Loaded>();
  private commits = 0;

  constructor(
    private readonly maxTables = 5000,
    private readonly maxCommits = 20_000,
  ) {}

  get(tableId: string): Loaded | undefined {
    const hit = this.heads.get(tableId);
    if (hit === undefined) return undefined;
    // Least recently used goes first: re-insert on a hit.
    this.heads.delete(tableId);
    this.heads.set(tableId, hit);
    return hit;
  }

  set(tableId: string, loaded: Loaded): void {
    this.drop(tableId);
    this.heads.set(tableId, loaded);
    this.commits += loaded.commits.length;
    while (this.heads.size > this.maxTables || (this.commits > this.maxCommits && this.heads.size > 1)) {
      const oldest = this.heads.keys().next().value;
      if (oldest === undefined) break;
      this.drop(oldest);
    }
  }

  drop(tableId: string): void {
    const gone = this.heads.get(tableId);
    if (gone === undefined) return;
    this.heads.delete(tableId);
    this.commits -= gone.commits.length;
  }

  /** What is held: heads and commits (bench/memory.ts prints it; tests check the bounds). */
  size(): { readonly tables: number; readonly commits: number } {
    return { tables: this.heads.size, commits: this.commits };
  }
}
