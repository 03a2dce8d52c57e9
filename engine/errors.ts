/**
 * Every stable, namespaced error code (STYLE.md 7) the engine and the API return in problem+json bodies: the one
 * vocabulary, equal to openapi.yaml's `ErrorCode` enum (test/engine/errors.test.ts checks that).
 * `request/*` malformed HTTP input, `auth/*` 401/403, `route/not_found` 404, `table/*`, `seat/*`, `deal/*`,
 * `action/*` from the use cases and the engine, `record/*` from record scoring, `tournament/*` from the tournaments,
 * `internal` a bug on our side.
 */
export const ERROR_CODES = [
  'request/invalid',
  'request/invalid_json',
  'request/unsupported_media_type',
  'request/too_large',
  'request/too_deep',
  'request/idempotency_mismatch',
  'request/rate_limited',
  'request/throttled',
  'route/not_found',
  'auth/missing_token',
  'auth/malformed',
  'auth/forbidden',
  'variant/not_found',
  'table/not_found',
  'table/full',
  'table/busy',
  'table/version_conflict',
  'table/closed',
  'table/archived',
  'table/unknown_variant',
  'table/unknown_preset',
  'table/bad_options',
  'table/bad_seat_count',
  'seat/invalid',
  'seat/taken',
  'seat/bad_bot_level',
  'deal/not_found',
  'deal/not_over',
  'deal/in_progress',
  'deal/not_started',
  'deal/over',
  'deal/bad_deck',
  'action/bad_seat',
  'action/not_your_turn',
  'action/malformed',
  'action/illegal',
  'action/unclear',
  'record/shape',
  'record/unknown_variant',
  'record/unknown_preset',
  'record/options',
  'record/contract',
  'record/deal',
  'tournament/not_found',
  'tournament/bad_config',
  'tournament/exists',
  'tournament/registration_closed',
  'tournament/duplicate_player',
  'tournament/unknown_player',
  'tournament/player_withdrawn',
  'tournament/ended',
  'tournament/round_order',
  'tournament/round_running',
  'tournament/too_few_players',
  'tournament/unknown_table',
  'tournament/table_finished',
  'tournament/bad_deals',
  'tournament/busy',
  'tournament/no_self_registration',
  'tournament/bad_invite',
  'tournament/round_started',
  'tournament/not_live',
  'tournament/bad_entry',
  'tournament/not_zero_sum',
  'tournament/not_seated',
  'webhook/not_found',
  'webhook/target_refused',
  'webhook/limit_reached',
  'internal',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

const KNOWN: ReadonlySet<string> = new Set(ERROR_CODES);

export function isErrorCode(code: string): code is ErrorCode {
  return KNOWN.has(code);
}

/**
 * `rule` names the rule that forbids an action; `field` names the offending input field.
 */
export interface EngineError {
  readonly code: ErrorCode;
  readonly message: string;
  readonly rule?: string;
  readonly field?: string;
  readonly seat?: number;
}

/** The engine's codes by name, so that call sites say what went wrong rather than spell a string. */
export const ErrorCodes = {
  unknownVariant: 'table/unknown_variant',
  unknownPreset: 'table/unknown_preset',
  badOptions: 'table/bad_options',
  badSeats: 'table/bad_seat_count',
  tableClosed: 'table/closed',
  dealInProgress: 'deal/in_progress',
  noDeal: 'deal/not_started',
  dealOver: 'deal/over',
  badDeck: 'deal/bad_deck',
  badSeat: 'action/bad_seat',
  notYourTurn: 'action/not_your_turn',
  badAction: 'action/malformed',
  illegal: 'action/illegal',
} as const satisfies Readonly<Record<string, ErrorCode>>;

export function engineError(code: ErrorCode, message: string, extra: Partial<EngineError> = {}): EngineError {
  return { code, message, ...extra };
}

/**
 * A variant's verdict (its `Illegal.code` is still typed `string`) as an engine code. Variants only use codes of the
 * union; anything else would be a bug and is reported as the generic `action/illegal`.
 */
export function codeOf(code: string): ErrorCode {
  return isErrorCode(code) ? code : ErrorCodes.illegal;
}

/** Small constructors for the codes spelled most often. */
export const illegalAction = (message: string, extra: Partial<EngineError> = {}): EngineError =>
  engineError(ErrorCodes.illegal, message, extra);
export const malformedAction = (message: string, extra: Partial<EngineError> = {}): EngineError =>
  engineError(ErrorCodes.badAction, message, extra);
