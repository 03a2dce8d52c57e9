import type { components } from './generated/openapi.js';

/** The problem+json document of a refused request (openapi.yaml `Problem`). */
export type Problem = components['schemas']['Problem'];

/**
 * Codes the SDK itself raises (never sent by a server): the connection could not be opened or was closed, a
 * request timed out or was cancelled.
 */
export type ClientErrorCode =
  'client/connect_failed' | 'client/closed' | 'client/timeout' | 'client/aborted' | 'client/no_websocket';

/** Fields a problem may carry beyond the RFC 9457 ones (openapi.yaml `Problem`, asyncapi.yaml `Error`). */
interface ProblemFields {
  readonly type?: string;
  readonly title?: string;
  readonly status?: number;
  readonly detail?: string;
  readonly code?: string;
  readonly field?: string;
  readonly rule?: string;
  readonly seat?: number;
  readonly currentVersion?: number;
  readonly retryAfter?: number;
}

/**
 * One error for every transport: a REST problem+json answer, a WebSocket `error` frame, a refused handshake, or a
 * client-side failure (`client/*` codes). `code` is the stable machine code (openapi.yaml `ErrorCode`); `field`
 * names the offending input (`move.card` over WebSocket, `action.card` over REST — each the path in what was sent),
 * `currentVersion` comes with `table/version_conflict`, `retryAfter` (seconds) with `request/rate_limited`.
 *
 * @example
 * try { await sock.act(move, { expectedVersion }) } catch (e) {
 *   if (e instanceof StammtischError && e.code === 'table/version_conflict') console.log('now at', e.currentVersion);
 * }
 */
export class StammtischError extends Error {
  /** The HTTP status (0 for client-side failures whose status is unknown, e.g. a browser's refused handshake). */
  readonly status: number;
  /** The whole problem document as received (a WebSocket `error` frame without `type: "error"`). */
  readonly problem: Problem;
  readonly transport: 'rest' | 'websocket' | 'client';

  constructor(status: number, problem: Problem, transport: 'rest' | 'websocket' | 'client' = 'rest') {
    super(`${status} ${problem.code}: ${problem.detail}`);
    this.name = 'StammtischError';
    this.status = status;
    this.problem = problem;
    this.transport = transport;
  }

  /** The stable machine code, e.g. `action/illegal`, `table/version_conflict`, `client/timeout`. */
  get code(): Problem['code'] | ClientErrorCode {
    return this.problem.code;
  }
  get title(): string {
    return this.problem.title;
  }
  get detail(): string {
    return this.problem.detail;
  }
  get field(): string | undefined {
    return (this.problem as ProblemFields).field;
  }
  get rule(): string | undefined {
    return (this.problem as ProblemFields).rule;
  }
  /** The table's version now (on `table/version_conflict`): retry with it as `expectedVersion`. */
  get currentVersion(): number | undefined {
    return (this.problem as ProblemFields).currentVersion;
  }
  /** Seconds to wait (on `request/rate_limited`). */
  get retryAfter(): number | undefined {
    return (this.problem as ProblemFields).retryAfter;
  }

  /** From any problem-shaped value (a REST body, a WebSocket `error` frame); missing fields are filled in. */
  static from(
    status: number,
    body: unknown,
    transport: 'rest' | 'websocket' | 'client',
    fallbackTitle = '',
  ): StammtischError {
    const p = (typeof body === 'object' && body !== null ? body : {}) as ProblemFields & Record<string, unknown>;
    const { type: frameType, requestId: _requestId, ...rest } = p;
    const problem = {
      ...rest,
      // A WebSocket frame's `type` is "error", not the problem's URI.
      type: transport === 'websocket' || typeof frameType !== 'string' ? 'about:blank' : frameType,
      title: typeof p.title === 'string' ? p.title : fallbackTitle,
      status: typeof p.status === 'number' ? p.status : status,
      detail: typeof p.detail === 'string' ? p.detail : '',
      code: typeof p.code === 'string' ? p.code : status === 404 ? 'route/not_found' : 'request/invalid',
    } as Problem;
    return new StammtischError(problem.status, problem, transport);
  }

  /** A failure on the client's side (`client/*`). */
  static client(code: ClientErrorCode, detail: string, status = 0): StammtischError {
    const problem = { type: 'about:blank', title: code, status, detail, code } as unknown as Problem;
    return new StammtischError(status, problem, 'client');
  }
}
