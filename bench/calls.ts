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
