import {
  type AbandonReason,
  type Action,
  type TableEvent,
  type TableState,
  decide,
  startDealFor,
  toRecord,
  asSeat,
  type Seat,
} from '../../engine/index.js';
import { commitmentFor } from '../crypto/secrets.js';
import { type Commit, lastSeq } from '../ports/table-store.js';
import type { UseCaseContext } from './context.js';
import { AppError } from './errors.js';
import { requireHead } from './table-stream.js';

/**
 * Deal history: a finished deal's game record, its fairness proof (commitment, revealed seed) and verification.
 * A deal abandoned when its table closed is finished too: its record is served incomplete with the reason, no result.
 */

type DealStarted = Extract<TableEvent, { type: 'DealStarted' }>;
type DealEnded = Extract<TableEvent, { type: 'DealEnded' }>;
type DealAbandoned = Extract<TableEvent, { type: 'DealAbandoned' }>;

export interface Fairness {
  readonly deal: number;
  readonly commitment: string | null;
  /** Revealed once the deal has ended. */
  readonly seed: string | null;
  readonly revealed: boolean;
  readonly algorithm: string;
}

export interface DealRecord {
  /** An abandoned deal's record carries `complete: false` and the `reason` (docs/RECORD.md). */
  readonly record: ReturnType<typeof toRecord>;
  /** The record numbers the deal's players 0..n-1; `players` maps them to table seats (who sat out). */
  readonly players: DealStarted['players'];
  /** Whether the deal was played out; false when it was abandoned (then `reason` says why and `result` is null). */
  readonly complete: boolean;
  readonly reason?: AbandonReason;
  readonly result: DealEnded['result'] | null;
  readonly fairness: Fairness;
}

export interface Verification {
  readonly deal: number;
  readonly commitmentMatches: boolean;
  readonly dealMatches: boolean;
}

const dealNotFound = (n: number): AppError => new AppError(404, 'deal/not_found', `no deal ${n} at this table`);

/** Locate deal `n`: its base commit (snapshot) and the commits up to the one holding its end. */
async function dealCommits(ctx: UseCaseContext, tableId: string, n: number): Promise<Commit[]> {
  const { store } = ctx;
  const head = await requireHead(store, tableId);
  // Binary search over seqs for the base commit of deal n (deal numbers grow with seq): O(log events) reads.
  let lo = 1;
  let hi = lastSeq(head);
  let base: Commit | undefined;
  while (lo <= hi) {
    const mid = Math.floor((lo + hi) / 2);
    const c = await store.commitHolding(tableId, mid);
    if (c === undefined) break;
    const b = c.base === c.seq ? c : await store.commitHolding(tableId, c.base);
    if (b === undefined) break;
    const deals = b.events.flatMap((e) => (e.type === 'DealStarted' ? [e.deal] : []));
    if (deals.includes(n)) {
      base = b;
      break;
    }
    if (Math.max(0, ...deals) < n) lo = lastSeq(c) + 1;
    else hi = b.seq - 1;
  }
  if (base === undefined) throw dealNotFound(n);
  return [...(await store.range(tableId, base.seq, lastSeq(head), 300))];
}

/** Deal `n` as its events tell it: the start, the table state it started from, its actions by deal seat, its end. */
export interface DealEvents {
  readonly started: DealStarted;
  readonly opened: TableState;
  readonly actions: readonly { readonly seat: Seat; readonly action: Action }[];
  readonly ended: DealEnded | undefined;
  readonly abandoned: DealAbandoned | undefined;
  readonly commits: readonly Commit[];
}

/** The events of deal `n`; 404 when there is none, 409 `deal/not_over` while it is still being played. */
export async function finishedDeal(ctx: UseCaseContext, tableId: string, n: number): Promise<DealEvents> {
  const commits = await dealCommits(ctx, tableId, n);
  let started: DealStarted | undefined;
  let ended: DealEnded | undefined;
  let abandoned: DealAbandoned | undefined;
  let opened: TableState | null = null;
  const actions: { seat: Seat; action: Action }[] = [];
  for (const c of commits)
    c.events.forEach((e, i) => {
      if (e.type === 'DealStarted' && e.deal === n) {
        started = e;
        if (c.snapshot !== undefined && c.snapshot.at === i) opened = c.snapshot.state;
      }
      if (e.type === 'ActionTaken' && e.deal === n && started !== undefined)
        actions.push({ seat: asSeat(started.players.indexOf(e.seat)), action: e.action });
      if (e.type === 'DealEnded' && e.deal === n) ended = e;
      if (e.type === 'DealAbandoned' && e.deal === n) abandoned = e;
    });
  const start = started as DealStarted | undefined;
  const end = ended as DealEnded | undefined;
  const gone = abandoned as DealAbandoned | undefined;
  const state = opened as TableState | null;
  if (start === undefined || state === null) throw dealNotFound(n);
  if (end === undefined && gone === undefined)
    throw new AppError(409, 'deal/not_over', `deal ${n} is still being played`);
  return { started: start, opened: state, actions, ended: end, abandoned: gone, commits };
}

/** The game record of a finished deal, with its result and fairness proof. */
export async function dealRecord(ctx: UseCaseContext, tableId: string, n: number): Promise<DealRecord> {
  const {
    started: start,
    opened: state,
    actions,
    ended: end,
    abandoned: gone,
    commits,
  } = await finishedDeal(ctx, tableId, n);
  const record = toRecord({
    variant: state.variant,
    preset: state.preset,
    options: state.options,
    seats: start.players.length,
    dealer: start.dealerInDeal,
    layout: start.layout,
    actions,
  });
  const fair = fairnessOf(commits, n);
  if (gone !== undefined)
    return {
      record: { ...record, complete: false, reason: gone.reason },
      players: start.players,
      complete: false,
      reason: gone.reason,
      result: null,
      fairness: fair,
    };
  return { record, players: start.players, complete: true, result: (end as DealEnded).result, fairness: fair };
}

/** The commitment of deal `n`; the seed once the deal has ended. */
export async function fairness(ctx: UseCaseContext, tableId: string, n: number): Promise<Fairness> {
  return fairnessOf(await dealCommits(ctx, tableId, n), n);
}

function fairnessOf(commits: readonly Commit[], n: number): Fairness {
  let commitment: string | null = null;
  let seed: string | null = null;
  let over = false;
  for (const c of commits)
    for (const e of c.events) {
      if (e.type === 'DealStarted' && e.deal === n) {
        commitment = e.commitment ?? null;
        seed = c.seeds?.[String(n)] ?? null;
      }
      // An abandoned deal is over too: its seed is revealed like a played-out deal's.
      if ((e.type === 'DealEnded' || e.type === 'DealAbandoned') && e.deal === n) over = true;
    }
  return {
    deal: n,
    commitment,
    seed: over ? seed : null,
    revealed: over,
    algorithm: 'commitment = sha256("<tableId>:<deal>:<seed>"); deck (and die) = randomnessFor(table state, seed)',
  };
}

/** Check a seed against deal `n`: the commitment and the dealt hands must both follow from it. */
export async function verify(ctx: UseCaseContext, tableId: string, n: number, seed: string): Promise<Verification> {
  const commits = await dealCommits(ctx, tableId, n);
  for (const c of commits)
    for (const [i, e] of c.events.entries()) {
      if (e.type !== 'DealStarted' || e.deal !== n) continue;
      const before = c.snapshot !== undefined && c.snapshot.at === i ? c.snapshot.state : null;
      const commitmentMatches = e.commitment === commitmentFor(tableId, n, seed);
      let dealMatches = false;
      if (before !== null) {
        const redo = decide(startDealFor(before, seed), before);
        const first = redo.ok ? redo.events[0] : undefined;
        dealMatches =
          first !== undefined &&
          first.type === 'DealStarted' &&
          JSON.stringify(first.layout) === JSON.stringify(e.layout);
      }
      return { deal: n, commitmentMatches, dealMatches };
    }
  throw dealNotFound(n);
}
