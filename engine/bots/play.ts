import { ZERO } from '../money/rational.js';
import type { Action, AnyVariant, DealContext, DealResult, Layout, Seat } from '../variant.js';
import type { Bot, BotContext, SeatObservation } from './types.js';
import { asSeat } from '../seat.js';

/**
 * What a seat's bot is given at its turn: the seat's view of `state` and the actions so far as redacted for the seat
 * (`history`, which the caller keeps per seat).
 */
export function seatObservation(
  variant: AnyVariant,
  options: unknown,
  state: unknown,
  seat: Seat,
  history: readonly { seat: Seat; action: Action }[],
): SeatObservation {
  return { variant: variant.id, options, seat, view: variant.view(state, { kind: 'seat', seat }), history };
}

/** One decision as the driver saw it: who decided what (timing is the caller's: wrap the bots, cli/duel.ts). */
export interface DecisionLog {
  readonly seat: Seat;
  readonly level: string;
  readonly action: Action;
}

export interface BotDeal {
  readonly result: DealResult;
  readonly decisions: readonly DecisionLog[];
}

/**
 * Play one deal from a layout with a bot in every seat. Each bot sees only its seat's view and the actions as
 * redacted for its seat. The seat to act decides (the first of `toAct` when several may act).
 */
export function playBotDeal(
  variant: AnyVariant,
  options: unknown,
  players: number,
  dealer: Seat,
  layout: Layout,
  bots: readonly Bot[],
  ctxFor: (seat: Seat) => BotContext,
  deal: DealContext = { bock: 1, pot: ZERO },
): BotDeal {
  const state = variant.start(options, players, dealer, layout, deal);
  const histories: { seat: Seat; action: Action }[][] = Array.from({ length: players }, () => []);
  const decisions: DecisionLog[] = [];
  for (let guard = 0; guard < 10_000; guard++) {
    const toAct = variant.toAct(state);
    const seat = toAct[0];
    if (seat === undefined) break;
    const bot = bots[seat] as Bot;
    const obs = seatObservation(variant, options, state, seat, histories[seat] as { seat: Seat; action: Action }[]);
    const legal = variant.legalActions(state, seat);
    const action = bot.decide(obs, legal, ctxFor(seat));
    const problem = variant.check(state, seat, action);
    if (problem !== undefined) throw new Error(`${bot.level} bot chose an illegal action: ${problem.message}`);
    decisions.push({ seat, level: bot.level, action });
    for (let s = 0; s < players; s++)
      (histories[s] as { seat: Seat; action: Action }[]).push({
        seat,
        action: variant.redactAction(state, seat, action, { kind: 'seat', seat: asSeat(s) }),
      });
    variant.apply(state, seat, action, true);
  }
  if (!variant.isOver(state)) throw new Error('deal did not end');
  return { result: variant.result(state), decisions };
}
