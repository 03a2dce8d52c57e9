import { type DynamoDBClient, GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import type { KeyValue } from './game.js';

/**
 * Adapter state (which channel runs which table, which user holds which seat token) for serverless adapters: one
 * item per key in the data table under `CHAT#<platform>#<key>` / `KV` — next to, never inside, a table's items.
 * Seat tokens are secrets: the items live in the same encrypted table as the token hashes, readable by the adapter's
 * function only.
 */
export class DynamoKeyValue implements KeyValue {
  constructor(
    private readonly client: DynamoDBClient,
    private readonly tableName: string,
    private readonly platform: string,
  ) {}

  async get(key: string): Promise<string | undefined> {
    const out = await this.client.send(
      new GetItemCommand({
        TableName: this.tableName,
        Key: { pk: { S: `CHAT#${this.platform}#${key}` }, sk: { S: 'KV' } },
        ConsistentRead: true,
      }),
    );
    return out.Item?.v?.S;
  }

  async put(key: string, value: string): Promise<void> {
    await this.client.send(
      new PutItemCommand({
        TableName: this.tableName,
        Item: { pk: { S: `CHAT#${this.platform}#${key}` }, sk: { S: 'KV' }, v: { S: value } },
      }),
    );
  }
}
