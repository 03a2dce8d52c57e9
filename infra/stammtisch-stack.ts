import {
  Annotations,
  CfnOutput,
  Duration,
  RemovalPolicy,
  Stack,
  type StackProps,
  Tags,
  Token,
  Validations,
} from 'aws-cdk-lib';
import {
  ApiMapping,
  CorsHttpMethod,
  DomainName,
  HttpApi,
  HttpMethod,
  HttpStage,
  LogGroupLogDestination,
  WebSocketApi,
  WebSocketStage,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpLambdaIntegration, WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  Alarm,
  AlarmStatusWidget,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  Metric,
  SingleValueWidget,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { AttributeType, BillingMode, Operation, ProjectionType, StreamViewType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { DynamoEventSource, SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import type { Construct } from 'constructs';
import { ACTIONS } from '../functions/ws/protocol.js';
import { entryPoints } from './constructs/bundling.js';
import { DiscordBot } from './constructs/discord-bot.js';
import { HttpEdge } from './constructs/http-edge.js';
import { WebSite } from './constructs/web-site.js';
import { ORIGIN_VERIFY_HEADER } from '../functions/edge/origin-verify.js';
import { defaultLoad, sizing, type Load, type Sizing } from './capacity.js';
import { SafeDeploy } from './constructs/safe-deploy.js';
import { DataBackup } from './constructs/data-backup.js';
import { TableArchiveBucket } from './constructs/table-archive.js';
import { StammtischFunction, logicalIdOf } from './constructs/stammtisch-function.js';

/**
 * The WebSocket routes besides $connect/$disconnect/$default, selected by `$request.body.action`: the protocol's own
 * list (functions/ws/protocol.ts), so a new message type gets its route (and its metrics) with the next deploy.
 */
export const webSocketActions: readonly string[] = ACTIONS;

export interface StammtischStackProps extends StackProps {
  /** APP_VERSION of every function (app.ts passes package.json's version). */
  readonly appVersion: string;
  /**
   * sha256 hex hashes of the API keys that may create tables, comma-separated (context `apiKeyHashes`). Hashes, not
   * keys: nothing secret ends up in the template.
   */
  readonly apiKeyHashes?: string;
  /**
   * Or the name of an SSM String parameter holding those hashes (context `apiKeyHashesParameter`); CloudFormation
   * resolves it at deploy time, so synth stays offline and rotating keys is `aws ssm put-parameter` + a deploy.
   */
  readonly apiKeyHashesParameter?: string;
  /** Keep the event table (all games and records) when the stack is deleted. Default true. */
  readonly retainData?: boolean;
  /** Send alarm notifications to this address too (context `alarmEmail`). */
  readonly alarmEmail?: string;
  /** Ship source maps and map stack traces at run time (context `sourceMaps`; costs cold-start time). Default false. */
  readonly sourceMaps?: boolean;
  /**
   * `dev` or `prod` (context `stage`; docs/operations.md). `prod`: the event table is always retained and deletion
   * protected, the stack termination protected, logs kept 6 months. Tagged `project`/`stage` either way.
   */
  readonly stage?: Stage;
  /** Optional custom domain for the REST API (context `domainName`, with `certificateArn` of an ACM certificate). */
  readonly domainName?: string;
  readonly certificateArn?: string;
  /**
   * ARN of a CLOUDFRONT web ACL (infra/waf-stack.ts, context `waf`): put CloudFront + WAF in front of the REST API and
   * refuse direct execute-api calls. Needs `crossRegionReferences` (app.ts sets it with the WAF stack).
   */
  readonly webAclArn?: string;
  /**
   * The built web app (web/dist) to serve from S3 + CloudFront on one origin with the REST API
   * (infra/constructs/web-site.ts). app.ts passes web/dist when it was built (`npm run synth` builds it).
   */
  readonly webAssets?: string;
  /**
   * The load the stack is sized for (context `capacity`, JSON, any fields of infra/capacity.ts `Load`): stage
   * throttles, due-queue concurrency, stream parallelism follow from `sizing()`. Default: `defaultLoad`.
   */
  readonly capacity?: Partial<Load>;
  /**
   * ARN of an AWS Backup vault in another region (context `backupCopyVaultArn`): every daily backup is copied there.
   * Without it the backups stay in this region (a warning says so in prod). docs/operations.md "Backups and restore".
   */
  readonly backupCopyVaultArn?: string;
}

export type Stage = 'dev' | 'prod';

/**
 * Stammtisch on AWS: the event table (+ stream) and the connections table, the three functions (REST, WebSocket,
 * stream fan-out), an HTTP API and a WebSocket API with throttled stages, a dead-letter queue for the fan-out, alarms.
 * Everything the functions may touch is granted here explicitly; resource names are generated by CDK.
 */
export class StammtischStack extends Stack {
  readonly dataTable: Table;
  readonly connectionsTable: Table;
  readonly httpFunction: StammtischFunction;
  readonly wsFunction: StammtischFunction;
  readonly streamFunction: StammtischFunction;
  readonly httpApi: HttpApi;
  readonly webSocketApi: WebSocketApi;
  readonly webSocketStage: WebSocketStage;
  readonly deadLetterQueue: Queue;
  readonly dueFunction: StammtischFunction;
  readonly dueQueue: Queue;
  readonly dueDeadLetterQueue: Queue;
  readonly dueSweepRule: Rule;
  readonly alarmTopic: Topic;
  readonly alarms: readonly Alarm[];
  readonly dashboard: Dashboard;
  /** CloudFront + WAF in front of the REST API, when `webAclArn` is given. */
  readonly httpEdge?: HttpEdge;
  /** The web app (S3 + CloudFront) when `webAssets` was given. */
  readonly webSite?: WebSite;
  /** The limits this stack was sized with (infra/capacity.ts). */
  readonly sizing: Sizing;
  readonly deploys: SafeDeploy;
  readonly backup: DataBackup;
  /** Closed tables' records (functions/use-cases/archive.ts). */
  readonly archive: TableArchiveBucket;

  constructor(scope: Construct, id: string, props: StammtischStackProps) {
    const prod = props.stage === 'prod';
    super(scope, id, { ...props, terminationProtection: props.terminationProtection ?? prod });
    Tags.of(this).add('project', 'stammtisch');
    Tags.of(this).add('stage', props.stage ?? 'dev');
    const logRetention = prod ? RetentionDays.SIX_MONTHS : RetentionDays.ONE_MONTH;
    this.sizing = sizing({ ...defaultLoad, ...props.capacity });

    // --- Tables (keys as functions/adapters/dynamodb/client.ts ensureTables creates them locally) ---
    this.dataTable = new Table(this, 'DataTable', {
      partitionKey: { name: 'pk', type: AttributeType.STRING },
      sortKey: { name: 'sk', type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      // Items that carry `expiresAt` (epoch seconds) are removed by DynamoDB within days of that time: closed tables
      // after their archive export (docs/operations.md "What expires"). Items without it are kept.
      timeToLiveAttribute: 'expiresAt',
      // The fan-out needs only the commit that was written.
      stream: StreamViewType.NEW_IMAGE,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: prod,
      removalPolicy: !prod && props.retainData === false ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
    });
    this.connectionsTable = new Table(this, 'ConnectionsTable', {
      partitionKey: { name: 'connectionId', type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      // Connection rows expire (a missed $disconnect must not keep a row forever).
      timeToLiveAttribute: 'expiresAt',
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      // Connections are ephemeral: nothing to keep after the WebSocket API is gone.
      removalPolicy: RemovalPolicy.DESTROY,
    });
    // Due items by time bucket (functions/adapters/dynamodb/due-work-store.ts): the sweep reads the minutes since it
    // last ran, DUE_SHARDS partitions each, in parallel pages — never a scan, never one partition for all of them.
    this.dataTable.addGlobalSecondaryIndex({
      indexName: 'byDue',
      partitionKey: { name: 'dueBucket', type: AttributeType.STRING },
      sortKey: { name: 'dueAt', type: AttributeType.NUMBER },
      projectionType: ProjectionType.ALL,
    });
    this.connectionsTable.addGlobalSecondaryIndex({
      indexName: 'byTable',
      partitionKey: { name: 'tableId', type: AttributeType.STRING },
      sortKey: { name: 'connectionId', type: AttributeType.STRING },
      projectionType: ProjectionType.ALL,
    });

    // Table names and the management endpoint are added per function by `bindTable` / below.
    const appVersion = props.appVersion;
    const apiKeyHashes = this.apiKeyHashes(props);

    // --- REST: HTTP API → Hono app, every route under /v1 ---
    this.httpFunction = new StammtischFunction(this, 'HttpFunction', {
      entry: entryPoints.http,
      description: 'Stammtisch REST API (Hono)',
      sourceMaps: props.sourceMaps,
      logRetention,
      environment: { APP_VERSION: appVersion, API_KEY_HASHES: apiKeyHashes },
    }).bindTable(this.dataTable, 'events', 'DATA_TABLE', []);

    this.httpApi = new HttpApi(this, 'HttpApi', {
      description: 'Stammtisch REST API (/v1)',
      // The stage is created below with throttling; `$default` keeps paths free of a stage prefix (Hono sees /v1/...).
      createDefaultStage: false,
      // API Gateway answers preflights itself (no Lambda call), with the same policy as the Hono app's cors():
      // secrets travel as bearer tokens, never cookies, so any origin may call.
      corsPreflight: {
        allowOrigins: ['*'],
        allowMethods: [CorsHttpMethod.GET, CorsHttpMethod.POST, CorsHttpMethod.DELETE, CorsHttpMethod.OPTIONS],
        allowHeaders: ['authorization', 'content-type', 'idempotency-key'],
        exposeHeaders: ['retry-after'],
        maxAge: Duration.minutes(10),
      },
    });
    const httpIntegration = new HttpLambdaIntegration('HttpIntegration', this.httpFunction.live);
    this.httpApi.addRoutes({ path: '/v1/{proxy+}', methods: [HttpMethod.ANY], integration: httpIntegration });
    DiscordBot.fromContext(this, { httpApi: this.httpApi, dataTable: this.dataTable, sourceMaps: props.sourceMaps });
    const httpStage = new HttpStage(this, 'HttpStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: this.sizing.httpRateLimit, burstLimit: this.sizing.httpBurstLimit },
      accessLogSettings: {
        destination: new LogGroupLogDestination(
          new LogGroup(this, 'HttpAccessLogs', { retention: logRetention, removalPolicy: RemovalPolicy.DESTROY }),
        ),
        // JSON lines; `requestId` is the id the function logs too (one id across access log and function log).
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            time: '$context.requestTime',
            method: '$context.httpMethod',
            path: '$context.path',
            status: '$context.status',
            latency: '$context.responseLatency',
            integrationError: '$context.integrationErrorMessage',
            bytes: '$context.responseLength',
          }),
        ),
      },
    });
    if (props.webAclArn !== undefined) {
      this.httpEdge = new HttpEdge(this, 'HttpEdge', { httpApi: this.httpApi, webAclArn: props.webAclArn });
      this.httpFunction.addEnvironment('ORIGIN_VERIFY', this.httpEdge.originSecret);
    }
    if (props.domainName !== undefined) {
      if (props.certificateArn === undefined) throw new Error('domainName needs certificateArn (an ACM certificate)');
      const domain = new DomainName(this, 'HttpDomain', {
        domainName: props.domainName,
        certificate: Certificate.fromCertificateArn(this, 'HttpCertificate', props.certificateArn),
      });
      new ApiMapping(this, 'HttpApiMapping', { api: this.httpApi, domainName: domain, stage: httpStage });
      new CfnOutput(this, 'HttpDomainTarget', {
        description: `CNAME/alias target for ${props.domainName}`,
        value: domain.regionalDomainName,
      });
    }

    // --- Realtime: WebSocket API → one handler for every route ---
    this.wsFunction = new StammtischFunction(this, 'WsFunction', {
      entry: entryPoints.ws,
      description: 'Stammtisch WebSocket routes',
      sourceMaps: props.sourceMaps,
      logRetention,
      environment: { APP_VERSION: appVersion, API_KEY_HASHES: apiKeyHashes },
    })
      .bindTable(this.dataTable, 'play', 'DATA_TABLE', [])
      .bindTable(this.connectionsTable, 'connections', 'CONNECTIONS_TABLE');

    // $connect authorisation happens in the handler (it checks the seat token / spectator key against the table's
    // META and answers 401): the token is table-scoped data a Lambda authorizer would have to read the same way, at the
    // cost of a second function and a second cold start on every connect.
    const wsIntegration = (id: string) => new WebSocketLambdaIntegration(id, this.wsFunction.live);
    this.webSocketApi = new WebSocketApi(this, 'WebSocketApi', {
      description: 'Stammtisch realtime (action-routed)',
      routeSelectionExpression: '$request.body.action',
      connectRouteOptions: { integration: wsIntegration('ConnectIntegration') },
      disconnectRouteOptions: { integration: wsIntegration('DisconnectIntegration') },
      defaultRouteOptions: { integration: wsIntegration('DefaultIntegration') },
    });
    for (const action of webSocketActions)
      this.webSocketApi.addRoute(action, { integration: wsIntegration(`${action}Integration`) });
    this.webSocketStage = new WebSocketStage(this, 'WebSocketStage', {
      webSocketApi: this.webSocketApi,
      stageName: 'live',
      autoDeploy: true,
      throttle: { rateLimit: this.sizing.wsRateLimit, burstLimit: this.sizing.wsBurstLimit },
      // Per-route metrics (act, subscribe, …) and one access log line per connect, message and disconnect.
      detailedMetricsEnabled: true,
      accessLogSettings: {
        destination: new LogGroupLogDestination(
          new LogGroup(this, 'WebSocketAccessLogs', { retention: logRetention, removalPolicy: RemovalPolicy.DESTROY }),
        ),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            time: '$context.requestTime',
            eventType: '$context.eventType',
            routeKey: '$context.routeKey',
            connectionId: '$context.connectionId',
            status: '$context.status',
            integrationError: '$context.integrationErrorMessage',
          }),
        ),
      },
    });

    // Pushes go through this API's management endpoint; the grant is scoped to this API's stage connections.
    this.wsFunction.addEnvironment('WS_MANAGEMENT_ENDPOINT', this.webSocketStage.callbackUrl);
    this.webSocketStage.grantManagementApiAccess(this.wsFunction);

    // --- Fan-out: DATA_TABLE stream → push redacted events to subscribers, let bot seats act ---
    this.streamFunction = new StammtischFunction(this, 'StreamFunction', {
      entry: entryPoints.stream,
      description: 'Stammtisch stream fan-out and bots',
      sourceMaps: props.sourceMaps,
      logRetention,
      timeout: Duration.seconds(60),
      // A batch of commits: pushes to every subscriber and bot moves.
      p99Alarm: Duration.seconds(20),
      environment: { APP_VERSION: appVersion },
    })
      .bindTable(this.dataTable, 'progress', 'DATA_TABLE', [])
      .bindTable(this.connectionsTable, 'fanOut', 'CONNECTIONS_TABLE');
    this.streamFunction.addEnvironment('WS_MANAGEMENT_ENDPOINT', this.webSocketStage.callbackUrl);
    this.webSocketStage.grantManagementApiAccess(this.streamFunction);

    if (props.webAssets !== undefined) {
      this.webSite = new WebSite(this, 'WebSite', {
        assets: props.webAssets,
        httpApi: this.httpApi,
        webSocketUrl: this.webSocketStage.url,
        ...(this.httpEdge !== undefined
          ? { apiOriginHeaders: { [ORIGIN_VERIFY_HEADER]: this.httpEdge.originSecret } }
          : {}),
        ...(props.webAclArn !== undefined ? { webAclArn: props.webAclArn } : {}),
      });
    }

    this.deadLetterQueue = new Queue(this, 'FanOutDeadLetterQueue', {
      retentionPeriod: Duration.days(14),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    this.streamFunction.live.addEventSource(
      new DynamoEventSource(this.dataTable, {
        startingPosition: StartingPosition.LATEST,
        batchSize: 25,
        maxBatchingWindow: Duration.millis(0),
        // Records of one partition key (one table, `T#<id>`) stay in order even with parallel batches per shard;
        // the factor is sized by infra/capacity.ts for the peak commits with headroom.
        parallelizationFactor: this.sizing.streamParallelization,
        // The handler reports the first failed record; Lambda retries from it and, on repeated failure, halves the
        // batch to isolate it. After the retries the record's metadata goes to the dead-letter queue.
        reportBatchItemFailures: true,
        bisectBatchOnError: true,
        retryAttempts: 5,
        maxRecordAge: Duration.hours(1),
        onFailure: new SqsDlq(this.deadLetterQueue),
        // Only new commits (`T#<id>` / `C#<seq>` rows with events, as isCommitItem in the handler) are fanned out: META, lobby and
        // TTL deletions never invoke the function. Tournament commits (`U#<id>` / `C#<seq>`) too: they are pushed to
        // the tournament's WebSocket subscribers (functions/tournaments/push.ts).
        filters: [
          // A commit is an INSERT, or a MODIFY when it takes a slot holding a listen fence (use-cases/listen.ts); the
          // fence itself has no events (`ev`) and never invokes the function.
          FilterCriteria.filter({
            eventName: FilterRule.or('INSERT', 'MODIFY'),
            dynamodb: {
              NewImage: {
                pk: { S: FilterRule.beginsWith('T#') },
                sk: { S: FilterRule.beginsWith('C#') },
                ev: { B: FilterRule.exists() },
              },
            },
          }),
          FilterCriteria.filter({
            eventName: FilterRule.isEqual('INSERT'),
            dynamodb: { NewImage: { pk: { S: FilterRule.beginsWith('U#') }, sk: { S: FilterRule.beginsWith('C#') } } },
          }),
        ],
      }),
    );

    // --- Due work (docs/due-work.md): SQS delay messages (≤ 15 min a hop) → the due function; a sweep every 5 min ---
    this.dueDeadLetterQueue = new Queue(this, 'DueDeadLetterQueue', {
      retentionPeriod: Duration.days(14),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    this.dueQueue = new Queue(this, 'DueQueue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // Six times the function timeout, as Lambda recommends for SQS event sources.
      visibilityTimeout: Duration.seconds(180),
      // After 5 failed receives a message waits in the DLQ; `aws sqs start-message-move-task` re-drives it.
      deadLetterQueue: { queue: this.dueDeadLetterQueue, maxReceiveCount: 5 },
    });
    this.dueFunction = new StammtischFunction(this, 'DueFunction', {
      entry: entryPoints.due,
      description: 'Stammtisch due work: turn deadlines, scheduled starts, stalled tables',
      sourceMaps: props.sourceMaps,
      timeout: Duration.seconds(30),
      environment: { APP_VERSION: appVersion, DUE_QUEUE_URL: this.dueQueue.queueUrl },
    })
      .bindTable(this.dataTable, 'progress', 'DATA_TABLE', ['byDue'])
      // The webhook outbox's pumps run here (queue cursor and lease).
      .bindTable(this.dataTable, 'webhooks', undefined, []);
    this.dueFunction.live.addEventSource(
      new SqsEventSource(this.dueQueue, {
        batchSize: 10,
        reportBatchItemFailures: true,
        // Bots and turn clocks run here: sized by infra/capacity.ts (busy workers at the peak, twice over).
        maxConcurrency: this.sizing.dueMaxConcurrency,
      }),
    );
    // Sending (a deadline from the stream, a hop of work due after 15 minutes) is all either function may do besides
    // the event source's own receive/delete: exactly sqs:SendMessage on this queue.
    const sendDue = new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [this.dueQueue.queueArn] });
    this.dueFunction.addToRolePolicy(sendDue);
    this.streamFunction.addToRolePolicy(sendDue);
    this.streamFunction.addEnvironment('DUE_QUEUE_URL', this.dueQueue.queueUrl);
    // A seat's last connection going schedules its reconnect grace period (docs/presence.md) from the ws function.
    this.wsFunction.addToRolePolicy(sendDue);
    this.wsFunction.addEnvironment('DUE_QUEUE_URL', this.dueQueue.queueUrl);
    // Presence is read by the REST view and by the grace period's due work: GetItem on the table's presence row, on
    // the table itself (no index).
    const readPresence = new PolicyStatement({
      actions: ['dynamodb:GetItem'],
      resources: [this.connectionsTable.tableArn],
    });
    for (const fn of [this.httpFunction, this.dueFunction]) {
      fn.addToRolePolicy(readPresence);
      fn.addEnvironment('CONNECTIONS_TABLE', this.connectionsTable.tableName);
    }
    // A tournament's round 1 start is scheduled when it is created (REST): the HTTP function sends that one message
    // (docs/tournaments.md); later rounds are scheduled by the stream (a round's last table closed) and due functions.
    this.httpFunction.addToRolePolicy(sendDue);
    this.httpFunction.addEnvironment('DUE_QUEUE_URL', this.dueQueue.queueUrl);
    // Closed tables are archived by the due function (table.archive due work): records to S3, items expire by TTL.
    this.archive = new TableArchiveBucket(this, 'TableArchive');
    this.archive.grantArchive(this.dueFunction);
    this.dueFunction.addEnvironment('ARCHIVE_BUCKET', this.archive.bucket.bucketName);
    this.dueSweepRule = new Rule(this, 'DueSweepRule', {
      description:
        'Stammtisch: run stored due work (live tables, tournament rounds) so that a lost signal heals within 5 minutes',
      schedule: Schedule.rate(Duration.minutes(5)),
      targets: [new LambdaFunction(this.dueFunction.live, { retryAttempts: 2 })],
    });

    // --- Alarms ---
    this.alarmTopic = new Topic(this, 'AlarmTopic', { displayName: 'Stammtisch alarms', enforceSSL: true });
    if (props.alarmEmail === undefined && prod)
      Annotations.of(this).addWarningV2(
        'stammtisch:noAlarmEmail',
        'prod without alarmEmail: alarms go to the topic only; subscribe someone (context alarmEmail or the console)',
      );
    if (props.alarmEmail !== undefined) this.alarmTopic.addSubscription(new EmailSubscription(props.alarmEmail));
    const iteratorAge = new Alarm(this, 'StreamIteratorAgeAlarm', {
      alarmDescription: 'Stammtisch fan-out is falling behind the DATA_TABLE stream (pushes and bots are late)',
      metric: this.streamFunction.metric('IteratorAge', { period: Duration.minutes(1), statistic: 'Maximum' }),
      threshold: this.sizing.iteratorAgeAlarmMs,
      evaluationPeriods: 3,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    const deadLetters = new Alarm(this, 'FanOutDeadLettersAlarm', {
      alarmDescription: 'Stammtisch fan-out gave up on stream records (see the dead-letter queue)',
      metric: this.deadLetterQueue.metricApproximateNumberOfMessagesVisible({
        period: Duration.minutes(5),
        statistic: 'Maximum',
      }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    // "Never a 500 for a client mistake": any 5xx from the REST API (Lambda errors, timeouts, integration failures).
    const http5xx = new Alarm(this, 'HttpApi5xxAlarm', {
      alarmDescription: 'Stammtisch REST API answered 5xx',
      metric: this.httpApi.metricServerError({ period: Duration.minutes(5), statistic: 'Sum' }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    const dueDeadLetters = new Alarm(this, 'DueDeadLettersAlarm', {
      alarmDescription: 'Stammtisch due work gave up on messages (re-drive: docs/due-work.md)',
      metric: this.dueDeadLetterQueue.metricApproximateNumberOfMessagesVisible({
        period: Duration.minutes(5),
        statistic: 'Maximum',
      }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    // WebSocket: API Gateway could not run the integration (Lambda errors, timeouts, throttles) …
    const wsApiMetric = (metricName: string): Metric =>
      new Metric({
        namespace: 'AWS/ApiGateway',
        metricName,
        dimensionsMap: { ApiId: this.webSocketApi.apiId, Stage: this.webSocketStage.stageName },
        period: Duration.minutes(5),
        statistic: 'Sum',
      });
    const wsIntegrationErrors = new Alarm(this, 'WebSocketIntegrationErrorsAlarm', {
      alarmDescription: 'Stammtisch WebSocket API: integration errors (the handler failed or timed out)',
      metric: wsApiMetric('IntegrationError'),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    // … and what the handler caught itself: an `internal` error frame (EMF `Errors` with code=internal).
    const appErrors = (service: string, code: string): Metric =>
      new Metric({
        namespace: 'Stammtisch',
        metricName: 'Errors',
        dimensionsMap: { service: `stammtisch-${service}`, code },
        period: Duration.minutes(5),
        statistic: 'Sum',
      });
    const wsInternal = new Alarm(this, 'WebSocketInternalErrorsAlarm', {
      alarmDescription: 'Stammtisch WebSocket handler answered an internal error frame (a bug on our side)',
      metric: appErrors('ws', 'internal'),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    // DynamoDB refused requests (on-demand capacity ramps, hot partitions such as one very busy table; the lobby is sharded).
    const operations = [
      Operation.GET_ITEM,
      Operation.PUT_ITEM,
      Operation.QUERY,
      Operation.UPDATE_ITEM,
      Operation.DELETE_ITEM,
    ];
    const throttleAlarms = [this.dataTable, this.connectionsTable].map(
      (table, i) =>
        new Alarm(this, i === 0 ? 'DataTableThrottlesAlarm' : 'ConnectionsTableThrottlesAlarm', {
          alarmDescription: `Stammtisch ${i === 0 ? 'DATA_TABLE' : 'CONNECTIONS_TABLE'}: throttled requests`,
          metric: table.metricThrottledRequestsForOperations({ operations, period: Duration.minutes(5) }),
          threshold: 1,
          evaluationPeriods: 1,
          comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          treatMissingData: TreatMissingData.NOT_BREACHING,
        }),
    );
    const action = new SnsAction(this.alarmTopic);
    const alarms = [
      ...this.httpFunction.alarms,
      ...this.wsFunction.alarms,
      ...this.streamFunction.alarms,
      ...this.dueFunction.alarms,
      dueDeadLetters,
      iteratorAge,
      deadLetters,
      http5xx,
      wsIntegrationErrors,
      wsInternal,
      ...throttleAlarms,
    ];
    // Deploys shift traffic to a new version of each function gradually and roll back on its alarms.
    this.deploys = new SafeDeploy(this, 'Deploys', {
      functions: [this.httpFunction, this.wsFunction, this.streamFunction, this.dueFunction],
      extraAlarms: [http5xx, wsIntegrationErrors, wsInternal],
    });
    alarms.push(...this.deploys.canaryAlarms);
    // Daily backups of the event table, kept 35 days, copied to a second region when a vault there is given.
    this.backup = new DataBackup(this, 'Backup', {
      table: this.dataTable,
      prod,
      ...(props.backupCopyVaultArn !== undefined ? { copyVaultArn: props.backupCopyVaultArn } : {}),
    });
    for (const alarm of alarms) alarm.addAlarmAction(action);
    this.alarms = alarms;
    this.dashboard = this.createDashboard(alarms, appErrors);

    this.acknowledgeNagFindings();

    // --- Outputs ---
    new CfnOutput(this, 'HttpApiUrl', {
      description: 'REST base URL (append /v1/...)',
      value: httpStage.url,
    });
    new CfnOutput(this, 'WebSocketUrl', {
      description: 'WebSocket URL (wss://…/live)',
      value: this.webSocketStage.url,
    });
    new CfnOutput(this, 'DataTableName', {
      description: 'The event table (kept on `cdk destroy` unless deployed with -c retainData=false)',
      value: this.dataTable.tableName,
    });
    new CfnOutput(this, 'AlarmTopicArn', { value: this.alarmTopic.topicArn });
    new CfnOutput(this, 'FanOutDeadLetterQueueUrl', { value: this.deadLetterQueue.queueUrl });
    new CfnOutput(this, 'DueDeadLetterQueueArn', {
      description: 'Re-drive: aws sqs start-message-move-task --source-arn <this>',
      value: this.dueDeadLetterQueue.queueArn,
    });
  }

  /** One dashboard: what players feel (errors, latency), what they do (moves, deals), and the plumbing. */
  private createDashboard(alarms: readonly Alarm[], appErrors: (service: string, code: string) => Metric): Dashboard {
    const app = (metricName: string, service: string): Metric =>
      new Metric({
        namespace: 'Stammtisch',
        metricName,
        dimensionsMap: { service: `stammtisch-${service}` },
        period: Duration.minutes(5),
        statistic: 'Sum',
      });
    const fns = [this.httpFunction, this.wsFunction, this.streamFunction];
    const dashboard = new Dashboard(this, 'Dashboard', { defaultInterval: Duration.hours(3) });
    dashboard.addWidgets(
      new GraphWidget({
        title: 'REST: requests, 4xx, 5xx',
        left: [this.httpApi.metricCount(), this.httpApi.metricClientError(), this.httpApi.metricServerError()],
      }),
      new GraphWidget({
        title: 'Play: moves, deals, rate limited',
        left: [
          app('Moves', 'http'),
          app('Moves', 'ws'),
          app('DealsStarted', 'stream'),
          app('RateLimited', 'http'),
          app('RateLimited', 'ws'),
          app('Conflicts', 'http'),
          app('Conflicts', 'ws'),
        ],
      }),
      new GraphWidget({
        title: 'Fan-out: pushes, gone connections, iterator age',
        left: [app('Pushes', 'stream'), app('GoneConnections', 'stream'), app('GoneConnections', 'ws')],
        right: [this.streamFunction.metric('IteratorAge', { statistic: 'Maximum' })],
      }),
    );
    dashboard.addWidgets(
      new GraphWidget({
        title: 'p99 duration per function',
        left: fns.map((f) => f.metricDuration({ statistic: 'p99' })),
      }),
      new GraphWidget({
        title: 'Internal errors (EMF code=internal) and function errors',
        left: [appErrors('http', 'internal'), appErrors('ws', 'internal'), ...fns.map((f) => f.metricErrors())],
      }),
      new SingleValueWidget({
        title: 'Dead letters',
        metrics: [this.deadLetterQueue.metricApproximateNumberOfMessagesVisible()],
      }),
    );
    dashboard.addWidgets(new AlarmStatusWidget({ title: 'Alarms', alarms: [...alarms], width: 24 }));
    return dashboard;
  }

  /**
   * cdk-nag (AwsSolutions + Serverless; test/infra/nag.suite.ts) findings that are decisions, each with its reason. The
   * rest were fixed: own roles instead of AWSLambdaBasicExecutionRole, access logs on both stages, X-Ray tracing,
   * TLS-only alarm topic.
   */
  private acknowledgeNagFindings(): void {
    const apiAuth =
      'Public by design: the handler authorises every request with its bearer token (seat token, organiser or spectator key, API key), checked against the table; an API Gateway authorizer would read the same rows (functions/policy/access.ts).';
    Validations.of(this.httpApi).acknowledge({ id: 'AwsSolutions-APIG4', reason: apiAuth });
    Validations.of(this.webSocketApi).acknowledge({ id: 'AwsSolutions-APIG4', reason: apiAuth });
    Validations.of(this.alarmTopic).acknowledge({
      id: 'Serverless-SNSRedrivePolicy',
      reason:
        'The alarm e-mail subscription: an undeliverable alarm mail is visible in the topic’s delivery metrics; a queue of unsent alarm mails would alert nobody.',
    });
    Validations.of(this.deadLetterQueue).acknowledge(
      { id: 'AwsSolutions-SQS3', reason: 'This queue is the dead-letter queue (of the stream fan-out).' },
      {
        id: 'Serverless-SQSRedrivePolicy',
        reason: 'This queue is the dead-letter queue; nothing consumes it automatically.',
      },
    );
    Validations.of(this.dueDeadLetterQueue).acknowledge(
      { id: 'AwsSolutions-SQS3', reason: 'This queue is the dead-letter queue (of the due-work queue).' },
      {
        id: 'Serverless-SQSRedrivePolicy',
        reason: 'This queue is the dead-letter queue; re-drive is by hand (docs/due-work.md).',
      },
    );
    Validations.of(this.dueFunction).acknowledge({
      id: 'Serverless-LambdaEventSourceMappingDestination',
      reason:
        'The SQS event source: a message that keeps failing goes to the due queue’s own redrive DLQ after 5 receives (an on-failure destination is for stream and Kafka sources).',
    });
    Validations.of(this.dueSweepRule).acknowledge({
      id: 'Serverless-EventBusDLQ',
      reason:
        'The 5-minute sweep is idempotent: a sweep that fails (after 2 retries) is replaced by the next one 5 minutes later; nothing is lost.',
    });
    const connectionsIndex = `AwsSolutions-IAM5[Resource::<${logicalIdOf(this.connectionsTable)}.Arn>/index/*]`;
    // As cdk-nag prints the resource: pseudo parameters while the stack is environment-agnostic, literals with an env.
    const env = (value: string, pseudo: string): string => (Token.isUnresolved(value) ? `<${pseudo}>` : value);
    const arnPrefix = `arn:${env(this.partition, 'AWS::Partition')}:execute-api:${env(this.region, 'AWS::Region')}:${env(this.account, 'AWS::AccountId')}`;
    const manageConnections = `AwsSolutions-IAM5[Resource::${arnPrefix}:<${logicalIdOf(this.webSocketApi)}>/${this.webSocketStage.stageName}/*/@connections/*]`;
    for (const fn of [this.wsFunction, this.streamFunction])
      Validations.of(fn.role!).acknowledge(
        {
          id: connectionsIndex,
          reason: 'The byTable index of this table only (Table.grant adds index/*; the table has one index).',
        },
        {
          id: manageConnections,
          reason: 'Connection ids are made by API Gateway at run time; the grant is this API’s own stage only.',
        },
      );
    Validations.of(this.dueFunction.role!).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${logicalIdOf(this.archive.bucket)}.Arn>/tables/*]`,
      reason:
        'One object per closed table, named by its id at run time: s3:PutObject under tables/ of the archive bucket only.',
    });
  }

  /** API_KEY_HASHES from context: literal hashes (validated) or an SSM parameter resolved at deploy time. */
  private apiKeyHashes(props: StammtischStackProps): string {
    if (props.apiKeyHashes !== undefined && props.apiKeyHashesParameter !== undefined)
      throw new Error('give apiKeyHashes or apiKeyHashesParameter, not both');
    if (props.apiKeyHashesParameter !== undefined)
      return StringParameter.valueForStringParameter(this, props.apiKeyHashesParameter);
    const hashes = (props.apiKeyHashes ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
    const bad = hashes.findIndex((h) => !/^[0-9a-f]{64}$/.test(h));
    // A raw key here would end up in the template and the function configuration: refuse anything but a hash
    // (and do not echo it back).
    if (bad !== -1)
      throw new Error(`apiKeyHashes: entry ${bad + 1} is not a sha256 hex hash (64 lowercase hex digits)`);
    if (hashes.length === 0)
      Annotations.of(this).addWarningV2(
        'stammtisch:noApiKeys',
        'no API key hashes (context apiKeyHashes or apiKeyHashesParameter): anyone can create tables',
      );
    return hashes.join(',');
  }
}
