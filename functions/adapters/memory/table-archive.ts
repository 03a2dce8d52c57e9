import type { ArchivedTable, TableArchive } from '../../ports/archive.js';

/** Archived tables in memory (tests, and `npm start` without a data folder). */
export class MemoryTableArchive implements TableArchive {
  private readonly records = new Map<string, string>();

  async put(record: ArchivedTable): Promise<string> {
    this.records.set(record.tableId, JSON.stringify(record));
    return `memory:${record.tableId}`;
  }

  async get(tableId: string): Promise<ArchivedTable | undefined> {
    const json = this.records.get(tableId);
    return json === undefined ? undefined : (JSON.parse(json) as ArchivedTable);
  }
}
