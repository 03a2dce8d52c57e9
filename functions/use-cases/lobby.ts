import type { TableState } from '../../engine/index.js';
import * as z from 'zod';
import type { LobbyEntry, LobbyPosition, TableMeta, TableStore } from '../ports/table-store.js';
import { AppError } from './errors.js';

/** Keep the lobby entry in step: listed while the table is public, open and has a free seat. */
export async function syncLobby(store: TableStore, meta: TableMeta, state: TableState): Promise<void> {
  const open = meta.seats.filter((s) => s.kind === 'open').length;
  if (meta.visibility === 'public' && open > 0 && !state.closed)
    await store.putLobby({
      tableId: meta.tableId,
      variant: meta.variant,
      preset: meta.preset,
      seats: meta.seats.length,
      openSeats: open,
      createdAt: meta.createdAt,
    });
  else await store.deleteLobby(meta.tableId, meta.createdAt);
}

export interface LobbyListing {
  readonly tables: LobbyEntry[];
  /** Opaque; pass back as `cursor` for the next page. Absent on the last page. */
  readonly nextCursor?: string;
}

/**
 * The lobby: public tables with a free seat, newest first, at most `limit` per page. The cursor is the position of
 * the page's last entry (createdAt, table id — a total order), so paging neither repeats nor skips an entry that
 * stays listed, however many tables are created meanwhile (those sort before the cursor: they are on page one).
 */
export async function openTables(store: TableStore, limit: number, cursor?: string): Promise<LobbyListing> {
  const after = cursor === undefined ? undefined : decodeCursor(cursor);
  await migrateOnce(store);
  const page = await store.listLobby(limit, after);
  return {
    tables: [...page.entries],
    ...(page.next !== undefined ? { nextCursor: encodeCursor(page.next) } : {}),
  };
}

const CursorShape = z.tuple([z.number().int().min(0).max(Number.MAX_SAFE_INTEGER), z.string().regex(/^[\w-]{1,64}$/)]);

export const encodeCursor = (at: LobbyPosition): string =>
  Buffer.from(JSON.stringify([at.createdAt, at.tableId])).toString('base64url');

function decodeCursor(cursor: string): LobbyPosition {
  const bad = (): AppError =>
    new AppError(400, 'request/invalid', 'cursor: not a cursor from this API (pass back `nextCursor` unchanged)', {
      field: 'cursor',
    });
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) throw bad();
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  const out = CursorShape.safeParse(raw);
  if (!out.success) throw bad();
  return { createdAt: out.data[0], tableId: out.data[1] };
}

/**
 * Lobby rows written before sharding (one `LOBBY` key) are moved to their shards once per process, before its first
 * listing (the adapter's migrateLegacyLobby: idempotent, one empty Query once done). Until then deleteLobby also
 * removes the legacy row, so a table that fills or closes first is never listed again.
 */
const migrated = new WeakMap<TableStore, Promise<unknown>>();
function migrateOnce(store: TableStore): Promise<unknown> {
  let done = migrated.get(store);
  if (done === undefined) {
    done = store.migrateLegacyLobby?.() ?? Promise.resolve(0);
    migrated.set(store, done);
    // A failed migration is tried again by the next listing.
    done.catch(() => migrated.delete(store));
  }
  return done;
}
