import type { tournament as T } from '../../engine/index.js';
import {
  type RegistrationVia,
  type TournamentCaller,
  type TournamentKeys,
  type TournamentMember,
  type TournamentOrganiser,
  authorizeTournament,
} from '../policy/tournament.js';
import type { DueWork } from '../ports/due-work.js';
import * as controls from './controls.js';
import type { CreateInput, TournamentDeps } from './deps.js';
import * as players from './players.js';
import * as queries from './queries.js';
import * as rounds from './rounds.js';
import * as sheets from './sheets.js';
import { type TournamentContext, TournamentWriter } from './writer.js';

export { JOB_CHECK, JOB_START, startJob } from './deps.js';
export type { CreateInput, SpecSeat, TableSpec, TournamentDeps, TournamentTables } from './deps.js';

/**
 * The tournament use cases over engine/tournament, bound once (what the transports and functions/composition/ hold):
 * one line per use case. A command runs load → decide → append ONE commit (conditional) → the side effects that
 * follow (open the round's tables, schedule the next start) through the writer (./writer.ts: the projection and the
 * group commit); side effects are idempotent and re-driven by due work, so a crash between the append and them loses
 * nothing. Who may call a command is decided before it: the route's policy (functions/policy/tournament.ts) admits
 * the caller, and the command takes the narrower actor it hands on.
 *
 * The use cases: ./players.ts (create, register, check-in, withdraw), ./controls.ts (the organiser's controls),
 * ./sheets.ts (a live table's sheet), ./rounds.ts (round start, round check, table closed, due jobs), ./seats.ts
 * (takeovers), ./queries.ts (the read models).
 */
export class TournamentService {
  private readonly ctx: TournamentContext;

  constructor(deps: TournamentDeps) {
    const ctx: TournamentContext = {
      deps,
      checkEveryMs: deps.checkEveryMs ?? 30_000,
      writer: new TournamentWriter(deps, (meta, commit) => rounds.afterCommit(ctx, meta, commit)),
    };
    this.ctx = ctx;
  }

  // ——— Access: what the routes' policies decide on (functions/policy/tournament.ts). ———

  /** The keys access to a tournament is decided on (404 `tournament/not_found` when there is none). */
  keys(tournamentId: string): Promise<TournamentKeys> {
    return this.ctx.writer.meta(tournamentId);
  }

  /** Who a bearer token is for a tournament: the organiser, a player, or the public (403 a token not its). */
  async authorize(tournamentId: string, token: string | undefined): Promise<TournamentCaller> {
    return authorizeTournament(await this.keys(tournamentId), token);
  }

  // ——— The roster (./players.ts). ———

  create(input: CreateInput) {
    return players.create(this.ctx, input);
  }

  /** Register a player let in by the route's policy (`assertMayRegister`). */
  registerPlayer(
    tournamentId: string,
    via: RegistrationVia,
    input: { name: string; externalId?: string; live?: boolean },
  ) {
    return players.register(this.ctx, tournamentId, via, input);
  }

  /** Register with a bearer token (in-process callers: the route's check, then `registerPlayer`). */
  register(
    tournamentId: string,
    token: string | undefined,
    input: { name: string; externalId?: string; inviteCode?: string; live?: boolean },
  ) {
    return players.registerWithToken(this.ctx, tournamentId, token, input);
  }

  /** `by` may act for the player (`assertMayActFor`). */
  checkIn(tournamentId: string, by: TournamentMember, playerId: string) {
    return players.checkIn(this.ctx, tournamentId, by, playerId);
  }

  /** `by` may act for the player (`assertMayActFor`). */
  withdraw(tournamentId: string, by: TournamentMember, playerId: string, reason?: string) {
    return players.withdraw(this.ctx, tournamentId, by, playerId, reason);
  }

  // ——— The organiser's controls (./controls.ts; docs/tournaments.md "The organiser's controls"). ———

  publishDraw(tournamentId: string, organiser: TournamentOrganiser, reason?: string) {
    return controls.publishDraw(this.ctx, tournamentId, organiser, reason);
  }

  postpone(tournamentId: string, organiser: TournamentOrganiser, startsAt: number, reason?: string) {
    return controls.postpone(this.ctx, tournamentId, organiser, startsAt, reason);
  }

  cancel(tournamentId: string, organiser: TournamentOrganiser, reason: string) {
    return controls.cancel(this.ctx, tournamentId, organiser, reason);
  }

  finishTableNow(tournamentId: string, organiser: TournamentOrganiser, round: number, table: number, reason?: string) {
    return controls.finishTableNow(this.ctx, tournamentId, organiser, round, table, reason);
  }

  endRound(tournamentId: string, organiser: TournamentOrganiser, round: number, reason?: string) {
    return controls.endRound(this.ctx, tournamentId, organiser, round, reason);
  }

  substitute(tournamentId: string, organiser: TournamentOrganiser, input: Parameters<typeof controls.substitute>[3]) {
    return controls.substitute(this.ctx, tournamentId, organiser, input);
  }

  correct(tournamentId: string, organiser: TournamentOrganiser, input: Parameters<typeof controls.correct>[3]) {
    return controls.correct(this.ctx, tournamentId, organiser, input);
  }

  // ——— A live table's sheet (./sheets.ts): the organiser or a player (`assertMayEnterSheet`). ———

  enterDeal(tournamentId: string, by: TournamentMember, input: Parameters<typeof sheets.enterDeal>[3]) {
    return sheets.enterDeal(this.ctx, tournamentId, by, input);
  }

  enterTotals(tournamentId: string, by: TournamentMember, input: Parameters<typeof sheets.enterTotals>[3]) {
    return sheets.enterTotals(this.ctx, tournamentId, by, input);
  }

  submitSheet(tournamentId: string, by: TournamentMember, round: number, table: number) {
    return sheets.submitSheet(this.ctx, tournamentId, by, round, table);
  }

  // ——— Read models (./queries.ts). ———

  /** The tournament as `viewer` sees it; the organiser also sees the invite code. */
  get(tournamentId: string, viewer: TournamentCaller) {
    return queries.get(this.ctx, tournamentId, viewer);
  }

  /** The tournament as published: a running duplicate round's results are embargoed (T.publishedState). */
  state(tournamentId: string): Promise<T.TournamentState> {
    return queries.state(this.ctx, tournamentId);
  }

  series(ids: readonly string[], best: number) {
    return queries.series(this.ctx, ids, best);
  }

  events(tournamentId: string, after: number, limit: number, viewer: TournamentCaller = { kind: 'public' }) {
    return queries.events(this.ctx, tournamentId, after, limit, viewer);
  }

  listForOrganiser(organiserKey: string, limit: number) {
    return queries.listForOrganiser(this.ctx, organiserKey, limit);
  }

  playerTables(tournamentId: string, playerId: string) {
    return queries.playerTables(this.ctx, tournamentId, playerId);
  }

  // ——— What the server runs on its own (./rounds.ts). ———

  /** Run a due job (the scheduler calls this). */
  runJob(job: DueWork): Promise<void> {
    return rounds.runJob(this.ctx, job);
  }

  startRound(tournamentId: string, round: number): Promise<void> {
    return rounds.startRound(this.ctx, tournamentId, round);
  }

  checkRound(tournamentId: string, round: number): Promise<void> {
    return rounds.checkRound(this.ctx, tournamentId, round);
  }

  /** A tournament table closed or a seat was freed (the commit hook). */
  tableClosed(tableId: string): Promise<void> {
    return rounds.tableClosed(this.ctx, tableId);
  }
}
