import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import dynalite from 'dynalite';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dynamoClient, ensureTables } from '../../../functions/adapters/dynamodb/client.js';

/** dynalite in-process on a free port, with the tables infra/ defines; `stop()` frees everything. */
export async function startDynalite(): Promise<{ client: DynamoDBClient; stop: () => Promise<void> }> {
  const server: Server = dynalite({ createTableMs: 0 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  const client = dynamoClient(`http://127.0.0.1:${port}`);
  await ensureTables(client, 'data', 'connections');
  return {
    client,
    stop: async () => {
      client.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface CallCounter {
  /** Calls per command name (GetItemCommand, QueryCommand, PutItemCommand, …). */
  readonly calls: Map<string, number>;
  /** Consumed capacity units reported by the store, per command name. */
  readonly capacity: Map<string, number>;
  reset(): void;
  total(): number;
}

/** Count SDK calls and consumed capacity per command with a middleware on the client. */
export function countCalls(client: DynamoDBClient): CallCounter {
  const calls = new Map<string, number>();
  const capacity = new Map<string, number>();
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const name = context.commandName ?? 'unknown';
      calls.set(name, (calls.get(name) ?? 0) + 1);
      const out = await next(args);
      const consumed = (out.output as { ConsumedCapacity?: { CapacityUnits?: number } }).ConsumedCapacity;
      capacity.set(name, (capacity.get(name) ?? 0) + (consumed?.CapacityUnits ?? 0));
      return out;
    },
    { step: 'initialize', name: 'stammtischCallCounter' },
  );
  return {
    calls,
    capacity,
    reset: () => {
      calls.clear();
      capacity.clear();
    },
    total: () => [...calls.values()].reduce((a, b) => a + b, 0),
  };
}
