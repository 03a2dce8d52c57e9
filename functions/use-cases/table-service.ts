import {
  type Action,
  type Audience,
  type RecordError,
  type TableCommand,
  type TableEvent,
  type TableState,
  type TableView,
  decide,
  evolve,
  listVariants,
  redactEvent,
  scoreRecord,
  shuffledDeckFor,
  toRecord,
  view,
} from '../../engine/index.js';
import {
  type Commit,
  type SeatInfo,
  type TableMeta,
  type TableStore,
  type Visibility,
  lastSeq,
} from '../ports/table-store.js';
import { commitmentFor, matchesHash, newSecret, newSeed, newTableId, sha256 } from '../shared/secrets.js';
import { AppError, fromEngineError } from './errors.js';

/** Ports the use cases need besides the store: time, randomness and what happens after an append. */
export interface ServiceDeps {
  readonly store: TableStore;
  readonly now?: () => number;
  readonly seed?: () => string;
  /** Called after every successful append (the local runtime fans out; on AWS the stream does). */
  readonly afterAppend?: (commit: Commit) => Promise<void> | void;
}

/** Who is calling, resolved from a bearer secret. */
export type Actor =
  | { readonly kind: 'seat'; readonly seat: number }
  | { readonly kind: 'organiser' }
  | { readonly kind: 'spectator' }
  | { readonly kind: 'bot'; readonly seat: number };

/** The audience name used in REST responses and frames: `seat:<n>`, `spectator`, `organiser`. */
export function audienceName(actor: Actor): string {
  switch (actor.kind) {
    case 'seat':
    case 'bot':
      return `seat:${actor.seat}`;
    case 'organiser':
      return 'organiser';
    case 'spectator':
      return 'spectator';
    default: {
      const never: never = actor;
      return never;
    }
  }
}

export interface SeatedEvent {
  readonly seq: number;
  readonly event: TableEvent;
}

export interface CreateTableInput {
  readonly variant: string;
  readonly preset?: string;
  readonly options?: unknown;
  readonly seats: number;
  readonly bots?: readonly number[];
  readonly visibility?: Visibility;
  readonly dealer?: number;
  readonly maxDeals?: number;
}

interface Loaded {
  readonly state: TableState;
  readonly version: number;
  readonly base: number;
  /** The commits of the current deal, from its base commit to the head. */
  readonly commits: readonly Commit[];
}

const MAX_RETRIES = 5;
const MAX_AUTO_DEALS = 10;

/** The table use cases: load → decide (engine) → append (one conditional write) → publish. */
export class TableService {
  private readonly store: TableStore;
  private readonly now: () => number;
  private readonly seed: () => string;

  constructor(private readonly deps: ServiceDeps) {
    this.store = deps.store;
    this.now = deps.now ?? Date.now;
    this.seed = deps.seed ?? newSeed;
  }

  variants(): unknown[] {
    return listVariants().map((v) => ({
      id: v.id,
      title: v.title,
      tableSeats: v.tableSeats,
      defaultPreset: v.defaultPreset,
      presets: Object.fromEntries(
        Object.entries(v.presets).map(([name, p]) => [name, { description: p.description, options: p.options }]),
      ),
      optionsSchema: v.optionsSchema,
    }));
  }

  variant(id: string): unknown {
    const found = this.variants().find((v) => (v as { id: string }).id === id);
    if (found === undefined) throw new AppError(404, 'variant/not_found', `no variant ${id}`, { field: 'variantId' });
    return found;
  }

  /** Open a table: metadata, the first commit (TableOpened, a deal when every seat is a bot) and the lobby entry. */
  async create(input: CreateTableInput): Promise<{
    tableId: string;
    organiserKey: string;
    version: number;
    meta: TableMeta;
  }> {
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
    const now = this.now();
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
      rev: 1,
    };
    if (!(await this.store.createMeta(meta))) throw new Error('table id collision');
    const state = opened.events.reduce<TableState | null>((s, e) => evolve(s, e), null);
    if (state === null) throw new Error('OpenTable produced no state');
    const auto = this.advance(tableId, meta, state, opened.events.length);
    const commit: Commit = {
      tableId,
      seq: 1,
      events: [...opened.events, ...auto.events],
      base: 1,
      prevBase: 1,
      snapshot: auto.snapshot ?? { at: 0, state: null },
      ...(auto.seeds !== undefined ? { seeds: auto.seeds } : {}),
      at: now,
    };
    const appended = await this.store.append(commit);
    if (!appended.ok) throw new Error('fresh table has a commit');
    await this.syncLobby(meta, auto.state);
    await this.deps.afterAppend?.(commit);
    return { tableId, organiserKey, version: lastSeq(commit), meta };
  }

  async openTables(limit: number): Promise<unknown[]> {
    return [...(await this.store.listLobby(limit))];
  }

  async meta(tableId: string): Promise<TableMeta> {
    const meta = await this.store.getMeta(tableId);
    if (meta === undefined) throw new AppError(404, 'table/not_found', `no table ${tableId}`);
    return meta;
  }

  /** Resolve a bearer secret to an actor of this table (undefined secret: a spectator of a public table). */
  authorize(meta: TableMeta, secret: string | undefined): Actor {
    if (secret === undefined || secret === '') {
      if (meta.visibility === 'public') return { kind: 'spectator' };
      throw new AppError(
        401,
        'auth/missing_token',
        'this table is private: send a seat token, spectator or organiser key',
      );
    }
    if (secret.startsWith('ok_') && matchesHash(secret, meta.organiserKeyHash)) return { kind: 'organiser' };
    if (secret.startsWith('sk_') && meta.spectatorKeyHashes.some((h) => matchesHash(secret, h)))
      return { kind: 'spectator' };
    if (secret.startsWith('st_')) {
      const hash = sha256(secret);
      const seat = meta.seats.findIndex((s) => s.kind === 'human' && s.tokenHash === hash);
      if (seat >= 0) return { kind: 'seat', seat };
    }
    throw new AppError(403, 'auth/forbidden', 'this token does not grant access to this table');
  }

  /** Take a seat (the first open one unless `seat` is given): returns the seat token, once. */
  async join(tableId: string, seat: number | undefined, name: string): Promise<{ seat: number; token: string }> {
    const token = newSecret('st_');
    const taken = await this.takeSeat(tableId, seat, { kind: 'human', name, tokenHash: sha256(token) });
    return { seat: taken, token };
  }

  /** Hand out a spectator token (kept as a hash; the oldest of more than 100 stops working). */
  async addSpectator(tableId: string): Promise<{ token: string }> {
    const token = newSecret('sk_');
    for (let attempt = 0; attempt < MAX_RETRIES; attempt++) {
      const meta = await this.meta(tableId);
      const hashes = [...meta.spectatorKeyHashes, sha256(token)].slice(-100);
      if (await this.store.updateMeta({ ...meta, spectatorKeyHashes: hashes, rev: meta.rev + 1 })) return { token };
    }
    throw new AppError(409, 'table/busy', 'the table changed; try again');
  }

  /** Put a bot on an open seat (organiser only). */
  async addBot(tableId: string, seat: number | undefined): Promise<{ seat: number }> {
    return { seat: await this.takeSeat(tableId, seat, { kind: 'bot', name: `bot-${seat ?? 'x'}` }) };
  }

  private async takeSeat(tableId: string, wanted: number | undefined, info: SeatInfo): Promise<number> {
    for (let attempt = 0; attempt < MAX_RETRIES; attempt++) {
      const meta = await this.meta(tableId);
      const loaded = await this.load(tableId);
      if (loaded.state.closed) throw new AppError(409, 'table/closed', 'the table is closed');
      if (wanted !== undefined && (!Number.isInteger(wanted) || wanted < 0 || wanted >= meta.seats.length))
        throw new AppError(422, 'seat/invalid', `seat must be 0..${meta.seats.length - 1}`, { field: 'seat' });
      const seat = wanted ?? meta.seats.findIndex((s) => s.kind === 'open');
      if (seat < 0) throw new AppError(409, 'table/full', 'every seat is taken');
      if (meta.seats[seat]?.kind !== 'open') throw new AppError(409, 'seat/taken', `seat ${seat} is taken`, { seat });
      const named: SeatInfo = info.kind === 'bot' ? { kind: 'bot', name: `bot-${seat}` } : info;
      const next: TableMeta = { ...meta, seats: meta.seats.map((s, i) => (i === seat ? named : s)), rev: meta.rev + 1 };
      if (!(await this.store.updateMeta(next))) continue;
      await this.syncLobby(next, loaded.state);
      await this.kick(tableId);
      return seat;
    }
    throw new AppError(409, 'table/busy', 'the table changed while joining; try again');
  }

  /** Leave a seat: the token stops working and the seat is open again (the deal waits for a new player). */
  async leave(tableId: string, seat: number): Promise<void> {
    for (let attempt = 0; attempt < MAX_RETRIES; attempt++) {
      const meta = await this.meta(tableId);
      if (!Number.isInteger(seat) || seat < 0 || seat >= meta.seats.length)
        throw new AppError(422, 'seat/invalid', `seat must be 0..${meta.seats.length - 1}`, { field: 'seat' });
      // Freeing an open seat changes nothing (a repeated DELETE is harmless).
      if (meta.seats[seat]?.kind === 'open') return;
      const next: TableMeta = {
        ...meta,
        seats: meta.seats.map((s, i) => (i === seat ? { kind: 'open' } : s)),
        rev: meta.rev + 1,
      };
      if (!(await this.store.updateMeta(next))) continue;
      const loaded = await this.load(tableId);
      await this.syncLobby(next, loaded.state);
      return;
    }
    throw new AppError(409, 'table/busy', 'the table changed while leaving; try again');
  }

  /** Start a deal when every seat is filled and none is running (after joins). */
  async kick(tableId: string): Promise<void> {
    for (let attempt = 0; attempt < MAX_RETRIES; attempt++) {
      const meta = await this.meta(tableId);
      const loaded = await this.load(tableId);
      const auto = this.advance(tableId, meta, loaded.state, 0);
      if (auto.events.length === 0) return;
      const result = await this.appendCommit(tableId, loaded, auto.events, auto, undefined);
      if (result !== undefined) return;
    }
  }

  async close(tableId: string): Promise<{ version: number }> {
    const out = await this.command(tableId, { kind: 'organiser' }, { type: 'CloseTable' }, {});
    const meta = await this.meta(tableId);
    await this.store.deleteLobby(tableId, meta.createdAt);
    return { version: out.version };
  }

  /**
   * A seat acts. One conditional write; a lost race is retried on the new state unless the client pinned
   * `expectedVersion` (then 409 with the current version). A repeated idempotency key returns the first outcome.
   */
  async act(
    tableId: string,
    actor: Actor,
    action: unknown,
    opts: { idempotencyKey?: string; expectedVersion?: number; meta?: TableMeta },
  ): Promise<{ version: number; events: SeatedEvent[]; replayed: boolean }> {
    if (actor.kind !== 'seat' && actor.kind !== 'bot')
      throw new AppError(403, 'auth/forbidden', 'only a seat token may act for its seat');
    return this.command(tableId, actor, { type: 'Act', seat: actor.seat, action }, opts);
  }

  private async command(
    tableId: string,
    actor: Actor,
    command: TableCommand,
    opts: { idempotencyKey?: string; expectedVersion?: number; meta?: TableMeta },
  ): Promise<{ version: number; events: SeatedEvent[]; replayed: boolean }> {
    const idem = opts.idempotencyKey === undefined ? undefined : `${actorKey(actor)}:${opts.idempotencyKey}`;
    const requestHash = sha256(JSON.stringify({ command, expectedVersion: opts.expectedVersion ?? null }));
    const audience = audienceOf(actor);
    // The caller may hand in the metadata it just read to authorise the request (one read less per move).
    let known = opts.meta;
    for (let attempt = 0; attempt < MAX_RETRIES; attempt++) {
      const meta = known ?? (await this.meta(tableId));
      known = undefined;
      const loaded = await this.load(tableId);
      // Checked first on every attempt: a retry that raced its own original still gets the original outcome.
      if (idem !== undefined) {
        const previous = await this.findIdempotent(tableId, loaded, idem, opts.expectedVersion);
        if (previous !== undefined) {
          if (previous.commit.requestHash !== requestHash)
            throw new AppError(
              422,
              'request/idempotency_mismatch',
              'this Idempotency-Key was used for another request',
              {
                field: 'Idempotency-Key',
              },
            );
          return {
            version: lastSeq(previous.commit),
            events: redactAll(previous.before, previous.commit, audience, loaded.state),
            replayed: true,
          };
        }
      }
      if (opts.expectedVersion !== undefined && opts.expectedVersion !== loaded.version)
        throw new AppError(409, 'table/version_conflict', `the table is at version ${loaded.version}`, {
          currentVersion: loaded.version,
        });
      const decided = decide(command, loaded.state);
      if (!decided.ok) throw fromEngineError(decided.error);
      const after = decided.events.reduce<TableState>((s, e) => evolve(s, e), loaded.state);
      const auto = this.advance(tableId, meta, after, decided.events.length);
      const events = [...decided.events, ...auto.events];
      const commit = await this.appendCommit(
        tableId,
        loaded,
        events,
        auto,
        idem === undefined ? undefined : { idem, requestHash },
      );
      if (commit !== undefined)
        return {
          version: lastSeq(commit),
          events: redactAll(loaded.state, commit, audience, auto.state),
          replayed: false,
        };
      // Lost the race for the slot: the next attempt reloads. With `expectedVersion` it answers 409 with the
      // winner's version (unless the winner was this very request under the same idempotency key).
    }
    throw new AppError(409, 'table/busy', 'the table is busy; try again');
  }

  private async appendCommit(
    tableId: string,
    loaded: Loaded,
    events: readonly TableEvent[],
    auto: Advance,
    idem: { idem: string; requestHash: string } | undefined,
  ): Promise<Commit | undefined> {
    const seq = loaded.version + 1;
    const commit: Commit = {
      tableId,
      seq,
      events,
      base: auto.snapshot !== undefined ? seq : loaded.base,
      prevBase: loaded.base,
      ...(auto.snapshot !== undefined ? { snapshot: auto.snapshot } : {}),
      ...(idem !== undefined ? { idempotencyKey: idem.idem, requestHash: idem.requestHash } : {}),
      ...(auto.seeds !== undefined ? { seeds: auto.seeds } : {}),
      at: this.now(),
    };
    const result = await this.store.append(commit);
    if (!result.ok) return undefined;
    await this.deps.afterAppend?.(commit);
    return commit;
  }

  /**
   * What the server does on its own after a command: shuffle and start the next deal when all seats are filled
   * and no deal runs (seed secret, commitment published), or close the table after its last deal.
   */
  private advance(tableId: string, meta: TableMeta, state: TableState, offset: number): Advance {
    const events: TableEvent[] = [];
    const seeds: Record<string, string> = {};
    let snapshot: Advance['snapshot'];
    let s = state;
    for (let i = 0; i < MAX_AUTO_DEALS; i++) {
      const running = s.deal !== null && !s.deal.over;
      if (s.closed || running) break;
      if (meta.maxDeals !== undefined && s.dealNo >= meta.maxDeals) {
        events.push({ type: 'TableClosed' });
        s = evolve(s, { type: 'TableClosed' });
        break;
      }
      if (!meta.seats.every((seat) => seat.kind !== 'open')) break;
      const seed = this.seed();
      const dealNo = s.dealNo + 1;
      const deck = shuffledDeckFor(s, seed);
      const started = decide({ type: 'StartDeal', deck, commitment: commitmentFor(tableId, dealNo, seed) }, s);
      if (!started.ok) throw new Error(`server could not start a deal: ${started.error.code}`);
      snapshot = { at: offset + events.length, state: { ...s, deal: null } };
      seeds[String(dealNo)] = seed;
      for (const e of started.events) {
        events.push(e);
        s = evolve(s, e);
      }
    }
    return { events, state: s, ...(snapshot !== undefined ? { snapshot, seeds } : {}) };
  }

  /** The current state: the head commit names its deal's base commit; fold from that snapshot. Bounded reads. */
  async load(tableId: string): Promise<Loaded> {
    const head = await this.store.head(tableId);
    if (head === undefined) throw new AppError(404, 'table/not_found', `no table ${tableId}`);
    const commits = head.base === head.seq ? [head] : await this.store.range(tableId, head.base, head.seq);
    const state = foldFromBase(commits);
    if (state === null) throw new AppError(404, 'table/not_found', `no table ${tableId}`);
    return { state, version: lastSeq(head), base: head.base, commits };
  }

  /**
   * The commit an idempotency key was stored with. Searched in the current deal's commits (read anyway); a retry pinned
   * to an older `expectedVersion` looks at the one slot its original would have taken (one more read, and only for a
   * command that would otherwise fail with a version conflict), so such retries are recognised after any number of deals.
   */
  private async findIdempotent(
    tableId: string,
    loaded: Loaded,
    idem: string,
    expectedVersion: number | undefined,
  ): Promise<{ commit: Commit; before: TableState | null } | undefined> {
    const index = loaded.commits.findIndex((c) => c.idempotencyKey === idem);
    const commit = loaded.commits[index];
    if (commit !== undefined)
      return { commit, before: await this.stateBefore(tableId, commit, loaded.commits.slice(0, index)) };
    if (expectedVersion === undefined || expectedVersion >= loaded.version) return undefined;
    const slot = await this.store.commitHolding(tableId, expectedVersion + 1);
    if (slot === undefined || slot.seq !== expectedVersion + 1 || slot.idempotencyKey !== idem) return undefined;
    return { commit: slot, before: await this.stateBefore(tableId, slot, []) };
  }

  /** The state just before `commit`, from the commits before it in its deal (or its previous deal's commits). */
  private async stateBefore(tableId: string, commit: Commit, earlier: readonly Commit[]): Promise<TableState | null> {
    if (earlier.length > 0) return foldFromBase(earlier);
    if (commit.seq === 1) return null;
    return foldFromBase(await this.store.range(tableId, commit.prevBase, commit.seq - 1));
  }

  async view(tableId: string, actor: Actor): Promise<{ version: number; view: TableView }> {
    const loaded = await this.load(tableId);
    return { version: loaded.version, view: view(loaded.state, audienceOf(actor)) };
  }

  /**
   * Events after `after`, redacted for the actor, at most `limit`. Reads: the head commit, the commit holding
   * `after + 1` and its deal's commits before it (none when it is the deal's snapshot), then one page of commits —
   * bounded by the current deal and the page, never by the table's history.
   */
  async events(
    tableId: string,
    actor: Actor,
    after: number,
    limit: number,
  ): Promise<{ version: number; events: SeatedEvent[]; next: number | null }> {
    const head = await this.store.head(tableId);
    if (head === undefined) throw new AppError(404, 'table/not_found', `no table ${tableId}`);
    const version = lastSeq(head);
    if (after >= version) return { version, events: [], next: null };
    const from = after + 1;
    const first = from >= head.seq ? head : await this.store.commitHolding(tableId, from);
    if (first === undefined) throw new AppError(404, 'table/not_found', `no table ${tableId}`);
    // The state before the first event shown: a base commit's snapshot when the page starts at its deal start.
    const snap = first.snapshot;
    let state: TableState | null;
    let skip = 0;
    if (snap !== undefined && from >= first.seq + snap.at) {
      state = snap.state;
      skip = snap.at;
    } else state = await this.stateBefore(tableId, first, []);
    const page = first === head ? [head] : await this.store.range(tableId, first.seq, version, limit);
    const audience = audienceOf(actor);
    // Only the organiser's redaction depends on the current state (deals that are over are shown in full).
    const reachesHead = page[page.length - 1]?.seq === head.seq;
    let current: TableState | undefined =
      audience.kind === 'organiser' && !reachesHead ? (await this.load(tableId)).state : undefined;
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

  /** Locate deal `n`: its base commit (snapshot) and the commits up to the one holding its end. */
  private async dealCommits(tableId: string, n: number): Promise<{ commits: Commit[]; state: TableState | null }> {
    const head = await this.store.head(tableId);
    if (head === undefined) throw new AppError(404, 'table/not_found', `no table ${tableId}`);
    // Binary search over seqs for the base commit of deal n (deal numbers grow with seq): O(log events) reads.
    let lo = 1;
    let hi = lastSeq(head);
    let base: Commit | undefined;
    while (lo <= hi) {
      const mid = Math.floor((lo + hi) / 2);
      const c = await this.store.commitHolding(tableId, mid);
      if (c === undefined) break;
      const b = c.base === c.seq ? c : await this.store.commitHolding(tableId, c.base);
      if (b === undefined) break;
      const deals = b.events.flatMap((e) => (e.type === 'DealStarted' ? [e.deal] : []));
      if (deals.includes(n)) {
        base = b;
        break;
      }
      if (Math.max(0, ...deals) < n) lo = lastSeq(c) + 1;
      else hi = b.seq - 1;
    }
    if (base === undefined) throw new AppError(404, 'deal/not_found', `no deal ${n} at this table`);
    const commits = [...(await this.store.range(tableId, base.seq, lastSeq(head), 300))];
    return { commits, state: base.snapshot?.state ?? null };
  }

  /** The game record (RECORD.md) of a finished deal, with its result and fairness proof. */
  async record(
    tableId: string,
    n: number,
  ): Promise<{ record: unknown; players: readonly number[]; result: unknown; fairness: unknown }> {
    const { commits } = await this.dealCommits(tableId, n);
    let started: Extract<TableEvent, { type: 'DealStarted' }> | undefined;
    let ended: Extract<TableEvent, { type: 'DealEnded' }> | undefined;
    let opened: TableState | null = null;
    const actions: { seat: number; action: Action }[] = [];
    for (const c of commits)
      c.events.forEach((e, i) => {
        if (e.type === 'DealStarted' && e.deal === n) {
          started = e;
          if (c.snapshot !== undefined && c.snapshot.at === i) opened = c.snapshot.state;
        }
        if (e.type === 'ActionTaken' && e.deal === n && started !== undefined)
          actions.push({ seat: started.players.indexOf(e.seat), action: e.action });
        if (e.type === 'DealEnded' && e.deal === n) ended = e;
      });
    const start = started as Extract<TableEvent, { type: 'DealStarted' }> | undefined;
    const end = ended as Extract<TableEvent, { type: 'DealEnded' }> | undefined;
    const state = opened as TableState | null;
    if (start === undefined || state === null) throw new AppError(404, 'deal/not_found', `no deal ${n} at this table`);
    if (end === undefined) throw new AppError(409, 'deal/not_over', `deal ${n} is still being played`);
    const record = toRecord({
      variant: state.variant,
      preset: state.preset,
      options: state.options,
      seats: start.players.length,
      dealer: start.dealerInDeal,
      layout: start.layout,
      actions,
    });
    // The record numbers the deal's players 0..n-1 (RECORD.md); `players` maps them to table seats (who sat out).
    return { record, players: start.players, result: end.result, fairness: await this.fairness(tableId, n) };
  }

  /** The commitment of deal `n`; the seed once the deal has ended. */
  async fairness(
    tableId: string,
    n: number,
  ): Promise<{ deal: number; commitment: string | null; seed: string | null; revealed: boolean; algorithm: string }> {
    const { commits } = await this.dealCommits(tableId, n);
    let commitment: string | null = null;
    let seed: string | null = null;
    let over = false;
    for (const c of commits)
      for (const e of c.events) {
        if (e.type === 'DealStarted' && e.deal === n) {
          commitment = e.commitment ?? null;
          seed = c.seeds?.[String(n)] ?? null;
        }
        if (e.type === 'DealEnded' && e.deal === n) over = true;
      }
    return {
      deal: n,
      commitment,
      seed: over ? seed : null,
      revealed: over,
      algorithm: 'commitment = sha256("<tableId>:<deal>:<seed>"); deck = shuffledDeckFor(table state, seed)',
    };
  }

  /** Check a seed against deal `n`: the commitment and the dealt hands must both follow from it. */
  async verify(
    tableId: string,
    n: number,
    seed: string,
  ): Promise<{ deal: number; commitmentMatches: boolean; dealMatches: boolean }> {
    const { commits } = await this.dealCommits(tableId, n);
    for (const c of commits)
      for (const [i, e] of c.events.entries()) {
        if (e.type !== 'DealStarted' || e.deal !== n) continue;
        const before = c.snapshot !== undefined && c.snapshot.at === i ? c.snapshot.state : null;
        const commitmentMatches = e.commitment === commitmentFor(tableId, n, seed);
        let dealMatches = false;
        if (before !== null) {
          const redo = decide({ type: 'StartDeal', deck: shuffledDeckFor(before, seed) }, before);
          const first = redo.ok ? redo.events[0] : undefined;
          dealMatches =
            first !== undefined &&
            first.type === 'DealStarted' &&
            JSON.stringify(first.layout) === JSON.stringify(e.layout);
        }
        return { deal: n, commitmentMatches, dealMatches };
      }
    throw new AppError(404, 'deal/not_found', `no deal ${n} at this table`);
  }

  /** Settle a posted game record (RECORD.md). */
  score(record: unknown): unknown {
    const out = scoreRecord(record);
    const error = 'error' in out ? (out.error as RecordError) : undefined;
    if (error !== undefined)
      throw new AppError(422, error.code, error.message, {
        ...(error.field !== undefined ? { field: error.field } : {}),
        ...(error.rule !== undefined ? { rule: error.rule } : {}),
        ...(error.seat !== undefined ? { seat: error.seat } : {}),
        ...(error.index !== undefined ? { index: error.index } : {}),
      });
    return out;
  }

  private async syncLobby(meta: TableMeta, state: TableState): Promise<void> {
    const open = meta.seats.filter((s) => s.kind === 'open').length;
    if (meta.visibility === 'public' && open > 0 && !state.closed)
      await this.store.putLobby({
        tableId: meta.tableId,
        variant: meta.variant,
        preset: meta.preset,
        seats: meta.seats.length,
        openSeats: open,
        createdAt: meta.createdAt,
      });
    else await this.store.deleteLobby(meta.tableId, meta.createdAt);
  }

  /** For the bots: the seats a bot must act for now, with their legal actions. */
  async botTurns(tableId: string): Promise<{ seat: number; legal: readonly Action[]; version: number }[]> {
    const meta = await this.meta(tableId);
    const loaded = await this.load(tableId);
    const deal = loaded.state.deal;
    if (loaded.state.closed || deal === null || deal.over) return [];
    const v = view(loaded.state, { kind: 'spectator' });
    const toAct = v.deal?.toAct ?? [];
    return toAct
      .filter((seat) => meta.seats[seat]?.kind === 'bot')
      .map((seat) => ({
        seat,
        legal: view(loaded.state, { kind: 'seat', seat }).legalActions,
        version: loaded.version,
      }));
  }
}

interface Advance {
  readonly events: TableEvent[];
  readonly state: TableState;
  readonly snapshot?: { readonly at: number; readonly state: TableState | null };
  readonly seeds?: Record<string, string>;
}

/** Fold commits that start with a base commit: from its snapshot, then every later event. */
function foldFromBase(commits: readonly Commit[]): TableState | null {
  const base = commits[0];
  if (base === undefined || base.snapshot === undefined) throw new Error('reads must start at a base commit');
  let state = base.snapshot.state;
  for (const e of base.events.slice(base.snapshot.at)) state = evolve(state, e);
  for (const c of commits.slice(1)) for (const e of c.events) state = evolve(state, e);
  return state;
}

export function audienceOf(actor: Actor): Audience {
  switch (actor.kind) {
    case 'seat':
    case 'bot':
      return { kind: 'seat', seat: actor.seat };
    case 'organiser':
      return { kind: 'organiser' };
    case 'spectator':
      return { kind: 'spectator' };
    default: {
      const never: never = actor;
      return never;
    }
  }
}

function actorKey(actor: Actor): string {
  switch (actor.kind) {
    case 'seat':
    case 'bot':
      return `seat${actor.seat}`;
    case 'organiser':
    case 'spectator':
      return actor.kind;
    default: {
      const never: never = actor;
      return never;
    }
  }
}

/** Whether the deal an event belongs to is over in `current` (the organiser then sees it unredacted). */
function dealOverFor(event: TableEvent, current: TableState): boolean {
  const deal = 'deal' in event && typeof event.deal === 'number' ? event.deal : undefined;
  if (deal === undefined) return true;
  return deal < current.dealNo || (deal === current.dealNo && current.deal !== null && current.deal.over);
}

function redactOne(before: TableState | null, event: TableEvent, audience: Audience, current: TableState): TableEvent {
  return redactEvent(before, event, audience, dealOverFor(event, current));
}

/** Redact a commit's events for an audience, folding the state event by event. */
function redactAll(before: TableState | null, commit: Commit, audience: Audience, current: TableState): SeatedEvent[] {
  let state = before;
  return commit.events.map((event, i) => {
    const out = { seq: commit.seq + i, event: redactOne(state, event, audience, current) };
    state = evolve(state, event);
    return out;
  });
}
