import { type CfnElement, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Alias, Architecture, LoggingFormat, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleSettings } from './bundling.js';

/** The repository root (entry points and package-lock.json are resolved from here, not from the shell's cwd). */
export const repositoryRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * What a function may do with a table, as exact DynamoDB actions (never `dynamodb:*`, never Scan), one profile per use:
 * - `events`: the REST API on the event store (functions/adapters/dynamodb/table-store.ts): GetItem/Query to load,
 *   PutItem with a condition to append or update META/lobby rows, DeleteItem for lobby rows (a table filled or closed;
 *   the lobby is sharded over `LOBBY#<n>` keys in the same table — key design, no index; legacy `LOBBY` rows are
 *   moved by the same three actions).
 * - `play`: a command from the WebSocket `act` route or a bot in the fan-out: load, decide, append — no lobby rows.
 * - `connections`: the WebSocket routes on connection rows (functions/adapters/dynamodb/connection-store.ts): put on
 *   $connect, get, update on (un)subscribe, delete on $disconnect; the seat presence rows (update) and the `byTable`
 *   index (query: a `presence` frame goes to the table's subscribers).
 * - `progress`: tables progressing on their own (the stream's bot step, the due-work function): load, decide, append,
 *   and the due-work items (functions/adapters/dynamodb/due-work-store.ts: get, put, list, conditional delete).
 * - `fanOut`: the stream fan-out on connection rows: query the `byTable` index, unsubscribe a revoked seat, remove a
 *   connection API Gateway reports gone (410).
 * test/infra/grants.suite.ts runs the real handlers against dynalite and checks that each function calls exactly the
 * actions granted to it.
 */
export const tableAccess = {
  events: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query', 'dynamodb:DeleteItem'],
  play: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query'],
  progress: ['dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query'],
  connections: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:Query'],
  fanOut: ['dynamodb:Query', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'],
  /** Webhook deliveries (functions/adapters/dynamodb/webhook-store.ts): the queue cursor and pump lease. */
  webhooks: ['dynamodb:UpdateItem'],
} as const satisfies Record<string, readonly string[]>;

export interface StammtischFunctionProps {
  /** Entry file relative to the repository root; it exports `handler`. */
  readonly entry: string;
  readonly description: string;
  readonly environment?: Record<string, string>;
  /** Default 512 MB (on ARM64 this also buys the CPU share that keeps cold starts short). */
  readonly memorySize?: number;
  /** Default 10 s (API Gateway gives up at 29 s for HTTP, 29 s for WebSocket integrations). */
  readonly timeout?: Duration;
  /** Default one month. */
  readonly logRetention?: RetentionDays;
  /** Ship source maps and map stack traces at run time (costs init time; see `bundling.ts`). Default false. */
  readonly sourceMaps?: boolean;
  /** Alarm when the p99 duration over 5 minutes exceeds this (what users feel). Default 3 s. */
  readonly p99Alarm?: Duration;
}

/**
 * A Lambda function with the Stammtisch defaults, so the stack only composes: ARM64, Node.js 24, an esbuild bundle
 * built locally (never Docker) with the settings of `bundling.ts`, an explicit log group with a retention (instead of
 * the unbounded one Lambda would create), JSON logs, and alarms on errors and throttles.
 *
 * @example
 * const fn = new StammtischFunction(this, 'Http', { entry: 'functions/http/lambda.ts', description: 'REST API' });
 * fn.bindTable(dataTable, 'events');
 */
export class StammtischFunction extends NodejsFunction {
  readonly errorsAlarm: Alarm;
  readonly throttlesAlarm: Alarm;
  readonly durationAlarm: Alarm;
  /**
   * The `live` alias: every integration, event source and schedule invokes it, never `$LATEST`, so a deploy publishes
   * a version and shifts the alias to it gradually (infra/constructs/safe-deploy.ts).
   */
  readonly live: Alias;

  constructor(scope: Construct, id: string, props: StammtischFunctionProps) {
    // The log group is created first (and owned by the stack) so retention applies from the first invocation.
    const logGroup = new LogGroup(scope, `${id}LogGroup`, {
      retention: props.logRetention ?? RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    // An own role instead of AWSLambdaBasicExecutionRole (which may write to any log group): this log group only.
    const role = new Role(scope, `${id}Role`, { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [logGroup.logGroupArn, `${logGroup.logGroupArn}:log-stream:*`],
      }),
    );
    super(scope, id, {
      role,
      // Powertools Tracer: the function's segment plus a subsegment per DynamoDB call (functions/observability).
      tracing: Tracing.ACTIVE,
      entry: join(repositoryRoot, props.entry),
      handler: 'handler',
      projectRoot: repositoryRoot,
      depsLockFilePath: join(repositoryRoot, 'package-lock.json'),
      description: props.description,
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      logGroup,
      loggingFormat: LoggingFormat.JSON,
      // With source maps, stack traces in the logs point at the TypeScript sources (the .map ships with the bundle).
      environment: {
        ...(props.sourceMaps === true ? { NODE_OPTIONS: '--enable-source-maps' } : {}),
        ...props.environment,
      },
      bundling: {
        forceDockerBundling: false,
        format: OutputFormat.ESM,
        target: bundleSettings.target,
        minify: bundleSettings.minify,
        sourceMap: props.sourceMaps ?? bundleSettings.sourcemap,
        sourcesContent: bundleSettings.sourcesContent,
        mainFields: [...bundleSettings.mainFields],
        externalModules: [...bundleSettings.external],
        banner: bundleSettings.banner,
      },
    });

    this.live = new Alias(this, 'Live', { aliasName: 'live', version: this.currentVersion });

    // Any error is worth a look: the handlers turn client mistakes into 4xx responses, so an error is our bug.
    this.errorsAlarm = new Alarm(this, 'ErrorsAlarm', {
      alarmDescription: `${props.description}: invocation errors`,
      metric: this.metricErrors({ period: Duration.minutes(5), statistic: 'Sum' }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    // Throttles mean the account's concurrency (or a reservation) is exhausted: requests are being refused.
    this.throttlesAlarm = new Alarm(this, 'ThrottlesAlarm', {
      alarmDescription: `${props.description}: throttled invocations`,
      metric: this.metricThrottles({ period: Duration.minutes(5), statistic: 'Sum' }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });

    // Slow is broken for a player: p99 over the threshold for 15 minutes.
    this.durationAlarm = new Alarm(this, 'DurationP99Alarm', {
      alarmDescription: `${props.description}: p99 duration above ${(props.p99Alarm ?? Duration.seconds(3)).toHumanString()}`,
      metric: this.metricDuration({ period: Duration.minutes(5), statistic: 'p99' }),
      threshold: (props.p99Alarm ?? Duration.seconds(3)).toMilliseconds(),
      evaluationPeriods: 3,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });

    // cdk-nag (test/infra/nag.suite.ts): each acknowledgement with its reason.
    Validations.of(role).acknowledge(
      {
        id: `AwsSolutions-IAM5[Resource::<${logicalIdOf(logGroup)}.Arn>:log-stream:*]`,
        reason: 'Lambda names its log streams at run time; the grant is limited to this function’s own log group.',
      },
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason:
          'No resource-level permissions exist for X-Ray PutTraceSegments/PutTelemetryRecords (active tracing) nor, on the stream function, for dynamodb:ListStreams.',
      },
    );
    Validations.of(this).acknowledge({
      id: 'Serverless-LambdaDLQ',
      reason:
        'Invoked synchronously (API Gateway) or by an event source mapping with its own on-failure queue; a function DLQ only serves asynchronous invocations, which never happen.',
    });
  }

  /** The function's alarms (the stack sends them to its alarm topic). */
  get alarms(): readonly Alarm[] {
    return [this.errorsAlarm, this.throttlesAlarm, this.durationAlarm];
  }

  /**
   * Grant exactly the actions of `access` on `table` and pass its name in `envName`. `indexes`: on every index of the
   * table (default), or on the table and exactly the named indexes (DATA_TABLE: only the due function reads `byDue`).
   */
  bindTable(
    table: ITable,
    access: keyof typeof tableAccess,
    envName?: string,
    indexes: 'all' | readonly string[] = 'all',
  ): this {
    if (indexes === 'all') table.grant(this, ...tableAccess[access]);
    else
      this.addToRolePolicy(
        new PolicyStatement({
          actions: [...tableAccess[access]],
          resources: [table.tableArn, ...indexes.map((index) => `${table.tableArn}/index/${index}`)],
        }),
      );
    if (envName !== undefined) this.addEnvironment(envName, table.tableName);
    return this;
  }
}

/** The logical id CDK gives a construct's CloudFormation resource (cdk-nag names resources by it). */
export function logicalIdOf(c: Construct): string {
  const child = c.node.defaultChild;
  if (child === undefined) return c.node.id;
  const stack = Stack.of(c);
  return String(stack.resolve(stack.getLogicalId(child as CfnElement)));
}
