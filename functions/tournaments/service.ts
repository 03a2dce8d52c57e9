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
}

export type CreateInput = T.TournamentInput & { readonly selfRegistration?: boolean; readonly organiserKey?: string };

/** Who is calling a tournament route. */
export type TournamentActor =
  { readonly kind: 'organiser' } | { readonly kind: 'player'; readonly playerId: string } | { readonly kind: 'public' };

export const JOB_START = 'tournament.start-round';
export const JOB_CHECK = 'tournament.check-round';

const MAX_RETRIES = 8;

interface Loaded {
  readonly meta: TournamentMeta;
  readonly state: T.TournamentState;
  readonly version: number;
  readonly commits: readonly TournamentCommit[];
}

export class TournamentService {
  private readonly checkEveryMs: number;

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
    input: { name: string; externalId?: string; inviteCode?: string },
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
    }));
    return { playerId, playerToken: playerToken(meta.tokenKey, tournamentId, playerId), version };
  }

  async checkIn(tournamentId: string, actor: TournamentActor, playerId: string): Promise<{ version: number }> {
    this.mayActFor(actor, playerId);
    return { version: await this.execute(tournamentId, () => ({ type: 'CheckIn', playerId })) };
  }

  async withdraw(tournamentId: string, actor: TournamentActor, playerId: string): Promise<{ version: number }> {
    this.mayActFor(actor, playerId);
    return { version: await this.execute(tournamentId, () => ({ type: 'Withdraw', playerId })) };
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
    const events = loaded.commits
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
      if (tableId === undefined || round.finished[table.table - 1] !== null) continue;
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
        dealSeeds: Array.from({ length: table.deals }, (_, d) =>
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
      if (r.finished[table.table - 1] !== null) continue;
      const tableId = r.tableIds[table.table - 1];
      if (tableId === undefined) continue;
      await this.finishTable(tournamentId, round, table.table, tableId);
    }
    const after = (await this.load(tournamentId)).state.rounds[round - 1];
    if (after !== undefined && after.endedAt === undefined)
      await this.deps.due.schedule(checkJob(tournamentId, round, this.deps.now() + this.checkEveryMs));
  }

  /** A table closed (the commit hook): finish it on the list if it belongs to a running round. */
  async tableClosed(tableId: string): Promise<void> {
    const m = /^(u[a-z0-9]+)r(\d+)t(\d+)$/.exec(tableId);
    if (m === null) return;
    const [, tournamentId, round, table] = m;
    if (tournamentId === undefined || round === undefined || table === undefined) return;
    if ((await this.deps.store.getMeta(tournamentId)) === undefined) return;
    await this.finishTable(tournamentId, Number(round), Number(table), tableId);
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
    const refused = await this.tryExecute(tournamentId, command);
    if (refused !== undefined) throw refused;
    return (await this.load(tournamentId)).version;
  }

  /** Like execute, but returns the refusal (undefined = appended or nothing to do). */
  private async tryExecute(
    tournamentId: string,
    command: (s: T.TournamentState) => T.TournamentCommand | undefined,
  ): Promise<AppError | undefined> {
    for (let attempt = 0; attempt < MAX_RETRIES; attempt++) {
      const loaded = await this.load(tournamentId);
      const c = command(loaded.state);
      if (c === undefined) return undefined;
      const decided = T.decideTournament(c, loaded.state);
      if (!decided.ok) return toAppError(decided.error);
      if (decided.events.length === 0) return undefined;
      const commit: TournamentCommit = {
        tournamentId,
        seq: loaded.version + 1,
        events: decided.events,
        at: this.deps.now(),
      };
      if (!(await this.deps.store.append(commit))) continue;
      this.deps.onCommit?.(commit);
      await this.afterAppend(loaded.meta, commit);
      return undefined;
    }
    throw new AppError(409, 'tournament/busy', 'the tournament changed too often meanwhile; try again');
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
    const meta = await this.deps.store.getMeta(tournamentId);
    if (meta === undefined) throw new AppError(404, 'tournament/not_found', `no tournament ${tournamentId}`);
    return meta;
  }

  private async load(tournamentId: string): Promise<Loaded> {
    const meta = await this.meta(tournamentId);
    const commits = await this.deps.store.commits(tournamentId);
    const state = T.replayTournament(commits.flatMap((c) => c.events));
    if (state === null) throw new AppError(404, 'tournament/not_found', `no tournament ${tournamentId}`);
    const last = commits[commits.length - 1];
    return { meta, state, commits, version: last === undefined ? 0 : lastTournamentSeq(last) };
  }

  private summary(loaded: Loaded, actor: TournamentActor): Record<string, unknown> {
    const { state, meta } = loaded;
    const iso = (t: number | undefined): string | undefined =>
      t === undefined ? undefined : new Date(t).toISOString();
    const names = new Map(state.players.map((p) => [p.playerId, p.name]));
    const due = T.nextRoundDue(state);
    return {
      tournamentId: state.tournamentId,
      version: loaded.version,
      phase: T.phaseOf(state),
      config: { ...state.config, startsAt: iso(state.config.startsAt) },
      ...(actor.kind === 'organiser' && meta.inviteCode !== undefined ? { inviteCode: meta.inviteCode } : {}),
      players: state.players.map((p) => ({
        playerId: p.playerId,
        name: p.name,
        // An id in the organiser's own system: for the organiser and the player only.
        ...(p.externalId !== undefined && T.seesExternalId(actor, p.playerId) ? { externalId: p.externalId } : {}),
        checkedIn: p.checkedIn,
        withdrawn: p.withdrawn,
      })),
      rounds: state.rounds.map((r) => ({
        round: r.round,
        startedAt: iso(r.startedAt),
        ...(r.endedAt !== undefined ? { endedAt: iso(r.endedAt), zeroSum: r.zeroSum } : {}),
        tables: r.tables.map((t) => ({
          table: t.table,
          tableId: r.tableIds[t.table - 1],
          deals: t.deals,
          finished: r.finished[t.table - 1] !== null,
          seats: t.seats.map((s, seat) =>
            s.kind === 'filler'
              ? { seat, kind: 'bot' }
              : { seat, kind: s.bot ? 'bot' : 'player', playerId: s.playerId, name: names.get(s.playerId) },
          ),
        })),
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
      : e.code === T.TournamentErrors.unknownPlayer || e.code === T.TournamentErrors.badDeals
        ? 422
        : 409;
  return new AppError(status, e.code, e.message, e.field !== undefined ? { field: e.field } : {});
}
