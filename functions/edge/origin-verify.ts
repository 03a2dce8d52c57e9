import { timingSafeEqual } from 'node:crypto';
import { AppError } from '../use-cases/errors.js';
import { problemOf } from './problem.js';

/** The header CloudFront adds on its way to the HTTP API (infra/constructs/http-edge.ts). */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

/**
 * With a WAF in front (CloudFront → HTTP API), a request that did not come through CloudFront lacks the shared secret:
 * refuse it, so the execute-api URL cannot be used to get around the WAF rate rule. `expected` undefined: no edge
 * (dev, local), every request passes.
 */
export function cameThroughEdge(
  expected: string | undefined,
  headers: Record<string, string | readonly string[] | undefined>,
): boolean {
  if (expected === undefined || expected === '') return true;
  const value = headers[ORIGIN_VERIFY_HEADER];
  const got = Buffer.from((typeof value === 'string' ? value : value?.[0]) ?? '');
  const want = Buffer.from(expected);
  return got.length === want.length && timingSafeEqual(got, want);
}

/** What a direct call (not through CloudFront) gets: 403 `auth/forbidden`, as a problem body. */
export function notThroughEdge(): { statusCode: 403; headers: Record<string, string>; body: string } {
  return {
    statusCode: 403,
    headers: { 'content-type': 'application/problem+json' },
    body: JSON.stringify(
      problemOf(new AppError(403, 'auth/forbidden', 'call the API through its CloudFront URL (HttpEdgeUrl)')),
    ),
  };
}

/**
 * Behind CloudFront the HTTP API's `sourceIp` is a CloudFront edge address; the viewer's own address is in
 * `cloudfront-viewer-address` (`<ip>:<port>`). Trusted only on requests that passed cameThroughEdge.
 */
export function viewerAddress(header: string | undefined): string | undefined {
  if (header === undefined || header === '') return undefined;
  const colon = header.lastIndexOf(':');
  return colon > 0 ? header.slice(0, colon) : header;
}
