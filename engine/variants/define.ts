import type { Action, Audience, ContractGame, DealResult, Seat, SessionRules, Variant } from '../variant.js';
import { nextSeat, seatsOf } from '../seat.js';
import { PLAIN_SESSION } from './common.js';

/** What the common wiring needs of every variant's deal state: its phase and the settlement, computed once. */
export interface SettledState {
  readonly phase: string;
  result: DealResult | null;
}

/**
 * A variant as its author writes it: the rules and data that differ. {@link defineVariant} adds the wiring all variants
 * share (the deal is over in phase `done`, the settlement computed once and kept, every seat plays, nothing redacted,
 * 120 card points, no session rules) unless the spec says otherwise.
 */
export type VariantSpec<
  O,
  S extends SettledState,
  A extends Action = Action,
  G extends ContractGame = ContractGame,
> = Omit<Variant<O, S, A, G>, 'isOver' | 'result' | 'participants' | 'redactAction' | 'totalPoints' | 'session'> & {
  /** The settlement of a finished deal (called once; the result is kept on the state). */
  settle(state: S): DealResult;
  participants?: Variant<O, S, A, G>['participants'];
  redactAction?: (state: S, seat: Seat, action: A, audience: Audience) => A;
  totalPoints?: Variant<O, S, A, G>['totalPoints'];
  session?: (options: O) => SessionRules;
};

/** Every table seat plays, in table order. */
export const everySeat = (_o: unknown, tableSeats: number): readonly Seat[] => seatsOf(tableSeats);

/** `count` table seats clockwise from the dealer's left (the others, from the dealer on, sit out the deal). */
export const seatsAfter = (dealer: Seat, count: number, tableSeats: number): readonly Seat[] =>
  Array.from({ length: count }, (_, i) => nextSeat(dealer, tableSeats, 1 + i));

/** Build a {@link Variant} from its spec with the common wiring. */
export function defineVariant<
  O,
  S extends SettledState,
  A extends Action = Action,
  G extends ContractGame = ContractGame,
>(spec: VariantSpec<O, S, A, G>): Variant<O, S, A, G> {
  const { settle, ...rest } = spec;
  return {
    participants: everySeat,
    redactAction: (_s, _seat, action) => action,
    totalPoints: () => 120,
    session: () => PLAIN_SESSION,
    ...rest,
    isOver: (s) => s.phase === 'done',
    result: (s) => {
      if (s.result === null) s.result = settle(s);
      return s.result;
    },
  };
}
