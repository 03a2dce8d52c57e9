import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableAccess } from '../../infra/constructs/stammtisch-function.js';
import type { LocalServer } from '../../local/server.js';
import type { Api } from '../support/functions/client.js';
import { createTable, join, startServer } from '../support/functions/play.js';

// The IAM grants list DynamoDB actions by hand (least privilege). This suite runs the real handlers on the local
// runtime (real AWS SDK client, dynalite) and records every DynamoDB call per table, so a grant that is missing
// (AccessDenied in production) or no longer needed fails here.

let server: LocalServer;
let api: Api;
/** IAM action names (dynamodb:PutItem …) per table name. */
const used = new Map<string, Set<string>>();
/** Consumed capacity and calls, for the cost figures in README "Deploy". */
const units = { read: 0, write: 0 };
const calls = { read: 0, write: 0 };

beforeAll(async () => {
  ({ server, api } = await startServer());
  server.client.middlewareStack.add(
    (next, context) => async (args) => {
      const table = (args.input as { TableName?: string }).TableName ?? '(none)';
      const action = `dynamodb:${(context.commandName ?? 'unknown').replace(/Command$/, '')}`;
      if (!used.has(table)) used.set(table, new Set());
      used.get(table)!.add(action);
      const out = await next(args);
      const consumed = (out.output as { ConsumedCapacity?: { CapacityUnits?: number } }).ConsumedCapacity;
      const kind = /Put|Delete|Update/.test(action) ? 'write' : 'read';
      units[kind] += consumed?.CapacityUnits ?? 0;
      calls[kind] += 1;
      return out;
    },
    { step: 'initialize', name: 'stammtischGrantRecorder' },
  );
});
afterAll(async () => {
  await server.close();
});

describe('DynamoDB grants match what the code calls', () => {
  it('table lifecycles over REST (lobby, join, leave, close, whole bot deals, reads, records) stay within `events`', async () => {
    // Bots play whole deals through the fan-out; the table closes itself after them.
    const deals = 5;
    const played = await createTable(api, { variant: 'schafkopf', seats: 4, bots: [0, 1, 2, 3], maxDeals: deals });
    await server.idle();
    const { tableId } = played;
    const commits = (await api.get<{ version: number }>(`/v1/tables/${tableId}/view`)).body.version;
    // What README "Deploy" uses for the cost per 1,000 deals (bot deals: every move also reads the state for the bot).
    const per = (n: number) => Math.round((n / deals) * 10) / 10;
    console.log(
      `DynamoDB per 4-bot Schafkopf deal (${deals} deals, version ${commits}): ` +
        `${per(calls.write)} writes = ${per(units.write)} WRU, ${per(calls.read)} reads = ${per(units.read)} RRU`,
    );
    expect((await api.get(`/v1/tables/${tableId}/events?after=0`, { token: played.organiserKey })).status).toBe(200);
    expect((await api.get(`/v1/tables/${tableId}/deals/1/record`, { token: played.organiserKey })).status).toBe(200);
    expect((await api.get(`/v1/tables/${tableId}/deals/1/fairness`)).status).toBe(200);
    // A table with open seats: listed in the lobby, joined, left, closed by its organiser.
    const open = await createTable(api, { variant: 'schafkopf', seats: 4 });
    expect((await api.get('/v1/tables')).status).toBe(200);
    const me = await join(api, open.tableId, 0);
    expect((await api.get(`/v1/tables/${open.tableId}/view`, { token: me.token })).status).toBe(200);
    expect((await api.del(`/v1/tables/${open.tableId}/seats/0`, { token: me.token })).status).toBeLessThan(300);
    expect((await api.post(`/v1/tables/${open.tableId}/close`, { token: open.organiserKey })).status).toBeLessThan(300);
    await server.idle();

    const dataActions = [...(used.get(server.runtime.settings.dataTable) ?? [])].sort();
    // Every call is granted …
    for (const action of dataActions) expect(tableAccess.events, action).toContain(action);
    // … and every grant is used (nothing granted "just in case").
    expect(dataActions).toEqual([...tableAccess.events].sort());
  });

  it('no DynamoDB call goes to a table other than DATA_TABLE and CONNECTIONS_TABLE', () => {
    const { dataTable, connectionsTable } = server.runtime.settings;
    for (const table of used.keys()) expect([dataTable, connectionsTable]).toContain(table);
  });
});
