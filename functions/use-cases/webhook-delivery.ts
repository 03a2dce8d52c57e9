import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { type TableEvent, type TableState, evolve, redactEvent, tournament, view } from '../../engine/index.js';
import { type Commit, type TableMeta, type TableStore, lastSeq, unheard } from '../ports/table-store.js';
import type { TournamentCommit } from '../ports/tournament-store.js';
import { type Actor, audienceName, audienceOf, currentActor } from '../policy/access.js';
import { type HeadCache, foldFromBase, metaAtCommit, seatedMeta, statesAround, withSeating } from './index.js';
import {
  type Attempt,
  BATCH_LIMITS,
  type Delivery,
  type DeliveryBatch,
  type Hook,
  isAfter,
  type QueueHead,
  type QueuePosition,
  RETRY_DELAYS_MS,
  type WebhookEventType,
  type WebhookStore,
  deliveryIdOf,
  type Clock,
  type PumpJob,
  pumpKey,
  type Scheduler,
  TARGET_CONCURRENCY,
} from '../ports/webhooks.js';
import { signDelivery } from '../crypto/webhook-signing.js';
import { type TargetPolicy, guardedLookup, refusedUrl } from '../adapters/http/webhook-targets.js';

export interface DelivererDeps {
  readonly store: WebhookStore;
  readonly tables: TableStore;
  readonly clock: Clock;
  readonly policy: TargetPolicy;
  /** Per-attempt time-out (default 15 s, as Standard Webhooks suggests). */
  readonly timeoutMs?: number;
  /** How long one pump may hold its (hook, table) lease (default: the time-out + 5 s, so a crashed pump's runs out). */
  readonly leaseMs?: number;
  /** Sends in flight to one target at a time (default TARGET_CONCURRENCY). */
  readonly targetConcurrency?: number;
  /** The service's cached heads (head-cache.ts): the metadata and the state before a commit without reading. */
  readonly heads?: HeadCache;
}

/** One HTTP attempt's outcome. */
export type SendOutcome = { readonly ok: boolean; readonly status?: number; readonly error?: string };

/**
 * Signed webhook deliveries, at least once and in seq order per (registration, table), off the commit path:
 *
 *   commit ──enqueue──▶ one Delivery per matching event (redacted for the registration's audience), stored as ONE
 *          batch item per (registration, commit) — one write, however many events (a large commit: a few parts; a run
 *          of commits this process wrote ahead of the stream side: one for the run)
 *          ──▶ outbox: a durable `webhook.pump` due-work item for (registration, stream) ── the commit side is done
 *   pump (its own run, never awaited by a commit): take the lease · the head batch: send its deliveries in order ·
 *          2xx → next (their state recorded in the batch every few sends) · failure → retry at now + backoff (the
 *          outbox) · batch done → finish it, next batch · queue empty → the outbox item goes
 *
 * A failed head blocks the later deliveries of that table (ordering) until it succeeds or its retries run out
 * (about 28 hours, then it is marked `failed` and the queue moves on). A target that does not answer (time-out,
 * refused connection) is backed off as a whole (every registration naming it waits, 5 s doubling to 5 min), and at most
 * `targetConcurrency` sends are in flight to one target: a slow or dead target delays only its own deliveries.
 */
/**
 * A read shared by the callers that wait at the same time, never older than the call (docs/performance.md
 * "One commit per bot run"): a caller joins a read that has not started yet, or starts one; while one runs, the callers
 * that arrive wait for it to end and then share the next. Every caller gets a value read after it called — so a
 * registration that completed before a commit was written (and so before its stream record reached onCommit) is seen,
 * as with one read per commit — at one read per burst of commits instead of one per commit.
 */
export function freshRead<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<unknown> | undefined;
  let next: Promise<T> | undefined;
  return () => {
    if (next !== undefined) return next;
    const start = (): Promise<T> => {
      next = undefined;
      const p = read();
      const settled: Promise<unknown> = p.then(
        () => {
          if (running === settled) running = undefined;
        },
        () => {
          if (running === settled) running = undefined;
        },
      );
      running = settled;
      return p;
    };
    if (running === undefined) return start();
    next = running.then(start);
    return next;
  };
}

/** A table's registrations as looked up under `key` (its listen epoch, or the global stamp), and its creator key. */
interface Lookup {
  readonly key: string;
  readonly hooks: readonly Hook[];
  readonly creator?: string;
}

/** One target's share of this process: sends in flight, who waits for a slot, and its back-off after no answer. */
interface Target {
  inFlight: number;
  readonly waiters: (() => void)[];
  silent: number;
  until: number;
}

/** Back-off of a target after `silent` sends in a row got no answer: 5 s doubling, at most 5 minutes. */
const targetBackoffMs = (silent: number): number => Math.min(5 * 60_000, 5_000 * 2 ** (silent - 1));

/** The target a URL names (scheme, host and port): what concurrency and back-off are counted per. */
const targetOf = (url: string): string => {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
};

export class Deliverer {
  #scheduler: Scheduler | undefined;
  readonly #targets = new Map<string, Target>();
  readonly #lookups = new Map<string, Lookup>();
  /** Per (registration, table): the last seq whose deliveries a batch this process stored already holds. */
  readonly #covered = new Map<string, number>();
  /** The queues a pump of this process is sending now (key `pumpKey`), and whether a commit added to one meanwhile. */
  readonly #pumping = new Map<string, { poked: boolean }>();
  readonly #stamp: () => Promise<string | undefined>;
  constructor(private readonly deps: DelivererDeps) {
    const read = deps.store.stamp?.bind(deps.store);
    this.#stamp = read === undefined ? () => Promise.resolve(undefined) : freshRead(read);
  }

  #remember(tableId: string, entry: Lookup): void {
    this.#lookups.delete(tableId);
    this.#lookups.set(tableId, entry);
    if (this.#lookups.size > 5000) {
      const oldest = this.#lookups.keys().next().value;
      if (oldest !== undefined) this.#lookups.delete(oldest);
    }
  }

  /** The retry scheduler (it calls back into {@link pump}, so it is set after construction). */
  setScheduler(scheduler: Scheduler): void {
    this.#scheduler = scheduler;
  }

  /** Make the deliveries a commit causes and start pumping them. Safe to call twice for one commit. */
  async onCommit(commit: Commit): Promise<void> {
    // No registration could concern the table when the commit was written (its listen epoch is 0; use-cases/listen.ts
    // raises it before a registration for the table answers, and tables created with an API key start at 1).
    if (unheard(commit)) return;
    // The registrations of a table, cached under the commit's listen epoch (docs/performance.md "Who listens"): every
    // change of the registrations that concern the table raised the epoch before it answered, so a commit carrying the
    // epoch the lookup was made at needs no read at all. A commit from before epochs existed: cached under the
    // registrations' global stamp instead (one small GetItem; one read serves every commit waiting at the same time,
    // freshRead).
    const key =
      commit.listen !== undefined
        ? `e${commit.listen}`
        : await this.#stamp().then((s) => (s === undefined ? undefined : `s${s}`));
    const known = key === undefined ? undefined : this.#lookups.get(commit.tableId);
    let meta: TableMeta | undefined;
    let entry: Lookup;
    if (known !== undefined && known.key === key) entry = known;
    else {
      meta = await this.deps.tables.getMeta(commit.tableId);
      if (meta === undefined) return;
      entry = {
        key: key ?? '',
        hooks: await this.hooksFor(meta),
        ...(meta.createdByKeyHash !== undefined ? { creator: meta.createdByKeyHash } : {}),
      };
      if (key !== undefined) this.#remember(commit.tableId, entry);
    }
    if (entry.hooks.length > 0) await this.#enqueue(commit, entry.hooks, meta);
    // A closed table has no more commits: its creator's registrations need not raise its epoch any more. Only after
    // its batch is made: until then the key's tables still list it, so a catch-up after a crash finds it
    // (`catchUp` of a registration for an API key).
    if (entry.creator !== undefined && commit.events.some((e) => e.type === 'TableClosed'))
      await this.deps.tables.dropCreator(entry.creator, commit.tableId);
  }

  /**
   * One commit's deliveries for each of `hooks` as one batch (or a few parts), then each queue handed to the outbox.
   * When this process already wrote later commits of the table (bots play runs of deals ahead of the stream side:
   * stream/on-commit.ts `progressStep`, up to MAX_RUNS_AHEAD), their deliveries go into the same batch — one write for the run instead of one per commit —
   * and those commits' own turn here finds them stored (`#covered`) and writes nothing.
   */
  async #enqueue(commit: Commit, hooks: readonly Hook[], meta: TableMeta | undefined): Promise<void> {
    const { tables, heads } = this.deps;
    const open = hooks.filter((h) => (this.#covered.get(coverKey(h.hookId, commit.tableId)) ?? 0) < lastSeq(commit));
    if (open.length === 0) return;
    // The state before the commit and the metadata at it (the seating is the stream's) from the service's cached head
    // when it kept up (as the fan-out).
    if (meta !== undefined) heads?.setConfig(meta);
    const before = (await statesAround(tables, heads, commit)).before;
    const at = await metaAtCommit(tables, heads, commit);
    if (at === undefined) return;
    const run = [{ commit, at }, ...(await this.#aheadOf(commit, at))];
    // The state before each commit of the run: the one after the commit before it (from its messages, else folded).
    const befores: (TableState | null | undefined)[] = [before];
    const beforeOf = (i: number): TableState | null =>
      i === 0 ? before : (befores[i] ??= foldOnto(beforeOf(i - 1), run[i - 1]!.commit));
    const now = this.deps.clock.now();
    let current: Promise<TableMeta | undefined> | undefined;
    await Promise.all(
      open.map(async (hook) => {
        const made: Delivery[] = [];
        for (const [i, step] of run.entries()) {
          // Admitted on the table as it is now (the commit's seating may predate the registering seat's join).
          const actor =
            actorOf(hook, step.at) ??
            actorOf(hook, (await (current ??= seatedMeta(tables, commit.tableId))) ?? step.at);
          // The token that registered no longer grants access (seat left, table turned private): nothing to send.
          if (actor === undefined) continue;
          const out = messagesAndAfter(hook, actor, step.at, step.commit, beforeOf(i), now);
          befores[i + 1] ??= out.after;
          made.push(...out.made);
        }
        let fresh = true;
        for (const batch of batchesOf(made, 'c', now)) fresh = (await this.deps.store.addBatch(batch)) && fresh;
        // A batch under the same key existed (a replay; or one made by another instance, which may hold less): the
        // later commits of the run make their own (the queue drops what it sent already).
        const upTo = lastSeq((fresh ? run[run.length - 1]! : run[0]!).commit);
        this.#cover(coverKey(hook.hookId, commit.tableId), upTo);
        if (made.length > 0)
          await this.#kick({ kind: 'webhook.pump', hookId: hook.hookId, tableId: commit.tableId }, now);
      }),
    );
  }

  /**
   * The commits after `commit` that this process wrote and still holds as the table's cached head, when they follow it
   * directly under the same listen epoch (the registrations looked up for it hold for them) and each carries its
   * seating (a deal start: its metadata needs no read) — else none. One Query.
   */
  async #aheadOf(commit: Commit, at: TableMeta): Promise<{ commit: Commit; at: TableMeta }[]> {
    const head = this.deps.heads?.get(commit.tableId);
    if (head === undefined || head.version <= lastSeq(commit) || commit.listen === undefined) return [];
    const later = await this.deps.tables.range(commit.tableId, lastSeq(commit) + 1, head.version, MAX_RUN);
    const out: { commit: Commit; at: TableMeta }[] = [];
    let last = lastSeq(commit);
    for (const c of later) {
      if (c.seq !== last + 1 || c.listen !== commit.listen || c.seating === undefined) break;
      out.push({ commit: c, at: { ...at, seats: c.seating } });
      last = lastSeq(c);
    }
    return out;
  }

  #cover(key: string, seq: number): void {
    if ((this.#covered.get(key) ?? 0) >= seq) return;
    this.#covered.delete(key);
    this.#covered.set(key, seq);
    if (this.#covered.size > 5000) {
      const oldest = this.#covered.keys().next().value;
      if (oldest !== undefined) this.#covered.delete(oldest);
    }
  }

  /**
   * The deliveries of a tournament commit (one per event its registrations want, unredacted: the tournament's stream
   * is public) and their pump, queued per (registration, tournament) in seq order. Safe to call twice for one commit.
   * Locally the tournament service's commit hook calls it, on AWS the stream function (functions/stream/lambda.ts).
   */
  async onTournamentCommit(written: TournamentCommit): Promise<void> {
    const hooks = await this.deps.store.hooksForTournament(written.tournamentId);
    if (hooks.length === 0) return;
    // As published (idempotent; every caller's commit passes here, the catch-up's read from the store too): a running
    // duplicate round's table results are embargoed and players' external ids left out (engine/tournament).
    const commit: TournamentCommit = { ...written, events: tournament.publishedCommitEvents(written.events) };
    const now = this.deps.clock.now();
    await Promise.all(
      hooks.map(async (hook) => {
        const made = tournamentMessagesFor(hook, commit, now);
        if (made.length === 0) return;
        for (const batch of batchesOf(made, 'c', now)) await this.deps.store.addBatch(batch);
        await this.#kick({ kind: 'webhook.pump', hookId: hook.hookId, tableId: commit.tournamentId }, now);
      }),
    );
  }

  /**
   * A registration made while a seat is already to act: later commits announce only the turns they begin, so the
   * current one's `your_turn` is made now (call after the registration is stored and heard). Its delivery id is the
   * one the commit that began the turn would have given it had the registration existed, so nothing is sent twice.
   */
  async onRegistered(hook: Hook): Promise<void> {
    if (hook.scope.kind !== 'table' || !wants(hook, 'your_turn')) return;
    const tableId = hook.scope.tableId;
    const [stored, head] = await Promise.all([this.deps.tables.getMeta(tableId), this.deps.tables.head(tableId)]);
    if (stored === undefined || head === undefined) return;
    const commits = await this.deps.tables.range(tableId, head.base, lastSeq(head));
    const meta = withSeating(stored, { commits });
    const actor = actorOf(hook, meta);
    if (actor === undefined) return;
    const state = foldFromBase(commits);
    if (state === null) return;
    const turns = turnsFor(hook, actor, meta, tableId, lastSeq(head), state, this.deps.clock.now());
    if (turns.length === 0) return;
    // Its own batch (tag `r`, after the commit's at the same position): when the commit that began the turn makes the
    // same delivery for the registration too, the queue sends the first copy and drops the other.
    for (const batch of batchesOf(turns, 'r', this.deps.clock.now())) await this.deps.store.addBatch(batch);
    await this.#kick({ kind: 'webhook.pump', hookId: hook.hookId, tableId }, this.deps.clock.now());
  }

  /**
   * Hand a queue to the outbox (durable; the pump runs on its own) — the commit side never waits for a target. Without
   * an outbox (a bare Deliverer in a test) the pump runs here.
   */
  async #kick(job: PumpJob, at: number): Promise<void> {
    if (this.#scheduler === undefined) {
      await this.pump(job);
      return;
    }
    // A pump of the queue runs in this process: the queue's outbox item is stored (the pump was started from it) and
    // only that pump removes it, after which it looks at the queue again — and at this mark, set after the batch was
    // written, so it hands the queue back to the outbox then. One write per commit instead of two while a queue is
    // being sent (a slow target's: all the time). On AWS no commit side pumps: this is always the stored item.
    const running = this.#pumping.get(pumpKey(job));
    if (running !== undefined && at <= this.deps.clock.now()) {
      running.poked = true;
      return;
    }
    await this.#scheduler.schedule(at, job);
  }

  /**
   * After a crash: the deliveries of the commits a lost fan-out never turned into batches, or turned into only some of
   * their parts (a commit of a huge run of events makes a few batches, one write each: a kill -9 can land between two).
   * Every commit of the stream from the one holding the registration's newest batch on (or, before its first batch,
   * every commit made at or after the registration) is enqueued again — idempotent: a batch's key follows from the
   * registration, the stream and its first delivery, so the batches made before the crash keep their deliveries'
   * state — and the queue handed to the outbox. A registration for an API key does this for each table the key created
   * that has not closed yet (or whose closing commit's batch was not made). local/heal.ts runs it for every
   * registration at start-up; on AWS the DATA_TABLE stream replays what its function did not finish.
   */
  async catchUp(
    hook: Hook,
    sources: {
      /**
       * The tournament's commits from the one holding event `fromSeq` on, ascending (the commit holding it may begin
       * earlier: a commit of several events).
       */
      readonly tournamentCommitsFrom?: (tournamentId: string, fromSeq: number) => Promise<readonly TournamentCommit[]>;
    } = {},
  ): Promise<number> {
    if (hook.scope.kind === 'tournament') {
      const streamId = hook.scope.tournamentId;
      const last = await this.deps.store.lastBatchSeq(hook.hookId, streamId);
      let replayed = 0;
      for (const c of (await sources.tournamentCommitsFrom?.(streamId, last ?? 1)) ?? []) {
        if (last === undefined && c.at < hook.createdAt) continue;
        await this.onTournamentCommit(c);
        replayed++;
      }
      await this.#kick({ kind: 'webhook.pump', hookId: hook.hookId, tableId: streamId }, this.deps.clock.now());
      return replayed;
    }
    if (hook.scope.kind === 'table') return this.#catchUpTable(hook, hook.scope.tableId);
    let replayed = 0;
    let after: string | undefined;
    do {
      const page = await this.deps.tables.tablesOfCreator(hook.scope.keyHash, 100, after);
      for (const tableId of page.tableIds) replayed += await this.#catchUpTable(hook, tableId);
      after = page.next;
    } while (after !== undefined);
    return replayed;
  }

  async #catchUpTable(hook: Hook, tableId: string): Promise<number> {
    const last = await this.deps.store.lastBatchSeq(hook.hookId, tableId);
    const head = await this.deps.tables.head(tableId);
    let replayed = 0;
    if (head !== undefined) {
      // The commit that made the newest batch may have made only some of its parts: it is replayed too.
      const holding = last === undefined ? undefined : await this.deps.tables.commitHolding(tableId, last);
      for (let from = holding?.seq ?? 1; from <= lastSeq(head);) {
        const page = await this.deps.tables.range(tableId, from, lastSeq(head), 100);
        if (page.length === 0) break;
        for (const c of page) {
          if (last === undefined && c.at < hook.createdAt) continue;
          await this.onCommit(c);
          replayed++;
        }
        from = lastSeq(page[page.length - 1]!) + 1;
      }
    }
    // Batches made before the crash whose pump died with it: the outbox sends them (a no-op on an empty queue).
    await this.#kick({ kind: 'webhook.pump', hookId: hook.hookId, tableId }, this.deps.clock.now());
    return replayed;
  }

  /** The registrations for a table: its own, and those of the API key that created it. */
  async hooksFor(meta: TableMeta): Promise<readonly Hook[]> {
    const keyHash = meta.createdByKeyHash;
    const [direct, byKey] = await Promise.all([
      this.deps.store.hooksForTable(meta.tableId),
      keyHash === undefined ? [] : this.deps.store.hooksForKey(keyHash),
    ]);
    return [...direct, ...byKey];
  }

  /** Send the queue of one (hook, table) in order until it is empty or its head has to wait for a retry. */
  async pump(job: PumpJob): Promise<void> {
    const key = pumpKey(job);
    // Commits that make batches for the queue while this runs leave them to it (`#kick`); they are looked at on the way
    // out (a second pump of the queue in this process, on AWS, leaves the marking to the first).
    const mark = this.#pumping.has(key) ? undefined : { poked: false };
    if (mark !== undefined) this.#pumping.set(key, mark);
    try {
      await this.#pumpOnce(job);
    } finally {
      if (mark !== undefined) {
        this.#pumping.delete(key);
        // Checked in the same turn as the mark went: a commit after it stores the outbox item itself.
        if (mark.poked) await this.#scheduler?.schedule(this.deps.clock.now(), job);
      }
    }
  }

  async #pumpOnce(job: PumpJob): Promise<void> {
    const { store, clock } = this.deps;
    const leaseMs = this.deps.leaseMs ?? (this.deps.timeoutMs ?? 15_000) + 5_000;
    // Another pump sends this queue (another instance; or one that crashed, whose lease runs out): look again later.
    if (!(await store.lease(job.hookId, job.tableId, clock.now(), clock.now() + leaseMs))) {
      await this.#scheduler?.schedule(clock.now() + 1_000, job);
      return;
    }
    let left: { readonly again?: number; readonly emptied: boolean };
    // A registration deleted meanwhile: its batches stay in its log, nothing is sent, its outbox item goes.
    let gone: boolean;
    try {
      const hook = await store.getHook(job.hookId);
      gone = hook === undefined;
      left = hook === undefined ? { emptied: true } : await this.#drain(job, hook);
    } finally {
      await store.release(job.hookId, job.tableId);
    }
    if (left.again !== undefined) await this.#scheduler?.schedule(left.again, job);
    else if (left.emptied && this.#scheduler?.emptied !== undefined) {
      await this.#scheduler.emptied(job);
      // A commit that made a batch after the look above stored its outbox item before this removed it (the item is per
      // queue, not per batch): the queue goes back to the outbox, or a crash now would leave the batch without one.
      if (!gone && (await store.queueHead(job.hookId, job.tableId)) !== undefined)
        await this.#scheduler.schedule(clock.now(), job);
    }
  }

  /** Send the queue, batch after batch, while its deliveries succeed (under the pump's lease): where it was left. */
  async #drain(job: PumpJob, hook: Hook): Promise<{ readonly again?: number; readonly emptied: boolean }> {
    const target = this.#target(hook.url);
    for (;;) {
      const head = await this.deps.store.queueHead(job.hookId, job.tableId);
      if (head === undefined) return { emptied: true };
      const again = await this.#sendBatch(hook, target, head);
      if (again !== undefined) return { again, emptied: false };
    }
  }

  /**
   * Send the head batch's unfinished deliveries in order. Their state is recorded in the batch when the queue has to
   * wait, every {@link CHECKPOINT} sends or seconds, and when the batch is done (then the queue moves past it). Returns
   * when to come back, or undefined when the batch is done. A kill -9 between two records sends the deliveries since
   * the last one again, with the same `webhook-id` (at least once).
   */
  async #sendBatch(hook: Hook, target: Target, head: QueueHead): Promise<number | undefined> {
    const { store, clock } = this.deps;
    let done: Delivery[] = [];
    let left = [...head.batch.deliveries];
    let last: QueuePosition | undefined = head.after;
    let unsaved = 0;
    let savedAt = clock.now();
    // The batch as last read or written: a write over a newer revision (a redelivery recorded an attempt meanwhile) is
    // refused; then the stored batch is read again and its changes are kept beside this pump's (mergeBatch).
    let base: DeliveryBatch = head.batch;
    const write = async (finished: boolean): Promise<void> => {
      for (;;) {
        const mine: DeliveryBatch = { ...base, deliveries: finished ? done : [...done, ...left] };
        if (finished) {
          if (await store.finish(mine, last)) return;
        } else {
          const written = await store.putBatch(mine);
          if (written !== undefined) {
            base = written;
            return;
          }
        }
        const stored = await store.getBatch(base);
        // Gone meanwhile (expired): nothing is left to record.
        if (stored === undefined) return;
        const merged = mergeBatch(base, mine, stored);
        done = merged.slice(0, done.length);
        left = merged.slice(done.length);
        base = { ...stored, deliveries: merged };
      }
    };
    const record = async (): Promise<void> => {
      if (unsaved === 0) return;
      await write(false);
      unsaved = 0;
      savedAt = clock.now();
    };
    for (let d = left[0]; d !== undefined; d = left[0]) {
      if (d.status !== 'pending') {
        done.push(left.shift()!);
        if (last === undefined || isAfter(d, last)) last = d;
        continue;
      }
      // A copy of a delivery the queue has sent already (a registration's current turn that the commit beginning it
      // announced too; a catch-up's copy of a delivery stored on its own before batches): dropped, not sent again.
      if (last !== undefined && !isAfter(d, last)) {
        left.shift();
        unsaved++;
        continue;
      }
      if (d.nextAt > clock.now()) {
        await record();
        return d.nextAt;
      }
      // The target is backed off (it did not answer lately): its deliveries wait without spending an attempt.
      if (target.until > clock.now()) {
        await record();
        return target.until;
      }
      const started = clock.now();
      const outcome = await this.#limited(target, () => this.send(hook, d));
      if (outcome.status === undefined && !(outcome.error ?? '').startsWith('refused target')) {
        target.silent++;
        target.until = clock.now() + targetBackoffMs(target.silent);
      } else {
        target.silent = 0;
        target.until = 0;
      }
      const attempt: Attempt = {
        at: started,
        ms: Math.max(0, clock.now() - started),
        ...(outcome.status !== undefined ? { status: outcome.status } : {}),
        ...(outcome.error !== undefined ? { error: outcome.error } : {}),
      };
      const attempts = [...d.attempts, attempt].slice(-20);
      const failures = d.attempts.filter((a) => !isSuccess(a)).length + 1;
      const delay = RETRY_DELAYS_MS[failures - 1];
      if (!outcome.ok && delay !== undefined) {
        const nextAt = clock.now() + delay;
        left[0] = { ...d, attempts, nextAt };
        unsaved++;
        await record();
        return nextAt;
      }
      done.push({ ...d, status: outcome.ok ? 'delivered' : 'failed', attempts });
      left.shift();
      last = d;
      unsaved++;
      if (unsaved >= CHECKPOINT.sends || clock.now() - savedAt >= CHECKPOINT.ms) await record();
    }
    await write(true);
    return undefined;
  }

  #target(url: string): Target {
    const key = targetOf(url);
    let t = this.#targets.get(key);
    if (t === undefined) {
      t = { inFlight: 0, waiters: [], silent: 0, until: 0 };
      this.#targets.set(key, t);
      // Bounded: targets idle and not backed off are forgotten first.
      if (this.#targets.size > 10_000)
        for (const [k, v] of this.#targets)
          if (v.inFlight === 0 && v.until <= this.deps.clock.now()) {
            this.#targets.delete(k);
            if (this.#targets.size <= 5_000) break;
          }
    }
    return t;
  }

  /** Run `send` when the target has a free slot (at most `targetConcurrency` in flight to one target). */
  async #limited<T>(target: Target, send: () => Promise<T>): Promise<T> {
    const limit = this.deps.targetConcurrency ?? TARGET_CONCURRENCY;
    while (target.inFlight >= limit) await new Promise<void>((resolve) => target.waiters.push(resolve));
    target.inFlight++;
    try {
      return await send();
    } finally {
      target.inFlight--;
      target.waiters.shift()?.();
    }
  }

  /** Send one delivery now, outside the queue (the redeliver route); records the attempt in its log. */
  async redeliver(hook: Hook, delivery: Delivery): Promise<Delivery> {
    const started = this.deps.clock.now();
    const outcome = await this.send(hook, delivery);
    const attempt: Attempt = {
      at: started,
      ms: Math.max(0, this.deps.clock.now() - started),
      ...(outcome.status !== undefined ? { status: outcome.status } : {}),
      ...(outcome.error !== undefined ? { error: outcome.error } : {}),
    };
    // Applied to the delivery as stored when it is written (a pump may have recorded more of it meanwhile).
    const record = (d: Delivery): Delivery => ({
      ...d,
      attempts: [...d.attempts, attempt].slice(-20),
      ...(outcome.ok && d.status === 'failed' ? { status: 'delivered' as const } : {}),
    });
    return (await this.deps.store.putDelivery(hook.hookId, delivery.deliveryId, record)) ?? record(delivery);
  }

  /** One signed POST: https (or allowed http), addresses checked at connect time, no redirects, a time-out. */
  send(hook: Hook, delivery: Delivery): Promise<SendOutcome> {
    const refused = refusedUrl(hook.url, this.deps.policy);
    if (refused !== undefined) return Promise.resolve({ ok: false, error: `refused target: ${refused}` });
    const now = this.deps.clock.now();
    const secrets = hook.secrets.filter((s) => s.until === undefined || s.until > now).map((s) => s.secret);
    const headers = signDelivery(secrets, delivery.deliveryId, new Date(now), delivery.body);
    const url = new URL(hook.url);
    const requestFn = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const timeoutMs = this.deps.timeoutMs ?? 15_000;
    return new Promise<SendOutcome>((resolve) => {
      const req = requestFn(
        url,
        {
          method: 'POST',
          headers: {
            ...headers,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(delivery.body),
            'user-agent': 'Stammtisch-Webhooks/1',
          },
          lookup: guardedLookup(this.deps.policy),
          // A fresh connection per attempt: a kept-alive socket the target is closing would fail the attempt (and back
          // the target off) although the target is fine; every connection's address is checked anew (SSRF).
          agent: false,
          timeout: timeoutMs,
        },
        (res) => {
          res.resume();
          const status = res.statusCode ?? 0;
          // Redirects are not followed (they could point anywhere): a 3xx is a failed attempt.
          if (status >= 300 && status < 400) resolve({ ok: false, status, error: 'redirects are not followed' });
          else resolve({ ok: status >= 200 && status < 300, status });
        },
      );
      req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      req.on('error', (e) => resolve({ ok: false, error: e.message }));
      req.end(delivery.body);
    });
  }
}

/**
 * How often a pump records a batch's progress while it sends it: every 64 sends or 60 s, whichever comes first. A record
 * rewrites the whole batch (a run of 16 deals: ~14 KB deflated, about 15 write units on AWS), so not after every send
 * to a target that takes seconds; a crash sends what came after the last record again.
 */
const CHECKPOINT = { sends: 64, ms: 60_000 } as const;

/** Commits one batch holds at most (runs of bot-played deals ahead of the stream side: on-commit.ts `MAX_RUNS_AHEAD` is 16). */
const MAX_RUN = 32;

const coverKey = (hookId: string, tableId: string): string => `${hookId}#${tableId}`;

/** The table state after `commit`, folded onto the state before it. */
function foldOnto(before: TableState | null, commit: Commit): TableState | null {
  let state = before;
  for (const e of commit.events) state = evolve(state, e);
  return state;
}

/**
 * A pump's copy of a batch (`mine`, from `base` on) merged with the stored batch another writer rewrote meanwhile (a
 * redelivery recording its attempt: `stored`): each delivery keeps the pump's state and gains the attempts the other
 * writer added since `base`, in time order; a failed delivery the redelivery got through is delivered. In `mine`'s
 * order (the pump's done deliveries, then those left).
 */
export function mergeBatch(base: DeliveryBatch, mine: DeliveryBatch, stored: DeliveryBatch): Delivery[] {
  const key = (a: Attempt): string => `${a.at}/${a.ms}/${a.status ?? ''}/${a.error ?? ''}`;
  const known = new Map(base.deliveries.map((d) => [d.deliveryId, new Set(d.attempts.map(key))]));
  const theirs = new Map(stored.deliveries.map((d) => [d.deliveryId, d]));
  return mine.deliveries.map((d) => {
    const t = theirs.get(d.deliveryId);
    if (t === undefined) return d;
    const seen = known.get(d.deliveryId) ?? new Set<string>();
    const added = t.attempts.filter((a) => !seen.has(key(a)));
    if (added.length === 0 && !(t.status === 'delivered' && d.status === 'failed')) return d;
    return {
      ...d,
      attempts: [...d.attempts, ...added].sort((a, b) => a.at - b.at).slice(-20),
      ...(t.status === 'delivered' && d.status === 'failed' ? { status: 'delivered' as const } : {}),
    };
  });
}

/**
 * One registration's deliveries of one commit (in queue order) as the batches that store them: one, or a few parts
 * within {@link BATCH_LIMITS}, each keyed by its first delivery's position and `tag`.
 */
export function batchesOf(made: readonly Delivery[], tag: 'c' | 'r', now: number): DeliveryBatch[] {
  const out: DeliveryBatch[] = [];
  let part: Delivery[] = [];
  let bytes = 0;
  const close = (): void => {
    const first = part[0];
    if (first === undefined) return;
    out.push({
      hookId: first.hookId,
      tableId: first.tableId,
      ...(first.tournament === true ? { tournament: true as const } : {}),
      seq: first.seq,
      sub: first.sub,
      tag,
      createdAt: now,
      deliveries: part,
    });
    part = [];
    bytes = 0;
  };
  for (const d of made) {
    const size = Buffer.byteLength(d.body);
    if (part.length >= BATCH_LIMITS.deliveries || (part.length > 0 && bytes + size > BATCH_LIMITS.bodyBytes)) close();
    part.push(d);
    bytes += size;
  }
  close();
  return out;
}

const isSuccess = (a: Attempt): boolean => a.status !== undefined && a.status >= 200 && a.status < 300;

/** The actor a registration sees the table as now (undefined: its token no longer grants access). */
function actorOf(hook: Hook, meta: TableMeta): Actor | undefined {
  return hook.scope.kind === 'table' ? currentActor(meta, hook.scope.principal) : { kind: 'organiser' };
}

const wants = (hook: Hook, type: WebhookEventType): boolean => hook.events.includes('*') || hook.events.includes(type);

/**
 * The deliveries of one commit for one registration: each event redacted for its audience (Standard Webhooks
 * payload `{type, timestamp, data}`), then `your_turn` for every human seat the commit hands the turn to — with the
 * seat's legal actions and view when the registration is that seat.
 */
export function messagesFor(
  hook: Hook,
  actor: Actor,
  meta: TableMeta,
  commit: Commit,
  before: TableState | null,
  now: number,
): Delivery[] {
  return messagesAndAfter(hook, actor, meta, commit, before, now).made;
}

/** {@link messagesFor}, and the table state after the commit (folded on the way). */
function messagesAndAfter(
  hook: Hook,
  actor: Actor,
  meta: TableMeta,
  commit: Commit,
  before: TableState | null,
  now: number,
): { made: Delivery[]; after: TableState | null } {
  const audience = audienceOf(actor);
  const timestamp = new Date(now).toISOString();
  const out: Delivery[] = [];
  const make = (seq: number, sub: number, type: WebhookEventType, data: Record<string, unknown>): Delivery => ({
    hookId: hook.hookId,
    deliveryId: deliveryIdOf(hook.hookId, commit.tableId, seq, sub),
    tableId: commit.tableId,
    seq,
    sub,
    type,
    body: JSON.stringify({ type, timestamp, data }),
    status: 'pending',
    attempts: [],
    nextAt: now,
    createdAt: now,
  });
  let state = before;
  const states: (TableState | null)[] = [];
  for (const e of commit.events) {
    states.push(state);
    state = evolve(state, e);
  }
  const after = state;
  if (after === null) return { made: out, after };
  commit.events.forEach((event, i) => {
    if (!wants(hook, event.type as WebhookEventType)) return;
    const redacted = redactEvent(states[i]!, event, audience, dealOverFor(event, after));
    out.push(
      make(commit.seq + i, 0, event.type as WebhookEventType, {
        tableId: commit.tableId,
        seq: commit.seq + i,
        audience: audienceName(actor),
        event: redacted,
      }),
    );
  });
  if (!wants(hook, 'your_turn')) return { made: out, after };
  const toActBefore = before === null ? [] : (view(before, { kind: 'spectator' }).deal?.toAct ?? []);
  const acted = new Set(commit.events.flatMap((e) => (e.type === 'ActionTaken' ? [(e as { seat: number }).seat] : [])));
  // A turn begins: the seat was not to act before this commit, or it acted and must act again.
  const begins = (seat: number): boolean => !(toActBefore as readonly number[]).includes(seat) || acted.has(seat);
  return { made: [...out, ...turnsFor(hook, actor, meta, commit.tableId, lastSeq(commit), after, now, begins)], after };
}

/**
 * `your_turn` for every human seat to act in `state` (at `version`) that `begins` says starts its turn there, the
 * registration may hear of (its own seat, or every seat for the organiser) — with the seat's legal actions and view
 * when the registration is that seat. The delivery id is the same whichever path makes it (a commit handing the turn,
 * a registration made during it), so the queue keeps one.
 */
function turnsFor(
  hook: Hook,
  actor: Actor,
  meta: TableMeta,
  tableId: string,
  version: number,
  state: TableState,
  now: number,
  begins: (seat: number) => boolean = () => true,
): Delivery[] {
  const out: Delivery[] = [];
  const timestamp = new Date(now).toISOString();
  const audience = audienceOf(actor);
  for (const seat of view(state, { kind: 'spectator' }).deal?.toAct ?? []) {
    if (meta.seats[seat]?.kind !== 'human' || !begins(seat)) continue;
    if (actor.kind === 'seat' && actor.seat !== seat) continue;
    const own = actor.kind === 'seat' ? view(state, audience) : undefined;
    const seatInfo = meta.seats[seat];
    const data = {
      tableId,
      version,
      seat,
      name: seatInfo?.kind === 'human' ? seatInfo.name : undefined,
      deal: state.dealNo,
      ...(own !== undefined ? { legalActions: own.legalActions, view: own } : {}),
    };
    out.push({
      hookId: hook.hookId,
      deliveryId: deliveryIdOf(hook.hookId, tableId, version, 1 + seat),
      tableId,
      seq: version,
      sub: 1 + seat,
      type: 'your_turn',
      body: JSON.stringify({ type: 'your_turn', timestamp, data }),
      status: 'pending',
      attempts: [],
      nextAt: now,
      createdAt: now,
    });
  }
  return out;
}

/** A tournament commit's deliveries for one registration: `{type, timestamp, data: {tournamentId, seq, event}}`. */
export function tournamentMessagesFor(hook: Hook, commit: TournamentCommit, now: number): Delivery[] {
  const timestamp = new Date(now).toISOString();
  return commit.events.flatMap((event, i) => {
    const type = event.type as WebhookEventType;
    if (!wants(hook, type)) return [];
    const seq = commit.seq + i;
    return [
      {
        hookId: hook.hookId,
        deliveryId: deliveryIdOf(hook.hookId, commit.tournamentId, seq, 0),
        tableId: commit.tournamentId,
        tournament: true as const,
        seq,
        sub: 0,
        type,
        body: JSON.stringify({ type, timestamp, data: { tournamentId: commit.tournamentId, seq, event } }),
        status: 'pending' as const,
        attempts: [],
        nextAt: now,
        createdAt: now,
      },
    ];
  });
}

/** Whether the deal an event belongs to is over (the organiser then sees it unredacted), as in REST. */
function dealOverFor(event: TableEvent, current: TableState): boolean {
  const deal = 'deal' in event && typeof event.deal === 'number' ? event.deal : undefined;
  if (deal === undefined) return true;
  return deal < current.dealNo || (deal === current.dealNo && current.deal !== null && current.deal.over);
}
