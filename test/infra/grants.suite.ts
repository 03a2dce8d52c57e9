import type { Template } from 'aws-cdk-lib/assertions';
import { sha256 } from '../../functions/crypto/secrets.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalServer } from '../../local/server.js';
import type { Api } from '../support/functions/client.js';
import { createTable, join, startServer } from '../support/functions/play.js';
import { type Player, playOverWs, seatedTable, subscribed } from '../realtime/helpers.js';
import { logicalId, statementsOfFunction, synthesize } from './support.js';

// The IAM grants list DynamoDB actions by hand (least privilege). This suite runs the real handlers on the local
// runtime (real AWS SDK client, dynalite, the WebSocket gateway emulation) and records every DynamoDB call with the
// function that made it (from the async stack: functions/http, functions/ws or functions/stream). Each call must be
// granted to that function on that table in the synthesized template — a missing grant would be AccessDenied in
// production — and every granted action must be used by some function.

type Fn = 'http' | 'ws' | 'stream' | 'due';
let server: LocalServer;
let api: Api;
let template: Template;
/** `${fn} ${table} ${action}` of every call. */
const calls = new Set<string>();
/** Consumed capacity and calls while the bot deals ran, for the cost figures in README "Deploy". */
const units = { read: 0, write: 0 };
const counts = { read: 0, write: 0 };
let counting = false;
/** Off while the test itself writes fixtures through an adapter (those calls belong to no function). */
let recording = true;

function callerOf(stack: string): Fn | 'unknown' {
  // A webhook pump runs in the due function on AWS (the outbox's `webhook.pump` work), wherever it starts locally.
  if (/Deliverer\.pump /.test(stack)) return 'due';
  // The stream handler runs bots too (they act through the use case): its frames win over the others.
  if (/[/\\]functions[/\\]stream[/\\]/.test(stack)) return 'stream';
  if (/[/\\]functions[/\\]ws[/\\]/.test(stack)) return 'ws';
  if (/[/\\]functions[/\\]http[/\\]/.test(stack)) return 'http';
  return 'unknown';
}

beforeAll(async () => {
  ({ template } = synthesize({}, { bundle: false }));
  ({ server, api } = await startServer());
  const tableNames = new Map([
    [server.runtime.settings.dataTable, 'data'],
    [server.runtime.settings.connectionsTable, 'connections'],
  ]);
  server.client.middlewareStack.add(
    (next, context) => async (args) => {
      const limit = Error.stackTraceLimit;
      Error.stackTraceLimit = 200;
      const stack = new Error('caller').stack ?? '';
      Error.stackTraceLimit = limit;
      const name = (args.input as { TableName?: string }).TableName ?? '';
      const action = `dynamodb:${(context.commandName ?? 'unknown').replace(/Command$/, '')}`;
      if (recording) calls.add(`${callerOf(stack)} ${tableNames.get(name) ?? name} ${action}`);
      const out = await next(args);
      if (counting) {
        const consumed = (out.output as { ConsumedCapacity?: { CapacityUnits?: number } }).ConsumedCapacity;
        const kind = /Put|Delete|Update/.test(action) ? 'write' : 'read';
        units[kind] += consumed?.CapacityUnits ?? 0;
        counts[kind] += 1;
      }
      return out;
    },
    { step: 'initialize', name: 'stammtischGrantRecorder' },
  );

  // 1. Bots play whole deals through the fan-out; the table closes itself after them.
  const deals = 5;
  counting = true;
  const played = await createTable(api, { variant: 'schafkopf', seats: 4, bots: [0, 1, 2, 3], maxDeals: deals });
  await server.idle();
  counting = false;
  const version = (await api.get<{ version: number }>(`/v1/tables/${played.tableId}/view`)).body.version;
  const per = (n: number) => Math.round((n / deals) * 10) / 10;
  console.log(
    `DynamoDB per 4-bot Schafkopf deal (${deals} deals, version ${version}): ` +
      `${per(counts.write)} writes = ${per(units.write)} WRU, ${per(counts.read)} reads = ${per(units.read)} RRU`,
  );
  expect((await api.get(`/v1/tables/${played.tableId}/events?after=0`, { token: played.organiserKey })).status).toBe(
    200,
  );
  expect((await api.get(`/v1/tables/${played.tableId}/deals/1/record`, { token: played.organiserKey })).status).toBe(
    200,
  );

  // 2. A table with open seats: listed in the lobby, joined, left, closed by its organiser.
  const open = await createTable(api, { variant: 'schafkopf', seats: 4 });
  expect((await api.get('/v1/tables')).status).toBe(200);
  const me = await join(api, open.tableId, 0);
  expect((await api.del(`/v1/tables/${open.tableId}/seats/0`, { token: me.token })).status).toBeLessThan(300);
  expect((await api.post(`/v1/tables/${open.tableId}/close`, { token: open.organiserKey })).status).toBeLessThan(300);

  // 3. A whole deal over WebSocket: four players subscribe, every move is an `act`, pushes fan out; then the
  //    other routes (ping, view, resync, unsubscribe) and disconnects.
  const table = await seatedTable(api, { maxDeals: 1 });
  const players: Player[] = [];
  for (const s of table.seats) players.push({ ...s, client: await subscribed(server, table.tableId, s.token) });
  const watcher = players[0]!.client;
  await playOverWs({ players, watchers: [watcher], version: watcher.lastSeq, done: (v) => v.closed });
  expect((await watcher.request({ action: 'ping' })).type).toBe('pong');
  expect((await watcher.request({ action: 'view' })).type).toBe('view');
  await watcher.request({ action: 'resync', after: 0, limit: 10 });
  expect((await watcher.request({ action: 'unsubscribe' })).type).toBe('unsubscribed');
  for (const p of players) await p.client.close();
  await server.idle();

  // 4. The fan-out's own paths: a row whose $disconnect never ran (API Gateway answers 410: the row is removed) and
  //    a seat that was left and re-taken (the old token's subscription is cut).
  const ghostTable = await seatedTable(api);
  await server.idle();
  const now = Date.now();
  recording = false;
  await server.realtime.connections.put({
    connectionId: 'Ghost0000000000=',
    authTableId: ghostTable.tableId,
    principal: { kind: 'spectator' },
    tableId: ghostTable.tableId,
    audience: 'spectator',
    endpoint: server.gateway.endpoint,
    connectedAt: now,
    expiresAt: Math.floor(now / 1000) + 3600,
  });
  // What the ws handler does after a subscription: later commits carry the raised listen epoch.
  await server.runtime.service.listen(
    ghostTable.tableId,
    await server.runtime.service.meta(ghostTable.tableId),
    'subscription',
  );
  recording = true;
  const spectatorView = await api.get<{ version: number; view: { deal: { toAct: number[] } } }>(
    `/v1/tables/${ghostTable.tableId}/view`,
  );
  const seat = ghostTable.seats[spectatorView.body.view.deal.toAct[0]!]!;
  const mine = await api.get<{ version: number; view: { legalActions: Record<string, unknown>[] } }>(
    `/v1/tables/${ghostTable.tableId}/view`,
    { token: seat.token },
  );
  const moved = await api.post(`/v1/tables/${ghostTable.tableId}/actions`, {
    token: seat.token,
    body: { action: mine.body.view.legalActions[0], expectedVersion: mine.body.version },
    headers: { 'idempotency-key': 'grants-ghost' },
  });
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  await server.idle();
  recording = false;
  expect(await server.realtime.connections.get('Ghost0000000000=')).toBeUndefined();
  recording = true;

  const retaken = await createTable(api, { variant: 'schafkopf', seats: 4 });
  const first = await join(api, retaken.tableId, 0);
  const old = await subscribed(server, retaken.tableId, first.token);
  expect((await api.del(`/v1/tables/${retaken.tableId}/seats/0`, { token: first.token })).status).toBe(204);
  for (let s = 0; s < 4; s++) await join(api, retaken.tableId, s);
  await server.idle();
  await old.until(() => old.frames.some((f) => f.type === 'unsubscribed'));
  await old.close();
  await server.idle();

  // 5. A webhook (its registration written as a fixture) gets the table's next commit: the stream function enqueues
  //    the delivery and takes the queue lease (UpdateItem); the REST API lists the registration.
  const hooked = await createTable(api, { variant: 'schafkopf', seats: 4 });
  recording = false;
  const owner = sha256(hooked.organiserKey);
  await server.webhooks.store.putHook({
    hookId: 'wh_0000000000000000000a',
    url: 'https://hooks.example.invalid/grants',
    events: ['*'],
    scope: { kind: 'table', tableId: hooked.tableId, principal: { kind: 'organiser', tokenHash: owner } },
    ownerHash: owner,
    secrets: [{ secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' }],
    createdAt: Date.now(),
  });
  // What a registration does after writing it: later commits carry the raised listen epoch (use-cases/listen.ts).
  await server.runtime.service.listen(hooked.tableId, await server.runtime.service.meta(hooked.tableId), 'webhook');
  recording = true;
  expect((await api.post(`/v1/tables/${hooked.tableId}/close`, { token: hooked.organiserKey })).status).toBe(200);
  await server.idle();
  expect((await api.get('/v1/webhooks', { token: hooked.organiserKey })).status).toBe(200);
}, 180_000);

afterAll(async () => {
  await server.close();
});

/** The DynamoDB actions the template grants a function on each table (`data`, `connections`). */
function granted(fn: Fn): Map<string, Set<string>> {
  const tables = new Map([
    [logicalId(template, 'AWS::DynamoDB::Table', 'DataTable'), 'data'],
    [logicalId(template, 'AWS::DynamoDB::Table', 'ConnectionsTable'), 'connections'],
  ]);
  const prefix = { http: 'HttpFunction', ws: 'WsFunction', stream: 'StreamFunction', due: 'DueFunction' }[fn];
  const out = new Map<string, Set<string>>([
    ['data', new Set()],
    ['connections', new Set()],
  ]);
  for (const statement of statementsOfFunction(template, logicalId(template, 'AWS::Lambda::Function', prefix))) {
    const resources = JSON.stringify(statement.Resource);
    const actions = [statement.Action as string | string[]].flat();
    for (const [id, table] of tables)
      // The table ARN itself (GetAtt Arn), not its stream ARN.
      if (resources.includes(`["${id}","Arn"]`)) for (const a of actions) out.get(table)!.add(a);
  }
  return out;
}

describe('DynamoDB grants match what the code calls', () => {
  it('every call comes from one of the four functions and goes to DATA_TABLE or CONNECTIONS_TABLE', () => {
    for (const call of calls) expect(call).toMatch(/^(http|ws|stream|due) (data|connections) dynamodb:\w+$/);
    // The flows above reached every function.
    for (const fn of ['http', 'ws', 'stream', 'due'])
      expect(
        [...calls].some((c) => c.startsWith(`${fn} `)),
        fn,
      ).toBe(true);
  });

  it('every call is granted to the function that made it, on that table', () => {
    for (const call of calls) {
      const [fn, table, action] = call.split(' ') as [Fn, string, string];
      expect([...(granted(fn).get(table) ?? [])], call).toContain(action);
    }
  });

  it('each function uses exactly what it is granted (nothing granted "just in case")', () => {
    for (const fn of ['http', 'ws', 'stream'] as const)
      for (const [table, actions] of granted(fn)) {
        const used = [...calls]
          .filter((c) => c.startsWith(`${fn} ${table} `))
          .map((c) => c.split(' ')[2]!)
          .sort();
        expect(used, `${fn} on ${table}`).toEqual([...actions].sort());
      }
  });
});
