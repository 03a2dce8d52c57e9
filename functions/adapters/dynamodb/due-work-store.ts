import {
  type AttributeValue,
  DeleteItemCommand,
  type DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  paginateQuery,
} from '@aws-sdk/client-dynamodb';
import type { DueWork, DueWorkStore } from '../../ports/due-work.js';
import { conditionalWrite } from './client.js';

/**
 * Due work in the DATA_TABLE: pk `DUE`, sk `<kind>#<key>`, attributes `at` (N), `pv` (N, the pinned version),
 * `p` (S, JSON payload). One conditional write per schedule; the local scheduler lists the partition at start-up.
 * (One partition: fine for the local runtime and for thousands of items; on AWS the SQS queue carries delivery and
 * this item is the durable record a delivery checks.)
 */
export class DynamoDueWorkStore implements DueWorkStore {
  constructor(
    private readonly client: DynamoDBClient,
    private readonly tableName: string,
  ) {}

  async put(work: DueWork): Promise<boolean> {
    const pinned = work.pinnedVersion !== undefined;
    return conditionalWrite(
      this.client.send(
        new PutItemCommand({
          TableName: this.tableName,
          ReturnConsumedCapacity: 'TOTAL',
          Item: toItem(work),
          // A pinned item never replaces one pinned to a newer version (a later decision already stands).
          ...(pinned
            ? {
                ConditionExpression: 'attribute_not_exists(sk) OR attribute_not_exists(pv) OR pv <= :pv',
                ExpressionAttributeValues: { ':pv': { N: String(work.pinnedVersion) } },
              }
            : {}),
        }),
      ),
    );
  }

  async remove(work: DueWork): Promise<void> {
    await conditionalWrite(
      this.client.send(
        new DeleteItemCommand({
          TableName: this.tableName,
          ReturnConsumedCapacity: 'TOTAL',
          Key: key(work.kind, work.key),
          ConditionExpression:
            work.pinnedVersion !== undefined ? '#at = :at AND pv = :pv' : '#at = :at AND attribute_not_exists(pv)',
          ExpressionAttributeNames: { '#at': 'at' },
          ExpressionAttributeValues: {
            ':at': { N: String(work.at) },
            ...(work.pinnedVersion !== undefined ? { ':pv': { N: String(work.pinnedVersion) } } : {}),
          },
        }),
      ),
    );
  }

  async get(kind: string, k: string): Promise<DueWork | undefined> {
    const out = await this.client.send(
      new GetItemCommand({
        TableName: this.tableName,
        ReturnConsumedCapacity: 'TOTAL',
        Key: key(kind, k),
        ConsistentRead: true,
      }),
    );
    return out.Item === undefined ? undefined : fromItem(out.Item);
  }

  async list(): Promise<readonly DueWork[]> {
    const items: DueWork[] = [];
    for await (const page of paginateQuery(
      { client: this.client },
      {
        TableName: this.tableName,
        ReturnConsumedCapacity: 'TOTAL',
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': { S: 'DUE' } },
        ConsistentRead: true,
      },
    )) {
      for (const item of page.Items ?? []) items.push(fromItem(item));
    }
    return items;
  }
}

const key = (kind: string, k: string): Record<string, AttributeValue> => ({
  pk: { S: 'DUE' },
  sk: { S: `${kind}#${k}` },
});

function toItem(work: DueWork): Record<string, AttributeValue> {
  return {
    ...key(work.kind, work.key),
    kind: { S: work.kind },
    key: { S: work.key },
    at: { N: String(work.at) },
    ...(work.pinnedVersion !== undefined ? { pv: { N: String(work.pinnedVersion) } } : {}),
    ...(work.payload !== undefined ? { p: { S: JSON.stringify(work.payload) } } : {}),
  };
}

function fromItem(item: Record<string, AttributeValue>): DueWork {
  return {
    at: Number(item.at?.N ?? '0'),
    kind: item.kind?.S ?? '',
    key: item.key?.S ?? '',
    ...(item.pv?.N !== undefined ? { pinnedVersion: Number(item.pv.N) } : {}),
    ...(item.p?.S !== undefined ? { payload: JSON.parse(item.p.S) as unknown } : {}),
  };
}
