import { type Context, Hono } from 'hono';
import * as z from 'zod';
import { tournament as T } from '../../engine/index.js';
import { sha256 } from '../crypto/secrets.js';
import { AppError } from '../use-cases/errors.js';
import { calendarIcs } from './format/calendar.js';
import { scoreSheet, scoreSheetCsv, scoreSheetHtml } from './format/score-sheet.js';
import { standingsCsv } from './format/standings.js';
import type { CreateInput, TournamentService } from './service.js';

/**
 * The routes under /v1/tournaments (openapi.yaml describes each). Mounted by functions/http/app.ts.
 * Secrets travel as bearer tokens: the organiser key (`ok_…`) or a player token (`st_<playerId>.…`, a seat token for all their tables).
 */

const tournamentId = z.string().regex(/^u[a-z0-9]{4,30}$/, 'not a tournament id');
const playerId = z.string().regex(/^p[a-z0-9]{1,39}$/, 'not a player id');

/** A name shown in lists, sheets and calendars: one line, no control characters (they break CSV rows and iCalendar lines). */
const oneLineName = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(/^[^\p{Cc}\u2028\u2029]*$/u, 'one line of text: no control characters or line breaks');

const Clock = z.looseObject({ turnSeconds: z.number().int().min(1).max(3600) });
const Scoring = z.union([
  z.enum(T.SCHEMES),
  z.strictObject({ scheme: z.enum(['plus-minus', 'five-ten-fifteen', 'seeger-fabian']) }),
  z.strictObject({ scheme: z.literal('money'), centsPerPoint: z.number().int().min(1).max(10_000) }),
]);

const CreateTournament = z.strictObject({
  name: oneLineName(120).optional(),
  variant: z.string().min(1).max(40),
  preset: z.string().min(1).max(60).optional(),
  options: z.record(z.string(), z.unknown()).optional(),
  tableSize: z.number().int().min(2).max(8).optional(),
  rounds: z.number().int().min(1).max(20).optional(),
  dealsPerRound: z.number().int().min(1).max(200).optional(),
  /** ISO 8601 with an offset or Z: `2026-11-28T19:00:00+01:00`. */
  startsAt: z.iso.datetime({ offset: true }),
  timeZone: z.string().min(1).max(64).optional(),
  pauseMinutes: z.number().int().min(0).max(1440).optional(),
  minutesPerDeal: z.number().int().min(1).max(60).optional(),
  scoring: Scoring.optional(),
  tieBreaks: z.array(z.enum(T.TIE_BREAKS)).max(3).optional(),
  clock: Clock.optional(),
  noShows: z.enum(['bot', 'drop']).optional(),
  remainder: z.enum(['larger-tables', 'bots']).optional(),
  duplicate: z.boolean().optional(),
  selfRegistration: z.boolean().optional(),
  /** Reuse the organiser key of an earlier tournament, so that `GET /v1/tournaments` lists them together. */
  organiserKey: z
    .string()
    .regex(/^ok_[A-Za-z0-9_-]{24,100}$/, 'an organiser key (ok_…)')
    .optional(),
});
const Register = z.strictObject({
  name: oneLineName(40),
  externalId: z.string().min(1).max(80).optional(),
  inviteCode: z.string().min(1).max(100).optional(),
});
const EventsQuery = z.strictObject({
  after: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

function parse<S extends z.ZodType>(schema: S, value: unknown, where: string): z.output<S> {
  const out = schema.safeParse(value);
  if (out.success) return out.data;
  const issue = out.error.issues[0];
  const path = issue?.path.map(String).join('.') ?? '';
  throw new AppError(400, 'request/invalid', `${where}: ${issue?.message ?? 'invalid'}`, {
    field: path === '' ? where : path,
  });
}

async function jsonBody(c: Context): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (!type.includes('application/json'))
    throw new AppError(400, 'request/unsupported_media_type', 'send the body as application/json', {
      field: 'content-type',
    });
  try {
    return JSON.parse(await c.req.text()) as unknown;
  } catch {
    throw new AppError(400, 'request/invalid_json', 'the body is not valid JSON');
  }
}

function bearer(c: Context): string | undefined {
  const h = c.req.header('authorization');
  if (h === undefined) return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  if (m === null)
    throw new AppError(401, 'auth/malformed', 'use Authorization: Bearer <token>', { field: 'authorization' });
  return m[1];
}

/** The media type the client prefers among `offered` (first wins on a tie); JSON when nothing matches. */
function negotiate(c: Context, offered: readonly string[]): string {
  const accept = c.req.header('accept') ?? '';
  const ranked = accept
    .split(',')
    .map((part) => {
      const [type = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find((x) => x !== undefined);
      return { type: type.trim().toLowerCase(), q: q === undefined ? 1 : Number(q) };
    })
    .filter((r) => r.type !== '' && r.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const r of ranked) {
    const hit = offered.find((o) => o === r.type);
    if (hit !== undefined) return hit;
  }
  return 'application/json';
}

export function tournamentRoutes(
  service: TournamentService,
  opts: { apiKeyHashes?: readonly string[]; now?: () => number } = {},
): Hono {
  const now = opts.now ?? Date.now;
  const app = new Hono();
  const apiKeys = new Set(opts.apiKeyHashes ?? []);
  const idOf = (c: Context): string => parse(tournamentId, c.req.param('tournamentId'), 'tournamentId');

  app.post('/', async (c) => {
    if (apiKeys.size > 0) {
      const key = bearer(c);
      if (key === undefined) throw new AppError(401, 'auth/missing_token', 'creating tournaments needs an API key');
      if (!apiKeys.has(sha256(key))) throw new AppError(403, 'auth/forbidden', 'unknown API key');
    }
    const body = parse(CreateTournament, await jsonBody(c), 'body');
    const created = await service.create({ ...body, startsAt: Date.parse(body.startsAt) } as CreateInput);
    return c.json(created, 201);
  });

  // An organiser's tournaments: every tournament created with this organiser key (see `organiserKey` on create).
  app.get('/', async (c) => {
    const key = bearer(c);
    if (key === undefined)
      throw new AppError(401, 'auth/missing_token', 'listing tournaments needs an organiser key', {
        field: 'authorization',
      });
    const limit = parse(z.coerce.number().int().min(1).max(100).default(50), c.req.query('limit'), 'limit');
    return c.json({ tournaments: await service.listForOrganiser(key, limit) });
  });

  app.get('/:tournamentId', async (c) => {
    const id = idOf(c);
    return c.json(await service.get(id, await service.authorize(id, bearer(c))));
  });

  app.post('/:tournamentId/players', async (c) => {
    const id = idOf(c);
    const body = parse(Register, await jsonBody(c), 'body');
    const out = await service.register(id, bearer(c), {
      name: body.name,
      ...(body.externalId !== undefined ? { externalId: body.externalId } : {}),
      ...(body.inviteCode !== undefined ? { inviteCode: body.inviteCode } : {}),
    });
    return c.json({ tournamentId: id, ...out }, 201);
  });

  const playerAction = (kind: 'checkIn' | 'withdraw') => async (c: Context) => {
    const id = idOf(c);
    const pid = parse(playerId, c.req.param('playerId'), 'playerId');
    const actor = await service.authorize(id, bearer(c));
    if (actor.kind === 'public')
      throw new AppError(401, 'auth/missing_token', 'needs the player token or the organiser key', {
        field: 'authorization',
      });
    return c.json(await service[kind](id, actor, pid));
  };
  app.post('/:tournamentId/players/:playerId/check-in', playerAction('checkIn'));
  app.post('/:tournamentId/players/:playerId/withdraw', playerAction('withdraw'));

  app.get('/:tournamentId/me/tables', async (c) => {
    const id = idOf(c);
    const actor = await service.authorize(id, bearer(c));
    if (actor.kind !== 'player')
      throw new AppError(401, 'auth/missing_token', 'needs a player token', { field: 'authorization' });
    return c.json({
      tournamentId: id,
      playerId: actor.playerId,
      tables: await service.playerTables(id, actor.playerId),
    });
  });

  app.get('/:tournamentId/events', async (c) => {
    const id = idOf(c);
    const query = parse(EventsQuery, c.req.query(), 'query');
    // Public; a player's or the organiser's token also shows the externalIds it may see.
    const viewer = await service.authorize(id, bearer(c));
    return c.json({ tournamentId: id, ...(await service.events(id, query.after, query.limit, viewer)) });
  });

  app.get('/:tournamentId/standings', async (c) => {
    const id = idOf(c);
    const state = await service.state(id);
    if (negotiate(c, ['application/json', 'text/csv']) === 'text/csv')
      return c.body(standingsCsv(state), 200, {
        'content-type': 'text/csv; charset=utf-8; header=present',
        'content-disposition': `attachment; filename="${id}-standings.csv"`,
      });
    return c.json({
      tournamentId: id,
      phase: T.phaseOf(state),
      roundsPlayed: state.rounds.filter((r) => r.endedAt !== undefined).length,
      scoring: state.config.scoring,
      tieBreaks: state.config.tieBreaks,
      standings: T.standings(state),
    });
  });

  app.get('/:tournamentId/rounds/:round/tables/:table/sheet', async (c) => {
    const id = idOf(c);
    const round = parse(z.coerce.number().int().min(1).max(20), c.req.param('round'), 'round');
    const table = parse(z.coerce.number().int().min(1).max(1000), c.req.param('table'), 'table');
    const sheet = scoreSheet(await service.state(id), round, table);
    if (sheet === undefined)
      throw new AppError(404, 'tournament/unknown_table', `no table ${table} in round ${round}`, { field: 'table' });
    const type = negotiate(c, ['application/json', 'text/csv', 'text/html']);
    if (type === 'text/csv')
      return c.body(scoreSheetCsv(sheet), 200, { 'content-type': 'text/csv; charset=utf-8; header=present' });
    if (type === 'text/html') return c.html(await scoreSheetHtml(sheet));
    return c.json(sheet);
  });

  app.get('/:tournamentId/calendar.ics', async (c) => {
    const id = idOf(c);
    const state = await service.state(id);
    const url = new URL(c.req.url);
    return c.body(calendarIcs(state, { now: now(), url: `${url.origin}/v1/tournaments/${id}` }), 200, {
      'content-type': 'text/calendar; charset=utf-8',
    });
  });

  return app;
}
