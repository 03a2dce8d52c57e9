import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sha256 } from '../crypto/secrets.js';

/**
 * Seeds and tokens of a tournament. One secret seed per tournament; every draw, deal and the lot use a seed derived
 * from it one-way (HMAC-SHA256 with the engine's label), so revealing a deal's seed after the deal (as every table
 * does) reveals nothing about the others. The secret itself is committed to at creation and revealed at the end:
 * then anyone can redo every draw and deal.
 */

export function derivedSeed(secret: string, label: string): string {
  return createHmac('sha256', secret).update(label).digest('hex');
}

/** Published in TournamentCreated: sha256 of `<tournamentId>:<secret>`. */
export function tournamentCommitment(tournamentId: string, secret: string): string {
  return sha256(`${tournamentId}:${secret}`);
}

/** A short, URL-safe, time-sortable tournament id (lowercase letters and digits, like table ids). */
export function newTournamentId(now: number): string {
  return `u${now.toString(36)}${randomBytes(4).toString('hex')}`;
}

/** A player id within a tournament. */
export function newPlayerId(): string {
  return `p${randomBytes(5).toString('hex')}`;
}

/**
 * The player token `st_<playerId>.<mac>`: a seat token (tables accept `st_…`) valid at every table the draw gives the
 * player. The MAC key is the tournament's token key (never revealed), so the server checks a token without storing it.
 */
export function playerToken(tokenKey: string, tournamentId: string, playerId: string): string {
  return `st_${playerId}.${createHmac('sha256', tokenKey).update(`${tournamentId}:${playerId}`).digest('base64url')}`;
}

/** The player a token belongs to, or undefined. Constant-time on the MAC. */
export function playerOfToken(tokenKey: string, tournamentId: string, token: string): string | undefined {
  const m = /^st_(p[a-z0-9]{1,39})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (m === null) return undefined;
  const expected = Buffer.from(playerToken(tokenKey, tournamentId, m[1] as string));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given) ? m[1] : undefined;
}
