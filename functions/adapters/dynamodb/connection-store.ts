import {
  type AttributeValue,
  ConditionalCheckFailedException,
  DeleteItemCommand,
  type DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  paginateQuery,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import { conditionalWrite } from './client.js';
import type { Connection, ConnectionStore, Principal, SubscriptionAudience } from '../../ports/connections.js';

/**
 * Connections on CONNECTIONS_TABLE: partition key `connectionId`, sparse GSI `byTable` (`tableId`, `connectionId`)
 * holding only subscribed rows, TTL attribute `expiresAt` (epoch seconds). Attributes: `authTableId`, `kind`,
 * `seat`, `tokenHash` (sha256 of the bearer secret, never the secret), `audience`, `endpoint`, `connectedAt`.
 */
export class DynamoConnectionStore implements ConnectionStore {
  constructor(
    private readonly client: DynamoDBClient,
    private readonly tableName: string,
  ) {}

  async put(connection: Connection): Promise<void> {
    await this.client.send(new PutItemCommand({ TableName: this.tableName, Item: toItem(connection) }));
  }

  async get(connectionId: string): Promise<Connection | undefined> {
    const out = await this.client.send(
      new GetItemCommand({
        TableName: this.tableName,
        Key: { connectionId: { S: connectionId } },
        ConsistentRead: true,
      }),
    );
    return out.Item === undefined ? undefined : fromItem(out.Item);
  }

  async subscribe(connectionId: string, tableId: string, audience: SubscriptionAudience): Promise<boolean> {
    return conditionalWrite(
      this.client.send(
        new UpdateItemCommand({
          TableName: this.tableName,
          Key: { connectionId: { S: connectionId } },
          UpdateExpression: 'SET tableId = :t, audience = :a',
          // Only a row $connect wrote: a subscribe racing with $disconnect must not resurrect a dead connection.
          ConditionExpression: 'attribute_exists(connectionId)',
          ExpressionAttributeValues: { ':t': { S: tableId }, ':a': { S: audience } },
        }),
      ),
    );
  }

  async unsubscribe(connectionId: string): Promise<Connection | undefined> {
    try {
      const out = await this.client.send(
        new UpdateItemCommand({
          TableName: this.tableName,
          Key: { connectionId: { S: connectionId } },
          // Removing `tableId` takes the row out of the sparse byTable index.
          UpdateExpression: 'REMOVE tableId, audience',
          ConditionExpression: 'attribute_exists(connectionId)',
          // The row before: presence learns which seat's subscription ended (no extra read).
          ReturnValues: 'ALL_OLD',
        }),
      );
      return out.Attributes === undefined ? undefined : fromItem(out.Attributes);
    } catch (e) {
      if (e instanceof ConditionalCheckFailedException) return undefined;
      throw e;
    }
  }

  async remove(connectionId: string): Promise<Connection | undefined> {
    const out = await this.client.send(
      new DeleteItemCommand({
        TableName: this.tableName,
        Key: { connectionId: { S: connectionId } },
        ReturnValues: 'ALL_OLD',
      }),
    );
    return out.Attributes === undefined ? undefined : fromItem(out.Attributes);
  }

  async byTable(tableId: string, nowSeconds: number): Promise<readonly Connection[]> {
    const out: Connection[] = [];
    for await (const page of paginateQuery(
      { client: this.client },
      {
        TableName: this.tableName,
        IndexName: 'byTable',
        KeyConditionExpression: 'tableId = :t',
        // TTL deletes lazily (up to days later): an expired row is a closed connection, skip it.
        FilterExpression: 'expiresAt > :now',
        ExpressionAttributeValues: { ':t': { S: tableId }, ':now': { N: String(nowSeconds) } },
      },
    )) {
      for (const item of page.Items ?? []) out.push(fromItem(item));
    }
    return out;
  }
}

function toItem(c: Connection): Record<string, AttributeValue> {
  const p = c.principal;
  return {
    connectionId: { S: c.connectionId },
    authTableId: { S: c.authTableId },
    kind: { S: p.kind },
    ...(p.kind === 'seat' ? { seat: { N: String(p.seat) } } : {}),
    ...(p.tokenHash !== undefined ? { tokenHash: { S: p.tokenHash } } : {}),
    ...(c.tableId !== undefined ? { tableId: { S: c.tableId } } : {}),
    ...(c.audience !== undefined ? { audience: { S: c.audience } } : {}),
    endpoint: { S: c.endpoint },
    connectedAt: { N: String(c.connectedAt) },
    expiresAt: { N: String(c.expiresAt) },
  };
}

function fromItem(item: Record<string, AttributeValue>): Connection {
  const kind = item.kind?.S;
  const tokenHash = item.tokenHash?.S;
  const principal: Principal =
    kind === 'seat'
      ? { kind: 'seat', seat: Number(item.seat?.N ?? -1), tokenHash: tokenHash ?? '' }
      : kind === 'organiser'
        ? { kind: 'organiser', tokenHash: tokenHash ?? '' }
        : tokenHash === undefined
          ? { kind: 'spectator' }
          : { kind: 'spectator', tokenHash };
  const audience = item.audience?.S as SubscriptionAudience | undefined;
  return {
    connectionId: item.connectionId?.S ?? '',
    authTableId: item.authTableId?.S ?? '',
    principal,
    ...(item.tableId?.S !== undefined ? { tableId: item.tableId.S } : {}),
    ...(audience !== undefined ? { audience } : {}),
    endpoint: item.endpoint?.S ?? '',
    connectedAt: Number(item.connectedAt?.N ?? 0),
    expiresAt: Number(item.expiresAt?.N ?? 0),
  };
}
