import type { ServiceDeps } from '../use-cases/context.js';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { dynamoClient } from '../adapters/dynamodb/client.js';
import { DynamoDueWorkStore } from '../adapters/dynamodb/due-work-store.js';
import { DynamoTableStore } from '../adapters/dynamodb/table-store.js';
import { RateLimiter } from '../edge/rate-limit.js';
import type { Commit, TableStore } from '../ports/table-store.js';
import { TableService } from '../use-cases/table-service.js';
import { type Settings, settingsFromEnv } from './config.js';

export interface Runtime {
  readonly settings: Settings;
  readonly client: DynamoDBClient;
  /** The event store: DynamoDB (dynalite locally); `opts.tableStore` replaces it (bench/server.ts `--only rest-mem`). */
  readonly store: TableStore;
  /** Due work (functions/ports/due-work.ts), in the same DATA_TABLE. */
  readonly dueWork: DynamoDueWorkStore;
  readonly service: TableService;
  /** One set of per-client buckets for REST and WebSocket alike (undefined: no application limit). */
  readonly rateLimiter: RateLimiter | undefined;
}

/**
 * The composition root shared by the Lambda entry points and the local runtime. On AWS `afterAppend` is unset:
 * the DATA_TABLE stream drives the fan-out; locally the runtime passes a hook that calls the stream handler.
 */
export function createRuntime(
  settings: Settings = settingsFromEnv(),
  opts: {
    client?: DynamoDBClient;
    afterAppend?: (commit: Commit) => Promise<void> | void;
    /** The clock the use cases read (commit times, turn deadlines); tests inject one. */
    now?: () => number;
    /** The rate limiter's clock (default: `now`); tests inject one. */
    rateNow?: () => number;
    /**
     * The event store instead of DynamoDB (the local server's `tableStore: 'memory'`: to measure the store's share of
     * a move; everything else — due work, connections, webhooks — stays on DynamoDB).
     */
    tableStore?: TableStore;
    /** Where bots think (ServiceDeps `think`: the local runtime's thread pool). */
    think?: ServiceDeps['think'];
  } = {},
): Runtime {
  const client = opts.client ?? dynamoClient(settings.dynamoEndpoint);
  const store = opts.tableStore ?? new DynamoTableStore(client, settings.dataTable);
  const dueWork = new DynamoDueWorkStore(client, settings.dataTable, opts.now ?? Date.now);
  const service = new TableService({
    store,
    dueWork,
    ...(opts.afterAppend ? { afterAppend: opts.afterAppend } : {}),
    ...(opts.now ? { now: opts.now } : {}),
    ...(settings.botBudgetMs !== undefined ? { botBudgetMs: settings.botBudgetMs } : {}),
    ...(opts.think !== undefined ? { think: opts.think } : {}),
  });
  const rateLimiter =
    settings.rateLimits === undefined
      ? undefined
      : new RateLimiter(settings.rateLimits, opts.rateNow ?? opts.now ?? Date.now);
  return { settings, client, store, dueWork, service, rateLimiter };
}
