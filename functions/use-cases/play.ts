import {
  type CloseReason,
  type TableCommand,
  type TableEvent,
  type TableState,
  decide,
  evolve,
  asSeat,
} from '../../engine/index.js';
import { type Actor, assertMayAct, audienceOf, authorize } from '../policy/access.js';
import { type TableMeta, lastSeq } from '../ports/table-store.js';
import { advance, serverActs } from './auto-deal.js';
import { listenTo } from './listen.js';
import type { UseCaseContext } from './context.js';
import { AppError, fromEngineError } from './errors.js';
import { findIdempotent, idempotencyTag } from './idempotency.js';
import { runCommand } from './pipeline.js';
import { busy } from './retry.js';
import {
  type Loaded,
  type SeatedEvent,
  type Table,
  redactCommit,
  storedMeta,
  tableForCommand,
  withSeating,
} from './table-stream.js';

/** Play: a command goes load → decide (engine) → auto-deal → one conditional append → publish. */

export interface CommandOptions {
  readonly idempotencyKey?: string;
  readonly expectedVersion?: number;
  /** The stored metadata the caller holds (the first attempt decides on it instead of the cached copy). */
  readonly meta?: TableMeta;
  /**
   * The secret a seat presented: every attempt authorises it again on the table it decides on (policy/access.ts), so a
   * seat left meanwhile cannot act — the append proves that table current.
   */
  readonly token?: string;
  /** The same check for a caller known otherwise (a WebSocket connection's stored principal): who it is now. */
  readonly who?: (meta: TableMeta) => Actor;
  /** Attempts at most (pipeline.ts `attempts`; a server move makes one). */
  readonly attempts?: number;
  /** The commit says its writer hands the next progress pass on (ports/table-store.ts `handedOn`; progress.ts). */
  readonly handedOn?: boolean;
  /** Events the server appends after the move's own (progress.ts: `TurnTimedOut`, `SeatAbsent`). */
  readonly extra?: readonly TableEvent[];
  /**
   * Server moves that follow in the same commit (progress.ts `serverMoves`): given the table before the commit and the
   * events so far, the events to add (bots and absent seats acting on, up to the next human decision) — one write.
   */
  readonly follow?: (
    loaded: Loaded,
    pending: readonly TableEvent[],
    state: TableState,
  ) => Promise<{ readonly events: readonly TableEvent[]; readonly state: TableState }>;
}

/** The outcome of a command: the new version and the commit's events as the actor sees them. */
export interface CommandResult {
  readonly version: number;
  readonly events: SeatedEvent[];
  /** True when this is the stored outcome of an earlier request with the same idempotency key. */
  readonly replayed: boolean;
}

/**
 * A seat acts. One conditional write; a lost race is retried on the new state unless the client pinned
 * `expectedVersion` (then 409 with the current version). A repeated idempotency key returns the first outcome.
 */
export async function act(
  ctx: UseCaseContext,
  tableId: string,
  actor: Actor,
  action: unknown,
  opts: CommandOptions,
): Promise<CommandResult> {
  assertMayAct(actor, true);
  return command(ctx, tableId, actor, { type: 'Act', seat: actor.seat, action }, opts);
}

/**
 * A seat acts with an action read from the state the write is decided on (chat text, use-cases/commands.ts): `resolve`
 * runs after the idempotency and version checks of each attempt, so a retried race reads the text again on the new
 * state. `request` (the text, not the action) is what an Idempotency-Key's request hash covers.
 */
export async function actResolved(
  ctx: UseCaseContext,
  tableId: string,
  actor: Actor,
  request: unknown,
  resolve: (state: TableState | null) => unknown,
  opts: CommandOptions,
): Promise<CommandResult> {
  assertMayAct(actor);
  const seat = actor.seat;
  return command(
    ctx,
    tableId,
    actor,
    { request, resolve: (state) => ({ type: 'Act', seat, action: resolve(state) }) },
    opts,
  );
}

/**
 * Who a secret is at a table, for a command (policy/access.ts `authorize`) — with the metadata it was decided on.
 * Warm it reads nothing: the cached head and metadata (the seating is the stream's); a refusal decided on the cache
 * reads both again before it answers, so a token from a join another process wrote is not refused.
 */
export async function commandActor(
  ctx: UseCaseContext,
  tableId: string,
  secret: string | undefined,
): Promise<{ readonly meta: TableMeta; readonly actor: Actor }> {
  return commandActorBy(ctx, tableId, (meta) => authorize(meta, secret));
}

/** `commandActor` for any way of telling who asks from the metadata (a stored principal: policy/access.ts). */
export async function commandActorBy(
  ctx: UseCaseContext,
  tableId: string,
  who: (meta: TableMeta) => Actor,
): Promise<{ readonly meta: TableMeta; readonly actor: Actor }> {
  const table = await tableForCommand(ctx, tableId);
  try {
    return { meta: table.meta, actor: who(table.meta) };
  } catch (e) {
    if (!table.cached) throw e;
    const fresh = await tableForCommand(ctx, tableId, true);
    return { meta: fresh.meta, actor: who(fresh.meta) };
  }
}

/** Close the table (the organiser; checked by the caller) and take it off the lobby. */
export async function close(
  ctx: UseCaseContext,
  tableId: string,
  /** The server's own close (idle.ts): why, and the version it decided on (409 when the table moved on). */
  opts: { readonly reason?: CloseReason; readonly expectedVersion?: number } = {},
): Promise<{ version: number }> {
  // Where the server acts (bots, a clock), its runs of bot moves follow each other as due work, each decided on the
  // head the one before wrote. Raise the table's epoch and fence the slot after the head first (listen.ts): a run
  // decided on older metadata — this process's or another's — meets the fence and gives up (a server move makes one
  // attempt, progress.ts `playFor`); this close, decided on the raised metadata, takes the slot.
  const known = (await tableForCommand(ctx, tableId)).meta;
  const meta = serverActs(known) ? await listenTo(ctx, tableId, await storedMeta(ctx, tableId, true), 'close') : known;
  const out = await command(
    ctx,
    tableId,
    { kind: 'organiser' },
    opts.reason === undefined ? { type: 'CloseTable' } : { type: 'CloseTable', reason: opts.reason },
    { meta, ...(opts.expectedVersion !== undefined ? { expectedVersion: opts.expectedVersion } : {}) },
  );
  await ctx.store.deleteLobby(tableId, meta.createdAt);
  return { version: out.version };
}

/** A command known up front, or one read from the loaded state (`request` stands for it in the idempotency hash). */
type Pending =
  TableCommand | { readonly request: unknown; readonly resolve: (state: TableState | null) => TableCommand };

async function command(
  ctx: UseCaseContext,
  tableId: string,
  actor: Actor,
  pending: Pending,
  opts: CommandOptions,
): Promise<CommandResult> {
  const read = 'resolve' in pending ? pending : undefined;
  const hashed = read === undefined ? (pending as TableCommand) : { request: read.request };
  const tag = idempotencyTag(actor, opts.idempotencyKey, hashed, opts.expectedVersion);
  const audience = audienceOf(actor);
  let known = opts.meta;
  return runCommand<CommandResult>(ctx, tableId, {
    // Who acts, on the table this attempt decides on: a seat left meanwhile is refused (pipeline.ts reads again
    // first when that table came from the cache).
    authorise: (table) => {
      const token = opts.token;
      const who = opts.who ?? (token !== undefined ? (meta: TableMeta) => authorize(meta, token) : undefined);
      if (who === undefined || actor.kind !== 'seat') return;
      const seat = who(withKnown(table));
      if (seat.kind !== 'seat' || seat.seat !== actor.seat)
        throw new AppError(403, 'auth/forbidden', `this token no longer acts for seat ${actor.seat}`);
    },
    decide: async (table) => {
      const { loaded } = table;
      const meta = withKnown(table);
      known = undefined;
      // Checked first on every attempt: a retry that raced its own original still gets the original outcome.
      if (tag !== undefined) {
        const previous = await findIdempotent(ctx.store, tableId, loaded, tag, opts.expectedVersion);
        if (previous !== undefined)
          return {
            answer: {
              version: lastSeq(previous.commit),
              events: redactCommit(previous.before, previous.commit, audience, loaded.state),
              replayed: true,
            },
          };
      }
      if (opts.expectedVersion !== undefined && opts.expectedVersion !== loaded.version)
        throw new AppError(409, 'table/version_conflict', `the table is at version ${loaded.version}`, {
          currentVersion: loaded.version,
        });
      const cmd = read === undefined ? (pending as TableCommand) : read.resolve(loaded.state);
      const decided = decide(cmd, loaded.state);
      if (!decided.ok) throw fromEngineError(decided.error);
      // A player who had timed out (or was marked absent) and acts again is back: the bot stops playing the seat.
      const seat = actor.kind === 'seat' ? asSeat(actor.seat) : undefined;
      const back =
        seat !== undefined &&
        ((loaded.state.absent?.includes(seat) ?? false) || (loaded.state.timeouts?.[seat] ?? 0) > 0);
      const own: TableEvent[] = [
        ...(back ? [{ type: 'SeatReturned', seat } as const] : []),
        ...decided.events,
        ...(opts.extra ?? []),
      ];
      const mid = own.reduce<TableState>((s, e) => evolve(s, e), loaded.state);
      const followed = await opts.follow?.(loaded, own, mid);
      const after = followed?.state ?? mid;
      const mine = followed !== undefined && followed.events.length > 0 ? [...own, ...followed.events] : own;
      const auto = advance(ctx, tableId, meta, after, mine.length);
      // A lost race for the slot: the next attempt reloads. With `expectedVersion` it answers 409 with the winner's
      // version (unless the winner was this very request under the same idempotency key).
      return {
        events: [...mine, ...auto.events],
        produced: opts.handedOn === true ? { ...auto, handedOn: true } : auto,
        idem: tag,
        answer: (commit) => ({
          version: lastSeq(commit),
          events: redactCommit(loaded.state, commit, audience, auto.state),
          replayed: false,
        }),
      };
    },
    exhausted: busy('the table is busy; try again'),
    ...(opts.attempts !== undefined ? { attempts: opts.attempts } : {}),
  });

  /** The metadata the first attempt was handed (a close's raised epoch), else the loaded one; the seating is the table's. */
  function withKnown(table: Table): TableMeta {
    return known !== undefined ? withSeating(known, table.loaded) : table.meta;
  }
}
