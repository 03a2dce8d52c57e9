import type { Audience } from '../../engine/index.js';
import { asSeat } from '../../engine/index.js';
import { sha256 } from '../crypto/secrets.js';
import type { SubscriptionAudience } from '../ports/connections.js';
import type { TableMeta } from '../ports/table-store.js';
import { AppError } from '../use-cases/errors.js';
import { type Actor, type SeatActor, authorize } from './table.js';
import {
  assertMayActFor,
  assertMayEnterSheet,
  assertMayRegister,
  assertTournamentOrganiser,
  assertTournamentPlayer,
  authorizeTournament,
} from './tournament.js';
import { assertMayRegisterWebhook, assertWebhookOwner, webhookOwnerOf } from './webhooks.js';

export type { Actor, SeatActor } from './table.js';
export { authorize, currentActor, principalFor } from './table.js';
export type { TournamentCaller } from './tournament.js';

/**
 * The one place that answers "who is this caller and may they do this". HTTP routes, the WebSocket handler, the use
 * cases and the fan-out ask here; none of them decides access on its own. Who a table's token is (`authorize`,
 * `currentActor`, `principalFor`) is in ./table.ts, re-exported here. A tournament's checks are in ./tournament.ts
 * (its keys and callers are not a table's), a webhook registration's in ./webhooks.ts (its owner is the token that
 * registered it); `POLICIES` below names them for the tournament and webhook routes.
 */

/** What the engine redacts for: a bot sees as its seat. */
export function audienceOf(actor: Actor): Audience {
  switch (actor.kind) {
    case 'seat':
    case 'bot':
      return { kind: 'seat', seat: asSeat(actor.seat) };
    case 'organiser':
    case 'spectator':
      return { kind: actor.kind };
    default: {
      const never: never = actor;
      return never;
    }
  }
}

/** The audience name used in REST responses and frames: `seat:<n>`, `spectator`, `organiser`. */
export function audienceName(actor: Actor): string {
  const audience = audienceOf(actor);
  return audience.kind === 'seat' ? `seat:${audience.seat}` : audience.kind;
}

/** The actor part of an idempotency key: a seat and its bot share one namespace. */
export function actorKey(actor: Actor): string {
  const audience = audienceOf(actor);
  return audience.kind === 'seat' ? `seat${audience.seat}` : audience.kind;
}

/** The actor a subscription sees as: a seat or organiser may choose the spectator view. */
export function subscriptionActor(actor: Actor, audience: SubscriptionAudience): Actor | undefined {
  if (audience === 'spectator') return { kind: 'spectator' };
  if (audience === 'seat') return actor.kind === 'seat' ? actor : undefined;
  return actor.kind === 'organiser' ? actor : undefined;
}

/** The default subscription audience of an actor. */
export function defaultAudience(actor: Actor): SubscriptionAudience {
  return actor.kind === 'seat' || actor.kind === 'bot' ? 'seat' : actor.kind;
}

/** Whom a connection's reads (view, resync) show: its subscription's audience, else what its token is. */
export function viewerOf(actor: Actor, subscribed: SubscriptionAudience | undefined): Actor {
  return subscriptionActor(actor, subscribed ?? defaultAudience(actor)) ?? actor;
}

// ---- May this actor do this? Each check throws the 403 the API documents, or returns quietly. ----

const forbidden = (detail: string, extra: { field?: string } = {}): AppError =>
  new AppError(403, 'auth/forbidden', detail, extra);

/** Creating a table (or a tournament): any caller when no API keys are configured, else a known API key. */
export function assertMayCreateTable(
  apiKeyHashes: ReadonlySet<string>,
  key: string | undefined,
  what: 'tables' | 'tournaments' = 'tables',
): void {
  if (apiKeyHashes.size === 0) return;
  if (key === undefined) throw new AppError(401, 'auth/missing_token', `creating ${what} needs an API key`);
  if (!apiKeyHashes.has(sha256(key))) throw forbidden('unknown API key');
}

/** Listing an organiser's tournaments: the organiser key they were opened with (401 without a token). */
export function organiserKeyOf(key: string | undefined): string {
  if (key === undefined)
    throw new AppError(401, 'auth/missing_token', 'listing tournaments needs an organiser key', {
      field: 'authorization',
    });
  return key;
}

/** Acting for a seat: a seat token from a client (`bot` too when the server acts for a bot seat). */
export function assertMayAct(actor: Actor, allowBot = false): asserts actor is SeatActor {
  if (actor.kind === 'seat' || (allowBot && actor.kind === 'bot')) return;
  throw forbidden('only a seat token acts for its seat');
}

/** Closing a table and adding bots: the organiser. */
export function assertOrganiser(actor: Actor, what: 'closes a table' | 'adds bots'): void {
  if (actor.kind !== 'organiser') throw forbidden(`only the organiser ${what}`);
}

/** Freeing a seat: the seat itself or the organiser. */
export function assertMayFreeSeat(actor: Actor, seat: number): void {
  const allowed = actor.kind === 'organiser' || (actor.kind === 'seat' && actor.seat === seat);
  if (!allowed) throw forbidden('only the seat itself or the organiser frees a seat');
}

/**
 * Joining: anyone at a public table; at a private one only with a token from its organiser (organiser or spectator
 * key). `actor` resolves the caller's token and is only asked for a private table (a public join reads nothing more).
 */
export async function assertMayJoin(meta: TableMeta, actor: () => Promise<Actor>): Promise<void> {
  if (meta.visibility !== 'private') return;
  const who = await actor();
  if (who.kind !== 'organiser' && who.kind !== 'spectator')
    throw forbidden('joining a private table needs a token from its organiser');
}

/** A spectator token: anyone with access to a public table; at a private one the organiser. */
export function assertMayAddSpectator(meta: TableMeta, actor: Actor): void {
  if (meta.visibility === 'private' && actor.kind !== 'organiser')
    throw forbidden('spectators of a private table are let in by the organiser');
}

/** Subscribing as `audience`: the view the token is entitled to, or the spectator view. */
export function assertMaySubscribe(actor: Actor, audience: SubscriptionAudience): Actor {
  const seen = subscriptionActor(actor, audience);
  if (seen === undefined) throw forbidden(`this token cannot subscribe as ${audience}`, { field: 'as' });
  return seen;
}

/** A tournament's event stream over WebSocket: only the tournament the connection was opened for. */
export function assertSameTournament(authId: string, tournamentId: string): void {
  if (authId !== tournamentId)
    throw forbidden('connect with ?tournamentId= for this tournament', { field: 'tournamentId' });
}

/**
 * What a `subscribe` message asks for: a table's commits as an audience the connection's token is entitled to (the
 * actor it stands for now), or the events of the tournament the connection was opened for.
 */
export type SubscribeTarget =
  | { readonly kind: 'table'; readonly actor: Actor; readonly audience: SubscriptionAudience }
  | { readonly kind: 'tournament'; readonly authId: string; readonly tournamentId: string };

/** Subscribing: the audience the token is entitled to at its table, or the connection's own tournament. */
export function assertMaySubscribeTo(target: SubscribeTarget): Actor | undefined {
  if (target.kind === 'table') return assertMaySubscribe(target.actor, target.audience);
  assertSameTournament(target.authId, target.tournamentId);
  return undefined;
}

/** A WebSocket message about a table: only the table the connection was authorised for. */
export function assertSameTable(authTableId: string, tableId: string): void {
  if (tableId !== authTableId)
    throw forbidden(`this connection is authorised for table ${authTableId}`, { field: 'tableId' });
}

/** A stored principal whose token no longer grants access. */
export function assertStillGranted(actor: Actor | undefined): Actor {
  if (actor === undefined) throw forbidden('this token no longer grants access to this table');
  return actor;
}

/**
 * Reading a finished deal's record or seed. Duplicate tournament deals: every table of a round plays the same cards,
 * so a finished deal's record (all hands) and seed would tell a player what the tables still playing it hold; such
 * tables keep them sealed until the round has ended (the tournament unseals them). The organiser may always read.
 */
export function assertMayReadDeals(meta: TableMeta, actor: Actor): void {
  if (meta.recordsSealed === true && actor.kind !== 'organiser')
    throw new AppError(403, 'auth/forbidden', 'the deals of this tournament round are sealed until the round ends');
}

// ---- What a route or message asks of its caller (functions/http/routes.ts; the route tables name one each). ----

/**
 * A route's access requirement: whether a bearer token goes with the request — openapi.yaml's `security` follows it
 * (`none`: no entry, `optional`: `[{}, {bearer: []}]`, `required`: `[{bearer: []}]`; test/functions/routes.test.ts) —
 * and the check that admits the caller or throws the 401/403 the API documents. A route with a `check` must run it
 * (its `may`) before it answers; functions/http/routes.ts refuses an answer that skipped it.
 */
export interface Policy<A extends readonly unknown[] = never, R = unknown> {
  readonly bearer: 'none' | 'optional' | 'required';
  readonly check?: (...args: A) => R;
}

/** An acting seat: `assertMayAct` as a function that hands the seat's actor on. */
function seatActor(actor: Actor): SeatActor {
  assertMayAct(actor);
  return actor;
}

/**
 * The policies of the WebSocket messages (functions/ws/handler.ts MESSAGE_ROUTES), in the REST routes' terms: the
 * token is the one the connection was opened with (`$connect` ran `authorize`, as the REST routes' `readTable`), and
 * every message about a table resolves it again against the table's current seating (`assertStillGranted`: a seat
 * left meanwhile is refused). `bearer` is what `$connect` asks for. Each message route runs its policy's check before
 * it answers (test/realtime/contract.test.ts holds them to the REST twins').
 */
export const MESSAGE_POLICIES = {
  /** Any open connection, nothing read (ping, unsubscribe). */
  connected: { bearer: 'optional' },
  /** Reading the connection's table (view, resync): as GET …/tables/{id} and …/events. */
  readTable: { bearer: 'optional', check: assertStillGranted },
  /** Subscribing to the table's commits as an audience, or to the connection's tournament. */
  subscribe: { bearer: 'optional', check: assertMaySubscribeTo },
  /** Acting for a seat: its seat token, as POST …/actions. */
  act: { bearer: 'required', check: (actor: Actor | undefined) => seatActor(assertStillGranted(actor)) },
} as const satisfies Record<string, Policy<never>>;

/** The policies of the REST routes, by what they guard. */
export const POLICIES = {
  /** Anyone, no token read (health, catalogue, lobby, scoring a posted record). */
  public: { bearer: 'none' },
  /** Opening a table: any caller, or a known API key when keys are configured. */
  createTable: { bearer: 'optional', check: assertMayCreateTable },
  /** Reading a table: any token of the table, or none at a public one (`authorize`). */
  readTable: { bearer: 'optional', check: authorize },
  /** A seat's own read (a hint): a token of the table; the use case answers only a seat (use-cases/hint.ts). */
  seatRead: { bearer: 'required', check: authorize },
  /** The organiser's controls: close, add bots. */
  organiser: { bearer: 'required', check: assertOrganiser },
  /** Acting for a seat: its seat token. */
  act: { bearer: 'required', check: seatActor },
  /** Freeing a seat: the seat itself or the organiser. */
  freeSeat: { bearer: 'required', check: assertMayFreeSeat },
  /** Joining: anyone at a public table, a token from the organiser at a private one. */
  join: { bearer: 'optional', check: assertMayJoin },
  /** A spectator key: anyone at a public table, the organiser at a private one. */
  addSpectator: { bearer: 'optional', check: assertMayAddSpectator },
  /** A finished deal's record, analysis or seed: sealed during a duplicate tournament round but to the organiser. */
  readDeals: { bearer: 'optional', check: assertMayReadDeals },
  /** Opening a tournament: as opening a table (an API key when keys are configured). */
  createTournament: { bearer: 'optional', check: assertMayCreateTable },
  /** An organiser's tournaments: the organiser key they were opened with. */
  organiserKey: { bearer: 'required', check: organiserKeyOf },
  /** A tournament read: no token, or one of the tournament's (`authorizeTournament`: the caller it is). */
  tournamentReader: { bearer: 'optional', check: authorizeTournament },
  /** Registering a player: the organiser key, or the invite code when self-registration is open. */
  tournamentRegistration: { bearer: 'optional', check: assertMayRegister },
  /** A tournament's player for themself, or its organiser for any player (check-in, withdrawal). */
  tournamentMember: { bearer: 'required', check: assertMayActFor },
  /** A tournament's player, on their own page. */
  tournamentPlayer: { bearer: 'required', check: assertTournamentPlayer },
  /** The organiser's controls of a tournament: draw, postpone, cancel, end a round, finish a table, substitute, correct. */
  tournamentOrganiser: { bearer: 'required', check: assertTournamentOrganiser },
  /** A live table's sheet: the organiser or a player (the engine checks they sit at the table). */
  tournamentSheet: { bearer: 'required', check: assertMayEnterSheet },
  /** Registering a webhook: a table's token for that table, a tournament's organiser key, an API key for its tables. */
  webhookRegistration: { bearer: 'required', check: assertMayRegisterWebhook },
  /** The registrations of the token presented (none without one: the list is empty). */
  webhookOwnerList: { bearer: 'required', check: webhookOwnerOf },
  /** One webhook registration: its owner, the token it was registered with (to anyone else it does not exist). */
  webhookOwner: { bearer: 'required', check: assertWebhookOwner },
} as const satisfies Record<string, Policy<never>>;
