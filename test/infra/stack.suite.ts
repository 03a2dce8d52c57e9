import { Token } from 'aws-cdk-lib';
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { lazyCredentialProviders } from '../../infra/constructs/bundling.js';
import { webSocketActions, type StammtischStack } from '../../infra/stammtisch-stack.js';
import { defaultLoad, sizing } from '../../infra/capacity.js';
import { sha256 } from '../../functions/crypto/secrets.js';
import { ACTIONS } from '../../functions/ws/protocol.js';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { isCommitItem } from '../../functions/adapters/dynamodb/table-store.js';
import { isTournamentCommitItem } from '../../functions/adapters/dynamodb/tournament-store.js';
import { actionsOf, logicalId, policyStatements, resourcesOf, statementsOfFunction, synthesize } from './support.js';

// One synthesis for the file: bundling the three functions takes seconds.
let stack: StammtischStack;
let template: Template;
let outdir: string;
let ids: {
  data: string;
  connections: string;
  http: string;
  ws: string;
  stream: string;
  due: string;
  dueQueue: string;
  dueDlq: string;
  archive: string;
  wsApi: string;
  httpApi: string;
  /** The `live` alias of each function: what every integration, event source and schedule invokes. */
  live: Record<'http' | 'ws' | 'stream' | 'due', string>;
};
const keyHash = sha256('test-api-key');

beforeAll(() => {
  ({ stack, template, outdir } = synthesize({ apiKeyHashes: keyHash }));
  ids = {
    data: logicalId(template, 'AWS::DynamoDB::Table', 'DataTable'),
    connections: logicalId(template, 'AWS::DynamoDB::Table', 'ConnectionsTable'),
    http: logicalId(template, 'AWS::Lambda::Function', 'HttpFunction'),
    ws: logicalId(template, 'AWS::Lambda::Function', 'WsFunction'),
    stream: logicalId(template, 'AWS::Lambda::Function', 'StreamFunction'),
    due: logicalId(template, 'AWS::Lambda::Function', 'DueFunction'),
    dueQueue: logicalId(template, 'AWS::SQS::Queue', 'DueQueue'),
    dueDlq: logicalId(template, 'AWS::SQS::Queue', 'DueDeadLetterQueue'),
    archive: logicalId(template, 'AWS::S3::Bucket', 'TableArchiveBucket'),
    wsApi: logicalId(template, 'AWS::ApiGatewayV2::Api', 'WebSocketApi'),
    httpApi: logicalId(template, 'AWS::ApiGatewayV2::Api', 'HttpApi'),
    live: { http: '', ws: '', stream: '', due: '' },
  };
  const aliases = template.findResources('AWS::Lambda::Alias') as Record<
    string,
    { Properties: { FunctionName: { Ref: string }; Name: string } }
  >;
  for (const key of ['http', 'ws', 'stream', 'due'] as const) {
    const alias = Object.entries(aliases).find(([, a]) => a.Properties.FunctionName.Ref === ids[key]);
    ids.live[key] = alias?.[0] ?? `no alias of ${ids[key]}`;
  }
});

describe('the stack', () => {
  it('is environment-agnostic and needs no lookups, so synth runs offline', () => {
    expect(Token.isUnresolved(stack.account)).toBe(true);
    expect(Token.isUnresolved(stack.region)).toBe(true);
    // A context lookup would leave a "missing" entry for the CLI to resolve against an account.
    expect(stack.node.metadata.filter((m) => m.type === 'aws:cdk:missing')).toEqual([]);
  });

  it('creates exactly the resources of the design, with generated names', () => {
    const counts: Record<string, number> = {};
    for (const r of Object.values(template.toJSON().Resources as Record<string, { Type: string }>))
      counts[r.Type] = (counts[r.Type] ?? 0) + 1;
    expect(counts).toEqual({
      'AWS::DynamoDB::Table': 2,
      'AWS::Lambda::Function': 4,
      // One per function, one access log per API stage.
      'AWS::Logs::LogGroup': 6,
      // The functions' roles, CodeDeploy's per deployment group, AWS Backup's for the selection.
      'AWS::IAM::Role': 9,
      'AWS::IAM::Policy': 4,
      'AWS::ApiGatewayV2::Api': 2,
      'AWS::ApiGatewayV2::Stage': 2,
      // HTTP: ANY /v1/{proxy+}; WebSocket: $connect, $disconnect, $default + 6 actions.
      'AWS::ApiGatewayV2::Route': 10,
      'AWS::ApiGatewayV2::Integration': 10,
      // … + the sweep rule invoking the due function.
      'AWS::Lambda::Permission': 11,
      // DATA_TABLE stream → stream function; due queue → due function.
      'AWS::Lambda::EventSourceMapping': 2,
      // Fan-out DLQ, due queue, due DLQ.
      'AWS::SQS::Queue': 3,
      'AWS::SQS::QueuePolicy': 3,
      'AWS::Events::Rule': 1,
      'AWS::SNS::Topic': 1,
      // TLS only.
      'AWS::SNS::TopicPolicy': 1,
      // Errors, throttles and p99 duration for 4 functions, stream iterator age, two dead-letter queues, REST 5xx,
      // WebSocket integration errors and internal error frames, DynamoDB throttles on both tables; the live alias's
      // errors per function (they roll a canary back).
      'AWS::CloudWatch::Alarm': 24,
      // Safe deploys (infra/constructs/safe-deploy.ts): a version and a `live` alias per function, shifted by CodeDeploy.
      'AWS::Lambda::Version': 4,
      'AWS::Lambda::Alias': 4,
      'AWS::CodeDeploy::Application': 1,
      'AWS::CodeDeploy::DeploymentGroup': 4,
      // Backups (infra/constructs/data-backup.ts): a vault, a daily plan, its selection of the event table.
      'AWS::Backup::BackupVault': 1,
      'AWS::Backup::BackupPlan': 1,
      'AWS::Backup::BackupSelection': 1,
      'AWS::CloudWatch::Dashboard': 1,
      // Closed tables' archive (infra/constructs/table-archive.ts), TLS only.
      'AWS::S3::Bucket': 1,
      'AWS::S3::BucketPolicy': 1,
    });
    const nameProperty: Record<string, string> = {
      'AWS::DynamoDB::Table': 'TableName',
      'AWS::Lambda::Function': 'FunctionName',
      'AWS::Logs::LogGroup': 'LogGroupName',
      'AWS::IAM::Role': 'RoleName',
      'AWS::SQS::Queue': 'QueueName',
      'AWS::SNS::Topic': 'TopicName',
      'AWS::CloudWatch::Alarm': 'AlarmName',
    };
    const resources = template.toJSON().Resources as Record<string, { Type: string; Properties?: object }>;
    for (const [id, r] of Object.entries(resources)) {
      const key = nameProperty[r.Type];
      // (API Gateway requires a Name; CDK uses the construct id, which need not be unique.)
      if (key === undefined) continue;
      expect(r.Properties ?? {}, `${id}.${key}`).not.toHaveProperty(key);
    }
  });
});

describe('tables', () => {
  it('DATA_TABLE: pk/sk strings, on-demand, TTL on expiresAt (archived tables), NEW_IMAGE stream, PITR, retained', () => {
    template.hasResource('AWS::DynamoDB::Table', {
      Properties: {
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
        AttributeDefinitions: [
          { AttributeName: 'pk', AttributeType: 'S' },
          { AttributeName: 'sk', AttributeType: 'S' },
          { AttributeName: 'dueBucket', AttributeType: 'S' },
          { AttributeName: 'dueAt', AttributeType: 'N' },
        ],
        // Due items by time bucket (functions/adapters/dynamodb/due-work-store.ts): the sweep's parallel pages.
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
        BillingMode: 'PAY_PER_REQUEST',
        TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
        StreamSpecification: { StreamViewType: 'NEW_IMAGE' },
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      },
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
    });
  });

  it('CONNECTIONS_TABLE: connectionId key, byTable index (tableId, connectionId), TTL, PITR, no stream, deleted', () => {
    const table = template.toJSON().Resources[ids.connections];
    expect(table.DeletionPolicy).toBe('Delete');
    expect(table.Properties).toEqual({
      KeySchema: [{ AttributeName: 'connectionId', KeyType: 'HASH' }],
      AttributeDefinitions: [
        { AttributeName: 'connectionId', AttributeType: 'S' },
        { AttributeName: 'tableId', AttributeType: 'S' },
      ],
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
      BillingMode: 'PAY_PER_REQUEST',
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      Tags: [
        { Key: 'project', Value: 'stammtisch' },
        { Key: 'stage', Value: 'dev' },
      ],
    });
  });
});

describe('functions', () => {
  it('every function: ARM64, Node.js 24, ESM bundle handler, JSON logs into its own log group with retention', () => {
    const functions = template.findResources('AWS::Lambda::Function');
    expect(Object.keys(functions).sort()).toEqual([ids.http, ids.stream, ids.ws, ids.due].sort());
    const logGroups = template.findResources('AWS::Logs::LogGroup');
    const used = new Set<string>();
    for (const [id, fn] of Object.entries(functions) as [string, { Properties: Record<string, unknown> }][]) {
      const p = fn.Properties;
      expect(p.Architectures, id).toEqual(['arm64']);
      expect(p.Runtime, id).toBe('nodejs24.x');
      expect(p.Handler, id).toBe('index.handler');
      const logging = p.LoggingConfig as { LogFormat: string; LogGroup: { Ref: string } };
      expect(logging.LogFormat, id).toBe('JSON');
      const group = logGroups[logging.LogGroup.Ref] as { Properties: { RetentionInDays: number } } | undefined;
      expect(group?.Properties.RetentionInDays, id).toBe(30);
      used.add(logging.LogGroup.Ref);
    }
    expect(used.size).toBe(4);
  });

  it('the environment names functions/shared/config.ts reads, per function only what it needs', () => {
    const env = (id: string) =>
      (template.toJSON().Resources[id].Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    const wsEndpoint = {
      'Fn::Join': [
        '',
        [
          'https://',
          { Ref: ids.wsApi },
          '.execute-api.',
          { Ref: 'AWS::Region' },
          '.',
          { Ref: 'AWS::URLSuffix' },
          '/live',
        ],
      ],
    };
    expect(env(ids.http)).toEqual({
      APP_VERSION: '1.2.3',
      API_KEY_HASHES: keyHash,
      DATA_TABLE: { Ref: ids.data },
      CONNECTIONS_TABLE: { Ref: ids.connections },
      // A tournament's round 1 start goes on the due queue when it is created.
      DUE_QUEUE_URL: { Ref: ids.dueQueue },
    });
    expect(env(ids.ws)).toEqual({
      APP_VERSION: '1.2.3',
      API_KEY_HASHES: keyHash,
      DATA_TABLE: { Ref: ids.data },
      CONNECTIONS_TABLE: { Ref: ids.connections },
      WS_MANAGEMENT_ENDPOINT: wsEndpoint,
      DUE_QUEUE_URL: { Ref: ids.dueQueue },
    });
    expect(env(ids.stream)).toEqual({
      APP_VERSION: '1.2.3',
      DATA_TABLE: { Ref: ids.data },
      CONNECTIONS_TABLE: { Ref: ids.connections },
      WS_MANAGEMENT_ENDPOINT: wsEndpoint,
      DUE_QUEUE_URL: { Ref: ids.dueQueue },
    });
    expect(env(ids.due)).toEqual({
      APP_VERSION: '1.2.3',
      DATA_TABLE: { Ref: ids.data },
      DUE_QUEUE_URL: { Ref: ids.dueQueue },
      CONNECTIONS_TABLE: { Ref: ids.connections },
      // Closed tables are archived here (docs/operations.md).
      ARCHIVE_BUCKET: { Ref: ids.archive },
    });
  });
});

describe('least privilege', () => {
  it('no statement grants a wildcard action; only actions without a resource-level form have Resource *', () => {
    for (const { policy, statement } of policyStatements(template)) {
      for (const action of actionsOf(statement)) expect(action, policy).not.toMatch(/\*/);
      if (resourcesOf(statement).includes('*'))
        for (const action of actionsOf(statement))
          expect(['dynamodb:ListStreams', 'xray:PutTelemetryRecords', 'xray:PutTraceSegments'], policy).toContain(
            action,
          );
    }
  });

  it('every function writes to its own log group only (no AWSLambdaBasicExecutionRole) and sends X-Ray traces', () => {
    for (const fn of [ids.http, ids.ws, ids.stream]) {
      const all = statementsOfFunction(template, fn, true);
      const props = template.toJSON().Resources[fn].Properties as {
        LoggingConfig: { LogGroup: { Ref: string } };
        TracingConfig: unknown;
      };
      const group = props.LoggingConfig.LogGroup.Ref;
      expect(all, fn).toContainEqual({
        Effect: 'Allow',
        Action: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        Resource: [
          { 'Fn::GetAtt': [group, 'Arn'] },
          { 'Fn::Join': ['', [{ 'Fn::GetAtt': [group, 'Arn'] }, ':log-stream:*']] },
        ],
      });
      // (The stream function's policy merges these with dynamodb:ListStreams, which has no resource form either.)
      const xray = all.find((st) => actionsOf(st).includes('xray:PutTraceSegments'));
      expect(xray, fn).toMatchObject({ Effect: 'Allow', Resource: '*' });
      expect(actionsOf(xray!)).toContain('xray:PutTelemetryRecords');
      expect(props.TracingConfig).toEqual({ Mode: 'Active' });
    }
    // Only the service roles of CodeDeploy and AWS Backup carry their AWS-managed policies; no function role does.
    for (const [id, role] of Object.entries(template.findResources('AWS::IAM::Role'))) {
      const managed = JSON.stringify(
        (role as { Properties: { ManagedPolicyArns?: unknown } }).Properties.ManagedPolicyArns ?? [],
      );
      if (/Deploys|Backup/.test(id))
        expect(managed, id).toMatch(/AWSCodeDeployRoleForLambdaLimited|AWSBackupServiceRolePolicyForBackup/);
      else expect(managed, id).toBe('[]');
    }
  });

  it('no function may Scan, batch-write or touch table administration', () => {
    const forbidden = /^dynamodb:(Scan|BatchWriteItem|CreateTable|DeleteTable|UpdateTable|PartiQL.*)$/;
    for (const { policy, statement } of policyStatements(template))
      for (const action of actionsOf(statement)) expect(action, policy).not.toMatch(forbidden);
  });

  it('the REST function reads and writes DATA_TABLE, reads presence rows (GetItem, no index) and sends due work (a tournament start), nothing else', () => {
    expect(statementsOfFunction(template, ids.http)).toEqual([
      {
        Effect: 'Allow',
        Action: ['dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query'],
        Resource: { 'Fn::GetAtt': [ids.data, 'Arn'] },
      },
      { Effect: 'Allow', Action: 'dynamodb:GetItem', Resource: { 'Fn::GetAtt': [ids.connections, 'Arn'] } },
      { Effect: 'Allow', Action: 'sqs:SendMessage', Resource: { 'Fn::GetAtt': [ids.dueQueue, 'Arn'] } },
    ]);
  });

  it('the WebSocket function: play on DATA_TABLE, its connection and presence rows, ManageConnections on its own API stage only, send due work (grace periods)', () => {
    const statements = statementsOfFunction(template, ids.ws);
    expect(statements).toHaveLength(4);
    expect(statements).toContainEqual({
      Effect: 'Allow',
      Action: 'sqs:SendMessage',
      Resource: { 'Fn::GetAtt': [ids.dueQueue, 'Arn'] },
    });
    expect(statements).toContainEqual({
      Effect: 'Allow',
      Action: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query'],
      Resource: { 'Fn::GetAtt': [ids.data, 'Arn'] },
    });
    expect(statements).toContainEqual({
      Effect: 'Allow',
      Action: ['dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query', 'dynamodb:UpdateItem'],
      Resource: [
        { 'Fn::GetAtt': [ids.connections, 'Arn'] },
        { 'Fn::Join': ['', [{ 'Fn::GetAtt': [ids.connections, 'Arn'] }, '/index/*']] },
      ],
    });
    expect(statements).toContainEqual(manageConnectionsOfOwnApi());
  });

  it('the stream function: stream read, progress (bots, due items, the webhook outbox), fan-out on connections, ManageConnections, its DLQ, send due work', () => {
    const statements = statementsOfFunction(template, ids.stream);
    const queue = logicalId(template, 'AWS::SQS::Queue', 'FanOutDeadLetterQueue');
    expect(statements).toHaveLength(7);
    // Webhook pumps (queue cursor and lease: UpdateItem) run in the due function, never in the stream's.
    expect(statementsOfFunction(template, ids.due)).toContainEqual({
      Effect: 'Allow',
      Action: 'dynamodb:UpdateItem',
      Resource: { 'Fn::GetAtt': [ids.data, 'Arn'] },
    });
    expect(statements).toEqual(
      expect.arrayContaining([
        {
          Effect: 'Allow',
          Action: ['dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query'],
          Resource: { 'Fn::GetAtt': [ids.data, 'Arn'] },
        },
        { Effect: 'Allow', Action: 'sqs:SendMessage', Resource: { 'Fn::GetAtt': [ids.dueQueue, 'Arn'] } },
        {
          Effect: 'Allow',
          Action: ['dynamodb:DeleteItem', 'dynamodb:Query', 'dynamodb:UpdateItem'],
          Resource: [
            { 'Fn::GetAtt': [ids.connections, 'Arn'] },
            { 'Fn::Join': ['', [{ 'Fn::GetAtt': [ids.connections, 'Arn'] }, '/index/*']] },
          ],
        },
        manageConnectionsOfOwnApi(),
        {
          Effect: 'Allow',
          Action: ['sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:SendMessage'],
          Resource: { 'Fn::GetAtt': [queue, 'Arn'] },
        },
        {
          Effect: 'Allow',
          Action: ['dynamodb:ListStreams', 'xray:PutTelemetryRecords', 'xray:PutTraceSegments'],
          Resource: '*',
        },
        {
          Effect: 'Allow',
          Action: ['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator'],
          Resource: { 'Fn::GetAtt': [ids.data, 'StreamArn'] },
        },
      ]),
    );
  });

  it('execute-api permissions exist only for the WebSocket and stream functions, never on * or another API', () => {
    const holders = new Set<string>();
    for (const { policy, statement } of policyStatements(template)) {
      if (!actionsOf(statement).some((a) => a.startsWith('execute-api:'))) continue;
      holders.add(policy);
      expect(statement).toEqual(manageConnectionsOfOwnApi());
    }
    expect([...holders].sort()).toEqual(
      [
        logicalId(template, 'AWS::IAM::Policy', 'WsFunctionRoleDefaultPolicy'),
        logicalId(template, 'AWS::IAM::Policy', 'StreamFunctionRoleDefaultPolicy'),
      ].sort(),
    );
  });

  it('the due function: progress and the webhook queues on DATA_TABLE, receive/delete on its queue, send (hops) to it, nothing else', () => {
    const statements = statementsOfFunction(template, ids.due);
    expect(statements).toEqual([
      {
        Effect: 'Allow',
        Action: ['dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query'],
        // The sweep reads the `byDue` index (due items by time bucket); no other function may.
        Resource: [
          { 'Fn::GetAtt': [ids.data, 'Arn'] },
          { 'Fn::Join': ['', [{ 'Fn::GetAtt': [ids.data, 'Arn'] }, '/index/byDue']] },
        ],
      },
      // The webhook outbox's pumps: queue cursor and lease.
      { Effect: 'Allow', Action: 'dynamodb:UpdateItem', Resource: { 'Fn::GetAtt': [ids.data, 'Arn'] } },
      {
        Effect: 'Allow',
        Action: [
          'sqs:ChangeMessageVisibility',
          'sqs:DeleteMessage',
          'sqs:GetQueueAttributes',
          'sqs:GetQueueUrl',
          'sqs:ReceiveMessage',
          'sqs:SendMessage',
        ],
        Resource: { 'Fn::GetAtt': [ids.dueQueue, 'Arn'] },
      },
      // The grace period checks the seat's presence row.
      { Effect: 'Allow', Action: 'dynamodb:GetItem', Resource: { 'Fn::GetAtt': [ids.connections, 'Arn'] } },
      // Archiving a closed table: one object under tables/, nothing else in the bucket.
      {
        Effect: 'Allow',
        Action: 's3:PutObject',
        Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [ids.archive, 'Arn'] }, '/tables/*']] },
      },
    ]);
    // Only the stream, WebSocket (grace periods) and due functions may send due work, and the REST function (a
    // tournament's round 1 start).
    const senders = policyStatements(template)
      .filter(({ statement }) => actionsOf(statement).includes('sqs:SendMessage'))
      .filter(({ statement }) => JSON.stringify(statement.Resource).includes(ids.dueQueue))
      .map(({ policy }) => policy)
      .sort();
    expect(senders).toEqual(
      [
        logicalId(template, 'AWS::IAM::Policy', 'StreamFunctionRoleDefaultPolicy'),
        logicalId(template, 'AWS::IAM::Policy', 'DueFunctionRoleDefaultPolicy'),
        logicalId(template, 'AWS::IAM::Policy', 'WsFunctionRoleDefaultPolicy'),
        logicalId(template, 'AWS::IAM::Policy', 'HttpFunctionRoleDefaultPolicy'),
      ].sort(),
    );
  });

  it('the due queue: SQS delay messages with partial batch responses, a DLQ after 5 receives, a 5-minute sweep', () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: liveArnOf(ids.live.due),
      EventSourceArn: { 'Fn::GetAtt': [ids.dueQueue, 'Arn'] },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: sizing(defaultLoad).dueMaxConcurrency },
    });
    template.hasResourceProperties('AWS::SQS::Queue', {
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [ids.dueDlq, 'Arn'] }, maxReceiveCount: 5 },
      SqsManagedSseEnabled: true,
    });
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(5 minutes)',
      Targets: [Match.objectLike({ Arn: { Ref: ids.live.due } })],
    });
  });

  it('API Gateway may invoke a function only from its own API (EventBridge only the due function)', () => {
    const permissions = Object.values(template.findResources('AWS::Lambda::Permission')) as {
      Properties: { FunctionName: { Ref: string }; Principal: string; SourceArn: unknown };
    }[];
    const sweep = permissions.filter((p) => p.Properties.Principal === 'events.amazonaws.com');
    expect(sweep.map((p) => p.Properties.FunctionName.Ref)).toEqual([ids.live.due]);
    for (const p of permissions.filter((q) => q.Properties.Principal !== 'events.amazonaws.com')) {
      expect(p.Properties.Principal).toBe('apigateway.amazonaws.com');
      const fn = p.Properties.FunctionName.Ref;
      const api = fn === ids.live.http ? ids.httpApi : ids.wsApi;
      expect([ids.live.http, ids.live.ws]).toContain(fn);
      expect(JSON.stringify(p.Properties.SourceArn)).toContain(`{"Ref":"${api}"}`);
    }
  });
});

/** An event source mapping names the `live` alias by the function's name (from the alias ARN) and `:live`. */
function liveArnOf(alias: string) {
  return { 'Fn::Join': ['', [{ 'Fn::Select': [6, { 'Fn::Split': [':', { Ref: alias }] }] }, ':live']] };
}

/** execute-api:ManageConnections on this stack's WebSocket API, stage `live`, connections only. */
function manageConnectionsOfOwnApi() {
  return {
    Effect: 'Allow',
    Action: 'execute-api:ManageConnections',
    Resource: {
      'Fn::Join': [
        '',
        [
          'arn:',
          { Ref: 'AWS::Partition' },
          ':execute-api:',
          { Ref: 'AWS::Region' },
          ':',
          { Ref: 'AWS::AccountId' },
          ':',
          { Ref: ids.wsApi },
          '/live/*/@connections/*',
        ],
      ],
    },
  };
}

describe('HTTP API', () => {
  it('routes every /v1 path to the Hono function with payload format 2.0', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'HTTP' });
    const route = Object.values(template.findResources('AWS::ApiGatewayV2::Route')).filter(
      (r) => (r as { Properties: { ApiId: { Ref: string } } }).Properties.ApiId.Ref === ids.httpApi,
    ) as { Properties: { RouteKey: string; Target: unknown } }[];
    expect(route.map((r) => r.Properties.RouteKey)).toEqual(['ANY /v1/{proxy+}']);
    template.hasResourceProperties('AWS::ApiGatewayV2::Integration', {
      ApiId: { Ref: ids.httpApi },
      IntegrationType: 'AWS_PROXY',
      PayloadFormatVersion: '2.0',
      IntegrationUri: { Ref: ids.live.http },
    });
  });

  it('has one throttled $default stage (no stage prefix in the paths Hono sees)', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      ApiId: { Ref: ids.httpApi },
      StageName: '$default',
      AutoDeploy: true,
      // Sized by the capacity model for the default load (infra/capacity.ts; test/infra/capacity.suite.ts).
      DefaultRouteSettings: {
        ThrottlingRateLimit: sizing(defaultLoad).httpRateLimit,
        ThrottlingBurstLimit: sizing(defaultLoad).httpBurstLimit,
      },
    });
  });
});

describe('WebSocket API', () => {
  it('selects routes by $request.body.action', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      ProtocolType: 'WEBSOCKET',
      RouteSelectionExpression: '$request.body.action',
    });
  });

  it('has $connect, $disconnect, $default and a route per protocol action, each integrated with the WebSocket function', () => {
    const routes = Object.values(template.findResources('AWS::ApiGatewayV2::Route')) as {
      Properties: { ApiId: { Ref: string }; RouteKey: string; Target: { 'Fn::Join': [string, unknown[]] } };
    }[];
    const wsRoutes = routes.filter((r) => r.Properties.ApiId.Ref === ids.wsApi);
    expect(wsRoutes.map((r) => r.Properties.RouteKey).sort()).toEqual(
      ['$connect', '$disconnect', '$default', ...ACTIONS].sort(),
    );
    expect(webSocketActions).toEqual(ACTIONS);
    expect(ACTIONS).toEqual(expect.arrayContaining(['subscribe', 'unsubscribe', 'act', 'ping', 'resync']));
    const integrations = template.findResources('AWS::ApiGatewayV2::Integration') as Record<
      string,
      { Properties: { ApiId: { Ref: string }; IntegrationUri: unknown; IntegrationType: string } }
    >;
    for (const route of wsRoutes) {
      // Target is "integrations/<Ref integration>".
      const target = route.Properties.Target['Fn::Join'][1][1] as { Ref: string };
      const integration = integrations[target.Ref]!;
      expect(integration.Properties.ApiId.Ref, route.Properties.RouteKey).toBe(ids.wsApi);
      expect(integration.Properties.IntegrationType).toBe('AWS_PROXY');
      expect(JSON.stringify(integration.Properties.IntegrationUri)).toContain(`{"Ref":"${ids.live.ws}"}`);
    }
  });

  it('authorises $connect in the handler (no authorizer resource, no API-level auth)', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Authorizer', 0);
    template.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: '$connect', AuthorizationType: 'NONE' });
  });

  it('has one throttled stage `live`', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      ApiId: { Ref: ids.wsApi },
      StageName: 'live',
      AutoDeploy: true,
      DefaultRouteSettings: {
        ThrottlingRateLimit: sizing(defaultLoad).wsRateLimit,
        ThrottlingBurstLimit: sizing(defaultLoad).wsBurstLimit,
      },
    });
  });
});

describe('stream fan-out', () => {
  it('reads the DATA_TABLE stream with partial batch responses, bisection, bounded retries and a dead-letter queue', () => {
    const queue = logicalId(template, 'AWS::SQS::Queue', 'FanOutDeadLetterQueue');
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: liveArnOf(ids.live.stream),
      EventSourceArn: { 'Fn::GetAtt': [ids.data, 'StreamArn'] },
      StartingPosition: 'LATEST',
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: 5,
      MaximumRecordAgeInSeconds: 3600,
      ParallelizationFactor: sizing(defaultLoad).streamParallelization,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [queue, 'Arn'] } } },
    });
  });

  it('invokes the function only for new commits (tables and tournaments): the filter agrees with the handler on real store items', () => {
    const mapping = Object.values(template.findResources('AWS::Lambda::EventSourceMapping'))[0] as {
      Properties: { FilterCriteria: { Filters: { Pattern: string }[] } };
    };
    const patterns = mapping.Properties.FilterCriteria.Filters.map((f) => JSON.parse(f.Pattern) as Pattern);
    expect(patterns).toEqual([
      {
        eventName: ['INSERT', 'MODIFY'],
        dynamodb: {
          NewImage: { pk: { S: [{ prefix: 'T#' }] }, sk: { S: [{ prefix: 'C#' }] }, ev: { B: [{ exists: true }] } },
        },
      },
      {
        eventName: ['INSERT'],
        dynamodb: { NewImage: { pk: { S: [{ prefix: 'U#' }] }, sk: { S: [{ prefix: 'C#' }] } } },
      },
    ]);
    // Items as the store writes them (functions/adapters/dynamodb/table-store.ts), inserted, modified and removed.
    const items: Record<string, AttributeValue>[] = [
      { pk: { S: 'T#tabc123' }, sk: { S: 'C#000000000001' }, ev: { B: new Uint8Array([120, 156]) } },
      // A listen fence (functions/use-cases/listen.ts): no events; the commit that takes its slot is a MODIFY.
      { pk: { S: 'T#tabc123' }, sk: { S: 'C#000000000002' }, fence: { N: '1' } },
      { pk: { S: 'T#tabc123' }, sk: { S: 'META' } },
      { pk: { S: 'LOBBY' }, sk: { S: '1700000000000#tabc123' } },
      { pk: { S: 'LOBBY' }, sk: { S: 'C#looks-like-a-commit' } },
      // Tournaments (functions/adapters/dynamodb/tournament-store.ts): commits are pushed, META and lists are not.
      { pk: { S: 'U#uabc1234' }, sk: { S: 'C#000000000001' } },
      { pk: { S: 'U#uabc1234' }, sk: { S: 'META' } },
      { pk: { S: 'UO#hash' }, sk: { S: '000001700000000#uabc1234' } },
      // Due work (functions/adapters/dynamodb/due-work-store.ts).
      { pk: { S: 'DUE' }, sk: { S: 'tournament.start-round#uabc1234:1' } },
      { pk: { S: 'LOBBY#5' }, sk: { S: '001700000000000#tabc123' } },
    ];
    for (const item of items)
      for (const eventName of ['INSERT', 'MODIFY', 'REMOVE']) {
        const record = { eventName, dynamodb: { NewImage: item } };
        const invoked = patterns.some((p) => matches(p, record));
        expect(invoked, `${eventName} ${JSON.stringify(item)}`).toBe(
          (eventName === 'INSERT' && (isCommitItem(item) || isTournamentCommitItem(item))) ||
            (eventName === 'MODIFY' && isCommitItem(item)),
        );
      }
  });

  it('the dead-letter queue is encrypted, TLS-only and keeps messages 14 days', () => {
    template.hasResourceProperties('AWS::SQS::Queue', {
      SqsManagedSseEnabled: true,
      MessageRetentionPeriod: 14 * 24 * 3600,
    });
    template.hasResourceProperties('AWS::SQS::QueuePolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });
});

describe('alarms', () => {
  const alarms = () =>
    Object.values(template.findResources('AWS::CloudWatch::Alarm')) as {
      Properties: {
        MetricName: string;
        Namespace: string;
        Dimensions: { Name: string; Value: unknown }[];
        Threshold: number;
        AlarmActions: unknown[];
        Statistic: string;
      };
    }[];

  it('errors and throttles per function', () => {
    for (const fn of [ids.http, ids.ws, ids.stream])
      for (const metric of ['Errors', 'Throttles']) {
        const found = alarms().filter(
          (a) =>
            a.Properties.Namespace === 'AWS/Lambda' &&
            a.Properties.MetricName === metric &&
            JSON.stringify(a.Properties.Dimensions) === JSON.stringify([{ Name: 'FunctionName', Value: { Ref: fn } }]),
        );
        expect(found, `${fn} ${metric}`).toHaveLength(1);
        expect(found[0]!.Properties.Threshold).toBe(1);
        expect(found[0]!.Properties.Statistic).toBe('Sum');
      }
  });

  it('the stream consumer falling behind (IteratorAge) and records given up (dead-letter queue)', () => {
    const age = alarms().filter((a) => a.Properties.MetricName === 'IteratorAge');
    expect(age).toHaveLength(1);
    expect(age[0]!.Properties.Dimensions).toEqual([{ Name: 'FunctionName', Value: { Ref: ids.stream } }]);
    expect(age[0]!.Properties.Statistic).toBe('Maximum');
    expect(age[0]!.Properties.Threshold).toBe(30_000);
    const dlq = alarms().filter((a) => a.Properties.MetricName === 'ApproximateNumberOfMessagesVisible');
    // The fan-out DLQ and the due-work DLQ.
    expect(dlq).toHaveLength(2);
    expect(dlq[0]!.Properties.Namespace).toBe('AWS/SQS');
  });

  it('any 5xx from the REST API', () => {
    const found = alarms().filter(
      (a) => a.Properties.Namespace === 'AWS/ApiGateway' && a.Properties.MetricName === '5xx',
    );
    expect(found).toHaveLength(1);
    expect(found[0]!.Properties.Dimensions).toEqual([{ Name: 'ApiId', Value: { Ref: ids.httpApi } }]);
    expect(found[0]!.Properties.Threshold).toBe(1);
  });

  it('every alarm notifies the alarm topic', () => {
    const topic = logicalId(template, 'AWS::SNS::Topic', 'AlarmTopic');
    for (const a of alarms()) expect(a.Properties.AlarmActions).toEqual([{ Ref: topic }]);
  });
});

describe('outputs', () => {
  it('HttpApiUrl and WebSocketUrl point at the two stages; the event table name for operations', () => {
    const outputs = template.toJSON().Outputs as Record<string, { Value: unknown }>;
    expect(JSON.stringify(outputs.HttpApiUrl?.Value)).toContain(`{"Ref":"${ids.httpApi}"}`);
    expect(JSON.stringify(outputs.HttpApiUrl?.Value)).toMatch(/^\{"Fn::Join":\["",\["https:\/\/"/);
    expect(JSON.stringify(outputs.WebSocketUrl?.Value)).toContain(`{"Ref":"${ids.wsApi}"}`);
    expect(JSON.stringify(outputs.WebSocketUrl?.Value)).toMatch(/^\{"Fn::Join":\["",\["wss:\/\/"/);
    expect(JSON.stringify(outputs.WebSocketUrl?.Value)).toContain('/live');
    expect(outputs.DataTableName?.Value).toEqual({ Ref: ids.data });
    expect(Object.keys(outputs).sort()).toEqual(
      [
        'AlarmTopicArn',
        'DataTableName',
        'DueDeadLetterQueueArn',
        'FanOutDeadLetterQueueUrl',
        'HttpApiUrl',
        'WebSocketUrl',
      ].sort(),
    );
  });
});

describe('bundles', () => {
  /** The bundle directory of a function: its code asset `<hash>.zip` is staged as `asset.<hash>/`. */
  const bundleOf = (id: string): string => {
    const code = template.toJSON().Resources[id].Properties.Code as { S3Key: string };
    return join(outdir, `asset.${code.S3Key.replace(/\.zip$/, '')}`);
  };

  /** Cold-import a bundle in a fresh Node process (as Lambda would) and run `script` with its module as `m`. */
  const runBundle = (id: string, script: string): string =>
    execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const m = await import(${JSON.stringify(pathToFileURL(join(bundleOf(id), 'index.mjs')).href)}); ${script}`,
      ],
      {
        encoding: 'utf8',
        env: {
          PATH: process.env.PATH,
          NODE_NO_WARNINGS: '1',
          AWS_REGION: 'eu-central-1',
          DATA_TABLE: 'data',
          CONNECTIONS_TABLE: 'connections',
          APP_VERSION: '1.2.3',
          // No request may reach AWS from these tests.
          DYNAMODB_ENDPOINT: 'http://127.0.0.1:9',
        },
      },
    );

  it('each function is one minified ESM file (no source map by default), the AWS SDK inside, no Docker', () => {
    for (const id of [ids.http, ids.ws, ids.stream, ids.due]) {
      const dir = bundleOf(id);
      expect(readdirSync(dir), id).toEqual(['index.mjs']);
      expect(statSync(join(dir, 'index.mjs')).size, id).toBeLessThan(2_000_000);
    }
    // The SDK is bundled (measured faster to initialise than the runtime's copy): no static import of a package is
    // left, only the lazy `import()` of the credential providers Lambda never needs (credentials come in the
    // environment); and the bundle loads from a directory with no node_modules anywhere above it.
    // (Minified import statements have no spaces; the SDK's own error messages quote `require("@aws-sdk/…")`.)
    for (const id of [ids.http, ids.ws, ids.stream, ids.due]) {
      const code = readFileSync(join(bundleOf(id), 'index.mjs'), 'utf8');
      const staticImports = [...code.matchAll(/\b(?:from|import)"([^"]+)"/g)].map((m) => m[1]);
      expect(
        staticImports.filter((s) => !s!.startsWith('node:')),
        id,
      ).toEqual([]);
      const dynamicImports = [...code.matchAll(/\bimport\("(@[a-z-]+\/[a-z-]+)"\)/g)].map((m) => m[1]);
      expect(dynamicImports.sort(), id).toEqual([...lazyCredentialProviders].sort());
    }
    expect(runBundle(ids.stream, 'console.log(typeof m.handler)')).toBe('function\n');
  });

  it('the REST bundle answers an HTTP API (payload 2.0) request for /v1/health', () => {
    const event = {
      version: '2.0',
      routeKey: 'ANY /v1/{proxy+}',
      rawPath: '/v1/health',
      rawQueryString: '',
      headers: { host: 'example.execute-api.eu-central-1.amazonaws.com' },
      requestContext: {
        http: { method: 'GET', path: '/v1/health', protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' },
        domainName: 'example.execute-api.eu-central-1.amazonaws.com',
        stage: '$default',
        requestId: 'r1',
        timeEpoch: 0,
      },
      isBase64Encoded: false,
    };
    const out = runBundle(ids.http, `console.log(JSON.stringify(await m.handler(${JSON.stringify(event)}, {})))`);
    // The last line is the response (the Powertools request log line comes before it).
    const response = JSON.parse(out.trim().split('\n').at(-1)!) as { statusCode: number; body: string };
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ status: 'ok', version: '1.2.3' });
  });

  it('the stream bundle skips a non-commit record without failures', () => {
    const event = { Records: [{ eventID: '1', eventName: 'REMOVE', dynamodb: { SequenceNumber: '1' } }] };
    const out = runBundle(ids.stream, `console.log(JSON.stringify(await m.handler(${JSON.stringify(event)})))`);
    expect(JSON.parse(out)).toEqual({ batchItemFailures: [] });
  });

  it('the WebSocket bundle exports its handler', () => {
    expect(runBundle(ids.ws, 'console.log(typeof m.handler)')).toBe('function\n');
  });
});

/** An EventBridge-style filter pattern, the subset Lambda event filtering uses here (values and prefixes). */
type Pattern = { [key: string]: Pattern | (string | { prefix: string } | { exists: boolean })[] };

/** Does `record` match `pattern`? (Every key must match; a list matches when any of its values does.) */
function matches(pattern: Pattern, record: unknown): boolean {
  return Object.entries(pattern).every(([key, expected]) => {
    const value = (record as Record<string, unknown> | undefined)?.[key];
    if (!Array.isArray(expected)) return matches(expected, value);
    return expected.some((e) =>
      typeof e === 'string'
        ? value === e
        : 'exists' in e
          ? (value !== undefined) === e.exists
          : typeof value === 'string' && value.startsWith(e.prefix),
    );
  });
}

describe('closed tables are archived', () => {
  it('a private, TLS-only, encrypted, versioned bucket kept with the data; Glacier IR after 30 days', () => {
    const bucket = template.toJSON().Resources[ids.archive];
    expect(bucket.DeletionPolicy).toBe('Retain');
    expect(bucket.Properties).toMatchObject({
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      },
      VersioningConfiguration: { Status: 'Enabled' },
      LifecycleConfiguration: {
        Rules: [
          expect.objectContaining({
            Prefix: 'tables/',
            Transitions: [{ StorageClass: 'GLACIER_IR', TransitionInDays: 30 }],
            NoncurrentVersionExpiration: { NoncurrentDays: 7 },
          }),
        ],
      },
    });
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: ids.archive },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
    // Only the due function holds any grant on it.
    const holders = policyStatements(template)
      .filter(({ statement }) => JSON.stringify(statement.Resource ?? '').includes(ids.archive))
      .map(({ policy }) => policy);
    expect([...new Set(holders)]).toEqual([logicalId(template, 'AWS::IAM::Policy', 'DueFunctionRoleDefaultPolicy')]);
  });
});
