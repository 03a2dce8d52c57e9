import type { Logger } from '@aws-lambda-powertools/logger';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { INTERNAL_PROBLEM, THROTTLED_PROBLEM, isThrottle, type Problem, problemOf } from '../edge/problem.js';
import { AppError } from '../use-cases/errors.js';

export type { Problem } from '../edge/problem.js';

export function problemResponse(c: Context, p: Problem): Response {
  return c.body(JSON.stringify(p), p.status as ContentfulStatusCode, {
    'content-type': 'application/problem+json',
    ...(p.retryAfter !== undefined ? { 'retry-after': String(p.retryAfter) } : {}),
  });
}

export function errorResponse(c: Context, e: unknown, logger?: Pick<Logger, 'error'>): Response {
  if (e instanceof AppError) return problemResponse(c, problemOf(e));
  // A store throttle that outlasted the SDK's retries: the client may retry (the write did not happen).
  if (isThrottle(e)) return problemResponse(c, THROTTLED_PROBLEM);
  // Never echo internals to the client; the log gets the stack (code locations only, no request data or secrets).
  const stack = e instanceof Error ? (e.stack ?? `${e.name}: ${e.message}`) : 'unknown';
  if (logger !== undefined) logger.error('internal error', { stack });
  else console.error('internal error', stack);
  return problemResponse(c, INTERNAL_PROBLEM);
}
