import { Channel, type ChannelEvents, type RequestOptions, type SocketOptions, iterate } from './channel.js';
import { StammtischError } from './errors.js';
import type { ServerFrame } from './realtime.js';

/** One event of a tournament's stream (openapi.yaml `GET /v1/tournaments/{id}/events`). */
export interface TournamentSeqEvent {
  readonly seq: number;
  readonly event: { readonly type: string; readonly [field: string]: unknown };
}

/** Server → client frames on a tournament connection (asyncapi.yaml `tournament_subscribed`, `tournament_events`). */
export type TournamentFrame =
  | { type: 'tournament_subscribed'; requestId?: string; tournamentId: string; version: number }
  | {
      type: 'tournament_events';
      requestId?: string;
      tournamentId: string;
      version: number;
      events: TournamentSeqEvent[];
    }
  | Extract<ServerFrame, { type: 'pong' | 'error' }>;

export interface TournamentSocketOptions extends SocketOptions {
  readonly tournamentId: string;
  /** The last seq the caller already holds. Default 0: everything from the start. */
  readonly after?: number;
  /** Each event exactly once, in seq order. */
  readonly onEvent?: (event: TournamentSeqEvent) => void;
  /** Every frame as received. */
  readonly onFrame?: (frame: TournamentFrame) => void;
}

/** What a {@link TournamentSocket} emits. */
export interface TournamentSocketEvents extends ChannelEvents<TournamentFrame> {
  event: [event: TournamentSeqEvent];
}

/**
 * A tournament's event stream (registration, check-in, draw, rounds, standings; docs/tournaments.md) with the same
 * heartbeat, reconnect and resync by seq as {@link TableSocket}. The token is optional (the organiser key or a
 * player token is checked when given).
 *
 * @example
 * const t = await TournamentSocket.connect({ wsUrl, tournamentId, onEvent: (e) => console.log(e.event.type) });
 */
export class TournamentSocket extends Channel<TournamentFrame, TournamentSocketEvents> {
  #last: number;
  #resyncing = false;
  readonly #ahead = new Map<number, TournamentSeqEvent>();
  #version = 0;

  private constructor(private readonly options: TournamentSocketOptions) {
    super(options);
    this.#last = options.after ?? 0;
  }

  /** Connect, subscribe from `after`, and resolve once `tournament_subscribed` is in. */
  static async connect(options: TournamentSocketOptions): Promise<TournamentSocket> {
    const socket = new TournamentSocket(options);
    await socket.start();
    return socket;
  }

  get tournamentId(): string {
    return this.options.tournamentId;
  }

  /** The seq of the newest event delivered. */
  get lastSeq(): number {
    return this.#last;
  }

  /** The tournament's version as last announced by the server. */
  get version(): number {
    return this.#version;
  }

  /** Round-trip a `ping` (resolves with the `pong`). */
  async ping(options: RequestOptions = {}): Promise<TournamentFrame> {
    return this.request({ action: 'ping' }, options);
  }

  /** The events from now on as an async iterator (ends when the socket closes or `signal` aborts). */
  events(options: { signal?: AbortSignal } = {}): AsyncIterableIterator<TournamentSeqEvent> {
    return iterate<TournamentSeqEvent>(
      (push) => this.on('event', push),
      (done) =>
        this.state === 'closed' ? (done(), () => undefined) : this.on('state', (s) => s === 'closed' && done()),
      options.signal,
    );
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<TournamentSeqEvent> {
    return this.events();
  }

  protected query(): Record<string, string> {
    return { tournamentId: this.options.tournamentId };
  }

  protected subscribeMessage(): { action: 'subscribe'; tournamentId: string; after: number } {
    return { action: 'subscribe', tournamentId: this.options.tournamentId, after: this.#last };
  }

  protected subscribed(): void {
    this.#resyncing = false;
  }

  protected handle(frame: TournamentFrame): void {
    this.options.onFrame?.(frame);
    if (frame.type === 'tournament_subscribed') this.#version = frame.version;
    if (frame.type !== 'tournament_events') return;
    this.#version = Math.max(this.#version, frame.version);
    if (frame.requestId !== undefined) this.#resyncing = false;
    for (const e of frame.events) if (e.seq > this.#last) this.#ahead.set(e.seq, e);
    for (let next = this.#ahead.get(this.#last + 1); next !== undefined; next = this.#ahead.get(this.#last + 1)) {
      this.#ahead.delete(next.seq);
      this.#last = next.seq;
      this.options.onEvent?.(next);
      this.emit('event', next);
    }
    // A gap (a lost push, or a catch-up longer than one reply): subscribe again from the last seq held.
    if ((this.#ahead.size > 0 || this.#last < frame.version) && !this.#resyncing) {
      this.#resyncing = true;
      this.request(this.subscribeMessage()).catch((e: unknown) => {
        this.#resyncing = false;
        if (e instanceof StammtischError && e.code !== 'client/closed') this.report(e);
      });
    }
  }
}
