/** Time as the pacer sees it; tests pass a manual clock. */
export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export interface PacerOptions {
  /**
   * Least time between two lines. ngircd (default settings) handles three commands a second from one client and
   * holds back the rest (everything after them waits, other users' replies included): one line every 350 ms never
   * trips it.
   */
  readonly gapMs?: number;
  /** Longest line in bytes (UTF-8): an IRC message is 512 bytes with the sender prefix and the target. */
  readonly maxBytes?: number;
  readonly clock?: Clock;
}

/** `urgent`: a direct answer, ahead of the rest; `merge`: an announcement that may join the one waiting before it. */
export type Priority = 'urgent' | 'normal' | 'merge';

interface Queued {
  readonly target: string;
  text: string;
  readonly priority: Priority;
}

const bytes = (s: string): number => Buffer.byteLength(s, 'utf8');

/** Cut a line at `max` bytes without splitting a character. */
export function cutBytes(line: string, max: number): string {
  if (bytes(line) <= max) return line;
  let out = '';
  // Room for the ellipsis (three bytes in UTF-8).
  for (const ch of line) {
    if (bytes(out + ch) > max - 3) break;
    out += ch;
  }
  return `${out}…`;
}

/**
 * Outgoing IRC lines, paced so the server's flood control never holds the bot back. Replies to what someone just
 * typed go first; announcements and prompts queue behind them, and an announcement waiting for the same target is
 * merged into the one before it (`Anna: EO · Bert: GO`) instead of adding a line. The queue therefore stays about
 * one line per target long, and a reply waits at most a few gaps.
 */
export class LinePacer {
  readonly #queue: Queued[] = [];
  readonly #gap: number;
  readonly #max: number;
  readonly #clock: Clock;
  #last = -Infinity;
  #timer: unknown;
  /** Lines sent (for the logs and the tests). */
  sent = 0;

  constructor(
    private readonly send: (target: string, line: string) => void,
    o: PacerOptions = {},
  ) {
    this.#gap = o.gapMs ?? 350;
    this.#max = o.maxBytes ?? 350;
    this.#clock = o.clock ?? systemClock;
  }

  /** Queue text (one line per line of `text`). */
  say(target: string, text: string | undefined, priority: Priority = 'normal'): void {
    if (text === undefined) return;
    for (const raw of text.split('\n')) {
      const line = cutBytes(raw.trim(), this.#max);
      if (line === '') continue;
      if (priority === 'urgent') {
        const at = this.#queue.findIndex((q) => q.priority !== 'urgent');
        this.#queue.splice(at === -1 ? this.#queue.length : at, 0, { target, text: line, priority });
        continue;
      }
      const mine = this.#queue.filter((q) => q.target === target);
      const prev = mine[mine.length - 1];
      if (priority === 'merge' && prev?.priority === 'merge' && bytes(`${prev.text} · ${line}`) <= this.#max)
        prev.text = `${prev.text} · ${line}`;
      else this.#queue.push({ target, text: line, priority });
    }
    this.#pump();
  }

  /** Lines waiting. */
  get pending(): number {
    return this.#queue.length;
  }

  /** Drop what is queued (on shutdown). */
  clear(): void {
    this.#queue.length = 0;
    if (this.#timer !== undefined) this.#clock.clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #pump(): void {
    if (this.#timer !== undefined || this.#queue.length === 0) return;
    const wait = this.#last + this.#gap - this.#clock.now();
    if (wait > 0) {
      this.#timer = this.#clock.setTimeout(() => {
        this.#timer = undefined;
        this.#pump();
      }, wait);
      return;
    }
    const next = this.#queue.shift() as Queued;
    this.#last = this.#clock.now();
    this.sent++;
    this.send(next.target, next.text);
    this.#pump();
  }
}
