import type { Connection, ConnectionStore, SubscriptionAudience } from '../../ports/connections.js';

/** Connections in memory (unit tests); behaves like the DynamoDB adapter, including the sparse byTable index. */
export class MemoryConnectionStore implements ConnectionStore {
  private readonly rows = new Map<string, Connection>();

  async put(connection: Connection): Promise<void> {
    this.rows.set(connection.connectionId, connection);
  }

  async get(connectionId: string): Promise<Connection | undefined> {
    return this.rows.get(connectionId);
  }

  async subscribe(connectionId: string, tableId: string, audience: SubscriptionAudience): Promise<boolean> {
    const row = this.rows.get(connectionId);
    if (row === undefined) return false;
    this.rows.set(connectionId, { ...row, tableId, audience });
    return true;
  }

  async unsubscribe(connectionId: string): Promise<Connection | undefined> {
    const row = this.rows.get(connectionId);
    if (row === undefined) return undefined;
    const { tableId: _t, audience: _a, ...rest } = row;
    this.rows.set(connectionId, rest);
    return row;
  }

  async remove(connectionId: string): Promise<Connection | undefined> {
    const row = this.rows.get(connectionId);
    this.rows.delete(connectionId);
    return row;
  }

  async byTable(tableId: string, nowSeconds: number): Promise<readonly Connection[]> {
    return [...this.rows.values()]
      .filter((c) => c.tableId === tableId && c.expiresAt > nowSeconds)
      .sort((a, b) => (a.connectionId < b.connectionId ? -1 : 1));
  }
}
