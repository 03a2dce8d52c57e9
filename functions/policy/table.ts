import { matchesHash, sha256 } from '../crypto/secrets.js';
import type { Principal } from '../ports/connections.js';
import type { TableMeta } from '../ports/table-store.js';
import { AppError } from '../use-cases/errors.js';

/**
 * A table's tokens: who a bearer secret is at a table (`authorize`), who a stored principal is now (`currentActor`)
 * and what is stored for an actor (`principalFor`). functions/policy/access.ts re-exports them with the permissions
 * decided on them; functions/policy/webhooks.ts registers a table's webhooks on them (which is why they live apart:
 * access.ts names the webhook checks in POLICIES, so they cannot import access.ts).
 */
/** Who is calling, resolved from a bearer secret. */
export type Actor =
  | { readonly kind: 'seat'; readonly seat: number }
  | { readonly kind: 'organiser' }
  | { readonly kind: 'spectator' }
  | { readonly kind: 'bot'; readonly seat: number };

/** An actor that acts for a seat (a player's seat token, or the server's bot for a bot seat). */
export type SeatActor = Extract<Actor, { readonly seat: number }>;

/** Resolve a bearer secret to an actor of this table (undefined secret: a spectator of a public table). */
export function authorize(meta: TableMeta, secret: string | undefined): Actor {
  if (secret === undefined || secret === '') {
    if (meta.visibility === 'public') return { kind: 'spectator' };
    throw new AppError(
      401,
      'auth/missing_token',
      'this table is private: send a seat token, spectator or organiser key',
    );
  }
  if (secret.startsWith('ok_') && matchesHash(secret, meta.organiserKeyHash)) return { kind: 'organiser' };
  if (secret.startsWith('sk_') && meta.spectatorKeyHashes.some((h) => matchesHash(secret, h)))
    return { kind: 'spectator' };
  if (secret.startsWith('st_')) {
    const hash = sha256(secret);
    const seat = meta.seats.findIndex((s) => s.kind === 'human' && s.tokenHash === hash);
    if (seat >= 0) return { kind: 'seat', seat };
  }
  // Say which token would do: a made-up one (no table token's prefix) or one of another table or tournament.
  const known = ['st_', 'sk_', 'ok_'].some((p) => secret.startsWith(p));
  throw new AppError(
    403,
    'auth/forbidden',
    `${known ? 'this token is not one of this table’s' : 'not a table token'}: send a seat token (st_…) from joining ` +
      `table ${meta.tableId}, one of its spectator keys (sk_…) or its organiser key (ok_…)`,
    { field: 'authorization' },
  );
}

/**
 * The actor a stored principal is for this table right now, or undefined when its token no longer grants access
 * (the seat was left, the spectator key rotated out, the table turned private). Mirrors `authorize`.
 */
export function currentActor(meta: TableMeta, principal: Principal): Actor | undefined {
  switch (principal.kind) {
    case 'seat': {
      const seat = meta.seats[principal.seat];
      return seat?.kind === 'human' && seat.tokenHash === principal.tokenHash
        ? { kind: 'seat', seat: principal.seat }
        : undefined;
    }
    case 'organiser':
      return meta.organiserKeyHash === principal.tokenHash ? { kind: 'organiser' } : undefined;
    case 'spectator':
      if (principal.tokenHash === undefined) return meta.visibility === 'public' ? { kind: 'spectator' } : undefined;
      return meta.spectatorKeyHashes.includes(principal.tokenHash) ? { kind: 'spectator' } : undefined;
    default: {
      const never: never = principal;
      return never;
    }
  }
}

/** The principal to store for an actor that presented `tokenHash` (undefined: no token). */
export function principalFor(actor: Actor, tokenHash: string | undefined): Principal {
  switch (actor.kind) {
    case 'seat':
    case 'bot':
      return { kind: 'seat', seat: actor.seat, tokenHash: tokenHash ?? '' };
    case 'organiser':
      return { kind: 'organiser', tokenHash: tokenHash ?? '' };
    case 'spectator':
      return tokenHash === undefined ? { kind: 'spectator' } : { kind: 'spectator', tokenHash };
    default: {
      const never: never = actor;
      return never;
    }
  }
}
