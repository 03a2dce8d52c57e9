import { describe, expect, it } from 'vitest';
import { WEBHOOK_LIMITS } from '../../functions/ports/webhooks.js';
import { useLocalServer } from '../support/local-server.js';

/**
 * The answers of the /v1/webhooks routes on the local server, each problem in full (status, code, detail, field,
 * limit), and which fault is answered first when a request has two. The routes' policies (functions/policy/webhooks.ts)
 * took these checks over from WebhookService; these are the answers it gave.
 */

const KEY = 'ak_answers_test';
const { api } = useLocalServer({ apiKeys: [KEY], webhooks: { allowAddresses: ['127.0.0.1'] } });
const URL_OK = 'http://127.0.0.1:9/hook';

type Answer = { status: number; code?: unknown; detail?: unknown; field?: unknown; limit?: unknown };
const answer = (r: { status: number; body: unknown }): Answer => {
  const b = (r.body ?? {}) as Record<string, unknown>;
  return {
    status: r.status,
    ...(r.status >= 400
      ? {
          code: b.code,
          detail: b.detail,
          ...(b.field !== undefined ? { field: b.field } : {}),
          ...(b.limit !== undefined ? { limit: b.limit } : {}),
        }
      : {}),
  };
};

async function world() {
  const pub = await api.post<{ tableId: string; organiserKey: string }>('/v1/tables', {
    token: KEY,
    body: { variant: 'schafkopf', seats: 4 },
  });
  const seat = await api.post<{ seatToken: string }>(`/v1/tables/${pub.body.tableId}/seats`, {
    body: { seat: 0 },
  });
  const priv = await api.post<{ tableId: string; organiserKey: string }>('/v1/tables', {
    token: KEY,
    body: { variant: 'schafkopf', seats: 4, visibility: 'private' },
  });
  const tour = await api.post<{ tournamentId: string; organiserKey: string }>('/v1/tournaments', {
    token: KEY,
    body: { variant: 'schafkopf', startsAt: '2030-01-01T18:00:00Z' },
  });
  const player = await api.post<{ playerToken: string }>(`/v1/tournaments/${tour.body.tournamentId}/players`, {
    token: tour.body.organiserKey,
    body: { name: 'Xaver' },
  });
  return {
    P: pub.body.tableId,
    OP: pub.body.organiserKey,
    ST: seat.body.seatToken,
    Q: priv.body.tableId,
    OQ: priv.body.organiserKey,
    U: tour.body.tournamentId,
    ORG: tour.body.organiserKey,
    PL: player.body.playerToken,
  };
}

const REGISTER_EXPECTED = {
  noTokenAllTables: {
    status: 401,
    code: 'auth/missing_token',
    detail: 'registering for all tables needs an API key',
    field: 'authorization',
  },
  notAKey: {
    status: 403,
    code: 'auth/forbidden',
    detail: 'without tableId the token must be an API key',
    field: 'tableId',
  },
  noTokenPublicTable: {
    status: 401,
    code: 'auth/missing_token',
    detail: 'a webhook is registered with a token (it owns the registration)',
    field: 'authorization',
  },
  noTokenPrivateTable: {
    status: 401,
    code: 'auth/missing_token',
    detail: 'this table is private: send a seat token, spectator or organiser key',
  },
  strangerPublicTable: {
    status: 403,
    code: 'auth/forbidden',
    detail:
      'this token is not one of this table’s: send a seat token (st_…) from joining table <P>, one of its spectator keys (sk_…) or its organiser key (ok_…)',
    field: 'authorization',
  },
  otherTablesKey: {
    status: 403,
    code: 'auth/forbidden',
    detail:
      'this token is not one of this table’s: send a seat token (st_…) from joining table <P>, one of its spectator keys (sk_…) or its organiser key (ok_…)',
    field: 'authorization',
  },
  unknownTable: {
    status: 404,
    code: 'table/not_found',
    detail: 'no table zzzz9999',
  },
  both: {
    status: 400,
    code: 'request/invalid',
    detail: 'give tableId or tournamentId, not both',
    field: 'tournamentId',
  },
  strayTableEvent: {
    status: 400,
    code: 'request/invalid',
    detail: 'PlayerRegistered is not an event of a table',
    field: 'events',
  },
  strayTournamentEvent: {
    status: 400,
    code: 'request/invalid',
    detail: 'DealStarted is not an event of a tournament',
    field: 'events',
  },
  noTokenTournament: {
    status: 401,
    code: 'auth/missing_token',
    detail: 'a tournament webhook is registered with the organiser key',
    field: 'authorization',
  },
  playerTournament: {
    status: 403,
    code: 'auth/forbidden',
    detail: 'a tournament webhook is registered with the organiser key',
    field: 'authorization',
  },
  strangerTournament: {
    status: 403,
    code: 'auth/forbidden',
    detail: 'the token is not valid for this tournament',
    field: 'authorization',
  },
  tableKeyTournament: {
    status: 403,
    code: 'auth/forbidden',
    detail: 'the token is not valid for this tournament',
    field: 'authorization',
  },
  unknownTournament: {
    status: 404,
    code: 'tournament/not_found',
    detail: 'no tournament u0000000000',
  },
  refusedTarget: {
    status: 422,
    code: 'webhook/target_refused',
    detail: '169.254.169.254 is a private, loopback or link-local address',
    field: 'url',
  },
  noTokenAndRefusedTarget: {
    status: 401,
    code: 'auth/missing_token',
    detail: 'a webhook is registered with a token (it owns the registration)',
    field: 'authorization',
  },
  strangerAndBoth: {
    status: 400,
    code: 'request/invalid',
    detail: 'give tableId or tournamentId, not both',
    field: 'tournamentId',
  },
  noTokenAndStray: {
    status: 400,
    code: 'request/invalid',
    detail: 'PlayerRegistered is not an event of a table',
    field: 'events',
  },
  unknownTableAndRefusedTarget: {
    status: 404,
    code: 'table/not_found',
    detail: 'no table zzzz9999',
  },
  playerAndRefusedTarget: {
    status: 403,
    code: 'auth/forbidden',
    detail: 'a tournament webhook is registered with the organiser key',
    field: 'authorization',
  },
  badBodyNoToken: {
    status: 400,
    code: 'request/invalid',
    detail: expect.stringMatching(/^body: Invalid option: expected one of .*"your_turn"/),
    field: 'events.0',
  },
  unknownFieldStranger: {
    status: 400,
    code: 'request/invalid',
    detail: 'body: Unrecognized key: "extra"',
    field: 'body',
  },
  notJson: {
    status: 400,
    code: 'request/invalid_json',
    detail: 'the body is not valid JSON',
  },
  noMediaType: {
    status: 400,
    code: 'request/unsupported_media_type',
    detail: 'send the body as application/json',
    field: 'content-type',
  },
};
const CAP_EXPECTED = {
  again: {
    status: 409,
    code: 'webhook/limit_reached',
    detail: 'this token already holds 20 webhook registrations (the most one token may hold); delete one first',
    field: 'authorization',
    limit: 'webhooks-per-token',
  },
  unknownTable: {
    status: 409,
    code: 'webhook/limit_reached',
    detail: 'this token already holds 20 webhook registrations (the most one token may hold); delete one first',
    field: 'authorization',
    limit: 'webhooks-per-token',
  },
  both: {
    status: 409,
    code: 'webhook/limit_reached',
    detail: 'this token already holds 20 webhook registrations (the most one token may hold); delete one first',
    field: 'authorization',
    limit: 'webhooks-per-token',
  },
  notItsTable: {
    status: 409,
    code: 'webhook/limit_reached',
    detail: 'this token already holds 20 webhook registrations (the most one token may hold); delete one first',
    field: 'authorization',
    limit: 'webhooks-per-token',
  },
  allTables: {
    status: 409,
    code: 'webhook/limit_reached',
    detail: 'this token already holds 20 webhook registrations (the most one token may hold); delete one first',
    field: 'authorization',
    limit: 'webhooks-per-token',
  },
  tournament: {
    status: 409,
    code: 'webhook/limit_reached',
    detail: 'this token already holds 20 webhook registrations (the most one token may hold); delete one first',
    field: 'authorization',
    limit: 'webhooks-per-token',
  },
  refusedTarget: {
    status: 409,
    code: 'webhook/limit_reached',
    detail: 'this token already holds 20 webhook registrations (the most one token may hold); delete one first',
    field: 'authorization',
    limit: 'webhooks-per-token',
  },
};
const ONE_EXPECTED = {
  list: [true],
  listNoToken: {
    webhooks: [],
  },
  listStranger: {
    webhooks: [],
  },
  view: {
    status: 200,
  },
  viewStranger: {
    status: 404,
    code: 'webhook/not_found',
    detail: 'no webhook <hook> for this token',
    field: 'webhookId',
  },
  viewNoToken: {
    status: 404,
    code: 'webhook/not_found',
    detail: 'no webhook <hook> for this token',
    field: 'webhookId',
  },
  viewUnknown: {
    status: 404,
    code: 'webhook/not_found',
    detail: 'no webhook wh_00000000000000000000 for this token',
    field: 'webhookId',
  },
  viewBadId: {
    status: 400,
    code: 'request/invalid',
    detail: 'webhookId: not a webhook id',
    field: 'webhookId',
  },
  rotateStranger: {
    status: 404,
    code: 'webhook/not_found',
    detail: 'no webhook <hook> for this token',
    field: 'webhookId',
  },
  rotateBadIdNoToken: {
    status: 400,
    code: 'request/invalid',
    detail: 'webhookId: not a webhook id',
    field: 'webhookId',
  },
  deliveries: {
    status: 200,
  },
  deliveriesStranger: {
    status: 404,
    code: 'webhook/not_found',
    detail: 'no webhook <hook> for this token',
    field: 'webhookId',
  },
  deliveriesBadLimitStranger: {
    status: 400,
    code: 'request/invalid',
    detail: 'limit: Too small: expected number to be >=1',
    field: 'limit',
  },
  deliveriesBadIdBadLimit: {
    status: 400,
    code: 'request/invalid',
    detail: 'webhookId: not a webhook id',
    field: 'webhookId',
  },
  redeliverUnknownDelivery: {
    status: 404,
    code: 'webhook/not_found',
    detail: 'no delivery d_x',
    field: 'deliveryId',
  },
  redeliverStranger: {
    status: 404,
    code: 'webhook/not_found',
    detail: 'no webhook <hook> for this token',
    field: 'webhookId',
  },
  deleteStranger: {
    status: 404,
    code: 'webhook/not_found',
    detail: 'no webhook <hook> for this token',
    field: 'webhookId',
  },
  deleteBadIdNoToken: {
    status: 400,
    code: 'request/invalid',
    detail: 'webhookId: not a webhook id',
    field: 'webhookId',
  },
  delete: {
    status: 204,
  },
  deleteAgain: {
    status: 404,
    code: 'webhook/not_found',
    detail: 'no webhook <hook> for this token',
    field: 'webhookId',
  },
};

/** The answers with this run's ids replaced: `<P>` the public table, `<hook>` the registration. */
const normalised = (got: unknown, ids: Record<string, string>): unknown =>
  JSON.parse(Object.entries(ids).reduce((s, [name, id]) => s.split(id).join(name), JSON.stringify(got))) as unknown;

describe('webhook answers', () => {
  it('registering: each refusal, and the first of two faults', async () => {
    const w = await world();
    const reg = async (token: string | undefined, body: unknown) =>
      answer(await api.post('/v1/webhooks', { ...(token !== undefined ? { token } : {}), body }));
    const got = {
      noTokenAllTables: await reg(undefined, { url: URL_OK }),
      notAKey: await reg('st_nope', { url: URL_OK }),
      noTokenPublicTable: await reg(undefined, { url: URL_OK, tableId: w.P }),
      noTokenPrivateTable: await reg(undefined, { url: URL_OK, tableId: w.Q }),
      strangerPublicTable: await reg('st_nope', { url: URL_OK, tableId: w.P }),
      otherTablesKey: await reg(w.OQ, { url: URL_OK, tableId: w.P }),
      unknownTable: await reg(w.OP, { url: URL_OK, tableId: 'zzzz9999' }),
      both: await reg(w.OP, { url: URL_OK, tableId: w.P, tournamentId: w.U }),
      strayTableEvent: await reg(w.OP, { url: URL_OK, tableId: w.P, events: ['PlayerRegistered'] }),
      strayTournamentEvent: await reg(w.ORG, { url: URL_OK, tournamentId: w.U, events: ['DealStarted'] }),
      noTokenTournament: await reg(undefined, { url: URL_OK, tournamentId: w.U }),
      playerTournament: await reg(w.PL, { url: URL_OK, tournamentId: w.U }),
      strangerTournament: await reg('ok_nope', { url: URL_OK, tournamentId: w.U }),
      tableKeyTournament: await reg(w.OP, { url: URL_OK, tournamentId: w.U }),
      unknownTournament: await reg(w.ORG, { url: URL_OK, tournamentId: 'u0000000000' }),
      refusedTarget: await reg(w.OP, { url: 'https://169.254.169.254/latest', tableId: w.P }),
      // Two faults: the first answered.
      noTokenAndRefusedTarget: await reg(undefined, { url: 'https://169.254.169.254/latest', tableId: w.P }),
      strangerAndBoth: await reg('st_nope', { url: URL_OK, tableId: w.P, tournamentId: w.U }),
      noTokenAndStray: await reg(undefined, { url: URL_OK, events: ['PlayerRegistered'] }),
      unknownTableAndRefusedTarget: await reg(w.OP, { url: 'https://169.254.169.254/x', tableId: 'zzzz9999' }),
      playerAndRefusedTarget: await reg(w.PL, { url: 'https://169.254.169.254/x', tournamentId: w.U }),
      badBodyNoToken: await reg(undefined, { url: URL_OK, events: ['nope'] }),
      unknownFieldStranger: await reg('st_nope', { url: URL_OK, extra: 1 }),
      notJson: answer(
        await api.post('/v1/webhooks', { token: w.OP, raw: '{', headers: { 'content-type': 'application/json' } }),
      ),
      noMediaType: answer(await api.post('/v1/webhooks', { raw: '{}', headers: { 'content-type': 'text/plain' } })),
    };
    expect(normalised(got, { '<P>': w.P })).toEqual(REGISTER_EXPECTED);
  });

  it('a token at its cap is refused before anything else is read or checked', async () => {
    const w = await world();
    for (let i = 0; i < WEBHOOK_LIMITS.perToken; i++)
      expect((await api.post('/v1/webhooks', { token: w.ST, body: { url: URL_OK, tableId: w.P } })).status).toBe(201);
    const reg = async (body: unknown) => answer(await api.post('/v1/webhooks', { token: w.ST, body }));
    const got = {
      again: await reg({ url: URL_OK, tableId: w.P }),
      unknownTable: await reg({ url: URL_OK, tableId: 'zzzz9999' }),
      both: await reg({ url: URL_OK, tableId: w.P, tournamentId: w.U }),
      notItsTable: await reg({ url: URL_OK, tableId: w.Q }),
      allTables: await reg({ url: URL_OK }),
      tournament: await reg({ url: URL_OK, tournamentId: w.U }),
      refusedTarget: await reg({ url: 'https://169.254.169.254/x', tableId: w.P }),
    };
    expect(got).toEqual(CAP_EXPECTED);
  });

  it('one registration: the owner only; a stranger or no token is told it does not exist', async () => {
    const w = await world();
    const made = await api.post<{ id: string }>('/v1/webhooks', { token: w.OP, body: { url: URL_OK, tableId: w.P } });
    const id = made.body.id;
    const other = 'wh_00000000000000000000';
    const as = async (method: 'get' | 'post' | 'del', path: string, token?: string) =>
      answer(await api[method](path, token !== undefined ? { token } : {}));
    const got = {
      list: (await api.get<{ webhooks: { id: string }[] }>('/v1/webhooks', { token: w.OP })).body.webhooks.map(
        (h) => h.id === id,
      ),
      listNoToken: (await api.get('/v1/webhooks')).body,
      listStranger: (await api.get('/v1/webhooks', { token: w.ST })).body,
      view: await as('get', `/v1/webhooks/${id}`, w.OP),
      viewStranger: await as('get', `/v1/webhooks/${id}`, w.ST),
      viewNoToken: await as('get', `/v1/webhooks/${id}`),
      viewUnknown: await as('get', `/v1/webhooks/${other}`, w.OP),
      viewBadId: await as('get', '/v1/webhooks/nope', w.ST),
      rotateStranger: await as('post', `/v1/webhooks/${id}/rotate`, w.ST),
      rotateBadIdNoToken: await as('post', '/v1/webhooks/nope/rotate'),
      deliveries: await as('get', `/v1/webhooks/${id}/deliveries`, w.OP),
      deliveriesStranger: await as('get', `/v1/webhooks/${id}/deliveries`, w.ST),
      deliveriesBadLimitStranger: await as('get', `/v1/webhooks/${id}/deliveries?limit=0`, w.ST),
      deliveriesBadIdBadLimit: await as('get', '/v1/webhooks/nope/deliveries?limit=0', w.OP),
      redeliverUnknownDelivery: await as('post', `/v1/webhooks/${id}/deliveries/d_x/redeliver`, w.OP),
      redeliverStranger: await as('post', `/v1/webhooks/${id}/deliveries/d_x/redeliver`, w.ST),
      deleteStranger: await as('del', `/v1/webhooks/${id}`, w.ST),
      deleteBadIdNoToken: await as('del', '/v1/webhooks/nope'),
      delete: await as('del', `/v1/webhooks/${id}`, w.OP),
      deleteAgain: await as('del', `/v1/webhooks/${id}`, w.OP),
    };
    expect(normalised(got, { '<hook>': id })).toEqual(ONE_EXPECTED);
  });
});
