import type { Rng } from '../cards/deck.js';
import type { Action, DealView, Seat } from '../variant.js';

/**
 * Everything a bot may know when it decides: its seat's view of the deal and the deal's actions as that seat saw
 * them (other seats' hidden actions redacted, e.g. a bury). Seats are deal seats (0-based within the deal), the
 * numbering of `variant.view(state, { kind: 'seat', seat })`.
 */
export interface SeatObservation {
  readonly variant: string;
  /** The table's resolved options (public: every player knows the house rules). */
  readonly options: unknown;
  readonly seat: Seat;
  readonly view: DealView;
  /** Every action of this deal so far, in order, as redacted for this seat (`variant.redactAction`). */
  readonly history: readonly { readonly seat: Seat; readonly action: Action }[];
}

/**
 * The work one decision may do — counted in work, not time, so that a decision depends only on the observation, the
 * seed and the budget (the engine has no clock). Callers holding a time budget convert it with `budgetForMs`
 * (engine/bots/budget.ts). Only `strong` uses it.
 */
export interface BotBudget {
  /** Sampled deals a card decision may solve open-handed. */
  readonly samples: number;
  /** Sampled deals an auction choice may play out (each once per candidate, by heuristic bots). */
  readonly rollouts: number;
  /** Open-hand solver nodes a card decision may search over all its samples. */
  readonly nodes: number;
}

/** Randomness and the work budget come in as data: the engine has no clock and no Math.random. */
export interface BotContext {
  readonly rng: Rng;
  readonly budget: BotBudget;
}

export interface Bot {
  readonly level: string;
  /** One action out of `legal` (never anything else). */
  decide(obs: SeatObservation, legal: readonly Action[], ctx: BotContext): Action;
}
