import {
  type Action,
  type Seat,
  type TableEvent,
  type TableState,
  type TableView,
  evolve,
  redactEvent,
  variantOf,
  view,
  asSeat,
  dealSeatOf,
} from '../../engine/index.js';
import type { SeatObservation } from '../../engine/bots/index.js';
import { type Actor, audienceOf } from '../policy/access.js';
import { type TableMeta, lastSeq } from '../ports/table-store.js';
import { turnDeadline } from './turns.js';
import type { UseCaseContext } from './context.js';
import { AppError } from './errors.js';
import {
  type Loaded,
  type SeatedEvent,
  currentHead,
  loadTable,
  redactOne,
  requireHead,
  requireTable,
  stateBefore,
  warmHeadAndMeta,
} from './table-stream.js';
import { seatBotLevel } from './bots.js';
import { pausedReason } from './auto-deal.js';
import type { BotTurn } from './kernel.js';

export type { BotTurn } from './kernel.js';

/** Reads: a table's view and its events for an audience, and what the bots must do next. */

export interface ViewResult {
  readonly version: number;
  readonly view: TableView;
  /** When the seat(s) to act run out of time (ISO), on tables with a turn clock while a player is to act. */
  readonly deadline?: string;
  /** Why no deal starts now: `players-away` — every player is away; the next deal waits for one (auto-deal.ts). */
  readonly paused?: 'players-away';
}

export interface EventsPage {
  readonly version: number;
  readonly events: SeatedEvent[];
  /** The `after` to continue from, or null when caught up. */
  readonly next: number | null;
}

export async function tableView(
  ctx: UseCaseContext,
  tableId: string,
  actor: Actor,
  meta?: TableMeta,
): Promise<ViewResult> {
  // The cached head, proved current by one key read of the next slot (table-stream.ts currentHead).
  return viewAt(await currentHead(ctx, tableId), actor, meta);
}

/**
 * A GET view in one read when warm: the metadata and the current head together (table-stream.ts warmHeadAndMeta);
 * `authorize` decides who asks from that metadata before anything is computed for them.
 */
export async function authorisedView(
  ctx: UseCaseContext,
  tableId: string,
  authorize: (meta: TableMeta) => Actor,
): Promise<{ readonly meta: TableMeta; readonly actor: Actor; readonly result: ViewResult }> {
  const warm = await warmHeadAndMeta(ctx, tableId);
  if (warm !== undefined) {
    const actor = authorize(warm.meta);
    return { meta: warm.meta, actor, result: viewAt(warm.loaded, actor, warm.meta) };
  }
  // Cold: META and the head (the seating is the stream's), then authorise.
  const { meta, loaded } = await requireTable(ctx, tableId);
  const actor = authorize(meta);
  return { meta, actor, result: viewAt(loaded, actor, meta) };
}

/** The view of `loaded` for `actor` (with the turn deadline when `meta` has a clock). */
function viewAt(loaded: Loaded, actor: Actor, meta: TableMeta | undefined): ViewResult {
  const head = loaded.commits[loaded.commits.length - 1];
  const deadline = meta !== undefined && head !== undefined ? turnDeadline(meta, loaded.state, head) : undefined;
  const paused = meta !== undefined ? pausedReason(meta, loaded.state) : undefined;
  return {
    version: loaded.version,
    view: view(loaded.state, audienceOf(actor)),
    ...(deadline !== undefined ? { deadline: new Date(deadline).toISOString() } : {}),
    ...(paused !== undefined ? { paused } : {}),
  };
}

/**
 * Events after `after`, redacted for the actor, at most `limit`. Reads: the head commit, the commit holding
 * `after + 1` and its deal's commits before it (none when it is the deal's snapshot), then one page of commits —
 * bounded by the current deal and the page, never by the table's history.
 */
export async function events(
  ctx: UseCaseContext,
  tableId: string,
  actor: Actor,
  after: number,
  limit: number,
): Promise<EventsPage> {
  const { store } = ctx;
  const head = await requireHead(store, tableId);
  const version = lastSeq(head);
  if (after >= version) return { version, events: [], next: null };
  const from = after + 1;
  const first = from >= head.seq ? head : await store.commitHolding(tableId, from);
  if (first === undefined) throw new AppError(404, 'table/not_found', `no table ${tableId}`);
  // The state before the first event shown: a base commit's snapshot when the page starts at its deal start.
  const snap = first.snapshot;
  let state: TableState | null;
  let skip = 0;
  if (snap !== undefined && from >= first.seq + snap.at) {
    state = snap.state;
    skip = snap.at;
  } else state = await stateBefore(store, first);
  const page = first === head ? [head] : await store.range(tableId, first.seq, version, limit);
  const audience = audienceOf(actor);
  // Only the organiser's redaction depends on the current state (deals that are over are shown in full).
  const reachesHead = page[page.length - 1]?.seq === head.seq;
  let current: TableState | undefined =
    audience.kind === 'organiser' && !reachesHead ? (await loadTable(store, tableId)).state : undefined;
  const raw: { seq: number; event: TableEvent; before: TableState | null }[] = [];
  for (const commit of page) {
    commit.events.forEach((event, i) => {
      if (commit.seq === first.seq && i < skip) return;
      const seq = commit.seq + i;
      if (seq > after && raw.length < limit) raw.push({ seq, event, before: state });
      state = evolve(state, event);
    });
  }
  // Folded through the head commit: that is the current state.
  current ??= state ?? undefined;
  const out: SeatedEvent[] = raw.map((r) => ({
    seq: r.seq,
    event: current === undefined ? r.event : redactOne(r.before, r.event, audience, current),
  }));
  const lastOut = out[out.length - 1]?.seq ?? after;
  return { version, events: out, next: lastOut < version ? lastOut : null };
}

/** For the bots: the seats a bot must act for now, with their legal actions and what each seat may know. */
export async function botTurns(ctx: UseCaseContext, tableId: string): Promise<BotTurn[]> {
  const { meta, loaded } = await requireTable(ctx, tableId);
  const deal = loaded.state.deal;
  if (loaded.state.closed || deal === null || deal.over) return [];
  const toAct = view(loaded.state, { kind: 'spectator' }).deal?.toAct ?? [];
  return toAct.filter((seat) => meta.seats[seat]?.kind === 'bot').map((seat) => botTurnOf(ctx, meta, loaded, seat));
}

/**
 * The bot turn of one table seat at `loaded` (a bot seat at its level, else the table's; a human seat the server plays
 * for — absent or timed out — at the table's level: bots.ts `seatBotLevel`).
 */
export function botTurnOf(
  ctx: UseCaseContext,
  meta: TableMeta,
  loaded: Loaded,
  seat: number,
  actions: readonly DealAction[] = dealActions(loaded),
): BotTurn {
  const deal = loaded.state.deal;
  if (deal === null) throw new Error('no deal to act in');
  return {
    tableId: meta.tableId,
    dealNo: deal.no,
    seat,
    legal: view(loaded.state, { kind: 'seat', seat: asSeat(seat) }).legalActions,
    version: loaded.version,
    level: seatBotLevel(meta, seat),
    observation: observation(loaded.state, seat, actions),
    budgetMs: ctx.botBudgetMs,
  };
}

/** An action of the running deal with the table state just before it (what its redaction for a seat depends on). */
export interface DealAction {
  readonly before: TableState | null;
  readonly event: TableEvent;
}

/** The running deal's actions, folded from the deal's base commit (once per bot run; progress.ts adds to it). */
export function dealActions(loaded: Loaded): DealAction[] {
  const deal = loaded.state.deal;
  if (deal === null) return [];
  const out: DealAction[] = [];
  const base = loaded.commits[0];
  let state: TableState | null = base?.snapshot?.state ?? null;
  const events = loaded.commits.flatMap((c, i) => (i === 0 ? c.events.slice(c.snapshot?.at ?? 0) : c.events));
  for (const event of events) {
    if (event.type === 'ActionTaken' && event.deal === deal.no) out.push({ before: state, event });
    state = evolve(state, event);
  }
  return out;
}

/**
 * A table seat's observation of the running deal at `current`, in deal seats: the variant's view for that seat and every
 * action of the deal (`actions`, from dealActions) as redacted for it — the same redaction the seat's events carry.
 */
export function observation(current: TableState, tableSeat: number, actions: readonly DealAction[]): SeatObservation {
  const deal = current.deal;
  if (deal === null) throw new Error('no deal to observe');
  const seat = asSeat(tableSeat);
  const dealSeat = dealSeatOf(deal.players, seat);
  if (dealSeat === null) throw new Error(`seat ${tableSeat} sits out deal ${deal.no}`);
  const variant = variantOf(current);
  const history: { seat: Seat; action: Action }[] = [];
  for (const { before, event } of actions) {
    const seen = redactEvent(before, event, { kind: 'seat', seat });
    if (seen.type === 'ActionTaken')
      history.push({ seat: asSeat(deal.players.indexOf(seen.seat)), action: seen.action });
  }
  return {
    variant: current.variant,
    options: current.options,
    seat: dealSeat,
    view: variant.view(deal.state, { kind: 'seat', seat: dealSeat }),
    history,
  };
}
