import type { Context, Hono } from 'hono';
// The namespace import keeps zod's locales out of the Lambda bundle (see functions/http/app.ts).
import type * as z from 'zod';
import type { Policy } from '../policy/access.js';
import { AppError } from '../use-cases/errors.js';

/**
 * The REST routes as data: each slice declares a table of routes (functions/http/tables.ts, functions/http/webhooks.ts,
 * functions/tournaments/http.ts), `mountRoutes` puts them on the Hono app (functions/http/app.ts), and
 * test/functions/routes.test.ts holds them against openapi.yaml (paths, operationIds, security, request bodies) and
 * the rate-limit costs (functions/edge/rate-limit.ts).
 */

export type Method = 'GET' | 'POST' | 'DELETE';

/** A request body: how the slice reads it (media type, size, an empty body) and the schema it must meet. */
export interface BodySpec<S extends z.ZodType = z.ZodType> {
  readonly schema: S;
  readonly read: (c: Context) => Promise<unknown>;
}

/** What a route's handler is handed besides the Hono context. */
export interface RouteRequest<A extends readonly unknown[], R, S extends z.ZodType> {
  /** The route's policy check (functions/policy/access.ts); a route with one must run it before it answers. */
  readonly may: (...args: A) => R;
  /** The body, read and parsed once with the route's schema (400 `request/invalid` naming the first bad field). */
  readonly body: () => Promise<z.output<S>>;
}

/** One route as a slice declares it (see `route`). */
export interface RouteSpec<D, A extends readonly unknown[], R, S extends z.ZodType> {
  readonly method: Method;
  /** In OpenAPI syntax (`/v1/tables/{tableId}`): the key of its entry under openapi.yaml `paths`. */
  readonly path: `/v1/${string}`;
  readonly operationId: string;
  readonly access: Policy<A, R>;
  readonly body?: BodySpec<S>;
  /** Rate-limit tokens the request takes (`requestCosts` charges them before routing); absent: 1. */
  readonly cost?: number;
  readonly handle: (c: Context, req: RouteRequest<A, R, S>, deps: D) => Response | Promise<Response>;
}

/** A route of a table: the declaration, its handler bound to the request helpers. */
export interface Route<D> {
  readonly method: Method;
  readonly path: `/v1/${string}`;
  readonly operationId: string;
  readonly access: Policy;
  readonly body?: BodySpec;
  readonly cost?: number;
  readonly handle: (c: Context, deps: D) => Promise<Response>;
}

/**
 * A JSON body as the tournament and webhook routes read it: 400 `request/unsupported_media_type` unless the content
 * type names application/json, 400 `request/invalid_json` when it does not parse. (The tables' routes answer 415 and
 * bound the depth: functions/http/tables.ts.) With `optional`, an empty body is `{}`.
 */
export async function readJsonBody(c: Context, optional = false): Promise<unknown> {
  const text = await c.req.text();
  if (optional && text.trim() === '') return {};
  if (!(c.req.header('content-type') ?? '').includes('application/json'))
    throw new AppError(400, 'request/unsupported_media_type', 'send the body as application/json', {
      field: 'content-type',
    });
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError(400, 'request/invalid_json', 'the body is not valid JSON');
  }
}

/** Parse with zod; a failure is a 400 naming the first offending field. */
export function parse<S extends z.ZodType>(schema: S, value: unknown, where: string): z.output<S> {
  const out = schema.safeParse(value);
  if (out.success) return out.data;
  const issue = out.error.issues[0];
  const path = issue?.path.map(String).join('.') ?? '';
  throw new AppError(400, 'request/invalid', `${where}: ${issue?.message ?? 'invalid'}`, {
    field: path === '' ? where : path,
  });
}

/**
 * A route for a slice's table. The handler decides when it reads the body and runs the check (the order of the
 * answers to a request with two faults is part of the API), but it cannot answer without the check: an answer that
 * skipped it is an internal error, never a success.
 * @example route({ method: 'POST', path: '/v1/tables/{tableId}/close', operationId: 'closeTable',
 *   access: POLICIES.organiser, handle: async (c, req, deps) => { req.may(actor, 'closes a table'); … } })
 */
export function route<D, A extends readonly unknown[] = never, R = unknown, S extends z.ZodType = z.ZodNever>(
  spec: RouteSpec<D, A, R, S>,
): Route<D> {
  const { handle, access, body, ...declared } = spec;
  return {
    ...declared,
    access,
    ...(body !== undefined ? { body } : {}),
    handle: async (c, deps) => {
      let checked = access.check === undefined;
      let parsed: Promise<z.output<S>> | undefined;
      const req: RouteRequest<A, R, S> = {
        may: (...args) => {
          if (access.check === undefined) throw new Error(`${spec.operationId}: its policy has no check to run`);
          const out = access.check(...args);
          checked = true;
          return out;
        },
        body: () => {
          if (body === undefined) throw new Error(`${spec.operationId} declares no request body`);
          parsed ??= body.read(c).then((raw) => parse(body.schema, raw, 'body'));
          return parsed;
        },
      };
      const response = await handle(c, req, deps);
      if (!checked) throw new Error(`${spec.operationId} answered without running its access check`);
      return response;
    },
  };
}

/** `route` with the slice's dependencies fixed, so that the rest is inferred: `const tableRoute = routeFor<TablesDeps>()`. */
export function routeFor<D>(): <A extends readonly unknown[] = never, R = unknown, S extends z.ZodType = z.ZodNever>(
  spec: RouteSpec<D, A, R, S>,
) => Route<D> {
  return (spec) => route(spec);
}

/**
 * What the rate limiter (functions/edge/rate-limit.ts) charges a request, from the route tables: the `cost` of the
 * route it goes to, 1 when the route names none and for a path no route has. Most requests cost 1; those that buy
 * lasting or heavy work more — a table (stored, streamed, possibly dealing and running bots for hours), a tournament, a
 * bot seat, a webhook registration (fanned out on every commit), exports and records (whole histories read and
 * rendered). The limiter charges before routing, so the route is found here by method and path in the tables' order,
 * as the app mounts them (a static segment before a parameter).
 */
export function requestCosts(
  routes: readonly Pick<Route<never>, 'method' | 'path' | 'cost'>[],
): (method: string, path: string) => number {
  const compiled = routes.map((r) => ({
    method: r.method,
    path: new RegExp(`^${r.path.replace(/\./g, '\\.').replace(/\{\w+\}/g, '[^/]+')}/?$`),
    cost: r.cost ?? 1,
  }));
  return (method, path) => compiled.find((r) => r.method === method && r.path.test(path))?.cost ?? 1;
}

/** `/v1/tables/{tableId}` → `/v1/tables/:tableId` (Hono's syntax). */
export function honoPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** Mount a slice's routes on the app, in the table's order (a static segment before a parameter: `/series`). */
export function mountRoutes<D>(app: Hono, routes: readonly Route<D>[], deps: D): void {
  for (const r of routes) app.on(r.method, honoPath(r.path), (c) => r.handle(c, deps));
}
