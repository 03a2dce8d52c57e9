import { ScanCommand } from '@aws-sdk/client-dynamodb';
import fc from 'fast-check';
import { Agent, request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { ACTION_TYPES, listVariants, parseAction, schafkopf } from '../../engine/index.js';
import type { ApiResponse } from '../support/functions/client.js';
import { openapi, validatorAt } from '../support/functions/openapi.js';
import { type Seated, createTable, join, scriptedChoice, seatEveryone, viewAs } from '../support/functions/play.js';
import { useLocalServer } from '../support/local-server.js';

/** Turn-order semantics under test: the auction from the first action (Klopfen until the first call, no knock phase). */
const OLD_KNOCK = { knock: { timing: 'before-first-call' } };

const { server, api } = useLocalServer();

const ERROR_CODES = new Set((openapi.components.schemas.ErrorCode as { enum: string[] }).enum);

/** How many items the data table holds: "nothing written" means this does not move. */
async function itemCount(): Promise<number> {
  await server.idle();
  let count = 0;
  let start: Record<string, never> | undefined;
  do {
    const out = await server.client.send(
      new ScanCommand({
        TableName: server.runtime.settings.dataTable,
        Select: 'COUNT',
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    count += out.Count ?? 0;
    start = out.LastEvaluatedKey as Record<string, never> | undefined;
  } while (start !== undefined);
  return count;
}

/** A refusal: 4xx, problem+json, a documented code and a message (the client also checks the schema). */
function expectProblem(res: ApiResponse<Record<string, unknown>>, what: string): void {
  expect(res.status, what).toBeGreaterThanOrEqual(400);
  expect(res.status, what).toBeLessThan(500);
  expect(res.contentType, what).toMatch(/^application\/problem\+json/);
  expect(ERROR_CODES.has(String(res.body.code)), `${what}: code ${String(res.body.code)}`).toBe(true);
  expect(String(res.body.detail).length, what).toBeGreaterThan(0);
}

const CARDS = ['E', 'G', 'H', 'S'].flatMap((s) => ['A', 'Z', 'K', 'O', 'U', '9', '8', '7'].map((r) => s + r));
const junk = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 3 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 4 }), fc.string({ maxLength: 4 }), { maxKeys: 2 }),
);
const card = fc.oneof(fc.constantFrom(...CARDS, 'E10', 'QC', 'JD', '10H', 'XX', 'eo', ''), junk);
/** Actions shaped like real ones (types, cards, games), broken ones, and arbitrary JSON. */
const action = fc.oneof(
  fc.record(
    {
      type: fc.oneof(fc.constantFrom(...ACTION_TYPES), fc.string({ maxLength: 8 }), junk),
      card,
      cards: fc.oneof(fc.array(card, { maxLength: 4 }), junk),
      game: fc.oneof(fc.constantFrom('sauspiel', 'solo', 'wenz', 'geier', 'bettel', 'hochzeit', 'sie', 'X'), junk),
      suit: fc.oneof(fc.constantFrom('E', 'G', 'H', 'S', 'x'), junk),
      tout: fc.oneof(fc.boolean(), junk),
      value: junk,
      under: card,
      extra: junk,
    },
    { requiredKeys: [] },
  ),
  fc.jsonValue(),
);

/** Start from one of the caller's legal actions and break it (or not): reaches the engine's deeper checks. */
type Mutation =
  'none' | 'stale-version' | 'future-version' | 'extra-field' | 'other-card' | 'drop-fields' | 'other-type';
const mutation = fc.constantFrom<Mutation>(
  'none',
  'none',
  'none',
  'stale-version',
  'future-version',
  'extra-field',
  'other-card',
  'drop-fields',
  'other-type',
);

function mutate(legal: Record<string, unknown>, m: Mutation, version: number, pick: number): Record<string, unknown> {
  switch (m) {
    case 'none':
      return { action: legal, expectedVersion: version };
    case 'stale-version':
      return { action: legal, expectedVersion: Math.max(0, version - 1 - (pick % 3)) };
    case 'future-version':
      return { action: legal, expectedVersion: version + 1 + (pick % 3) };
    case 'extra-field':
      return { action: { ...legal, spiess: 'yes' } };
    case 'other-card':
      return { action: { ...legal, card: CARDS[pick % CARDS.length] } };
    case 'drop-fields':
      return { action: { type: legal.type } };
    case 'other-type':
      return { action: { ...legal, type: ACTION_TYPES[pick % ACTION_TYPES.length] } };
    default: {
      const never: never = m;
      return never;
    }
  }
}

interface Variation {
  /** When set and the caller acts: the body is built from its legal action number `pick` with this mutation. */
  readonly nearLegal?: { readonly mutation: Mutation; readonly pick: number } | undefined;
  readonly body?: unknown;
  readonly raw?: string;
  readonly headers: Record<string, string>;
  readonly who: 'actor' | 'other' | 'none' | 'organiser' | 'spectator' | 'forged' | 'malformed';
}

const request: fc.Arbitrary<Variation> = fc.record({
  nearLegal: fc.option(fc.record({ mutation, pick: fc.nat(1000) }), { nil: undefined, freq: 2 }),
  body: fc.oneof(
    fc.record(
      {
        action,
        expectedVersion: fc.oneof(fc.integer({ min: -3, max: 100_000 }), junk),
        extra: junk,
      },
      { requiredKeys: ['action'] },
    ),
    fc.jsonValue(),
  ),
  raw: fc.option(fc.oneof(fc.string({ maxLength: 40 }), fc.constant('{"action":'), fc.constant('')), {
    nil: undefined,
  }),
  headers: fc.record(
    {
      'content-type': fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/json'),
      'idempotency-key': fc.oneof(fc.constantFrom('ok-key', 'has space', '', 'ä', 'x'.repeat(129)), fc.string()),
    },
    { requiredKeys: [] },
  ),
  who: fc.constantFrom(
    'actor',
    'actor',
    'actor',
    'actor',
    'actor',
    'other',
    'none',
    'organiser',
    'spectator',
    'forged',
    'malformed',
  ),
});

/** Legal actions compare after dropping `false` flags (the engine's own lists leave them out too). */
const canonical = (a: Record<string, unknown>): string =>
  JSON.stringify(
    Object.fromEntries(
      Object.entries(a)
        .filter(([, v]) => v !== false && v !== undefined)
        .sort(([x], [y]) => x.localeCompare(y)),
    ),
  );

describe('bad input of every kind gets a 4xx problem+json and changes nothing', () => {
  it('fuzzed action requests: refused without a write, unless they are exactly a legal action of the caller', async () => {
    const created = await createTable(api, { variant: 'schafkopf', options: OLD_KNOCK, seats: 4 });
    const { tableId, organiserKey } = created;
    const seats = await seatEveryone(api, tableId, 4);
    const spectatorToken = (
      await api.post<{ spectatorToken: string }>(`/v1/tables/${tableId}/spectators`, { body: {} })
    ).body.spectatorToken;
    let accepted = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(request, async (req) => {
        const before = await viewAs(api, tableId);
        const toAct = before.view.deal?.toAct ?? [];
        const actor = seats.find((s) => toAct.includes(s.seat)) as Seated;
        const other = seats.find((s) => !toAct.includes(s.seat)) as Seated;
        const legal = (await viewAs(api, tableId, actor.token)).view.legalActions;
        // A seat not to act may still have legal actions of its own (a defender's Kontra while the declarer leads).
        const otherLegal = (await viewAs(api, tableId, other.token)).view.legalActions;
        const items = await itemCount();
        const headers: Record<string, string> = { ...req.headers };
        const token = {
          actor: actor.token,
          other: other.token,
          organiser: organiserKey,
          spectator: spectatorToken,
          forged: 'st_forged-token',
          none: undefined,
          malformed: undefined,
        }[req.who];
        if (req.who === 'malformed') headers.authorization = 'Basic abc';
        const near = req.nearLegal;
        const body =
          near !== undefined
            ? JSON.stringify(mutate(legal[near.pick % legal.length]!, near.mutation, before.version, near.pick))
            : (req.raw ?? JSON.stringify(req.body));
        if (near !== undefined) {
          headers['content-type'] = 'application/json';
          headers['idempotency-key'] = `near-${before.version}-${near.pick}`;
        }
        const res = await api.post(`/v1/tables/${tableId}/actions`, {
          raw: body,
          headers,
          ...(token !== undefined ? { token } : {}),
        });
        const after = await viewAs(api, tableId);
        if (res.status === 200) {
          // Accepted: the caller's seat, well-formed, an exactly legal action, at the pinned version if any.
          accepted++;
          expect(['actor', 'other']).toContain(req.who);
          const sent = JSON.parse(body) as { action: unknown; expectedVersion?: unknown };
          const parsed = parseAction(sent.action, schafkopf.vocabulary);
          expect(parsed.ok).toBe(true);
          const mine = parsed.ok ? canonical(parsed.action as unknown as Record<string, unknown>) : '';
          expect((req.who === 'actor' ? legal : otherLegal).map(canonical)).toContain(mine);
          if (sent.expectedVersion !== undefined) expect(sent.expectedVersion).toBe(before.version);
          expect(after.version).toBeGreaterThan(before.version);
          return;
        }
        refused++;
        expectProblem(res, `${req.who} ${body.slice(0, 120)}`);
        expect(after).toEqual(before);
        expect(await itemCount()).toBe(items);
      }),
      { numRuns: 150 },
    );
    console.log(`fuzzed action requests: ${accepted} accepted (legal), ${refused} refused`);
    expect(refused).toBeGreaterThan(100);
  }, 120_000);

  it('fuzzed create-table bodies: 201 for a valid table, otherwise a 4xx problem and no item written', async () => {
    const variants = listVariants();
    const presets = variants.flatMap((v) => Object.keys(v.presets));
    const body = fc.oneof(
      fc.record(
        {
          variant: fc.oneof(fc.constantFrom(...variants.map((v) => v.id), 'nope', ''), junk),
          preset: fc.oneof(fc.constantFrom(...presets, 'nope'), junk),
          options: fc.oneof(
            fc.dictionary(fc.constantFrom('deck', 'tariff', 'allPass', 'laufendeMin', 'nope'), junk, { maxKeys: 3 }),
            junk,
          ),
          seats: fc.oneof(fc.integer({ min: -2, max: 12 }), junk),
          bots: fc.oneof(fc.array(fc.integer({ min: -2, max: 9 }), { maxLength: 9 }), junk),
          visibility: fc.oneof(fc.constantFrom('public', 'private', 'secret'), junk),
          dealer: fc.oneof(fc.integer({ min: -1, max: 9 }), junk),
          maxDeals: fc.oneof(fc.integer({ min: -1, max: 20_000 }), junk),
          extra: junk,
        },
        { requiredKeys: [] },
      ),
      fc.jsonValue(),
      fc
        .record({
          variant: fc.constantFrom(...variants),
          seats: fc.integer({ min: 1, max: 9 }),
          bots: fc.array(fc.integer({ min: 0, max: 8 }), { maxLength: 3 }),
          preset: fc.option(fc.constantFrom(...presets, 'nope'), { nil: undefined }),
          visibility: fc.constantFrom('public', 'private'),
        })
        .map(({ variant, ...rest }) => ({ variant: variant.id, ...rest })),
    );
    let created = 0;
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const items = await itemCount();
        // The contract and the code agree on what a valid request is: zod refuses (400) exactly what the schema does.
        const schemaAccepts = validatorAt('/components/schemas/CreateTableRequest')(b);
        const res = await api.post('/v1/tables', {
          raw: JSON.stringify(b),
          headers: { 'content-type': 'application/json' },
        });
        const shapeRefused = res.status === 400 && res.body.code === 'request/invalid';
        expect(schemaAccepts, `${JSON.stringify(b)} → ${res.status} ${String(res.body.code)}`).toBe(!shapeRefused);
        if (res.status === 201) {
          created++;
          // Valid: close it again so bot-only tables do not keep the fan-out busy.
          const { tableId, organiserKey } = res.body as { tableId: string; organiserKey: string };
          await server.idle();
          await api.post(`/v1/tables/${tableId}/close`, { token: organiserKey });
          return;
        }
        expectProblem(res, JSON.stringify(b).slice(0, 200));
        expect(await itemCount()).toBe(items);
      }),
      { numRuns: 150 },
    );
    console.log(`fuzzed create-table bodies: ${created} valid, ${150 - created} refused`);
    expect(created).toBeLessThan(150);
  }, 120_000);

  it('every route refuses malformed paths, queries, headers and bodies with a named field', async () => {
    const { tableId, organiserKey } = await createTable(api, {
      variant: 'schafkopf',
      options: OLD_KNOCK,
      seats: 4,
      bots: [1, 2, 3],
    });
    const me = await join(api, tableId);
    await server.idle();
    const t = `/v1/tables/${tableId}`;
    const cases: {
      method: string;
      path: string;
      token?: string;
      body?: unknown;
      raw?: string;
      headers?: Record<string, string>;
      status: number;
      code: string;
      field?: string;
    }[] = [
      { method: 'GET', path: '/v1/nope', status: 404, code: 'route/not_found' },
      { method: 'PUT', path: t, status: 404, code: 'route/not_found' },
      { method: 'GET', path: '/v1/variants/nope', status: 404, code: 'variant/not_found', field: 'variantId' },
      { method: 'GET', path: '/v1/tables?limit=0', status: 400, code: 'request/invalid', field: 'limit' },
      { method: 'GET', path: '/v1/tables?limit=abc', status: 400, code: 'request/invalid', field: 'limit' },
      { method: 'GET', path: '/v1/tables/NOT_AN_ID', status: 400, code: 'request/invalid', field: 'tableId' },
      { method: 'GET', path: '/v1/tables/t0000000000', status: 404, code: 'table/not_found' },
      {
        method: 'POST',
        path: '/v1/tables',
        raw: '{',
        headers: { 'content-type': 'application/json' },
        status: 400,
        code: 'request/invalid_json',
      },
      {
        method: 'POST',
        path: '/v1/tables',
        raw: '{}',
        headers: { 'content-type': 'text/plain' },
        status: 415,
        code: 'request/unsupported_media_type',
        field: 'content-type',
      },
      {
        method: 'POST',
        path: '/v1/tables',
        body: { variant: 'schafkopf' },
        status: 400,
        code: 'request/invalid',
        field: 'seats',
      },
      {
        method: 'POST',
        path: '/v1/tables',
        body: { variant: 'schafkopf', seats: 4, color: 'red' },
        status: 400,
        code: 'request/invalid',
      },
      {
        method: 'POST',
        path: '/v1/tables',
        body: { variant: 'nope', seats: 4 },
        status: 422,
        code: 'table/unknown_variant',
      },
      {
        method: 'POST',
        path: '/v1/tables',
        body: { variant: 'schafkopf', seats: 3 },
        status: 422,
        code: 'table/bad_seat_count',
      },
      {
        method: 'POST',
        path: '/v1/tables',
        body: { variant: 'schafkopf', seats: 4, preset: 'nope' },
        status: 422,
        code: 'table/unknown_preset',
      },
      {
        method: 'POST',
        path: '/v1/tables',
        body: { variant: 'schafkopf', seats: 4, options: { nope: 1 } },
        status: 422,
        code: 'table/bad_options',
      },
      {
        method: 'POST',
        path: '/v1/tables',
        body: { variant: 'schafkopf', seats: 4, bots: [4] },
        status: 422,
        code: 'seat/invalid',
        field: 'bots',
      },
      {
        method: 'POST',
        path: '/v1/tables',
        raw: JSON.stringify({ variant: 'x'.repeat(70_000) }),
        headers: { 'content-type': 'application/json' },
        status: 413,
        code: 'request/too_large',
      },
      { method: 'POST', path: `${t}/seats`, body: { seat: 9 }, status: 400, code: 'request/invalid', field: 'seat' },
      { method: 'POST', path: `${t}/seats`, body: { name: '' }, status: 400, code: 'request/invalid', field: 'name' },
      { method: 'POST', path: `${t}/seats`, body: { seat: 1 }, status: 409, code: 'seat/taken' },
      { method: 'POST', path: `${t}/seats`, body: {}, status: 409, code: 'table/full' },
      {
        method: 'DELETE',
        path: `${t}/seats/x`,
        token: organiserKey,
        status: 400,
        code: 'request/invalid',
        field: 'seat',
      },
      { method: 'DELETE', path: `${t}/seats/6`, token: organiserKey, status: 422, code: 'seat/invalid', field: 'seat' },
      {
        method: 'POST',
        path: `${t}/bots`,
        token: organiserKey,
        body: { seat: 'one' },
        status: 400,
        code: 'request/invalid',
        field: 'seat',
      },
      { method: 'POST', path: `${t}/bots`, token: organiserKey, body: {}, status: 409, code: 'table/full' },
      {
        method: 'POST',
        path: `${t}/actions`,
        token: me.token,
        body: { action: { type: 'fly' } },
        status: 422,
        code: 'action/malformed',
        field: 'action.type',
      },
      {
        method: 'POST',
        path: `${t}/actions`,
        token: me.token,
        body: { action: { type: 'play', card: 'XX' } },
        status: 422,
        code: 'action/malformed',
        field: 'action.card',
      },
      {
        method: 'POST',
        path: `${t}/actions`,
        token: me.token,
        body: { action: 'pass' },
        status: 400,
        code: 'request/invalid',
        field: 'action',
      },
      {
        method: 'POST',
        path: `${t}/actions`,
        token: me.token,
        body: { action: { type: 'pass' }, expectedVersion: -1 },
        status: 400,
        code: 'request/invalid',
        field: 'expectedVersion',
      },
      {
        method: 'POST',
        path: `${t}/actions`,
        token: me.token,
        body: { action: { type: 'pass' } },
        headers: { 'idempotency-key': 'no spaces' },
        status: 400,
        code: 'request/invalid',
        field: 'Idempotency-Key',
      },
      {
        method: 'POST',
        path: `${t}/actions`,
        token: me.token,
        body: { action: { type: 'pass' }, expectedVersion: 0 },
        status: 409,
        code: 'table/version_conflict',
      },
      { method: 'GET', path: `${t}/events?after=-1`, status: 400, code: 'request/invalid', field: 'after' },
      { method: 'GET', path: `${t}/events?limit=501`, status: 400, code: 'request/invalid', field: 'limit' },
      { method: 'GET', path: `${t}/events?since=3`, status: 400, code: 'request/invalid' },
      { method: 'GET', path: `${t}/deals/0/record`, status: 400, code: 'request/invalid', field: 'deal' },
      { method: 'GET', path: `${t}/deals/1/record`, status: 409, code: 'deal/not_over' },
      { method: 'GET', path: `${t}/deals/99/record`, status: 404, code: 'deal/not_found' },
      { method: 'GET', path: `${t}/deals/abc/fairness`, status: 400, code: 'request/invalid', field: 'deal' },
      {
        method: 'POST',
        path: `${t}/deals/1/verify`,
        body: { seed: '' },
        status: 400,
        code: 'request/invalid',
        field: 'seed',
      },
      { method: 'POST', path: '/v1/records/score', body: { variant: 'schafkopf' }, status: 422, code: 'record/shape' },
      {
        method: 'POST',
        path: '/v1/records/score',
        body: { variant: 'schafkopf', seats: 4, dealr: 3, hands: [], actions: [] },
        status: 422,
        code: 'record/shape',
        field: 'dealr',
      },
      {
        method: 'POST',
        path: '/v1/records/score',
        raw: 'not json',
        headers: { 'content-type': 'application/json' },
        status: 400,
        code: 'request/invalid_json',
      },
    ];
    for (const c of cases) {
      const items = await itemCount();
      const version = (await viewAs(api, tableId)).version;
      const res = await api.call(c.method, c.path, {
        ...(c.token !== undefined ? { token: c.token } : {}),
        ...(c.body !== undefined ? { body: c.body } : {}),
        ...(c.raw !== undefined ? { raw: c.raw } : {}),
        ...(c.headers !== undefined ? { headers: c.headers } : {}),
      });
      const what = `${c.method} ${c.path} ${JSON.stringify(c.body ?? c.raw ?? '').slice(0, 80)}`;
      expectProblem(res, what);
      expect({ status: res.status, code: res.body.code }, what).toEqual({ status: c.status, code: c.code });
      if (c.field !== undefined) expect(res.body.field, what).toBe(c.field);
      expect(await itemCount(), what).toBe(items);
      expect((await viewAs(api, tableId)).version, what).toBe(version);
    }
    // The table still plays on after all of that.
    const mine = await viewAs(api, tableId, me.token);
    if (mine.view.legalActions.length > 0) {
      const res = await api.post(`${t}/actions`, {
        token: me.token,
        body: { action: scriptedChoice(mine.view.legalActions), expectedVersion: mine.version },
      });
      expect(res.status).toBe(200);
    }
  });
});

/** `levels` nested arrays around a card: `[[[…"EO"…]]]`. */
const nested = (levels: number): string => '['.repeat(levels) + '"EO"' + ']'.repeat(levels);
const PROTO_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];

describe('hostile input: 4xx problem+json naming the field, nothing written', () => {
  it('bug: a 5,000-level nested action was a 500 (RangeError while hashing); now 400 request/too_deep naming the field', async () => {
    const { tableId } = await createTable(api, { variant: 'schafkopf', seats: 4 });
    const seats = await seatEveryone(api, tableId, 4);
    const before = await viewAs(api, tableId);
    const items = await itemCount();
    const raw = `{"action":{"type":"bury","cards":${nested(5000)}}}`;
    expect(raw.length).toBeLessThan(11_000);
    for (const s of seats) {
      const res = await api.post(`/v1/tables/${tableId}/actions`, {
        raw,
        token: s.token,
        headers: { 'content-type': 'application/json', 'idempotency-key': `deep-${s.seat}` },
      });
      expectProblem(res, 'deep action');
      expect(res.body).toMatchObject({ status: 400, code: 'request/too_deep', field: 'action.cards' });
    }
    // Anywhere in any body: the create endpoint and the score endpoint too.
    const create = await api.post('/v1/tables', {
      raw: `{"variant":"schafkopf","seats":4,"options":{"x":${nested(5000)}}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(create.body).toMatchObject({ status: 400, code: 'request/too_deep', field: 'options.x' });
    const score = await api.post('/v1/records/score', {
      raw: nested(5000),
      headers: { 'content-type': 'application/json' },
    });
    expect(score.body).toMatchObject({ status: 400, code: 'request/too_deep', field: 'body' });
    expect(await viewAs(api, tableId)).toEqual(before);
    expect(await itemCount()).toBe(items);
  });

  it('bug: preset {"toString":1} was a 500 on /v1/records/score; now a 4xx naming preset (create and score)', async () => {
    const items = await itemCount();
    const create = await api.post('/v1/tables', { body: { variant: 'schafkopf', seats: 4, preset: { toString: 1 } } });
    expectProblem(create, 'create');
    expect(create.body).toMatchObject({ status: 400, field: 'preset' });
    const score = await api.post('/v1/records/score', { body: { variant: 'schafkopf', preset: { toString: 1 } } });
    expectProblem(score, 'score');
    expect(score.body).toMatchObject({ status: 422, code: 'record/shape', field: 'preset' });
    expect(await itemCount()).toBe(items);
  });

  it('bug: inherited names (__proto__, toString, …) were accepted as presets; now 422 listing the valid ones', async () => {
    const valid = Object.keys(listVariants().find((v) => v.id === 'schafkopf')!.presets);
    const items = await itemCount();
    for (const preset of [...PROTO_NAMES, 'nope']) {
      const create = await api.post('/v1/tables', {
        raw: `{"variant":"schafkopf","seats":4,"preset":${JSON.stringify(preset)}}`,
        headers: { 'content-type': 'application/json' },
      });
      expectProblem(create, preset);
      expect(create.body, preset).toMatchObject({ status: 422, code: 'table/unknown_preset', field: 'preset' });
      for (const name of valid) expect(String(create.body.detail), preset).toContain(name);
      const score = await api.post('/v1/records/score', {
        raw: `{"variant":"schafkopf","preset":${JSON.stringify(preset)},"seats":4}`,
        headers: { 'content-type': 'application/json' },
      });
      expectProblem(score, preset);
      expect(score.body, preset).toMatchObject({ status: 422, code: 'record/unknown_preset', field: 'preset' });
      for (const name of valid) expect(String(score.body.detail), preset).toContain(name);
    }
    expect(await itemCount()).toBe(items);
  });

  it('bug: a kept-alive connection broke after a 413 for a 64 KB–1 MB body; the next request now succeeds', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const post = (body: string): Promise<{ status: number; json: Record<string, unknown> }> =>
      new Promise((resolve, reject) => {
        const req = httpRequest(
          `${server.url}/v1/tables`,
          {
            method: 'POST',
            agent,
            headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
          },
          (res) => {
            let text = '';
            res.on('data', (d: Buffer) => (text += d.toString()));
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) as Record<string, unknown> }),
            );
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    try {
      for (const size of [65 * 1024, 256 * 1024, 1024 * 1024]) {
        const big = await post(JSON.stringify({ variant: 'x'.repeat(size) }));
        expect(big, `${size}`).toMatchObject({ status: 413, json: { code: 'request/too_large' } });
        const next = await post(JSON.stringify({ variant: 'schafkopf', seats: 4 }));
        expect(next.status, `after ${size}`).toBe(201);
      }
    } finally {
      agent.destroy();
    }
  });

  it('not_your_turn names whose turn it is (in the auction: one seat; in the knock phase: all who have not decided)', async () => {
    // The auction's turn order (Klopfen before the first call: nothing happens before forehand's call).
    const auction = await createTable(api, {
      variant: 'schafkopf',
      seats: 4,
      options: { knock: { timing: 'before-first-call' } },
    });
    const seats = await seatEveryone(api, auction.tableId, 4);
    const toAct = (await viewAs(api, auction.tableId)).view.deal!.toAct;
    expect(toAct).toHaveLength(1);
    const idle = seats.find((s) => !toAct.includes(s.seat))!;
    const res = await api.post(`/v1/tables/${auction.tableId}/actions`, {
      token: idle.token,
      body: { action: { type: 'pass' } },
    });
    expect(res.body).toMatchObject({ status: 409, code: 'action/not_your_turn' });
    expect(String(res.body.detail)).toContain(`to act: seat ${toAct[0]}`);

    // The default preset (sauspiel): after the first four cards every seat decides at once. A seat that has decided
    // waits for the others, and its refusal names every seat still to decide.
    const knock = await createTable(api, { variant: 'schafkopf', seats: 4 });
    const all = await seatEveryone(api, knock.tableId, 4);
    expect((await viewAs(api, knock.tableId)).view.deal!.toAct).toEqual([0, 1, 2, 3]);
    const decided = await api.post(`/v1/tables/${knock.tableId}/actions`, {
      token: all[2]!.token,
      body: { action: { type: 'choose', choice: 'no-knock' } },
    });
    expect(decided.status).toBe(200);
    for (const action of [{ type: 'knock' }, { type: 'pass' }]) {
      const again = await api.post(`/v1/tables/${knock.tableId}/actions`, { token: all[2]!.token, body: { action } });
      expect(again.body).toMatchObject({ status: 409, code: 'action/not_your_turn' });
      expect(String(again.body.detail)).toContain('to act: seat 0, seat 1, seat 3');
    }
  });

  it('fuzzed hostile bodies on every body-taking route: 4xx problem+json and nothing written', async () => {
    const { tableId } = await createTable(api, { variant: 'schafkopf', seats: 4 });
    const seats = await seatEveryone(api, tableId, 4);
    const hostile = fc.oneof(
      fc.integer({ min: 33, max: 6000 }).map((n) => `{"action":{"type":"bury","cards":${nested(n)}}}`),
      fc.integer({ min: 33, max: 3000 }).map((n) => `{"variant":"schafkopf","seats":4,"options":{"a":${nested(n)}}}`),
      fc.integer({ min: 33, max: 3000 }).map((n) => '{"a":'.repeat(n) + '1' + '}'.repeat(n)),
      fc.constantFrom(...PROTO_NAMES).map((p) => `{"variant":"schafkopf","seats":4,"preset":${JSON.stringify(p)}}`),
      fc
        .constantFrom(...PROTO_NAMES)
        .map((p) => `{"variant":"schafkopf","seats":4,"dealer":0,"preset":${JSON.stringify(p)}}`),
      fc.constant('{"variant":"schafkopf","preset":{"toString":1}}'),
      fc.constant('{"variant":"schafkopf","preset":{"valueOf":1,"toString":1}}'),
      fc.constant('{"action":{"type":"pass","__proto__":{"x":1}}}'),
      fc.constant('{"__proto__":{"variant":"schafkopf"},"seats":4}'),
    );
    const route = fc.constantFrom('/v1/tables', `/v1/tables/${tableId}/actions`, '/v1/records/score');
    const type = fc.constantFrom('application/json', 'text/plain', 'application/json; charset=utf-8');
    const before = await viewAs(api, tableId);
    await fc.assert(
      fc.asyncProperty(hostile, route, type, async (raw, path, contentType) => {
        const items = await itemCount();
        const res = await api.post(path, {
          raw,
          token: seats[0]!.token,
          headers: { 'content-type': contentType },
        });
        expectProblem(res, `${path} ${contentType} ${raw.slice(0, 80)}`);
        if (contentType === 'text/plain') expect(res.status).toBe(415);
        expect(await itemCount()).toBe(items);
      }),
      { numRuns: 60 },
    );
    expect(await viewAs(api, tableId)).toEqual(before);
  }, 60_000);
});
