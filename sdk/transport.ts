import { StammtischError } from './errors.js';

/**
 * The part of the WHATWG WebSocket the SDK uses: browsers' `WebSocket`, Node 22's global one, and the `ws` package
 * all have it. Pass a constructor as `WebSocket` in the options to choose one.
 */
export interface WebSocketLike {
  readonly readyState: number;
  readonly protocol: string;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: 'open', listener: () => void): void;
  addEventListener(type: 'message', listener: (event: { readonly data: unknown }) => void): void;
  addEventListener(type: 'close', listener: (event: { readonly code: number; readonly reason: string }) => void): void;
  addEventListener(
    type: 'error',
    listener: (event: { readonly message?: string; readonly error?: unknown }) => void,
  ): void;
}

export type WebSocketConstructor = new (url: string, protocols?: string | string[]) => WebSocketLike;

/** The timers and time the sockets use; tests pass a manual clock (no real waiting). */
export interface Clock {
  setTimeout(fire: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

/** The platform's timers. */
export const systemClock: Clock = {
  setTimeout: (fire, ms) => globalThis.setTimeout(fire, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as Parameters<typeof globalThis.clearTimeout>[0]),
  now: () => Date.now(),
};

/** The subprotocol the server answers with when the client offers it (asyncapi.yaml, "Connect"). */
export const PROTOCOL = 'stammtisch.v1';
/** Prefix of the subprotocol that carries the token: `stammtisch.bearer.<token>`. */
export const BEARER_PROTOCOL_PREFIX = 'stammtisch.bearer.';
/** Characters a subprotocol may hold (RFC 6455: an HTTP token); other tokens go by query parameter. */
const TOKEN_CHARS = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Where the token travels: a subprotocol (not in URLs or access logs; the default) or the `token` query parameter. */
export type TokenTransport = 'protocol' | 'query';

/** The URL and subprotocols that open a connection with `token`. */
export function handshake(
  wsUrl: string,
  query: Readonly<Record<string, string>>,
  token: string | undefined,
  tokenIn: TokenTransport | undefined,
): { url: string; protocols: string[] | undefined } {
  const url = new URL(wsUrl);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  if (token === undefined || token === '') return { url: url.toString(), protocols: undefined };
  const via = tokenIn ?? (TOKEN_CHARS.test(token) ? 'protocol' : 'query');
  if (via === 'query' || !TOKEN_CHARS.test(token)) {
    url.searchParams.set('token', token);
    return { url: url.toString(), protocols: undefined };
  }
  return { url: url.toString(), protocols: [PROTOCOL, `${BEARER_PROTOCOL_PREFIX}${token}`] };
}

let fallback: (() => Promise<WebSocketConstructor>) | undefined;

/**
 * Where to find a WebSocket when neither the options nor `globalThis` have one. The Node entry of the package
 * (sdk/index.ts) registers the `ws` package here; the browser entry registers nothing.
 */
export function setWebSocketFallback(load: () => Promise<WebSocketConstructor>): void {
  fallback = load;
}

/** The constructor to use: the option, else the platform's, else the registered fallback. */
export async function resolveWebSocket(option: WebSocketConstructor | undefined): Promise<WebSocketConstructor> {
  if (option !== undefined) return option;
  const platform = (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
  if (platform !== undefined) return platform;
  if (fallback !== undefined) return fallback();
  throw StammtischError.client(
    'client/no_websocket',
    'no WebSocket here: pass the `WebSocket` option (e.g. the `ws` package) or use Node ≥ 22',
  );
}

/** Reconnect timing: exponential back-off with jitter. */
export interface ReconnectOptions {
  /** First delay before a reconnect attempt (default 500 ms). */
  readonly initialDelayMs?: number;
  /** Longest delay between attempts (default 30 s). */
  readonly maxDelayMs?: number;
  /** Give up (state `closed`, an `error`) after this many failed attempts in a row (default: never). */
  readonly maxAttempts?: number;
}

/**
 * The delay before attempt `attempt` (0-based): "equal jitter" — half of the exponential step fixed, half random,
 * so clients that lost the same server do not come back in lock-step, and none retries at once in a loop.
 */
export function backoffDelay(attempt: number, options: ReconnectOptions, random: () => number): number {
  const initial = options.initialDelayMs ?? 500;
  const max = options.maxDelayMs ?? 30_000;
  const step = Math.min(max, initial * 2 ** Math.min(attempt, 30));
  return Math.round(step / 2 + random() * (step / 2));
}
