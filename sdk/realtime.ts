import WebSocket from 'ws';
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

export interface TableSocketOptions {
  /** `ws://127.0.0.1:8787/ws` locally, the WebSocket API's stage URL on AWS. */
  readonly wsUrl: string;
  readonly tableId: string;
  readonly token?: string;
  /** The last seq the caller already holds (events after it are delivered). Default 0: everything. */
  readonly after?: number;
  /** Each event exactly once, in seq order, gaps filled by `resync` first. */
  readonly onEvent?: (event: SeqEvent) => void;
  /** The audience's view whenever the server sends one (after the events it follows). */
  readonly onView?: (view: TableView, version: number) => void;
  /** A seat's player connected or went away (`presence` frames; the view's `presence` has every seat). */
  readonly onPresence?: (change: Extract<ServerFrame, { type: 'presence' }>) => void;
  /** Every frame as received (for logging and contract checks). */
  readonly onFrame?: (frame: ServerFrame) => void;
}

/**
 * One table's realtime channel with resync by seq (asyncapi.yaml): keeps the last applied seq, drops repeats,
 * applies the next seq, and on a gap (a lost frame, `resync_needed`, a reconnect) asks for the missing events.
 *
 * @example
 * const sock = await TableSocket.connect({ wsUrl, tableId, token, onEvent: (e) => console.log(e.seq, e.event.type) });
 * await sock.act({ type: 'pass' });
 */
export class TableSocket {
  #ws: WebSocket | undefined;
  #last: number;
  #resyncing = false;
  #counter = 0;
  readonly #pending = new Map<string, { resolve: (f: ServerFrame) => void; reject: (e: Error) => void }>();
  /** Events that arrived ahead of a gap, held until the resync fills it. */
  readonly #ahead = new Map<number, SeqEvent>();

  private constructor(private readonly options: TableSocketOptions) {
    this.#last = options.after ?? 0;
  }

  /** Connect, subscribe from `after`, and resolve once the `subscribed` reply is in. */
  static async connect(options: TableSocketOptions): Promise<TableSocket> {
    const socket = new TableSocket(options);
    await socket.reconnect();
    return socket;
  }

  /** The seq of the newest event delivered to `onEvent`. */
  get lastSeq(): number {
    return this.#last;
  }

  /** (Re)open the connection and subscribe from the last seq held: nothing is lost or repeated across reconnects. */
  async reconnect(): Promise<void> {
    this.#ws?.close();
    const url = new URL(this.options.wsUrl);
    url.searchParams.set('tableId', this.options.tableId);
    const headers: Record<string, string> = {};
    if (this.options.token !== undefined) headers.authorization = `Bearer ${this.options.token}`;
    const ws = new WebSocket(url, { headers });
    this.#ws = ws;
    ws.on('message', (data) => this.#onMessage(JSON.parse(String(data)) as ServerFrame));
    ws.on('close', () => {
      for (const p of this.#pending.values()) p.reject(new Error('connection closed'));
      this.#pending.clear();
    });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
      ws.once('unexpected-response', (_req, res) =>
        reject(new Error(`WebSocket handshake refused: ${res.statusCode ?? '?'}`)),
      );
    });
    await this.request({ action: 'subscribe', after: this.#last });
  }

  /** Act for the token's seat; resolves with the `result` frame (its events also arrive through `onEvent`). */
  async act(move: Action, opts: { expectedVersion?: number; idempotencyKey?: string } = {}): Promise<ServerFrame> {
    return this.request({ action: 'act', move, ...opts });
  }

  /** Send a message with a fresh requestId and resolve with the reply carrying it (an `error` frame rejects). */
  request(message: ClientMessage): Promise<ServerFrame> {
    const requestId = `r${++this.#counter}`;
    return new Promise((resolve, reject) => {
      this.#pending.set(requestId, { resolve, reject });
      this.#send({ ...message, requestId });
    });
  }

  close(): void {
    this.#ws?.close();
  }

  #send(message: ClientMessage): void {
    this.#ws?.send(JSON.stringify(message));
  }

  #onMessage(frame: ServerFrame): void {
    this.options.onFrame?.(frame);
    if (frame.type === 'events' || frame.type === 'result') this.#take(frame.events);
    if (frame.type === 'events' && frame.next !== undefined) {
      // A catch-up page (after subscribe or resync): continue from `next` until caught up.
      if (typeof frame.next === 'number') this.#send({ action: 'resync', requestId: 'sync', after: frame.next });
      else this.#resyncing = false;
    }
    if (frame.type === 'resync_needed') this.#resync();
    if (frame.type === 'presence') this.options.onPresence?.(frame);
    const view = 'view' in frame ? frame.view : undefined;
    if (view !== undefined && 'version' in frame && this.#ahead.size === 0 && frame.version <= this.#last)
      this.options.onView?.(view, frame.version);
    if (frame.type === 'subscribed' && view !== undefined) this.options.onView?.(view, frame.version);
    if ('requestId' in frame && frame.requestId !== undefined) {
      const pending = this.#pending.get(frame.requestId);
      if (pending !== undefined) {
        this.#pending.delete(frame.requestId);
        if (frame.type === 'error') pending.reject(new Error(`${frame.status} ${frame.code}: ${frame.detail}`));
        else pending.resolve(frame);
      }
    }
  }

  /** Apply events in seq order: drop what we have, hold what is ahead of a gap, and resync to fill it. */
  #take(events: readonly SeqEvent[]): void {
    for (const e of events) if (e.seq > this.#last) this.#ahead.set(e.seq, e);
    for (let next = this.#ahead.get(this.#last + 1); next !== undefined; next = this.#ahead.get(this.#last + 1)) {
      this.#ahead.delete(next.seq);
      this.#last = next.seq;
      this.options.onEvent?.(next);
    }
    if (this.#ahead.size > 0) this.#resync();
  }

  #resync(): void {
    if (this.#resyncing) return;
    this.#resyncing = true;
    this.#send({ action: 'resync', requestId: 'sync', after: this.#last });
  }
}
