import { expect } from 'vitest';
import { checkResponse } from './openapi.js';

export interface ApiResponse<T = Record<string, unknown>> {
  readonly status: number;
  readonly body: T;
  readonly contentType: string | null;
}

export interface CallOptions {
  readonly token?: string;
  readonly body?: unknown;
  /** A raw body (sent as is). */
  readonly raw?: string;
  readonly headers?: Record<string, string>;
}

/**
 * A tiny HTTP client for the e2e tests: every response is checked against openapi.yaml (independent validator:
 * ajv over the document's schemas) and a 5xx fails the test at once.
 */
export function apiClient(baseUrl: string) {
  async function call<T = Record<string, unknown>>(
    method: string,
    path: string,
    opts: CallOptions = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.token !== undefined) headers.authorization = `Bearer ${opts.token}`;
    let body: string | undefined = opts.raw;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(`${baseUrl}${path}`, { method, headers, ...(body !== undefined ? { body } : {}) });
    const text = await res.text();
    const contentType = res.headers.get('content-type');
    const parsed: unknown = text === '' ? null : JSON.parse(text);
    // The two checks every response passes run as plain conditions and build their assertion (with the body in its
    // message) only to fail: the e2e files make tens of thousands of calls, and Vitest's expect and the messages were
    // a few per cent of their CPU. Failing, each fails as before.
    if (res.status >= 500) expect(res.status, `${method} ${path} → ${res.status} ${text}`).toBeLessThan(500);
    const problems = checkResponse(method, path, res.status, contentType, parsed);
    if (problems.length > 0) expect(problems, `${method} ${path} → ${res.status} ${text.slice(0, 400)}`).toEqual([]);
    if (res.status >= 400) expect(contentType).toMatch(/^application\/problem\+json/);
    return { status: res.status, body: parsed as T, contentType };
  }
  return {
    call,
    get: <T = Record<string, unknown>>(path: string, opts?: CallOptions) => call<T>('GET', path, opts),
    post: <T = Record<string, unknown>>(path: string, opts?: CallOptions) => call<T>('POST', path, opts),
    del: <T = Record<string, unknown>>(path: string, opts?: CallOptions) => call<T>('DELETE', path, opts),
  };
}

export type Api = ReturnType<typeof apiClient>;
