import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { sha256 } from '../../functions/crypto/secrets.js';
import { errorResponse } from '../../functions/http/problem.js';
import { mountRoutes } from '../../functions/http/routes.js';
import { WEBHOOK_ROUTES } from '../../functions/http/webhooks.js';
import type { RegistrationGrounds } from '../../functions/policy/webhooks.js';
import type { TableMeta } from '../../functions/ports/table-store.js';
import type { Hook } from '../../functions/ports/webhooks.js';
import { AppError } from '../../functions/use-cases/errors.js';
import type { RegisterRequest, WebhookService } from '../../functions/use-cases/webhooks.js';

// The permission path of the /v1/webhooks routes (functions/http/webhooks.ts): each route's policy
// (functions/policy/webhooks.ts) admits the caller through the registrar before WebhookService is handed anything,
// and the service is handed what the check let through (an owner, a registration, an admitted scope), never a token.
// The service here only records what reached it; its reads (the cap, the grounds, a stored registration) are stubs.

const OWNER = 'ok_owner_of_the_hook';
const SEAT = 'st_seat_token_of_t1';
const API_KEY = 'ak_the_api_key';
const HOOK_ID = 'wh_0123456789abcdef0123';
const hook: Hook = {
  hookId: HOOK_ID,
  url: 'https://example.com/hook',
  events: ['*'],
  scope: { kind: 'apiKey', keyHash: sha256(API_KEY) },
  ownerHash: sha256(OWNER),
  secrets: [{ secret: 'whsec_x' }],
  createdAt: 0,
};
const meta = {
  tableId: 't1abcd',
  visibility: 'private',
  seats: [{ kind: 'human', tokenHash: sha256(SEAT) }],
  organiserKeyHash: sha256(OWNER),
  spectatorKeyHashes: [],
} as unknown as TableMeta;

function harness(opts: { atCap?: boolean } = {}) {
  const calls: { method: string; arg: unknown }[] = [];
  const record =
    (method: string, answer: unknown = {}) =>
    async (arg: unknown): Promise<unknown> => {
      calls.push({ method, arg });
      return answer;
    };
  const service = {
    withinOwnerCap: async (owner: unknown) => {
      calls.push({ method: 'withinOwnerCap', arg: owner });
      if (opts.atCap === true) throw new AppError(409, 'webhook/limit_reached', 'at the cap');
    },
    grounds: async (req: RegisterRequest, token: string | undefined): Promise<RegistrationGrounds> => {
      calls.push({ method: 'grounds', arg: req.tableId ?? req.tournamentId ?? 'apiKey' });
      if (req.tournamentId !== undefined)
        return {
          kind: 'tournament',
          tournamentId: req.tournamentId,
          caller: token === OWNER ? { kind: 'organiser' } : { kind: 'public' },
        };
      if (req.tableId !== undefined) return { kind: 'table', meta };
      return { kind: 'apiKey', apiKeyHashes: [sha256(API_KEY)] };
    },
    create: async (admitted: unknown) => {
      calls.push({ method: 'create', arg: admitted });
      return { hook: { id: HOOK_ID }, secret: 'whsec_new' };
    },
    list: record('list', []),
    find: async (id: string) => (id === HOOK_ID ? hook : undefined),
    view: (h: Hook) => {
      calls.push({ method: 'view', arg: h });
      return { id: h.hookId };
    },
    remove: record('remove', undefined),
    rotate: record('rotate', { secret: 'whsec_2', previousValidUntil: '2026-01-01T00:00:00.000Z' }),
    deliveries: record('deliveries', []),
    redeliver: record('redeliver', { id: 'd1' }),
  } as unknown as WebhookService;
  const app = new Hono();
  app.onError((e, c) => errorResponse(c, e, { error: () => undefined }));
  mountRoutes(app, WEBHOOK_ROUTES, { configured: () => service });
  const call = async (method: string, path: string, token: string | undefined, body?: unknown) => {
    const res = await app.request(path, {
      method,
      headers: {
        ...(token !== undefined ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, body: (text === '' ? {} : JSON.parse(text)) as Record<string, unknown> };
  };
  return { calls, call };
}

/** Each route about one registration, with the service method it reaches. */
const ONE: readonly (readonly [string, string, string])[] = [
  ['view', 'GET', `/v1/webhooks/${HOOK_ID}`],
  ['remove', 'DELETE', `/v1/webhooks/${HOOK_ID}`],
  ['rotate', 'POST', `/v1/webhooks/${HOOK_ID}/rotate`],
  ['deliveries', 'GET', `/v1/webhooks/${HOOK_ID}/deliveries`],
  ['redeliver', 'POST', `/v1/webhooks/${HOOK_ID}/deliveries/d1/redeliver`],
];

describe('webhook routes: the policy admits the caller, the service gets what was admitted', () => {
  it('one registration: a stranger or no token gets 404 and the service is never handed it; the owner’s hook is', async () => {
    const { calls, call } = harness();
    for (const [, method, path] of ONE) {
      for (const token of [undefined, SEAT])
        expect(await call(method, path, token)).toMatchObject({
          status: 404,
          body: { code: 'webhook/not_found', detail: `no webhook ${HOOK_ID} for this token`, field: 'webhookId' },
        });
      expect((await call(method, path.replace(HOOK_ID, 'wh_ffffffffffffffffffff'), OWNER)).status).toBe(404);
    }
    expect(calls).toEqual([]);
    for (const [, method, path] of ONE) expect((await call(method, path, OWNER)).status).toBeLessThan(300);
    expect(calls.map((c) => c.method)).toEqual(ONE.map(([m]) => m));
    expect(calls.every((c) => c.arg === hook)).toBe(true);
  });

  it('the list: the owner the token is, none without a token', async () => {
    const { calls, call } = harness();
    await call('GET', '/v1/webhooks', OWNER);
    await call('GET', '/v1/webhooks', undefined);
    expect(calls).toEqual([
      { method: 'list', arg: { ownerHash: sha256(OWNER) } },
      { method: 'list', arg: undefined },
    ]);
  });

  it('registering: refused before `create` is reached; admitted, it gets the owner and the scope', async () => {
    const { calls, call } = harness();
    const url = 'https://example.com/hook';
    expect(await call('POST', '/v1/webhooks', undefined, { url })).toMatchObject({
      status: 401,
      body: { code: 'auth/missing_token', detail: 'registering for all tables needs an API key' },
    });
    expect(await call('POST', '/v1/webhooks', SEAT, { url })).toMatchObject({
      status: 403,
      body: { field: 'tableId' },
    });
    expect(await call('POST', '/v1/webhooks', 'st_stranger', { url, tableId: 't1abcd' })).toMatchObject({
      status: 403,
      body: { code: 'auth/forbidden', field: 'authorization' },
    });
    expect(await call('POST', '/v1/webhooks', undefined, { url, tableId: 't1abcd' })).toMatchObject({ status: 401 });
    expect(await call('POST', '/v1/webhooks', SEAT, { url, tournamentId: 'utour1' })).toMatchObject({
      status: 403,
      body: { detail: 'a tournament webhook is registered with the organiser key' },
    });
    expect(calls.filter((c) => c.method === 'create')).toEqual([]);

    calls.length = 0;
    expect((await call('POST', '/v1/webhooks', SEAT, { url, tableId: 't1abcd' })).status).toBe(201);
    expect((await call('POST', '/v1/webhooks', OWNER, { url, tournamentId: 'utour1' })).status).toBe(201);
    expect((await call('POST', '/v1/webhooks', API_KEY, { url })).status).toBe(201);
    expect(calls.filter((c) => c.method === 'create').map((c) => c.arg)).toEqual([
      {
        owner: { ownerHash: sha256(SEAT) },
        scope: { kind: 'table', tableId: 't1abcd', principal: { kind: 'seat', seat: 0, tokenHash: sha256(SEAT) } },
        meta,
      },
      { owner: { ownerHash: sha256(OWNER) }, scope: { kind: 'tournament', tournamentId: 'utour1' } },
      { owner: { ownerHash: sha256(API_KEY) }, scope: { kind: 'apiKey', keyHash: sha256(API_KEY) } },
    ]);
  });

  it('registering: the body first, then the token’s cap, then the grounds and the check', async () => {
    const { calls, call } = harness({ atCap: true });
    expect(await call('POST', '/v1/webhooks', 'st_stranger', { url: 1 })).toMatchObject({ status: 400 });
    expect(calls).toEqual([]);
    // At its cap a token is refused before the scope is read or checked (a stranger to the table learns nothing).
    expect(
      await call('POST', '/v1/webhooks', 'st_stranger', { url: 'https://x.example/h', tableId: 't1abcd' }),
    ).toMatchObject({
      status: 409,
    });
    expect(calls).toEqual([{ method: 'withinOwnerCap', arg: { ownerHash: sha256('st_stranger') } }]);
  });
});
