import type { DueWorkScheduler } from '../ports/due-work.js';
import type { Commit } from '../ports/table-store.js';
import { createStreamHandler } from '../stream/handler.js';
import { createOnCommit } from '../stream/on-commit.js';
import type { Runtime } from './runtime.js';

/**
 * The DATA_TABLE stream handler bound to a runtime: each new commit is pushed to its subscribers (`fanOut`), then the
 * table progresses (bots act; a turn deadline goes to `scheduler`). functions/stream/lambda.ts on AWS; local/server.ts
 * feeds it Streams-shaped events after each append.
 */
export function createCommitStream(
  runtime: Runtime,
  fanOut: (commit: Commit) => Promise<unknown>,
  scheduler?: DueWorkScheduler,
  extra: { readonly onTableClosed?: (tableId: string) => Promise<void> } = {},
) {
  return createStreamHandler(
    createOnCommit({ service: runtime.service, fanOut, ...(scheduler !== undefined ? { scheduler } : {}), ...extra }),
  );
}
