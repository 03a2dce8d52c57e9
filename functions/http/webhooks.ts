import type { Context } from 'hono';
import * as z from 'zod';
import { parseBearer } from '../edge/bearer.js';
import { POLICIES } from '../policy/access.js';
import { TOURNAMENT_WEBHOOK_EVENT_TYPES, WEBHOOK_EVENT_TYPES } from '../ports/webhooks.js';
import { AppError } from '../use-cases/errors.js';
import type { WebhookService } from '../use-cases/webhooks.js';
import { type Route, parse, routeFor } from './routes.js';

const hookId = z.string().regex(/^wh_[a-f0-9]{20}$/, 'not a webhook id');
const Register = z.strictObject({
  url: z.string().min(8).max(2000),
  events: z
    .array(z.enum([...WEBHOOK_EVENT_TYPES, ...TOURNAMENT_WEBHOOK_EVENT_TYPES, '*']))
    .min(1)
    .max(WEBHOOK_EVENT_TYPES.length + TOURNAMENT_WEBHOOK_EVENT_TYPES.length + 1)
    .optional(),
  tableId: z
    .string()
    .regex(/^[a-z0-9]{4,40}$/, 'not a table id')
    .optional(),
  tournamentId: z
    .string()
    .regex(/^u[a-z0-9]{4,30}$/, 'not a tournament id')
    .optional(),
  description: z.string().max(200).optional(),
});

const bearer = (c: Context): string | undefined => parseBearer(c.req.header('authorization'));

async function json(c: Context): Promise<unknown> {
  if (!(c.req.header('content-type') ?? '').includes('application/json'))
    throw new AppError(400, 'request/unsupported_media_type', 'send the body as application/json', {
      field: 'content-type',
    });
  try {
    return JSON.parse(await c.req.text()) as unknown;
  } catch {
    throw new AppError(400, 'request/invalid_json', 'the body is not valid JSON');
  }
}

/** What the webhook routes need: the service, if this server has one (404 `route/not_found` while it has none). */
export interface WebhookDeps {
  readonly configured: () => WebhookService | undefined;
}

const serviceOf = ({ configured }: WebhookDeps): WebhookService => {
  const s = configured();
  if (s === undefined) throw new AppError(404, 'route/not_found', 'webhooks are not configured on this server');
  return s;
};
const idOf = (c: Context): string => parse(hookId, c.req.param('webhookId'), 'webhookId');

const webhookRoute = routeFor<WebhookDeps>();

/**
 * The webhooks slice's routes (openapi.yaml tag `webhooks`), mounted by functions/http/app.ts. Access is decided by
 * WebhookService (use-cases/webhooks.ts: the registration's owner token), as POLICIES.webhookOwner names.
 */
export const WEBHOOK_ROUTES: readonly Route<WebhookDeps>[] = [
  webhookRoute({
    method: 'POST',
    path: '/v1/webhooks',
    operationId: 'createWebhook',
    access: POLICIES.webhookOwner,
    body: { schema: Register, read: json },
    cost: 5,
    handle: async (c, req, deps) => {
      const body = await req.body();
      const out = await serviceOf(deps).register(bearer(c), body);
      return c.json({ ...out.hook, secret: out.secret }, 201);
    },
  }),
  webhookRoute({
    method: 'GET',
    path: '/v1/webhooks',
    operationId: 'listWebhooks',
    access: POLICIES.webhookOwner,
    handle: async (c, _req, deps) => c.json({ webhooks: await serviceOf(deps).list(bearer(c)) }),
  }),
  webhookRoute({
    method: 'GET',
    path: '/v1/webhooks/{webhookId}',
    operationId: 'getWebhook',
    access: POLICIES.webhookOwner,
    handle: async (c, _req, deps) => c.json(await serviceOf(deps).view(bearer(c), idOf(c))),
  }),
  webhookRoute({
    method: 'DELETE',
    path: '/v1/webhooks/{webhookId}',
    operationId: 'deleteWebhook',
    access: POLICIES.webhookOwner,
    handle: async (c, _req, deps) => {
      await serviceOf(deps).remove(bearer(c), idOf(c));
      return c.body(null, 204);
    },
  }),
  webhookRoute({
    method: 'POST',
    path: '/v1/webhooks/{webhookId}/rotate',
    operationId: 'rotateWebhookSecret',
    access: POLICIES.webhookOwner,
    handle: async (c, _req, deps) => c.json(await serviceOf(deps).rotate(bearer(c), idOf(c))),
  }),
  webhookRoute({
    method: 'GET',
    path: '/v1/webhooks/{webhookId}/deliveries',
    operationId: 'listWebhookDeliveries',
    access: POLICIES.webhookOwner,
    handle: async (c, _req, deps) => {
      const id = idOf(c);
      const limit = parse(z.coerce.number().int().min(1).max(100).default(50), c.req.query('limit'), 'limit');
      return c.json({ deliveries: await serviceOf(deps).deliveries(bearer(c), id, limit) });
    },
  }),
  webhookRoute({
    method: 'POST',
    path: '/v1/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver',
    operationId: 'redeliverWebhook',
    access: POLICIES.webhookOwner,
    cost: 5,
    handle: async (c, _req, deps) => {
      const id = idOf(c);
      const deliveryId = parse(z.string().min(1).max(200), c.req.param('deliveryId'), 'deliveryId');
      return c.json(await serviceOf(deps).redeliver(bearer(c), id, deliveryId));
    },
  }),
];
