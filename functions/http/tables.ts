import type { Context } from 'hono';
import { accepts } from 'hono/accepts';
// The namespace import keeps zod's locales out of the Lambda bundle (~440 KB less than `import { z }`).
import * as z from 'zod';
import { sha256 } from '../crypto/secrets.js';
import { parseBearer } from '../edge/bearer.js';
import { parseBoundedJson } from '../edge/json.js';
import { IDEMPOTENCY_KEY, IDEMPOTENCY_KEY_MESSAGE, TABLE_ID, TABLE_ID_MESSAGE } from '../edge/ids.js';
import { assertWrapped } from '../edge/wrapped.js';
import type { Telemetry } from '../observability/telemetry.js';
import { type Actor, POLICIES, type SeatActor, audienceName } from '../policy/access.js';
import type { TableMeta } from '../ports/table-store.js';
import { seatBotLevel, tableBotLevel } from '../use-cases/bots.js';
import { trickOrderFor } from '../use-cases/catalogue.js';
import { commandsOf, namesOf } from '../use-cases/commands.js';
import { AppError } from '../use-cases/errors.js';
import type { PresenceEntry } from '../use-cases/presence.js';
import type { TableService } from '../use-cases/table-service.js';
import { type BodySpec, type Route, parse, routeFor } from './routes.js';

/** What the tables slice's routes need (bound once by functions/http/app.ts). */
export interface TablesDeps {
  readonly service: TableService;
  /** sha256 hashes of the API keys allowed to create tables; empty = anyone may create tables. */
  readonly apiKeys: ReadonlySet<string>;
  readonly version: string;
  readonly telemetry?: Telemetry;
  /** Each seat's presence for the view (docs/presence.md); undefined: the view has none. */
  readonly presence?: (meta: TableMeta) => Promise<readonly PresenceEntry[]>;
}

const tableId = z.string().regex(TABLE_ID, TABLE_ID_MESSAGE);
const seatNo = z.coerce.number().int().min(0).max(15);
const dealNo = z.coerce.number().int().min(1);

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

/** A JSON body (415 for another media type, bounded in size and depth). */
const json = <S extends z.ZodType>(schema: S): BodySpec<S> => ({ schema, read: jsonBody });
/** A JSON body that may be left out. */
const optionalJson = <S extends z.ZodType>(schema: S): BodySpec<S> => ({ schema, read: optionalJsonBody });

const bearer = (c: Context): string | undefined => parseBearer(c.req.header('authorization'));
const idOf = (c: Context): string => parse(tableId, c.req.param('tableId'), 'tableId');
const dealOf = (c: Context): number => parse(dealNo, c.req.param('deal'), 'deal');

/** Who the bearer token is at the table (its metadata read first). */
const actorFor = async (c: Context, { service }: TablesDeps, id: string): Promise<Actor> =>
  service.authorize(await service.meta(id), bearer(c));

/**
 * The handler of a finished deal's artefact (record, analysis, fairness): whoever the table lets read its deals
 * (`POLICIES.readDeals`), the table read once for both the token and the check.
 */
const dealArtefact =
  (read: (service: TableService, id: string, deal: number) => Promise<unknown>) =>
  async (
    c: Context,
    req: { readonly may: (meta: TableMeta, actor: Actor) => void },
    { service }: TablesDeps,
  ): Promise<Response> => {
    const id = idOf(c);
    const deal = dealOf(c);
    const meta = await service.meta(id);
    req.may(meta, service.authorize(meta, bearer(c)));
    return c.json(await read(service, id, deal));
  };

/** What POST /actions and /commands share: the table, the acting seat (401 without a token) and the idempotency key. */
async function actingSeat(
  c: Context,
  may: (actor: Actor) => SeatActor,
  { service }: TablesDeps,
): Promise<{ id: string; meta: TableMeta; actor: SeatActor; token: string; idempotencyKey?: string }> {
  const id = idOf(c);
  const token = bearer(c);
  if (token === undefined)
    throw new AppError(401, 'auth/missing_token', 'acting needs the seat token: Authorization: Bearer st_…', {
      field: 'authorization',
    });
  // Warm: no read — the cached head and metadata; the command authorises the token again on what it decides on.
  const { meta, actor } = await service.commandActor(id, token);
  const seat = may(actor);
  const keyHeader = c.req.header('idempotency-key');
  const idempotencyKey = keyHeader === undefined ? undefined : parse(IdempotencyKey, keyHeader, 'Idempotency-Key');
  return { id, meta, actor: seat, token, ...(idempotencyKey !== undefined ? { idempotencyKey } : {}) };
}

const tableRoute = routeFor<TablesDeps>();

/**
 * The tables slice's routes (openapi.yaml tags other than `tournaments` and `webhooks`), in the order Hono tries them.
 * Every route is described in openapi.yaml; test/functions/routes.test.ts keeps them in step.
 */
export const TABLE_ROUTES: readonly Route<TablesDeps>[] = [
  tableRoute({
    method: 'GET',
    path: '/v1/health',
    operationId: 'health',
    access: POLICIES.public,
    handle: (c, _req, { version }) => c.json({ status: 'ok', version }),
  }),
  tableRoute({
    method: 'GET',
    path: '/v1/variants',
    operationId: 'listVariants',
    access: POLICIES.public,
    handle: (c, _req, { service }) => c.json({ variants: service.variants() }),
  }),
  tableRoute({
    method: 'GET',
    path: '/v1/variants/{variantId}',
    operationId: 'getVariant',
    access: POLICIES.public,
    // The path always holds the parameter (Hono's `Context` here is not typed by the path).
    handle: (c, _req, { service }) => c.json(service.variant(c.req.param('variantId') ?? '')),
  }),
  tableRoute({
    method: 'POST',
    path: '/v1/tables',
    operationId: 'createTable',
    access: POLICIES.createTable,
    body: json(CreateTable),
    cost: 10,
    handle: async (c, req, { service, apiKeys }) => {
      const key = bearer(c);
      req.may(apiKeys, key);
      const body = await req.body();
      // Remember the API key (hash) so the key's webhook registrations follow this table.
      const keyHash = key !== undefined && apiKeys.has(sha256(key)) ? sha256(key) : undefined;
      const created = await service.create({
        ...body,
        ...(keyHash !== undefined ? { createdByKeyHash: keyHash } : {}),
      });
      return c.json(
        {
          tableId: created.tableId,
          organiserKey: created.organiserKey,
          version: created.version,
          table: publicTable(created.meta, created.version),
        },
        201,
      );
    },
  }),
  tableRoute({
    method: 'GET',
    path: '/v1/tables',
    operationId: 'listOpenTables',
    access: POLICIES.public,
    handle: async (c, _req, { service }) => {
      const limit = parse(z.coerce.number().int().min(1).max(100).default(50), c.req.query('limit'), 'limit');
      const cursor = c.req.query('cursor');
      const listing = await service.openTables(limit, cursor);
      // Times on the wire are ISO 8601 strings, as in every other response (the store keeps epoch millis).
      return c.json({
        ...listing,
        tables: listing.tables.map((t) => ({ ...t, createdAt: new Date(t.createdAt).toISOString() })),
      });
    },
  }),
  tableRoute({
    method: 'GET',
    path: '/v1/tables/{tableId}',
    operationId: 'getTable',
    access: POLICIES.readTable,
    handle: async (c, req, { service }) => {
      const id = idOf(c);
      const meta = await service.meta(id);
      req.may(meta, bearer(c));
      const { version, view } = await service.view(id, { kind: 'spectator' });
      return c.json({ ...publicTable(meta, version), dealNo: view.dealNo, closed: view.closed, totals: view.totals });
    },
  }),
  tableRoute({
    method: 'POST',
    path: '/v1/tables/{tableId}/close',
    operationId: 'closeTable',
    access: POLICIES.organiser,
    handle: async (c, req, deps) => {
      const id = idOf(c);
      req.may(await actorFor(c, deps, id), 'closes a table');
      return c.json(await deps.service.close(id));
    },
  }),
  tableRoute({
    method: 'POST',
    path: '/v1/tables/{tableId}/seats',
    operationId: 'joinSeat',
    access: POLICIES.join,
    body: optionalJson(Join),
    handle: async (c, req, { service }) => {
      const id = idOf(c);
      // Warm: no read (the cached head and metadata; the join's one conditional write proves them current).
      const meta = await service.commandMeta(id);
      const body = await req.body();
      await req.may(meta, async () => (await service.commandActor(id, bearer(c))).actor);
      const joined = await service.join(id, body.seat, body.name ?? 'player');
      return c.json({ tableId: id, seat: joined.seat, seatToken: joined.token }, 201);
    },
  }),
  tableRoute({
    method: 'DELETE',
    path: '/v1/tables/{tableId}/seats/{seat}',
    operationId: 'leaveSeat',
    access: POLICIES.freeSeat,
    handle: async (c, req, deps) => {
      const id = idOf(c);
      const seat = parse(seatNo, c.req.param('seat'), 'seat');
      req.may(await actorFor(c, deps, id), seat);
      await deps.service.leave(id, seat);
      return c.body(null, 204);
    },
  }),
  tableRoute({
    method: 'POST',
    path: '/v1/tables/{tableId}/bots',
    operationId: 'addBot',
    access: POLICIES.organiser,
    body: optionalJson(AddBot),
    cost: 5,
    handle: async (c, req, deps) => {
      const id = idOf(c);
      req.may(await actorFor(c, deps, id), 'adds bots');
      const body = await req.body();
      return c.json(await deps.service.addBot(id, body.seat, body.level), 201);
    },
  }),
  tableRoute({
    method: 'POST',
    path: '/v1/tables/{tableId}/spectators',
    operationId: 'addSpectator',
    access: POLICIES.addSpectator,
    handle: async (c, req, { service }) => {
      const id = idOf(c);
      const meta = await service.meta(id);
      req.may(meta, service.authorize(meta, bearer(c)));
      const { token } = await service.addSpectator(id);
      return c.json({ tableId: id, spectatorToken: token }, 201);
    },
  }),
  tableRoute({
    method: 'POST',
    path: '/v1/tables/{tableId}/actions',
    operationId: 'act',
    access: POLICIES.act,
    body: {
      schema: ActBody,
      // A game action sent unwrapped is answered with where it goes (edge/wrapped.ts), not the schema's message.
      read: async (c) => {
        const raw = await jsonBody(c);
        assertWrapped(raw, 'action', (action) => ({ action }));
        return raw;
      },
    },
    handle: async (c, req, deps) => {
      const { id, actor, token, idempotencyKey } = await actingSeat(c, req.may, deps);
      const body = await req.body();
      const out = await deps.service.act(id, actor, body.action, {
        ...(idempotencyKey !== undefined ? { idempotencyKey } : {}),
        ...(body.expectedVersion !== undefined ? { expectedVersion: body.expectedVersion } : {}),
        token,
      });
      if (!out.replayed) deps.telemetry?.count('Moves');
      return c.json({ version: out.version, events: out.events, replayed: out.replayed }, 200);
    },
  }),
  // Chat text: a command read against the seat's legal actions, then played like POST /actions.
  tableRoute({
    method: 'POST',
    path: '/v1/tables/{tableId}/commands',
    operationId: 'actByText',
    access: POLICIES.act,
    body: json(CommandBody),
    handle: async (c, req, deps) => {
      const { meta, actor, token, idempotencyKey } = await actingSeat(c, req.may, deps);
      const body = await req.body();
      const out = await deps.service.actByText(meta, actor, body.text, body.lang, {
        token,
        ...(idempotencyKey !== undefined ? { idempotencyKey } : {}),
        ...(body.expectedVersion !== undefined ? { expectedVersion: body.expectedVersion } : {}),
      });
      return c.json(
        { version: out.version, events: out.events, replayed: out.replayed, action: out.action, command: out.command },
        200,
      );
    },
  }),
  tableRoute({
    method: 'GET',
    path: '/v1/tables/{tableId}/view',
    operationId: 'getView',
    access: POLICIES.readTable,
    handle: async (c, req, { service, presence }) => {
      const id = idOf(c);
      const query = parse(ViewQuery, c.req.query(), 'query');
      if (query.format === 'text') {
        const meta = await service.meta(id);
        const actor = req.may(meta, bearer(c));
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
      const { meta, actor, result: out } = await service.authorisedView(id, (m) => req.may(m, token));
      // Presence is ephemeral and read beside the view: a failed read leaves it out rather than fail the view.
      const seats = await presence?.(meta).catch(() => undefined);
      return c.json({
        tableId: id,
        audience: audienceName(actor),
        ...out,
        ...(seats !== undefined ? { presence: seats } : {}),
        names: namesOf(meta),
        commands: commandsOf(out.view.legalActions, meta.variant),
      });
    },
  }),
  // The trick order of a contract at this table (its variant and options): public rule data for sorting a hand.
  tableRoute({
    method: 'GET',
    path: '/v1/tables/{tableId}/trick-order',
    operationId: 'getTrickOrder',
    access: POLICIES.readTable,
    handle: async (c, req, { service }) => {
      const id = idOf(c);
      const q = parse(TrickOrderQuery, c.req.query(), 'query');
      const token = bearer(c);
      const { result } = await service.authorisedView(id, (m) => req.may(m, token));
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
    },
  }),
  tableRoute({
    method: 'GET',
    path: '/v1/tables/{tableId}/events',
    operationId: 'listEvents',
    access: POLICIES.readTable,
    handle: async (c, req, { service }) => {
      const id = idOf(c);
      const query = parse(EventsQuery, c.req.query(), 'query');
      const actor = req.may(await service.meta(id), bearer(c));
      const out = await service.events(id, actor, query.after, query.limit);
      return c.json({ tableId: id, audience: audienceName(actor), ...out });
    },
  }),
  tableRoute({
    method: 'GET',
    path: '/v1/tables/{tableId}/deals/{deal}/record',
    operationId: 'getRecord',
    access: POLICIES.readDeals,
    cost: 3,
    handle: dealArtefact((service, id, deal) => service.record(id, deal)),
  }),
  tableRoute({
    method: 'GET',
    path: '/v1/tables/{tableId}/deals/{deal}/analysis',
    operationId: 'getDealAnalysis',
    access: POLICIES.readDeals,
    handle: dealArtefact(async (service, id, deal) => ({ tableId: id, ...(await service.analysis(id, deal)) })),
  }),
  tableRoute({
    method: 'GET',
    path: '/v1/tables/{tableId}/hint',
    operationId: 'getHint',
    access: POLICIES.seatRead,
    handle: async (c, req, { service }) => {
      const id = idOf(c);
      return c.json({ tableId: id, ...(await service.hint(id, req.may(await service.meta(id), bearer(c)))) });
    },
  }),
  tableRoute({
    method: 'GET',
    path: '/v1/tables/{tableId}/deals/{deal}/fairness',
    operationId: 'getFairness',
    access: POLICIES.readDeals,
    cost: 3,
    handle: dealArtefact((service, id, deal) => service.fairness(id, deal)),
  }),
  tableRoute({
    method: 'POST',
    path: '/v1/tables/{tableId}/deals/{deal}/verify',
    operationId: 'verifyDeal',
    access: POLICIES.readTable,
    body: json(Verify),
    cost: 3,
    handle: async (c, req, { service }) => {
      const id = idOf(c);
      const deal = dealOf(c);
      req.may(await service.meta(id), bearer(c));
      const body = await req.body();
      return c.json(await service.verify(id, deal, body.seed));
    },
  }),
  tableRoute({
    method: 'POST',
    path: '/v1/records/score',
    operationId: 'scoreRecord',
    access: POLICIES.public,
    // The record is checked by the scoring use case (use-cases/scoring.ts), field by field.
    body: json(z.unknown()),
    cost: 5,
    handle: async (c, req, { service }) => c.json(service.score(await req.body())),
  }),
];

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
