import { type TableEvent, type TableState, evolve, asSeat } from '../../engine/index.js';
import { newSecret, sha256 } from '../crypto/secrets.js';
import type { SeatInfo, TableMeta } from '../ports/table-store.js';
import type { BotLevel } from '../../engine/bots/index.js';
import { advance } from './auto-deal.js';
import { botLevelOf, tableBotLevel } from './bots.js';
import type { UseCaseContext } from './context.js';
import { AppError } from './errors.js';
import { syncLobby } from './lobby.js';
import { runCommand } from './pipeline.js';
import { CONFLICT, busy, retryOnConflict } from './retry.js';
import { type Produced, type Table, requireMeta, storedMeta } from './table-stream.js';

/**
 * Seating: who sits where is the table's stream. A join, a bot seated or a seat left is decided on the loaded table and
 * appended as ONE commit — the seat event with the seating after it (its token hash included; ports/table-store.ts
 * `seating`), and the deal start once every seat is filled — in one conditional write. The lobby row follows it.
 */

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
  const checked = botLevelOf(level, 'level', tableBotLevel(await storedMeta(ctx, tableId)));
  const taken = await takeSeat(ctx, tableId, seat, { kind: 'bot', name: `bot-${seat ?? 'x'}`, level: checked });
  return { seat: taken, level: checked };
}

/** Hand out a spectator token (kept as a hash in the metadata — a secret, not an event; the oldest of more than 100 stops working). */
export async function addSpectator(ctx: UseCaseContext, tableId: string): Promise<{ token: string }> {
  const token = newSecret('sk_');
  return retryOnConflict(async () => {
    const meta = await requireMeta(ctx.store, tableId);
    const hashes = [...meta.spectatorKeyHashes, sha256(token)].slice(-100);
    const next = { ...meta, spectatorKeyHashes: hashes, rev: meta.rev + 1 };
    const updated = await ctx.store.updateMeta(next);
    if (updated) ctx.heads?.setConfig(next);
    return updated ? { token } : CONFLICT;
  });
}

/** A seating change: the event and the seating after it (plus the deal start it allows), for one write. */
function seatingChange(
  ctx: UseCaseContext,
  tableId: string,
  { meta, loaded }: Table,
  seats: readonly SeatInfo[],
  event: TableEvent,
): { events: TableEvent[]; produced: Produced; after: TableMeta; state: TableState } {
  const after: TableMeta = { ...meta, seats };
  const auto = advance(ctx, tableId, after, evolve(loaded.state, event), 1);
  return { events: [event, ...auto.events], produced: { ...auto, seating: seats }, after, state: auto.state };
}

async function takeSeat(
  ctx: UseCaseContext,
  tableId: string,
  wanted: number | undefined,
  info: SeatInfo,
): Promise<number> {
  return runCommand<number>(ctx, tableId, {
    decide: (table) => {
      const { meta, loaded } = table;
      if (loaded.state.closed) throw new AppError(409, 'table/closed', 'the table is closed');
      if (wanted !== undefined && (!Number.isInteger(wanted) || wanted < 0 || wanted >= meta.seats.length))
        throw seatInvalid(meta);
      const seat = wanted ?? meta.seats.findIndex((s) => s.kind === 'open');
      if (seat < 0) throw new AppError(409, 'table/full', 'every seat is taken');
      if (meta.seats[seat]?.kind !== 'open') throw new AppError(409, 'seat/taken', `seat ${seat} is taken`, { seat });
      const named: SeatInfo = info.kind === 'bot' ? { ...info, name: `bot-${seat}` } : info;
      const event: TableEvent =
        named.kind === 'human'
          ? { type: 'SeatTaken', seat: asSeat(seat), name: named.name }
          : { type: 'BotSeated', seat: asSeat(seat) };
      const change = seatingChange(
        ctx,
        tableId,
        table,
        meta.seats.map((s, i) => (i === seat ? named : s)),
        event,
      );
      return {
        ...change,
        // The lobby row is a projection of the table (listed while public, open and with a free seat).
        answer: async () => {
          await syncLobby(ctx.store, change.after, change.state);
          return seat;
        },
      };
    },
    exhausted: busy('the table changed while joining; try again'),
  });
}

/**
 * Leave a seat: the token stops working and the seat is open again (the deal waits for a new player). On a closed
 * table too: its seat event is the record that the token no longer grants access.
 */
export async function leave(ctx: UseCaseContext, tableId: string, seat: number): Promise<void> {
  return runCommand<void>(ctx, tableId, {
    decide: (table) => {
      const { meta } = table;
      if (!Number.isInteger(seat) || seat < 0 || seat >= meta.seats.length) throw seatInvalid(meta);
      // Freeing an open seat changes nothing (a repeated DELETE is harmless).
      if (meta.seats[seat]?.kind === 'open') return { answer: undefined };
      const seats = meta.seats.map((s, i): SeatInfo => (i === seat ? { kind: 'open' } : s));
      const change = seatingChange(ctx, tableId, table, seats, { type: 'SeatLeft', seat: asSeat(seat) });
      return { ...change, answer: () => syncLobby(ctx.store, change.after, change.state) };
    },
    exhausted: busy('the table changed while leaving; try again'),
  });
}

/** Start a deal when every seat is filled and none is running (after joins). Gives up quietly after the retries. */
export async function kick(ctx: UseCaseContext, tableId: string): Promise<void> {
  return runCommand<void>(ctx, tableId, {
    decide: ({ meta, loaded }) => {
      const auto = advance(ctx, tableId, meta, loaded.state, 0);
      if (auto.events.length === 0) return { answer: undefined };
      return { events: auto.events, produced: auto, answer: () => undefined };
    },
    exhausted: () => undefined,
  });
}
