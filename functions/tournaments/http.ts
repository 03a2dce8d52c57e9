import type { Context } from 'hono';
import * as z from 'zod';
import { tournament as T } from '../../engine/index.js';
import { parseBearer } from '../edge/bearer.js';
import { type BodySpec, type Route, parse, routeFor } from '../http/routes.js';
import { POLICIES } from '../policy/access.js';
import { assertTournamentMember } from '../policy/tournament.js';
import { AppError } from '../use-cases/errors.js';
import { calendarIcs } from './format/calendar.js';
import { type Lang, LANGS } from './format/messages.js';
import { roundSheetsHtml, seatingPlanHtml, standingsHtml, tableCardsHtml } from './format/print.js';
import { scoreSheet, scoreSheetCsv, scoreSheetHtml } from './format/score-sheet.js';
import { standingsCsv } from './format/standings.js';
import type { CreateInput, TournamentService } from './service.js';

/**
 * The tournaments slice's routes, /v1/tournaments… (openapi.yaml tag `tournaments`): a table mounted by
 * functions/http/app.ts (functions/http/routes.ts). Each route's policy (functions/policy/access.ts POLICIES, the
 * checks in functions/policy/tournament.ts) admits the caller before the service runs; the service's commands take
 * the narrower actor the check hands on (the organiser, a member), so a command cannot be reached unchecked.
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
  unplayed: z.enum(['unranked', 'last']).optional(),
  botCredit: z.boolean().optional(),
  prizes: z
    .strictObject({
      entryFeeCents: z.number().int().min(0).max(100_000_000).optional(),
      retainCents: z.number().int().min(0).max(100_000_000).optional(),
      places: z.array(z.record(z.string(), z.unknown())).max(200).optional(),
      rounds: z.array(z.record(z.string(), z.unknown())).max(200).optional(),
      tables: z.array(z.record(z.string(), z.unknown())).max(200).optional(),
    })
    .optional(),
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
  /** Plays at a live table (real cards, a Spielliste entered by hand). */
  live: z.boolean().optional(),
});
const Reason = z.string().trim().min(1).max(200);
const WithReason = z.strictObject({ reason: Reason.optional() });
const Cancel = z.strictObject({ reason: Reason });
const Postpone = z.strictObject({ startsAt: z.iso.datetime({ offset: true }), reason: Reason.optional() });
const Substitute = z.strictObject({
  /** A registered player's id, or `bot`. */
  substitute: z.union([z.literal('bot'), playerId]),
  creditTo: z.enum(['substitute', 'original']).default('substitute'),
  fromDeal: z.number().int().min(1).max(200).optional(),
  reason: Reason.optional(),
});
const seatNo = z.number().int().min(0).max(7);
const Entry = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('game'),
    game: z.string().min(1).max(30).nullable(),
    suit: z.enum(['E', 'G', 'H', 'S']).optional(),
    tout: z.boolean().optional(),
    declarers: z.array(seatNo).max(2),
    won: z.boolean(),
    schneider: z.boolean().optional(),
    schwarz: z.boolean().optional(),
    laufende: z.number().int().min(0).max(14).optional(),
    knocks: z.number().int().min(0).max(8).optional(),
    kontra: z.boolean().optional(),
    re: z.boolean().optional(),
    sitsOut: seatNo.optional(),
  }),
  z.strictObject({
    kind: z.literal('payout'),
    payout: z.array(z.number().int().min(-1_000_000).max(1_000_000)).min(2).max(8),
    sitsOut: seatNo.optional(),
  }),
]);
const EnterDeal = z.strictObject({ deal: z.number().int().min(1).max(200), entry: Entry, reason: Reason.optional() });
const Exact = z.string().regex(/^-?\d{1,12}(\/\d{1,12})?$/, 'a whole or exact number like "-30" or "5/2"');
const EnterTotals = z.strictObject({ totals: z.array(Exact).min(2).max(8), reason: Reason.optional() });
const Correction = z.strictObject({
  deal: z.number().int().min(1).max(200).nullable(),
  entry: Entry.optional(),
  totals: z.array(Exact).min(2).max(8).optional(),
  reason: Reason,
});
const EventsQuery = z.strictObject({
  after: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

/** A body that may be absent (`{}` then), or JSON. */
async function optionalBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  if (!(c.req.header('content-type') ?? '').includes('application/json'))
    throw new AppError(400, 'request/unsupported_media_type', 'send the body as application/json', {
      field: 'content-type',
    });
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError(400, 'request/invalid_json', 'the body is not valid JSON');
  }
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

/** `?lang=de|en`, else the first of them in Accept-Language, else English. */
function langOf(c: Context): Lang {
  const q = c.req.query('lang');
  if (q !== undefined) return parse(z.enum(LANGS as [Lang, ...Lang[]]), q, 'lang');
  const accept = (c.req.header('accept-language') ?? '').toLowerCase();
  const first = accept
    .split(',')
    .map((p) => p.trim().slice(0, 2))
    .find((l): l is Lang => (LANGS as readonly string[]).includes(l));
  return first ?? 'en';
}

const bearer = (c: Context): string | undefined => parseBearer(c.req.header('authorization'));

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

/** What the tournament routes need (bound by functions/http/app.ts). */
export interface TournamentDeps {
  readonly service: TournamentService;
  /** sha256 hashes of the API keys allowed to create tournaments; empty = anyone may. */
  readonly apiKeys: ReadonlySet<string>;
  readonly now: () => number;
}

const json = <S extends z.ZodType>(schema: S): BodySpec<S> => ({ schema, read: jsonBody });
const optionalJson = <S extends z.ZodType>(schema: S): BodySpec<S> => ({ schema, read: optionalBody });

const idOf = (c: Context): string => parse(tournamentId, c.req.param('tournamentId'), 'tournamentId');
const playerOf = (c: Context): string => parse(playerId, c.req.param('playerId'), 'playerId');
const roundOf = (c: Context): number => parse(z.coerce.number().int().min(1).max(20), c.req.param('round'), 'round');
const tableOf = (c: Context): number =>
  parse(z.coerce.number().int().min(1).max(10_000), c.req.param('table'), 'table');
/**
 * The tournament and who the bearer token is for it (404 for an unknown tournament, 403 for a token not its): what the
 * routes' checks are given. Resolving is not admitting — each route's policy still decides.
 */
const callerOf = async (c: Context, service: TournamentService) => {
  const id = idOf(c);
  return { id, caller: await service.authorize(id, bearer(c)) };
};

/** Printable pages of a round (A4): the seating plan, the table cards, every score sheet (blank rows to fill in). */
const printable =
  (render: (s: T.TournamentState, round: number, lang: Lang) => Promise<string | undefined>) =>
  async (c: Context, _req: unknown, { service }: TournamentDeps): Promise<Response> => {
    const id = idOf(c);
    const round = parse(z.coerce.number().int().min(1).max(20), c.req.param('round'), 'round');
    const out = await render(await service.state(id), round, langOf(c));
    if (out === undefined)
      throw new AppError(404, 'tournament/round_order', `round ${round} has no draw yet`, { field: 'round' });
    return c.html(out);
  };

const tournamentRoute = routeFor<TournamentDeps>();

/** The tournament routes, in the order Hono tries them (`/series` before `/{tournamentId}`). */
export const TOURNAMENT_ROUTES: readonly Route<TournamentDeps>[] = [
  tournamentRoute({
    method: 'POST',
    path: '/v1/tournaments',
    operationId: 'createTournament',
    access: POLICIES.createTournament,
    body: json(CreateTournament),
    cost: 10,
    handle: async (c, req, { service, apiKeys }) => {
      req.may(apiKeys, apiKeys.size > 0 ? bearer(c) : undefined, 'tournaments');
      const body = await req.body();
      const created = await service.create({ ...body, startsAt: Date.parse(body.startsAt) } as CreateInput);
      return c.json(created, 201);
    },
  }),
  // An organiser's tournaments: every tournament created with this organiser key (see `organiserKey` on create).
  tournamentRoute({
    method: 'GET',
    path: '/v1/tournaments',
    operationId: 'listMyTournaments',
    access: POLICIES.organiserKey,
    handle: async (c, req, { service }) => {
      const key = req.may(bearer(c));
      const limit = parse(z.coerce.number().int().min(1).max(100).default(50), c.req.query('limit'), 'limit');
      return c.json({ tournaments: await service.listForOrganiser(key, limit) });
    },
  }),
  // A series (a Jahreswertung, a cup): the best N results of each player over the tournaments named.
  tournamentRoute({
    method: 'GET',
    path: '/v1/tournaments/series',
    operationId: 'seriesStandings',
    access: POLICIES.public,
    handle: async (c, _req, { service }) => {
      const q = parse(
        z.strictObject({
          ids: z
            .string()
            .transform((v) => v.split(','))
            .pipe(z.array(tournamentId).min(1).max(52)),
          best: z.coerce.number().int().min(1).max(52).optional(),
        }),
        c.req.query(),
        'query',
      );
      if (new Set(q.ids).size !== q.ids.length)
        throw new AppError(400, 'request/invalid', 'query: a tournament is named twice', { field: 'ids' });
      const best = q.best ?? q.ids.length;
      return c.json({ best, ...(await service.series(q.ids, best)) });
    },
  }),
  tournamentRoute({
    method: 'GET',
    path: '/v1/tournaments/{tournamentId}',
    operationId: 'getTournament',
    access: POLICIES.tournamentReader,
    handle: async (c, req, { service }) => {
      const id = idOf(c);
      return c.json(await service.get(id, req.may(await service.keys(id), bearer(c))));
    },
  }),
  tournamentRoute({
    method: 'POST',
    path: '/v1/tournaments/{tournamentId}/players',
    operationId: 'registerPlayer',
    access: POLICIES.tournamentRegistration,
    body: json(Register),
    handle: async (c, req, { service }) => {
      const id = idOf(c);
      const body = await req.body();
      const via = req.may(await service.keys(id), bearer(c), body.inviteCode);
      const out = await service.registerPlayer(id, via, {
        name: body.name,
        ...(body.externalId !== undefined ? { externalId: body.externalId } : {}),
        ...(body.live !== undefined ? { live: body.live } : {}),
      });
      return c.json({ tournamentId: id, ...out }, 201);
    },
  }),
  tournamentRoute({
    method: 'POST',
    path: '/v1/tournaments/{tournamentId}/players/{playerId}/check-in',
    operationId: 'checkIn',
    access: POLICIES.tournamentMember,
    handle: async (c, req, { service }) => {
      const id = idOf(c);
      const pid = playerOf(c);
      const caller = await service.authorize(id, bearer(c));
      return c.json(await service.checkIn(id, req.may(caller, pid), pid));
    },
  }),
  tournamentRoute({
    method: 'POST',
    path: '/v1/tournaments/{tournamentId}/players/{playerId}/withdraw',
    operationId: 'withdraw',
    access: POLICIES.tournamentMember,
    body: optionalJson(WithReason),
    handle: async (c, req, { service }) => {
      const id = idOf(c);
      const pid = playerOf(c);
      const caller = await service.authorize(id, bearer(c));
      // The order the API answers a request with two faults in: no token (401), the body (400), another player (403).
      assertTournamentMember(caller);
      const body = await req.body();
      return c.json(await service.withdraw(id, req.may(caller, pid), pid, body.reason));
    },
  }),
  tournamentRoute({
    method: 'POST',
    path: '/v1/tournaments/{tournamentId}/players/{playerId}/substitute',
    operationId: 'substitutePlayer',
    access: POLICIES.tournamentOrganiser,
    body: json(Substitute),
    handle: async (c, req, { service }) => {
      const { id, caller } = await callerOf(c, service);
      const pid = playerOf(c);
      const body = await req.body();
      return c.json(
        await service.substitute(id, req.may(caller), {
          playerId: pid,
          substitute: body.substitute,
          creditTo: body.creditTo,
          ...(body.fromDeal !== undefined ? { fromDeal: body.fromDeal } : {}),
          ...(body.reason !== undefined ? { reason: body.reason } : {}),
        }),
      );
    },
  }),
  tournamentRoute({
    method: 'POST',
    path: '/v1/tournaments/{tournamentId}/draw',
    operationId: 'publishDraw',
    access: POLICIES.tournamentOrganiser,
    body: optionalJson(WithReason),
    handle: async (c, req, { service }) => {
      const { id, caller } = await callerOf(c, service);
      const body = await req.body();
      return c.json(await service.publishDraw(id, req.may(caller), body.reason));
    },
  }),
  tournamentRoute({
    method: 'POST',
    path: '/v1/tournaments/{tournamentId}/postpone',
    operationId: 'postponeTournament',
    access: POLICIES.tournamentOrganiser,
    body: json(Postpone),
    handle: async (c, req, { service }) => {
      const { id, caller } = await callerOf(c, service);
      const body = await req.body();
      return c.json(await service.postpone(id, req.may(caller), Date.parse(body.startsAt), body.reason));
    },
  }),
  tournamentRoute({
    method: 'POST',
    path: '/v1/tournaments/{tournamentId}/cancel',
    operationId: 'cancelTournament',
    access: POLICIES.tournamentOrganiser,
    body: json(Cancel),
    handle: async (c, req, { service }) => {
      const { id, caller } = await callerOf(c, service);
      const body = await req.body();
      return c.json(await service.cancel(id, req.may(caller), body.reason));
    },
  }),
  tournamentRoute({
    method: 'POST',
    path: '/v1/tournaments/{tournamentId}/rounds/{round}/end',
    operationId: 'endRound',
    access: POLICIES.tournamentOrganiser,
    body: optionalJson(WithReason),
    handle: async (c, req, { service }) => {
      const { id, caller } = await callerOf(c, service);
      const body = await req.body();
      const round = roundOf(c);
      return c.json(await service.endRound(id, req.may(caller), round, body.reason));
    },
  }),
  tournamentRoute({
    method: 'POST',
    path: '/v1/tournaments/{tournamentId}/rounds/{round}/tables/{table}/finish',
    operationId: 'finishTable',
    access: POLICIES.tournamentOrganiser,
    body: optionalJson(WithReason),
    handle: async (c, req, { service }) => {
      const { id, caller } = await callerOf(c, service);
      const body = await req.body();
      const [round, table] = [roundOf(c), tableOf(c)];
      return c.json(await service.finishTableNow(id, req.may(caller), round, table, body.reason));
    },
  }),
  // A live table's sheet: entered by the organiser or a player of the table (the captain), deal by deal or as totals.
  tournamentRoute({
    method: 'POST',
    path: '/v1/tournaments/{tournamentId}/rounds/{round}/tables/{table}/deals',
    operationId: 'enterDeal',
    access: POLICIES.tournamentSheet,
    body: json(EnterDeal),
    handle: async (c, req, { service }) => {
      const { id, caller } = await callerOf(c, service);
      const body = await req.body();
      const input = {
        round: roundOf(c),
        table: tableOf(c),
        deal: body.deal,
        entry: body.entry as T.LiveEntry,
        ...(body.reason !== undefined ? { reason: body.reason } : {}),
      };
      const out = await service.enterDeal(id, req.may(caller), input);
      return c.json({ version: out.version, deal: out.record.deal, payout: out.record.result.payout }, 201);
    },
  }),
  tournamentRoute({
    method: 'POST',
    path: '/v1/tournaments/{tournamentId}/rounds/{round}/tables/{table}/totals',
    operationId: 'enterTotals',
    access: POLICIES.tournamentSheet,
    body: json(EnterTotals),
    handle: async (c, req, { service }) => {
      const { id, caller } = await callerOf(c, service);
      const body = await req.body();
      const input = {
        round: roundOf(c),
        table: tableOf(c),
        totals: body.totals,
        ...(body.reason !== undefined ? { reason: body.reason } : {}),
      };
      return c.json(await service.enterTotals(id, req.may(caller), input));
    },
  }),
  tournamentRoute({
    method: 'POST',
    path: '/v1/tournaments/{tournamentId}/rounds/{round}/tables/{table}/submit',
    operationId: 'submitSheet',
    access: POLICIES.tournamentSheet,
    handle: async (c, req, { service }) => {
      const { id, caller } = await callerOf(c, service);
      const [round, table] = [roundOf(c), tableOf(c)];
      return c.json(await service.submitSheet(id, req.may(caller), round, table));
    },
  }),
  tournamentRoute({
    method: 'POST',
    path: '/v1/tournaments/{tournamentId}/rounds/{round}/tables/{table}/corrections',
    operationId: 'correctResult',
    access: POLICIES.tournamentOrganiser,
    body: json(Correction),
    handle: async (c, req, { service }) => {
      const { id, caller } = await callerOf(c, service);
      const body = await req.body();
      if (body.deal !== null && body.entry === undefined)
        throw new AppError(400, 'request/invalid', 'body: a deal is corrected with its entry', { field: 'entry' });
      if (body.deal === null && body.totals === undefined)
        throw new AppError(400, 'request/invalid', 'body: a table is corrected with its totals', { field: 'totals' });
      const input = {
        round: roundOf(c),
        table: tableOf(c),
        deal: body.deal,
        ...(body.entry !== undefined ? { entry: body.entry as T.LiveEntry } : {}),
        ...(body.totals !== undefined ? { totals: body.totals } : {}),
        reason: body.reason,
      };
      return c.json(await service.correct(id, req.may(caller), input));
    },
  }),
  tournamentRoute({
    method: 'GET',
    path: '/v1/tournaments/{tournamentId}/me/tables',
    operationId: 'myTables',
    access: POLICIES.tournamentPlayer,
    handle: async (c, req, { service }) => {
      const id = idOf(c);
      const player = req.may(await service.authorize(id, bearer(c)));
      return c.json({
        tournamentId: id,
        playerId: player.playerId,
        tables: await service.playerTables(id, player.playerId),
      });
    },
  }),
  tournamentRoute({
    method: 'GET',
    path: '/v1/tournaments/{tournamentId}/events',
    operationId: 'tournamentEvents',
    access: POLICIES.tournamentReader,
    handle: async (c, req, { service }) => {
      const id = idOf(c);
      const query = parse(EventsQuery, c.req.query(), 'query');
      // Public; a player's or the organiser's token also shows the externalIds it may see.
      const viewer = req.may(await service.keys(id), bearer(c));
      return c.json({ tournamentId: id, ...(await service.events(id, query.after, query.limit, viewer)) });
    },
  }),
  tournamentRoute({
    method: 'GET',
    path: '/v1/tournaments/{tournamentId}/standings',
    operationId: 'standings',
    access: POLICIES.public,
    cost: 3,
    handle: async (c, _req, { service }) => {
      const id = idOf(c);
      const state = await service.state(id);
      const rows = T.standings(state);
      const prizes = T.prizeList(state, rows);
      const type = negotiate(c, ['application/json', 'text/csv', 'text/html']);
      if (type === 'text/html') return c.html(await standingsHtml(state, langOf(c)));
      if (type === 'text/csv')
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
        standings: rows,
        ...(prizes !== undefined ? { prizes } : {}),
      });
    },
  }),
  tournamentRoute({
    method: 'GET',
    path: '/v1/tournaments/{tournamentId}/rounds/{round}/tables/{table}/sheet',
    operationId: 'scoreSheet',
    access: POLICIES.public,
    cost: 3,
    handle: async (c, _req, { service }) => {
      const id = idOf(c);
      const round = parse(z.coerce.number().int().min(1).max(20), c.req.param('round'), 'round');
      const table = parse(z.coerce.number().int().min(1).max(1000), c.req.param('table'), 'table');
      const sheet = scoreSheet(await service.state(id), round, table, langOf(c));
      if (sheet === undefined)
        throw new AppError(404, 'tournament/unknown_table', `no table ${table} in round ${round}`, { field: 'table' });
      const type = negotiate(c, ['application/json', 'text/csv', 'text/html']);
      if (type === 'text/csv')
        return c.body(scoreSheetCsv(sheet), 200, { 'content-type': 'text/csv; charset=utf-8; header=present' });
      if (type === 'text/html') return c.html(await scoreSheetHtml(sheet));
      return c.json(sheet);
    },
  }),
  tournamentRoute({
    method: 'GET',
    path: '/v1/tournaments/{tournamentId}/rounds/{round}/seating',
    operationId: 'seatingPlan',
    access: POLICIES.public,
    handle: printable(seatingPlanHtml),
  }),
  tournamentRoute({
    method: 'GET',
    path: '/v1/tournaments/{tournamentId}/rounds/{round}/table-cards',
    operationId: 'tableCards',
    access: POLICIES.public,
    handle: printable(tableCardsHtml),
  }),
  tournamentRoute({
    method: 'GET',
    path: '/v1/tournaments/{tournamentId}/rounds/{round}/sheets',
    operationId: 'roundSheets',
    access: POLICIES.public,
    handle: printable(roundSheetsHtml),
  }),
  tournamentRoute({
    method: 'GET',
    path: '/v1/tournaments/{tournamentId}/calendar.ics',
    operationId: 'tournamentCalendar',
    access: POLICIES.public,
    cost: 3,
    handle: async (c, _req, { service, now }) => {
      const id = idOf(c);
      const state = await service.state(id);
      const url = new URL(c.req.url);
      return c.body(calendarIcs(state, { now: now(), url: `${url.origin}/v1/tournaments/${id}` }), 200, {
        'content-type': 'text/calendar; charset=utf-8',
      });
    },
  }),
];
