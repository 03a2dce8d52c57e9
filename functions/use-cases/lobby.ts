import type { TableState } from '../../engine/index.js';
import type { LobbyEntry, TableMeta, TableStore } from '../ports/table-store.js';

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

/** The lobby: public tables with a free seat, at most `limit`. */
export async function openTables(store: TableStore, limit: number): Promise<LobbyEntry[]> {
  return [...(await store.listLobby(limit))];
}
