/**
 * Where the DynamoDB calls of a bot-only table come from (issue 15): `npx tsx bench/calls.ts [deals]`. Starts the
 * local server in-process, plays 4-bot Schafkopf deals and prints the calls per move by command and key kind.
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
