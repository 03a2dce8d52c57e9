import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoTournamentStore } from '../adapters/dynamodb/tournament-store.js';
import type { Runtime } from '../composition/runtime.js';
import type { Commit, TableStore } from '../ports/table-store.js';
import { type Clock, type DueJob, type DueWork, LocalDueWork, StoredDueWork } from './due-work.js';
import { TournamentService } from './service.js';
import { tournamentTables } from './tables.js';

/**
 * Wiring of the tournaments for the local runtime: the service over the DynamoDB store, its tables over the table
 * store, and the durable due work with the given clock (restored from the store by `start()`).
 */
export function localTournaments(deps: {
  readonly client: DynamoDBClient;
  readonly dataTable: string;
  readonly tableStore: TableStore;
  readonly clock: Clock;
  readonly afterAppend?: (commit: Commit) => Promise<void> | void;
  readonly onError?: (job: DueJob, error: unknown) => void;
}): { service: TournamentService; due: LocalDueWork } {
  // The runner calls the service, which schedules through the runner: the handler only runs after both exist.
  const due: LocalDueWork = new LocalDueWork(
    deps.client,
    deps.dataTable,
    deps.clock,
    (job): Promise<void> => service.runJob(job),
    deps.onError,
  );
  const service: TournamentService = new TournamentService({
    store: new DynamoTournamentStore(deps.client, deps.dataTable),
    tables: tournamentTables({
      store: deps.tableStore,
      now: () => deps.clock.now(),
      ...(deps.afterAppend !== undefined ? { afterAppend: deps.afterAppend } : {}),
    }),
    due,
    now: () => deps.clock.now(),
  });
  return { service, due };
}

/**
 * Wiring on AWS Lambda: due jobs are only stored; a scheduled function runs `due.sweep(now, job =>
 * service.runJob(job))`. Tables' first commits reach the stream like any other.
 */
export function lambdaTournaments(runtime: Runtime): { service: TournamentService; due: StoredDueWork } {
  const { client } = runtime;
  const dataTable = runtime.settings.dataTable;
  const due: StoredDueWork = new StoredDueWork(client, dataTable);
  const service: TournamentService = new TournamentService({
    store: new DynamoTournamentStore(client, dataTable),
    tables: tournamentTables({ store: runtime.store, now: Date.now }),
    due: due satisfies DueWork,
    now: Date.now,
  });
  return { service, due };
}
