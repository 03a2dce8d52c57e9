import {
  ConditionalCheckFailedException,
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  type DynamoDBClientConfig,
  ResourceNotFoundException,
} from '@aws-sdk/client-dynamodb';

/** Run a conditional write: true when it was written, false when its condition failed; other errors propagate. */
export async function conditionalWrite(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (e) {
    if (e instanceof ConditionalCheckFailedException) return false;
    throw e;
  }
}

/**
 * A DynamoDB client; `endpoint` points it at dynalite locally, and `requestHandler` may hand its signed requests to
 * dynalite in process (local/in-process-handler.ts) instead of over loopback HTTP.
 */
export function dynamoClient(
  endpoint?: string,
  requestHandler?: DynamoDBClientConfig['requestHandler'],
): DynamoDBClient {
  return endpoint === undefined
    ? new DynamoDBClient({})
    : new DynamoDBClient({
        endpoint,
        region: 'local',
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        maxAttempts: 3,
        ...(requestHandler !== undefined ? { requestHandler } : {}),
      });
}

/** Create the two tables as infra/ defines them (local runtime and tests only). Idempotent. */
export async function ensureTables(client: DynamoDBClient, dataTable: string, connectionsTable: string): Promise<void> {
  const exists = async (name: string): Promise<boolean> => {
    try {
      await client.send(new DescribeTableCommand({ TableName: name }));
      return true;
    } catch (e) {
      if (e instanceof ResourceNotFoundException) return false;
      throw e;
    }
  };
  if (!(await exists(dataTable)))
    await client.send(
      new CreateTableCommand({
        TableName: dataTable,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [
          { AttributeName: 'pk', AttributeType: 'S' },
          { AttributeName: 'sk', AttributeType: 'S' },
          { AttributeName: 'dueBucket', AttributeType: 'S' },
          { AttributeName: 'dueAt', AttributeType: 'N' },
        ],
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
        // Due items by time bucket (due-work-store.ts). A data folder created before it has none (dynalite cannot add
        // an index): the due-work store reads such a folder with a scan instead.
        GlobalSecondaryIndexes: [
          {
            IndexName: 'byDue',
            KeySchema: [
              { AttributeName: 'dueBucket', KeyType: 'HASH' },
              { AttributeName: 'dueAt', KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'ALL' },
          },
        ],
      }),
    );
  if (!(await exists(connectionsTable)))
    await client.send(
      new CreateTableCommand({
        TableName: connectionsTable,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [
          { AttributeName: 'connectionId', AttributeType: 'S' },
          { AttributeName: 'tableId', AttributeType: 'S' },
        ],
        KeySchema: [{ AttributeName: 'connectionId', KeyType: 'HASH' }],
        GlobalSecondaryIndexes: [
          {
            IndexName: 'byTable',
            KeySchema: [
              { AttributeName: 'tableId', KeyType: 'HASH' },
              { AttributeName: 'connectionId', KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'ALL' },
          },
        ],
      }),
    );
  // CreateTable answers while the table is CREATING, and every read or write of it fails (ResourceNotFoundException)
  // until it is ACTIVE; dynalite turns it ACTIVE on a timer (`createTableMs`). The first read after start-up (the
  // local server heals standing items at once) must not race that timer.
  await Promise.all([dataTable, connectionsTable].map((name) => untilActive(client, name)));
}

/** Resolve once the table and its indexes are ACTIVE (DescribeTable, again after each timer turn). */
async function untilActive(client: DynamoDBClient, name: string): Promise<void> {
  for (let attempt = 0; attempt < 10_000; attempt++) {
    const { Table: table } = await client.send(new DescribeTableCommand({ TableName: name }));
    if (
      table?.TableStatus === 'ACTIVE' &&
      (table.GlobalSecondaryIndexes ?? []).every((i) => i.IndexStatus === 'ACTIVE')
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  throw new Error(`table ${name} did not become ACTIVE`);
}
