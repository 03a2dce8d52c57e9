import { randomBytes } from 'node:crypto';
import { sha256 } from '../crypto/secrets.js';
import { newSecret } from '../crypto/webhook-signing.js';
import { type TargetPolicy, refusedHost } from '../adapters/http/webhook-targets.js';
import { principalFor } from '../policy/access.js';
import {
  type Clock,
  type Delivery,
  type Hook,
  type HookScope,
  TOURNAMENT_WEBHOOK_EVENT_TYPES,
  WEBHOOK_LIMITS,
  type WebhookEventType,
  type WebhookStore,
} from '../ports/webhooks.js';
import { AppError, isNotFound } from './errors.js';
import type { TableMeta } from '../ports/table-store.js';
import type { TableService } from './index.js';
import type { Deliverer } from './webhook-delivery.js';

/** How long a rotated-out secret still signs (receivers switch over meanwhile). */
export const ROTATION_OVERLAP_MS = 24 * 3_600_000;

export interface RegisterRequest {
  readonly url: string;
  readonly events?: readonly (WebhookEventType | '*')[];
  /** One table (seen as the bearer token sees it); left out = every table the API key creates from now on. */
  readonly tableId?: string;
  /** One tournament's event stream; only its organiser key registers (players' tokens get 403). */
  readonly tournamentId?: string;
  readonly description?: string;
}

/** Who a bearer token is for a tournament (TournamentService.authorize: 404 unknown, 403 not its token). */
export interface TournamentAccess {
  authorize(tournamentId: string, token: string | undefined): Promise<{ readonly kind: string }>;
}

/** A registration as the API shows it: never its secrets. */
export interface HookView {
  readonly id: string;
  readonly url: string;
  readonly events: readonly string[];
  readonly scope:
    | { readonly kind: 'table'; readonly tableId: string; readonly audience: string }
    | { readonly kind: 'tournament'; readonly tournamentId: string }
    | { readonly kind: 'apiKey' };
  readonly createdAt: string;
  readonly description?: string;
}

export interface WebhookServiceDeps {
  readonly store: WebhookStore;
  readonly tables: TableService;
  readonly deliverer: Deliverer;
  readonly policy: TargetPolicy;
  readonly clock: Clock;
  /** sha256 hashes of the API keys (the `apiKey` scope needs one of them). */
  readonly apiKeyHashes: readonly string[];
  /** Tournament registrations (absent: `tournamentId` is refused with 404). */
  readonly tournaments?: TournamentAccess;
}

/** A table with metadata and no commit is being opened: its first commit looks the registrations up anyway. */
const notOpenYet = (e: unknown): void => {
  if (!isNotFound(e)) throw e;
};
/** The table of a removed registration is gone: nothing to raise. Any other failure is the caller's. */
const tableGone = (e: unknown): undefined => {
  if (isNotFound(e)) return undefined;
  throw e;
};

const TOURNAMENT_TYPES: readonly string[] = TOURNAMENT_WEBHOOK_EVENT_TYPES;

/** Registration, listing, rotation, the delivery log and redelivery (routes: functions/webhooks/routes.ts). */
export class WebhookService {
  constructor(private readonly deps: WebhookServiceDeps) {}

  async register(token: string | undefined, req: RegisterRequest): Promise<{ hook: HookView; secret: string }> {
    // A token at its cap is refused before anything else is read (the answer says nothing about the table).
    if (token !== undefined) await this.#withinLimits(sha256(token), undefined);
    let scope: HookScope;
    let tableMeta: TableMeta | undefined;
    if (req.tableId !== undefined && req.tournamentId !== undefined)
      throw new AppError(400, 'request/invalid', 'give tableId or tournamentId, not both', { field: 'tournamentId' });
    // A registration's filter names the events of its own stream (a table's, or a tournament's).
    const forTournament = req.tournamentId !== undefined;
    const stray = (req.events ?? []).find((e) => e !== '*' && TOURNAMENT_TYPES.includes(e) !== forTournament);
    if (stray !== undefined)
      throw new AppError(
        400,
        'request/invalid',
        `${stray} is not an event of a ${forTournament ? 'tournament' : 'table'}`,
        {
          field: 'events',
        },
      );
    if (req.tournamentId !== undefined) {
      if (this.deps.tournaments === undefined)
        throw new AppError(404, 'tournament/not_found', `no tournament ${req.tournamentId}`, { field: 'tournamentId' });
      const actor = await this.deps.tournaments.authorize(req.tournamentId, token);
      if (actor.kind !== 'organiser')
        throw new AppError(
          token === undefined ? 401 : 403,
          token === undefined ? 'auth/missing_token' : 'auth/forbidden',
          'a tournament webhook is registered with the organiser key',
          { field: 'authorization' },
        );
      scope = { kind: 'tournament', tournamentId: req.tournamentId };
    } else if (req.tableId !== undefined) {
      const meta = await this.deps.tables.meta(req.tableId);
      const actor = this.deps.tables.authorize(meta, token);
      tableMeta = meta;
      scope = {
        kind: 'table',
        tableId: req.tableId,
        principal: principalFor(actor, token === undefined ? undefined : sha256(token)),
      };
    } else {
      if (token === undefined)
        throw new AppError(401, 'auth/missing_token', 'registering for all tables needs an API key', {
          field: 'authorization',
        });
      if (!this.deps.apiKeyHashes.includes(sha256(token)))
        throw new AppError(403, 'auth/forbidden', 'without tableId the token must be an API key', {
          field: 'tableId',
        });
      scope = { kind: 'apiKey', keyHash: sha256(token) };
    }
    if (token === undefined)
      throw new AppError(401, 'auth/missing_token', 'a webhook is registered with a token (it owns the registration)', {
        field: 'authorization',
      });
    if (req.tableId !== undefined) await this.#withinLimits(undefined, req.tableId);
    // Who may register is settled first; only then is the target resolved and checked.
    const refused = await refusedHost(req.url, this.deps.policy);
    if (refused !== undefined) throw new AppError(422, 'webhook/target_refused', refused, { field: 'url' });
    const secret = newSecret();
    const hook: Hook = {
      hookId: `wh_${randomBytes(10).toString('hex')}`,
      url: req.url,
      events: req.events ?? ['*'],
      scope,
      ownerHash: sha256(token),
      secrets: [{ secret }],
      createdAt: this.deps.clock.now(),
      ...(req.description !== undefined ? { description: req.description } : {}),
    };
    await this.deps.store.putHook(hook);
    try {
      await this.#heard(hook, tableMeta);
    } catch (e) {
      // Not raised (the table stayed busy): the registration is not made, so a retry does not leave two behind.
      await this.deps.store.deleteHook(hook);
      throw e;
    }
    // Registered while a seat is to act: that turn's `your_turn` now (commits announce only turns they begin).
    await this.deps.deliverer.onRegistered(hook);
    return { hook: hookView(hook), secret };
  }

  /**
   * The caps (WEBHOOK_LIMITS): a token's registrations, and the registrations naming one table, are bounded, so one
   * caller cannot make every commit of a table fan out to hundreds of targets. Counted before writing (two callers
   * racing at the cap may both pass: the cap is a bound on abuse, not an exact count).
   */
  async #withinLimits(ownerHash: string | undefined, tableId: string | undefined): Promise<void> {
    const [owned, onTable] = await Promise.all([
      ownerHash === undefined ? 0 : this.deps.store.countOwned(ownerHash),
      tableId === undefined ? 0 : this.deps.store.countForTable(tableId),
    ]);
    if (owned >= WEBHOOK_LIMITS.perToken)
      throw new AppError(
        409,
        'webhook/limit_reached',
        `this token already holds ${WEBHOOK_LIMITS.perToken} webhook registrations (the most one token may hold); delete one first`,
        { limit: 'webhooks-per-token', field: 'authorization' },
      );
    if (onTable >= WEBHOOK_LIMITS.perTable)
      throw new AppError(
        409,
        'webhook/limit_reached',
        `table ${tableId} already has ${WEBHOOK_LIMITS.perTable} webhook registrations (the most one table may have)`,
        { limit: 'webhooks-per-table', field: 'tableId' },
      );
  }

  async list(token: string | undefined): Promise<HookView[]> {
    if (token === undefined) return [];
    return (await this.deps.store.hooksOfOwner(sha256(token))).map(hookView);
  }

  async get(token: string | undefined, hookId: string): Promise<Hook> {
    const hook = await this.deps.store.getHook(hookId);
    // Someone else's registration is "not found": its existence is not revealed.
    if (hook === undefined || token === undefined || hook.ownerHash !== sha256(token))
      throw new AppError(404, 'webhook/not_found', `no webhook ${hookId} for this token`, { field: 'webhookId' });
    return hook;
  }

  async view(token: string | undefined, hookId: string): Promise<HookView> {
    return hookView(await this.get(token, hookId));
  }

  async remove(token: string | undefined, hookId: string): Promise<void> {
    const hook = await this.get(token, hookId);
    await this.deps.store.deleteHook(hook);
    // Only spares the stream side delivery batches for a registration that is gone (the pump finds it gone and sends
    // nothing): the removal stands even when the table stays busy.
    await this.#heard(hook).catch(() => undefined);
  }

  /**
   * After a registration was written or deleted: the tables it concerns look their registrations up again from their
   * next commit on (use-cases/listen.ts raises their listen epochs — before the answer, so every commit written after
   * it sees the change). A tournament's registrations are read per tournament commit and need nothing here.
   */
  async #heard(hook: Hook, known?: TableMeta): Promise<void> {
    if (hook.scope.kind === 'table') {
      // The metadata the registration was authorised on (a newer one is read on a lost race); a removal reads it.
      const meta = known ?? (await this.deps.tables.meta(hook.scope.tableId).catch(tableGone));
      if (meta !== undefined) await this.deps.tables.listen(meta.tableId, meta, 'webhook').catch(notOpenYet);
    } else if (hook.scope.kind === 'apiKey') await this.deps.tables.listenToCreatorTables(hook.scope.keyHash);
  }

  /** A new secret signs from now on; the old one keeps signing alongside for {@link ROTATION_OVERLAP_MS}. */
  async rotate(token: string | undefined, hookId: string): Promise<{ secret: string; previousValidUntil: string }> {
    const hook = await this.get(token, hookId);
    const now = this.deps.clock.now();
    const until = now + ROTATION_OVERLAP_MS;
    const secret = newSecret();
    const kept = hook.secrets
      .filter((s) => s.until === undefined || s.until > now)
      .map((s) => ({ secret: s.secret, until: Math.min(s.until ?? until, until) }));
    await this.deps.store.setSecrets(hookId, [{ secret }, ...kept]);
    return { secret, previousValidUntil: new Date(until).toISOString() };
  }

  async deliveries(token: string | undefined, hookId: string, limit: number): Promise<DeliveryView[]> {
    await this.get(token, hookId);
    return (await this.deps.store.deliveries(hookId, limit)).map(deliveryView);
  }

  async redeliver(token: string | undefined, hookId: string, deliveryId: string): Promise<DeliveryView> {
    const hook = await this.get(token, hookId);
    const delivery = await this.deps.store.getDelivery(hookId, deliveryId);
    if (delivery === undefined)
      throw new AppError(404, 'webhook/not_found', `no delivery ${deliveryId}`, { field: 'deliveryId' });
    return deliveryView(await this.deps.deliverer.redeliver(hook, delivery));
  }
}

export interface DeliveryView {
  readonly id: string;
  readonly tableId?: string;
  readonly tournamentId?: string;
  readonly seq: number;
  readonly type: string;
  readonly status: string;
  readonly attempts: readonly { at: string; status?: number; error?: string; ms: number }[];
  readonly nextAttemptAt: string | null;
  readonly payload: unknown;
}

function deliveryView(d: Delivery): DeliveryView {
  return {
    id: d.deliveryId,
    ...(d.tournament === true ? { tournamentId: d.tableId } : { tableId: d.tableId }),
    seq: d.seq,
    type: d.type,
    status: d.status,
    attempts: d.attempts.map((a) => ({ ...a, at: new Date(a.at).toISOString() })),
    nextAttemptAt: d.status === 'pending' ? new Date(d.nextAt).toISOString() : null,
    payload: JSON.parse(d.body) as unknown,
  };
}

function hookView(h: Hook): HookView {
  const audience =
    h.scope.kind === 'table'
      ? h.scope.principal.kind === 'seat'
        ? `seat:${h.scope.principal.seat}`
        : h.scope.principal.kind
      : 'organiser';
  return {
    id: h.hookId,
    url: h.url,
    events: h.events,
    scope:
      h.scope.kind === 'table'
        ? { kind: 'table', tableId: h.scope.tableId, audience }
        : h.scope.kind === 'tournament'
          ? { kind: 'tournament', tournamentId: h.scope.tournamentId }
          : { kind: 'apiKey' },
    createdAt: new Date(h.createdAt).toISOString(),
    ...(h.description !== undefined ? { description: h.description } : {}),
  };
}
