/**
 * Where the DynamoDB calls of a bot-only table come from (docs/performance.md "DynamoDB calls per move"):
 * `npx tsx bench/calls.ts [deals]`. Starts the local server in-process, plays 4-bot Schafkopf deals and prints the
 * calls per move by command and key kind. `--rest N` counts a REST drive's calls per move instead,
 * `--due N [--clock S]` the due work a table with one REST player and three bots hands the scheduler per deal.
 */
import { startLocal } from '../local/server.js';

const deals = Number(process.argv[2] ?? 3);
const server = await startLocal({ port: 0 });
const calls = new Map<string, number>();
let on = false;
server.client.middlewareStack.add(
  (next, context) => async (args) => {
    if (on) {
      const input = args.input as {
        Key?: { pk?: { S?: string }; sk?: { S?: string } };
        Item?: { pk?: { S?: string }; sk?: { S?: string } };
        IndexName?: string;
        KeyConditionExpression?: string;
        ExpressionAttributeValues?: Record<string, { S?: string }>;
      };
      const key = input.Key ?? input.Item;
      const shape = (s: string | undefined): string => (s ?? '').replace(/[0-9a-z]{8,}/g, '…').replace(/\d+/g, 'n');
      const what =
        key !== undefined
          ? `${shape(key.pk?.S)} ${shape(key.sk?.S)}`
          : `${input.IndexName ?? ''} ${input.KeyConditionExpression ?? ''} ${shape(input.ExpressionAttributeValues?.[':pk']?.S)}`;
      const frames = (new Error('at').stack ?? '')
        .split('\n')
        .filter((l) => l.includes('/functions/') && !l.includes('/adapters/'))
        .slice(0, 3)
        .map((l) => l.replace(/.*\/functions\/([^:]+):(\d+).*/, '$1:$2'))
        .join(' < ');
      const name = `${context.commandName} ${what}${process.env.CALLS_STACK !== undefined ? ` [${frames}]` : ''}`;
      calls.set(name, (calls.get(name) ?? 0) + 1);
    }
    return next(args);
  },
  { step: 'initialize', name: 'benchCalls' },
);
// `--rest N`: a human table driven as bench/server.ts's REST scenario does (GET view as spectator, GET view as the
// seat, POST the action), N moves; else a bot-only table playing `deals` deals.
const restMoves = process.argv.includes('--rest') ? Number(process.argv[process.argv.indexOf('--rest') + 1]) : 0;
const json = async <T>(path: string, method = 'GET', body?: unknown, token?: string): Promise<T> => {
  const r = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token !== undefined ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return (await r.json()) as T;
};
// `--due N`: N deals at a table of one REST player (seat 0, plays its first legal action) and three bots, `--clock S`
// with a turn clock of S seconds: the due work the table hands the scheduler per deal (each `table.progress` schedule
// or reminder is one due-queue message on AWS: infra/capacity.ts `dueMessagesPerDeal`).
const dueDeals = process.argv.includes('--due') ? Number(process.argv[process.argv.indexOf('--due') + 1]) : 0;
if (dueDeals > 0) {
  const clock = process.argv.includes('--clock') ? Number(process.argv[process.argv.indexOf('--clock') + 1]) : 0;
  const sent = new Map<string, number>();
  for (const method of ['schedule', 'remind'] as const) {
    const original = server.scheduler[method].bind(server.scheduler);
    server.scheduler[method] = async (work) => {
      if (on) {
        const what = `${method} ${work.kind}${work.at <= Date.now() ? ' (due now)' : ''}`;
        sent.set(what, (sent.get(what) ?? 0) + 1);
      }
      return original(work);
    };
  }
  const created = await json<{ tableId: string }>('/v1/tables', 'POST', {
    variant: 'schafkopf',
    seats: 4,
    bots: [1, 2, 3],
    maxDeals: dueDeals,
    ...(clock > 0 ? { clock: { turnSeconds: clock } } : {}),
  });
  const { seatToken } = await json<{ seatToken: string }>(`/v1/tables/${created.tableId}/seats`, 'POST', {
    seat: 0,
    name: 'p0',
  });
  await server.idle();
  type W = { version: number; view: { closed: boolean; legalActions: Record<string, unknown>[] } };
  on = true;
  for (let i = 0; i < 200 * dueDeals; i++) {
    const mine = await json<W>(`/v1/tables/${created.tableId}/view`, 'GET', undefined, seatToken);
    if (mine.view.closed) break;
    const action = mine.view.legalActions[0];
    if (action !== undefined)
      await json(`/v1/tables/${created.tableId}/actions`, 'POST', { action, expectedVersion: mine.version }, seatToken);
    await server.idle();
  }
  on = false;
  const commits = (await server.runtime.store.range(created.tableId, 1, 1e9)).length;
  console.log(`${dueDeals} deals, 1 REST player + 3 bots${clock > 0 ? `, ${clock} s clock` : ''}: ${commits} commits`);
  let all = 0;
  for (const [k, n] of [...sent].sort((a, b) => b[1] - a[1])) {
    all += n;
    console.log((n / dueDeals).toFixed(2).padStart(7), k, 'per deal');
  }
  console.log((all / dueDeals).toFixed(2).padStart(7), 'due-work messages per deal in all');
  await server.close();
  process.exit(0);
}
if (restMoves > 0) {
  const { tableId } = await json<{ tableId: string }>('/v1/tables', 'POST', { variant: 'schafkopf', seats: 4 });
  const tokens: string[] = [];
  // The joins' own calls (the first one reads the cold table; each is one conditional write and the lobby row).
  for (let seat = 0; seat < 4; seat++) {
    server.hold();
    on = true;
    tokens.push(
      (await json<{ seatToken: string }>(`/v1/tables/${tableId}/seats`, 'POST', { seat, name: `p${seat}` })).seatToken,
    );
    on = false;
    server.release();
    await server.idle();
  }
  console.log('4 joins (POST /seats, the request alone); calls per join:');
  for (const [k, n] of [...calls].sort((a, b) => b[1] - a[1])) console.log((n / 4).toFixed(2).padStart(6), k);
  calls.clear();
  type V = { version: number; view: { deal: { toAct: number[] } | null; legalActions: Record<string, unknown>[] } };
  // Warm up (the first moves read the cold head), then count.
  for (let i = 0; i < restMoves + 4; i++) {
    on = i >= 4;
    const spectator = await json<V>(`/v1/tables/${tableId}/view`);
    const seat = spectator.view.deal?.toAct[0];
    if (seat === undefined) break;
    const mine = await json<V>(`/v1/tables/${tableId}/view`, 'GET', undefined, tokens[seat]);
    await json(
      `/v1/tables/${tableId}/actions`,
      'POST',
      { action: mine.view.legalActions[0], expectedVersion: mine.version },
      tokens[seat],
    );
    await server.idle();
  }
  on = false;
  console.log(`${restMoves} REST moves (view, view, action); calls per move:`);
  for (const [k, n] of [...calls].sort((a, b) => b[1] - a[1])) console.log((n / restMoves).toFixed(2).padStart(6), k);
  await server.close();
  process.exit(0);
}
const res = await fetch(`${server.url}/v1/tables`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ variant: 'schafkopf', seats: 4, bots: [0, 1, 2, 3], maxDeals: deals }),
});
const { tableId } = (await res.json()) as { tableId: string };
on = true;
await server.idle();
on = false;
const head = await server.runtime.store.head(tableId);
const moves = (await server.runtime.store.range(tableId, 1, 1e9)).length;
console.log(`${deals} 4-bot deals: ${moves} commits (version ${head?.seq}); calls per commit:`);
for (const [k, n] of [...calls].sort((a, b) => b[1] - a[1])) console.log((n / moves).toFixed(2).padStart(6), k);
await server.close();
