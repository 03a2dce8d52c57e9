import {
  type TableEvent,
  type TableState,
  decide,
  evolve,
  startDealFor,
  type tournament as T,
  variantOf,
} from '../../engine/index.js';
import {
  type Commit,
  type SeatInfo,
  type TableMeta,
  type TableStore,
  lastSeq,
  listenOf,
} from '../ports/table-store.js';
import { type DueWorkStore, TABLE_PROGRESS } from '../ports/due-work.js';
import { commitmentFor } from '../crypto/secrets.js';
import { AppError, fromEngineError } from '../use-cases/errors.js';
import { seatedMeta, serverActs } from '../use-cases/index.js';
import type { TableSpec, TournamentTables } from './deps.js';

/**
 * The tables of a tournament are ordinary tables (same stream, same routes, bots, clocks), opened by the scheduler:
 * a fixed id (`<tournamentId>r<round>t<table>`), the drawn players already seated — the seat's token hash is the
 * hash of the player's one token, so it works at every table of theirs — bots on no-show and filler seats, seat 0
 * dealing first, and the deals' secret seeds given by the tournament (`meta.dealSeeds`; the table's auto-deal takes
 * deal n's seed from there). The table closes itself after `maxDeals`.
 */
export function tournamentTables(deps: {
  readonly store: TableStore;
  /** Where the table's standing `table.progress` item goes (as for any table created over REST). */
  readonly dueWork: DueWorkStore;
  readonly now: () => number;
  /** Called after the first commit is written (locally: fan-out and bots; on AWS the stream does it). */
  readonly afterAppend?: (commit: Commit) => Promise<void> | void;
  /**
   * The tables' own use cases an organiser's intervention goes through (functions/use-cases/table-service.ts): the
   * same close, leave, bot and join as over REST, so a tournament table changes only the way any table does.
   */
  readonly seating?: TableSeating;
}): TournamentTables {
  const { store } = deps;
  const seating = (): TableSeating => {
    if (deps.seating === undefined) throw new Error('tournament tables were wired without seating');
    return deps.seating;
  };

  async function close(tableId: string): Promise<void> {
    const head = await store.head(tableId);
    if (head === undefined) return;
    const loaded = await store.range(tableId, head.base, head.seq);
    if (loaded.some((c) => c.events.some((e) => e.type === 'TableClosed'))) return;
    try {
      await seating().close(tableId);
    } catch (e) {
      // Closed meanwhile (its last deal, another organiser's click): closed is what we wanted.
      if (!(e instanceof AppError && e.code === 'table/closed')) throw e;
    }
  }

  async function replaceSeat(
    tableId: string,
    seat: number,
    by: { readonly kind: 'bot' } | { readonly kind: 'human'; readonly name: string },
  ): Promise<{ seatToken?: string }> {
    const taken = (e: unknown): boolean => e instanceof AppError && e.code === 'seat/taken';
    // Twice at most: a bot the seat-freed hook put on the seat between our leave and join is moved off again.
    for (let attempt = 0; ; attempt++) {
      const meta = await seatedMeta(store, tableId);
      if (meta === undefined) throw new AppError(404, 'table/not_found', `no table ${tableId}`);
      const current = meta.seats[seat];
      if (by.kind === 'bot' && current?.kind === 'bot') return {};
      if (current?.kind !== 'open') await seating().leave(tableId, seat);
      try {
        if (by.kind === 'bot') {
          await seating().addBot(tableId, seat);
          return {};
        }
        const joined = await seating().join(tableId, seat, by.name);
        return { seatToken: joined.token };
      } catch (e) {
        if (!taken(e)) throw e;
        if (by.kind === 'bot') return {};
        if (attempt >= 1) throw e;
      }
    }
  }

  async function openSeats(tableId: string): Promise<number[]> {
    const meta = await seatedMeta(store, tableId);
    return (meta?.seats ?? []).flatMap((s, i) => (s.kind === 'open' ? [i] : []));
  }

  async function open(spec: TableSpec): Promise<void> {
    const existing = await store.getMeta(spec.tableId);
    // Idempotent: the scheduler may open a round's tables twice (a retried job); a written table is left alone.
    if (existing !== undefined && (await store.head(spec.tableId)) !== undefined) return;
    const opened = decide(
      {
        type: 'OpenTable',
        variant: spec.variant,
        seats: spec.seats.length,
        dealer: spec.dealer,
        ...(spec.preset !== undefined ? { preset: spec.preset } : {}),
        ...(spec.options !== undefined ? { options: spec.options } : {}),
      },
      null,
    );
    if (!opened.ok) throw fromEngineError(opened.error);
    const first = opened.events[0];
    const now = deps.now();
    const meta: TableMeta = existing ?? {
      tableId: spec.tableId,
      variant: spec.variant,
      preset: first?.type === 'TableOpened' ? first.preset : (spec.preset ?? ''),
      // Private: the seats are the drawn players; the organiser key and spectator tokens let others watch.
      visibility: 'private',
      seats: spec.seats.map((s): SeatInfo => s),
      organiserKeyHash: spec.organiserKeyHash,
      spectatorKeyHashes: [],
      createdAt: now,
      maxDeals: spec.maxDeals,
      dealSeeds: spec.dealSeeds,
      tournamentId: spec.tournamentId,
      ...(spec.sealRecords ? { recordsSealed: true } : {}),
      ...(spec.clock !== undefined ? { clock: spec.clock } : {}),
      // Nobody listens until a player, the organiser or a spectator subscribes (ports/table-store.ts `listen`).
      listen: 0,
      rev: 1,
    };
    // A crash after the metadata and before the first commit: the next run finds the metadata and writes the commit.
    if (existing === undefined && !(await store.createMeta(meta))) return open(spec);
    // A live table is standing due work (like one created over REST): a restarted scheduler, or the sweep on AWS,
    // looks at it again until it closes. Idempotent (same kind + key).
    await deps.dueWork.put({ at: now, kind: TABLE_PROGRESS, key: spec.tableId });
    let state = opened.events.reduce<TableState | null>((s, e) => evolve(s, e), null);
    if (state === null) throw new Error('OpenTable produced no state');
    // Every seat is taken: deal 1 starts in the first commit, from the tournament's seed for it.
    const seed = spec.dealSeeds[0];
    if (seed === undefined) throw new Error('a tournament table needs its deal seeds');
    const snapshotState = state;
    const started = decide(startDealFor(state, seed, commitmentFor(spec.tableId, 1, seed)), state);
    if (!started.ok) throw fromEngineError(started.error);
    for (const e of started.events) state = evolve(state, e);
    const commit: Commit = {
      tableId: spec.tableId,
      seq: 1,
      events: [...opened.events, ...started.events],
      base: 1,
      prevBase: 1,
      snapshot: { at: opened.events.length, state: { ...snapshotState, deal: null } },
      seeds: { '1': seed },
      // The seating is the stream's (ports/table-store.ts `seating`): the drawn players, with their token hashes.
      seating: meta.seats,
      // Bots or a clock at this table: the stream side runs a progress pass for this commit too, so a bot that is to
      // act first moves and the first turn deadline is armed. (Without it nothing looked at the table until a human
      // acted: a bot-first or silent-first table stalled; test/e2e/tournament.test.ts.)
      ...(serverActs(meta) ? { auto: true } : {}),
      ...listenOf(meta, undefined),
      at: now,
    };
    // The slot C#1 is free exactly once: a second run loses here, and the table is open either way.
    if (!(await store.append(commit)).ok) return;
    await deps.afterAppend?.(commit);
  }

  async function finished(tableId: string): Promise<readonly T.DealRecord[] | undefined> {
    const head = await store.head(tableId);
    if (head === undefined || !head.events.some((e) => e.type === 'TableClosed')) return undefined;
    const commits = await store.range(tableId, 1, lastSeq(head), 100_000);
    const started = new Map<number, Extract<TableEvent, { type: 'DealStarted' }>>();
    const out: T.DealRecord[] = [];
    for (const c of commits)
      for (const e of c.events) {
        if (e.type === 'DealStarted') started.set(e.deal, e);
        // A deal the table was closed in (DealAbandoned) is over without a result: it scores nothing for anyone.
        if (e.type === 'DealAbandoned') started.delete(e.deal);
        if (e.type === 'DealEnded') {
          const s = started.get(e.deal);
          if (s !== undefined) out.push({ deal: e.deal, players: s.players, dealer: s.dealer, result: e.result });
        }
      }
    return out;
  }

  async function toAct(tableId: string): Promise<{ closed: boolean; dealNo: number; toAct: readonly number[] }> {
    const head = await store.head(tableId);
    if (head === undefined) throw new AppError(404, 'table/not_found', `no table ${tableId}`);
    const commits = head.base === head.seq ? [head] : await store.range(tableId, head.base, head.seq);
    const state = fold(commits);
    const deal = state.deal;
    if (state.closed || deal === null || deal.over) return { closed: state.closed, dealNo: state.dealNo, toAct: [] };
    const seats = variantOf(state)
      .toAct(deal.state)
      .map((s) => deal.players[s] ?? s);
    return { closed: false, dealNo: state.dealNo, toAct: seats };
  }

  async function unseal(tableId: string): Promise<void> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const meta = await store.getMeta(tableId);
      if (meta?.recordsSealed !== true) return;
      // Optimistic concurrency on the metadata: a seat change racing here makes us read again.
      if (await store.updateMeta({ ...meta, recordsSealed: false, rev: meta.rev + 1 })) return;
    }
  }

  return { open, finished, toAct, unseal, close, replaceSeat, openSeats };
}

/** The table use cases the tournament's interventions use (TableService has them). */
export interface TableSeating {
  close(tableId: string): Promise<unknown>;
  leave(tableId: string, seat: number): Promise<void>;
  addBot(tableId: string, seat: number | undefined): Promise<unknown>;
  join(tableId: string, seat: number | undefined, name: string): Promise<{ readonly token: string }>;
}

/** Fold commits that start at a deal's base commit (its snapshot). */
function fold(commits: readonly Commit[]): TableState {
  const base = commits[0];
  if (base?.snapshot === undefined) throw new Error('reads start at a base commit');
  let state = base.snapshot.state;
  for (const e of base.events.slice(base.snapshot.at)) state = evolve(state, e);
  for (const c of commits.slice(1)) for (const e of c.events) state = evolve(state, e);
  if (state === null) throw new Error('no table state');
  return state;
}
