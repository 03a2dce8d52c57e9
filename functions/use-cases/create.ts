import { type TableState, decide, evolve } from '../../engine/index.js';
import { newSecret, newTableId, sha256 } from '../crypto/secrets.js';
import { type Commit, type SeatInfo, type TableMeta, type Visibility, lastSeq } from '../ports/table-store.js';
import { advance } from './auto-deal.js';
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
  readonly bots?: readonly number[];
  readonly visibility?: Visibility;
  readonly dealer?: number;
  readonly maxDeals?: number;
  readonly clock?: TurnClock;
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
  const bots = new Set(input.bots ?? []);
  for (const b of bots)
    if (!Number.isInteger(b) || b < 0 || b >= input.seats)
      throw new AppError(422, 'seat/invalid', `bot seat ${b} is not a seat 0..${input.seats - 1}`, { field: 'bots' });
  const now = ctx.now();
  const tableId = newTableId(now);
  const organiserKey = newSecret('ok_');
  const first = opened.events[0];
  const preset = first !== undefined && first.type === 'TableOpened' ? first.preset : (input.preset ?? '');
  const seats: SeatInfo[] = Array.from({ length: input.seats }, (_, i) =>
    bots.has(i) ? { kind: 'bot', name: `bot-${i}` } : { kind: 'open' },
  );
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
    ...(input.clock !== undefined ? { clock: input.clock } : {}),
    rev: 1,
  };
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
    ...(auto.auto === true ? { auto: true } : {}),
    at: now,
  };
  const appended = await ctx.store.append(commit);
  if (!appended.ok) throw new Error('fresh table has a commit');
  await syncLobby(ctx.store, meta, auto.state);
  await ctx.afterAppend?.(commit);
  return { tableId, organiserKey, version: lastSeq(commit), meta };
}
