import { sha256 } from '../crypto/secrets.js';
import type { TableMeta } from '../ports/table-store.js';
import type { Hook, HookScope } from '../ports/webhooks.js';
import { AppError } from '../use-cases/errors.js';
import { authorize, principalFor } from './table.js';
import type { TournamentCaller } from './tournament.js';

/**
 * Who may do what to webhook registrations: the webhooks half of functions/policy/access.ts (its `POLICIES` name
 * these checks for the /v1/webhooks routes, functions/http/webhooks.ts). A registration belongs to the token it was
 * registered with, its owner; each check admits a caller or throws the 401/403/404 the API documents, and hands on
 * what WebhookService (functions/use-cases/webhooks.ts) takes — an owner, a registration, an admitted scope — so the
 * service is never given a token to decide on.
 */

/** Whose registrations: the hash of the token they were registered with (the token itself is never stored). */
export interface WebhookOwner {
  readonly ownerHash: string;
}

/** The owner a bearer token is; none without a token (it owns nothing: its list is empty). */
export function webhookOwnerOf(token: string | undefined): WebhookOwner | undefined {
  return token === undefined ? undefined : { ownerHash: sha256(token) };
}

/**
 * One registration (read, delete, rotate, its delivery log, a redelivery): its owner only. To any other token, or
 * none, it does not exist — the 404 does not reveal that it does.
 */
export function assertWebhookOwner(hook: Hook | undefined, token: string | undefined, hookId: string): Hook {
  if (hook === undefined || token === undefined || hook.ownerHash !== sha256(token))
    throw new AppError(404, 'webhook/not_found', `no webhook ${hookId} for this token`, { field: 'webhookId' });
  return hook;
}

/**
 * What a registration is decided on, read for the scope it asks for (WebhookService.grounds): the table's metadata,
 * the tournament's caller (resolved from the token as TournamentService.authorize does: 404 unknown, 403 a token not
 * its), or the API keys.
 */
export type RegistrationGrounds =
  | { readonly kind: 'table'; readonly meta: TableMeta }
  | { readonly kind: 'tournament'; readonly tournamentId: string; readonly caller: TournamentCaller }
  | { readonly kind: 'apiKey'; readonly apiKeyHashes: readonly string[] };

/** A registration let in by `assertMayRegisterWebhook`: its owner, its scope, the table metadata it was decided on. */
export interface AdmittedRegistration {
  readonly owner: WebhookOwner;
  readonly scope: HookScope;
  readonly meta?: TableMeta;
}

/**
 * Registering a webhook, by scope: one table with any of its tokens (the tables' `authorize`: the registration sees
 * the table as that token does), one tournament with its organiser key, every table of an API key with that key. A
 * token is needed in every case (it owns the registration): a public table admits a caller without one as a spectator,
 * and is refused only after that.
 */
export function assertMayRegisterWebhook(
  grounds: RegistrationGrounds,
  token: string | undefined,
): AdmittedRegistration {
  let scope: HookScope;
  switch (grounds.kind) {
    case 'tournament':
      if (grounds.caller.kind !== 'organiser')
        throw new AppError(
          token === undefined ? 401 : 403,
          token === undefined ? 'auth/missing_token' : 'auth/forbidden',
          'a tournament webhook is registered with the organiser key',
          { field: 'authorization' },
        );
      scope = { kind: 'tournament', tournamentId: grounds.tournamentId };
      break;
    case 'table': {
      const actor = authorize(grounds.meta, token);
      const principal = principalFor(actor, token === undefined ? undefined : sha256(token));
      scope = { kind: 'table', tableId: grounds.meta.tableId, principal };
      break;
    }
    case 'apiKey':
      if (token === undefined)
        throw new AppError(401, 'auth/missing_token', 'registering for all tables needs an API key', {
          field: 'authorization',
        });
      if (!grounds.apiKeyHashes.includes(sha256(token)))
        throw new AppError(403, 'auth/forbidden', 'without tableId the token must be an API key', {
          field: 'tableId',
        });
      scope = { kind: 'apiKey', keyHash: sha256(token) };
      break;
    default: {
      const never: never = grounds;
      return never;
    }
  }
  if (token === undefined)
    throw new AppError(401, 'auth/missing_token', 'a webhook is registered with a token (it owns the registration)', {
      field: 'authorization',
    });
  return {
    owner: { ownerHash: sha256(token) },
    scope,
    ...(grounds.kind === 'table' ? { meta: grounds.meta } : {}),
  };
}
