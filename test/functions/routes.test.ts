import { Hono } from 'hono';
import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { errorResponse } from '../../functions/http/problem.js';
import { type Route, mountRoutes, route } from '../../functions/http/routes.js';
import { costOf } from '../../functions/http/app.js';
import { TABLE_ROUTES } from '../../functions/http/tables.js';
import { WEBHOOK_ROUTES } from '../../functions/http/webhooks.js';
import { MESSAGE_POLICIES, POLICIES, type Policy } from '../../functions/policy/access.js';
import { TOURNAMENT_ROUTES } from '../../functions/tournaments/http.js';
import { AppError } from '../../functions/use-cases/errors.js';
import { openapi } from '../support/functions/openapi.js';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const ROUTES: readonly Route<never>[] = [...TABLE_ROUTES, ...TOURNAMENT_ROUTES, ...WEBHOOK_ROUTES];

interface Operation {
  readonly operationId?: string;
  readonly security?: readonly Record<string, unknown>[];
  readonly requestBody?: unknown;
}

/** openapi.yaml's operations, keyed `METHOD path`. */
const documented = new Map<string, Operation>(
  Object.entries(openapi.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([m]) => METHODS.includes(m))
      .map(([m, op]): [string, Operation] => [`${m.toUpperCase()} ${path}`, op as Operation]),
  ),
);
const key = (r: Route<never>): string => `${r.method} ${r.path}`;

/** openapi.yaml's `security` as a policy's `bearer`: none, `[{}, {bearer: []}]` or `[{bearer: []}]`. */
function bearerOf(op: Operation): Policy['bearer'] {
  const security = op.security ?? [];
  if (security.length === 0) return 'none';
  const anonymous = security.some((s) => Object.keys(s).length === 0);
  const bearer = security.some((s) => 'bearer' in s);
  if (!bearer) throw new Error(`unexpected security ${JSON.stringify(security)}`);
  return anonymous ? 'optional' : 'required';
}

describe('the route tables (functions/http/routes.ts)', () => {
  it('declare exactly the operations of openapi.yaml: method, path and operationId, both ways', () => {
    const declared = ROUTES.map((r) => `${key(r)} ${r.operationId}`).sort();
    const inDocument = [...documented].map(([k, op]) => `${k} ${op.operationId ?? '(no operationId)'}`).sort();
    expect(declared).toEqual(inDocument);
    expect(new Set(ROUTES.map(key)).size).toBe(ROUTES.length);
  });

  it("give each route the security openapi.yaml documents for it (the policy's bearer)", () => {
    const mismatched = ROUTES.filter((r) => {
      const op = documented.get(key(r));
      return op !== undefined && bearerOf(op) !== r.access.bearer;
    }).map((r) => `${r.operationId}: ${r.access.bearer} here, ${bearerOf(documented.get(key(r)) ?? {})} documented`);
    expect(mismatched).toEqual([]);
  });

  it('declare a request body exactly where openapi.yaml documents one', () => {
    const mismatched = ROUTES.filter(
      (r) => (r.body !== undefined) !== (documented.get(key(r))?.requestBody !== undefined),
    );
    expect(mismatched.map((r) => r.operationId)).toEqual([]);
  });

  it('charge by the route a request goes to (routes.ts requestCosts, before routing): its cost, else 1', () => {
    // A concrete path of each route is charged that route's cost, also with a trailing slash.
    const concrete = (path: string): string => path.replace(/\{(\w+)\}/g, (_, name: string) => `${name}1`);
    const charged = ROUTES.map((r) => `${key(r)} ${costOf(r.method, concrete(r.path))}`);
    expect(charged).toEqual(ROUTES.map((r) => `${key(r)} ${r.cost ?? 1}`));
    expect(ROUTES.every((r) => costOf(r.method, `${concrete(r.path)}/`) === (r.cost ?? 1))).toBe(true);
    // The requests that buy lasting or heavy work cost more (docs/operations.md "Rate limits").
    expect(
      Object.fromEntries(ROUTES.filter((r) => (r.cost ?? 1) > 1).map((r) => [r.operationId, r.cost])),
    ).toMatchObject({ createTable: 10, createTournament: 10, addBot: 5, createWebhook: 5, getRecord: 3 });
    // A path no route has, another method, a longer path: 1.
    expect([costOf('POST', '/v1/nothing'), costOf('GET', '/v1/tables'), costOf('POST', '/v1/tables/x/bots/y')]).toEqual(
      [1, 1, 1],
    );
  });

  it('check every non-public route through its policy: a check of its own, run by the registrar', () => {
    // Every slice decides access through functions/policy/ (access.ts, tournament.ts, webhooks.ts): the registrar
    // runs the check (or refuses the answer), and the services take the admitted caller, never a token.
    const unguarded = ROUTES.filter((r) => r.access.bearer !== 'none' && r.access.check === undefined);
    expect(unguarded.map((r) => r.operationId)).toEqual([]);
  });

  it("decide every tournament route's access through its policy's check (functions/policy/tournament.ts)", () => {
    // The registrar runs the check (or refuses the answer); TournamentService's commands take the admitted actor.
    const elsewhere = TOURNAMENT_ROUTES.filter((r) => r.access.bearer !== 'none' && r.access.check === undefined);
    expect(elsewhere.map((r) => r.operationId)).toEqual([]);
  });

  it('name no service that decides on its own: no policy, of a route or a message, is a label without a check', () => {
    // `checkedBy` was the label of a slice that still checked tokens in its service; nothing may bring it back.
    const policies = [...Object.values(POLICIES), ...Object.values(MESSAGE_POLICIES), ...ROUTES.map((r) => r.access)];
    const labels = policies.filter((p) => Object.keys(p).some((k) => k !== 'bearer' && k !== 'check'));
    expect(labels).toEqual([]);
    expect(WEBHOOK_ROUTES.map((r) => [r.operationId, r.access.check !== undefined])).toEqual(
      WEBHOOK_ROUTES.map((r) => [r.operationId, true]),
    );
  });
});

describe('mountRoutes', () => {
  const organiserOnly: Policy<[string | undefined], void> = {
    bearer: 'required',
    check: (token) => {
      if (token !== 'ok_1') throw new AppError(403, 'auth/forbidden', 'only the organiser');
    },
  };
  const Body = z.strictObject({ n: z.number().int() });
  const routes = [
    route<undefined, [string | undefined], void, typeof Body>({
      method: 'POST',
      path: '/v1/checked',
      operationId: 'checked',
      access: organiserOnly,
      body: { schema: Body, read: async (c) => JSON.parse(await c.req.text()) as unknown },
      handle: async (c, req) => {
        req.may(c.req.header('authorization'));
        return c.json({ n: (await req.body()).n + 1 });
      },
    }),
    // A route that forgets its check: the registrar must not let its answer through.
    route<undefined, [string | undefined], void>({
      method: 'GET',
      path: '/v1/forgot/{id}',
      operationId: 'forgot',
      access: organiserOnly,
      handle: (c) => c.json({ secret: c.req.param('id') }),
    }),
    route<undefined>({
      method: 'GET',
      path: '/v1/open',
      operationId: 'open',
      access: POLICIES.public,
      handle: (c) => c.json({ ok: true }),
    }),
  ];
  const app = new Hono();
  app.onError((e, c) => errorResponse(c, e, { error: () => undefined }));
  mountRoutes(app, routes, undefined);

  it('mounts OpenAPI paths in Hono syntax and runs the route', async () => {
    const ok = await app.request('/v1/checked', {
      method: 'POST',
      headers: { authorization: 'ok_1' },
      body: JSON.stringify({ n: 41 }),
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ n: 42 });
    expect((await app.request('/v1/open')).status).toBe(200);
  });

  it("answers the check's refusal and the body schema's 400", async () => {
    const refused = await app.request('/v1/checked', { method: 'POST', body: JSON.stringify({ n: 1 }) });
    expect(refused.status).toBe(403);
    const invalid = await app.request('/v1/checked', {
      method: 'POST',
      headers: { authorization: 'ok_1' },
      body: JSON.stringify({ n: 'one' }),
    });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ code: 'request/invalid', field: 'n' });
  });

  it('turns the answer of a route that skipped its check into an internal error', async () => {
    const res = await app.request('/v1/forgot/leaked42');
    expect(res.status).toBe(500);
    expect(await res.text()).not.toContain('leaked42');
  });
});
