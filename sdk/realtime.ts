import { Channel, type ChannelEvents, type RequestOptions, type SocketOptions, iterate } from './channel.js';
import type { Action, SeatPresence, SeqEvent, TableView } from './rest.js';

/** Server → client frames (asyncapi.yaml `receiveFrames`). */
export type ServerFrame =
  | {
      type: 'subscribed';
      requestId?: string;
      tableId: string;
      audience: string;
      version: number;
      view?: TableView;
      presence?: SeatPresence[];
    }
  | { type: 'unsubscribed'; requestId?: string; tableId: string; reason: string }
  | {
      type: 'events';
      requestId?: string;
      tableId: string;
      version: number;
      events: SeqEvent[];
      view?: TableView;
      next?: number | null;
    }
  | { type: 'result'; requestId?: string; tableId: string; version: number; events: SeqEvent[]; replayed: boolean }
  | {
      type: 'view';
      requestId?: string;
      tableId: string;
      version: number;
      view: TableView;
      presence?: SeatPresence[];
    }
  /** A seat's player connected or went away (ephemeral, no seq; docs/presence.md). */
  | { type: 'presence'; tableId: string; seat: number; connected: boolean; since: string; graceEnds?: string }
  | { type: 'pong'; requestId?: string; at: string }
  | { type: 'resync_needed'; tableId: string; after: number; version: number }
  | {
      type: 'error';
      requestId?: string;
      status: number;
      code: string;
      title: string;
      detail: string;
      field?: string;
    };

/** Client → server messages (asyncapi.yaml `sendCommand`). */
export type ClientMessage =
  | {
      action: 'subscribe';
      requestId?: string;
      tableId?: string;
      as?: 'seat' | 'spectator' | 'organiser';
      after?: number;
    }
  | { action: 'unsubscribe'; requestId?: string; tableId?: string }
  | {
      action: 'act';
      requestId?: string;
      tableId?: string;
      move: Action;
      expectedVersion?: number;
      idempotencyKey?: string;
    }
  | { action: 'resync'; requestId?: string; tableId?: string; after: number; limit?: number }
  | { action: 'ping'; requestId?: string }
  | { action: 'view'; requestId?: string; tableId?: string };

/** A `presence` frame: a seat's player connected or went away. */
export type PresenceChange = Extract<ServerFrame, { type: 'presence' }>;

export interface TableSocketOptions extends SocketOptions {
  readonly tableId: string;
  /** The last seq the caller already holds (events after it are delivered). Default 0: everything. */
  readonly after?: number;
  /** Each event exactly once, in seq order, gaps filled by `resync` first. */
  readonly onEvent?: (event: SeqEvent) => void;
  /** The audience's view whenever the server sends one (after the events it follows). */
  readonly onView?: (view: TableView, version: number) => void;
  /** A seat's player connected or went away (`presence` frames; the view's `presence` has every seat). */
  readonly onPresence?: (change: PresenceChange) => void;
  /** Every frame as received (for logging and contract checks). */
  readonly onFrame?: (frame: ServerFrame) => void;
}

/** What a {@link TableSocket} emits (`sock.on('event', (e) => …)`). */
export interface TableSocketEvents extends ChannelEvents<ServerFrame> {
  event: [event: SeqEvent];
  view: [view: TableView, version: number];
  presence: [change: PresenceChange];
}

/**
 * One table's realtime channel (asyncapi.yaml), in browsers and Node: keeps the last applied seq, drops repeats,
 * applies the next seq, and on a gap (a lost frame, `resync_needed`, a reconnect) asks for the missing events. It
 * pings before the server's 10-minute idle rule and reconnects with jittered back-off when the connection goes,
 * re-subscribing from the last seq; requests in flight are re-sent (`act` with an idempotency key, so a move is
 * taken once).
 *
 * @example
 * const sock = await TableSocket.connect({ wsUrl, tableId, token, onEvent: (e) => console.log(e.seq, e.event.type) });
 * sock.on('state', (s) => console.log(s));
 * await sock.act({ type: 'pass' });
 * for await (const e of sock) console.log(e.seq);
 */
export class TableSocket extends Channel<ServerFrame, TableSocketEvents> {
  #last: number;
  #resyncing = false;
  #keys = 0;
  readonly #keyPrefix = randomKey();
  /** Events that arrived ahead of a gap, held until the resync fills it. */
  readonly #ahead = new Map<number, SeqEvent>();
  #view: TableView | undefined;
  #version = 0;

  private constructor(private readonly options: TableSocketOptions) {
    super(options);
    this.#last = options.after ?? 0;
  }

  /** Connect, subscribe from `after`, and resolve once the `subscribed` reply is in. */
  static async connect(options: TableSocketOptions): Promise<TableSocket> {
    const socket = new TableSocket(options);
    await socket.start();
    return socket;
  }

  get tableId(): string {
    return this.options.tableId;
  }

  /** The seq of the newest event delivered to `onEvent`. */
  get lastSeq(): number {
    return this.#last;
  }

  /** The newest view received (undefined before the first) and its version. */
  get view(): TableView | undefined {
    return this.#view;
  }
  get version(): number {
    return this.#version;
  }

  /**
   * Act for the token's seat; resolves with the `result` frame (its events also arrive through `onEvent`), rejects
   * with a {@link StammtischError} (`code`, `field`, `currentVersion`, …). Without an `idempotencyKey` one is made,
   * so the re-send after a reconnect cannot take the move twice.
   */
  async act(
    move: Action,
    opts: { expectedVersion?: number; idempotencyKey?: string } & RequestOptions = {},
  ): Promise<Extract<ServerFrame, { type: 'result' }>> {
    const { signal, timeoutMs, ...rest } = opts;
    const idempotencyKey = rest.idempotencyKey ?? `${this.#keyPrefix}.${++this.#keys}`;
    const frame = await this.request(
      { action: 'act', move, ...rest, idempotencyKey },
      { ...(signal !== undefined ? { signal } : {}), ...(timeoutMs !== undefined ? { timeoutMs } : {}) },
    );
    return frame as Extract<ServerFrame, { type: 'result' }>;
  }

  /** Ask for the view now (it also arrives through `onView` / `view`). */
  async fetchView(opts: RequestOptions = {}): Promise<Extract<ServerFrame, { type: 'view' }>> {
    return (await this.request({ action: 'view' }, opts)) as Extract<ServerFrame, { type: 'view' }>;
  }

  /** Send a message with a fresh requestId and resolve with the reply carrying it (an `error` frame rejects). */
  override request(message: ClientMessage, options: RequestOptions = {}): Promise<ServerFrame> {
    return super.request(message, options);
  }

  /**
   * The events from now on, in seq order, as an async iterator (ends when the socket closes or `signal` aborts).
   * @example for await (const e of sock.events()) if (e.event.type === 'DealSettled') break;
   */
  events(options: { signal?: AbortSignal } = {}): AsyncIterableIterator<SeqEvent> {
    return iterate<SeqEvent>(
      (push) => this.on('event', push),
      (done) =>
        this.state === 'closed' ? (done(), () => undefined) : this.on('state', (s) => s === 'closed' && done()),
      options.signal,
    );
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<SeqEvent> {
    return this.events();
  }

  protected query(): Record<string, string> {
    return { tableId: this.options.tableId };
  }

  protected subscribeMessage(): ClientMessage {
    return { action: 'subscribe', after: this.#last };
  }

  protected subscribed(): void {
    // The subscribe's catch-up (after the last seq) is under way: gaps it leaves are resynced by #take.
    this.#resyncing = false;
  }

  protected handle(frame: ServerFrame): void {
    this.options.onFrame?.(frame);
    if (frame.type === 'events' || frame.type === 'result') this.#take(frame.events);
    if (frame.type === 'events' && frame.next !== undefined) {
      // A catch-up page (after subscribe or resync): continue from `next` until caught up.
      if (typeof frame.next === 'number') this.send({ action: 'resync', requestId: 'sync', after: frame.next });
      else this.#resyncing = false;
    }
    if (frame.type === 'resync_needed') this.#resync();
    if (frame.type === 'presence') {
      this.options.onPresence?.(frame);
      this.emit('presence', frame);
    }
    const view = 'view' in frame ? frame.view : undefined;
    if (view === undefined || !('version' in frame)) return;
    if (frame.type === 'subscribed' || (this.#ahead.size === 0 && frame.version <= this.#last)) {
      this.#view = view;
      this.#version = frame.version;
      this.options.onView?.(view, frame.version);
      this.emit('view', view, frame.version);
    }
  }

  /** Apply events in seq order: drop what we have, hold what is ahead of a gap, and resync to fill it. */
  #take(events: readonly SeqEvent[]): void {
    for (const e of events) if (e.seq > this.#last) this.#ahead.set(e.seq, e);
    for (let next = this.#ahead.get(this.#last + 1); next !== undefined; next = this.#ahead.get(this.#last + 1)) {
      this.#ahead.delete(next.seq);
      this.#last = next.seq;
      this.options.onEvent?.(next);
      this.emit('event', next);
    }
    if (this.#ahead.size > 0) this.#resync();
  }

  #resync(): void {
    if (this.#resyncing) return;
    this.#resyncing = true;
    this.send({ action: 'resync', requestId: 'sync', after: this.#last });
  }
}

/** A key prefix unique to this socket (idempotency keys: letters, digits and _.:-). */
export function randomKey(): string {
  const bytes = new Uint8Array(9);
  globalThis.crypto.getRandomValues(bytes);
  return `k${Array.from(bytes, (b) => b.toString(36).padStart(2, '0')).join('')}`;
}
