import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh random secret with a readable prefix (`st_` seat token, `ok_` organiser key, `sk_` spectator key). */
export function newSecret(prefix: string): string {
  return `${prefix}${randomBytes(24).toString('base64url')}`;
}

/** sha256 hex: secrets are stored only as hashes. */
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Constant-time comparison of a secret against a stored hash. */
export function matchesHash(secret: string, hash: string | undefined): boolean {
  if (hash === undefined) return false;
  const a = Buffer.from(sha256(secret), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A random seed for a deal (kept secret until the deal ends). */
export function newSeed(): string {
  return randomBytes(16).toString('hex');
}

/** The commitment published with a deal: sha256 of table id, deal number and seed. */
export function commitmentFor(tableId: string, deal: number, seed: string): string {
  return sha256(`${tableId}:${deal}:${seed}`);
}

/** A short, URL-safe, time-sortable table id. */
export function newTableId(now: number): string {
  return `t${now.toString(36)}${randomBytes(5).toString('hex')}`;
}
