import { OptionsError, tournament as T } from '../../engine/index.js';
import { newSecret, sha256 } from '../crypto/secrets.js';
import { type RegistrationVia, type TournamentMember, assertMayRegister } from '../policy/tournament.js';
import type { TournamentCommit, TournamentMeta } from '../ports/tournament-store.js';
import { AppError } from '../use-cases/errors.js';
import { type CreateInput, eventActor, startJob } from './deps.js';
import { summary } from './queries.js';
import { runningSeat, takeOver } from './seats.js';
import { newPlayerId, newTournamentId, playerToken, tournamentCommitment } from './secrets.js';
import type { TournamentContext } from './writer.js';

/**
 * A tournament's roster: opening it, registering players, check-in and withdrawal. Who may is the route's policy's
 * to say (functions/policy/tournament.ts); these take the caller it let through.
 */

/** Create: the config checked by the engine, secrets, the first commit, round 1's start as due work. */
export async function create(
  ctx: TournamentContext,
  input: CreateInput,
): Promise<{
  tournamentId: string;
  organiserKey: string;
  inviteCode?: string;
  tournament: Record<string, unknown>;
}> {
  let config: T.TournamentConfig;
  try {
    config = T.resolveConfig(input);
  } catch (e) {
    if (e instanceof OptionsError) throw new AppError(422, 'tournament/bad_config', e.message, { field: e.path });
    throw e;
  }
  const now = ctx.deps.now();
  const tournamentId = newTournamentId(now);
  const organiserKey = input.organiserKey ?? newSecret('ok_');
  const inviteCode = input.selfRegistration === true ? newSecret('inv_') : undefined;
  const secret = newSecret('');
  const meta: TournamentMeta = {
    tournamentId,
    name: config.name,
    organiserKeyHash: sha256(organiserKey),
    ...(inviteCode !== undefined ? { inviteCode } : {}),
    secret,
    tokenKey: newSecret(''),
    createdAt: now,
    startsAt: config.startsAt,
  };
  // Round 1's start is scheduled before anything is written: a job for a tournament that never got written
  // finds nothing and does nothing; a written tournament always has its start.
  await ctx.deps.due.schedule(startJob(tournamentId, 1, config.startsAt));
  if (!(await ctx.deps.store.create(meta))) throw new Error('fresh tournament id exists');
  const decided = T.decideTournament(
    { type: 'CreateTournament', tournamentId, config, commitment: tournamentCommitment(tournamentId, secret) },
    null,
  );
  if (!decided.ok) throw new Error(decided.error.message);
  const first: TournamentCommit = { tournamentId, seq: 1, events: decided.events, at: now };
  await ctx.deps.store.append(first);
  ctx.deps.onCommit?.(first);
  const loaded = await ctx.writer.load(tournamentId);
  return {
    tournamentId,
    organiserKey,
    ...(inviteCode !== undefined ? { inviteCode } : {}),
    tournament: summary(loaded, { kind: 'organiser' }),
  };
}

/**
 * Register a player, let in by `via` (functions/policy/tournament.ts `assertMayRegister`: the organiser, or the
 * invite code). One token for all their tables.
 */
export async function register(
  ctx: TournamentContext,
  tournamentId: string,
  via: RegistrationVia,
  input: { name: string; externalId?: string; live?: boolean },
): Promise<{ playerId: string; playerToken: string; version: number }> {
  const meta = await ctx.writer.meta(tournamentId);
  const playerId = newPlayerId();
  const version = await ctx.writer.execute(tournamentId, () => ({
    type: 'RegisterPlayer',
    playerId,
    name: input.name,
    ...(input.externalId !== undefined ? { externalId: input.externalId } : {}),
    via,
    ...(input.live === true ? { live: true } : {}),
  }));
  return { playerId, playerToken: playerToken(meta.tokenKey, tournamentId, playerId), version };
}

/**
 * Register with a bearer token, for in-process callers (tests, benches): the check the route's policy runs
 * (functions/policy/tournament.ts `assertMayRegister`: the organiser key, or the invite code) on the tournament's keys,
 * then `register`.
 */
export async function registerWithToken(
  ctx: TournamentContext,
  tournamentId: string,
  token: string | undefined,
  input: { name: string; externalId?: string; inviteCode?: string; live?: boolean },
): Promise<{ playerId: string; playerToken: string; version: number }> {
  const via = assertMayRegister(await ctx.writer.meta(tournamentId), token, input.inviteCode);
  const { inviteCode: _code, ...player } = input;
  return register(ctx, tournamentId, via, player);
}

/** Check in, for a player `by` may act for (functions/policy/tournament.ts `assertMayActFor`). */
export async function checkIn(
  ctx: TournamentContext,
  tournamentId: string,
  by: TournamentMember,
  playerId: string,
): Promise<{ version: number }> {
  return { version: await ctx.writer.execute(tournamentId, () => ({ type: 'CheckIn', playerId })) };
}

/**
 * Withdraw: left out of later draws; when the player sits at a table of the running round, a bot takes the seat
 * from the current deal on (marked on the list; credited only with `botCredit`). `member` may act for the player
 * (functions/policy/tournament.ts `assertMayActFor`).
 */
export async function withdraw(
  ctx: TournamentContext,
  tournamentId: string,
  member: TournamentMember,
  playerId: string,
  reason?: string,
): Promise<{ version: number }> {
  const by = eventActor(member);
  await ctx.writer.execute(tournamentId, () => ({
    type: 'Withdraw',
    playerId,
    by,
    ...(reason !== undefined ? { reason } : {}),
  }));
  const { state } = await ctx.writer.load(tournamentId);
  const at = runningSeat(state, playerId);
  if (at !== undefined && !at.live)
    await takeOver(ctx, tournamentId, at.round, at.table, at.seat, { kind: 'bot' }, playerId, by, reason);
  return { version: (await ctx.writer.load(tournamentId)).version };
}
