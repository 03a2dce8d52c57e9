import { StammtischError } from './errors.js';
import {
  type Clock,
  type ReconnectOptions,
  type TokenTransport,
  type WebSocketConstructor,
  type WebSocketLike,
  backoffDelay,
  handshake,
  resolveWebSocket,
  systemClock,
} from './transport.js';

/** `connecting` (first attempt), `open` (subscribed), `reconnecting` (lost, trying again), `closed` (for good). */
export type SocketState = 'connecting' | 'open' | 'reconnecting' | 'closed';

/** What every realtime socket of the SDK takes besides its channel (a table or a tournament). */
export interface SocketOptions {
  /** `ws://127.0.0.1:8787/ws` locally, the WebSocket API's stage URL on AWS. */
  readonly wsUrl: string;
  readonly token?: string;
  /**
   * How the token travels: `protocol` (the `stammtisch.bearer.<token>` subprotocol; the default) or `query`
   * (`?token=`). Both work in browsers; the subprotocol keeps it out of URLs and access logs.
   */
  readonly tokenIn?: TokenTransport;
  /** The WebSocket to use (default: the platform's; in Node 20 the `ws` package through the package's Node entry). */
  readonly WebSocket?: WebSocketConstructor;
  /**
   * Send a `ping` after this long without sending anything (default 4 minutes), well inside the server's rule that
   * closes a connection that sent nothing for 10 minutes. 0 turns the heartbeat off.
   */
  readonly heartbeatMs?: number;
  /** A ping not answered within this long means the connection is dead: reconnect (default 20 s). */
  readonly pongTimeoutMs?: number;
  /** Reconnect after a lost connection (default on: 0.5 s doubling to 30 s, jittered, never giving up). */
  readonly reconnect?: boolean | ReconnectOptions;
  /** A request not answered within this long is rejected with `client/timeout` (default 30 s). */
  readonly requestTimeoutMs?: number;
  /** An opening handshake not done within this long counts as failed (default 15 s). */
  readonly connectTimeoutMs?: number;
  /** Aborting closes the socket for good (pending requests reject with `client/aborted`). */
  readonly signal?: AbortSignal;
  /** Timers and time (default: the platform's); tests inject a manual clock. */
  readonly clock?: Clock;
  /** Random numbers in [0, 1) for the back-off jitter (default Math.random). */
  readonly random?: () => number;
  /** The connection state changed. */
  readonly onState?: (state: SocketState) => void;
  /** A failure no request is waiting for: a refused resync, giving up reconnecting. */
  readonly onError?: (error: StammtischError) => void;
}

/** A frame from the server: `type`, and the `requestId` of the request it answers. */
export interface Frame {
  readonly type: string;
  readonly requestId?: string;
}

/** A message to the server (asyncapi.yaml `sendCommand`): routed on `action`. */
export interface Message {
  readonly action: string;
  readonly requestId?: string;
  readonly [field: string]: unknown;
}

interface Pending<F> {
  readonly message: Message;
  readonly resolve: (frame: F) => void;
  readonly reject: (error: StammtischError) => void;
  readonly timer: unknown;
  /** Internal requests (subscribe, ping) belong to one connection: they fail with it instead of being re-sent. */
  readonly connection: number | undefined;
  readonly cleanup: () => void;
}

/** Per-request options. */
export interface RequestOptions {
  readonly signal?: AbortSignal;
  /** Overrides the socket's `requestTimeoutMs`. */
  readonly timeoutMs?: number;
}

type Listener = (...args: unknown[]) => void;

/** A small typed event emitter: `on` returns the function that removes the listener. */
export class Emitter<E extends { [K in keyof E]: unknown[] }> {
  readonly #listeners = new Map<keyof E, Set<Listener>>();

  /** Listen to `type`; call the returned function to stop. */
  on<K extends keyof E>(type: K, listener: (...args: E[K]) => void): () => void {
    let set = this.#listeners.get(type);
    if (set === undefined) this.#listeners.set(type, (set = new Set()));
    const l = listener as unknown as Listener;
    set.add(l);
    return () => set.delete(l);
  }

  /** Listen to the next `type` only. */
  once<K extends keyof E>(type: K, listener: (...args: E[K]) => void): () => void {
    const off = this.on(type, (...args) => {
      off();
      listener(...args);
    });
    return off;
  }

  protected emit<K extends keyof E>(type: K, ...args: E[K]): void {
    for (const l of [...(this.#listeners.get(type) ?? [])]) l(...args);
  }
}

/** The events every socket emits. */
export interface ChannelEvents<F> {
  state: [state: SocketState];
  frame: [frame: F];
  error: [error: StammtischError];
}

/**
 * The connection machinery the table and tournament sockets share: open with the token, subscribe, heartbeat,
 * reconnect with jittered back-off (re-subscribing from where the subclass left off), requests matched to replies
 * by `requestId` and re-sent after a reconnect, cancellation and an injectable clock.
 */
export abstract class Channel<
  F extends Frame,
  E extends ChannelEvents<F> & { [K in keyof E]: unknown[] },
> extends Emitter<E> {
  #ws: WebSocketLike | undefined;
  #connection = 0;
  #state: SocketState = 'connecting';
  #attempt = 0;
  #counter = 0;
  #heartbeat: unknown;
  #retry: unknown;
  #lastSent = 0;
  readonly #pending = new Map<string, Pending<F>>();
  readonly #clock: Clock;
  readonly #random: () => number;
  readonly #reconnect: ReconnectOptions | undefined;
  readonly #options: SocketOptions;
  #closedWith: StammtischError | undefined;

  protected constructor(options: SocketOptions) {
    super();
    this.#options = options;
    this.#clock = options.clock ?? systemClock;
    this.#random = options.random ?? Math.random;
    this.#reconnect =
      options.reconnect === false ? undefined : options.reconnect === true ? {} : (options.reconnect ?? {});
  }

  /** The query parameters naming the channel (`tableId`, `tournamentId`). */
  protected abstract query(): Record<string, string>;
  /** The subscribe message, from the last seq held. */
  protected abstract subscribeMessage(): Message;
  /** Each frame, before a waiting request gets it. */
  protected abstract handle(frame: F): void;
  /** A new connection is subscribed (the first or after a reconnect). */
  protected abstract subscribed(frame: F): void;

  /** Where the connection is: `connecting`, `open`, `reconnecting` or `closed`. */
  get state(): SocketState {
    return this.#state;
  }

  /** Why the socket closed (undefined while it is not closed, or when `close()` was called). */
  get closedWith(): StammtischError | undefined {
    return this.#closedWith;
  }

  /** Open the first connection and subscribe; rejects (and closes the socket) when that fails. */
  protected async start(): Promise<void> {
    const signal = this.#options.signal;
    if (signal !== undefined) {
      if (signal.aborted) {
        this.#finish(StammtischError.client('client/aborted', 'aborted before connecting'));
        throw this.#closedWith;
      }
      signal.addEventListener('abort', () => this.#finish(StammtischError.client('client/aborted', 'aborted')), {
        once: true,
      });
    }
    try {
      await this.#open();
    } catch (e) {
      const error = toError(e);
      this.#finish(error);
      throw error;
    }
  }

  /**
   * Drop the connection and open a new one now (no back-off), re-subscribing from the last seq held; resolves once
   * subscribed. Requests in flight are re-sent on the new connection. After `close()` it opens the socket again.
   */
  async reconnect(): Promise<void> {
    if (this.#options.signal?.aborted === true) throw StammtischError.client('client/aborted', 'aborted');
    // Also after close(): the socket opens again from the last seq it holds.
    this.#closedWith = undefined;
    this.#drop(4000, 'reconnect requested');
    this.#clock.clearTimeout(this.#retry);
    this.#setState('reconnecting');
    try {
      await this.#open();
    } catch (e) {
      // Keep trying in the background, as after any lost connection.
      if (this.#state === 'reconnecting') {
        this.#drop(4000, 'reconnect failed');
        this.#scheduleRetry();
      }
      throw toError(e);
    }
  }

  /**
   * Send a message with a fresh requestId and resolve with the reply carrying it; an `error` frame rejects with a
   * {@link StammtischError}. While the connection is down the request waits and is sent after the reconnect.
   */
  request(message: Message, options: RequestOptions = {}): Promise<F> {
    return this.#request(message, options, undefined);
  }

  /** Close for good: no reconnect; waiting requests reject with `client/closed`. */
  close(): void {
    this.#finish(undefined);
  }

  #request(message: Message, options: RequestOptions, connection: number | undefined): Promise<F> {
    if (this.#state === 'closed')
      return Promise.reject(this.#closedWith ?? StammtischError.client('client/closed', 'the socket is closed'));
    const requestId = `r${++this.#counter}`;
    const sent: Message = { ...message, requestId };
    return new Promise<F>((resolve, reject) => {
      const signal = options.signal;
      if (signal?.aborted === true) {
        reject(StammtischError.client('client/aborted', `${message.action} aborted`));
        return;
      }
      const onAbort = (): void => {
        this.#settle(requestId)?.reject(StammtischError.client('client/aborted', `${message.action} aborted`));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const timeoutMs = options.timeoutMs ?? this.#options.requestTimeoutMs ?? 30_000;
      const timer = this.#clock.setTimeout(() => {
        this.#settle(requestId)?.reject(
          StammtischError.client('client/timeout', `no answer to ${message.action} within ${timeoutMs} ms`),
        );
      }, timeoutMs);
      this.#pending.set(requestId, {
        message: sent,
        resolve,
        reject,
        timer,
        connection,
        cleanup: () => signal?.removeEventListener('abort', onAbort),
      });
      // Sent now when the connection is up (or for the connection's own requests); otherwise after the reconnect.
      if (connection !== undefined || this.#state === 'open') this.#send(sent);
    });
  }

  /** Remove a pending request (its timer and abort listener) and return it. */
  #settle(requestId: string): Pending<F> | undefined {
    const p = this.#pending.get(requestId);
    if (p === undefined) return undefined;
    this.#pending.delete(requestId);
    this.#clock.clearTimeout(p.timer);
    p.cleanup();
    return p;
  }

  /** Send without a reply (the subclass's resync). */
  protected send(message: Message): void {
    this.#send(message);
  }

  #send(message: Message): void {
    const ws = this.#ws;
    if (ws === undefined || ws.readyState !== 1) return;
    ws.send(JSON.stringify(message));
    this.#lastSent = this.#clock.now();
    this.#armHeartbeat();
  }

  /** The next ping: `heartbeatMs` after the last message sent. */
  #armHeartbeat(): void {
    const every = this.#options.heartbeatMs ?? 240_000;
    this.#clock.clearTimeout(this.#heartbeat);
    if (every <= 0) return;
    const connection = this.#connection;
    this.#heartbeat = this.#clock.setTimeout(() => {
      if (connection !== this.#connection || this.#state !== 'open') return;
      const timeoutMs = this.#options.pongTimeoutMs ?? 20_000;
      this.#request({ action: 'ping' }, { timeoutMs }, connection).catch((e: unknown) => {
        // No pong in time: the connection is dead even if the platform has not noticed. Start over.
        if (connection === this.#connection && toError(e).code === 'client/timeout') this.#lost('heartbeat timeout');
      });
    }, every);
  }

  /** One connection attempt: open, subscribe, then send what waited. Throws when it fails. */
  async #open(): Promise<void> {
    const WS = await resolveWebSocket(this.#options.WebSocket);
    if (this.#state === 'closed') throw this.#closedWith ?? StammtischError.client('client/closed', 'closed');
    const connection = ++this.#connection;
    const { url, protocols } = handshake(this.#options.wsUrl, this.query(), this.#options.token, this.#options.tokenIn);
    const ws = protocols === undefined ? new WS(url) : new WS(url, protocols);
    this.#ws = ws;
    const current = (): boolean => connection === this.#connection;
    await new Promise<void>((resolve, reject) => {
      const timeoutMs = this.#options.connectTimeoutMs ?? 15_000;
      const timer = this.#clock.setTimeout(() => {
        reject(StammtischError.client('client/connect_failed', `no connection within ${timeoutMs} ms`));
        ws.close();
      }, timeoutMs);
      ws.addEventListener('open', () => {
        this.#clock.clearTimeout(timer);
        resolve();
      });
      ws.addEventListener('error', (event) => {
        this.#clock.clearTimeout(timer);
        reject(handshakeError(event));
      });
      ws.addEventListener('close', (event) => {
        this.#clock.clearTimeout(timer);
        reject(StammtischError.client('client/connect_failed', `closed during the handshake (${event.code})`));
        if (!current()) return;
        if (this.#state === 'open') this.#lost(`closed (${event.code} ${event.reason})`);
        else this.#failConnection(connection, `closed (${event.code} ${event.reason})`);
      });
      ws.addEventListener('message', (event) => {
        if (current()) this.#onMessage(String(event.data));
      });
    });
    if (!current()) throw StammtischError.client('client/connect_failed', 'superseded by another connection');
    const reply = await this.#request(this.subscribeMessage(), {}, connection);
    if (!current()) throw StammtischError.client('client/connect_failed', 'superseded by another connection');
    this.#attempt = 0;
    this.#setState('open');
    this.subscribed(reply);
    this.#armHeartbeat();
    // Requests made while the connection was down (or in flight when it went) go out now, in order.
    for (const p of this.#pending.values()) if (p.connection === undefined) this.#send(p.message);
  }

  #onMessage(data: string): void {
    let frame: F;
    try {
      frame = JSON.parse(data) as F;
    } catch {
      return;
    }
    if (typeof frame !== 'object' || frame === null) return;
    this.handle(frame);
    // After the frame's events were applied: a listener sees the socket's state with the frame taken in.
    this.emit('frame', ...([frame] as E['frame']));
    if (frame.requestId === undefined) return;
    const pending = this.#pending.get(frame.requestId);
    if (pending === undefined) {
      if (frame.type === 'error') this.#report(StammtischError.from(0, frame, 'websocket'));
      return;
    }
    this.#settle(frame.requestId);
    if (frame.type === 'error') pending.reject(StammtischError.from(0, frame, 'websocket'));
    else pending.resolve(frame);
  }

  protected report(error: StammtischError): void {
    this.#report(error);
  }

  #report(error: StammtischError): void {
    this.#options.onError?.(error);
    this.emit('error', ...([error] as E['error']));
  }

  /** The connection went away unasked: reconnect with back-off (or close when reconnecting is off). */
  #lost(why: string): void {
    if (this.#state === 'closed') return;
    this.#drop(4000, why);
    if (this.#reconnect === undefined) {
      this.#finish(StammtischError.client('client/closed', `connection lost: ${why}`));
      return;
    }
    this.#setState('reconnecting');
    this.#scheduleRetry();
  }

  #scheduleRetry(): void {
    const options = this.#reconnect ?? {};
    const delay = backoffDelay(this.#attempt, options, this.#random);
    this.#clock.clearTimeout(this.#retry);
    this.#retry = this.#clock.setTimeout(() => {
      if (this.#state !== 'reconnecting') return;
      this.#open().catch((e: unknown) => {
        if (this.#state !== 'reconnecting') return;
        const error = toError(e);
        this.#drop(4000, 'reconnect failed');
        this.#attempt++;
        // A refusal that another attempt cannot change (the token was revoked, the table is gone): stop.
        const fatal = error.status === 401 || error.status === 403 || error.status === 404;
        if (fatal || this.#attempt >= (options.maxAttempts ?? Infinity)) this.#finish(error);
        else this.#scheduleRetry();
      });
    }, delay);
  }

  /** The connection's own requests (its subscribe, its ping) fail with it. */
  #failConnection(connection: number, reason: string): void {
    for (const [id, p] of [...this.#pending])
      if (p.connection === connection) this.#settle(id)?.reject(StammtischError.client('client/closed', reason));
  }

  /** Forget the current connection: its late events are ignored, its own requests fail. */
  #drop(code: number, reason: string): void {
    const ws = this.#ws;
    this.#ws = undefined;
    this.#connection++;
    this.#clock.clearTimeout(this.#heartbeat);
    for (const [id, p] of [...this.#pending])
      if (p.connection !== undefined) this.#settle(id)?.reject(StammtischError.client('client/closed', reason));
    if (ws !== undefined && ws.readyState <= 1) {
      try {
        ws.close(code, reason);
      } catch {
        // Already closing.
      }
    }
  }

  /** Closed for good (by `close()`, an abort, or a failure): everything waiting is rejected. */
  #finish(error: StammtischError | undefined): void {
    if (this.#state === 'closed') return;
    this.#closedWith = error;
    this.#clock.clearTimeout(this.#retry);
    this.#drop(1000, 'closed by the client');
    const reason = error ?? StammtischError.client('client/closed', 'the socket was closed');
    for (const id of [...this.#pending.keys()]) this.#settle(id)?.reject(reason);
    this.#setState('closed');
    if (error !== undefined && error.code !== 'client/aborted') this.#report(error);
  }

  #setState(state: SocketState): void {
    if (state === this.#state) return;
    this.#state = state;
    this.#options.onState?.(state);
    this.emit('state', ...([state] as E['state']));
  }

  /** Milliseconds since the last message this socket sent (heartbeat diagnostics). */
  get idleMs(): number {
    return this.#clock.now() - this.#lastSent;
  }
}

function toError(e: unknown): StammtischError {
  if (e instanceof StammtischError) return e;
  return StammtischError.client('client/connect_failed', e instanceof Error ? e.message : String(e));
}

/** A failed handshake: Node's `ws` names the HTTP status ("Unexpected server response: 403"), browsers say nothing. */
function handshakeError(event: { readonly message?: string; readonly error?: unknown }): StammtischError {
  const message = event.message ?? (event.error instanceof Error ? event.error.message : '');
  const status = /Unexpected server response: (\d{3})/.exec(message)?.[1];
  return StammtischError.client(
    'client/connect_failed',
    `the WebSocket handshake failed${message !== '' ? `: ${message}` : ''}`,
    status === undefined ? 0 : Number(status),
  );
}

/**
 * An async iterator over what `subscribe` delivers, from now on: ends when the socket closes or `signal` aborts.
 * Items arriving faster than the loop takes them are buffered.
 */
export function iterate<T>(
  subscribe: (push: (item: T) => void) => () => void,
  onClosed: (done: () => void) => () => void,
  signal?: AbortSignal,
): AsyncIterableIterator<T> {
  const buffer: T[] = [];
  let wake: (() => void) | undefined;
  let ended = false;
  const end = (): void => {
    ended = true;
    offItems();
    offClosed();
    wake?.();
  };
  const offItems = subscribe((item) => {
    buffer.push(item);
    wake?.();
  });
  const offClosed = onClosed(end);
  signal?.addEventListener('abort', end, { once: true });
  const iterator: AsyncIterableIterator<T> = {
    async next(): Promise<IteratorResult<T>> {
      while (buffer.length === 0 && !ended) await new Promise<void>((r) => (wake = r));
      wake = undefined;
      if (buffer.length > 0) return { value: buffer.shift() as T, done: false };
      return { value: undefined, done: true };
    },
    async return(): Promise<IteratorResult<T>> {
      end();
      return { value: undefined, done: true };
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return iterator;
}
