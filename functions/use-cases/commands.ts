import {
  type Action,
  type Lang,
  type TableState,
  labelAction,
  legalCommands,
  parseCommand,
  renderView,
  view,
  asSeat,
} from '../../engine/index.js';
import { type Actor, assertMayAct, audienceOf } from '../policy/access.js';
import type { TableMeta } from '../ports/table-store.js';
import type { UseCaseContext } from './context.js';
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

/** The caller's view as chat text in `lang`, with display names (docs/chat-commands.md). */
export async function textView(
  ctx: UseCaseContext,
  meta: TableMeta,
  actor: Actor,
  lang: Lang,
): Promise<{ version: number; text: string }> {
  const out: ViewResult = await tableView(ctx, meta.tableId, actor);
  const names = namesOf(meta);
  const text =
    actor.kind === 'seat'
      ? renderView(out.view, { lang, names, seat: asSeat(actor.seat) })
      : renderView(out.view, { lang, names });
  return { version: out.version, text };
}

/** The legal actions as commands in both languages, index for index with `legalActions`. */
export function commandsOf(legal: readonly Action[], variant: string): { de: string[]; en: string[] } {
  return { de: legalCommands(legal, variant, 'de'), en: legalCommands(legal, variant, 'en') };
}
