import type { TableCommand, TableState } from '../../engine/index.js';
import { sha256 } from '../crypto/secrets.js';
import { type Actor, actorKey } from '../policy/access.js';
import type { Commit, TableStore } from '../ports/table-store.js';
import { AppError } from './errors.js';
import { type Loaded, stateBefore } from './table-stream.js';

/**
 * Idempotent commands: a command sent with an Idempotency-Key is stored with its commit (`<actor>:<key>` and a hash
 * of the request); a repeat returns the first outcome, a different request under the same key is refused.
 */
export interface IdempotencyTag {
  readonly idem: string;
  readonly requestHash: string;
}

/** The tag stored with a command's commit, or undefined without a key. */
export function idempotencyTag(
  actor: Actor,
  key: string | undefined,
  /** The command, or what stands for it when it is read from the state (a chat text). */
  command: TableCommand | { readonly request: unknown },
  expectedVersion: number | undefined,
): IdempotencyTag | undefined {
  if (key === undefined) return undefined;
  return {
    idem: `${actorKey(actor)}:${key}`,
    requestHash: sha256(JSON.stringify({ command, expectedVersion: expectedVersion ?? null })),
  };
}

/**
 * The commit an idempotency key was stored with, and the state before it. Searched in the current deal's commits
 * (read anyway); a retry pinned to an older `expectedVersion` looks at the one slot its original would have taken (one
 * more read, and only for a command that would otherwise fail with a version conflict), so such retries are recognised
 * after any number of deals. A hit with another request hash is a 422.
 */
export async function findIdempotent(
  store: TableStore,
  tableId: string,
  loaded: Loaded,
  tag: IdempotencyTag,
  expectedVersion: number | undefined,
): Promise<{ commit: Commit; before: TableState | null } | undefined> {
  const found = await lookup(store, tableId, loaded, tag.idem, expectedVersion);
  if (found !== undefined && found.commit.requestHash !== tag.requestHash)
    throw new AppError(422, 'request/idempotency_mismatch', 'this Idempotency-Key was used for another request', {
      field: 'Idempotency-Key',
    });
  return found;
}

async function lookup(
  store: TableStore,
  tableId: string,
  loaded: Loaded,
  idem: string,
  expectedVersion: number | undefined,
): Promise<{ commit: Commit; before: TableState | null } | undefined> {
  const index = loaded.commits.findIndex((c) => c.idempotencyKey === idem);
  const commit = loaded.commits[index];
  if (commit !== undefined) return { commit, before: await stateBefore(store, commit, loaded.commits.slice(0, index)) };
  if (expectedVersion === undefined || expectedVersion >= loaded.version) return undefined;
  const slot = await store.commitHolding(tableId, expectedVersion + 1);
  if (slot === undefined || slot.seq !== expectedVersion + 1 || slot.idempotencyKey !== idem) return undefined;
  return { commit: slot, before: await stateBefore(store, slot) };
}
