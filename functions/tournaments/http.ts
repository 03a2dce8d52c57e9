import type { Context } from 'hono';
import * as z from 'zod';
import { tournament as T } from '../../engine/index.js';
import { type BodySpec, type Route, parse, routeFor } from '../http/routes.js';
import { POLICIES } from '../policy/access.js';
import { type TournamentOrganiser, assertTournamentMember } from '../policy/tournament.js';
import { AppError } from '../use-cases/errors.js';
import { calendarIcs } from './format/calendar.js';
import type { Lang } from './format/messages.js';
import { roundSheetsHtml, seatingPlanHtml, standingsHtml, tableCardsHtml } from './format/print.js';
import { scoreSheet, scoreSheetCsv, scoreSheetHtml } from './format/score-sheet.js';
import { standingsCsv } from './format/standings.js';
import type { CreateInput, TournamentService } from './service.js';
import {
  tournamentId,
  CreateTournament,
  Register,
  WithReason,
  Cancel,
  Postpone,
  Substitute,
  EnterDeal,
  EnterTotals,
  Correction,
  EventsQuery,
  langOf,
  bearer,
  negotiate,
  json,
  optionalJson,
  idOf,
  playerOf,
  roundOf,
  tableOf,
} from './requests.js';

/**
 * The tournaments slice's routes, /v1/tournaments… (openapi.yaml tag `tournaments`): a table mounted by
 * functions/http/app.ts (functions/http/routes.ts). Each route's policy (functions/policy/access.ts POLICIES, the
 * checks in functions/policy/tournament.ts) admits the caller before the service runs; the service's commands take
 * the narrower actor the check hands on (the organiser, a member), so a command cannot be reached unchecked.
 * Secrets travel as bearer tokens: the organiser key (`ok_…`) or a player token (`st_<playerId>.…`, a seat token for all their tables).
 */

/** What the tournament routes need (bound by functions/http/app.ts). */
export interface TournamentDeps {
  readonly service: TournamentService;
  /** sha256 hashes of the API keys allowed to create tournaments; empty = anyone may. */
  readonly apiKeys: ReadonlySet<string>;
  readonly now: () => number;
}

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

/**
 * An organiser's control of a tournament (publish the draw, postpone, cancel, end a round, finish a table): the
 * tournament and who the token is for (404, 403), the body and the path's round and table (400), then the organiser
 * admitted (401, 403) — the order of the answers to a request with two faults — then the command.
 */
const organiserControl = <S extends z.ZodType, P = undefined>(spec: {
  readonly path: `/v1/${string}`;
  readonly operationId: string;
  readonly body: BodySpec<S>;
  /** The path's parameters besides the tournament (checked after the body). */
  readonly params?: (c: Context) => P;
  readonly run: (
    service: TournamentService,
    id: string,
    organiser: TournamentOrganiser,
    body: z.output<S>,
    params: P,
  ) => Promise<unknown>;
}): Route<TournamentDeps> =>
  tournamentRoute({
    method: 'POST',
    path: spec.path,
    operationId: spec.operationId,
    access: POLICIES.tournamentOrganiser,
    body: spec.body,
    handle: async (c, req, { service }) => {
      const { id, caller } = await callerOf(c, service);
      const body = await req.body();
      const params = spec.params?.(c) as P;
      return c.json(await spec.run(service, id, req.may(caller), body, params));
    },
  });

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
  organiserControl({
    path: '/v1/tournaments/{tournamentId}/draw',
    operationId: 'publishDraw',
    body: optionalJson(WithReason),
    run: (service, id, organiser, body) => service.publishDraw(id, organiser, body.reason),
  }),
  organiserControl({
    path: '/v1/tournaments/{tournamentId}/postpone',
    operationId: 'postponeTournament',
    body: json(Postpone),
    run: (service, id, organiser, body) => service.postpone(id, organiser, Date.parse(body.startsAt), body.reason),
  }),
  organiserControl({
    path: '/v1/tournaments/{tournamentId}/cancel',
    operationId: 'cancelTournament',
    body: json(Cancel),
    run: (service, id, organiser, body) => service.cancel(id, organiser, body.reason),
  }),
  organiserControl({
    path: '/v1/tournaments/{tournamentId}/rounds/{round}/end',
    operationId: 'endRound',
    body: optionalJson(WithReason),
    params: roundOf,
    run: (service, id, organiser, body, round) => service.endRound(id, organiser, round, body.reason),
  }),
  organiserControl({
    path: '/v1/tournaments/{tournamentId}/rounds/{round}/tables/{table}/finish',
    operationId: 'finishTable',
    body: optionalJson(WithReason),
    params: (c) => [roundOf(c), tableOf(c)] as const,
    run: (service, id, organiser, body, [round, table]) =>
      service.finishTableNow(id, organiser, round, table, body.reason),
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
