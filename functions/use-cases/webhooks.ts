import { randomBytes } from 'node:crypto';
import { newSecret } from '../crypto/webhook-signing.js';
import { type TargetPolicy, refusedHost } from '../adapters/http/webhook-targets.js';
import type { TournamentCaller } from '../policy/tournament.js';
import {
  type AdmittedRegistration,
  type RegistrationGrounds,
  type WebhookOwner,
  assertMayRegisterWebhook,
  assertWebhookOwner,
  webhookOwnerOf,
} from '../policy/webhooks.js';
import {
  type Clock,
  type Delivery,
  type Hook,
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
  authorize(tournamentId: string, token: string | undefined): Promise<TournamentCaller>;
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

/**
 * Registration, listing, rotation, the delivery log and redelivery (routes: functions/http/webhooks.ts). Who may is
 * decided before a method runs: the route's policy (functions/policy/webhooks.ts) admits the caller, and the methods
 * take what it hands on — an owner, a registration, an admitted scope — never a token. The caps (WEBHOOK_LIMITS) are
 * limits, not permissions: they stay here, asked at the points the routes have always answered them.
 */
export class WebhookService {
  constructor(private readonly deps: WebhookServiceDeps) {}

  /**
   * Register with a bearer token (in-process callers): the steps of the route (functions/http/webhooks.ts
   * `createWebhook`) in its order — the owner's cap, the grounds, the policy's check, then `create`.
   */
  async register(token: string | undefined, req: RegisterRequest): Promise<{ hook: HookView; secret: string }> {
    await this.withinOwnerCap(webhookOwnerOf(token));
    return this.create(assertMayRegisterWebhook(await this.grounds(req, token), token), req);
  }

  /** A token at its cap is refused before anything else is read (the answer says nothing about the table). */
  async withinOwnerCap(owner: WebhookOwner | undefined): Promise<void> {
    if (owner !== undefined) await this.#withinLimits(owner.ownerHash, undefined);
  }

  /**
   * What a registration's permission is decided on (functions/policy/webhooks.ts `assertMayRegisterWebhook`): the
   * request's shape first (400: one of tableId and tournamentId, events of that stream), then the scope's facts — a
   * tournament's caller (404 unknown, 403 a token not its: resolving, not admitting), a table's metadata (404), the
   * API keys.
   */
  async grounds(req: RegisterRequest, token: string | undefined): Promise<RegistrationGrounds> {
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
      const caller = await this.deps.tournaments.authorize(req.tournamentId, token);
      return { kind: 'tournament', tournamentId: req.tournamentId, caller };
    }
    if (req.tableId !== undefined) return { kind: 'table', meta: await this.deps.tables.meta(req.tableId) };
    return { kind: 'apiKey', apiKeyHashes: this.deps.apiKeyHashes };
  }

  /** Register what the route's policy admitted (`assertMayRegisterWebhook`): the table's cap, the target, the write. */
  async create(admitted: AdmittedRegistration, req: RegisterRequest): Promise<{ hook: HookView; secret: string }> {
    const { owner, scope, meta } = admitted;
    if (scope.kind === 'table') await this.#withinLimits(undefined, scope.tableId);
    // Who may register is settled first; only then is the target resolved and checked.
    const refused = await refusedHost(req.url, this.deps.policy);
    if (refused !== undefined) throw new AppError(422, 'webhook/target_refused', refused, { field: 'url' });
    const secret = newSecret();
    const hook: Hook = {
      hookId: `wh_${randomBytes(10).toString('hex')}`,
      url: req.url,
      events: req.events ?? ['*'],
      scope,
      ownerHash: owner.ownerHash,
      secrets: [{ secret }],
      createdAt: this.deps.clock.now(),
      ...(req.description !== undefined ? { description: req.description } : {}),
    };
    await this.deps.store.putHook(hook);
    try {
      await this.#heard(hook, meta);
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

  /** The owner's registrations (none without an owner: a request without a token lists nothing). */
  async list(owner: WebhookOwner | undefined): Promise<HookView[]> {
    if (owner === undefined) return [];
    return (await this.deps.store.hooksOfOwner(owner.ownerHash)).map(hookView);
  }

  /** A stored registration, whoever owns it: what the routes' policy (`assertWebhookOwner`) decides on. */
  find(hookId: string): Promise<Hook | undefined> {
    return this.deps.store.getHook(hookId);
  }

  /** The registration if `token` owns it (in-process callers: `find`, then the routes' check). */
  async owned(token: string | undefined, hookId: string): Promise<Hook> {
    return assertWebhookOwner(await this.find(hookId), token, hookId);
  }

  view(hook: Hook): HookView {
    return hookView(hook);
  }

  async remove(hook: Hook): Promise<void> {
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
  async rotate(hook: Hook): Promise<{ secret: string; previousValidUntil: string }> {
    const now = this.deps.clock.now();
    const until = now + ROTATION_OVERLAP_MS;
    const secret = newSecret();
    const kept = hook.secrets
      .filter((s) => s.until === undefined || s.until > now)
      .map((s) => ({ secret: s.secret, until: Math.min(s.until ?? until, until) }));
    await this.deps.store.setSecrets(hook.hookId, [{ secret }, ...kept]);
    return { secret, previousValidUntil: new Date(until).toISOString() };
  }

  async deliveries(hook: Hook, limit: number): Promise<DeliveryView[]> {
    return (await this.deps.store.deliveries(hook.hookId, limit)).map(deliveryView);
  }

  async redeliver(hook: Hook, deliveryId: string): Promise<DeliveryView> {
    const delivery = await this.deps.store.getDelivery(hook.hookId, deliveryId);
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
