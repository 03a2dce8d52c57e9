import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  PutItemCommand,
  ResourceNotFoundException,
  UpdateTableCommand,
} from '@aws-sdk/client-dynamodb';
import { createRequire } from 'node:module';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableDescriptionHits, tableDescriptionsCached } from '../../local/dynalite-table-cache-patch.js';
import { inProcessHandler } from '../../local/in-process-handler.js';

// dynalite itself, as local/server.ts starts it (the patch is imported above, before dynalite creates its store).
const dynalite = createRequire(import.meta.url)('dynalite') as (options: Record<string, unknown>) => Server;
let server: Server;
let client: DynamoDBClient;
beforeAll(async () => {
  server = dynalite({ createTableMs: 0, updateTableMs: 0, deleteTableMs: 0 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  client = new DynamoDBClient({
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    requestHandler: inProcessHandler(server),
  });
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const T = 'cachetest';
const settle = async (): Promise<void> => {
  for (let i = 0; i < 50; i++) {
    const d = await client.send(new DescribeTableCommand({ TableName: T }));
    if (d.Table?.TableStatus === 'ACTIVE') return;
    await new Promise((r) => setImmediate(r));
  }
};

describe("dynalite's table descriptions are read once and dropped on every catalogue write", () => {
  it('serves requests from the cache, and sees UpdateTable and DeleteTable at once', async () => {
    expect(tableDescriptionsCached()).toBe(true);
    await client.send(
      new CreateTableCommand({
        TableName: T,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
        KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
      }),
    );
    await settle();
    const hits = tableDescriptionHits();
    await client.send(new PutItemCommand({ TableName: T, Item: { pk: { S: 'a' }, g: { S: 'x' } } }));
    await client.send(new PutItemCommand({ TableName: T, Item: { pk: { S: 'b' }, g: { S: 'x' } } }));
    expect(tableDescriptionHits()).toBeGreaterThan(hits);
    // A capacity change by UpdateTable shows at once: a stale cached description would still say on-demand.
    await client.send(
      new UpdateTableCommand({
        TableName: T,
        BillingMode: 'PROVISIONED',
        ProvisionedThroughput: { ReadCapacityUnits: 7, WriteCapacityUnits: 3 },
      }),
    );
    await settle();
    const d = await client.send(new DescribeTableCommand({ TableName: T }));
    expect(d.Table?.ProvisionedThroughput?.ReadCapacityUnits).toBe(7);
    expect(d.Table?.BillingModeSummary?.BillingMode).toBe('PROVISIONED');
    // A mutated copy must not leak into the cache: two describes agree.
    expect((await client.send(new DescribeTableCommand({ TableName: T }))).Table?.TableStatus).toBe('ACTIVE');
    await client.send(new DeleteTableCommand({ TableName: T }));
    for (let i = 0; i < 50; i++) {
      try {
        await client.send(new DescribeTableCommand({ TableName: T }));
        await new Promise((r) => setImmediate(r));
      } catch {
        break;
      }
    }
    await expect(
      client.send(new PutItemCommand({ TableName: T, Item: { pk: { S: 'c' }, g: { S: 'y' } } })),
    ).rejects.toBeInstanceOf(ResourceNotFoundException);
  });
});
