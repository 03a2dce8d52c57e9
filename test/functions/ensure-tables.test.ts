import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import dynalite from 'dynalite';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { dynamoClient, ensureTables } from '../../functions/adapters/dynamodb/client.js';

describe('ensureTables (functions/adapters/dynamodb/client.ts)', () => {
  it('bug: resolves only once both tables are ACTIVE, so a read right after it never meets a CREATING table', async () => {
    // dynalite answers CreateTable with a CREATING table and turns it ACTIVE after `createTableMs`; until then every
    // read fails with ResourceNotFoundException. A long delay makes the race the local server's first read lost (now
    // and then, in a warm process, with `createTableMs: 0`) certain.
    const server = dynalite({ createTableMs: 50 });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const client = dynamoClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    try {
      await ensureTables(client, 'data', 'connections');
      const data = await client.send(
        new GetItemCommand({ TableName: 'data', Key: { pk: { S: 'x' }, sk: { S: 'y' } } }),
      );
      expect(data.Item).toBeUndefined();
      const connections = await client.send(
        new GetItemCommand({ TableName: 'connections', Key: { connectionId: { S: 'x' } } }),
      );
      expect(connections.Item).toBeUndefined();
    } finally {
      client.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
