import type { Commit } from '../functions/ports/table-store.js';

/**
 * Runs the fan-out for each commit after its append, in commit order per table, off the request path.
 * `idle()` resolves once nothing is queued (tests await it instead of sleeping).
 */
export class Dispatcher {
  private readonly chains = new Map<string, Promise<void>>();
  private pending = 0;
  private waiters: (() => void)[] = [];
  private stopped = false;
  private held: Commit[] | undefined;

  constructor(private readonly run: (commit: Commit) => Promise<void>) {}

  enqueue(commit: Commit): void {
    if (this.stopped) return;
    if (this.held !== undefined) {
      this.held.push(commit);
      return;
    }
    this.pending++;
    const previous = this.chains.get(commit.tableId) ?? Promise.resolve();
    const next = previous
      .then(() => (this.stopped ? undefined : this.run(commit)))
      .catch((e: unknown) => console.error('fan-out failed', e instanceof Error ? e.message : 'unknown'))
      .finally(() => {
        if (this.chains.get(commit.tableId) === next) this.chains.delete(commit.tableId);
        this.pending--;
        if (this.pending === 0) for (const w of this.waiters.splice(0)) w();
      });
    this.chains.set(commit.tableId, next);
  }

  /** Queue commits without running them (tests measure one request's own store calls). */
  hold(): void {
    this.held ??= [];
  }

  /** Run what was held, in order. */
  release(): void {
    const held = this.held ?? [];
    this.held = undefined;
    for (const c of held) this.enqueue(c);
  }

  /** Nothing queued or running now. */
  isIdle(): boolean {
    return this.pending === 0;
  }

  idle(): Promise<void> {
    return this.pending === 0 ? Promise.resolve() : new Promise((resolve) => this.waiters.push(resolve));
  }

  stop(): void {
    this.stopped = true;
  }
}
