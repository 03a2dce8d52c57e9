import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { accepts } from 'hono/accepts';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
// The namespace import keeps zod's locales out of the Lambda bundle (~440 KB less than `import { z }`).
import * as z from 'zod';
import { sha256 } from '../crypto/secrets.js';
import { parseBearer } from '../edge/bearer.js';
import { parseBoundedJson } from '../edge/json.js';
import { type RateLimiter, costOf } from '../edge/rate-limit.js';
import { IDEMPOTENCY_KEY, IDEMPOTENCY_KEY_MESSAGE, TABLE_ID, TABLE_ID_MESSAGE } from '../edge/ids.js';
import {
  type Actor,
  assertMayAct,
  assertMayAddSpectator,
  assertMayCreateTable,
  assertMayFreeSeat,
  assertMayJoin,
  assertMayReadDeals,
  assertOrganiser,
  audienceName,
} from '../policy/access.js';
import type { Telemetry } from '../observability/telemetry.js';
import type { TableMeta } from '../ports/table-store.js';
import { seatBotLevel, tableBotLevel } from '../use-cases/bots.js';
import { trickOrderFor } from '../use-cases/catalogue.js';
import { commandsOf, namesOf } from '../use-cases/commands.js';
import { assertWrapped } from '../edge/wrapped.js';
import { AppError } from '../use-cases/errors.js';
import type { PresenceEntry } from '../use-cases/presence.js';
import type { TableService } from '../use-cases/table-service.js';
import type { WebhookService } from '../use-cases/webhooks.js';
import { errorResponse, problemResponse } from './problem.js';
import { tournamentRoutes } from '../tournaments/http.js';
import type { TournamentService } from '../tournaments/service.js';
import { webhookRoutes } from './webhooks.js';

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

const tableId = z.string().regex(TABLE_ID, TABLE_ID_MESSAGE);
const seatNo = z.coerce.number().int().min(0).max(15);

const CreateTable = z.strictObject({
  variant: z.string().min(1).max(40),
  preset: z.string().min(1).max(60).optional(),
  options: z.record(z.string(), z.unknown()).optional(),
  seats: z.number().int().min(2).max(8),
  bots: z
    .array(
      z.union([
        z.number().int().min(0).max(7),
        z.strictObject({ seat: z.number().int().min(0).max(7), level: z.string().max(40).optional() }),
      ]),
    )
    .max(8)
    .optional(),
  // Levels are checked by the use case (422 bot/level_invalid naming the field).
  botLevel: z.string().max(40).optional(),
  visibility: z.enum(['public', 'private']).optional(),
  dealer: z.number().int().min(0).max(7).optional(),
  maxDeals: z.number().int().min(1).max(10_000).optional(),
  clock: z
    .strictObject({
      turnSeconds: z.number().int().min(1).max(86_400),
      timeoutsUntilAbsent: z.number().int().min(1).max(100).optional(),
      graceSeconds: z.number().int().min(0).max(3_600).optional(),
    })
    .optional(),
});
const Join = z.strictObject({
  seat: z.number().int().min(0).max(7).optional(),
  name: z.string().trim().min(1).max(40).optional(),
});
const AddBot = z.strictObject({
  seat: z.number().int().min(0).max(7).optional(),
  level: z.string().max(40).optional(),
});
const ActBody = z.strictObject({
  action: z.record(z.string(), z.unknown(), 'the game action as an object, e.g. {"action":{"type":"pass"}}'),
  expectedVersion: z.number().int().min(0).optional(),
});
/** A chat command (docs/chat-commands.md). */
const CommandBody = z.strictObject({
  text: z.string().trim().min(1).max(200),
  lang: z.enum(['de', 'en']).optional(),
  expectedVersion: z.number().int().min(0).optional(),
});
const ViewQuery = z.strictObject({
  format: z.enum(['json', 'text']).default('json'),
  // Absent: the request's Accept-Language decides (textLang).
  lang: z.enum(['de', 'en']).optional(),
  // format=text: the finished deal's biggest mistakes under the text (commands.ts textView).
  analysis: z.enum(['true', 'false']).optional(),
});
const Verify = z.strictObject({ seed: z.string().min(1).max(200) });
/**
 * The language of a text answer without `lang`: the most preferred of German and English in Accept-Language (by q,
 * a region such as `en-US` counts as its language, `*` as German), German when it names neither or is absent.
 */
export function textLang(c: Context): 'de' | 'en' {
  return accepts(c, {
    header: 'Accept-Language',
    supports: ['de', 'en'],
    default: 'de',
    match: (list, config) => {
      const ranked = [...list].filter((a) => a.q > 0).sort((a, b) => b.q - a.q);
      for (const a of ranked) {
        const base = a.type.toLowerCase().split('-')[0] ?? '';
        if (base === '*') return config.default;
        if (config.supports.includes(base)) return base;
      }
      return config.default;
    },
  }) as 'de' | 'en';
}

/** A contract as far as it fixes the trick order; no `game`: the order before a contract is fixed. */
const TrickOrderQuery = z
  .strictObject({
    game: z
      .string()
      .regex(/^[a-z][a-z-]{0,39}$/, 'a game name as the view writes it (lowercase letters and -), e.g. solo')
      .optional(),
    suit: z.enum(['E', 'G', 'H', 'S']).optional(),
    card: z
      .string()
      .regex(/^[EGHS][AZSKOUG9876P]$/, 'a card id as the view writes it, e.g. EO')
      .optional(),
    spiess: z.enum(['true', 'false']).optional(),
  })
  .refine((q) => q.game !== undefined || (q.suit === undefined && q.card === undefined && q.spiess === undefined), {
    path: ['game'],
    message: 'suit, card and spiess describe a game: give the game too',
  });
const EventsQuery = z.strictObject({
  after: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
const IdempotencyKey = z.string().regex(IDEMPOTENCY_KEY, IDEMPOTENCY_KEY_MESSAGE);

/** Parse with zod; a failure is a 400 naming the first offending field. */
function parse<T>(schema: z.ZodType<T>, value: unknown, where: string): T {
  const out = schema.safeParse(value);
  if (out.success) return out.data;
  const issue = out.error.issues[0];
  const path = issue?.path.map(String).join('.') ?? '';
  throw new AppError(400, 'request/invalid', `${where}: ${issue?.message ?? 'invalid'}`, {
    field: path === '' ? where : path,
  });
}

async function jsonBody(c: Context): Promise<unknown> {
  return parseJson(c, await c.req.text());
}

/** A body that may be left out (`curl -X POST` without `-d`): empty means `{}`; otherwise it must be JSON. */
async function optionalJsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  return text.trim() === '' ? {} : parseJson(c, text);
}

function parseJson(c: Context, text: string): unknown {
  const type = c.req.header('content-type') ?? '';
  // `application/json` or a `+json` type, with or without parameters (`; charset=utf-8`).
  if (!/^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i.test(type.trim()))
    throw new AppError(415, 'request/unsupported_media_type', 'send the body as application/json', {
      field: 'content-type',
    });
  return parseBoundedJson(text);
}

const bearer = (c: Context): string | undefined => parseBearer(c.req.header('authorization'));

/**
 * The REST API (runtime free): mounted by functions/http/lambda.ts on AWS and by local/ on a laptop.
 * Every route is described in openapi.yaml; test/functions/openapi.test.ts keeps them in step.
 */
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
      // Charged by what the request costs, not one per request (edge/rate-limit.ts REQUEST_COSTS).
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

  const actorFor = async (c: Context, id: string): Promise<Actor> =>
    service.authorize(await service.meta(id), bearer(c));

  app.get('/v1/health', (c) => c.json({ status: 'ok', version: config.version ?? '0.1.0' }));

  app.get('/v1/variants', (c) => c.json({ variants: service.variants() }));
  app.get('/v1/variants/:variantId', (c) => c.json(service.variant(c.req.param('variantId'))));

  app.post('/v1/tables', async (c) => {
    const key = bearer(c);
    if (apiKeys.size > 0) assertMayCreateTable(apiKeys, key);
    const body = parse(CreateTable, await jsonBody(c), 'body');
    // Remember the API key (hash) so the key's webhook registrations follow this table.
    const keyHash = key !== undefined && apiKeys.has(sha256(key)) ? sha256(key) : undefined;
    const created = await service.create({ ...body, ...(keyHash !== undefined ? { createdByKeyHash: keyHash } : {}) });
    return c.json(
      {
        tableId: created.tableId,
        organiserKey: created.organiserKey,
        version: created.version,
        table: publicTable(created.meta, created.version),
      },
      201,
    );
  });

  app.get('/v1/tables', async (c) => {
    const limit = parse(z.coerce.number().int().min(1).max(100).default(50), c.req.query('limit'), 'limit');
    const cursor = c.req.query('cursor');
    const listing = await service.openTables(limit, cursor);
    // Times on the wire are ISO 8601 strings, as in every other response (the store keeps epoch millis).
    return c.json({
      ...listing,
      tables: listing.tables.map((t) => ({ ...t, createdAt: new Date(t.createdAt).toISOString() })),
    });
  });

  app.get('/v1/tables/:tableId', async (c) => {
    const id = parse(tableId, c.req.param('tableId'), 'tableId');
    const meta = await service.meta(id);
    service.authorize(meta, bearer(c));
    const { version, view } = await service.view(id, { kind: 'spectator' });
    return c.json({ ...publicTable(meta, version), dealNo: view.dealNo, closed: view.closed, totals: view.totals });
  });

  app.post('/v1/tables/:tableId/close', async (c) => {
    const id = parse(tableId, c.req.param('tableId'), 'tableId');
    const actor = await actorFor(c, id);
    assertOrganiser(actor, 'closes a table');
    return c.json(await service.close(id));
  });

  app.post('/v1/tables/:tableId/seats', async (c) => {
    const id = parse(tableId, c.req.param('tableId'), 'tableId');
    // Warm: no read (the cached head and metadata; the join's one conditional write proves them current).
    const meta = await service.commandMeta(id);
    const body = parse(Join, await optionalJsonBody(c), 'body');
    if (meta.visibility === 'private') {
      const { actor } = await service.commandActor(id, bearer(c));
      assertMayJoin(meta, () => actor);
    }
    const joined = await service.join(id, body.seat, body.name ?? 'player');
    return c.json({ tableId: id, seat: joined.seat, seatToken: joined.token }, 201);
  });

  app.delete('/v1/tables/:tableId/seats/:seat', async (c) => {
    const id = parse(tableId, c.req.param('tableId'), 'tableId');
    const seat = parse(seatNo, c.req.param('seat'), 'seat');
    const actor = await actorFor(c, id);
    assertMayFreeSeat(actor, seat);
    await service.leave(id, seat);
    return c.body(null, 204);
  });

  app.post('/v1/tables/:tableId/bots', async (c) => {
    const id = parse(tableId, c.req.param('tableId'), 'tableId');
    const actor = await actorFor(c, id);
    assertOrganiser(actor, 'adds bots');
    const body = parse(AddBot, await optionalJsonBody(c), 'body');
    return c.json(await service.addBot(id, body.seat, body.level), 201);
  });

  app.post('/v1/tables/:tableId/spectators', async (c) => {
    const id = parse(tableId, c.req.param('tableId'), 'tableId');
    const meta = await service.meta(id);
    const actor = service.authorize(meta, bearer(c));
    assertMayAddSpectator(meta, actor);
    const { token } = await service.addSpectator(id);
    return c.json({ tableId: id, spectatorToken: token }, 201);
  });

  /** What POST /actions and /commands share: the table, the acting seat (401 without a token) and the idempotency key. */
  const actingSeat = async (c: Context) => {
    const id = parse(tableId, c.req.param('tableId'), 'tableId');
    const token = bearer(c);
    if (token === undefined)
      throw new AppError(401, 'auth/missing_token', 'acting needs the seat token: Authorization: Bearer st_…', {
        field: 'authorization',
      });
    // Warm: no read — the cached head and metadata; the command authorises the token again on what it decides on.
    const { meta, actor } = await service.commandActor(id, token);
    assertMayAct(actor);
    const keyHeader = c.req.header('idempotency-key');
    const idempotencyKey = keyHeader === undefined ? undefined : parse(IdempotencyKey, keyHeader, 'Idempotency-Key');
    return { id, meta, actor, token, idempotencyKey };
  };

  app.post('/v1/tables/:tableId/actions', async (c) => {
    const { id, actor, token, idempotencyKey } = await actingSeat(c);
    const raw = await jsonBody(c);
    assertWrapped(raw, 'action', (action) => ({ action }));
    const body = parse(ActBody, raw, 'body');
    const out = await service.act(id, actor, body.action, {
      ...(idempotencyKey !== undefined ? { idempotencyKey } : {}),
      ...(body.expectedVersion !== undefined ? { expectedVersion: body.expectedVersion } : {}),
      token,
    });
    if (!out.replayed) telemetry?.count('Moves');
    return c.json({ version: out.version, events: out.events, replayed: out.replayed }, 200);
  });

  // Chat text: a command read against the seat's legal actions, then played like POST /actions.
  app.post('/v1/tables/:tableId/commands', async (c) => {
    const { meta, actor, token, idempotencyKey } = await actingSeat(c);
    const body = parse(CommandBody, await jsonBody(c), 'body');
    const out = await service.actByText(meta, actor, body.text, body.lang, {
      token,
      ...(idempotencyKey !== undefined ? { idempotencyKey } : {}),
      ...(body.expectedVersion !== undefined ? { expectedVersion: body.expectedVersion } : {}),
    });
    return c.json(
      { version: out.version, events: out.events, replayed: out.replayed, action: out.action, command: out.command },
      200,
    );
  });

  app.get('/v1/tables/:tableId/view', async (c) => {
    const id = parse(tableId, c.req.param('tableId'), 'tableId');
    const query = parse(ViewQuery, c.req.query(), 'query');
    if (query.format === 'text') {
      const meta = await service.meta(id);
      const actor = service.authorize(meta, bearer(c));
      const out = await service.textView(meta, actor, query.lang ?? textLang(c), {
        analysis: query.analysis === 'true',
      });
      return c.text(out.text, 200, {
        'x-table-version': String(out.version),
        ...(query.lang === undefined ? { vary: 'Accept-Language' } : {}),
      });
    }
    // One read when warm: the metadata (authorisation first) and the current head together.
    const token = bearer(c);
    const { meta, actor, result: out } = await service.authorisedView(id, (m) => service.authorize(m, token));
    // Presence is ephemeral and read beside the view: a failed read leaves it out rather than fail the view.
    const presence = await config.presence?.(meta).catch(() => undefined);
    return c.json({
      tableId: id,
      audience: audienceName(actor),
      ...out,
      ...(presence !== undefined ? { presence } : {}),
      names: namesOf(meta),
      commands: commandsOf(out.view.legalActions, meta.variant),
    });
  });

  // The trick order of a contract at this table (its variant and options): public rule data for sorting a hand.
  app.get('/v1/tables/:tableId/trick-order', async (c) => {
    const id = parse(tableId, c.req.param('tableId'), 'tableId');
    const q = parse(TrickOrderQuery, c.req.query(), 'query');
    const token = bearer(c);
    const { result } = await service.authorisedView(id, (m) => service.authorize(m, token));
    const contract =
      q.game === undefined
        ? null
        : {
            game: q.game,
            ...(q.suit !== undefined ? { suit: q.suit } : {}),
            ...(q.card !== undefined ? { card: q.card } : {}),
            ...(q.spiess !== undefined ? { spiess: q.spiess === 'true' } : {}),
          };
    return c.json({ tableId: id, ...trickOrderFor(result.view.variant, result.view.options, contract) });
  });

  app.get('/v1/tables/:tableId/events', async (c) => {
    const id = parse(tableId, c.req.param('tableId'), 'tableId');
    const query = parse(EventsQuery, c.req.query(), 'query');
    const actor = await actorFor(c, id);
    const out = await service.events(id, actor, query.after, query.limit);
    return c.json({ tableId: id, audience: audienceName(actor), ...out });
  });

  app.get('/v1/tables/:tableId/deals/:deal/record', async (c) => {
    const id = parse(tableId, c.req.param('tableId'), 'tableId');
    const deal = parse(z.coerce.number().int().min(1), c.req.param('deal'), 'deal');
    assertMayReadDeals(await service.meta(id), await actorFor(c, id));
    return c.json(await service.record(id, deal));
  });

  app.get('/v1/tables/:tableId/deals/:deal/analysis', async (c) => {
    const id = parse(tableId, c.req.param('tableId'), 'tableId');
    const deal = parse(z.coerce.number().int().min(1), c.req.param('deal'), 'deal');
    assertMayReadDeals(await service.meta(id), await actorFor(c, id));
    return c.json({ tableId: id, ...(await service.analysis(id, deal)) });
  });

  app.get('/v1/tables/:tableId/hint', async (c) => {
    const id = parse(tableId, c.req.param('tableId'), 'tableId');
    return c.json({ tableId: id, ...(await service.hint(id, await actorFor(c, id))) });
  });

  app.get('/v1/tables/:tableId/deals/:deal/fairness', async (c) => {
    const id = parse(tableId, c.req.param('tableId'), 'tableId');
    const deal = parse(z.coerce.number().int().min(1), c.req.param('deal'), 'deal');
    assertMayReadDeals(await service.meta(id), await actorFor(c, id));
    return c.json(await service.fairness(id, deal));
  });

  app.post('/v1/tables/:tableId/deals/:deal/verify', async (c) => {
    const id = parse(tableId, c.req.param('tableId'), 'tableId');
    const deal = parse(z.coerce.number().int().min(1), c.req.param('deal'), 'deal');
    await actorFor(c, id);
    const body = parse(Verify, await jsonBody(c), 'body');
    return c.json(await service.verify(id, deal, body.seed));
  });

  app.post('/v1/records/score', async (c) => c.json(service.score(await jsonBody(c))));

  if (config.tournaments !== undefined)
    app.route(
      '/v1/tournaments',
      tournamentRoutes(config.tournaments, {
        apiKeyHashes: config.apiKeyHashes ?? [],
        ...(config.now !== undefined ? { now: config.now } : {}),
      }),
    );
  app.route(
    '/',
    webhookRoutes(() => config.webhooks),
  );

  return app;
}

function publicTable(meta: TableMeta, version: number): Record<string, unknown> {
  return {
    tableId: meta.tableId,
    variant: meta.variant,
    preset: meta.preset,
    visibility: meta.visibility,
    seats: meta.seats.map((s, seat) =>
      s.kind === 'open'
        ? { seat, kind: 'open' }
        : s.kind === 'bot'
          ? { seat, kind: s.kind, name: s.name, level: seatBotLevel(meta, seat) }
          : { seat, kind: s.kind, name: s.name },
    ),
    createdAt: new Date(meta.createdAt).toISOString(),
    ...(meta.maxDeals !== undefined ? { maxDeals: meta.maxDeals } : {}),
    ...(meta.clock !== undefined ? { clock: meta.clock } : {}),
    botLevel: tableBotLevel(meta),
    version,
  };
}
