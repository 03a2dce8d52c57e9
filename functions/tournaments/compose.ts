import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoTournamentStore } from '../adapters/dynamodb/tournament-store.js';
import type { Runtime } from '../composition/runtime.js';
import type { DueWorkHandler, DueWorkScheduler, DueWorkStore } from '../ports/due-work.js';
import type { Commit, TableStore } from '../ports/table-store.js';
import type { TournamentCommit } from '../ports/tournament-store.js';
import { JOB_CHECK, JOB_START } from './deps.js';
import { TournamentService } from './service.js';
import { type TableSeating, tournamentTables } from './tables.js';

/**
 * Wiring of the tournaments over the one due-work mechanism (functions/ports/due-work.ts): the service schedules its
 * jobs (a round's start, a look at a running round) through the `DueWorkScheduler` the tables use — locally
 * local/scheduler.ts, on AWS the SQS delay queue + due function + sweep — and `tournamentHandlers` are the handlers of
 * those kinds, registered next to `table.progress` (local/server.ts, functions/composition/due.ts).
 */
export function createTournaments(deps: {
  readonly client: DynamoDBClient;
  readonly dataTable: string;
  readonly tableStore: TableStore;
  /** Where tournament tables' standing `table.progress` items go. */
  readonly dueWork: DueWorkStore;
  readonly scheduler: DueWorkScheduler;
  readonly now: () => number;
  /** Called after a tournament table's first commit (locally: the dispatcher; on AWS the stream does it). */
  readonly afterAppend?: (commit: Commit) => Promise<void> | void;
  /** Called after each tournament commit (locally: the WebSocket push; on AWS the stream does it). */
  readonly onCommit?: (commit: TournamentCommit) => void;
  /** The table use cases an organiser's intervention at a table goes through. */
  readonly seating?: TableSeating;
}): { service: TournamentService; handlers: ReadonlyMap<string, DueWorkHandler> } {
  const service = new TournamentService({
    store: new DynamoTournamentStore(deps.client, deps.dataTable),
    tables: tournamentTables({
      store: deps.tableStore,
      dueWork: deps.dueWork,
      now: deps.now,
      ...(deps.afterAppend !== undefined ? { afterAppend: deps.afterAppend } : {}),
      ...(deps.seating !== undefined ? { seating: deps.seating } : {}),
    }),
    due: deps.scheduler,
    now: deps.now,
    ...(deps.onCommit !== undefined ? { onCommit: deps.onCommit } : {}),
  });
  return { service, handlers: tournamentHandlers(service) };
}

/** The due-work handlers of the tournament kinds: run the job (idempotent, it checks the state), then the item goes. */
export function tournamentHandlers(service: TournamentService): ReadonlyMap<string, DueWorkHandler> {
  const run: DueWorkHandler = async (work) => {
    await service.runJob(work);
    return 'done';
  };
  return new Map([
    [JOB_START, run],
    [JOB_CHECK, run],
  ]);
}

/**
 * A scheduler that only stores (a Lambda without DUE_QUEUE_URL, a stack from before due work): the due function's
 * sweep runs the items when they are due.
 */
export function storeOnlyScheduler(store: DueWorkStore): DueWorkScheduler {
  return {
    schedule: async (work) => {
      await store.put(work);
    },
    remind: async () => undefined,
    cancel: async (kind, key) => {
      const item = await store.get(kind, key);
      if (item !== undefined) await store.remove(item);
    },
  };
}

/** Wiring on AWS Lambda (HTTP, stream and due functions): jobs go to `scheduler` (the SQS one when configured). */
export function lambdaTournaments(runtime: Runtime, scheduler?: DueWorkScheduler) {
  return createTournaments({
    client: runtime.client,
    dataTable: runtime.settings.dataTable,
    tableStore: runtime.store,
    dueWork: runtime.dueWork,
    scheduler: scheduler ?? storeOnlyScheduler(runtime.dueWork),
    now: Date.now,
    seating: runtime.service,
  });
}

/**
 * Tournament commits pushed in order per tournament, off the request path (the local runtime's stand-in for the
 * DATA_TABLE stream); `idle()` resolves when nothing is queued.
 */
export function orderedPush(push: (commit: TournamentCommit) => Promise<unknown>) {
  const chains = new Map<string, Promise<void>>();
  let pending = 0;
  return {
    enqueue(commit: TournamentCommit): void {
      pending++;
      const next = (chains.get(commit.tournamentId) ?? Promise.resolve())
        .then(() => push(commit))
        .then(
          () => undefined,
          (e: unknown) => console.error('tournament push failed', e instanceof Error ? e.message : 'unknown'),
        )
        .finally(() => {
          pending--;
          if (chains.get(commit.tournamentId) === next) chains.delete(commit.tournamentId);
        });
      chains.set(commit.tournamentId, next);
    },
    isIdle: (): boolean => pending === 0,
    async idle(): Promise<void> {
      while (chains.size > 0) await Promise.allSettled([...chains.values()]);
    },
  };
}
