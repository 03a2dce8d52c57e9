import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import type { RateLimiter } from '../edge/rate-limit.js';
import type { Telemetry } from '../observability/telemetry.js';
import type { TableMeta } from '../ports/table-store.js';
import type { PresenceEntry } from '../use-cases/presence.js';
import type { TableService } from '../use-cases/table-service.js';
import type { WebhookService } from '../use-cases/webhooks.js';
import { errorResponse, problemResponse } from './problem.js';
import { mountRoutes, requestCosts } from './routes.js';
import { TABLE_ROUTES } from './tables.js';
import { TOURNAMENT_ROUTES } from '../tournaments/http.js';
import type { TournamentService } from '../tournaments/service.js';
import { WEBHOOK_ROUTES } from './webhooks.js';

export interface AppConfig {
  readonly service: TableService;
  /** sha256 hashes of the API keys allowed to create tables; empty = anyone may create tables. */
  readonly apiKeyHashes?: readonly string[];
  readonly version?: string;
  /** The tournaments (docs/tournaments.md); their routes are mounted under /v1/tournaments. */
  readonly tournaments?: TournamentService;
  readonly now?: () => number;
  /** Webhook registrations (`/v1/webhooks…`); without it those routes answer 404 `route/not_found`. */
  readonly webhooks?: WebhookService;
  /** Per-client token buckets (429 `request/rate_limited`); undefined: no application limit. */
  readonly rateLimiter?: RateLimiter;
  /** The caller's source address: API Gateway's `requestContext.http.sourceIp`, or the local socket's peer. */
  readonly clientAddress?: (c: Context) => string | undefined;
  /** Structured request logs and metrics (Powertools); undefined: none. */
  readonly telemetry?: Telemetry;
  /** Each seat's presence for the view (docs/presence.md); undefined: the view has none. */
  readonly presence?: (meta: TableMeta) => Promise<readonly PresenceEntry[]>;
}

/** API Gateway's request id (Lambda), else the client's `x-request-id`, else a fresh one (local). */
function requestIdOf(c: Context): string {
  const env = c.env as { event?: { requestContext?: { requestId?: string } } } | undefined;
  return env?.event?.requestContext?.requestId ?? c.req.header('x-request-id')?.slice(0, 64) ?? randomUUID();
}

/** The source address from the platform's request data, read structurally (Lambda event or Node socket). */
export function defaultClientAddress(c: Context): string | undefined {
  const env = c.env as
    | {
        event?: { requestContext?: { http?: { sourceIp?: string } } };
        incoming?: { socket?: { remoteAddress?: string } };
      }
    | undefined;
  return env?.event?.requestContext?.http?.sourceIp ?? env?.incoming?.socket?.remoteAddress;
}

/**
 * The REST API (runtime free): mounted by functions/http/lambda.ts on AWS and by local/ on a laptop. The middleware
 * (request log, errors as problem+json, CORS, rate limits, body limit) runs in this order before every route; the
 * routes are the slices' tables (functions/http/routes.ts), which test/functions/routes.test.ts holds against
 * openapi.yaml.
 */
/** What the rate limiter charges a request: its route's cost, in the order the routes are mounted below. */
export const costOf = requestCosts([...TABLE_ROUTES, ...TOURNAMENT_ROUTES, ...WEBHOOK_ROUTES]);

export function createApp(config: AppConfig): Hono {
  const { service } = config;
  const app = new Hono();
  const apiKeys = new Set(config.apiKeyHashes ?? []);

  const telemetry = config.telemetry;
  // One structured line per request (refusals with their code feed the Errors metric), correlated by request and table.
  if (telemetry !== undefined)
    app.use('*', async (c, next) => {
      const started = Date.now();
      await next();
      const where = {
        requestId: requestIdOf(c),
        tableId: /^\/v1\/tables\/([a-z0-9]{4,40})(?:\/|$)/.exec(c.req.path)?.[1],
        method: c.req.method,
        route: c.req.routePath,
        status: c.res.status,
        ms: Date.now() - started,
      };
      if (c.res.status >= 400 && (c.res.headers.get('content-type') ?? '').startsWith('application/problem+json')) {
        const code = ((await c.res.clone().json()) as { code?: unknown }).code;
        telemetry.failed(typeof code === 'string' ? code : 'unknown', c.res.status, where);
      } else telemetry.logger.info('request', where);
    });
  app.onError((e, c) => errorResponse(c, e, telemetry?.logger));
  app.notFound((c) =>
    problemResponse(c, {
      type: 'https://stammtisch.dev/problems/route/not_found',
      title: 'Not found',
      status: 404,
      detail: `no route ${c.req.method} ${c.req.path}`,
      code: 'route/not_found',
    }),
  );
  // Browser clients on other origins: secrets travel as bearer tokens, never cookies, so any origin may call.
  app.use(
    '/v1/*',
    cors({
      origin: '*',
      allowMethods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
      allowHeaders: ['authorization', 'content-type', 'idempotency-key'],
      maxAge: 600,
    }),
  );
  // Per-client limits before anything reads the body or the store (preflights are answered above, uncounted).
  const limiter = config.rateLimiter;
  const addressOf = config.clientAddress ?? defaultClientAddress;
  if (limiter !== undefined)
    app.use('*', async (c, next) => {
      // Charged by what the request costs, not one per request: its route's cost (routes.ts `requestCosts`).
      limiter.check(
        {
          token: /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1],
          address: addressOf(c),
        },
        costOf(c.req.method, c.req.path),
      );
      await next();
    });
  app.use(
    '*',
    bodyLimit({
      maxSize: 64 * 1024,
      // The rest of the body is never read: `Connection: close` tells a keep-alive client to send its next request on a
      // fresh connection instead of after the unread bytes (API Gateway answers 413 itself before the Lambda).
      onError: (c) => {
        c.header('connection', 'close');
        return problemResponse(c, {
          type: 'https://stammtisch.dev/problems/request/too_large',
          title: 'Payload too large',
          status: 413,
          detail: 'the body is larger than 64 KiB',
          code: 'request/too_large',
        });
      },
    }),
  );

  mountRoutes(app, TABLE_ROUTES, {
    service,
    apiKeys,
    version: config.version ?? '0.1.0',
    ...(telemetry !== undefined ? { telemetry } : {}),
    ...(config.presence !== undefined ? { presence: config.presence } : {}),
  });
  if (config.tournaments !== undefined)
    mountRoutes(app, TOURNAMENT_ROUTES, {
      service: config.tournaments,
      apiKeys,
      now: config.now ?? Date.now,
    });
  mountRoutes(app, WEBHOOK_ROUTES, { configured: () => config.webhooks });

  return app;
}
