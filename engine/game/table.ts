import type { Card } from '../cards/card.js';
import { type EngineError, ErrorCodes, codeOf, engineError } from '../errors.js';
import { type Rational, ZERO, add, format, rat, sum } from '../money/rational.js';
import type { Action, AnyVariant, Audience, DealNote, DealView, Layout, Seat } from '../variant.js';
import { OptionsError } from '../variant.js';
import { getVariant } from '../registry.js';
import { parseAction } from '../record/action.js';
import { type ResultJson, resultJson } from './result.js';
import { asSeat, foundSeat, nextSeat, seatIn } from '../seat.js';

export { type ResultJson, resultJson };

/**
 * The table session as a Decider (STYLE.md 1): `decide(command, state) → events`, `evolve(state, event) → state`.
 * A table runs deal after deal: dealer rotation, running totals (exact), the Bock queue, the Stock.
 * Seats here are table seats; a deal's own seat numbers map to them through `players` (some may sit out).
 */

export type TableCommand =
  | {
      readonly type: 'OpenTable';
      readonly variant: string;
      readonly preset?: string;
      readonly options?: unknown;
      readonly seats: number;
      /** The first dealer (a seat number from outside, checked); default the last seat so that seat 0 is forehand. */
      readonly dealer?: number;
    }
  /** Randomness enters as data: the shuffled deck (the server derives it from a secret seed it commits to). */
  | {
      readonly type: 'StartDeal';
      readonly deck: readonly Card[];
      /** The die (1–6) from the same seed, where the variant rolls one (engine/game/shuffle.ts `startDealFor`). */
      readonly die?: number;
      readonly commitment?: string;
    }
  /** `seat` is a table seat number from outside (JSON): decide checks it. */
  | { readonly type: 'Act'; readonly seat: number; readonly action: unknown }
  | { readonly type: 'CloseTable'; readonly reason?: CloseReason };

/**
 * Why the server closed a table on its own (docs/operations.md "Idle tables"): `idle` — no commit for the idle limit;
 * `lobby-idle` — no deal started and nothing happened for the lobby limit; `unattended` — every seat a bot or marked
 * absent for the unattended limit. A table closed by its organiser or after its last deal carries no reason.
 */
export type CloseReason = 'idle' | 'lobby-idle' | 'unattended';

export type TableEvent =
  | {
      readonly type: 'TableOpened';
      readonly variant: string;
      readonly preset: string;
      /** The fully resolved options, so that a table replays identically after defaults change. */
      readonly options: unknown;
      readonly seats: number;
      readonly dealer: Seat;
    }
  | {
      readonly type: 'DealStarted';
      readonly deal: number;
      /** Table seat of the dealer. */
      readonly dealer: Seat;
      /** Table seats taking part, by deal seat. */
      readonly players: readonly Seat[];
      /** Deal seat of the dealer within `players` (forehand is the next one). */
      readonly dealerInDeal: Seat;
      readonly layout: Layout;
      readonly bock: number;
      readonly commitment?: string;
    }
  | { readonly type: 'ActionTaken'; readonly deal: number; readonly seat: Seat; readonly action: Action }
  /** Derived, for clients: evolve ignores notes (they follow from the ActionTaken before them). */
  | { readonly type: 'DealNoted'; readonly deal: number; readonly note: DealNote }
  /**
   * The deal is over and settled: decide emits it after the action (or start) that ended the deal, and evolve settles
   * the deal on it (totals, pot, Bock queue, next dealer), so the settlement is an event of its own, not a side effect
   * of the last card. Its fields are the settlement as computed, for clients.
   */
  | {
      readonly type: 'DealEnded';
      readonly deal: number;
      readonly result: ResultJson;
      /** Running totals after this deal, exact, per table seat. */
      readonly totals: readonly string[];
      readonly pot: string;
    }
  /** The table was closed in the middle of this deal: it is over without a settlement (no payout, totals unchanged). */
  | { readonly type: 'DealAbandoned'; readonly deal: number; readonly reason: AbandonReason }
  | { readonly type: 'TableClosed'; readonly reason?: CloseReason }
  /*
   * Seating and turn-clock events (the server appends them; functions/use-cases/progress.ts and seating.ts). They
   * carry nothing hidden. evolve keeps only what the server must know later: the consecutive timeouts and the seats
   * marked absent.
   */
  /** The seat's turn clock ran out; the server played for it (the ActionTaken before this, in the same commit). */
  | { readonly type: 'TurnTimedOut'; readonly seat: Seat }
  /** A bot plays the seat until its player acts again. */
  | { readonly type: 'SeatAbsent'; readonly seat: Seat }
  /** The seat's player is back (acted after a timeout, or reconnected while absent): the timeout count restarts. */
  | { readonly type: 'SeatReturned'; readonly seat: Seat }
  | { readonly type: 'SeatTaken'; readonly seat: Seat; readonly name: string }
  | { readonly type: 'SeatLeft'; readonly seat: Seat }
  | { readonly type: 'BotSeated'; readonly seat: Seat };

/** Why a deal ended unplayed: `table-closed` = the organiser (or the deal limit) closed the table mid-deal. */
export type AbandonReason = 'table-closed';

export interface TableState {
  readonly variant: string;
  readonly preset: string;
  readonly options: unknown;
  readonly seats: number;
  /** Dealer of the current deal, or of the next one when no deal is running. */
  readonly dealer: Seat;
  readonly dealNo: number;
  readonly totals: readonly Rational[];
  readonly pot: Rational;
  /** Multipliers of the coming Bock deals, in order. */
  readonly bockQueue: readonly number[];
  readonly deal: DealInProgress | null;
  readonly lastResult: ResultJson | null;
  readonly closed: boolean;
  /** Consecutive turn timeouts per table seat (absent until the first `TurnTimedOut`). */
  readonly timeouts?: readonly number[];
  /** Seats marked absent (a bot plays them), ascending (absent until the first `SeatAbsent`). */
  readonly absent?: readonly Seat[];
  /** Finished deals that do not count toward the table's deal limit (thrown in and dealt again; absent = none). */
  readonly uncounted?: number;
}

export interface DealInProgress {
  readonly no: number;
  readonly dealer: Seat;
  readonly players: readonly Seat[];
  readonly dealerInDeal: Seat;
  readonly bock: number;
  readonly commitment?: string;
  /** The variant's deal state; treat as opaque and never mutate (evolve clones it). */
  readonly state: unknown;
  readonly over: boolean;
  /** Set when the deal ended without being played out ({@link AbandonReason}); then there is no result. */
  readonly abandoned?: AbandonReason;
}

export type Decision =
  { readonly ok: true; readonly events: readonly TableEvent[] } | { readonly ok: false; readonly error: EngineError };

const fail = (error: EngineError): Decision => ({ ok: false, error });

/** The state before the table is opened. */
export function initialState(): TableState | null {
  return null;
}

export function decide(command: TableCommand, state: TableState | null): Decision {
  switch (command.type) {
    case 'OpenTable':
      return decideOpen(command, state);
    case 'StartDeal':
      return decideStart(command, state);
    case 'Act':
      return decideAct(command, state);
    case 'CloseTable':
      if (state === null) return fail(engineError(ErrorCodes.noDeal, 'no table'));
      if (state.closed) return fail(engineError(ErrorCodes.tableClosed, 'the table is closed'));
      // A deal still running is over now: abandoned, unsettled (its seed can then be revealed like any ended deal's).
      if (state.deal !== null && !state.deal.over)
        return {
          ok: true,
          events: [{ type: 'DealAbandoned', deal: state.deal.no, reason: 'table-closed' }, closed(command.reason)],
        };
      return { ok: true, events: [closed(command.reason)] };
    default: {
      const never: never = command;
      return fail(engineError(ErrorCodes.badAction, `unknown command ${(never as { type: string }).type}`));
    }
  }
}

const closed = (reason: CloseReason | undefined): TableEvent =>
  reason === undefined ? { type: 'TableClosed' } : { type: 'TableClosed', reason };

function decideOpen(command: Extract<TableCommand, { type: 'OpenTable' }>, state: TableState | null): Decision {
  if (state !== null) return fail(engineError(ErrorCodes.dealInProgress, 'the table is already open'));
  const variant = getVariant(command.variant);
  if (variant === undefined)
    return fail(engineError(ErrorCodes.unknownVariant, `unknown variant ${command.variant}`, { field: 'variant' }));
  const preset = command.preset ?? variant.defaultPreset;
  // An own property only: `__proto__`, `toString` and friends are not presets.
  if (!Object.hasOwn(variant.presets, preset))
    return fail(
      engineError(
        ErrorCodes.unknownPreset,
        `unknown preset ${JSON.stringify(preset)} for ${variant.id}; valid: ${Object.keys(variant.presets).join(', ')}`,
        { field: 'preset' },
      ),
    );
  const seats = command.seats;
  if (!Number.isInteger(seats) || seats < variant.tableSeats.min || seats > variant.tableSeats.max)
    return fail(
      engineError(
        ErrorCodes.badSeats,
        `${variant.id} is played by ${variant.tableSeats.min} to ${variant.tableSeats.max} seats`,
        { field: 'seats' },
      ),
    );
  let options: unknown;
  try {
    options = variant.resolveOptions(preset, command.options ?? {}, seats);
  } catch (e) {
    if (e instanceof OptionsError)
      return fail(engineError(ErrorCodes.badOptions, e.message, { field: `options${e.path ? '.' + e.path : ''}` }));
    throw e;
  }
  const dealer = seatIn(command.dealer ?? seats - 1, seats);
  if (dealer === null)
    return fail(engineError(ErrorCodes.badSeat, `dealer must be a seat 0..${seats - 1}`, { field: 'dealer' }));
  return {
    ok: true,
    events: [{ type: 'TableOpened', variant: variant.id, preset, options, seats, dealer }],
  };
}

function decideStart(command: Extract<TableCommand, { type: 'StartDeal' }>, state: TableState | null): Decision {
  if (state === null) return fail(engineError(ErrorCodes.noDeal, 'no table'));
  if (state.closed) return fail(engineError(ErrorCodes.tableClosed, 'the table is closed'));
  if (state.deal !== null && !state.deal.over)
    return fail(engineError(ErrorCodes.dealInProgress, 'a deal is in progress'));
  const variant = variantOf(state);
  const players = variant.participants(state.options, state.seats, state.dealer);
  const dealerInDeal = dealSeatOf(players, state.dealer) ?? asSeat(players.length - 1);
  const expected = variant.deck(state.options, players.length);
  if (!sameCards(expected, command.deck))
    return fail(engineError(ErrorCodes.badDeck, 'the deck is not this variant’s deck', { field: 'deck' }));
  const rollsDie = variant.rollsDie?.(state.options, players.length) === true;
  const die = command.die;
  if (rollsDie !== (die !== undefined) || (die !== undefined && (!Number.isInteger(die) || die < 1 || die > 6)))
    return fail(
      engineError(ErrorCodes.badDeck, rollsDie ? 'this deal needs a die roll 1–6' : 'this deal rolls no die', {
        field: 'die',
      }),
    );
  const dealt = variant.deal(state.options, players.length, dealerInDeal, command.deck);
  const layout: Layout = die !== undefined ? { ...dealt, die } : dealt;
  const bock = state.bockQueue[0] ?? 1;
  const started: TableEvent = {
    type: 'DealStarted',
    deal: state.dealNo + 1,
    dealer: state.dealer,
    players,
    dealerInDeal,
    layout,
    bock,
    ...(command.commitment !== undefined ? { commitment: command.commitment } : {}),
  };
  // A deal can end at once (e.g. a refused hand is impossible before acting, but a variant may settle at start).
  const next = evolve(state, started);
  return { ok: true, events: [started, ...endEvents(next)] };
}

function decideAct(command: Extract<TableCommand, { type: 'Act' }>, state: TableState | null): Decision {
  if (state === null) return fail(engineError(ErrorCodes.noDeal, 'no table'));
  if (state.closed) return fail(engineError(ErrorCodes.tableClosed, 'the table is closed'));
  const deal = state.deal;
  if (deal === null) return fail(engineError(ErrorCodes.noDeal, 'no deal has started'));
  if (deal.over) return fail(engineError(ErrorCodes.dealOver, 'the deal is over'));
  const seat = seatIn(command.seat, state.seats);
  const dealSeat = seat === null ? null : dealSeatOf(deal.players, seat);
  if (seat === null || dealSeat === null)
    return fail(engineError(ErrorCodes.badSeat, `seat ${command.seat} does not play this deal`, { field: 'seat' }));
  const variant = variantOf(state);
  const parsed = parseAction(command.action, variant.vocabulary);
  if (!parsed.ok)
    return fail(
      engineError(ErrorCodes.badAction, parsed.message, { field: `action${parsed.field ? '.' + parsed.field : ''}` }),
    );
  const illegal = variant.check(deal.state, dealSeat, parsed.action);
  if (illegal !== undefined) {
    const code = codeOf(illegal.code);
    // Whose turn it is, in table seats (every variant reports the refusal; the table knows the seating).
    const message =
      code === ErrorCodes.notYourTurn
        ? `${illegal.message}; to act: seat ${variant
            .toAct(deal.state)
            .map((s) => deal.players[s] ?? s)
            .join(', seat ')}`
        : illegal.message;
    return fail(engineError(code, message, { rule: illegal.rule, seat: command.seat }));
  }
  const taken: TableEvent = { type: 'ActionTaken', deal: deal.no, seat, action: parsed.action };
  // The action is applied once, by evolve; its notes come back with the new state.
  const { state: next, notes } = step(state, taken);
  const noted: TableEvent[] = notes
    .filter((n) => n.type !== 'DealOver')
    .map((note) => ({ type: 'DealNoted', deal: deal.no, note: mapNote(note, deal.players) }));
  return { ok: true, events: [taken, ...noted, ...endEvents(next)] };
}

/** A DealEnded event when the deal in `state` has just come to its end (the settlement evolve then applies). */
function endEvents(state: TableState): TableEvent[] {
  const settled = settleIfOver(state);
  const deal = settled.deal;
  if (settled === state || deal === null || settled.lastResult === null) return [];
  return [
    {
      type: 'DealEnded',
      deal: deal.no,
      result: settled.lastResult,
      totals: settled.totals.map(format),
      pot: format(settled.pot),
    },
  ];
}

export function evolve(state: TableState | null, event: TableEvent): TableState {
  return step(state, event).state;
}

const NO_NOTES: readonly DealNote[] = Object.freeze([]);

/** {@link evolve}, also returning the variant's notes on an applied action (in deal seats) for decide. */
function step(state: TableState | null, event: TableEvent): { state: TableState; notes: readonly DealNote[] } {
  switch (event.type) {
    case 'TableOpened':
      return {
        notes: NO_NOTES,
        state: {
          variant: event.variant,
          preset: event.preset,
          options: event.options,
          seats: event.seats,
          dealer: event.dealer,
          dealNo: 0,
          totals: Array.from({ length: event.seats }, () => ZERO),
          pot: ZERO,
          bockQueue: [],
          deal: null,
          lastResult: null,
          closed: false,
        },
      };
    case 'DealStarted': {
      const s = must(state);
      const variant = variantOf(s);
      const dealState = variant.start(s.options, event.players.length, event.dealerInDeal, event.layout, {
        bock: event.bock,
        pot: s.pot,
      });
      const deal: DealInProgress = {
        no: event.deal,
        dealer: event.dealer,
        players: event.players,
        dealerInDeal: event.dealerInDeal,
        bock: event.bock,
        ...(event.commitment !== undefined ? { commitment: event.commitment } : {}),
        state: dealState,
        over: false,
      };
      return { notes: NO_NOTES, state: { ...s, dealNo: event.deal, deal, lastResult: null } };
    }
    case 'ActionTaken': {
      const s = must(state);
      const deal = must(s.deal);
      const variant = variantOf(s);
      const next = variant.clone(deal.state);
      const notes = variant.apply(next, must(dealSeatOf(deal.players, event.seat)), event.action);
      return { notes, state: { ...s, deal: { ...deal, state: next } } };
    }
    case 'DealNoted':
      // Derived: the notes tell clients what the ActionTaken before them did.
      return { notes: NO_NOTES, state: must(state) };
    case 'DealEnded':
      // The settlement is recomputed from the finished deal (exact, deterministic) rather than read back from the event.
      return { notes: NO_NOTES, state: settleIfOver(must(state)) };
    case 'DealAbandoned': {
      const s = must(state);
      const deal = must(s.deal);
      return { notes: NO_NOTES, state: { ...s, deal: { ...deal, over: true, abandoned: event.reason } } };
    }
    case 'TableClosed':
      return { notes: NO_NOTES, state: { ...must(state), closed: true } };
    case 'TurnTimedOut': {
      const s = must(state);
      const timeouts = Array.from({ length: s.seats }, (_, i) => s.timeouts?.[i] ?? 0);
      timeouts[event.seat] = (timeouts[event.seat] ?? 0) + 1;
      return { notes: NO_NOTES, state: { ...s, timeouts } };
    }
    case 'SeatAbsent': {
      const s = must(state);
      const absent = [...new Set([...(s.absent ?? []), event.seat])].sort((a, b) => a - b);
      return { notes: NO_NOTES, state: { ...s, absent } };
    }
    case 'SeatReturned':
    case 'SeatTaken':
    case 'SeatLeft':
    case 'BotSeated':
      // Whoever sits there now starts afresh: no timeouts counted, not absent.
      return { notes: NO_NOTES, state: freshSeat(must(state), event.seat) };
    default: {
      const never: never = event;
      throw new Error(`unknown event ${(never as { type: string }).type}`);
    }
  }
}

/** The state with `seat`'s timeout count and absence cleared (fields left out when nothing is left in them). */
function freshSeat(state: TableState, seat: Seat): TableState {
  const { timeouts, absent, ...rest } = state;
  const t = timeouts?.map((n, i) => (i === seat ? 0 : n));
  const a = absent?.filter((s) => s !== seat);
  return {
    ...rest,
    ...(t !== undefined && t.some((n) => n > 0) ? { timeouts: t } : {}),
    ...(a !== undefined && a.length > 0 ? { absent: a } : {}),
  };
}

/** When the deal just ended: settle, update totals, Bock queue and the next dealer (unchanged otherwise). */
function settleIfOver(state: TableState): TableState {
  const deal = state.deal;
  if (deal === null || deal.over) return state;
  const variant = variantOf(state);
  if (!variant.isOver(deal.state)) return state;
  const result = variant.result(deal.state);
  const totals = state.totals.slice();
  deal.players.forEach((tableSeat, i) => {
    totals[tableSeat] = add(totals[tableSeat] ?? ZERO, result.payout[i] ?? ZERO);
  });
  const rules = variant.session(state.options);
  const underBock = deal.bock > 1;
  let queue = state.bockQueue.slice();
  // Consume this deal's Bock slot (if it was one), then apply extensions and new rounds.
  const repeat = rules.repeatDealer(result);
  if (underBock) queue.shift();
  const extension = rules.bockExtension(result, underBock);
  for (let i = 0; i < extension; i++) queue.unshift(deal.bock);
  for (const multiplier of rules.newBockRounds(result)) {
    // A round is one deal per seat at the table; new rounds are appended, not stacked (seed 003).
    queue = queue.concat(Array.from({ length: state.seats }, () => multiplier));
  }
  // Single doubled deals (Sheepshead's doubler) queue up behind what is already there, one deal each.
  for (const multiplier of rules.newBockDeals?.(result) ?? []) queue.push(multiplier);
  const dealer = repeat ? state.dealer : nextSeat(state.dealer, state.seats);
  const uncounted = rules.counts?.(result) === false ? { uncounted: (state.uncounted ?? 0) + 1 } : {};
  return {
    ...state,
    ...uncounted,
    totals,
    pot: add(state.pot, result.pot),
    bockQueue: queue,
    dealer,
    deal: { ...deal, over: true },
    lastResult: resultJson(result, deal.players, state.seats),
  };
}

function mapNote(note: DealNote, players: readonly Seat[]): DealNote {
  const m = (s: Seat): Seat => players[s] ?? s;
  switch (note.type) {
    case 'TrickTaken':
      return { ...note, winner: m(note.winner), cards: note.cards.map((c) => ({ ...c, seat: m(c.seat) })) };
    case 'ContractSet':
      return note.contract.declarer === undefined
        ? note
        : { ...note, contract: { ...note.contract, declarer: m(note.contract.declarer) } };
    case 'CardRevealed':
    case 'DieRolled':
    case 'CardsDealt':
      return { ...note, seat: m(note.seat) };
    case 'DealOver':
      return note;
    default: {
      const never: never = note;
      return never;
    }
  }
}

/** Replay a table's events (the state is the fold of its events). */
export function replay(events: readonly TableEvent[], from: TableState | null = null): TableState | null {
  return events.reduce<TableState | null>((s, e) => evolve(s, e), from);
}

/**
 * The table as an audience sees it: the deal view (hidden cards removed), totals and the queue.
 * Seats are table seats; `audience.seat` is a table seat.
 */
export interface TableView {
  readonly variant: string;
  readonly preset: string;
  readonly options: unknown;
  readonly seats: number;
  readonly dealer: Seat;
  readonly dealNo: number;
  readonly totals: readonly string[];
  readonly pot: string;
  readonly bockQueue: readonly number[];
  readonly closed: boolean;
  readonly deal:
    | (DealView & {
        readonly no: number;
        readonly participants: readonly Seat[];
        readonly commitment?: string;
        /** Why the deal ended unplayed (then `phase` is `abandoned` and nobody is to act). */
        readonly abandoned?: AbandonReason;
      })
    | null;
  readonly lastResult: ResultJson | null;
  /** The audience seat's legal actions now (empty for others). */
  readonly legalActions: readonly Action[];
}

export function view(state: TableState, audience: Audience): TableView {
  const variant = variantOf(state);
  const deal = state.deal;
  let dealView: TableView['deal'] = null;
  let legal: readonly Action[] = [];
  if (deal !== null) {
    const dealSeat = audience.kind === 'seat' ? dealSeatOf(deal.players, audience.seat) : null;
    const dealAudience: Audience =
      audience.kind === 'seat'
        ? dealSeat !== null
          ? { kind: 'seat', seat: dealSeat }
          : { kind: 'spectator' }
        : audience.kind === 'organiser' && !deal.over
          ? { kind: 'spectator' }
          : audience;
    const v = variant.view(deal.state, dealAudience);
    dealView = {
      ...toTableSeats(v, deal.players, state.seats),
      ...(deal.abandoned !== undefined ? { phase: 'abandoned', toAct: [], abandoned: deal.abandoned } : {}),
      no: deal.no,
      participants: deal.players,
      ...(deal.commitment !== undefined ? { commitment: deal.commitment } : {}),
    };
    if (dealSeat !== null && !deal.over) legal = variant.legalActions(deal.state, dealSeat);
  }
  return {
    variant: state.variant,
    preset: state.preset,
    options: state.options,
    seats: state.seats,
    dealer: state.dealer,
    dealNo: state.dealNo,
    totals: state.totals.map(format),
    pot: format(state.pot),
    bockQueue: state.bockQueue,
    closed: state.closed,
    deal: dealView,
    lastResult: state.lastResult,
    legalActions: legal,
  };
}

/** Deal-seat arrays and seat numbers of a view mapped to table seats. */
function toTableSeats(v: DealView, players: readonly Seat[], seats: number): DealView {
  if (players.length === seats && players.every((p, i) => p === i)) return v;
  const m = (s: Seat): Seat => players[s] ?? s;
  const arr = <T>(values: readonly T[], empty: T): T[] => {
    const out = Array.from({ length: seats }, () => empty);
    players.forEach((t, i) => (out[t] = values[i] ?? empty));
    return out;
  };
  return {
    ...v,
    dealer: m(v.dealer),
    forehand: m(v.forehand),
    toAct: v.toAct.map(m),
    hands: arr<readonly Card[] | null>(v.hands, null),
    handCounts: arr(v.handCounts, 0),
    contract:
      v.contract && v.contract.declarer !== undefined
        ? { ...v.contract, declarer: m(v.contract.declarer) }
        : v.contract,
    declarers: v.declarers.map(m),
    trick: v.trick.map((c) => ({ ...c, seat: m(c.seat) })),
    lastTrick: v.lastTrick ? v.lastTrick.map((c) => ({ ...c, seat: m(c.seat) })) : null,
    tricksTaken: arr(v.tricksTaken, 0),
    cardPoints: arr(v.cardPoints, 0),
    auction: v.auction.map((a) => ({ ...a, seat: m(a.seat) })),
    doublings: v.doublings.map((d) => ({ ...d, seat: m(d.seat) })),
    result: v.result,
  };
}

/**
 * An event as an audience may see it: other seats' dealt cards and hidden actions removed.
 * The organiser sees everything once the deal is over (pass `dealOver`).
 */
export function redactEvent(
  state: TableState | null,
  event: TableEvent,
  audience: Audience,
  dealOver = false,
): TableEvent {
  if (audience.kind === 'organiser' && dealOver) return event;
  // The second packet (Klopfen after the first four) is seen by its seat only.
  if (event.type === 'DealNoted' && event.note.type === 'CardsDealt')
    return audience.kind === 'seat' && audience.seat === event.note.seat
      ? event
      : { ...event, note: { ...event.note, cards: [] } };
  if (event.type === 'DealStarted') {
    const seatIndex = audience.kind === 'seat' ? dealSeatOf(event.players, audience.seat) : null;
    // Dealt in two steps: a seat holds its first packet only; the rest comes in a CardsDealt note.
    const first = state === null ? undefined : variantOf(state).firstPacket?.(state.options, event.players.length);
    const hide = (cards: readonly (readonly Card[])[] | undefined, keep: boolean): (readonly Card[])[] | undefined =>
      cards?.map((hand, i) => (keep && i === seatIndex ? (first === undefined ? hand : hand.slice(0, first)) : []));
    const faceUp = event.layout.faceUp;
    // The die stays hidden until it is rolled in the open (a DieRolled note); the organiser sees it after the deal.
    const layout: Layout = {
      hands: hide(event.layout.hands, true) ?? [],
      blind: [],
      ...(faceUp !== undefined ? { faceUp } : {}),
      ...(event.layout.faceDown !== undefined ? { faceDown: hide(event.layout.faceDown, false) ?? [] } : {}),
    };
    return { ...event, layout };
  }
  if (event.type === 'ActionTaken' && state !== null && state.deal !== null) {
    const variant = variantOf(state);
    const deal = state.deal;
    const audienceSeat = audience.kind === 'seat' ? dealSeatOf(deal.players, audience.seat) : null;
    const dealAudience: Audience =
      audience.kind === 'seat'
        ? audienceSeat !== null
          ? { kind: 'seat', seat: audienceSeat }
          : { kind: 'spectator' }
        : audience;
    const action = variant.redactAction(
      deal.state,
      must(dealSeatOf(deal.players, event.seat)),
      event.action,
      dealAudience,
    );
    return action === event.action ? event : { ...event, action };
  }
  return event;
}

export function variantOf(state: TableState): AnyVariant {
  const variant = getVariant(state.variant);
  if (variant === undefined) throw new Error(`unknown variant ${state.variant}`);
  return variant;
}

/** The deal seat of a table seat, or null when that seat sits out the deal (never the -1 of `indexOf`). */
export function dealSeatOf(players: readonly Seat[], tableSeat: Seat): Seat | null {
  return foundSeat(players.indexOf(tableSeat));
}

function must<T>(value: T | null): T {
  if (value === null) throw new Error('event out of order');
  return value;
}

function sameCards(a: readonly Card[], b: readonly Card[]): boolean {
  if (a.length !== b.length) return false;
  const seen = new Map<string, number>();
  for (const c of a) seen.set(c, (seen.get(c) ?? 0) + 1);
  for (const c of b) {
    const n = seen.get(c);
    if (n === undefined || n === 0) return false;
    seen.set(c, n - 1);
  }
  return true;
}

/** Sum of all running totals plus the pot: always zero. */
export function moneyInvariant(state: TableState): Rational {
  return add(sum(state.totals), state.pot);
}

export { rat };
