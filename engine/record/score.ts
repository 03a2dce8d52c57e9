import { type Card, SUITS, type Suit, parseCard } from '../cards/card.js';
import { isWord } from '../actions.js';
import { ZERO } from '../money/rational.js';
import { getVariant } from '../registry.js';
import { type Action, type AnyVariant, type Contract, type Layout, OptionsError, type Seat } from '../variant.js';
import { type ErrorCode, codeOf } from '../errors.js';
import { parseAction } from './action.js';
import { seatIn } from '../seat.js';
import { type ResultJson, resultJson } from '../game/result.js';

/** A game record (docs/RECORD.md): one deal, complete or partial. */
export interface GameRecord {
  readonly variant: string;
  readonly preset?: string;
  readonly options?: unknown;
  readonly seats: number;
  readonly dealer: Seat;
  readonly hands: readonly (readonly Card[])[];
  readonly blind?: readonly Card[];
  readonly faceDown?: readonly (readonly Card[])[];
  readonly faceUp?: readonly (readonly Card[])[];
  /** The deal's die roll (seven-handed Sheepshead). */
  readonly die?: number;
  readonly contract?: Contract;
  /** `false` in the record of a deal that was abandoned (its table closed mid-deal); `reason` says why. */
  readonly complete?: false;
  readonly reason?: string;
  readonly actions: readonly { readonly seat: Seat; readonly type: string; readonly [k: string]: unknown }[];
}

export interface RecordError {
  readonly code: ErrorCode;
  readonly message: string;
  readonly index?: number;
  readonly seat?: Seat;
  readonly rule?: string;
  readonly field?: string;
}

/** The outcome of settling a record: the docs/RECORD.md result, an incomplete deal, or the first error. */
export type ScoreOutcome =
  | ResultJson
  | { readonly complete: false; readonly toAct: readonly Seat[]; readonly phase: string; readonly reason?: string }
  | { readonly error: RecordError };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const fail = (e: RecordError): ScoreOutcome => ({ error: e });
/** The record is not shaped like a record (`record/shape`). */
const shape = (message: string, extra: Omit<RecordError, 'code' | 'message'> = {}): RecordError => ({
  code: 'record/shape',
  message,
  ...extra,
});

/** The keys a record may hold (docs/RECORD.md); any other key is a typo the writer should hear about. */
export const RECORD_KEYS: readonly string[] = [
  'variant',
  'preset',
  'options',
  'seats',
  'dealer',
  'hands',
  'blind',
  'faceDown',
  'faceUp',
  'die',
  'contract',
  'actions',
  // An abandoned deal's record (GET …/deals/{n}/record): `complete: false` and the reason it ended unplayed.
  'complete',
  'reason',
  // Notes for people, ignored when settling (the golden fixtures carry the result they expect and its arithmetic).
  'comment',
  'expected',
  'derivation',
];
/** The keys of the `contract` shorthand (docs/RECORD.md "contract"). */
export const CONTRACT_KEYS: readonly string[] = ['declarer', 'game', 'suit', 'tout', 'card', 'bid', 'spiess'];

/** A `record/contract` error naming the contract's field. */
const badContract = (field: string, message: string): RecordError => ({
  code: 'record/contract',
  message,
  field: `contract.${field}`,
});

/**
 * The record's `contract` shorthand (docs/RECORD.md "contract") read through the variant's vocabulary: `game` one of its
 * contract games, `declarer` a seat of the table, `suit`, `card`, `tout`, `bid`, `spiess` of their kinds. Whether the
 * contract can be played here (a declarer a Ramsch must not have, a card the game names) is the variant's to say.
 */
function parseContract(raw: Record<string, unknown>, variant: AnyVariant, players: number): Contract | RecordError {
  const { game, declarer, suit, card, tout, bid, spiess } = raw;
  const games = [...variant.vocabulary.contractGames];
  if (typeof game !== 'string' || !isWord(games, game))
    return badContract(
      'game',
      `${variant.id} has no contract game ${typeof game === 'string' ? `'${game}'` : JSON.stringify(game ?? null)} (${games.join(', ')})`,
    );
  const out: { -readonly [K in keyof Contract]: Contract[K] } = { game };
  if (declarer !== undefined) {
    const seat = seatIn(declarer, players);
    if (seat === null) return badContract('declarer', `contract.declarer must be a seat 0..${players - 1}`);
    out.declarer = seat;
  }
  if (suit !== undefined) {
    if (typeof suit !== 'string' || !isWord<Suit>(SUITS, suit))
      return badContract('suit', `contract.suit must be one of ${SUITS.join(', ')}`);
    out.suit = suit;
  }
  if (card !== undefined) {
    const parsed = typeof card === 'string' ? parseCard(card) : undefined;
    if (parsed === undefined) return badContract('card', `contract.card: not a card: ${JSON.stringify(card)}`);
    out.card = parsed;
  }
  if (bid !== undefined) {
    if (typeof bid !== 'number' && bid !== 'schwarz')
      return badContract('bid', 'contract.bid must be a number of Augen or "schwarz"');
    out.bid = bid;
  }
  for (const [key, flag] of [
    ['tout', tout],
    ['spiess', spiess],
  ] as const) {
    if (flag === undefined) continue;
    if (typeof flag !== 'boolean') return badContract(key, `contract.${key} must be true or false`);
    out[key] = flag;
  }
  return out;
}

/** The first key of `value` that `allowed` does not know, as a record error (`dealr` → "unknown key dealr"). */
function unknownKey(value: Record<string, unknown>, allowed: readonly string[], prefix = ''): RecordError | undefined {
  const key = Object.keys(value).find((k) => !allowed.includes(k));
  return key === undefined
    ? undefined
    : { code: 'record/shape', message: `unknown key ${prefix}${key}`, field: `${prefix}${key}` };
}

function cardList(value: unknown, field: string): Card[] | RecordError {
  if (!Array.isArray(value)) return shape(`${field} must be a list of cards`, { field });
  const out: Card[] = [];
  for (const v of value) {
    const c = typeof v === 'string' ? parseCard(v) : undefined;
    if (c === undefined) return shape(`${field}: not a card: ${JSON.stringify(v)}`, { field });
    out.push(c);
  }
  return out;
}

function cardLists(value: unknown, field: string): Card[][] | RecordError {
  if (!Array.isArray(value)) return shape(`${field} must be a list of card lists`, { field });
  const out: Card[][] = [];
  for (const [i, v] of value.entries()) {
    const list = cardList(v, `${field}[${i}]`);
    if (!Array.isArray(list)) return list;
    out.push(list);
  }
  return out;
}

/**
 * Replay a record through the engine and settle it (`stammtisch score`, `POST /v1/records/score`).
 * @example scoreRecord(JSON.parse(text)) → { complete: true, payout: [60, -60, -60, 60], … }
 */
export function scoreRecord(input: unknown): ScoreOutcome {
  if (!isObject(input)) return fail(shape('a record must be a JSON object'));
  const stray = unknownKey(input, RECORD_KEYS);
  if (stray !== undefined) return fail(stray);
  const variant = typeof input.variant === 'string' ? getVariant(input.variant) : undefined;
  if (variant === undefined)
    return fail({
      code: 'record/unknown_variant',
      message: `unknown variant ${JSON.stringify(input.variant)}`,
      field: 'variant',
    });
  const preset = input.preset;
  if (preset !== undefined && typeof preset !== 'string')
    return fail(shape('preset must be a preset name (a string)', { field: 'preset' }));
  // An own property only: `__proto__`, `toString` and friends are not presets.
  if (preset !== undefined && !Object.hasOwn(variant.presets, preset))
    return fail({
      code: 'record/unknown_preset',
      message: `unknown preset ${JSON.stringify(preset)} for ${variant.id}; valid: ${Object.keys(variant.presets).join(', ')}`,
      field: 'preset',
    });
  const seats = input.seats;
  if (!Number.isInteger(seats) || (seats as number) < 2 || (seats as number) > 8)
    return fail(shape('seats must be the number of players (2–8)', { field: 'seats' }));
  const players = seats as number;
  let options: unknown;
  try {
    options = variant.resolveOptions(preset, input.options ?? {}, players);
  } catch (e) {
    if (e instanceof OptionsError)
      return fail({ code: 'record/options', message: e.message, field: `options.${e.path}` });
    throw e;
  }
  const dealer = seatIn(input.dealer, players);
  if (dealer === null) return fail(shape(`dealer must be a seat 0..${players - 1}`, { field: 'dealer' }));
  const hands = cardLists(input.hands, 'hands');
  if (!Array.isArray(hands)) return fail(hands);
  const blind = input.blind === undefined ? [] : cardList(input.blind, 'blind');
  if (!Array.isArray(blind)) return fail(blind);
  const layout: { -readonly [K in keyof Layout]: Layout[K] } = { hands, blind };
  for (const key of ['faceUp', 'faceDown'] as const) {
    if (input[key] === undefined) continue;
    const lists = cardLists(input[key], key);
    if (!Array.isArray(lists)) return fail(lists);
    layout[key] = lists;
  }
  if (input.die !== undefined) {
    if (typeof input.die !== 'number') return fail(shape('die must be a whole number 1–6', { field: 'die' }));
    layout.die = input.die;
  }
  const layoutProblem = variant.checkLayout(options, players, layout);
  if (layoutProblem !== undefined) return fail({ code: 'record/deal', message: layoutProblem, field: 'hands' });
  if (!Array.isArray(input.actions)) return fail(shape('actions must be a list', { field: 'actions' }));
  if (input.complete !== undefined && input.complete !== false)
    return fail(shape('complete is false or absent (only an abandoned deal’s record says it)', { field: 'complete' }));
  if (input.reason !== undefined && typeof input.reason !== 'string')
    return fail(shape('reason must be a string', { field: 'reason' }));
  const state = variant.start(options, players, dealer, layout, { bock: 1, pot: ZERO });
  let contractPending = input.contract !== undefined;
  if (contractPending && !isObject(input.contract))
    return fail(shape('contract must be an object', { field: 'contract' }));
  const strayInContract = contractPending
    ? unknownKey(input.contract as Record<string, unknown>, CONTRACT_KEYS, 'contract.')
    : undefined;
  if (strayInContract !== undefined) return fail(strayInContract);
  const applyContract = (): ScoreOutcome | undefined => {
    contractPending = false;
    const contract = parseContract(input.contract as Record<string, unknown>, variant, players);
    if ('code' in contract) return fail(contract);
    const problem = variant.applyContract(state, contract);
    return problem === undefined
      ? undefined
      : fail({ code: codeOf(problem.code), message: problem.message, rule: problem.rule, field: 'contract' });
  };
  const actions = input.actions as unknown[];
  for (const index of knocksFirst(actions, variant.firstPacket?.(options, players) !== undefined)) {
    const raw = actions[index];
    if (!isObject(raw)) return fail(shape('an action must be an object', { index }));
    const { seat: rawSeat, ...rest } = raw;
    const seat = seatIn(rawSeat, players);
    if (seat === null) return fail(shape(`action seat must be 0..${players - 1}`, { index, field: 'seat' }));
    const parsed = parseAction(rest, variant.vocabulary);
    if (!parsed.ok)
      return fail({
        code: 'action/malformed',
        message: parsed.message,
        index,
        seat,
        ...(parsed.field ? { field: parsed.field } : {}),
      });
    // With a contract shorthand, knocks come first; the contract replaces the auction before anything else.
    if (contractPending && !isPreAuction(parsed.action)) {
      const failed = applyContract();
      if (failed) return failed;
    }
    // Klopfen after the first four: a record lists the knocks; whoever is not listed did not knock.
    if (!isPreAuction(parsed.action)) variant.closeKnocks?.(state);
    const problem = variant.check(state, seat, parsed.action);
    if (problem !== undefined)
      return fail({
        code: codeOf(problem.code),
        message: problem.message,
        index,
        seat,
        rule: problem.rule,
      });
    variant.apply(state, seat, parsed.action);
  }
  if (contractPending) {
    const failed = applyContract();
    if (failed) return failed;
  }
  if (!variant.isOver(state)) {
    const v = variant.view(state, { kind: 'spectator' });
    const reason = typeof input.reason === 'string' ? { reason: input.reason } : {};
    return { complete: false, toAct: variant.toAct(state), phase: v.phase, ...reason };
  }
  return resultJson(variant.result(state));
}

/**
 * The order the actions are applied in (indices into `actions`). Where the deal has a knock phase (Klopfen after the
 * first four cards), a knock listed before its seat's own first auction call counts as made in the knock phase: it
 * is applied before the auction. So a record written when a seat could knock until its own first call (the old
 * `before-first-call` timing of the default preset) still settles the same; a knock after the seat's own call stays
 * where it is (and is refused, as it was then). Without a knock phase the order is the record's.
 */
function knocksFirst(actions: readonly unknown[], knockPhase: boolean): number[] {
  const all = actions.map((_, i) => i);
  if (!knockPhase) return all;
  const early: number[] = [];
  const rest: number[] = [];
  const called = new Set<unknown>();
  for (const [i, raw] of actions.entries()) {
    const type = isObject(raw) ? raw['type'] : undefined;
    const seat = isObject(raw) ? raw['seat'] : undefined;
    const decision = type === 'knock' || (type === 'choose' && isObject(raw) && raw['choice'] === 'no-knock');
    if (decision && !called.has(seat)) early.push(i);
    else {
      rest.push(i);
      if (!decision) called.add(seat);
    }
  }
  return [...early, ...rest];
}

/** A knock decision: `knock`, or declining (`choose` `no-knock`) after the first four cards. */
function isPreAuction(action: Action): boolean {
  return action.type === 'knock' || (action.type === 'choose' && action.choice === 'no-knock');
}

/** Export a played deal as a record (actions in order). */
export function toRecord(args: {
  variant: string;
  preset?: string;
  options?: unknown;
  seats: number;
  dealer: Seat;
  layout: Layout;
  actions: readonly { seat: Seat; action: Action }[];
}): GameRecord {
  return {
    variant: args.variant,
    ...(args.preset !== undefined ? { preset: args.preset } : {}),
    ...(args.options !== undefined ? { options: args.options } : {}),
    seats: args.seats,
    dealer: args.dealer,
    hands: args.layout.hands,
    blind: args.layout.blind,
    ...(args.layout.faceUp ? { faceUp: args.layout.faceUp } : {}),
    ...(args.layout.faceDown ? { faceDown: args.layout.faceDown } : {}),
    ...(args.layout.die !== undefined ? { die: args.layout.die } : {}),
    actions: args.actions.map((a) => ({ seat: a.seat, ...a.action })),
  };
}
