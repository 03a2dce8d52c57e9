import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';
import type { Action } from '../../../engine/index.js';
import type { BotTurn } from '../../use-cases/queries.js';

/** tsx's ESM loader API (`tsx/esm/api`, its `import` condition), as a file URL a thread can import. */
function tsxEsmApi(): string {
  const pkg = createRequire(import.meta.url).resolve('tsx/package.json');
  return pathToFileURL(join(dirname(pkg), 'dist/esm/api/index.mjs')).href;
}

interface Job {
  readonly turn: BotTurn;
  readonly resolve: (action: Action | undefined) => void;
  readonly reject: (e: unknown) => void;
}

interface Thread {
  readonly worker: Worker;
  busy: { readonly id: number; readonly job: Job } | undefined;
}

/**
 * The process's budget for bot thinking: `threads` worker threads (default: the cores but one, at least one), each
 * thinking one turn at a time, so the event loop that answers requests never runs a search. Turns wait in one queue
 * per table and the threads take them round-robin over the tables: a table of strong bots gets its share, never the
 * whole budget, however many turns it asks for. A thread that dies takes its turn with it (rejected: the caller's
 * progress pass fails and its due work runs again) and is replaced.
 */
export class BotPool {
  readonly #queues = new Map<string, Job[]>();
  readonly #threads: Thread[] = [];
  #ids = 0;
  #closed = false;

  constructor(readonly threads: number = Math.max(1, availableParallelism() - 1)) {}

  /** Think `turn` on a thread (queued behind the other tables' turns, fairly). */
  think(turn: BotTurn): Promise<Action | undefined> {
    if (this.#closed) return Promise.reject(new Error('the bot pool is closed'));
    return new Promise((resolve, reject) => {
      const queue = this.#queues.get(turn.tableId);
      if (queue === undefined) this.#queues.set(turn.tableId, [{ turn, resolve, reject }]);
      else queue.push({ turn, resolve, reject });
      this.#dispatch();
    });
  }

  /** Turns waiting for a thread, over all tables. */
  get waiting(): number {
    let n = 0;
    for (const q of this.#queues.values()) n += q.length;
    return n;
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const q of this.#queues.values()) for (const job of q.splice(0)) job.reject(new Error('the bot pool closed'));
    this.#queues.clear();
    await Promise.all(this.#threads.splice(0).map((t) => t.worker.terminate()));
  }

  /** The next job, round-robin over the tables: the table served is moved to the back of the line. */
  #next(): Job | undefined {
    for (const [tableId, queue] of this.#queues) {
      const job = queue.shift();
      this.#queues.delete(tableId);
      if (queue.length > 0) this.#queues.set(tableId, queue);
      if (job !== undefined) return job;
    }
    return undefined;
  }

  #dispatch(): void {
    for (;;) {
      if (this.#queues.size === 0) return;
      let thread = this.#threads.find((t) => t.busy === undefined);
      if (thread === undefined && this.#threads.length < this.threads) thread = this.#spawn();
      if (thread === undefined) return;
      const job = this.#next();
      if (job === undefined) return;
      const id = ++this.#ids;
      thread.busy = { id, job };
      thread.worker.postMessage({ id, turn: job.turn });
    }
  }

  #spawn(): Thread {
    // TypeScript sources: the thread registers tsx's loader first (as the process runs under it), then loads the
    // worker module; a bundle ships the .js next to this file.
    const ts = import.meta.url.endsWith('.ts');
    const entry = new URL(ts ? './bot-worker.ts' : './bot-worker.js', import.meta.url);
    const worker = ts
      ? new Worker(
          `import(${JSON.stringify(tsxEsmApi())})` +
            `.then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); })`,
          { eval: true },
        )
      : new Worker(entry);
    worker.unref();
    const thread: Thread = { worker, busy: undefined };
    worker.on('message', (msg: { id: number; action?: Action; error?: string }) => {
      const busy = thread.busy;
      if (busy === undefined || busy.id !== msg.id) return;
      thread.busy = undefined;
      if (msg.error !== undefined) busy.job.reject(new Error(msg.error));
      else busy.job.resolve(msg.action);
      this.#dispatch();
    });
    const lost = (e: unknown): void => {
      const i = this.#threads.indexOf(thread);
      if (i >= 0) this.#threads.splice(i, 1);
      thread.busy?.job.reject(e instanceof Error ? e : new Error('bot thread exited'));
      thread.busy = undefined;
      if (!this.#closed) this.#dispatch();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`bot thread exited with ${code}`)));
    this.#threads.push(thread);
    return thread;
  }
}
