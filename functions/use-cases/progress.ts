import { type TableEvent, type TableState, asSeat, decide, evolve } from '../../engine/index.js';
import type { Actor } from '../policy/access.js';
import { type Commit, type TableMeta } from '../ports/table-store.js';
import type { UseCaseContext } from './context.js';
import { AppError } from './errors.js';
import { act } from './play.js';
import { botTurnOf, dealActions } from './queries.js';
import { type Loaded, loadTable, storedMeta, withSeating } from './table-stream.js';
import { seatsToAct, serverPlays, turnDeadline } from './turns.js';

export { seatsToAct, serverPlays, turnDeadline } from './turns.js';

/**
 * Tables that always progress: what the server does for a table on its own, after every commit and whenever its due
 * work fires — bot seats act, seats marked absent are played by the table's bot policy, and a seat whose turn clock
 * ran out is played for (`TurnTimedOut`, then `SeatAbsent` after `timeoutsUntilAbsent` in a row). Every move is pinned
 * to the version it was decided on, so stale or repeated work does nothing (the conditional write is the proof).
 */

/** A table's turn clock (table option `clock`; no clock by default). */
export interface TurnClock {
  /** Seconds a seat has to act once it is to act. */
  readonly turnSeconds: number;
  /** Consecutive timeouts after which the seat is marked absent and a bot plays it (default 2). */
  readonly timeoutsUntilAbsent?: number;
  /** Seconds a seat's player may be disconnected before the seat is marked absent (default 30; presence.ts). */
  readonly graceSeconds?: number;
}

export const DEFAULT_TIMEOUTS_UNTIL_ABSENT = 2;

/** What a progress pass did and what it waits for next. */
export interface ProgressOutcome {
  /** The table's version after the pass: the head it found, or the commit its server moves wrote last. */
  readonly version: number;
  readonly closed: boolean;
  /** The pass found the table past the pinned version and did nothing. */
  readonly stale: boolean;
  /** Commits of server moves the pass wrote (bots, absent seats, timeouts; a commit holds a run of them). */
  readonly acted: number;
  /**
   * A server move of the pass lost its slot (to a command, another process's run, or a close's listen fence): the
   * winner's commit has its own pass, and a fence is left for the close that set it; the caller looks again a little
   * later in case neither comes (on-commit.ts `progressStep`).
   */
  readonly lost?: boolean;
  /** The next turn deadline (epoch millis) at `version`, when a clocked seat is to act. */
  readonly deadline?: number;
}

/**
 * One progress pass for a table (optionally pinned to `pinned`: then a table that moved on is left alone — the
 * commit that moved it triggered its own pass). Reads META, the head and the running deal's commits. It writes at
 * most one commit of bot moves (a run: `serverMoves`); the run after it is the caller's to schedule — due work pinned
 * to the version the pass returns (on-commit.ts `progressStep`) — so nothing held in this process decides when the
 * next run may go.
 */
export async function progress(
  ctx: UseCaseContext,
  tableId: string,
  pinned?: number,
  /** The caller hands the next pass on itself when this one writes: its commit says so (`handedOn`). */
  opts: { readonly handsOn?: boolean } = {},
): Promise<ProgressOutcome> {
  // Pinned work on this process's own newest commit decides on the cached head and the metadata cached with it
  // (head-cache.ts; its move's conditional write is the proof); anything else reads the store.
  const cached = pinned !== undefined ? ctx.heads?.get(tableId) : undefined;
  // A cached head is a fact about a durable commit: past the pinned version, the table moved on — nothing to read.
  if (cached !== undefined && pinned !== undefined && cached.version > pinned)
    return { version: cached.version, closed: cached.state.closed, stale: true, acted: 0 };
  const hit = cached !== undefined && cached.version === pinned ? cached : undefined;
  // The seating is the stream's (at the head decided on); the settings are the stored metadata, cached with the head.
  const loaded = hit ?? (await loadTable(ctx.store, tableId));
  if (hit === undefined) ctx.heads?.advance(tableId, loaded);
  const { state, version } = loaded;
  const base = { version, closed: state.closed, stale: false, acted: 0 };
  // Moved on (a copy of work another run already did): the metadata is not read either.
  if (pinned !== undefined && pinned !== version) return { ...base, stale: true };
  const meta = withSeating(await storedMeta(ctx, tableId, hit === undefined), loaded);
  const head = loaded.commits[loaded.commits.length - 1];
  if (state.closed || head === undefined) return base;
  const toAct = seatsToAct(state);
  // Seats the server plays: one pinned commit per pass, holding the run of server moves from this version on
  // (serverMoves). Where several seats act at once (the knock phase), the run plays them one after the other.
  const served = toAct.filter((s) => serverPlays(meta, state, s));
  for (const seat of served) {
    const wrote = await playFor(ctx, tableId, meta, loaded, seat, version, [], opts.handsOn === true);
    // The others decided on `version`, which is gone now (or fenced): their moves would only lose the race.
    if (wrote === LOST) return { ...base, lost: true };
    if (wrote !== undefined) return { ...base, version: wrote.version, closed: wrote.closed, acted: 1 };
  }
  const deadline = turnDeadline(meta, state, head);
  if (deadline === undefined) return base;
  if (ctx.now() < deadline) return { ...base, deadline };
  // Time is up: play for the waiting seats with the bot policy, and say so in the stream. Where several seats decide
  // at once (Klopfen after the first four) they ran on the same clock, so all of them time out now, one commit each
  // (re-read between them: a seat that decided meanwhile is not timed out).
  const limit = meta.clock?.timeoutsUntilAbsent ?? DEFAULT_TIMEOUTS_UNTIL_ABSENT;
  let now: Loaded = loaded;
  let out: ProgressOutcome = base;
  for (const seat of toAct) {
    if (out.acted > 0) {
      now = await loadTable(ctx.store, tableId);
    }
    const s = now.state;
    if (s.dealNo !== state.dealNo || !seatsToAct(s).includes(seat) || serverPlays(meta, s, seat)) continue;
    const count = (s.timeouts?.[seat] ?? 0) + 1;
    const extra: TableEvent[] = [{ type: 'TurnTimedOut', seat: asSeat(seat) }];
    if (count >= limit) extra.push({ type: 'SeatAbsent', seat: asSeat(seat) });
    const wrote = await playFor(ctx, tableId, meta, now, seat, now.version, extra, opts.handsOn === true);
    if (wrote === LOST) return { ...out, lost: true };
    if (wrote === undefined) break;
    out = { ...out, version: wrote.version, closed: wrote.closed, acted: out.acted + 1 };
  }
  return out;
}

/** Server moves one commit holds at most (a 4-player deal is 32 cards and a few bids; the deal's end stops it first). */
export const MAX_MOVES_PER_COMMIT = 64;

/** Wall time (ctx.now) after which a commit stops taking more server moves, so slow bot levels still show progress. */
export const FOLLOW_BUDGET_MS = 500;

/**
 * The server moves that follow a server move in the same commit (one conditional write for a run of bot moves;
 * docs/performance.md "One commit per bot run"): while the table waits for a seat the server plays (a bot, an absent
 * seat), that seat's bot decides on the state the pending events leave (its observation folded through them, its seed
 * from the version each move would have had as a commit of its own: the same moves as one commit per move). Stops at a
 * seat the server does not play, the deal's end (the next deal starts in this commit — auto-deal.ts — and its moves go
 * to the next commit), MAX_MOVES_PER_COMMIT, or FOLLOW_BUDGET_MS of deciding.
 */
export async function serverMoves(
  ctx: UseCaseContext,
  meta: TableMeta,
  before: Loaded,
  pending: readonly TableEvent[],
  state: TableState,
): Promise<{ events: TableEvent[]; state: TableState }> {
  const out: TableEvent[] = [];
  const started = ctx.now();
  const head = before.commits[before.commits.length - 1];
  if (head === undefined) return { events: out, state };
  // The deal's actions so far, folded once (the commit so far as the deal's newest); each decided move is added.
  const pendingCommit: Commit = {
    tableId: meta.tableId,
    seq: before.version + 1,
    events: pending,
    base: before.base,
    prevBase: before.base,
    at: head.at,
  };
  const actions = dealActions({ ...before, state, commits: [...before.commits, pendingCommit] });
  let now = state;
  while (out.length < MAX_MOVES_PER_COMMIT && ctx.now() - started < FOLLOW_BUDGET_MS) {
    if (now.closed || now.deal === null || now.deal.over) break;
    const current = now;
    const seat = seatsToAct(current).find((s) => serverPlays(meta, current, s));
    if (seat === undefined) break;
    // Its seed from the version this move would have had as a commit of its own: the same moves as before.
    const version = before.version + pending.length + out.length;
    const turn = botTurnOf(ctx, meta, { state: current, version, base: before.base, commits: [] }, seat, actions);
    const action = await ctx.think(turn);
    if (action === undefined) break;
    const decided = decide({ type: 'Act', seat, action }, current);
    if (!decided.ok) break;
    for (const e of decided.events) {
      if (e.type === 'ActionTaken' && now.deal !== null && e.deal === now.deal.no)
        actions.push({ before: now, event: e });
      out.push(e);
      now = evolve(now, e);
    }
  }
  return { events: out, state: now };
}

/** What `playFor` answers when its one attempt lost the slot (see there). */
const LOST: unique symbol = Symbol('lost');

/**
 * One move for `seat` by its bot (bot seats at their level, absent or timed-out seats at the default level), pinned to
 * `version`, with the run of server moves that follows it in the same commit: the new head; LOST when the slot was
 * taken (by a commit, or a close's listen fence); undefined when the table had moved on already. One attempt (pipeline.ts `attempts`): whoever took the slot goes first,
 * and its commit's own pass decides the next server move on the new head — so a player's command, decided and written
 * in about a millisecond, retried on the new head after it lost a slot to a run of bot moves, takes the next slot while
 * the next run is still deciding.
 */
async function playFor(
  ctx: UseCaseContext,
  tableId: string,
  meta: TableMeta,
  loaded: Loaded,
  seat: number,
  version: number,
  extra: readonly TableEvent[],
  handedOn: boolean,
): Promise<{ readonly version: number; readonly closed: boolean } | typeof LOST | undefined> {
  // The decision: the seat's level, given only the seat's observation (bots.ts chooseFor).
  const turn = botTurnOf(ctx, meta, loaded, seat);
  const action = await ctx.think(turn);
  if (action === undefined) return undefined;
  const actor: Actor = { kind: 'bot', seat };
  try {
    const out = await act(ctx, tableId, actor, action, {
      expectedVersion: version,
      idempotencyKey: `${extra.length > 0 ? 'timeout' : 'bot'}-v${version}`,
      meta,
      extra,
      attempts: 1,
      handedOn,
      follow: (before, pending, state) => serverMoves(ctx, meta, before, pending, state),
    });
    return { version: out.version, closed: out.events.some((e) => e.event.type === 'TableClosed') };
  } catch (e) {
    // The slot lost (retry.ts `busy`), a moved-on table or deal: the commit that changed the table triggers the next
    // pass; a fence, the close that set it.
    if (e instanceof AppError) return e.code === 'table/busy' ? LOST : undefined;
    throw e;
  }
}
