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

/** Randomness and time come in as data: the engine has no clock and no Math.random. */
export interface BotContext {
  readonly rng: Rng;
  /** Milliseconds from any fixed origin (e.g. `performance.now`); used for the time budget only. */
  readonly now: () => number;
  /** Time the decision may take; `strong` stops sampling when it runs out. */
  readonly budgetMs: number;
}

export interface Bot {
  readonly level: string;
  /** One action out of `legal` (never anything else). */
  decide(obs: SeatObservation, legal: readonly Action[], ctx: BotContext): Action;
}
