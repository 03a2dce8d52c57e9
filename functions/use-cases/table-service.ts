import type { BotLevel } from '../../engine/bots/index.js';
import type { Lang } from '../../engine/index.js';
import { type Actor, authorize } from '../policy/access.js';
import { type TextCommandResult, actByText, textView } from './commands.js';
import type { TableMeta } from '../ports/table-store.js';
import { type VariantInfo, variant, variants } from './catalogue.js';
import { type ServiceDeps, type UseCaseContext, contextOf } from './context.js';
import type { HeadCache } from './head-cache.js';
import { type CreateTableInput, type CreatedTable, createTable } from './create.js';
import { type DealRecord, type Fairness, type Verification, dealRecord, fairness, verify } from './deal-history.js';
import { type DealAnalysisResponse, dealAnalysis } from './deal-analysis.js';
import { type Hint, hint } from './hint.js';
import { type LobbyListing, openTables } from './lobby.js';
import { type Listener, listenTo, listenToCreatorTables } from './listen.js';
import { type CommandOptions, type CommandResult, act, close, commandActor, commandActorBy } from './play.js';
import type { Bot } from '../../engine/bots/index.js';
import {
  type BotTurn,
  type EventsPage,
  type ViewResult,
  authorisedView,
  botTurns,
  events,
  tableView,
} from './queries.js';
import { markSeat } from './presence.js';
import { type ProgressOutcome, progress } from './progress.js';
import { type IdleCheck, type IdlePolicy, checkIdle } from './idle.js';
import { type ArchiveOutcome, archiveTable } from './archive.js';
import type { TableArchive, TableExpiry } from '../ports/archive.js';
import { type ScoreResult, score } from './scoring.js';
import { addBot, addSpectator, join, kick, leave } from './seating.js';
import { type Loaded, loadTable, requireTable, tableForCommand } from './table-stream.js';

export type { Actor } from '../policy/access.js';
export type { ServiceDeps } from './context.js';
export type { CreateTableInput } from './create.js';
export type { SeatedEvent } from './table-stream.js';

/**
 * The facade the transports (HTTP, WebSocket, stream) hold: one object bound to the ports, each method one use case
 * from its own module (README.md in functions/ has the map). No logic lives here.
 */
export class TableService {
  private readonly ctx: UseCaseContext;

  constructor(deps: ServiceDeps) {
    this.ctx = contextOf(deps);
  }

  /** The service's cached heads (head-cache.ts), shared with the fan-out of the same process. */
  get heads(): HeadCache | undefined {
    return this.ctx.heads;
  }

  // catalogue.ts
  variants(): VariantInfo[] {
    return variants();
  }
  variant(id: string): VariantInfo {
    return variant(id);
  }

  // create.ts, lobby.ts
  create(input: CreateTableInput): Promise<CreatedTable> {
    return createTable(this.ctx, input);
  }
  openTables(limit: number, cursor?: string): Promise<LobbyListing> {
    return openTables(this.ctx.store, limit, cursor);
  }

  // policy/access.ts
  /** The table's metadata with the seating at its current head (table-stream.ts `requireTable`). */
  async meta(tableId: string): Promise<TableMeta> {
    return (await requireTable(this.ctx, tableId)).meta;
  }
  authorize(meta: TableMeta, secret: string | undefined): Actor {
    return authorize(meta, secret);
  }
  /** The table's metadata for a command (warm: the cached copy with the cached head's seating, no read). */
  async commandMeta(tableId: string): Promise<TableMeta> {
    return (await tableForCommand(this.ctx, tableId)).meta;
  }
  /** Who `secret` is at the table for a command, with the metadata decided on (warm: no read; play.ts). */
  commandActor(tableId: string, secret: string | undefined): Promise<{ meta: TableMeta; actor: Actor }> {
    return commandActor(this.ctx, tableId, secret);
  }
  /** The same for any way of telling who asks from the metadata (a WebSocket connection's stored principal). */
  commandActorBy(tableId: string, who: (meta: TableMeta) => Actor): Promise<{ meta: TableMeta; actor: Actor }> {
    return commandActorBy(this.ctx, tableId, who);
  }

  // seating.ts
  join(tableId: string, seat: number | undefined, name: string): Promise<{ seat: number; token: string }> {
    return join(this.ctx, tableId, seat, name);
  }
  addSpectator(tableId: string): Promise<{ token: string }> {
    return addSpectator(this.ctx, tableId);
  }
  addBot(tableId: string, seat: number | undefined, level?: string): Promise<{ seat: number; level: BotLevel }> {
    return addBot(this.ctx, tableId, seat, level);
  }
  leave(tableId: string, seat: number): Promise<void> {
    return leave(this.ctx, tableId, seat);
  }
  kick(tableId: string): Promise<void> {
    return kick(this.ctx, tableId);
  }

  // listen.ts
  /** Before a subscription's first view or a webhook registration's answer: later commits are pushed / checked. */
  listen(tableId: string, meta: TableMeta, who: Listener): Promise<TableMeta> {
    return listenTo(this.ctx, tableId, meta, who);
  }
  /** An API key's webhook registrations changed: every table the key created looks them up again. */
  listenToCreatorTables(keyHash: string): Promise<number> {
    return listenToCreatorTables(this.ctx, keyHash);
  }

  // play.ts
  act(tableId: string, actor: Actor, action: unknown, opts: CommandOptions): Promise<CommandResult> {
    return act(this.ctx, tableId, actor, action, opts);
  }
  close(tableId: string, opts?: Parameters<typeof close>[2]): Promise<{ version: number }> {
    return close(this.ctx, tableId, opts);
  }

  // commands.ts (chat text)
  actByText(
    meta: TableMeta,
    actor: Actor,
    text: string,
    lang: Lang | undefined,
    opts: CommandOptions,
  ): Promise<TextCommandResult> {
    return actByText(this.ctx, meta, actor, text, lang, opts);
  }
  textView(
    meta: TableMeta,
    actor: Actor,
    lang: Lang,
    opts: { readonly analysis?: boolean } = {},
  ): Promise<{ version: number; text: string }> {
    return textView(this.ctx, meta, actor, lang, opts);
  }

  // queries.ts, table-stream.ts
  load(tableId: string): Promise<Loaded> {
    return loadTable(this.ctx.store, tableId);
  }
  view(tableId: string, actor: Actor, meta?: TableMeta): Promise<ViewResult> {
    return tableView(this.ctx, tableId, actor, meta);
  }
  /** A GET view: the metadata (authorised by `authorize` first) and the current head, in one read when warm. */
  authorisedView(
    tableId: string,
    authorize: (meta: TableMeta) => Actor,
  ): Promise<{ readonly meta: TableMeta; readonly actor: Actor; readonly result: ViewResult }> {
    return authorisedView(this.ctx, tableId, authorize);
  }
  events(tableId: string, actor: Actor, after: number, limit: number): Promise<EventsPage> {
    return events(this.ctx, tableId, actor, after, limit);
  }
  botTurns(tableId: string): Promise<BotTurn[]> {
    return botTurns(this.ctx, tableId);
  }
  /** The bot that plays `level` here (the `bots` port; default the engine's). */
  bot(level: string): Bot {
    return this.ctx.bots(level);
  }

  // progress.ts
  progress(tableId: string, pinned?: number, opts?: { readonly handsOn?: boolean }): Promise<ProgressOutcome> {
    return progress(this.ctx, tableId, pinned, opts);
  }

  // idle.ts
  checkIdle(tableId: string, policy: IdlePolicy, unattendedSince?: number): Promise<IdleCheck> {
    return checkIdle(this.ctx, tableId, policy, unattendedSince);
  }
  // archive.ts
  archive(
    tableId: string,
    deps: { readonly archive: TableArchive; readonly expiry: TableExpiry; readonly expireAfterMs: number },
  ): Promise<ArchiveOutcome> {
    return archiveTable(this.ctx, deps, tableId);
  }
  now(): number {
    return this.ctx.now();
  }

  // presence.ts
  markSeat(tableId: string, seat: number, type: 'SeatAbsent' | 'SeatReturned'): Promise<number | undefined> {
    return markSeat(this.ctx, tableId, seat, type);
  }

  // deal-history.ts
  record(tableId: string, n: number): Promise<DealRecord> {
    return dealRecord(this.ctx, tableId, n);
  }
  fairness(tableId: string, n: number): Promise<Fairness> {
    return fairness(this.ctx, tableId, n);
  }
  verify(tableId: string, n: number, seed: string): Promise<Verification> {
    return verify(this.ctx, tableId, n, seed);
  }

  // deal-analysis.ts
  analysis(tableId: string, n: number): Promise<DealAnalysisResponse> {
    return dealAnalysis(this.ctx, tableId, n);
  }

  // hint.ts
  hint(tableId: string, actor: Actor): Promise<Hint> {
    return hint(this.ctx, tableId, actor);
  }

  // scoring.ts
  score(record: unknown): ScoreResult {
    return score(record);
  }
}
