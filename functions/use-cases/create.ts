import { type TableState, decide, evolve } from '../../engine/index.js';
import { newSecret, newTableId, sha256 } from '../crypto/secrets.js';
import {
  type Commit,
  type SeatInfo,
  type TableMeta,
  type Visibility,
  lastSeq,
  listenOf,
} from '../ports/table-store.js';
import type { BotLevel } from '../../engine/bots/index.js';
import { advance } from './auto-deal.js';
import { botLevelOf } from './bots.js';
import type { UseCaseContext } from './context.js';
import { AppError, fromEngineError } from './errors.js';
import { syncLobby } from './lobby.js';
import type { TurnClock } from './progress.js';
import { TABLE_PROGRESS } from '../ports/due-work.js';

export interface CreateTableInput {
  readonly variant: string;
  readonly preset?: string;
  readonly options?: unknown;
  readonly seats: number;
  /** Bot seats: a seat number (at `botLevel`) or a seat with its own level. */
  readonly bots?: readonly (number | BotSeatInput)[];
  /** The table's bot level: 'random' | 'heuristic' | 'strong' (default 'heuristic'); seats given as plain numbers play at it. */
  readonly botLevel?: string;
  readonly visibility?: Visibility;
  readonly dealer?: number;
  readonly maxDeals?: number;
  readonly clock?: TurnClock;
  /** sha256 of the API key the table was created with, if any. */
  readonly createdByKeyHash?: string;
}

export interface BotSeatInput {
  readonly seat: number;
  readonly level?: string;
}

export interface CreatedTable {
  readonly tableId: string;
  /** The organiser key, shown once (only its hash is kept). */
  readonly organiserKey: string;
  readonly version: number;
  readonly meta: TableMeta;
}

/** Open a table: metadata, the first commit (TableOpened, a deal when every seat is a bot) and the lobby entry. */
export async function createTable(ctx: UseCaseContext, input: CreateTableInput): Promise<CreatedTable> {
  const opened = decide(
    {
      type: 'OpenTable',
      variant: input.variant,
      seats: input.seats,
      ...(input.preset !== undefined ? { preset: input.preset } : {}),
      ...(input.options !== undefined ? { options: input.options } : {}),
      ...(input.dealer !== undefined ? { dealer: input.dealer } : {}),
    },
    null,
  );
  if (!opened.ok) throw fromEngineError(opened.error);
  const bots = botSeats(input);
  const now = ctx.now();
  const tableId = newTableId(now);
  const organiserKey = newSecret('ok_');
  const first = opened.events[0];
  const preset = first !== undefined && first.type === 'TableOpened' ? first.preset : (input.preset ?? '');
  const seats: SeatInfo[] = Array.from({ length: input.seats }, (_, i) => {
    const level = bots.get(i);
    return level !== undefined ? { kind: 'bot', name: `bot-${i}`, level } : { kind: 'open' };
  });
  const allBots = bots.size === input.seats;
  const meta: TableMeta = {
    tableId,
    variant: input.variant,
    preset,
    visibility: input.visibility ?? 'public',
    seats,
    organiserKeyHash: sha256(organiserKey),
    spectatorKeyHashes: [],
    createdAt: now,
    // A table of bots only would play forever: it stops after one deal unless told otherwise.
    maxDeals: input.maxDeals ?? (allBots ? 1 : undefined),
    ...(input.botLevel !== undefined ? { botLevel: botLevelOf(input.botLevel, 'botLevel') } : {}),
    ...(input.clock !== undefined ? { clock: input.clock } : {}),
    ...(input.createdByKeyHash !== undefined ? { createdByKeyHash: input.createdByKeyHash } : {}),
    // Who may listen (ports/table-store.ts): the creating API key's webhook registrations follow the table, so its
    // commits are checked for them; a table created without a key has no listener until one subscribes or registers.
    listen: input.createdByKeyHash !== undefined ? 1 : 0,
    rev: 1,
  };
  // Noted before the metadata exists: a registration for the key that lists the key's tables before this row was
  // written was complete before the table existed, so the table's first lookup of registrations sees it.
  if (input.createdByKeyHash !== undefined) await ctx.store.noteCreator(input.createdByKeyHash, tableId);
  if (!(await ctx.store.createMeta(meta))) throw new Error('table id collision');
  // A live table is standing due work: a restarted scheduler looks at it again (bots, deadlines) until it closes.
  await ctx.dueWork?.put({ at: now, kind: TABLE_PROGRESS, key: tableId });
  const state = opened.events.reduce<TableState | null>((s, e) => evolve(s, e), null);
  if (state === null) throw new Error('OpenTable produced no state');
  const auto = advance(ctx, tableId, meta, state, opened.events.length);
  const commit: Commit = {
    tableId,
    seq: 1,
    events: [...opened.events, ...auto.events],
    base: 1,
    prevBase: 1,
    snapshot: auto.snapshot ?? { at: 0, state: null },
    ...(auto.seeds !== undefined ? { seeds: auto.seeds } : {}),
    // The seating is the stream's from the first commit on (ports/table-store.ts `seating`).
    seating: meta.seats,
    ...(auto.auto === true ? { auto: true } : {}),
    ...listenOf(meta, undefined),
    at: now,
  };
  const appended = await ctx.store.append(commit);
  if (!appended.ok) throw new Error('fresh table has a commit');
  await syncLobby(ctx.store, meta, auto.state);
  await ctx.afterAppend?.(commit);
  return { tableId, organiserKey, version: lastSeq(commit), meta };
}

/** The bot seats asked for, each with its checked level (422 naming the field on a bad seat or level). */
function botSeats(input: CreateTableInput): Map<number, BotLevel> {
  const fallback = botLevelOf(input.botLevel, 'botLevel');
  const out = new Map<number, BotLevel>();
  (input.bots ?? []).forEach((b, i) => {
    const seat = typeof b === 'number' ? b : b.seat;
    const field = typeof b === 'number' ? 'bots' : `bots.${i}.seat`;
    if (!Number.isInteger(seat) || seat < 0 || seat >= input.seats)
      throw new AppError(422, 'seat/invalid', `bot seat ${seat} is not a seat 0..${input.seats - 1}`, { field });
    out.set(seat, typeof b === 'number' ? fallback : botLevelOf(b.level, `bots.${i}.level`, fallback));
  });
  return out;
}
