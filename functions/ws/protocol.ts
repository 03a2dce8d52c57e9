// zod/mini: the same validation as zod with a tree-shakable API (~20 KB in the bundle instead of ~440 KB).
import * as z from 'zod/mini';
import {
  IDEMPOTENCY_KEY,
  IDEMPOTENCY_KEY_MESSAGE,
  REQUEST_ID,
  REQUEST_ID_MESSAGE,
  TABLE_ID,
  TABLE_ID_MESSAGE,
} from '../edge/ids.js';

/** The subprotocol a client may offer; the server then names it in the handshake answer (asyncapi.yaml). */
export const PROTOCOL = 'stammtisch.v1';
/** A subprotocol `stammtisch.bearer.<token>` carries the token (browsers cannot set an Authorization header). */
export const BEARER_PROTOCOL_PREFIX = 'stammtisch.bearer.';

/** Client → server messages, selected by `action` (API Gateway route selection `$request.body.action`). */
const requestId = z.string().check(z.regex(REQUEST_ID, REQUEST_ID_MESSAGE));
const tableId = z.string().check(z.regex(TABLE_ID, TABLE_ID_MESSAGE));
/** A tournament id (functions/tournaments/secrets.ts newTournamentId). */
export const TOURNAMENT_ID = /^u[a-z0-9]{4,30}$/;
const seq = z.int('an integer ≥ 0').check(z.minimum(0, 'an integer ≥ 0'));

export const Subscribe = z.strictObject({
  action: z.literal('subscribe'),
  requestId: z.optional(requestId),
  /** Must be the table the connection was authorised for (optional: that table). */
  tableId: z.optional(tableId),
  /** Which view: the seat's own, the spectator view, or the organiser view (default: what the token is). */
  as: z.optional(z.enum(['seat', 'spectator', 'organiser'], 'seat, spectator or organiser')),
  /** Also send every event after this seq (a reconnecting client passes its last seq). */
  after: z.optional(seq),
  /**
   * A tournament's event stream instead of a table (the connection was opened with `?tournamentId=` for it):
   * `tournament_subscribed`, then `tournament_events` pushes (functions/tournaments/push.ts).
   */
  tournamentId: z.optional(z.string().check(z.regex(TOURNAMENT_ID, 'not a tournament id (u…)'))),
});

export const Unsubscribe = z.strictObject({
  action: z.literal('unsubscribe'),
  requestId: z.optional(requestId),
  tableId: z.optional(tableId),
});

export const Act = z.strictObject({
  action: z.literal('act'),
  requestId: z.optional(requestId),
  tableId: z.optional(tableId),
  /** The game action, as in POST /v1/tables/{tableId}/actions `action`. */
  move: z.record(z.string(), z.unknown(), 'a game action object, e.g. {"type":"pass"}'),
  expectedVersion: z.optional(seq),
  /** As the REST Idempotency-Key header: a retried command returns the original outcome. */
  idempotencyKey: z.optional(z.string().check(z.regex(IDEMPOTENCY_KEY, IDEMPOTENCY_KEY_MESSAGE))),
});

export const Resync = z.strictObject({
  action: z.literal('resync'),
  requestId: z.optional(requestId),
  tableId: z.optional(tableId),
  /** The last seq the client holds; events after it follow. */
  after: seq,
  limit: z.optional(z.int('1–500').check(z.minimum(1, '1–500'), z.maximum(500, '1–500'))),
});

export const Ping = z.strictObject({ action: z.literal('ping'), requestId: z.optional(requestId) });

export const ViewRequest = z.strictObject({
  action: z.literal('view'),
  requestId: z.optional(requestId),
  tableId: z.optional(tableId),
});

/** The route keys the WebSocket API defines besides `$connect`, `$disconnect` and `$default`. */
export const ACTIONS = ['subscribe', 'unsubscribe', 'act', 'resync', 'ping', 'view'] as const;

export const ClientMessage = z.discriminatedUnion(
  'action',
  [Subscribe, Unsubscribe, Act, Resync, Ping, ViewRequest],
  `a JSON object whose "action" is one of ${ACTIONS.join(', ')}`,
);
export type ClientMessage = z.infer<typeof ClientMessage>;
