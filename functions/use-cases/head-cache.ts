import type { Loaded } from './table-stream.js';

/**
 * The warm service's cached head per table (issue 15): the state after the newest commit this process saw, and the
 * commits of its running deal. A cached head is only a guess: a command decided on it is written with the usual
 * conditional append at `version + 1`, and that write is the proof it was current. A lost race, a version conflict or
 * a rejected move on a cached head drops the entry and decides again on what the store says — so a stale cache (another
 * Lambda, another service instance) can cost a retry, never let a move through.
 */
export class HeadCache {
  private readonly heads = new Map<string, Loaded>();

  constructor(private readonly max = 5000) {}

  get(tableId: string): Loaded | undefined {
    const hit = this.heads.get(tableId);
    if (hit === undefined) return undefined;
    // Least recently used goes first: re-insert on a hit.
    this.heads.delete(tableId);
    this.heads.set(tableId, hit);
    return hit;
  }

  set(tableId: string, loaded: Loaded): void {
    this.heads.delete(tableId);
    this.heads.set(tableId, loaded);
    if (this.heads.size > this.max) {
      const oldest = this.heads.keys().next().value;
      if (oldest !== undefined) this.heads.delete(oldest);
    }
  }

  drop(tableId: string): void {
    this.heads.delete(tableId);
  }
}
