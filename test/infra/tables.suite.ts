import { DescribeTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDynalite } from '../support/functions/dynalite.js';
import { logicalId, synthesize } from './support.js';

// The local runtime and the tests create the tables with ensureTables (functions/adapters/dynamodb/client.ts); AWS
// gets them from the CDK stack. Both must define the same keys and index, or code tested locally fails deployed.

let client: DynamoDBClient;
let stop: () => Promise<void>;
let template: Template;

beforeAll(async () => {
  ({ client, stop } = await startDynalite());
  ({ template } = synthesize({}, { bundle: false }));
});
afterAll(async () => {
  await stop();
});

interface KeyElement {
  AttributeName?: string;
  KeyType?: string;
}
interface Definition {
  keys: KeyElement[];
  attributes: { AttributeName?: string; AttributeType?: string }[];
  indexes: { IndexName?: string; KeySchema?: KeyElement[]; Projection?: { ProjectionType?: string } }[];
  billing: string | undefined;
}

const byName = <T extends { AttributeName?: string }>(xs: T[]): T[] =>
  [...xs].sort((a, b) => String(a.AttributeName).localeCompare(String(b.AttributeName)));

async function local(name: string): Promise<Definition> {
  const { Table } = await client.send(new DescribeTableCommand({ TableName: name }));
  return {
    keys: (Table?.KeySchema ?? []).map((k) => ({ AttributeName: k.AttributeName, KeyType: k.KeyType })),
    attributes: byName(
      (Table?.AttributeDefinitions ?? []).map((a) => ({
        AttributeName: a.AttributeName,
        AttributeType: a.AttributeType,
      })),
    ),
    indexes: (Table?.GlobalSecondaryIndexes ?? []).map((i) => ({
      IndexName: i.IndexName,
      KeySchema: (i.KeySchema ?? []).map((k) => ({ AttributeName: k.AttributeName, KeyType: k.KeyType })),
      Projection: { ProjectionType: i.Projection?.ProjectionType },
    })),
    billing: Table?.BillingModeSummary?.BillingMode,
  };
}

function deployed(prefix: string): Definition {
  const p = template.toJSON().Resources[logicalId(template, 'AWS::DynamoDB::Table', prefix)].Properties as {
    KeySchema: KeyElement[];
    AttributeDefinitions: Definition['attributes'];
    GlobalSecondaryIndexes?: Definition['indexes'];
    BillingMode: string;
  };
  return {
    keys: p.KeySchema,
    attributes: byName(p.AttributeDefinitions),
    indexes: p.GlobalSecondaryIndexes ?? [],
    billing: p.BillingMode,
  };
}

describe('the deployed tables match the local ones', () => {
  it('DATA_TABLE', async () => {
    expect(deployed('DataTable')).toEqual(await local('data'));
  });

  it('CONNECTIONS_TABLE (with the byTable index)', async () => {
    const connections = await local('connections');
    expect(connections.indexes.map((i) => i.IndexName)).toEqual(['byTable']);
    expect(deployed('ConnectionsTable')).toEqual(connections);
  });
});
