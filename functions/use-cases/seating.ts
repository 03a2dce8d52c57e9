import { type TableEvent, evolve, asSeat } from '../../engine/index.js';
import { newSecret, sha256 } from '../crypto/secrets.js';
import type { SeatInfo, TableMeta } from '../ports/table-store.js';
import type { BotLevel } from '../../engine/bots/index.js';
import { advance } from './auto-deal.js';
import { botLevelOf, tableBotLevel } from './bots.js';
import type { UseCaseContext } from './context.js';
import { AppError } from './errors.js';
import { syncLobby } from './lobby.js';
import { CONFLICT, busy, retryOnConflict } from './retry.js';
import { appendCommit, loadTable, requireMeta } from './table-stream.js';

/** Seating: who sits where (metadata writes with a revision check), and starting a deal once every seat is filled. */

const seatInvalid = (meta: TableMeta): AppError =>
  new AppError(422, 'seat/invalid', `seat must be 0..${meta.seats.length - 1}`, { field: 'seat' });

/** Take a seat (the first open one unless `seat` is given): returns the seat token, once. */
export async function join(
  ctx: UseCaseContext,
  tableId: string,
  seat: number | undefined,
  name: string,
): Promise<{ seat: number; token: string }> {
  const token = newSecret('st_');
  const taken = await takeSeat(ctx, tableId, seat, { kind: 'human', name, tokenHash: sha256(token) });
  return { seat: taken, token };
}

/** Put a bot on an open seat (organiser only), at `level` (default: the table's level; 422 naming `level` when unknown). */
export async function addBot(
  ctx: UseCaseContext,
  tableId: string,
  seat: number | undefined,
  level?: string,
): Promise<{ seat: number; level: BotLevel }> {
  const checked = botLevelOf(level, 'level', tableBotLevel(await requireMeta(ctx.store, tableId)));
  const taken = await takeSeat(ctx, tableId, seat, { kind: 'bot', name: `bot-${seat ?? 'x'}`, level: checked });
  return { seat: taken, level: checked };
}

/** Hand out a spectator token (kept as a hash; the oldest of more than 100 stops working). */
export async function addSpectator(ctx: UseCaseContext, tableId: string): Promise<{ token: string }> {
  const token = newSecret('sk_');
  return retryOnConflict(async () => {
    const meta = await requireMeta(ctx.store, tableId);
    const hashes = [...meta.spectatorKeyHashes, sha256(token)].slice(-100);
    const updated = await ctx.store.updateMeta({ ...meta, spectatorKeyHashes: hashes, rev: meta.rev + 1 });
    return updated ? { token } : CONFLICT;
  });
}

async function takeSeat(
  ctx: UseCaseContext,
  tableId: string,
  wanted: number | undefined,
  info: SeatInfo,
): Promise<number> {
  return retryOnConflict(async () => {
    const meta = await requireMeta(ctx.store, tableId);
    const loaded = await loadTable(ctx.store, tableId);
    if (loaded.state.closed) throw new AppError(409, 'table/closed', 'the table is closed');
    if (wanted !== undefined && (!Number.isInteger(wanted) || wanted < 0 || wanted >= meta.seats.length))
      throw seatInvalid(meta);
    const seat = wanted ?? meta.seats.findIndex((s) => s.kind === 'open');
    if (seat < 0) throw new AppError(409, 'table/full', 'every seat is taken');
    if (meta.seats[seat]?.kind !== 'open') throw new AppError(409, 'seat/taken', `seat ${seat} is taken`, { seat });
    const named: SeatInfo = info.kind === 'bot' ? { ...info, name: `bot-${seat}` } : info;
    const next: TableMeta = { ...meta, seats: meta.seats.map((s, i) => (i === seat ? named : s)), rev: meta.rev + 1 };
    if (!(await ctx.store.updateMeta(next))) return CONFLICT;
    await syncLobby(ctx.store, next, loaded.state);
    // Seating is part of the stream: a commit with the seat event (and the deal start once every seat is filled).
    // Its stream record lets a bot seated on the seat to act move at once.
    const event: TableEvent =
      named.kind === 'human'
        ? { type: 'SeatTaken', seat: asSeat(seat), name: named.name }
        : { type: 'BotSeated', seat: asSeat(seat) };
    await appendSeating(ctx, tableId, event);
    return seat;
  }, busy('the table changed while joining; try again'));
}

/** Leave a seat: the token stops working and the seat is open again (the deal waits for a new player). */
export async function leave(ctx: UseCaseContext, tableId: string, seat: number): Promise<void> {
  return retryOnConflict(async () => {
    const meta = await requireMeta(ctx.store, tableId);
    if (!Number.isInteger(seat) || seat < 0 || seat >= meta.seats.length) throw seatInvalid(meta);
    // Freeing an open seat changes nothing (a repeated DELETE is harmless).
    if (meta.seats[seat]?.kind === 'open') return;
    const next: TableMeta = {
      ...meta,
      seats: meta.seats.map((s, i) => (i === seat ? { kind: 'open' } : s)),
      rev: meta.rev + 1,
    };
    if (!(await ctx.store.updateMeta(next))) return CONFLICT;
    const loaded = await loadTable(ctx.store, tableId);
    await syncLobby(ctx.store, next, loaded.state);
    if (!loaded.state.closed) await appendSeating(ctx, tableId, { type: 'SeatLeft', seat: asSeat(seat) });
  }, busy('the table changed while leaving; try again'));
}

/**
 * Append a seating event as its own commit, with whatever the server then does on its own (a deal starts once every
 * seat is filled). The metadata write before it already decided the seating; this retries until the event is in.
 */
async function appendSeating(ctx: UseCaseContext, tableId: string, event: TableEvent): Promise<void> {
  return retryOnConflict(
    async () => {
      const meta = await requireMeta(ctx.store, tableId);
      const loaded = await loadTable(ctx.store, tableId);
      if (loaded.state.closed) return;
      const after = evolve(loaded.state, event);
      const auto = advance(ctx, tableId, meta, after, 1);
      const appended = await appendCommit(ctx, tableId, loaded, [event, ...auto.events], auto, undefined);
      return appended === undefined ? CONFLICT : undefined;
    },
    () => undefined,
  );
}

/** Start a deal when every seat is filled and none is running (after joins). Gives up quietly after the retries. */
export async function kick(ctx: UseCaseContext, tableId: string): Promise<void> {
  return retryOnConflict(
    async () => {
      const meta = await requireMeta(ctx.store, tableId);
      const loaded = await loadTable(ctx.store, tableId);
      const auto = advance(ctx, tableId, meta, loaded.state, 0);
      if (auto.events.length === 0) return;
      const appended = await appendCommit(ctx, tableId, loaded, auto.events, auto, undefined);
      return appended === undefined ? CONFLICT : undefined;
    },
    () => undefined,
  );
}
