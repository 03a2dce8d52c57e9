import type { DueWorkScheduler } from '../ports/due-work.js';
import type { Commit } from '../ports/table-store.js';
import type { TournamentCommit } from '../ports/tournament-store.js';
import { DynamoTournamentStore } from '../adapters/dynamodb/tournament-store.js';
import { createStreamHandler } from '../stream/handler.js';
import { createOnCommit } from '../stream/on-commit.js';
import type { Runtime } from './runtime.js';
import type { Webhooks } from './webhooks.js';

/**
 * The DATA_TABLE stream handler bound to a runtime: each new commit is pushed to its subscribers (`fanOut`), then the
 * table progresses (bots act; a turn deadline goes to `scheduler`). functions/stream/lambda.ts on AWS; local/server.ts
 * feeds it Streams-shaped events after each append.
 */
export function createCommitStream(
  runtime: Runtime,
  fanOut: (commit: Commit) => Promise<unknown>,
  scheduler?: DueWorkScheduler,
  extra: {
    readonly onTableClosed?: (tableId: string) => Promise<void>;
    readonly webhooks?: Webhooks;
    /** Push a tournament commit to its WebSocket subscribers (functions/tournaments/push.ts). */
    readonly onTournamentCommit?: (commit: TournamentCommit) => Promise<unknown>;
  } = {},
) {
  const webhooks = extra.webhooks;
  return createStreamHandler(
    createOnCommit({
      service: runtime.service,
      fanOut,
      ...(scheduler !== undefined ? { scheduler } : {}),
      ...(extra.onTableClosed !== undefined ? { onTableClosed: extra.onTableClosed } : {}),
      ...(webhooks !== undefined ? { webhooks: (commit: Commit) => webhooks.deliverer.onCommit(commit) } : {}),
    }),
    extra.onTournamentCommit,
    // A large tournament commit (a 5,000-player draw) is stored in parts: the push reads the rest.
    (item) => new DynamoTournamentStore(runtime.client, runtime.settings.dataTable).decode(item),
  );
}
