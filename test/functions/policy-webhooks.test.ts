import { describe, expect, it } from 'vitest';
import { sha256 } from '../../functions/crypto/secrets.js';
import {
  type RegistrationGrounds,
  assertMayRegisterWebhook,
  assertWebhookOwner,
  webhookOwnerOf,
} from '../../functions/policy/webhooks.js';
import type { TableMeta } from '../../functions/ports/table-store.js';
import type { Hook } from '../../functions/ports/webhooks.js';
import { AppError } from '../../functions/use-cases/errors.js';

// functions/policy/webhooks.ts: who may register a webhook and who owns one. Each refusal is the problem the API
// documents (status, code, detail, field) — the same bodies WebhookService answered when it checked tokens itself
// (test/webhooks/answers.test.ts holds the routes to them end to end).

const ORGANISER = 'ok_organiser_of_t1';
const SEAT = 'st_seat_zero_of_t1';
const SPECTATOR = 'sk_spectator_of_t1';
const API_KEY = 'ak_some_api_key';

const table = (visibility: 'public' | 'private'): RegistrationGrounds => ({
  kind: 'table',
  meta: {
    tableId: 't1abcd',
    visibility,
    seats: [{ kind: 'human', tokenHash: sha256(SEAT) }, { kind: 'open' }],
    organiserKeyHash: sha256(ORGANISER),
    spectatorKeyHashes: [sha256(SPECTATOR)],
  } as unknown as TableMeta,
});
const tournament = (kind: 'organiser' | 'public'): RegistrationGrounds => ({
  kind: 'tournament',
  tournamentId: 'utour1',
  caller: { kind },
});
const player: RegistrationGrounds = {
  kind: 'tournament',
  tournamentId: 'utour1',
  caller: { kind: 'player', playerId: 'panni' },
};
const apiKeys: RegistrationGrounds = { kind: 'apiKey', apiKeyHashes: [sha256(API_KEY)] };

/** The problem a check throws, as the API answers it. */
function refusal(check: () => unknown): { status: number; code: string; detail: string; field?: string } {
  try {
    check();
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    return {
      status: e.status,
      code: e.code,
      detail: e.message,
      ...(e.extra.field !== undefined ? { field: e.extra.field } : {}),
    };
  }
  throw new Error('the check let the caller through');
}

describe('assertMayRegisterWebhook: the three scopes', () => {
  it('a table: any of its tokens, seen as that token sees the table', () => {
    const pub = table('public');
    expect(assertMayRegisterWebhook(pub, SEAT).scope).toEqual({
      kind: 'table',
      tableId: 't1abcd',
      principal: { kind: 'seat', seat: 0, tokenHash: sha256(SEAT) },
    });
    expect(assertMayRegisterWebhook(pub, ORGANISER).scope).toMatchObject({ principal: { kind: 'organiser' } });
    expect(assertMayRegisterWebhook(pub, SPECTATOR)).toEqual({
      owner: { ownerHash: sha256(SPECTATOR) },
      scope: { kind: 'table', tableId: 't1abcd', principal: { kind: 'spectator', tokenHash: sha256(SPECTATOR) } },
      meta: pub.kind === 'table' ? pub.meta : undefined,
    });
  });

  it("a table: a token not its own is refused by the tables' authorize; no token at all after it", () => {
    expect(refusal(() => assertMayRegisterWebhook(table('public'), 'st_other'))).toMatchObject({
      status: 403,
      code: 'auth/forbidden',
      field: 'authorization',
    });
    expect(refusal(() => assertMayRegisterWebhook(table('private'), undefined))).toEqual({
      status: 401,
      code: 'auth/missing_token',
      detail: 'this table is private: send a seat token, spectator or organiser key',
    });
    // A public table lets a caller without a token in as a spectator; the registration still needs an owner.
    expect(refusal(() => assertMayRegisterWebhook(table('public'), undefined))).toEqual({
      status: 401,
      code: 'auth/missing_token',
      detail: 'a webhook is registered with a token (it owns the registration)',
      field: 'authorization',
    });
  });

  it("a tournament: its organiser key only (401 without a token, 403 a player's)", () => {
    expect(assertMayRegisterWebhook(tournament('organiser'), ORGANISER)).toEqual({
      owner: { ownerHash: sha256(ORGANISER) },
      scope: { kind: 'tournament', tournamentId: 'utour1' },
    });
    const refused = { detail: 'a tournament webhook is registered with the organiser key', field: 'authorization' };
    expect(refusal(() => assertMayRegisterWebhook(tournament('public'), undefined))).toEqual({
      status: 401,
      code: 'auth/missing_token',
      ...refused,
    });
    expect(refusal(() => assertMayRegisterWebhook(player, 'st_panni.mac'))).toEqual({
      status: 403,
      code: 'auth/forbidden',
      ...refused,
    });
  });

  it('every table of an API key: that key (401 without a token, 403 naming tableId for another token)', () => {
    expect(assertMayRegisterWebhook(apiKeys, API_KEY)).toEqual({
      owner: { ownerHash: sha256(API_KEY) },
      scope: { kind: 'apiKey', keyHash: sha256(API_KEY) },
    });
    expect(refusal(() => assertMayRegisterWebhook(apiKeys, undefined))).toEqual({
      status: 401,
      code: 'auth/missing_token',
      detail: 'registering for all tables needs an API key',
      field: 'authorization',
    });
    expect(refusal(() => assertMayRegisterWebhook(apiKeys, ORGANISER))).toEqual({
      status: 403,
      code: 'auth/forbidden',
      detail: 'without tableId the token must be an API key',
      field: 'tableId',
    });
  });
});

describe('assertWebhookOwner and webhookOwnerOf', () => {
  const hook = { hookId: 'wh_1', ownerHash: sha256(SEAT) } as Hook;
  const notFound = {
    status: 404,
    code: 'webhook/not_found',
    detail: 'no webhook wh_1 for this token',
    field: 'webhookId',
  };

  it('hands on the registration to the token that registered it', () => {
    expect(assertWebhookOwner(hook, SEAT, 'wh_1')).toBe(hook);
  });

  it('to any other token, to none, and for no registration alike: 404, nothing revealed', () => {
    expect(refusal(() => assertWebhookOwner(hook, ORGANISER, 'wh_1'))).toEqual(notFound);
    expect(refusal(() => assertWebhookOwner(hook, undefined, 'wh_1'))).toEqual(notFound);
    expect(refusal(() => assertWebhookOwner(undefined, SEAT, 'wh_1'))).toEqual(notFound);
  });

  it('the owner a token is: its hash; no token owns nothing', () => {
    expect(webhookOwnerOf(SEAT)).toEqual({ ownerHash: sha256(SEAT) });
    expect(webhookOwnerOf(undefined)).toBeUndefined();
  });
});
