import { type AttributeValue, type DynamoDBClient, UpdateItemCommand, paginateQuery } from '@aws-sdk/client-dynamodb';
import type { TableExpiry } from '../../ports/archive.js';

/** Updates in flight at once while expiring a table's items. */
const PARALLEL = 16;

/**
 * Expiring an archived table's items in the DATA_TABLE (functions/use-cases/archive.ts): every item of the table's
 * partition (`T#<id>`: commits, fences) but META, and its deal analyses (`AN#<id>`), get `expiresAt` — the stack's TTL
 * attribute (infra/stammtisch-stack.ts) — so DynamoDB removes them. META stays: the tombstone reads answer 410 from.
 * Items that already carry the time are skipped, so a second run writes nothing.
 */
export class DynamoTableExpiry implements TableExpiry {
  constructor(
    private readonly client: DynamoDBClient,
    private readonly tableName: string,
  ) {}

  async expire(tableId: string, at: number): Promise<number> {
    const keys: Record<string, AttributeValue>[] = [];
    for (const pk of [`T#${tableId}`, `AN#${tableId}`])
      for await (const page of paginateQuery(
        { client: this.client },
        {
          TableName: this.tableName,
          ReturnConsumedCapacity: 'TOTAL',
          KeyConditionExpression: 'pk = :pk',
          ProjectionExpression: 'pk, sk, expiresAt',
          ExpressionAttributeValues: { ':pk': { S: pk } },
        },
      ))
        for (const item of page.Items ?? [])
          if (item.sk?.S !== 'META' && item.expiresAt?.N !== String(at)) keys.push({ pk: item.pk!, sk: item.sk! });
    let next = 0;
    const lane = async (): Promise<void> => {
      while (next < keys.length) {
        const key = keys[next++]!;
        await this.client
          .send(
            new UpdateItemCommand({
              TableName: this.tableName,
              ReturnConsumedCapacity: 'TOTAL',
              Key: key,
              UpdateExpression: 'SET expiresAt = :at',
              // Never create an item a concurrent run or TTL already removed.
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeValues: { ':at': { N: String(at) } },
            }),
          )
          .catch((e: unknown) => {
            if (!(e instanceof Error && e.name === 'ConditionalCheckFailedException')) throw e;
          });
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, keys.length) }, lane));
    return keys.length;
  }
}
