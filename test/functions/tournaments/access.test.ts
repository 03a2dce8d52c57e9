import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { sha256 } from '../../../functions/crypto/secrets.js';
import { errorResponse } from '../../../functions/http/problem.js';
import { mountRoutes } from '../../../functions/http/routes.js';
import { type TournamentKeys, authorizeTournament } from '../../../functions/policy/tournament.js';
import { TOURNAMENT_ROUTES } from '../../../functions/tournaments/http.js';
import { playerToken } from '../../../functions/tournaments/secrets.js';
import type { TournamentService } from '../../../functions/tournaments/service.js';
import { AppError } from '../../../functions/use-cases/errors.js';

// The permission path of the /v1/tournaments routes (functions/tournaments/http.ts): each route's policy
// (functions/policy/tournament.ts) admits the caller through the registrar before a command of the service runs, and
// the command is handed the actor the check let through. The service here only records what reached it.

const U = 'ut3st0001';
const ORGANISER = `ok_${'o'.repeat(30)}`;
const keys: TournamentKeys = { tournamentId: U, organiserKeyHash: sha256(ORGANISER), tokenKey: 'token-key' };
const ANNI = playerToken(keys.tokenKey, U, 'panni');

function harness() {
  const calls: { method: string; actor: unknown }[] = [];
  const command =
    (method: string) =>
    async (_id: string, actor: unknown): Promise<Record<string, unknown>> => {
      calls.push({ method, actor });
      return { version: 2, record: { deal: 1, result: { payout: [0, 0, 0, 0] } } };
    };
  const known = async (id: string): Promise<TournamentKeys> => {
    if (id !== U) throw new AppError(404, 'tournament/not_found', `no tournament ${id}`);
    return keys;
  };
  const service = {
    keys: known,
    authorize: async (id: string, token: string | undefined) => authorizeTournament(await known(id), token),
    registerPlayer: async (_id: string, via: unknown) => {
      calls.push({ method: 'registerPlayer', actor: via });
      return { playerId: 'pnew', playerToken: 'st_pnew.x', version: 2 };
    },
    checkIn: async (_id: string, actor: unknown) => {
      calls.push({ method: 'checkIn', actor });
      return { version: 2 };
    },
    withdraw: command('withdraw'),
    publishDraw: command('publishDraw'),
    postpone: command('postpone'),
    cancel: command('cancel'),
    endRound: command('endRound'),
    finishTableNow: command('finishTableNow'),
    substitute: command('substitute'),
    correct: command('correct'),
    enterDeal: command('enterDeal'),
    enterTotals: command('enterTotals'),
    submitSheet: command('submitSheet'),
  } as unknown as TournamentService;
  const app = new Hono();
  app.onError((e, c) => errorResponse(c, e, { error: () => undefined }));
  mountRoutes(app, TOURNAMENT_ROUTES, { service, apiKeys: new Set<string>(), now: () => 0 });
  const post = async (path: string, token: string | undefined, body?: unknown) => {
    const res = await app.request(`/v1/tournaments/${U}${path}`, {
      method: 'POST',
      headers: {
        ...(token !== undefined ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  return { calls, post, app };
}

/** Each organiser control with a body it accepts. */
const CONTROLS: readonly (readonly [string, string, unknown])[] = [
  ['publishDraw', '/draw', {}],
  ['postpone', '/postpone', { startsAt: '2026-11-28T20:00:00Z' }],
  ['cancel', '/cancel', { reason: 'snow' }],
  ['endRound', '/rounds/1/end', {}],
  ['finishTableNow', '/rounds/1/tables/2/finish', {}],
  ['substitute', '/players/panni/substitute', { substitute: 'bot' }],
  ['correct', '/rounds/1/tables/2/corrections', { deal: null, totals: ['1', '-1'], reason: 'typo' }],
];

/** Each route of a live table's sheet with a body it accepts. */
const SHEET: readonly (readonly [string, string, unknown])[] = [
  ['enterDeal', '/rounds/1/tables/2/deals', { deal: 1, entry: { kind: 'payout', payout: [10, -10, 0, 0] } }],
  ['enterTotals', '/rounds/1/tables/2/totals', { totals: ['10', '-10', '0', '0'] }],
  ['submitSheet', '/rounds/1/tables/2/submit', undefined],
];

describe('tournament routes: the policy admits the caller, the command gets the admitted actor', () => {
  it("the organiser's controls: 401 without a token, 403 for a player, and the service is never reached", async () => {
    const { calls, post } = harness();
    for (const [, path, body] of CONTROLS) {
      expect(await post(path, undefined, body)).toMatchObject({
        status: 401,
        body: { code: 'auth/missing_token', detail: 'only the organiser does this', field: 'authorization' },
      });
      expect(await post(path, ANNI, body)).toMatchObject({
        status: 403,
        body: { code: 'auth/forbidden', detail: 'only the organiser does this' },
      });
    }
    expect(calls).toEqual([]);
    for (const [, path, body] of CONTROLS) expect((await post(path, ORGANISER, body)).status).toBe(200);
    expect(calls).toEqual(CONTROLS.map(([method]) => ({ method, actor: { kind: 'organiser' } })));
  });

  it('an organiser control answers a malformed body or path before its caller (400, then 401)', async () => {
    const { calls, post } = harness();
    expect(await post('/cancel', undefined, {})).toMatchObject({ status: 400, body: { field: 'reason' } });
    expect(await post('/rounds/x/end', undefined, {})).toMatchObject({ status: 400, body: { field: 'round' } });
    // An unknown tournament or a token not its own is answered first (the caller is resolved before the body).
    expect((await post('/cancel', `ok_${'x'.repeat(30)}`, {})).status).toBe(403);
    expect(calls).toEqual([]);
  });

  it("a live table's sheet: the organiser or a player (the engine checks where they sit), 401 without a token", async () => {
    const { calls, post } = harness();
    for (const [, path, body] of SHEET)
      expect(await post(path, undefined, body)).toMatchObject({
        status: 401,
        body: { detail: 'needs the organiser key or the token of a player at the table' },
      });
    expect(calls).toEqual([]);
    for (const [, path, body] of SHEET) expect([200, 201]).toContain((await post(path, ANNI, body)).status);
    expect(calls.map((c) => c.actor)).toEqual(SHEET.map(() => ({ kind: 'player', playerId: 'panni' })));
  });

  it('check-in and withdrawal: the player for themself or the organiser for anyone', async () => {
    const { calls, post } = harness();
    expect(await post('/players/pbeppi/check-in', ANNI)).toMatchObject({
      status: 403,
      body: { code: 'auth/forbidden', detail: 'only the player or the organiser does this' },
    });
    expect((await post('/players/pbeppi/withdraw', undefined)).status).toBe(401);
    expect(calls).toEqual([]);
    expect((await post('/players/panni/check-in', ANNI)).status).toBe(200);
    expect((await post('/players/pbeppi/withdraw', ORGANISER)).status).toBe(200);
    // A withdrawal with two faults: no token before the body, the body before another player's token.
    expect(await post('/players/pbeppi/withdraw', undefined, { why: 1 })).toMatchObject({ status: 401 });
    expect(await post('/players/pbeppi/withdraw', ANNI, { why: 1 })).toMatchObject({ status: 400 });
    expect(calls).toEqual([
      { method: 'checkIn', actor: { kind: 'player', playerId: 'panni' } },
      { method: 'withdraw', actor: { kind: 'organiser' } },
    ]);
  });

  it('registration: the organiser key, else an invite code; a token of another tournament is refused', async () => {
    const { calls, post } = harness();
    expect(await post('/players', undefined, { name: 'X' })).toMatchObject({
      status: 401,
      body: { detail: 'registering needs the organiser key or an invite code' },
    });
    // This tournament has no self-registration.
    expect(await post('/players', undefined, { name: 'X', inviteCode: 'inv_1' })).toMatchObject({
      status: 403,
      body: { code: 'tournament/no_self_registration' },
    });
    expect(await post('/players', `ok_${'x'.repeat(30)}`, { name: 'X' })).toMatchObject({
      status: 403,
      body: { detail: 'the token is not valid for this tournament' },
    });
    expect(calls).toEqual([]);
    expect((await post('/players', ORGANISER, { name: 'X' })).status).toBe(201);
    expect(calls).toEqual([{ method: 'registerPlayer', actor: 'organiser' }]);
  });

  it('an unknown tournament is 404 before any check', async () => {
    const { app } = harness();
    const res = await app.request('/v1/tournaments/uother0001/draw', {
      method: 'POST',
      headers: { authorization: `Bearer ${ORGANISER}` },
    });
    expect(res.status).toBe(404);
  });
});
