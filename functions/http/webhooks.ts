import type { Context } from 'hono';
import * as z from 'zod';
import { parseBearer } from '../edge/bearer.js';
import { POLICIES } from '../policy/access.js';
import { webhookOwnerOf } from '../policy/webhooks.js';
import { TOURNAMENT_WEBHOOK_EVENT_TYPES, WEBHOOK_EVENT_TYPES } from '../ports/webhooks.js';
import { AppError } from '../use-cases/errors.js';
import type { WebhookService } from '../use-cases/webhooks.js';
import { type Route, parse, readJsonBody, routeFor } from './routes.js';

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
 * The webhooks slice's routes (openapi.yaml tag `webhooks`), mounted by functions/http/app.ts. Each route's policy
 * (functions/policy/access.ts POLICIES, the checks in functions/policy/webhooks.ts) admits the caller through `req.may`
 * before WebhookService runs; the service takes what the check hands on (an owner, a registration, an admitted scope),
 * never the token.
 */
export const WEBHOOK_ROUTES: readonly Route<WebhookDeps>[] = [
  webhookRoute({
    method: 'POST',
    path: '/v1/webhooks',
    operationId: 'createWebhook',
    access: POLICIES.webhookRegistration,
    body: { schema: Register, read: (c) => readJsonBody(c) },
    cost: 5,
    handle: async (c, req, deps) => {
      const body = await req.body();
      const service = serviceOf(deps);
      const token = bearer(c);
      // A token at its cap is refused before anything else is read (the answer says nothing about the table).
      await service.withinOwnerCap(webhookOwnerOf(token));
      const out = await service.create(req.may(await service.grounds(body, token), token), body);
      return c.json({ ...out.hook, secret: out.secret }, 201);
    },
  }),
  webhookRoute({
    method: 'GET',
    path: '/v1/webhooks',
    operationId: 'listWebhooks',
    access: POLICIES.webhookOwnerList,
    handle: async (c, req, deps) => c.json({ webhooks: await serviceOf(deps).list(req.may(bearer(c))) }),
  }),
  webhookRoute({
    method: 'GET',
    path: '/v1/webhooks/{webhookId}',
    operationId: 'getWebhook',
    access: POLICIES.webhookOwner,
    handle: async (c, req, deps) => {
      const service = serviceOf(deps);
      const id = idOf(c);
      return c.json(service.view(req.may(await service.find(id), bearer(c), id)));
    },
  }),
  webhookRoute({
    method: 'DELETE',
    path: '/v1/webhooks/{webhookId}',
    operationId: 'deleteWebhook',
    access: POLICIES.webhookOwner,
    handle: async (c, req, deps) => {
      const service = serviceOf(deps);
      const id = idOf(c);
      await service.remove(req.may(await service.find(id), bearer(c), id));
      return c.body(null, 204);
    },
  }),
  webhookRoute({
    method: 'POST',
    path: '/v1/webhooks/{webhookId}/rotate',
    operationId: 'rotateWebhookSecret',
    access: POLICIES.webhookOwner,
    handle: async (c, req, deps) => {
      const service = serviceOf(deps);
      const id = idOf(c);
      return c.json(await service.rotate(req.may(await service.find(id), bearer(c), id)));
    },
  }),
  webhookRoute({
    method: 'GET',
    path: '/v1/webhooks/{webhookId}/deliveries',
    operationId: 'listWebhookDeliveries',
    access: POLICIES.webhookOwner,
    handle: async (c, req, deps) => {
      const id = idOf(c);
      const limit = parse(z.coerce.number().int().min(1).max(100).default(50), c.req.query('limit'), 'limit');
      const service = serviceOf(deps);
      const hook = req.may(await service.find(id), bearer(c), id);
      return c.json({ deliveries: await service.deliveries(hook, limit) });
    },
  }),
  webhookRoute({
    method: 'POST',
    path: '/v1/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver',
    operationId: 'redeliverWebhook',
    access: POLICIES.webhookOwner,
    cost: 5,
    handle: async (c, req, deps) => {
      const id = idOf(c);
      const deliveryId = parse(z.string().min(1).max(200), c.req.param('deliveryId'), 'deliveryId');
      const service = serviceOf(deps);
      const hook = req.may(await service.find(id), bearer(c), id);
      return c.json(await service.redeliver(hook, deliveryId));
    },
  }),
];
