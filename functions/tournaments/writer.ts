import { tournament as T } from '../../engine/index.js';
import { type TournamentCommit, type TournamentMeta, lastTournamentSeq } from '../ports/tournament-store.js';
import { AppError } from '../use-cases/errors.js';
import type { TournamentDeps } from './deps.js';

/**
 * The one writer of a process's tournament streams: the projection a command starts from (`load`: the cached fold
 * plus the commits written since) and the group commit (`execute`: load → decide on the engine → append ONE commit,
 * conditional on the next seq → the follow-ups). Every tournament command of functions/tournaments/ is written here;
 * what a command may do was decided before it came (functions/policy/tournament.ts), except what depends on the
 * state it is decided on: that the engine decides, inside the group.
 */

/** What every tournament use case is a function of: its deps and this process's writer of the streams. */
export interface TournamentContext {
  readonly deps: TournamentDeps;
  readonly writer: TournamentWriter;
  /** How often a running round's tables are looked at (ms). */
  readonly checkEveryMs: number;
}

/**
 * Lost races (another command took the slot) are decided again at once on the newer state; from the second loss on
 * after a short random pause (0..2^attempt ms, at most 64), so 200 players checking in at the same second spread out
 * instead of colliding again and again. A client sees `tournament/busy` only after all of these.
 */
const MAX_RETRIES = 40;
const backoff = (attempt: number): Promise<void> =>
  attempt < 1
    ? Promise.resolve()
    : new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(2 ** attempt, 64)));

/** Commands one commit takes at most (group commit, `submit`): a check-in's events are about 100 bytes. */
const GROUP_MAX = 100;

/** A command waiting to be written with the next commit of its tournament. */
interface Waiter {
  readonly command: (s: T.TournamentState) => T.TournamentCommand | undefined;
  readonly resolve: (outcome: Outcome) => void;
  readonly reject: (e: unknown) => void;
}

/** What became of a command: its refusal, if any, and the tournament's version it was decided and written at. */
interface Outcome {
  readonly refused?: AppError;
  readonly version: number;
}

/**
 * A group's commit (none when no command of it had anything to write), the version after it, and each command's
 * refusal.
 */
interface Written {
  readonly outcomes: readonly (AppError | undefined)[];
  readonly version: number;
  readonly commit?: TournamentCommit;
  readonly meta?: TournamentMeta;
}

/** Tournaments kept folded in this process (the projection a command starts from; see `load`). */
const CACHED_TOURNAMENTS = 100;

export interface Loaded {
  readonly meta: TournamentMeta;
  readonly state: T.TournamentState;
  readonly version: number;
  /** The commits after `base`: all of them (`base` 0), or those after the snapshot the state was started from. */
  readonly commits: readonly TournamentCommit[];
  readonly base: number;
}

export class TournamentWriter {
  /**
   * The projection: each tournament's state as folded so far (with its commits and version) and its metadata (which
   * never changes). A command reads only the commits after the cached version — usually none — instead of the whole
   * stream; a lost race reads the few it missed. Bounded (oldest out first).
   */
  private readonly cache = new Map<string, Loaded>();
  private readonly metas = new Map<string, TournamentMeta>();
  /** The version of the newest snapshot this process stored or started from, per tournament. */
  private readonly snapshots = new Map<string, number>();
  /** Commands waiting for the commit being written, per tournament (`submit`: group commit). */
  private readonly waiting = new Map<string, Waiter[]>();

  /**
   * @param afterCommit what follows a written commit's events (functions/tournaments/rounds.ts `afterCommit`: the
   *   next round's start after a round ended), run before the commit's callers are answered.
   */
  constructor(
    private readonly deps: TournamentDeps,
    private readonly afterCommit: (meta: TournamentMeta, commit: TournamentCommit) => Promise<void>,
  ) {}

  /** Decide a command on the newest state and append it; retried on a lost race. Throws the engine's refusal. */
  async execute(tournamentId: string, command: (s: T.TournamentState) => T.TournamentCommand): Promise<number> {
    const { refused, version } = await this.submit(tournamentId, command);
    if (refused !== undefined) throw refused;
    return version;
  }

  /** Like execute, but returns the refusal (undefined = appended or nothing to do). */
  async tryExecute(
    tournamentId: string,
    command: (s: T.TournamentState) => T.TournamentCommand | undefined,
  ): Promise<AppError | undefined> {
    return (await this.submit(tournamentId, command)).refused;
  }

  /**
   * Decide a command on the newest state and append it, answering its refusal or the version written. Group commit:
   * the commands of one tournament that arrive while this process is writing one of its commits wait, then go together
   * into the next commit — each decided on the state the ones before it leave (exactly as one after the other), each
   * caller answered with its own refusal or success. 200 players checking in at once are a few
   * commits instead of 200 writes racing for the same slot. Commands of other processes still race for the slot: a
   * lost race decides the whole group again on the newer state.
   */
  private submit(
    tournamentId: string,
    command: (s: T.TournamentState) => T.TournamentCommand | undefined,
  ): Promise<Outcome> {
    return new Promise((resolve, reject) => {
      const queue = this.waiting.get(tournamentId);
      const waiter: Waiter = { command, resolve, reject };
      if (queue !== undefined) {
        queue.push(waiter);
        return;
      }
      this.waiting.set(tournamentId, [waiter]);
      void this.drain(tournamentId);
    });
  }

  /**
   * Write the waiting commands of a tournament, a group (at most GROUP_MAX) per commit, until none wait. Only the
   * writing is one after the other: a group's follow-ups (snapshot, afterAppend) run beside the next group's
   * write, and its callers are answered when they are done — a follow-up that itself runs a command of the same
   * tournament (a round's start, a table closed) queues behind and is written, never waits for itself.
   */
  private async drain(tournamentId: string): Promise<void> {
    for (;;) {
      const queue = this.waiting.get(tournamentId) ?? [];
      if (queue.length === 0) {
        this.waiting.delete(tournamentId);
        return;
      }
      const group = queue.splice(0, GROUP_MAX);
      let written: Written;
      try {
        written = await this.commitGroup(tournamentId, group);
      } catch (e) {
        for (const w of group) w.reject(e);
        continue;
      }
      void this.followUp(tournamentId, written).then(
        () =>
          group.forEach((w, i) => {
            const refused = written.outcomes[i];
            w.resolve(refused === undefined ? { version: written.version } : { refused, version: written.version });
          }),
        (e: unknown) => group.forEach((w) => w.reject(e)),
      );
    }
  }

  /** One commit for a group of commands (decided in order on the newest state; retried on a lost race). */
  private async commitGroup(tournamentId: string, group: readonly Waiter[]): Promise<Written> {
    for (let attempt = 0; attempt < MAX_RETRIES; attempt++) {
      await backoff(attempt - 1);
      const loaded = await this.load(tournamentId);
      let state = loaded.state;
      const events: T.TournamentEvent[] = [];
      const outcomes = group.map((w): AppError | undefined => {
        let c: T.TournamentCommand | undefined;
        try {
          c = w.command(state);
        } catch (e) {
          // A command that refuses by throwing refuses alone, as it did when each command was written on its own.
          if (e instanceof AppError) return e;
          throw e;
        }
        if (c === undefined) return undefined;
        const decided = T.decideTournament(c, state);
        if (!decided.ok) return toAppError(decided.error);
        for (const e of decided.events) state = T.evolveTournament(state, e);
        events.push(...decided.events);
        return undefined;
      });
      if (events.length === 0) return { outcomes, version: loaded.version };
      const commit: TournamentCommit = { tournamentId, seq: loaded.version + 1, events, at: this.deps.now() };
      if (!(await this.deps.store.append(commit))) continue;
      // Our own commit extends the projection without a read.
      this.remember({
        meta: loaded.meta,
        state,
        commits: [...loaded.commits, commit],
        base: loaded.base,
        version: lastTournamentSeq(commit),
      });
      // Pushed in the order written (the follow-ups of consecutive commits may overlap).
      this.deps.onCommit?.(commit);
      return { outcomes, version: lastTournamentSeq(commit), commit, meta: loaded.meta };
    }
    throw new AppError(409, 'tournament/busy', 'the tournament changed too often meanwhile; try again');
  }

  /** What follows a written commit: the snapshot when due, the next round's start. */
  private async followUp(tournamentId: string, written: Written): Promise<void> {
    if (written.commit === undefined || written.meta === undefined) return;
    await this.snapshotIfDue(tournamentId);
    await this.afterCommit(written.meta, written.commit);
  }

  /** The tournament's META (cached: it never changes); 404 when there is none. */
  async meta(tournamentId: string): Promise<TournamentMeta> {
    const known = this.metas.get(tournamentId);
    if (known !== undefined) return known;
    const meta = await this.deps.store.getMeta(tournamentId);
    if (meta === undefined) throw new AppError(404, 'tournament/not_found', `no tournament ${tournamentId}`);
    this.metas.set(tournamentId, meta);
    if (this.metas.size > CACHED_TOURNAMENTS) this.metas.delete(this.metas.keys().next().value as string);
    return meta;
  }

  /**
   * The tournament's current state: the cached projection plus the commits written since (one query, usually
   * empty), or the whole stream when this process has not seen it yet. Every read is consistent, so a command decided
   * on it and appended conditionally at the next seq is right or loses the race.
   */
  async load(tournamentId: string): Promise<Loaded> {
    const meta = await this.meta(tournamentId);
    // Not seen by this process yet: start from the stored snapshot, if any, instead of the first commit.
    const cached = this.cache.get(tournamentId) ?? (await this.fromSnapshot(meta));
    const newer = await this.deps.store.commits(tournamentId, cached?.version ?? 0);
    if (cached !== undefined && newer.length === 0) {
      this.remember(cached);
      return cached;
    }
    const commits = [...(cached?.commits ?? []), ...newer];
    const state = newer
      .flatMap((c) => c.events)
      .reduce<T.TournamentState | null>((st, e) => T.evolveTournament(st, e), cached?.state ?? null);
    if (state === null) throw new AppError(404, 'tournament/not_found', `no tournament ${tournamentId}`);
    const last = commits[commits.length - 1];
    const base = cached?.base ?? 0;
    const loaded = { meta, state, commits, base, version: last === undefined ? base : lastTournamentSeq(last) };
    this.remember(loaded);
    return loaded;
  }

  private async fromSnapshot(meta: TournamentMeta): Promise<Loaded | undefined> {
    const snap = await this.deps.store.snapshot?.(meta.tournamentId);
    if (snap === undefined) return undefined;
    this.snapshots.set(meta.tournamentId, snap.version);
    return { meta, state: snap.state, commits: [], base: snap.version, version: snap.version };
  }

  /** After a commit: store a snapshot when `snapshotEvery` events were written since the last one. */
  private async snapshotIfDue(tournamentId: string): Promise<void> {
    const every = this.deps.snapshotEvery ?? 50;
    const loaded = this.cache.get(tournamentId);
    if (every <= 0 || this.deps.store.saveSnapshot === undefined || loaded === undefined) return;
    if (loaded.version - (this.snapshots.get(tournamentId) ?? 0) < every) return;
    this.snapshots.set(tournamentId, loaded.version);
    if (this.snapshots.size > CACHED_TOURNAMENTS) this.snapshots.delete(this.snapshots.keys().next().value as string);
    try {
      await this.deps.store.saveSnapshot(tournamentId, { version: loaded.version, state: loaded.state });
    } catch {
      // Best effort: the command is written; without this snapshot a cold process reads a little more of the stream.
    }
  }

  private remember(loaded: Loaded): void {
    const id = loaded.state.tournamentId;
    const known = this.cache.get(id);
    // A slower reader must not put back an older projection.
    if (known !== undefined && known.version > loaded.version) return;
    this.cache.delete(id);
    this.cache.set(id, loaded);
    if (this.cache.size > CACHED_TOURNAMENTS) this.cache.delete(this.cache.keys().next().value as string);
  }
}

function toAppError(e: { code: string; message: string; field?: string }): AppError {
  const status =
    e.code === T.TournamentErrors.notFound
      ? 404
      : e.code === T.TournamentErrors.unknownPlayer ||
          e.code === T.TournamentErrors.badDeals ||
          e.code === T.TournamentErrors.badEntry ||
          e.code === T.TournamentErrors.notZeroSum
        ? 422
        : e.code === T.TournamentErrors.notSeated && e.field === undefined
          ? 403
          : 409;
  return new AppError(status, e.code, e.message, e.field !== undefined ? { field: e.field } : {});
}
