import { describe, expect, it } from 'vitest';
import { sha256 } from '../../functions/crypto/secrets.js';
import {
  type TournamentKeys,
  assertMayActFor,
  assertMayEnterSheet,
  assertMayRegister,
  assertTournamentMember,
  assertTournamentOrganiser,
  assertTournamentPlayer,
  authorizeTournament,
} from '../../functions/policy/tournament.js';
import { playerToken } from '../../functions/tournaments/secrets.js';
import { AppError } from '../../functions/use-cases/errors.js';

// functions/policy/tournament.ts: who may do what to a tournament. Each refusal is the problem the API documents
// (status, code, detail, field) — the same bodies TournamentService answered when it checked tokens itself.

const U = 'ut3st0001';
const ORGANISER = `ok_${'o'.repeat(30)}`;
const keys: TournamentKeys = {
  tournamentId: U,
  organiserKeyHash: sha256(ORGANISER),
  tokenKey: 'token-key',
  inviteCode: 'inv_open',
};
const anni = playerToken(keys.tokenKey, U, 'panni');

/** The problem a check throws, as the API answers it. */
function refusal(check: () => unknown): { status: number; code: string; detail: string; field?: string } {
  try {
    check();
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    return {
      status: e.status,
      code: e.code,
      detail: e.message,
      ...(e.extra.field !== undefined ? { field: e.extra.field } : {}),
    };
  }
  throw new Error('the check let the caller through');
}

describe('authorizeTournament: who a bearer token is', () => {
  it('no token is the public, the organiser key the organiser, a player token its player', () => {
    expect(authorizeTournament(keys, undefined)).toEqual({ kind: 'public' });
    expect(authorizeTournament(keys, ORGANISER)).toEqual({ kind: 'organiser' });
    expect(authorizeTournament(keys, anni)).toEqual({ kind: 'player', playerId: 'panni' });
  });

  it("refuses another tournament's token and a made-up one (403, naming the header)", () => {
    const forbidden = {
      status: 403,
      code: 'auth/forbidden',
      detail: 'the token is not valid for this tournament',
      field: 'authorization',
    };
    expect(refusal(() => authorizeTournament(keys, playerToken(keys.tokenKey, 'uother0001', 'panni')))).toEqual(
      forbidden,
    );
    expect(refusal(() => authorizeTournament(keys, `ok_${'x'.repeat(30)}`))).toEqual(forbidden);
  });
});

describe('assertMayRegister', () => {
  it('lets in the organiser, and anyone with the invite code', () => {
    expect(assertMayRegister(keys, ORGANISER, undefined)).toBe('organiser');
    expect(assertMayRegister(keys, undefined, 'inv_open')).toBe('invite');
    // A player registering someone else needs the code like anyone.
    expect(assertMayRegister(keys, anni, 'inv_open')).toBe('invite');
  });

  it('refuses without either (401), a wrong code (403), a code where the organiser registers (403)', () => {
    expect(refusal(() => assertMayRegister(keys, undefined, undefined))).toEqual({
      status: 401,
      code: 'auth/missing_token',
      detail: 'registering needs the organiser key or an invite code',
      field: 'authorization',
    });
    expect(refusal(() => assertMayRegister(keys, anni, undefined)).status).toBe(401);
    expect(refusal(() => assertMayRegister(keys, undefined, 'inv_nope'))).toEqual({
      status: 403,
      code: 'tournament/bad_invite',
      detail: 'the invite code is not valid',
      field: 'inviteCode',
    });
    const { inviteCode: _none, ...closed } = keys;
    expect(refusal(() => assertMayRegister(closed, undefined, 'inv_open'))).toEqual({
      status: 403,
      code: 'tournament/no_self_registration',
      detail: 'the organiser registers the players',
      field: 'inviteCode',
    });
  });

  it("looks at the token before the code: another tournament's token is refused even with the right code", () => {
    expect(refusal(() => assertMayRegister(keys, `ok_${'x'.repeat(30)}`, 'inv_open')).code).toBe('auth/forbidden');
  });
});

describe('the member, player, organiser and sheet checks', () => {
  const organiser = { kind: 'organiser' } as const;
  const player = { kind: 'player', playerId: 'panni' } as const;
  const nobody = { kind: 'public' } as const;

  it('acting for a player: the player or the organiser; 401 without a token, 403 for another player', () => {
    expect(assertMayActFor(player, 'panni')).toBe(player);
    expect(assertMayActFor(organiser, 'panni')).toBe(organiser);
    expect(refusal(() => assertMayActFor(nobody, 'panni'))).toEqual({
      status: 401,
      code: 'auth/missing_token',
      detail: 'needs the player token or the organiser key',
      field: 'authorization',
    });
    expect(refusal(() => assertMayActFor(player, 'pbeppi'))).toEqual({
      status: 403,
      code: 'auth/forbidden',
      detail: 'only the player or the organiser does this',
    });
    expect(refusal(() => assertTournamentMember(nobody)).status).toBe(401);
  });

  it("the organiser's controls: 401 without a token, 403 for a player", () => {
    expect(assertTournamentOrganiser(organiser)).toBe(organiser);
    expect(refusal(() => assertTournamentOrganiser(nobody))).toEqual({
      status: 401,
      code: 'auth/missing_token',
      detail: 'only the organiser does this',
      field: 'authorization',
    });
    expect(refusal(() => assertTournamentOrganiser(player))).toEqual({
      status: 403,
      code: 'auth/forbidden',
      detail: 'only the organiser does this',
      field: 'authorization',
    });
  });

  it("a live table's sheet: the organiser or a player (where they sit the engine decides); 401 without a token", () => {
    expect(assertMayEnterSheet(organiser)).toBe(organiser);
    expect(assertMayEnterSheet(player)).toBe(player);
    expect(refusal(() => assertMayEnterSheet(nobody))).toEqual({
      status: 401,
      code: 'auth/missing_token',
      detail: 'needs the organiser key or the token of a player at the table',
      field: 'authorization',
    });
  });

  it("a player's own page: a player token only (401 otherwise, the organiser too)", () => {
    expect(assertTournamentPlayer(player)).toBe(player);
    expect(refusal(() => assertTournamentPlayer(organiser))).toEqual({
      status: 401,
      code: 'auth/missing_token',
      detail: 'needs a player token',
      field: 'authorization',
    });
  });
});
