import { matchesHash, sha256 } from '../crypto/secrets.js';
import type { TournamentMeta } from '../ports/tournament-store.js';
import { playerOfToken } from '../tournaments/secrets.js';
import { AppError } from '../use-cases/errors.js';

/**
 * Who may do what to a tournament: the tournament half of functions/policy/access.ts (its `POLICIES` name these
 * checks for the /v1/tournaments routes, functions/tournaments/http.ts). `authorizeTournament` resolves a bearer
 * token on the tournament's META; each assert below admits a caller or throws the 401/403 the API documents, and hands
 * on the narrower caller the use cases in functions/tournaments/ take — a command there is only ever given an actor
 * these checks let through.
 */

/** What a tournament's access is decided on: the keys of its META (never its seed). */
export type TournamentKeys = Pick<TournamentMeta, 'tournamentId' | 'organiserKeyHash' | 'tokenKey' | 'inviteCode'>;

/** Who a bearer token is for a tournament (`authorizeTournament`). */
export type TournamentCaller =
  { readonly kind: 'organiser' } | { readonly kind: 'player'; readonly playerId: string } | { readonly kind: 'public' };

/** A caller with a token of the tournament: its organiser or one of its players. */
export type TournamentMember = Exclude<TournamentCaller, { kind: 'public' }>;

/** The organiser, admitted by `assertTournamentOrganiser`. */
export type TournamentOrganiser = Extract<TournamentCaller, { kind: 'organiser' }>;

/** A player, admitted by `assertTournamentPlayer`. */
export type TournamentPlayer = Extract<TournamentCaller, { kind: 'player' }>;

/** How a registration was let in: by the organiser, or with the tournament's invite code. */
export type RegistrationVia = 'organiser' | 'invite';

/** Resolve a bearer token: the organiser key, a player token (`st_<playerId>.<mac>`), or none (public). */
export function authorizeTournament(keys: TournamentKeys, token: string | undefined): TournamentCaller {
  if (token === undefined) return { kind: 'public' };
  if (matchesHash(token, keys.organiserKeyHash)) return { kind: 'organiser' };
  const playerId = playerOfToken(keys.tokenKey, keys.tournamentId, token);
  if (playerId !== undefined) return { kind: 'player', playerId };
  throw new AppError(403, 'auth/forbidden', 'the token is not valid for this tournament', {
    field: 'authorization',
  });
}

/**
 * Registering a player: the organiser, or anyone with the invite code when the organiser opened self-registration.
 * The token is resolved first (a token of another tournament is refused before the code is looked at).
 */
export function assertMayRegister(
  keys: TournamentKeys,
  token: string | undefined,
  inviteCode: string | undefined,
): RegistrationVia {
  if (authorizeTournament(keys, token).kind === 'organiser') return 'organiser';
  if (inviteCode === undefined)
    throw new AppError(401, 'auth/missing_token', 'registering needs the organiser key or an invite code', {
      field: 'authorization',
    });
  if (keys.inviteCode === undefined)
    throw new AppError(403, 'tournament/no_self_registration', 'the organiser registers the players', {
      field: 'inviteCode',
    });
  if (!matchesHash(inviteCode, sha256(keys.inviteCode)))
    throw new AppError(403, 'tournament/bad_invite', 'the invite code is not valid', { field: 'inviteCode' });
  return 'invite';
}

/** A route for a tournament's members: the organiser key or a player token (401 without one). */
export function assertTournamentMember(caller: TournamentCaller): TournamentMember {
  if (caller.kind === 'public')
    throw new AppError(401, 'auth/missing_token', 'needs the player token or the organiser key', {
      field: 'authorization',
    });
  return caller;
}

/**
 * Acting for a player (check-in, withdrawal): the player themself or the organiser (401 without a token). Whether the
 * player is on the roster, and may still do it, the engine decides on the state the command is written on.
 */
export function assertMayActFor(caller: TournamentCaller, playerId: string): TournamentMember {
  const member = assertTournamentMember(caller);
  if (member.kind === 'organiser' || member.playerId === playerId) return member;
  throw new AppError(403, 'auth/forbidden', 'only the player or the organiser does this');
}

/** A player's own tournament page: a player token (401 otherwise). */
export function assertTournamentPlayer(caller: TournamentCaller): TournamentPlayer {
  if (caller.kind !== 'player')
    throw new AppError(401, 'auth/missing_token', 'needs a player token', { field: 'authorization' });
  return caller;
}

/** The organiser's controls (draw, postpone, cancel, end a round, finish a table, substitute, correct). */
export function assertTournamentOrganiser(caller: TournamentCaller): TournamentOrganiser {
  if (caller.kind === 'organiser') return caller;
  throw new AppError(
    caller.kind === 'public' ? 401 : 403,
    caller.kind === 'public' ? 'auth/missing_token' : 'auth/forbidden',
    'only the organiser does this',
    { field: 'authorization' },
  );
}

/**
 * A live table's sheet (deals, totals, handing it in): the organiser or a player. That the player sits at that table
 * depends on the round's draw and takeovers: the engine decides it on the state the entry is written on (a refusal
 * there is 403 `tournament/not_seated`), inside the same group commit as the entry.
 */
export function assertMayEnterSheet(caller: TournamentCaller): TournamentMember {
  if (caller.kind === 'public')
    throw new AppError(401, 'auth/missing_token', 'needs the organiser key or the token of a player at the table', {
      field: 'authorization',
    });
  return caller;
}
