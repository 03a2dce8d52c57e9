import { randomInt } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { type Action, Rng } from '../../engine/index.js';
import { BOT_LEVELS, type Bot, type BotLevel, budgetForMs, getBot, isBotLevel } from '../../engine/bots/index.js';
import { AppError } from './errors.js';
import type { TableMeta } from '../ports/table-store.js';
import type { BotTurn } from './kernel.js';
import type { Actor } from '../policy/access.js';

/**
 * What a bot step needs of the service (table-service.ts `TableService` is one): named here rather than imported, so
 * bots.ts stays below the facade that binds it (test/lint/import-cycles.test.ts).
 */
export interface BotStepService {
  botTurns(tableId: string): Promise<BotTurn[]>;
  bot(level: string): Bot;
  act(
    tableId: string,
    actor: Actor,
    action: unknown,
    opts: { readonly expectedVersion?: number; readonly idempotencyKey?: string },
  ): Promise<unknown>;
}

const DOUBLINGS = new Set(['knock', 'kontra', 're']);

/**
 * A table's bots play at this level unless the table or the seat says otherwise. `heuristic`: a sensible player at
 * well under a millisecond a decision; a level that fails falls back to a random legal action (`chooseFor`).
 */
export const DEFAULT_BOT_LEVEL: BotLevel = 'heuristic';

/** The table's level: what bot seats without their own level and the seats the server plays for play at. */
export function tableBotLevel(meta: Pick<TableMeta, 'botLevel'>): BotLevel {
  return meta.botLevel ?? DEFAULT_BOT_LEVEL;
}

/** The level table seat `seat` plays at when the server decides for it (a bot seat, or a timed-out or absent player). */
export function seatBotLevel(meta: Pick<TableMeta, 'botLevel' | 'seats'>, seat: number): BotLevel {
  const info = meta.seats[seat];
  return info?.kind === 'bot' && info.level !== undefined ? info.level : tableBotLevel(meta);
}

/** The time a bot decision may take when BOT_BUDGET_MS is not set (composition/config.ts; docs/bots.md). */
export const DEFAULT_BOT_BUDGET_MS = 200;

/** A requested bot level, checked: undefined → the default; anything not in BOT_LEVELS → 422 naming `field`. */
export function botLevelOf(level: string | undefined, field: string, fallback: BotLevel = DEFAULT_BOT_LEVEL): BotLevel {
  if (level === undefined) return fallback;
  if (!isBotLevel(level))
    throw new AppError(422, 'seat/bad_bot_level', `bot level ${level} is not one of ${BOT_LEVELS.join(', ')}`, {
      field,
    });
  return level;
}

/** A uniformly random legal action, doublings only when nothing else is legal (kept for callers outside tables). */
export function pickRandom(legal: readonly Action[], random: (n: number) => number = randomInt): Action | undefined {
  const plain = legal.filter((a) => !DOUBLINGS.has(a.type));
  const pool = plain.length > 0 ? plain : legal;
  return pool.length === 0 ? undefined : pool[random(pool.length)];
}

/** A bot decision that was replaced by a random legal action: the level threw or chose something not legal. */
export interface BotFallback {
  readonly tableId: string;
  readonly dealNo: number;
  readonly seat: number;
  readonly version: number;
  readonly level: string;
  readonly reason: 'threw' | 'illegal';
  readonly detail: string;
}

/** Fallbacks since the process started, by level (a table never stalls on a bot; this says how often one failed). */
export const botFallbacks: Record<string, number> = {};

/** The default report of a fallback: counted in `botFallbacks` and logged as one JSON line. */
export function logBotFallback(f: BotFallback): void {
  // Quiet under vitest, like the telemetry logger (functions/observability/telemetry.ts).
  if (process.env.VITEST === undefined)
    console.warn(JSON.stringify({ message: 'bot decision fell back to a random legal action', ...f }));
}

/**
 * What the bot on `turn.seat` plays: `bot` (the seat's level; the service's `bots` port), given only the seat's observation (its
 * view and the deal's actions redacted for it, in deal seats) — never the table state. The randomness is seeded from
 * the table, deal, seat and version, and the time budget is turned into work (`budgetForMs`: the engine reads no
 * clock), so a replayed turn decides the same at every level.
 *
 * A table never stalls on a bot: a level that throws or returns an action not in `turn.legal` is replaced by a
 * random legal action (seeded the same way), counted in `botFallbacks` and reported to `onFallback`.
 */
export function chooseFor(
  turn: BotTurn,
  onFallback: (f: BotFallback) => void = logBotFallback,
  bot: Bot = getBot(turn.level),
): Action | undefined {
  if (turn.legal.length === 0) return undefined;
  const seed = `bot:${turn.tableId}:${turn.dealNo}:${turn.seat}:${turn.version}`;
  const budget = budgetForMs(turn.budgetMs);
  let reason: BotFallback['reason'];
  let detail: string;
  try {
    const action = bot.decide(turn.observation, turn.legal, { rng: new Rng(seed), budget });
    if (turn.legal.some((a) => isDeepStrictEqual(a, action))) return action;
    reason = 'illegal';
    detail = JSON.stringify(action) ?? String(action);
  } catch (e) {
    reason = 'threw';
    detail = e instanceof Error ? e.message : String(e);
  }
  botFallbacks[turn.level] = (botFallbacks[turn.level] ?? 0) + 1;
  const { tableId, dealNo, seat, version, level } = turn;
  onFallback({ tableId, dealNo, seat, version, level, reason, detail });
  return pickRandom(turn.legal, (n) => new Rng(`${seed}:fallback`).int(n)) ?? turn.legal[0];
}

/**
 * One bot step for a table: every bot seat the deal waits for acts once, through the same use case as a player,
 * each pinned to the version it looked at. Where several seats act at once (the knock phase), the turns are read
 * again after each move, so every bot seat acts on the table as it is (a lost race is fine: the winning commit
 * triggers the next step). Returns how many bots acted.
 */
export async function botStep(service: BotStepService, tableId: string): Promise<number> {
  let acted = 0;
  const tried = new Set<number>();
  for (;;) {
    const turn = (await service.botTurns(tableId)).find((t) => !tried.has(t.seat));
    if (turn === undefined) return acted;
    tried.add(turn.seat);
    const action = chooseFor(turn, logBotFallback, service.bot(turn.level));
    if (action === undefined) continue;
    try {
      await service.act(tableId, { kind: 'bot', seat: turn.seat }, action, {
        expectedVersion: turn.version,
        idempotencyKey: `bot-v${turn.version}`,
      });
      acted++;
    } catch (e) {
      // A race or a moved-on deal: the commit that changed the table triggers the next step.
      if (!(e instanceof AppError)) throw e;
    }
  }
}
