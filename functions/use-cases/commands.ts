import {
  type Action,
  type Lang,
  type TableState,
  labelAction,
  legalCommands,
  parseCommand,
  renderAnalysis,
  renderView,
  view,
  asSeat,
} from '../../engine/index.js';
import { type Actor, assertMayAct, assertMayReadDeals, audienceOf } from '../policy/access.js';
import type { TableMeta } from '../ports/table-store.js';
import type { UseCaseContext } from './context.js';
import { dealAnalysis } from './deal-analysis.js';
import { AppError } from './errors.js';
import { type CommandOptions, type CommandResult, actResolved } from './play.js';
import { type ViewResult, tableView } from './queries.js';

/**
 * Chat text (docs/chat-commands.md): a command read against the seat's legal actions, then played exactly like
 * POST /actions (one conditional write, Idempotency-Key, expectedVersion); a view as text; display names.
 */

export interface TextCommandResult extends CommandResult {
  /** The action the text was read as, and that action as a command in the request's language. */
  readonly action: Action;
  readonly command: string;
}

/** Display names by table seat: the name given when joining, `bot-N` for bots, null for an open seat. */
export function namesOf(meta: TableMeta): (string | null)[] {
  return meta.seats.map((s) => (s.kind === 'open' ? null : s.name));
}

/**
 * Read `text` on the state the write is decided on and act. A text that means no legal action, or several, is a 422
 * `action/unclear` whose detail answers in the request's language listing the legal commands (also as a list).
 * A repeated Idempotency-Key with the same text returns the first outcome; the key's request hash covers the text.
 */
export async function actByText(
  ctx: UseCaseContext,
  meta: TableMeta,
  actor: Actor,
  text: string,
  lang: Lang | undefined,
  opts: CommandOptions,
): Promise<TextCommandResult> {
  assertMayAct(actor);
  const seat = actor.seat;
  let read: Action | undefined;
  const resolve = (state: TableState | null): Action => {
    const legal = state === null ? [] : view(state, audienceOf(actor)).legalActions;
    const out = parseCommand(text, legal, { variant: meta.variant, ...(lang !== undefined ? { lang } : {}) });
    if (out.ok) return (read = out.action);
    throw new AppError(422, 'action/unclear', out.message, {
      field: 'text',
      reason: out.reason,
      commands: out.commands,
      legalActions: legal,
      ...(out.candidates.length < legal.length ? { candidates: out.candidates } : {}),
    });
  };
  const out = await actResolved(ctx, meta.tableId, actor, { text, lang: lang ?? null }, resolve, {
    ...opts,
    meta,
  });
  // A replayed request did not read the text again: its action is the one the first request took.
  const taken = out.events.find((e) => e.event.type === 'ActionTaken' && e.event.seat === seat)?.event;
  const action = read ?? (taken?.type === 'ActionTaken' ? taken.action : undefined);
  if (action === undefined) throw new Error('a command commit holds the seat’s action');
  return { ...out, action, command: labelAction(action, meta.variant, lang ?? 'de') };
}

/**
 * The caller's view as chat text in `lang`, with display names (docs/chat-commands.md). `analysis`: when the text shows
 * a finished deal's result, the strong bot's summary of its biggest mistakes follows (deal-analysis.ts: computed once,
 * then stored), for those who may read the deal's record; while a deal is being played only a line saying the analysis
 * comes after it — the analysis itself refuses a running deal (409 `deal/not_over`), whoever asks.
 */
export async function textView(
  ctx: UseCaseContext,
  meta: TableMeta,
  actor: Actor,
  lang: Lang,
  opts: { readonly analysis?: boolean } = {},
): Promise<{ version: number; text: string }> {
  const out: ViewResult = await tableView(ctx, meta.tableId, actor);
  const names = namesOf(meta);
  const text =
    actor.kind === 'seat'
      ? renderView(out.view, { lang, names, seat: asSeat(actor.seat) })
      : renderView(out.view, { lang, names });
  if (opts.analysis !== true) return { version: out.version, text };
  const summary = await analysisSummary(ctx, meta, actor, out.view, lang);
  return { version: out.version, text: summary === undefined ? text : `${text}\n${summary}` };
}

/** The analysis lines under a text view (see textView), or nothing (no deal yet, or the records are sealed). */
async function analysisSummary(
  ctx: UseCaseContext,
  meta: TableMeta,
  actor: Actor,
  view: ViewResult['view'],
  lang: Lang,
): Promise<string | undefined> {
  const deal = view.deal;
  // The deal the text shows the result of (renderView's rule), else the one being played.
  const shown =
    view.lastResult !== null && (deal === null || deal.toAct.length === 0) ? (deal?.no ?? view.dealNo) : undefined;
  if (shown === undefined)
    return deal !== null && deal.toAct.length > 0 ? renderAnalysis(null, meta.variant, lang) : undefined;
  try {
    assertMayReadDeals(meta, actor);
    const analysis = await dealAnalysis(ctx, meta.tableId, shown);
    return renderAnalysis(analysis, meta.variant, lang, namesOf(meta));
  } catch (e) {
    if (e instanceof AppError && e.code === 'deal/not_over') return renderAnalysis(null, meta.variant, lang);
    // Sealed records (a tournament round) have no analysis for this reader: the text stays as it is.
    if (e instanceof AppError && e.status === 403) return undefined;
    throw e;
  }
}

/** The legal actions as commands in both languages, index for index with `legalActions`. */
export function commandsOf(legal: readonly Action[], variant: string): { de: string[]; en: string[] } {
  return { de: legalCommands(legal, variant, 'de'), en: legalCommands(legal, variant, 'en') };
}
