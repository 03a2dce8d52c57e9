import type { EngineError } from '../../engine/index.js';

/**
 * A client-facing failure: rendered as application/problem+json with a stable, namespaced `code`.
 * Every code appears in openapi.yaml (components.schemas.ErrorCode).
 */
export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429,
    readonly code: string,
    message: string,
    readonly extra: {
      readonly field?: string;
      readonly rule?: string;
      readonly seat?: number;
      readonly currentVersion?: number;
      readonly index?: number;
      /** `action/unclear` (chat text): why, the legal actions as commands and as actions, the likely ones. */
      readonly reason?: string;
      readonly commands?: readonly string[];
      readonly legalActions?: readonly unknown[];
      readonly candidates?: readonly unknown[];
      /** The limit a request ran into (`webhook/limit_reached`: `webhooks-per-token`, `webhooks-per-table`). */
      readonly limit?: string;
      /** Seconds until a rate-limited client may try again (429; also the Retry-After header). */
      readonly retryAfter?: number;
      /** `table/archived` (410): when the closed table was archived (ISO time). */
      readonly archivedAt?: string;
    } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** HTTP status for an engine error code: illegal content 422, wrong moment (turn, deal state) 409. */
/** Whether `e` is a 404 answer (the table or item is not there). */
export const isNotFound = (e: unknown): boolean => e instanceof AppError && e.status === 404;

export function statusForEngineCode(code: string): 409 | 422 {
  switch (code) {
    case 'action/not_your_turn':
    case 'action/bad_seat':
    case 'deal/in_progress':
    case 'deal/not_started':
    case 'deal/over':
    case 'table/closed':
      return 409;
    default:
      return 422;
  }
}

export function fromEngineError(e: EngineError): AppError {
  return new AppError(statusForEngineCode(e.code), e.code, e.message, {
    ...(e.field !== undefined ? { field: e.field } : {}),
    ...(e.rule !== undefined ? { rule: e.rule } : {}),
    ...(e.seat !== undefined ? { seat: e.seat } : {}),
  });
}
