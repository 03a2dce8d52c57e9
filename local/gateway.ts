import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import type { WsEvent, WsResult } from '../functions/ws/handler.js';
import { ACTIONS } from '../functions/ws/protocol.js';

export interface GatewayOptions {
  /** The WebSocket API's Lambda handler (the same function AWS runs). */
  readonly handler: (event: WsEvent) => Promise<WsResult>;
  /** Where clients connect (default `/ws`). */
  readonly path?: string;
  /** The stage name in events and in the management endpoint (default `local`). */
  readonly stage?: string;
  /** Close a connection after this long without a message from the client (AWS: 10 minutes). */
  readonly idleTimeoutMs?: number;
  /** Close every connection after this long (AWS: 2 hours). */
  readonly maxConnectionMs?: number;
  /** Route keys besides $connect/$disconnect/$default (route selection on `$request.body.action`). */
  readonly routes?: readonly string[];
  /** The timers behind the idle timeout and the 2-hour limit (default: Node's); tests pass a manual clock. */
  readonly timers?: GatewayTimers;
  /** Bytes a connection may have queued unsent before it is closed as a slow consumer (default 1 MiB). */
  readonly maxBufferedBytes?: number;
}

/** Arms and clears the gateway's timeouts; a test advances a manual one instead of waiting for a real one. */
export interface GatewayTimers {
  setTimeout(fire: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const NODE_TIMERS: GatewayTimers = {
  setTimeout: (fire, ms) => setTimeout(fire, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

interface Live {
  readonly id: string;
  readonly socket: WebSocket;
  readonly connectedAt: number;
  lastActiveAt: number;
  readonly sourceIp: string;
  readonly userAgent: string;
  /** Re-armed by every client message. */
  idle: unknown;
  readonly max: unknown;
  /** Messages of one connection run one after another. */
  chain: Promise<void>;
}

/**
 * Close code for a connection that did not read its messages fast enough (its send buffer overflowed): the client
 * should reconnect and `resync` from the last seq it holds. In the 4000–4999 range applications may use.
 */
export const CLOSE_SLOW_CONSUMER = 4008;

/** API Gateway's limit for one message through the management API . */
const MAX_MESSAGE_BYTES = 128 * 1024;
/** API Gateway's limit for one client frame: a larger one closes the connection with 1009 (message too big). */
export const MAX_CLIENT_FRAME_BYTES = 32 * 1024;

/**
 * A local emulation of an API Gateway WebSocket API, on the local server's HTTP port:
 * - `GET /ws` upgrades: a `$connect` event goes to the handler first; a non-2xx answer refuses the handshake with
 *   that status (and body), like AWS;
 * - each client message is routed on its JSON `action` (a known route key, else `$default`);
 * - closing (either side, the idle timeout, the 2-hour limit, DELETE) sends `$disconnect`;
 * - `POST|GET|DELETE /_gateway/{secret}/{stage}/@connections/{id}` is the management API the real
 *   ApiGatewayManagementApiClient is pointed at (410 GoneException for unknown ids, 413 over 128 KB). On AWS it takes
 *   IAM-signed calls only; here the path holds a random secret only this process knows (`endpoint`), so a client on
 *   the API port cannot inject frames or disconnect others: any other `@connections` path is the REST app's 404;
 * - a client frame over 32 KB closes the connection with 1009, as API Gateway does.
 */
export class LocalGateway {
  private readonly wss: WebSocketServer;
  private readonly live = new Map<string, Live>();
  private readonly path: string;
  private readonly stage: string;
  private readonly idleTimeoutMs: number;
  private readonly maxConnectionMs: number;
  private readonly routes: ReadonlySet<string>;
  private readonly timers: GatewayTimers;
  /** The management API's path prefix: only the server itself knows it. */
  private readonly secret = randomBytes(24).toString('base64url');
  private readonly maxBufferedBytes: number;
  private host = '127.0.0.1';
  private port = 0;
  private inflight = 0;
  /** Connections closed because their send buffer overflowed (CLOSE_SLOW_CONSUMER). */
  slowConsumersClosed = 0;
  private waiters: (() => void)[] = [];
  /** The subprotocol each accepted handshake's $connect answer chose. */
  private readonly protocols = new WeakMap<IncomingMessage, string>();
  /** Per connection: resolves once its $disconnect handler has finished. */
  private readonly disconnects = new Map<string, { done: Promise<void>; resolve: () => void }>();

  constructor(private readonly options: GatewayOptions) {
    this.path = options.path ?? '/ws';
    this.stage = options.stage ?? 'local';
    this.idleTimeoutMs = options.idleTimeoutMs ?? 10 * 60 * 1000;
    this.maxConnectionMs = options.maxConnectionMs ?? 2 * 60 * 60 * 1000;
    this.routes = new Set(options.routes ?? ACTIONS);
    this.timers = options.timers ?? NODE_TIMERS;
    this.maxBufferedBytes = options.maxBufferedBytes ?? 1024 * 1024;
    // `ws` closes with 1009 on a larger message, before any of it reaches the handler.
    // The subprotocol is the one the $connect answer names (`Sec-WebSocket-Protocol`), as on AWS: none when it names
    // none, and a browser that offered some then fails the handshake.
    this.wss = new WebSocketServer({
      noServer: true,
      maxPayload: MAX_CLIENT_FRAME_BYTES,
      handleProtocols: (_offered, req) => this.protocols.get(req) ?? false,
    });
  }

  /** Take over the server's upgrade requests; `port` is where it listens (for events and the endpoint). */
  attach(server: Server, port: number, host = '127.0.0.1'): void {
    this.port = port;
    this.host = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      void this.track(this.upgrade(req, socket, head));
    });
  }

  /** The management API endpoint (what WS_MANAGEMENT_ENDPOINT is on AWS); it holds the secret: keep it in-process. */
  get endpoint(): string {
    return `http://${this.domainName}/_gateway/${this.secret}/${this.stage}`;
  }

  get domainName(): string {
    return `${this.host}:${this.port}`;
  }

  /** Ids of the open connections. */
  connectionIds(): string[] {
    return [...this.live.keys()];
  }

  /** Resolves once the connection's $disconnect has been handled (tests wait for it instead of sleeping). */
  disconnected(id: string): Promise<void> {
    return this.disconnects.get(id)?.done ?? Promise.resolve();
  }

  /** Resolves when no handler invocation is running. */
  idle(): Promise<void> {
    return this.inflight === 0 ? Promise.resolve() : new Promise((resolve) => this.waiters.push(resolve));
  }

  /** The management API, or undefined when the request is not for it (the REST app serves it, e.g. with a 404). */
  fetch(req: Request): Promise<Response> | undefined {
    const url = new URL(req.url);
    const prefix = `/_gateway/${this.secret}/${this.stage}/`;
    if (!url.pathname.startsWith(prefix)) return undefined;
    const m = /^(?:@|%40)connections\/([^/]+)$/.exec(url.pathname.slice(prefix.length));
    if (m === null) return undefined;
    return this.manage(req, decodeURIComponent(m[1] ?? ''));
  }

  /** Close every connection (each gets its $disconnect) and wait for the handlers. */
  async close(): Promise<void> {
    const closed = [...this.live.values()].map(
      (c) => new Promise<void>((resolve) => c.socket.once('close', () => resolve())),
    );
    for (const c of this.live.values()) c.socket.close(1001, 'Going away');
    await Promise.all(closed);
    await this.idle();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  private async manage(req: Request, id: string): Promise<Response> {
    const c = this.live.get(id);
    if (c === undefined || c.socket.readyState !== c.socket.OPEN)
      return awsError(410, 'GoneException', `connection ${id} is gone`);
    switch (req.method) {
      case 'POST': {
        const data = Buffer.from(await req.arrayBuffer());
        if (data.length > MAX_MESSAGE_BYTES)
          return awsError(413, 'PayloadTooLargeException', 'the message is larger than 128 KB');
        // A bounded send buffer per connection: the post never waits for the client to read. A connection whose
        // unsent bytes would pass the bound is closed (CLOSE_SLOW_CONSUMER) and the post answers 410 like a gone
        // connection, so the fan-out to everyone else goes on at once.
        if (c.socket.bufferedAmount + data.length > this.maxBufferedBytes) {
          if (c.socket.readyState === c.socket.OPEN) this.slowConsumersClosed++;
          c.socket.close(CLOSE_SLOW_CONSUMER, 'Slow consumer: reconnect and resync');
          // A peer that does not read may not answer the close handshake either: drop it after a grace period.
          setTimeout(() => c.socket.terminate(), 1000).unref();
          return awsError(410, 'GoneException', `connection ${id} could not keep up and was closed`);
        }
        c.socket.send(data.toString('utf8'), () => undefined);
        return new Response(null, { status: 200 });
      }
      case 'GET':
        return Response.json({
          connectedAt: new Date(c.connectedAt).toISOString(),
          identity: { sourceIp: c.sourceIp, userAgent: c.userAgent },
          lastActiveAt: new Date(c.lastActiveAt).toISOString(),
        });
      case 'DELETE':
        c.socket.close(1000, 'Disconnected by the server');
        return new Response(null, { status: 204 });
      default:
        return awsError(405, 'MethodNotAllowed', `${req.method} is not supported on @connections`);
    }
  }

  private context(id: string, routeKey: string, eventType: 'CONNECT' | 'MESSAGE' | 'DISCONNECT', extra: object) {
    const now = Date.now();
    return {
      routeKey,
      eventType,
      connectionId: id,
      domainName: this.domainName,
      stage: this.stage,
      apiId: 'local',
      requestId: randomUUID(),
      extendedRequestId: randomUUID(),
      requestTimeEpoch: now,
      ...extra,
    };
  }

  private async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://local');
    if (url.pathname !== this.path) {
      refuse(socket, 404, JSON.stringify({ message: `WebSocket connections go to ${this.path}` }));
      return;
    }
    const id = newConnectionId();
    const connectedAt = Date.now();
    const sourceIp = req.socket.remoteAddress ?? '127.0.0.1';
    const userAgent = req.headers['user-agent'] ?? '';
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers))
      if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(',') : v;
    const query = Object.fromEntries(url.searchParams);
    const event: WsEvent = {
      requestContext: {
        ...this.context(id, '$connect', 'CONNECT', { connectedAt, identity: { sourceIp, userAgent } }),
        routeKey: '$connect',
        eventType: 'CONNECT',
        connectionId: id,
      },
      headers,
      queryStringParameters: Object.keys(query).length > 0 ? query : null,
      isBase64Encoded: false,
    };
    let result: WsResult;
    try {
      result = await this.options.handler(event);
    } catch (e) {
      console.error('$connect handler failed', e instanceof Error ? e.message : 'unknown');
      result = { statusCode: 500, body: JSON.stringify({ message: 'Internal server error' }) };
    }
    if (result.statusCode < 200 || result.statusCode > 299) {
      refuse(socket, result.statusCode, result.body ?? '', result.headers?.['content-type'] ?? 'application/json');
      return;
    }
    const chosen = Object.entries(result.headers ?? {}).find(
      ([k]) => k.toLowerCase() === 'sec-websocket-protocol',
    )?.[1];
    if (chosen !== undefined) this.protocols.set(req, chosen);
    this.wss.handleUpgrade(req, socket, head, (ws) => this.open(id, ws, connectedAt, sourceIp, userAgent));
  }

  private open(id: string, socket: WebSocket, connectedAt: number, sourceIp: string, userAgent: string): void {
    const goAway = (): void => socket.close(1001, 'Going away');
    const live: Live = {
      id,
      socket,
      connectedAt,
      lastActiveAt: connectedAt,
      sourceIp,
      userAgent,
      // AWS closes idle connections with 1001 "Going away".
      idle: this.timers.setTimeout(goAway, this.idleTimeoutMs),
      max: this.timers.setTimeout(goAway, this.maxConnectionMs),
      chain: Promise.resolve(),
    };
    this.live.set(id, live);
    let resolve: () => void = () => undefined;
    const done = new Promise<void>((r) => (resolve = r));
    this.disconnects.set(id, { done, resolve });
    // Remember the recent ones only (a long-running server sees many connections).
    if (this.disconnects.size > 10_000) this.disconnects.delete(this.disconnects.keys().next().value ?? '');
    socket.on('message', (data: RawData) => {
      live.lastActiveAt = Date.now();
      this.timers.clearTimeout(live.idle);
      live.idle = this.timers.setTimeout(goAway, this.idleTimeoutMs);
      const body = Array.isArray(data)
        ? Buffer.concat(data).toString('utf8')
        : Buffer.from(data as ArrayBuffer).toString('utf8');
      this.enqueue(live, () => this.message(live, body));
    });
    socket.on('close', (code: number, reason: Buffer) => {
      this.timers.clearTimeout(live.idle);
      this.timers.clearTimeout(live.max);
      this.live.delete(id);
      const event: WsEvent = {
        requestContext: {
          ...this.context(id, '$disconnect', 'DISCONNECT', {
            connectedAt,
            disconnectStatusCode: code,
            disconnectReason: reason.toString('utf8'),
          }),
          routeKey: '$disconnect',
          eventType: 'DISCONNECT',
          connectionId: id,
        },
        isBase64Encoded: false,
      };
      // After the pending messages of this connection, like the last thing API Gateway delivers.
      this.enqueue(live, async () => {
        await this.invoke(event);
        this.disconnects.get(id)?.resolve();
      });
    });
    socket.on('error', () => socket.terminate());
  }

  private async message(live: Live, body: string): Promise<void> {
    let routeKey = '$default';
    try {
      const action = (JSON.parse(body) as { action?: unknown } | null)?.action;
      if (typeof action === 'string' && this.routes.has(action)) routeKey = action;
    } catch {
      // Not JSON: $default (the handler answers with an error frame).
    }
    await this.invoke({
      requestContext: {
        ...this.context(live.id, routeKey, 'MESSAGE', {
          connectedAt: live.connectedAt,
          identity: { sourceIp: live.sourceIp, userAgent: live.userAgent },
          messageId: randomUUID(),
          messageDirection: 'IN',
        }),
        routeKey,
        eventType: 'MESSAGE',
        connectionId: live.id,
      },
      body,
      isBase64Encoded: false,
    });
  }

  private async invoke(event: WsEvent): Promise<void> {
    try {
      await this.options.handler(event);
    } catch (e) {
      console.error(`${event.requestContext.routeKey} handler failed`, e instanceof Error ? e.message : 'unknown');
    }
  }

  /** Run after the connection's earlier work; counted as in flight from now (idle() waits for it). */
  private enqueue(live: Live, work: () => Promise<void>): void {
    this.inflight++;
    live.chain = live.chain.then(work).finally(() => this.done());
  }

  private done(): void {
    this.inflight--;
    if (this.inflight === 0) for (const w of this.waiters.splice(0)) w();
  }

  private async track(work: Promise<void>): Promise<void> {
    this.inflight++;
    try {
      await work;
    } finally {
      this.done();
    }
  }
}

/** An id shaped like API Gateway's (16 characters ending in `=`), URL-safe. */
function newConnectionId(): string {
  return randomBytes(11).toString('base64').replace(/\+/g, '-').replace(/\//g, '_');
}

function awsError(status: number, type: string, message: string): Response {
  return new Response(JSON.stringify({ message }), {
    status,
    headers: { 'content-type': 'application/json', 'x-amzn-errortype': type },
  });
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

/** Answer an upgrade request with a plain HTTP response and close the socket. */
function refuse(socket: Duplex, status: number, body: string, contentType = 'application/json'): void {
  const bytes = Buffer.byteLength(body);
  socket.end(
    `HTTP/1.1 ${status} ${REASONS[status] ?? 'Error'}\r\nContent-Type: ${contentType}\r\nContent-Length: ${bytes}\r\nConnection: close\r\n\r\n${body}`,
  );
}
