import { Hono, type Context } from 'hono';
import * as z from 'zod';
import { parseBearer } from '../edge/bearer.js';
import { TOURNAMENT_WEBHOOK_EVENT_TYPES, WEBHOOK_EVENT_TYPES } from '../ports/webhooks.js';
import { AppError } from '../use-cases/errors.js';
import type { WebhookService } from '../use-cases/webhooks.js';
import { errorResponse } from './problem.js';

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

function parse<T>(schema: z.ZodType<T>, value: unknown, where: string): T {
  const out = schema.safeParse(value);
  if (out.success) return out.data;
  const issue = out.error.issues[0];
  const path = issue?.path.map(String).join('.') ?? '';
  throw new AppError(400, 'request/invalid', `${where}: ${issue?.message ?? 'invalid'}`, {
    field: path === '' ? where : path,
  });
}

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

/** The webhook routes (openapi.yaml tag `webhooks`), mounted into the REST app; 404 while none are configured. */
export function webhookRoutes(configured: () => WebhookService | undefined): Hono {
  const app = new Hono();
  app.onError((e, c) => errorResponse(c, e));
  const service = (): WebhookService => {
    const s = configured();
    if (s === undefined) throw new AppError(404, 'route/not_found', 'webhooks are not configured on this server');
    return s;
  };

  app.post('/v1/webhooks', async (c) => {
    const body = parse(Register, await json(c), 'body');
    const out = await service().register(bearer(c), body);
    return c.json({ ...out.hook, secret: out.secret }, 201);
  });
  app.get('/v1/webhooks', async (c) => c.json({ webhooks: await service().list(bearer(c)) }));
  app.get('/v1/webhooks/:webhookId', async (c) =>
    c.json(await service().view(bearer(c), parse(hookId, c.req.param('webhookId'), 'webhookId'))),
  );
  app.delete('/v1/webhooks/:webhookId', async (c) => {
    await service().remove(bearer(c), parse(hookId, c.req.param('webhookId'), 'webhookId'));
    return c.body(null, 204);
  });
  app.post('/v1/webhooks/:webhookId/rotate', async (c) =>
    c.json(await service().rotate(bearer(c), parse(hookId, c.req.param('webhookId'), 'webhookId'))),
  );
  app.get('/v1/webhooks/:webhookId/deliveries', async (c) => {
    const id = parse(hookId, c.req.param('webhookId'), 'webhookId');
    const limit = parse(z.coerce.number().int().min(1).max(100).default(50), c.req.query('limit'), 'limit');
    return c.json({ deliveries: await service().deliveries(bearer(c), id, limit) });
  });
  app.post('/v1/webhooks/:webhookId/deliveries/:deliveryId/redeliver', async (c) => {
    const id = parse(hookId, c.req.param('webhookId'), 'webhookId');
    const deliveryId = parse(z.string().min(1).max(200), c.req.param('deliveryId'), 'deliveryId');
    return c.json(await service().redeliver(bearer(c), id, deliveryId));
  });
  return app;
}
