import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
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
}

const TITLES: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict',
  413: 'Payload too large',
  422: 'Unprocessable content',
  429: 'Too many requests',
  500: 'Internal error',
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

export function problemResponse(c: Context, p: Problem): Response {
  return c.body(JSON.stringify(p), p.status as ContentfulStatusCode, { 'content-type': 'application/problem+json' });
}

export function errorResponse(c: Context, e: unknown): Response {
  if (e instanceof AppError) return problemResponse(c, problemOf(e));
  // Never echo internals to the client; the log gets the stack (code locations only, no request data or secrets).
  console.error('internal error', e instanceof Error ? (e.stack ?? `${e.name}: ${e.message}`) : 'unknown');
  return problemResponse(c, {
    type: 'https://stammtisch.dev/problems/internal',
    title: 'Internal error',
    status: 500,
    detail: 'something went wrong on our side',
    code: 'internal',
  });
}
