import { z } from 'zod';

/** Client → server messages, selected by `action` (API Gateway route selection `$request.body.action`). */
const requestId = z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'letters, digits and _.:- (1–64)');
const tableId = z.string().regex(/^[a-z0-9]{4,40}$/, 'not a table id');
const seq = z.number().int().min(0);

export const Subscribe = z.strictObject({
  action: z.literal('subscribe'),
  requestId: requestId.optional(),
  /** Must be the table the connection was authorised for (optional: that table). */
  tableId: tableId.optional(),
  /** Which view: the seat's own, the spectator view, or the organiser view (default: what the token is). */
  as: z.enum(['seat', 'spectator', 'organiser']).optional(),
  /** Also send every event after this seq (a reconnecting client passes its last seq). */
  after: seq.optional(),
});

export const Unsubscribe = z.strictObject({
  action: z.literal('unsubscribe'),
  requestId: requestId.optional(),
  tableId: tableId.optional(),
});

export const Act = z.strictObject({
  action: z.literal('act'),
  requestId: requestId.optional(),
  tableId: tableId.optional(),
  /** The game action, as in POST /v1/tables/{tableId}/actions `action`. */
  move: z.record(z.string(), z.unknown()),
  expectedVersion: z.number().int().min(0).optional(),
  /** As the REST Idempotency-Key header: a retried command returns the original outcome. */
  idempotencyKey: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,128}$/, 'letters, digits and _.:- (1–128)')
    .optional(),
});

export const Resync = z.strictObject({
  action: z.literal('resync'),
  requestId: requestId.optional(),
  tableId: tableId.optional(),
  /** The last seq the client holds; events after it follow. */
  after: seq,
  limit: z.number().int().min(1).max(500).optional(),
});

export const Ping = z.strictObject({ action: z.literal('ping'), requestId: requestId.optional() });

export const ViewRequest = z.strictObject({
  action: z.literal('view'),
  requestId: requestId.optional(),
  tableId: tableId.optional(),
});

export const ClientMessage = z.discriminatedUnion('action', [Subscribe, Unsubscribe, Act, Resync, Ping, ViewRequest]);
export type ClientMessage = z.infer<typeof ClientMessage>;

/** The route keys the WebSocket API defines besides `$connect`, `$disconnect` and `$default`. */
export const ACTIONS = ['subscribe', 'unsubscribe', 'act', 'resync', 'ping', 'view'] as const;
