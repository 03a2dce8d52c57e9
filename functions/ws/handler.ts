import { sha256 } from '../crypto/secrets.js';
import { headerOf, parseBearer } from '../edge/bearer.js';
import { parseBoundedJson } from '../edge/json.js';
import { REQUEST_ID, TABLE_ID, TABLE_ID_MESSAGE } from '../edge/ids.js';
import { problemFor, problemOf } from '../edge/problem.js';
import type { RateLimiter } from '../edge/rate-limit.js';
import type { Telemetry } from '../observability/telemetry.js';
import {
  type Actor,
  MESSAGE_POLICIES,
  type Policy,
  type SeatActor,
  assertSameTable,
  assertStillGranted,
  audienceName,
  currentActor,
  defaultAudience,
  principalFor,
  viewerOf,
} from '../policy/access.js';
import {
  CONNECTION_LIFETIME_SECONDS,
  type Connection,
  type ConnectionStore,
  type Pusher,
  type SubscriptionAudience,
} from '../ports/connections.js';
import { AppError } from '../use-cases/errors.js';
import type { Presence, PresenceEntry } from '../use-cases/presence.js';
import type { TableService } from '../use-cases/table-service.js';
import type { TableMeta } from '../ports/table-store.js';
import { MAX_FRAME_BYTES, type ServerFrame, eventFrames, fitFrame } from '../wire/frames.js';
import { tournamentFrames } from '../tournaments/push.js';
import { assertWrapped } from '../edge/wrapped.js';
import { ACTIONS, BEARER_PROTOCOL_PREFIX, ClientMessage, PROTOCOL, TOURNAMENT_ID } from './protocol.js';

/** What the WebSocket routes need of the tournaments (TournamentService): access check and the event stream. */
export interface TournamentStream {
  /** Resolves for a known tournament and a valid (or no) token; throws 404 / 403 AppErrors otherwise. */
  authorize(tournamentId: string, token: string | undefined): Promise<unknown>;
  events(
    tournamentId: string,
    after: number,
    limit: number,
  ): Promise<{ version: number; events: readonly { seq: number; event: { type: string } }[] }>;
}

/** The parts of an API Gateway WebSocket proxy event we read (aws-lambda's APIGatewayProxyWebsocketEventV2 + $connect). */
export interface WsEvent {
  readonly requestContext: {
    readonly routeKey: string;
    readonly connectionId: string;
    readonly eventType?: 'CONNECT' | 'DISCONNECT' | 'MESSAGE';
    readonly domainName?: string;
    readonly stage?: string;
    readonly requestId?: string;
    readonly connectedAt?: number;
    readonly disconnectStatusCode?: number;
    readonly disconnectReason?: string;
    readonly identity?: { readonly sourceIp?: string };
  };
  readonly headers?: Readonly<Record<string, string | undefined>> | null;
  readonly queryStringParameters?: Readonly<Record<string, string | undefined>> | null;
  readonly body?: string | null;
  readonly isBase64Encoded?: boolean;
}

export interface WsResult {
  readonly statusCode: number;
  readonly headers?: Record<string, string>;
  readonly body?: string;
}

export interface WsDeps {
  readonly service: TableService;
  readonly connections: ConnectionStore;
  readonly pusher: Pusher;
  /** WS_MANAGEMENT_ENDPOINT when set; otherwise https://{domainName}/{stage} of the event. */
  readonly endpoint?: () => string | undefined;
  readonly now?: () => number;
  readonly maxFrameBytes?: number;
  /** Per-client token buckets: `$connect` per source address, each message per principal and address. */
  readonly rateLimiter?: RateLimiter;
  /** Structured logs and metrics (Powertools); undefined: none. */
  readonly telemetry?: Telemetry;
  /** Seat presence (docs/presence.md): a seat's subscription joins it; views carry it. `connections` tells it who left. */
  readonly presence?: Presence;
  /** Tournament event streams (`?tournamentId=` at connect, `subscribe` with `tournamentId`); undefined: none. */
  readonly tournaments?: TournamentStream;
}

/**
 * The WebSocket API's one Lambda: `$connect` authorises the token (query `?tableId=…&token=…` or
 * `Authorization: Bearer …`) and stores the connection, `$disconnect` removes it, every other route (selected by the
 * body's `action`, or `$default`) answers through the management API — replies and pushes travel the same way.
 */
export function createWsHandler(deps: WsDeps): (event: WsEvent) => Promise<WsResult> {
  const now = deps.now ?? Date.now;
  const maxBytes = deps.maxFrameBytes ?? MAX_FRAME_BYTES;
  const endpointFor = (event: WsEvent): string =>
    deps.endpoint?.() ?? `https://${event.requestContext.domainName ?? ''}/${event.requestContext.stage ?? ''}`;

  async function connect(event: WsEvent): Promise<WsResult> {
    // A connection cap per address: every handshake takes a token before any read.
    deps.rateLimiter?.check({ address: event.requestContext.identity?.sourceIp });
    const query = event.queryStringParameters ?? {};
    const offered = subprotocols(event.headers ?? {});
    const { token, from } = tokenOf(query, offered, event.headers ?? {});
    // A browser that offered subprotocols fails the handshake unless the answer names one of them (RFC 6455 4.1).
    const accepted: WsResult = offered.includes(PROTOCOL)
      ? { statusCode: 200, headers: { 'Sec-WebSocket-Protocol': PROTOCOL } }
      : { statusCode: 200 };
    // A refused token names where it came from (`token`, `Sec-WebSocket-Protocol` or `authorization`).
    const named = async <T>(work: () => T | Promise<T>): Promise<T> => {
      try {
        return await work();
      } catch (e) {
        if (e instanceof AppError && e.status === 403 && from !== undefined)
          throw new AppError(e.status, e.code, e.message, { ...e.extra, field: from });
        throw e;
      }
    };
    const tableId = query.tableId;
    const tournamentId = query.tournamentId;
    if ((tableId === undefined || tableId === '') && tournamentId !== undefined && tournamentId !== '')
      return named(() => connectTournament(event, tournamentId, token, accepted));
    if (tableId === undefined || tableId === '')
      throw new AppError(400, 'request/invalid', 'connect to /ws?tableId=<tableId> (and a token)', {
        field: 'tableId',
      });
    if (!TABLE_ID.test(tableId)) throw new AppError(400, 'request/invalid', TABLE_ID_MESSAGE, { field: 'tableId' });
    const meta = await deps.service.meta(tableId);
    const actor = await named(() => deps.service.authorize(meta, token));
    const connectedAt = now();
    const connection: Connection = {
      connectionId: event.requestContext.connectionId,
      authTableId: tableId,
      principal: principalFor(actor, token === undefined ? undefined : sha256(token)),
      endpoint: endpointFor(event),
      connectedAt,
      expiresAt: Math.floor(connectedAt / 1000) + CONNECTION_LIFETIME_SECONDS,
    };
    await deps.connections.put(connection);
    return accepted;
  }

  /**
   * A connection for a tournament's event stream: the tournament must exist and a token, when given, must be its
   * organiser key or one of its player tokens (the stream itself is public, like GET /v1/tournaments/{id}/events).
   */
  async function connectTournament(
    event: WsEvent,
    tournamentId: string,
    token: string | undefined,
    accepted: WsResult,
  ): Promise<WsResult> {
    if (deps.tournaments === undefined || !TOURNAMENT_ID.test(tournamentId))
      throw new AppError(400, 'request/invalid', 'not a tournament id (u…)', { field: 'tournamentId' });
    await deps.tournaments.authorize(tournamentId, token);
    const connectedAt = now();
    await deps.connections.put({
      connectionId: event.requestContext.connectionId,
      authTableId: tournamentId,
      principal: token === undefined ? { kind: 'spectator' } : { kind: 'spectator', tokenHash: sha256(token) },
      endpoint: endpointFor(event),
      connectedAt,
      expiresAt: Math.floor(connectedAt / 1000) + CONNECTION_LIFETIME_SECONDS,
    });
    return accepted;
  }

  /** Subscribe to a tournament's events (the one the connection was opened for), then catch up after `after`. */
  async function subscribeTournament(
    connection: Connection,
    tournamentId: string,
    after: number | undefined,
    requestId: string | undefined,
  ): Promise<ServerFrame[]> {
    if (deps.tournaments === undefined)
      throw new AppError(400, 'request/invalid', 'no tournaments here', { field: 'tournamentId' });
    const rid = requestId !== undefined ? { requestId } : {};
    if (!(await deps.connections.subscribe(connection.connectionId, tournamentId, 'spectator'))) return [];
    // Subscribed first, then read: every commit after this read is pushed, so nothing falls between the two.
    const out = await deps.tournaments.events(tournamentId, after ?? Number.MAX_SAFE_INTEGER, 500);
    const frames: ServerFrame[] = [{ type: 'tournament_subscribed', ...rid, tournamentId, version: out.version }];
    if (after !== undefined)
      frames.push(...tournamentFrames({ tournamentId, version: out.version, ...rid }, out.events, maxBytes));
    return frames;
  }

  /** Send frames in order; a 410 means the client is gone: forget the connection. */
  async function send(connection: Connection, frames: readonly ServerFrame[]): Promise<void> {
    const endpoint = deps.endpoint?.() ?? connection.endpoint;
    for (const frame of frames) {
      const outcome = await deps.pusher.post(
        endpoint,
        connection.connectionId,
        JSON.stringify(fitFrame(frame, maxBytes)),
      );
      if (outcome === 'gone') {
        deps.telemetry?.count('GoneConnections');
        await deps.connections.remove(connection.connectionId);
        return;
      }
    }
  }

  /**
   * The table a message is about (only the connection's own) and whom the stored token stands for there now —
   * undefined when it no longer grants access: the message's policy check decides (MESSAGE_POLICIES).
   */
  async function actorFor(
    connection: Connection,
    tableId: string | undefined,
  ): Promise<{ id: string; actor: Actor | undefined; meta: TableMeta }> {
    const id = tableId ?? connection.authTableId;
    assertSameTable(connection.authTableId, id);
    const meta = await deps.service.meta(id);
    return { id, actor: currentActor(meta, connection.principal), meta };
  }

  /** The seats' presence for a view (nothing when presence is not wired); a failed read leaves it out. */
  async function presenceOf(meta: TableMeta): Promise<{ presence?: PresenceEntry[] }> {
    if (deps.presence === undefined) return {};
    try {
      return { presence: await deps.presence.list(meta) };
    } catch (e) {
      log?.warn('presence read failed', { tableId: meta.tableId, error: e instanceof Error ? e.message : 'unknown' });
      return {};
    }
  }

  async function message(event: WsEvent, connection: Connection): Promise<ServerFrame[]> {
    const tokenHash = 'tokenHash' in connection.principal ? connection.principal.tokenHash : undefined;
    deps.rateLimiter?.check({ tokenHash, address: event.requestContext.identity?.sourceIp });
    const raw = event.isBase64Encoded === true ? Buffer.from(event.body ?? '', 'base64').toString('utf8') : event.body;
    const json = parseBoundedJson(raw ?? '', 'the message');
    assertActShape(json);
    const parsed = ClientMessage.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const path = issue?.path.map(String).join('.') ?? '';
      // A strict object names the unexpected keys in the issue rather than in its path.
      const extra = issue?.code === 'unrecognized_keys' ? issue.keys[0] : undefined;
      if (extra !== undefined)
        throw new AppError(400, 'request/invalid', `message: unknown field "${extra}"`, {
          field: path === '' ? extra : `${path}.${extra}`,
        });
      throw new AppError(400, 'request/invalid', `message: ${issue?.message ?? 'invalid'}`, {
        field: path === '' ? 'action' : path,
      });
    }
    const msg = parsed.data;
    // TypeScript does not tie the key to its member of the union: the table's type (MessageRoutes) does.
    const route = MESSAGE_ROUTES[msg.action] as MessageRoute<ClientMessage>;
    return route.handle(msg, connection, kit);
  }

  /** Events after `after` for an audience (as GET /events), packed into frames; the last one names `next`. */
  async function catchUp(
    tableId: string,
    actor: Actor,
    after: number,
    limit: number,
    requestId: string | undefined,
  ): Promise<ServerFrame[]> {
    const out = await deps.service.events(tableId, actor, after, limit);
    return eventFrames(
      { tableId, version: out.version, next: out.next, ...(requestId !== undefined ? { requestId } : {}) },
      out.events,
      undefined,
      maxBytes,
    );
  }

  const log = deps.telemetry?.logger;
  const kit: MessageKit = { deps, now, log, actorFor, presenceOf, catchUp, subscribeTournament };
  return async (event) => {
    const { routeKey, connectionId } = event.requestContext;
    const where = {
      requestId: event.requestContext.requestId,
      connectionId,
      routeKey,
      tableId: event.queryStringParameters?.tableId,
    };
    if (routeKey === '$connect') {
      try {
        const result = await connect(event);
        log?.info('connected', where);
        return result;
      } catch (e) {
        const result = problemResult(e, log);
        deps.telemetry?.failed(codeOf(result.body), result.statusCode, where);
        return result;
      }
    }
    if (routeKey === '$disconnect') {
      await deps.connections.remove(connectionId);
      log?.info('disconnected', { ...where, status: event.requestContext.disconnectStatusCode });
      return { statusCode: 200 };
    }
    const connection = await deps.connections.get(connectionId);
    if (connection === undefined) {
      // No row: the connection expired or was never authorised. Tell the client (if it is still there) and stop.
      const frame = errorFrame(new AppError(401, 'auth/missing_token', 'this connection is not authorised; reconnect'));
      const endpoint = deps.endpoint?.() ?? endpointFor(event);
      await deps.pusher.post(endpoint, connectionId, JSON.stringify(frame));
      return { statusCode: 200 };
    }
    let frames: ServerFrame[];
    let statusCode = 200;
    const tableId = connection.tableId ?? connection.authTableId;
    try {
      frames = await message(event, connection);
      log?.debug('message', { ...where, tableId });
    } catch (e) {
      const requestId = requestIdOf(event.body);
      if (!(e instanceof AppError)) statusCode = 500;
      const frame = errorFrame(e, requestId, log);
      deps.telemetry?.failed(
        frame.type === 'error' ? frame.code : 'internal',
        frame.type === 'error' ? frame.status : 500,
        {
          ...where,
          tableId,
          clientRequestId: requestId,
        },
      );
      frames = [frame];
    }
    await send(connection, frames);
    return { statusCode };
  };
}

/** What a message route is handed besides the message and its connection: the dependencies and shared steps. */
interface MessageKit {
  readonly deps: WsDeps;
  readonly now: () => number;
  readonly log: Telemetry['logger'] | undefined;
  /** The table a message is about and whom the stored token stands for there now (undefined: no longer granted). */
  readonly actorFor: (
    connection: Connection,
    tableId: string | undefined,
  ) => Promise<{ id: string; actor: Actor | undefined; meta: TableMeta }>;
  /** The seats' presence for a view (nothing when presence is not wired); a failed read leaves it out. */
  readonly presenceOf: (meta: TableMeta) => Promise<{ presence?: PresenceEntry[] }>;
  /** Events after `after` for an audience (as GET /events), packed into frames. */
  readonly catchUp: (
    tableId: string,
    actor: Actor,
    after: number,
    limit: number,
    requestId: string | undefined,
  ) => Promise<ServerFrame[]>;
  readonly subscribeTournament: (
    connection: Connection,
    tournamentId: string,
    after: number | undefined,
    requestId: string | undefined,
  ) => Promise<ServerFrame[]>;
}

/** A message route: its policy (MESSAGE_POLICIES) and what answers the message. */
export interface MessageRoute<M> {
  readonly access: Policy;
  readonly handle: (msg: M, connection: Connection, kit: MessageKit) => Promise<ServerFrame[]>;
}

/**
 * A message route as the REST routes are declared (functions/http/routes.ts `route`): the handler runs its policy's
 * check (`may`) where the answer's order of refusals wants it, but cannot answer without it — an answer that skipped
 * it is an internal error, never a success.
 */
export function message<M, A extends readonly unknown[] = never, R = unknown>(
  action: string,
  access: Policy<A, R>,
  handle: (msg: M, connection: Connection, kit: MessageKit, may: (...args: A) => R) => Promise<ServerFrame[]>,
): MessageRoute<M> {
  return {
    access,
    handle: async (msg, connection, kit) => {
      let checked = access.check === undefined;
      const may = (...args: A): R => {
        if (access.check === undefined) throw new Error(`${action}: its policy has no check to run`);
        const out = access.check(...args);
        checked = true;
        return out;
      };
      const frames = await handle(msg, connection, kit, may);
      if (!checked) throw new Error(`${action} answered without running its access check`);
      return frames;
    },
  };
}

/** One route per client message `action`: a message without a route, or a route without a message, does not compile. */
export type MessageRoutes = {
  readonly [A in ClientMessage['action']]: MessageRoute<Extract<ClientMessage, { action: A }>>;
};

type Msg<A extends ClientMessage['action']> = Extract<ClientMessage, { action: A }>;

const ridOf = (msg: { readonly requestId?: string | undefined }) =>
  msg.requestId !== undefined ? { requestId: msg.requestId } : {};

/**
 * The WebSocket API's route table: client message `action` → what answers it. API Gateway's route keys and the local
 * gateway's follow protocol.ts ACTIONS; test/functions/routes.test.ts holds this table, ACTIONS and asyncapi.yaml's
 * client messages (`sendCommand`) to the same set.
 */
export const MESSAGE_ROUTES: MessageRoutes = {
  ping: message<Msg<'ping'>>('ping', MESSAGE_POLICIES.connected, async (msg, _connection, { now }) => [
    { type: 'pong', ...ridOf(msg), at: new Date(now()).toISOString() },
  ]),
  subscribe: message<Msg<'subscribe'>, Parameters<typeof MESSAGE_POLICIES.subscribe.check>, Actor | undefined>(
    'subscribe',
    MESSAGE_POLICIES.subscribe,
    async (msg, connection, { deps, log, actorFor, presenceOf, catchUp, subscribeTournament }, may) => {
      if (msg.tournamentId !== undefined) {
        may({ kind: 'tournament', authId: connection.authTableId, tournamentId: msg.tournamentId });
        return subscribeTournament(connection, msg.tournamentId, msg.after, msg.requestId);
      }
      const { id, actor: current, meta: known } = await actorFor(connection, msg.tableId);
      const actor = MESSAGE_POLICIES.readTable.check(current);
      const audience: SubscriptionAudience = msg.as ?? defaultAudience(actor);
      const seen = may({ kind: 'table', actor, audience }) as Actor;
      if (!(await deps.connections.subscribe(connection.connectionId, id, audience))) return [];
      // The table's later commits are pushed: a table nobody watched until now learns it before the view is read
      // (use-cases/listen.ts; the stream side reads no subscribers for an unwatched table's commits).
      const meta = await deps.service.listen(id, known, 'subscription');
      // The seat's player is here (a seat marked absent comes back before the view below is read).
      if (actor.kind === 'seat') {
        try {
          await deps.presence?.joined(connection, id, actor.seat);
        } catch (e) {
          log?.warn('presence join failed', { tableId: id, error: e instanceof Error ? e.message : 'unknown' });
        }
      }
      // Subscribed first, then read: every commit after this read is pushed, so nothing falls between the two.
      const { version, view } = await deps.service.view(id, seen);
      const frames: ServerFrame[] = [
        {
          type: 'subscribed',
          ...ridOf(msg),
          tableId: id,
          audience: audienceName(seen),
          version,
          view,
          ...(await presenceOf(meta)),
        },
      ];
      if (msg.after !== undefined) frames.push(...(await catchUp(id, seen, msg.after, 500, msg.requestId)));
      return frames;
    },
  ),
  unsubscribe: message<Msg<'unsubscribe'>>(
    'unsubscribe',
    MESSAGE_POLICIES.connected,
    async (msg, connection, { deps }) => {
      const id = msg.tableId ?? connection.tableId ?? connection.authTableId;
      await deps.connections.unsubscribe(connection.connectionId);
      return [{ type: 'unsubscribed', ...ridOf(msg), tableId: id, reason: 'request' }];
    },
  ),
  resync: message<Msg<'resync'>, [Actor | undefined], Actor>(
    'resync',
    MESSAGE_POLICIES.readTable,
    async (msg, connection, { actorFor, catchUp }, may) => {
      const { id, actor } = await actorFor(connection, msg.tableId);
      const seen = viewerOf(may(actor), connection.audience);
      return catchUp(id, seen, msg.after, msg.limit ?? 500, msg.requestId);
    },
  ),
  view: message<Msg<'view'>, [Actor | undefined], Actor>(
    'view',
    MESSAGE_POLICIES.readTable,
    async (msg, connection, { deps, actorFor, presenceOf }, may) => {
      const { id, actor, meta } = await actorFor(connection, msg.tableId);
      const seen = viewerOf(may(actor), connection.audience);
      const out = await deps.service.view(id, seen);
      return [
        { type: 'view', ...ridOf(msg), tableId: id, version: out.version, view: out.view, ...(await presenceOf(meta)) },
      ];
    },
  ),
  act: message<Msg<'act'>, [Actor | undefined], SeatActor>(
    'act',
    MESSAGE_POLICIES.act,
    async (msg, connection, { deps }, may) => {
      // Warm: no read — the cached head and metadata (the seating is the stream's); the move's conditional write
      // proves them current, and a refusal on the cache reads again first (use-cases/play.ts `commandActorBy`).
      const id = msg.tableId ?? connection.authTableId;
      assertSameTable(connection.authTableId, id);
      const who = (meta: TableMeta): Actor => assertStillGranted(currentActor(meta, connection.principal));
      const { actor } = await deps.service.commandActorBy(id, who);
      const seat = may(actor);
      const out = await inMove(() =>
        deps.service.act(id, seat, msg.move, {
          who,
          ...(msg.idempotencyKey !== undefined ? { idempotencyKey: msg.idempotencyKey } : {}),
          ...(msg.expectedVersion !== undefined ? { expectedVersion: msg.expectedVersion } : {}),
        }),
      );
      if (!out.replayed) deps.telemetry?.count('Moves');
      return [
        {
          type: 'result',
          ...ridOf(msg),
          tableId: id,
          version: out.version,
          events: out.events,
          replayed: out.replayed,
        },
      ];
    },
  ),
};

/**
 * A move sent the wrong way round: unwrapped (`{"action":"act","type":"pass"}`) or as if the game action were the
 * message's (`{"action":"play","card":"EO"}`). Answered with where it goes rather than the schema's message.
 */
function assertActShape(json: unknown): void {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return;
  const { action, ...rest } = json as Record<string, unknown>;
  if (action === 'act') assertWrapped(json, 'move', (move) => ({ action: 'act', move }));
  if (typeof action !== 'string' || (ACTIONS as readonly string[]).includes(action)) return;
  const { requestId: _rid, expectedVersion: _ev, idempotencyKey: _ik, tableId: _tid, ...fields } = rest;
  throw new AppError(
    400,
    'request/invalid',
    `"${action}" is not a message action (${ACTIONS.join(', ')}); a move is sent as ` +
      JSON.stringify({ action: 'act', move: { type: action, ...fields } }),
    { field: 'action' },
  );
}

/**
 * The fields of a refused move are named as in the message (`move.card`): the engine names them as in the REST body
 * (`action.card`).
 */
async function inMove<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    const field = e instanceof AppError ? e.extra.field : undefined;
    if (e instanceof AppError && field !== undefined && /^action(\.|$)/.test(field))
      throw new AppError(e.status, e.code, e.message, { ...e.extra, field: `move${field.slice('action'.length)}` });
    throw e;
  }
}

/** The subprotocols a client offered (`Sec-WebSocket-Protocol`, comma-separated). */
function subprotocols(headers: Readonly<Record<string, string | undefined>>): string[] {
  return (headerOf(headers, 'sec-websocket-protocol') ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

/**
 * The connection's token: the `token` query parameter, the `stammtisch.bearer.<token>` subprotocol (what browsers
 * can send without putting it in the URL), or `Authorization: Bearer` (other clients) — and where it came from.
 */
function tokenOf(
  query: Readonly<Record<string, string | undefined>>,
  offered: readonly string[],
  headers: Readonly<Record<string, string | undefined>>,
): { token: string | undefined; from: string | undefined } {
  if (query.token !== undefined && query.token !== '') return { token: query.token, from: 'token' };
  const carried = offered.find((p) => p.startsWith(BEARER_PROTOCOL_PREFIX));
  if (carried !== undefined && carried.length > BEARER_PROTOCOL_PREFIX.length)
    return { token: carried.slice(BEARER_PROTOCOL_PREFIX.length), from: 'Sec-WebSocket-Protocol' };
  const bearer = parseBearer(headerOf(headers, 'authorization'));
  return { token: bearer, from: bearer === undefined ? undefined : 'authorization' };
}

function codeOf(body: string | undefined): string {
  try {
    const code = (JSON.parse(body ?? '') as { code?: unknown }).code;
    return typeof code === 'string' ? code : 'unknown';
  } catch {
    return 'unknown';
  }
}

function errorFrame(e: unknown, requestId?: string, log?: Telemetry['logger']): ServerFrame {
  const rid = requestId !== undefined ? { requestId } : {};
  if (e instanceof AppError) {
    const { type: _type, index: _index, ...problem } = problemOf(e);
    return { type: 'error', ...rid, ...problem };
  }
  // Never echo internals or secrets: log the error name and message only.
  const { type: _type, ...internal } = problemFor(e, 'ws internal error', log);
  return { type: 'error', ...rid, ...internal };
}

function problemResult(e: unknown, log?: Telemetry['logger']): WsResult {
  const problem = problemFor(e, 'ws connect failed', log);
  return {
    statusCode: problem.status,
    headers: { 'content-type': 'application/problem+json' },
    body: JSON.stringify(problem),
  };
}

/** The requestId of a message that failed validation, when it has a usable one (so the client can match it). */
function requestIdOf(body: string | null | undefined): string | undefined {
  try {
    const id = (JSON.parse(body ?? '') as { requestId?: unknown }).requestId;
    return typeof id === 'string' && REQUEST_ID.test(id) ? id : undefined;
  } catch {
    return undefined;
  }
}
