import { AppError } from '../use-cases/errors.js';

/** An RFC 9457 problem document with the stable machine `code` (the same codes as openapi.yaml). */
export interface Problem {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail: string;
  readonly code: string;
  readonly field?: string;
  readonly rule?: string;
  readonly seat?: number;
  readonly currentVersion?: number;
  readonly index?: number;
  readonly reason?: string;
  readonly commands?: readonly string[];
  readonly legalActions?: readonly unknown[];
  readonly candidates?: readonly unknown[];
  readonly retryAfter?: number;
  readonly archivedAt?: string;
}

const TITLES: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload too large',
  415: 'Unsupported media type',
  422: 'Unprocessable content',
  429: 'Too many requests',
  500: 'Internal error',
  503: 'Service unavailable',
};

export function problemOf(e: AppError): Problem {
  return {
    type: `https://stammtisch.dev/problems/${e.code}`,
    title: TITLES[e.status] ?? 'Error',
    status: e.status,
    detail: e.message,
    code: e.code,
    ...e.extra,
  };
}

/** What a client sees for any failure that is not an AppError: never internals, never secrets. */
export const INTERNAL_PROBLEM: Problem = {
  type: 'https://stammtisch.dev/problems/internal',
  title: 'Internal error',
  status: 500,
  detail: 'something went wrong on our side',
  code: 'internal',
};

/**
 * AWS SDK errors that mean "the service is at capacity right now, try again": DynamoDB on-demand throttles
 * (`ThrottlingException`, `ProvisionedThroughputExceededException`, `RequestLimitExceeded`) and anything the SDK
 * itself classes as throttling after its own retries. They reach the client as 503 with Retry-After, never as 500.
 */
const THROTTLES = new Set([
  'ThrottlingException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'TooManyRequestsException',
]);

export function isThrottle(e: unknown): boolean {
  if (!(e instanceof Error)) return false;
  const retryable = (e as { $retryable?: { throttling?: boolean } }).$retryable;
  return THROTTLES.has(e.name) || retryable?.throttling === true;
}

/** Seconds a throttled client waits before it tries again (the SDK has already retried with back-off). */
export const THROTTLE_RETRY_AFTER = 1;

export const THROTTLED_PROBLEM: Problem = {
  type: 'https://stammtisch.dev/problems/request/throttled',
  title: 'Service unavailable',
  status: 503,
  detail: `the store is at capacity; nothing was written — retry after ${THROTTLE_RETRY_AFTER} s`,
  code: 'request/throttled',
  retryAfter: THROTTLE_RETRY_AFTER,
};

/** The problem for any thrown value; anything but an AppError is logged (`where`, name and message only) as internal. */
export function problemFor(
  e: unknown,
  where: string,
  logger?: { error(message: string, extra: { error: string }): void },
): Problem {
  if (e instanceof AppError) return problemOf(e);
  if (isThrottle(e)) return THROTTLED_PROBLEM;
  const error = e instanceof Error ? `${e.name}: ${e.message}` : 'unknown';
  if (logger !== undefined) logger.error(where, { error });
  else console.error(where, error);
  return INTERNAL_PROBLEM;
}
