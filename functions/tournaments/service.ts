import type { TournamentCaller } from '../policy/access.js';
import { OptionsError, tournament as T } from '../../engine/index.js';
import {
  type TournamentCommit,
  type TournamentMeta,
  type TournamentStore,
  lastTournamentSeq,
} from '../ports/tournament-store.js';
import { matchesHash, newSecret, sha256 } from '../crypto/secrets.js';
import { AppError } from '../use-cases/errors.js';
import type { DueWork, DueWorkScheduler } from '../ports/due-work.js';
import {
  derivedSeed,
  newPlayerId,
  newTournamentId,
  playerOfToken,
  playerToken,
  tournamentCommitment,
} from './secrets.js';

/**
 * The tournament use cases: load the stream → decide (engine/tournament) → append ONE commit (conditional) → the
 * side effects that follow from the new events (open the round's tables, schedule the next start). Side effects
 * are idempotent and re-driven by due work, so a crash between the append and them loses nothing.
 */

/** What a tournament needs from the tables: open one (idempotent by id), read its deals once it has closed. */
export interface TournamentTables {
  open(spec: TableSpec): Promise<void>;
  /** The finished deals when the table has closed after its last deal; undefined while it plays. */
  finished(tableId: string): Promise<readonly T.DealRecord[] | undefined>;
  /** Open a sealed table's records and seeds (duplicate deals, after the round). Idempotent. */
  unseal(tableId: string): Promise<void>;
  /** Seats to act now, for "your turn" (empty when closed). */
  toAct(
    tableId: string,
  ): Promise<{ readonly closed: boolean; readonly dealNo: number; readonly toAct: readonly number[] }>;
  /** Close a table now (its running deal is abandoned: it scores nothing). Idempotent. */
  close(tableId: string): Promise<void>;
  /** Someone else on a seat: a bot, or a human who gets a new seat token (returned once). */
  replaceSeat(
    tableId: string,
    seat: number,
    by: { readonly kind: 'bot' } | { readonly kind: 'human'; readonly name: string },
  ): Promise<{ readonly seatToken?: string }>;
  /** Seats nobody holds (a player left). */
  openSeats(tableId: string): Promise<readonly number[]>;
}

export type SpecSeat =
  | { readonly kind: 'human'; readonly name: string; readonly tokenHash: string }
  | { readonly kind: 'bot'; readonly name: string };

export interface TableSpec {
  readonly tableId: string;
  readonly variant: string;
  readonly preset?: string;
  readonly options?: unknown;
  readonly seats: readonly SpecSeat[];
  /** Seat 0 (the draw's No. 1) deals first. */
  readonly dealer: 0;
  readonly maxDeals: number;
  /** Secret seed of each deal 1..maxDeals (derived from the tournament secret). */
  readonly dealSeeds: readonly string[];
  readonly clock?: { readonly turnSeconds: number; readonly [k: string]: unknown };
  readonly organiserKeyHash: string;
  readonly tournamentId: string;
  /** Duplicate deals: the table keeps records and seeds from the players until the round ends. */
  readonly sealRecords: boolean;
}

export interface TournamentDeps {
  readonly store: TournamentStore;
  readonly tables: TournamentTables;
  /** The one due-work mechanism (functions/ports/due-work.ts): round starts and round checks are its items. */
  readonly due: DueWorkScheduler;
  readonly now: () => number;
  /** How often a running round's tables are looked at, besides the table-closed signal (ms). */
  readonly checkEveryMs?: number;
  /**
   * Told about every commit written (locally: the WebSocket push of the tournament's stream; on AWS the DATA_TABLE
   * stream does it). Must not throw.
   */
  readonly onCommit?: (commit: TournamentCommit) => void;
  /** Store a snapshot of the folded state after this many events since the last one (default 50; 0 = never). */
  readonly snapshotEvery?: number;
}

export type CreateInput = T.TournamentInput & { readonly selfRegistration?: boolean; readonly organiserKey?: string };

/** Who is calling a tournament route. */
export type TournamentActor = TournamentCaller;

export const JOB_START = 'tournament.start-round';
export const JOB_CHECK = 'tournament.check-round';

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

interface Loaded {
  readonly meta: TournamentMeta;
  readonly state: T.TournamentState;
  readonly version: number;
  /** The commits after `base`: all of them (`base` 0), or those after the snapshot the state was started from. */
  readonly commits: readonly TournamentCommit[];
  readonly base: number;
}

export class TournamentService {
  private readonly checkEveryMs: number;
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

  constructor(private readonly deps: TournamentDeps) {
    this.checkEveryMs = deps.checkEveryMs ?? 30_000;
  }

  /** Create: the config checked by the engine, secrets, the first commit, round 1's start as due work. */
  async create(input: CreateInput): Promise<{
    tournamentId: string;
    organiserKey: string;
    inviteCode?: string;
    tournament: Record<string, unknown>;
  }> {
    let config: T.TournamentConfig;
    try {
      config = T.resolveConfig(input);
    } catch (e) {
      if (e instanceof OptionsError) throw new AppError(422, 'tournament/bad_config', e.message, { field: e.path });
      throw e;
    }
    const now = this.deps.now();
    const tournamentId = newTournamentId(now);
    const organiserKey = input.organiserKey ?? newSecret('ok_');
    const inviteCode = input.selfRegistration === true ? newSecret('inv_') : undefined;
    const secret = newSecret('');
    const meta: TournamentMeta = {
      tournamentId,
      name: config.name,
      organiserKeyHash: sha256(organiserKey),
      ...(inviteCode !== undefined ? { inviteCode } : {}),
      secret,
      tokenKey: newSecret(''),
      createdAt: now,
      startsAt: config.startsAt,
    };
    // Round 1's start is scheduled before anything is written: a job for a tournament that never got written
    // finds nothing and does nothing; a written tournament always has its start.
    await this.deps.due.schedule(startJob(tournamentId, 1, config.startsAt));
    if (!(await this.deps.store.create(meta))) throw new Error('fresh tournament id exists');
    const decided = T.decideTournament(
      { type: 'CreateTournament', tournamentId, config, commitment: tournamentCommitment(tournamentId, secret) },
      null,
    );
    if (!decided.ok) throw new Error(decided.error.message);
    const first: TournamentCommit = { tournamentId, seq: 1, events: decided.events, at: now };
    await this.deps.store.append(first);
    this.deps.onCommit?.(first);
    const loaded = await this.load(tournamentId);
    return {
      tournamentId,
      organiserKey,
      ...(inviteCode !== undefined ? { inviteCode } : {}),
      tournament: this.summary(loaded, { kind: 'organiser' }),
    };
  }

  /** Resolve a bearer secret: the organiser key, a player token, or none (public). */
  async authorize(tournamentId: string, token: string | undefined): Promise<TournamentActor> {
    const meta = await this.meta(tournamentId);
    return this.actorOf(meta, token);
  }

  private actorOf(meta: TournamentMeta, token: string | undefined): TournamentActor {
    if (token === undefined) return { kind: 'public' };
    if (matchesHash(token, meta.organiserKeyHash)) return { kind: 'organiser' };
    const playerId = playerOfToken(meta.tokenKey, meta.tournamentId, token);
    if (playerId !== undefined) return { kind: 'player', playerId };
    throw new AppError(403, 'auth/forbidden', 'the token is not valid for this tournament', {
      field: 'authorization',
    });
  }

  /** Register a player: by the organiser, or self-registration with the invite code. One token for all tables. */
  async register(
    tournamentId: string,
    token: string | undefined,
    input: { name: string; externalId?: string; inviteCode?: string; live?: boolean },
  ): Promise<{ playerId: string; playerToken: string; version: number }> {
    const meta = await this.meta(tournamentId);
    const actor = this.actorOf(meta, token);
    let via: 'organiser' | 'invite';
    if (actor.kind === 'organiser') via = 'organiser';
    else if (input.inviteCode !== undefined) {
      if (meta.inviteCode === undefined)
        throw new AppError(403, 'tournament/no_self_registration', 'the organiser registers the players', {
          field: 'inviteCode',
        });
      if (!matchesHash(input.inviteCode, sha256(meta.inviteCode)))
        throw new AppError(403, 'tournament/bad_invite', 'the invite code is not valid', { field: 'inviteCode' });
      via = 'invite';
    } else
      throw new AppError(401, 'auth/missing_token', 'registering needs the organiser key or an invite code', {
        field: 'authorization',
      });
    const playerId = newPlayerId();
    const version = await this.execute(tournamentId, () => ({
      type: 'RegisterPlayer',
      playerId,
      name: input.name,
      ...(input.externalId !== undefined ? { externalId: input.externalId } : {}),
      via,
      ...(input.live === true ? { live: true } : {}),
    }));
    return { playerId, playerToken: playerToken(meta.tokenKey, tournamentId, playerId), version };
  }

  async checkIn(tournamentId: string, actor: TournamentActor, playerId: string): Promise<{ version: number }> {
    this.mayActFor(actor, playerId);
    return { version: await this.execute(tournamentId, () => ({ type: 'CheckIn', playerId })) };
  }

  /**
   * Withdraw: left out of later draws; when the player sits at a table of the running round, a bot takes the seat
   * from the current deal on (marked on the list; credited only with `botCredit`).
   */
  async withdraw(
    tournamentId: string,
    actor: TournamentActor,
    playerId: string,
    reason?: string,
  ): Promise<{ version: number }> {
    this.mayActFor(actor, playerId);
    const by = actorOf(actor);
    await this.execute(tournamentId, () => ({
      type: 'Withdraw',
      playerId,
      by,
      ...(reason !== undefined ? { reason } : {}),
    }));
    const { state } = await this.load(tournamentId);
    const at = runningSeat(state, playerId);
    if (at !== undefined && !at.live)
      await this.takeOver(tournamentId, at.round, at.table, at.seat, { kind: 'bot' }, playerId, by, reason);
    return { version: (await this.load(tournamentId)).version };
  }

  // ——— Organiser interventions (docs/tournaments.md "The organiser's controls"); each one is an event. ———

  /** Publish the next round's draw before its start; again: a re-draw from a new seed (only before the start). */
  async publishDraw(tournamentId: string, actor: TournamentActor, reason?: string): Promise<{ version: number }> {
    this.mustOrganise(actor);
    const meta = await this.meta(tournamentId);
    const version = await this.execute(tournamentId, (s) => {
      const round = s.rounds.length + 1;
      const n = s.draw?.round === round ? s.draw.redraw + 1 : 0;
      const label = n === 0 ? T.drawSeedLabel(round) : `${T.drawSeedLabel(round)}:redraw:${n}`;
      return {
        type: 'DrawRound',
        round,
        drawSeed: derivedSeed(meta.secret, label),
        by: { kind: 'organiser' },
        ...(reason !== undefined ? { reason } : {}),
      };
    });
    return { version };
  }

  /** Move the next round's start (round 1: the tournament's). */
  async postpone(
    tournamentId: string,
    actor: TournamentActor,
    startsAt: number,
    reason?: string,
  ): Promise<{ version: number }> {
    this.mustOrganise(actor);
    const version = await this.execute(tournamentId, () => ({
      type: 'Postpone',
      startsAt,
      by: { kind: 'organiser' },
      ...(reason !== undefined ? { reason } : {}),
    }));
    const due = T.nextRoundDue((await this.load(tournamentId)).state);
    if (due !== undefined) await this.deps.due.schedule(startJob(tournamentId, due.round, due.at));
    return { version };
  }

  /** Cancel: the tournament ends as it stands; the running round's tables close. */
  async cancel(tournamentId: string, actor: TournamentActor, reason: string): Promise<{ version: number }> {
    this.mustOrganise(actor);
    const version = await this.execute(tournamentId, () => ({
      type: 'CancelTournament',
      at: this.deps.now(),
      by: { kind: 'organiser' },
      reason,
    }));
    const { state } = await this.load(tournamentId);
    const last = state.rounds[state.rounds.length - 1];
    if (last !== undefined)
      for (const t of last.tables)
        if (last.finished[t.table - 1] === null && !last.live.includes(t.table)) {
          const tableId = last.tableIds[t.table - 1];
          if (tableId !== undefined) await this.deps.tables.close(tableId);
        }
    return { version };
  }

  /**
   * Finish a table now (a stuck table, a table that will not finish in time): it closes (a running deal is
   * abandoned) and scores the deals it played; the unplayed ones score nothing for anyone.
   */
  async finishTableNow(
    tournamentId: string,
    actor: TournamentActor,
    round: number,
    table: number,
    reason?: string,
  ): Promise<{ version: number }> {
    this.mustOrganise(actor);
    const { state } = await this.load(tournamentId);
    const r = state.rounds[round - 1];
    const drawn = r?.tables[table - 1];
    if (r === undefined || drawn === undefined)
      throw new AppError(404, T.TournamentErrors.unknownTable, `no table ${table} in round ${round}`, {
        field: 'table',
      });
    if (r.live.includes(table))
      throw new AppError(
        409,
        T.TournamentErrors.notLive,
        'a live table finishes when its sheet is handed in (or the round ends)',
        {
          field: 'table',
        },
      );
    const tableId = r.tableIds[table - 1];
    if (tableId === undefined)
      throw new AppError(409, T.TournamentErrors.roundOrder, 'the round has not opened its tables');
    await this.deps.tables.close(tableId);
    const deals = (await this.deps.tables.finished(tableId)) ?? [];
    const early = { by: { kind: 'organiser' as const }, ...(reason !== undefined ? { reason } : {}) };
    // The table-closed hook may have finished it meanwhile (same deals): then there is nothing left to do.
    const refused = await this.tryExecute(tournamentId, (s) =>
      s.rounds[round - 1]?.finished[table - 1] !== null
        ? undefined
        : { type: 'FinishTable', round, table, deals, at: this.deps.now(), early },
    );
    if (refused !== undefined) throw refused;
    return { version: (await this.load(tournamentId)).version };
  }

  /** End the running round now: every unfinished table closes and scores what it played (live: what was entered). */
  async endRound(
    tournamentId: string,
    actor: TournamentActor,
    round: number,
    reason?: string,
  ): Promise<{ version: number }> {
    this.mustOrganise(actor);
    const { state } = await this.load(tournamentId);
    const r = state.rounds[round - 1];
    if (r === undefined || r.endedAt !== undefined)
      throw new AppError(409, T.TournamentErrors.roundOrder, `round ${round} is not running`, { field: 'round' });
    const tables: { table: number; deals: readonly T.DealRecord[] }[] = [];
    for (const t of r.tables) {
      const tableId = r.tableIds[t.table - 1];
      if (r.finished[t.table - 1] !== null || r.live.includes(t.table) || tableId === undefined) continue;
      await this.deps.tables.close(tableId);
      tables.push({ table: t.table, deals: (await this.deps.tables.finished(tableId)) ?? [] });
    }
    const version = await this.execute(tournamentId, () => ({
      type: 'EndRound',
      round,
      tables,
      at: this.deps.now(),
      by: { kind: 'organiser' },
      ...(reason !== undefined ? { reason } : {}),
    }));
    return { version };
  }

  /**
   * Substitute a seat of the running round: `substitute` is a registered player (a walk-in, a reserve) or `bot`.
   * Online, they take the seat from the current deal on (a human gets a seat token for that table, returned once);
   * at a live table from `fromDeal`. `creditTo`: whose list the seat's deals from then on count for.
   */
  async substitute(
    tournamentId: string,
    actor: TournamentActor,
    input: {
      readonly playerId: string;
      readonly substitute: string;
      readonly creditTo: 'substitute' | 'original';
      readonly fromDeal?: number;
      readonly reason?: string;
    },
  ): Promise<{ version: number; round: number; table: number; seat: number; fromDeal: number; seatToken?: string }> {
    this.mustOrganise(actor);
    const { state } = await this.load(tournamentId);
    const at = runningSeat(state, input.playerId);
    if (at === undefined)
      throw new AppError(409, T.TournamentErrors.notSeated, 'the player sits at no table of a running round', {
        field: 'playerId',
      });
    const sub = input.substitute === 'bot' ? null : input.substitute;
    if (sub !== null && !state.players.some((p) => p.playerId === sub))
      throw new AppError(422, T.TournamentErrors.unknownPlayer, 'no such player', { field: 'substitute' });
    const creditTo = input.creditTo === 'substitute' ? sub : input.playerId;
    const by = { kind: 'organiser' } as const;
    const out = await this.takeOver(
      tournamentId,
      at.round,
      at.table,
      at.seat,
      sub === null ? { kind: 'bot' } : { kind: 'human', playerId: sub },
      creditTo,
      by,
      input.reason,
      at.live ? input.fromDeal : undefined,
    );
    return {
      version: (await this.load(tournamentId)).version,
      round: at.round,
      table: at.table,
      seat: at.seat,
      ...out,
    };
  }

  /** The tournament records the takeover first, then the table changes (a crash between: the check job seats a bot). */
  private async takeOver(
    tournamentId: string,
    round: number,
    table: number,
    seat: number,
    by: { readonly kind: 'bot' } | { readonly kind: 'human'; readonly playerId: string },
    creditTo: string | null,
    actor: T.Actor,
    reason?: string,
    liveFromDeal?: number,
  ): Promise<{ fromDeal: number; seatToken?: string }> {
    const { state } = await this.load(tournamentId);
    const r = state.rounds[round - 1];
    const tableId = r?.tableIds[table - 1];
    const live = r?.live.includes(table) === true;
    let fromDeal = liveFromDeal ?? 1;
    if (!live && tableId !== undefined) {
      const now = await this.deps.tables.toAct(tableId);
      fromDeal = Math.max(1, now.dealNo);
    }
    await this.execute(tournamentId, () => ({
      type: 'TakeOverSeat',
      round,
      table,
      seat,
      fromDeal,
      player: by.kind === 'bot' ? null : by.playerId,
      creditTo,
      by: actor,
      ...(reason !== undefined ? { reason } : {}),
    }));
    if (live || tableId === undefined) return { fromDeal };
    const name = by.kind === 'bot' ? undefined : state.players.find((p) => p.playerId === by.playerId)?.name;
    const placed = await this.deps.tables.replaceSeat(
      tableId,
      seat,
      name === undefined ? { kind: 'bot' } : { kind: 'human', name },
    );
    return { fromDeal, ...(placed.seatToken !== undefined ? { seatToken: placed.seatToken } : {}) };
  }

  /** A live table's deal as written on the sheet (again under the same number: a correction before handing in). */
  async enterDeal(
    tournamentId: string,
    actor: TournamentActor,
    input: { round: number; table: number; deal: number; entry: T.LiveEntry; reason?: string },
  ): Promise<{ version: number; record: T.DealRecord }> {
    const by = this.enterer(actor);
    const { state } = await this.load(tournamentId);
    const drawn = state.rounds[input.round - 1]?.tables[input.table - 1];
    if (drawn === undefined)
      throw new AppError(404, T.TournamentErrors.unknownTable, `no table ${input.table} in round ${input.round}`, {
        field: 'table',
      });
    const record = settle(state.config, drawn.seats.length, input.deal, input.entry);
    const version = await this.execute(tournamentId, () => ({
      type: 'EnterDeal',
      round: input.round,
      table: input.table,
      deal: input.deal,
      record,
      entry: input.entry,
      by,
      ...(input.reason !== undefined ? { reason: input.reason } : {}),
    }));
    return { version, record };
  }

  async enterTotals(
    tournamentId: string,
    actor: TournamentActor,
    input: { round: number; table: number; totals: readonly string[]; reason?: string },
  ): Promise<{ version: number }> {
    const by = this.enterer(actor);
    return {
      version: await this.execute(tournamentId, () => ({
        type: 'EnterTotals',
        round: input.round,
        table: input.table,
        totals: input.totals,
        by,
        ...(input.reason !== undefined ? { reason: input.reason } : {}),
      })),
    };
  }

  async submitSheet(
    tournamentId: string,
    actor: TournamentActor,
    round: number,
    table: number,
  ): Promise<{ version: number }> {
    const by = this.enterer(actor);
    return {
      version: await this.execute(tournamentId, () => ({ type: 'SubmitSheet', round, table, at: this.deps.now(), by })),
    };
  }

  /** Correct a finished table's deal (as an entry, settled by the tariff) or its totals, with why. */
  async correct(
    tournamentId: string,
    actor: TournamentActor,
    input: {
      round: number;
      table: number;
      deal: number | null;
      entry?: T.LiveEntry;
      totals?: readonly string[];
      reason: string;
    },
  ): Promise<{ version: number }> {
    this.mustOrganise(actor);
    const { state } = await this.load(tournamentId);
    const drawn = state.rounds[input.round - 1]?.tables[input.table - 1];
    if (drawn === undefined)
      throw new AppError(404, T.TournamentErrors.unknownTable, `no table ${input.table} in round ${input.round}`, {
        field: 'table',
      });
    const old =
      input.deal === null ? undefined : state.rounds[input.round - 1]?.finished[input.table - 1]?.[input.deal - 1];
    const entry = input.entry;
    const result =
      input.deal !== null && entry !== undefined
        ? settle(state.config, drawn.seats.length, input.deal, {
            ...entry,
            // An online deal's seat sitting out stays the one the table recorded.
            ...(old !== undefined && old.players.length < drawn.seats.length && entry.sitsOut === undefined
              ? { sitsOut: drawn.seats.findIndex((_, i) => !old.players.includes(i)) }
              : {}),
          }).result
        : undefined;
    return {
      version: await this.execute(tournamentId, () => ({
        type: 'CorrectResult',
        round: input.round,
        table: input.table,
        deal: input.deal,
        ...(result !== undefined ? { result } : {}),
        ...(entry !== undefined ? { entry } : {}),
        ...(input.totals !== undefined ? { totals: input.totals } : {}),
        by: { kind: 'organiser' },
        reason: input.reason,
      })),
    };
  }

  private mustOrganise(actor: TournamentActor): void {
    if (actor.kind === 'organiser') return;
    throw new AppError(
      actor.kind === 'public' ? 401 : 403,
      actor.kind === 'public' ? 'auth/missing_token' : 'auth/forbidden',
      'only the organiser does this',
      {
        field: 'authorization',
      },
    );
  }

  /** Who may enter a live table's sheet: the organiser or a player (the engine checks they sit at the table). */
  private enterer(actor: TournamentActor): T.Actor {
    if (actor.kind === 'public')
      throw new AppError(401, 'auth/missing_token', 'needs the organiser key or the token of a player at the table', {
        field: 'authorization',
      });
    return actorOf(actor);
  }

  private mayActFor(actor: TournamentActor, playerId: string): void {
    if (actor.kind === 'organiser' || (actor.kind === 'player' && actor.playerId === playerId)) return;
    throw new AppError(403, 'auth/forbidden', 'only the player or the organiser does this');
  }

  /** The tournament as an audience sees it; the organiser also sees the invite code. */
  async get(tournamentId: string, actor: TournamentActor): Promise<Record<string, unknown>> {
    return this.summary(await this.load(tournamentId), actor);
  }

  /** The tournament as published: a running duplicate round's results are embargoed (T.publishedState). */
  async state(tournamentId: string): Promise<T.TournamentState> {
    return T.publishedState((await this.load(tournamentId)).state);
  }

  /**
   * Series standings over several tournaments (best `best` of them per player). External ids match players across
   * tournaments but are not shown (they may be club numbers).
   */
  async series(ids: readonly string[], best: number): Promise<{ tournaments: unknown[]; standings: unknown[] }> {
    const inputs: T.SeriesInput[] = [];
    for (const id of ids) {
      const state = T.publishedState((await this.load(id)).state);
      const external = new Map(state.players.map((p) => [p.playerId, p.externalId]));
      inputs.push({
        tournamentId: id,
        name: state.config.name,
        rows: T.standings(state).map((r) => {
          const x = external.get(r.playerId);
          return x === undefined ? r : { ...r, externalId: x };
        }),
      });
    }
    return {
      tournaments: inputs.map((t) => ({ tournamentId: t.tournamentId, name: t.name })),
      standings: T.seriesStandings(inputs, best).map(({ externalId: _hidden, ...row }) => row),
    };
  }

  /** Events after `after` (seq numbers like a table's), at most `limit`. */
  async events(
    tournamentId: string,
    after: number,
    limit: number,
    viewer: TournamentActor = { kind: 'public' },
  ): Promise<{ version: number; events: { seq: number; event: T.TournamentEvent }[] }> {
    const loaded = await this.load(tournamentId);
    // A running duplicate round's table results stay embargoed until it ends; externalIds are the organiser's and
    // each player's own (T.publishedEvent).
    const ended = (round: number): boolean => loaded.state.rounds[round - 1]?.endedAt !== undefined;
    // Started from a snapshot: the commits before it are read from the store when asked for.
    const commits =
      after >= loaded.base
        ? loaded.commits
        : (await this.deps.store.commits(tournamentId, after)).filter((c) => c.seq <= loaded.version);
    const events = commits
      .flatMap((c) => c.events.map((event, i) => ({ seq: c.seq + i, event: T.publishedEvent(event, ended, viewer) })))
      .filter((e) => e.seq > after)
      .slice(0, limit);
    return { version: loaded.version, events };
  }

  async listForOrganiser(organiserKey: string, limit: number): Promise<unknown[]> {
    return [...(await this.deps.store.listByOrganiser(sha256(organiserKey), limit))].map((e) => ({
      tournamentId: e.tournamentId,
      name: e.name,
      createdAt: new Date(e.createdAt).toISOString(),
      startsAt: new Date(e.startsAt).toISOString(),
    }));
  }

  /** A player's tables in every round so far, with whether it is their turn now. */
  async playerTables(tournamentId: string, playerId: string): Promise<unknown[]> {
    const { state } = await this.load(tournamentId);
    const out: unknown[] = [];
    for (const round of state.rounds)
      for (const table of round.tables) {
        const seat = T.seatOf(table, playerId);
        const tableId = round.tableIds[table.table - 1];
        if (seat < 0 || tableId === undefined) continue;
        const finished = round.finished[table.table - 1] !== null;
        const now = finished ? { closed: true, dealNo: table.deals, toAct: [] } : await this.deps.tables.toAct(tableId);
        out.push({
          round: round.round,
          table: table.table,
          tableId,
          seat,
          deals: table.deals,
          dealNo: now.dealNo,
          status: finished || now.closed ? 'finished' : 'playing',
          yourTurn: !now.closed && now.toAct.includes(seat),
        });
      }
    return out;
  }

  /** Run a due job (the scheduler calls this). */
  async runJob(job: DueWork): Promise<void> {
    const payload = (job.payload ?? {}) as { tournamentId?: unknown; round?: unknown };
    const tournamentId = String(payload.tournamentId);
    const round = Number(payload.round);
    if (job.kind === JOB_START) await this.startRound(tournamentId, round);
    else if (job.kind === JOB_CHECK) await this.checkRound(tournamentId, round);
  }

  /**
   * Start round `round` if it is due: draw, then open its tables. Idempotent: a round that has started only gets
   * its tables opened (again; opening is idempotent), an ended one nothing.
   */
  async startRound(tournamentId: string, round: number): Promise<void> {
    const meta = await this.deps.store.getMeta(tournamentId);
    if (meta === undefined) return;
    let loaded = await this.load(tournamentId);
    if (loaded.state.rounds.length < round) {
      const due = T.nextRoundDue(loaded.state);
      if (due === undefined || due.round !== round) return;
      if (due.at > this.deps.now()) {
        // Too early (the pause was lengthened, a clock skew): come back then.
        await this.deps.due.schedule(startJob(tournamentId, round, due.at));
        return;
      }
      const refused = await this.tryExecute(tournamentId, (s) =>
        s.rounds.length >= round
          ? undefined
          : {
              type: 'StartRound',
              round,
              drawSeed: derivedSeed(meta.secret, T.drawSeedLabel(round)),
              at: this.deps.now(),
            },
      );
      // Too few players checked in: the round cannot be drawn yet; look again in a minute (a check-in lets it start).
      if (refused !== undefined) {
        await this.deps.due.schedule(startJob(tournamentId, round, this.deps.now() + 60_000));
        return;
      }
      loaded = await this.load(tournamentId);
    }
    const r = loaded.state.rounds[round - 1];
    if (r === undefined || r.endedAt !== undefined) return;
    await this.openTables(meta, loaded.state, r);
    await this.deps.due.schedule(checkJob(tournamentId, round, this.deps.now() + this.checkEveryMs));
  }

  private async openTables(meta: TournamentMeta, state: T.TournamentState, round: T.RoundState): Promise<void> {
    const names = new Map(state.players.map((p) => [p.playerId, p.name]));
    for (const table of round.tables) {
      const tableId = round.tableIds[table.table - 1];
      // A live table is played with real cards: no online table; its sheet is entered by hand.
      if (tableId === undefined || round.finished[table.table - 1] !== null || round.live.includes(table.table))
        continue;
      const seats = table.seats.map((s, i): SpecSeat => {
        if (s.kind === 'filler') return { kind: 'bot', name: `Bot ${i + 1}` };
        const name = names.get(s.playerId) ?? s.playerId;
        if (s.bot) return { kind: 'bot', name: `${name} (bot)` };
        return { kind: 'human', name, tokenHash: sha256(playerToken(meta.tokenKey, meta.tournamentId, s.playerId)) };
      });
      const { config } = state;
      await this.deps.tables.open({
        tableId,
        tournamentId: meta.tournamentId,
        variant: config.variant,
        ...(config.preset !== undefined ? { preset: config.preset } : {}),
        ...(config.options !== undefined ? { options: config.options } : {}),
        seats,
        dealer: 0,
        maxDeals: table.deals,
        // Twice the deals: a thrown-in deal dealt again (Schafkopf `redeal.counts: false`) takes the next seed, so
        // every deal of the table still comes from the tournament seed (beyond that the table draws its own).
        dealSeeds: Array.from({ length: 2 * table.deals }, (_, d) =>
          derivedSeed(meta.secret, T.dealSeedLabel(round.round, table.table, d + 1, config.duplicate)),
        ),
        ...(config.clock !== undefined ? { clock: config.clock } : {}),
        organiserKeyHash: meta.organiserKeyHash,
        sealRecords: config.duplicate,
      });
    }
  }

  /** Look at a running round's tables: every closed one is finished on the list; the round ends after the last. */
  async checkRound(tournamentId: string, round: number): Promise<void> {
    const loaded = await this.load(tournamentId);
    const r = loaded.state.rounds[round - 1];
    if (r === undefined) return;
    if (r.endedAt !== undefined) {
      // The round ended (perhaps just before a crash that lost the follow-ups): unseal, make sure the next start is due.
      await this.unsealRound(loaded.state, round);
      const due = T.nextRoundDue(loaded.state);
      if (due !== undefined) await this.deps.due.schedule(startJob(tournamentId, due.round, due.at));
      return;
    }
    for (const table of r.tables) {
      if (r.finished[table.table - 1] !== null || r.live.includes(table.table)) continue;
      const tableId = r.tableIds[table.table - 1];
      if (tableId === undefined) continue;
      await this.fillOpenSeats(tournamentId, round, table.table, tableId);
      await this.finishTable(tournamentId, round, table.table, tableId);
    }
    const after = (await this.load(tournamentId)).state.rounds[round - 1];
    if (after !== undefined && after.endedAt === undefined)
      await this.deps.due.schedule(checkJob(tournamentId, round, this.deps.now() + this.checkEveryMs));
  }

  /**
   * A tournament table closed or a seat was freed (the commit hook): a closed table is finished on the list (with
   * the deals it played, however many); a freed seat gets a bot at once, so the round never waits for a seat.
   */
  async tableClosed(tableId: string): Promise<void> {
    const m = /^(u[a-z0-9]+)r(\d+)t(\d+)$/.exec(tableId);
    if (m === null) return;
    const [, tournamentId, round, table] = m;
    if (tournamentId === undefined || round === undefined || table === undefined) return;
    if ((await this.deps.store.getMeta(tournamentId)) === undefined) return;
    await this.fillOpenSeats(tournamentId, Number(round), Number(table), tableId);
    await this.finishTable(tournamentId, Number(round), Number(table), tableId);
  }

  /** A seat a player freed (left the table) at a running round's table: a bot plays it from the current deal on. */
  private async fillOpenSeats(tournamentId: string, round: number, table: number, tableId: string): Promise<void> {
    const open = await this.deps.tables.openSeats(tableId);
    if (open.length === 0) return;
    const { state } = await this.load(tournamentId);
    const r = state.rounds[round - 1];
    const drawn = r?.tables[table - 1];
    if (r === undefined || drawn === undefined || r.endedAt !== undefined || r.finished[table - 1] !== null) return;
    if ((await this.deps.tables.toAct(tableId)).closed) return;
    for (const seat of open) {
      const holder = currentHolder(state.config, r, drawn, seat);
      const owner = drawn.seats[seat]?.kind === 'player' ? (drawn.seats[seat] as { playerId: string }).playerId : null;
      const botOwner = drawn.seats[seat]?.kind !== 'player' || (drawn.seats[seat] as { bot: boolean }).bot;
      if (holder === null && !botOwner && !r.takeovers.some((t) => t.table === table && t.seat === seat)) continue;
      if (holder === null) {
        // A bot's takeover is recorded already (a withdrawal, a crash before the bot sat down): seat the bot.
        await this.deps.tables.replaceSeat(tableId, seat, { kind: 'bot' });
        continue;
      }
      // A human substitute's seat is being handed over (leave, then join): not ours to fill.
      if (holder !== owner) continue;
      await this.takeOver(
        tournamentId,
        round,
        table,
        seat,
        { kind: 'bot' },
        owner,
        { kind: 'player', playerId: holder },
        'left the table',
      );
    }
  }

  private async finishTable(tournamentId: string, round: number, table: number, tableId: string): Promise<void> {
    const deals = await this.deps.tables.finished(tableId);
    if (deals === undefined) return;
    await this.tryExecute(tournamentId, (s) => {
      const r = s.rounds[round - 1];
      if (r === undefined || r.endedAt !== undefined || r.finished[table - 1] !== null) return undefined;
      if (r.tableIds[table - 1] !== tableId) return undefined;
      return { type: 'FinishTable', round, table, deals, at: this.deps.now() };
    });
  }

  /** Decide a command on the newest state and append it; retried on a lost race. Throws the engine's refusal. */
  private async execute(tournamentId: string, command: (s: T.TournamentState) => T.TournamentCommand): Promise<number> {
    const { refused, version } = await this.submit(tournamentId, command);
    if (refused !== undefined) throw refused;
    return version;
  }

  /** Like execute, but returns the refusal (undefined = appended or nothing to do). */
  private async tryExecute(
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
    await this.afterAppend(written.meta, written.commit);
  }

  /** Follow-ups of new events: the next round's start after a round ended. */
  private async afterAppend(meta: TournamentMeta, commit: TournamentCommit): Promise<void> {
    for (const e of commit.events)
      if (e.type === 'RoundEnded') {
        const { state } = await this.load(meta.tournamentId);
        await this.unsealRound(state, e.round);
        const due = T.nextRoundDue(state);
        if (due !== undefined) await this.deps.due.schedule(startJob(meta.tournamentId, due.round, due.at));
      }
  }

  private async unsealRound(state: T.TournamentState, round: number): Promise<void> {
    if (!state.config.duplicate) return;
    for (const tableId of state.rounds[round - 1]?.tableIds ?? []) await this.deps.tables.unseal(tableId);
  }

  private async meta(tournamentId: string): Promise<TournamentMeta> {
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
  private async load(tournamentId: string): Promise<Loaded> {
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

  private summary(loaded: Loaded, actor: TournamentActor): Record<string, unknown> {
    const { state, meta } = loaded;
    const iso = (t: number | undefined): string | undefined =>
      t === undefined ? undefined : new Date(t).toISOString();
    const names = new Map(state.players.map((p) => [p.playerId, p.name]));
    const seatsOf = (t: T.DrawnTable) =>
      t.seats.map((s, seat) =>
        s.kind === 'filler'
          ? { seat, kind: 'bot' }
          : { seat, kind: s.bot ? 'bot' : 'player', playerId: s.playerId, name: names.get(s.playerId) },
      );
    const due = T.nextRoundDue(state);
    return {
      tournamentId: state.tournamentId,
      version: loaded.version,
      phase: T.phaseOf(state),
      config: { ...state.config, startsAt: iso(state.config.startsAt) },
      ...(actor.kind === 'organiser' && meta.inviteCode !== undefined ? { inviteCode: meta.inviteCode } : {}),
      ...(state.cancelled !== undefined
        ? { cancelled: { at: iso(state.cancelled.at), reason: state.cancelled.reason } }
        : {}),
      players: state.players.map((p) => ({
        playerId: p.playerId,
        name: p.name,
        // An id in the organiser's own system: for the organiser and the player only.
        ...(p.externalId !== undefined && T.seesExternalId(actor, p.playerId) ? { externalId: p.externalId } : {}),
        checkedIn: p.checkedIn,
        withdrawn: p.withdrawn,
        ...(p.live ? { live: true } : {}),
        ...(p.walkIn ? { walkIn: true } : {}),
      })),
      ...(state.draw !== undefined
        ? {
            draw: {
              round: state.draw.round,
              redraw: state.draw.redraw,
              tables: state.draw.tables.map((t) => ({
                table: t.table,
                live: state.draw?.live.includes(t.table) === true,
                seats: seatsOf(t),
              })),
            },
          }
        : {}),
      rounds: state.rounds.map((r) => ({
        round: r.round,
        startedAt: iso(r.startedAt),
        ...(r.endedAt !== undefined ? { endedAt: iso(r.endedAt), zeroSum: r.zeroSum } : {}),
        tables: r.tables.map((t) => {
          const live = r.live.includes(t.table);
          const entered = T.enteredDeals(r, t.table).length;
          return {
            table: t.table,
            // A live table has no online table: its sheet is entered by hand.
            ...(live ? { live: true, entered } : { tableId: r.tableIds[t.table - 1] }),
            ...(live && r.totals[t.table - 1] ? { totals: r.totals[t.table - 1] } : {}),
            deals: t.deals,
            finished: r.finished[t.table - 1] !== null,
            ...(r.unplayed[t.table - 1] ? { unplayed: r.unplayed[t.table - 1] } : {}),
            seats: seatsOf(t),
            ...(r.takeovers.some((x) => x.table === t.table)
              ? {
                  takeovers: r.takeovers
                    .filter((x) => x.table === t.table)
                    .map((x) => ({ seat: x.seat, fromDeal: x.fromDeal, player: x.player, creditTo: x.creditTo })),
                }
              : {}),
          };
        }),
        ...(r.corrections.length > 0 ? { corrections: r.corrections } : {}),
      })),
      schedule: T.roundTimes(state).map((r) => ({ ...r, startsAt: iso(r.startsAt), endsAt: iso(r.endsAt) })),
      ...(due !== undefined ? { nextRound: { round: due.round, startsAt: iso(due.at) } } : {}),
      fairness: {
        commitment: state.commitment,
        // The secret seed is revealed once the tournament has ended: every draw and deal can then be redone.
        ...(state.ended ? { seed: meta.secret } : {}),
      },
    };
  }
}

/** The Actor of an event from who called. */
function actorOf(actor: TournamentActor): T.Actor {
  if (actor.kind === 'organiser') return { kind: 'organiser' };
  if (actor.kind === 'player') return { kind: 'player', playerId: actor.playerId };
  return { kind: 'system' };
}

/** Where a player plays in the running round (drawn there, or took a seat over), if anywhere. */
function runningSeat(
  state: T.TournamentState,
  playerId: string,
): { round: number; table: number; seat: number; live: boolean } | undefined {
  const r = state.rounds[state.rounds.length - 1];
  if (r === undefined || r.endedAt !== undefined) return undefined;
  for (const t of r.tables) {
    if (r.finished[t.table - 1] !== null) continue;
    for (let seat = 0; seat < t.seats.length; seat++)
      if (currentHolder(state.config, r, t, seat) === playerId)
        return { round: r.round, table: t.table, seat, live: r.live.includes(t.table) };
  }
  return undefined;
}

/** Who plays a seat now (after every takeover so far): a player id, or null for a bot. */
function currentHolder(config: T.TournamentConfig, r: T.RoundState, t: T.DrawnTable, seat: number): string | null {
  return T.seatAt(config, r, t, seat, Number.MAX_SAFE_INTEGER).playedBy;
}

/** A live entry settled by the tariff, or a 422 naming the field. */
function settle(config: T.TournamentConfig, seats: number, deal: number, entry: T.LiveEntry): T.DealRecord {
  try {
    return T.settleEntry(config, seats, deal, entry);
  } catch (e) {
    if (e instanceof T.EntryError)
      throw new AppError(422, T.TournamentErrors.badEntry, e.message, { field: `entry.${e.field}` });
    throw e;
  }
}

export function startJob(tournamentId: string, round: number, at: number): DueWork {
  return { at, kind: JOB_START, key: `${tournamentId}:${round}`, payload: { tournamentId, round } };
}

function checkJob(tournamentId: string, round: number, at: number): DueWork {
  return { at, kind: JOB_CHECK, key: `${tournamentId}:${round}`, payload: { tournamentId, round } };
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
