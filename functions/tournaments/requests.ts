import type { Context } from 'hono';
import * as z from 'zod';
import { tournament as T } from '../../engine/index.js';
import { parseBearer } from '../edge/bearer.js';
import { type BodySpec, parse, readJsonBody } from '../http/routes.js';
import { type Lang, LANGS } from './format/messages.js';

/**
 * What the tournament routes (functions/tournaments/http.ts) read from a request: the bodies' schemas (zod; a fault is
 * a 400 naming the field), the path parameters, the body readers (JSON, or a body that may be absent), the language
 * and the media type a client asks for.
 */

export const tournamentId = z.string().regex(/^u[a-z0-9]{4,30}$/, 'not a tournament id');
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

export const CreateTournament = z.strictObject({
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
export const Register = z.strictObject({
  name: oneLineName(40),
  externalId: z.string().min(1).max(80).optional(),
  inviteCode: z.string().min(1).max(100).optional(),
  /** Plays at a live table (real cards, a Spielliste entered by hand). */
  live: z.boolean().optional(),
});
const Reason = z.string().trim().min(1).max(200);
export const WithReason = z.strictObject({ reason: Reason.optional() });
export const Cancel = z.strictObject({ reason: Reason });
export const Postpone = z.strictObject({ startsAt: z.iso.datetime({ offset: true }), reason: Reason.optional() });
export const Substitute = z.strictObject({
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
export const EnterDeal = z.strictObject({
  deal: z.number().int().min(1).max(200),
  entry: Entry,
  reason: Reason.optional(),
});
const Exact = z.string().regex(/^-?\d{1,12}(\/\d{1,12})?$/, 'a whole or exact number like "-30" or "5/2"');
export const EnterTotals = z.strictObject({ totals: z.array(Exact).min(2).max(8), reason: Reason.optional() });
export const Correction = z.strictObject({
  deal: z.number().int().min(1).max(200).nullable(),
  entry: Entry.optional(),
  totals: z.array(Exact).min(2).max(8).optional(),
  reason: Reason,
});
export const EventsQuery = z.strictObject({
  after: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

/** `?lang=de|en`, else the first of them in Accept-Language, else English. */
export function langOf(c: Context): Lang {
  const q = c.req.query('lang');
  if (q !== undefined) return parse(z.enum(LANGS as [Lang, ...Lang[]]), q, 'lang');
  const accept = (c.req.header('accept-language') ?? '').toLowerCase();
  const first = accept
    .split(',')
    .map((p) => p.trim().slice(0, 2))
    .find((l): l is Lang => (LANGS as readonly string[]).includes(l));
  return first ?? 'en';
}

export const bearer = (c: Context): string | undefined => parseBearer(c.req.header('authorization'));

/** The media type the client prefers among `offered` (first wins on a tie); JSON when nothing matches. */
export function negotiate(c: Context, offered: readonly string[]): string {
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

export const json = <S extends z.ZodType>(schema: S): BodySpec<S> => ({ schema, read: (c) => readJsonBody(c) });
export const optionalJson = <S extends z.ZodType>(schema: S): BodySpec<S> => ({
  schema,
  read: (c) => readJsonBody(c, true),
});

export const idOf = (c: Context): string => parse(tournamentId, c.req.param('tournamentId'), 'tournamentId');
export const playerOf = (c: Context): string => parse(playerId, c.req.param('playerId'), 'playerId');
export const roundOf = (c: Context): number =>
  parse(z.coerce.number().int().min(1).max(20), c.req.param('round'), 'round');
export const tableOf = (c: Context): number =>
  parse(z.coerce.number().int().min(1).max(10_000), c.req.param('table'), 'table');
