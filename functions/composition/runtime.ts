import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { dynamoClient } from '../adapters/dynamodb/client.js';
import { DynamoTableStore } from '../adapters/dynamodb/table-store.js';
import type { Commit } from '../ports/table-store.js';
import { TableService } from '../use-cases/table-service.js';
import { type Settings, settingsFromEnv } from './config.js';

export interface Runtime {
  readonly settings: Settings;
  readonly client: DynamoDBClient;
  readonly store: DynamoTableStore;
  readonly service: TableService;
}

/**
 * The composition root shared by the Lambda entry points and the local runtime. On AWS `afterAppend` is unset:
 * the DATA_TABLE stream drives the fan-out; locally the runtime passes a hook that calls the stream handler.
 */
export function createRuntime(
  settings: Settings = settingsFromEnv(),
  opts: { client?: DynamoDBClient; afterAppend?: (commit: Commit) => Promise<void> | void } = {},
): Runtime {
  const client = opts.client ?? dynamoClient(settings.dynamoEndpoint);
  const store = new DynamoTableStore(client, settings.dataTable);
  const service = new TableService({
    store,
    ...(opts.afterAppend ? { afterAppend: opts.afterAppend } : {}),
    ...(settings.botBudgetMs !== undefined ? { botBudgetMs: settings.botBudgetMs } : {}),
  });
  return { settings, client, store, service };
}
