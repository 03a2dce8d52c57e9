import type { Commit, TableMeta } from './table-store.js';

/**
 * Closed tables are archived (docs/operations.md "Closed tables are archived"): their records are exported to an
 * archive (S3 on AWS, a folder locally), the table is marked archived, and its items expire by DynamoDB TTL.
 */

/** One archived table: everything a reader of its history needs, in today's shapes (format 1). */
export interface ArchivedTable {
  readonly format: 1;
  readonly tableId: string;
  /** Epoch millis. */
  readonly archivedAt: number;
  /** The metadata at archiving, without the token hashes (nobody authenticates against an archive). */
  readonly meta: Omit<TableMeta, 'organiserKeyHash' | 'spectatorKeyHashes' | 'seats'> & {
    readonly seats: readonly { readonly kind: string; readonly name?: string }[];
  };
  /** Every commit, oldest first; the seating a commit carries without token hashes (names only). */
  readonly commits: readonly (Omit<Commit, 'seating'> & { readonly seating?: ArchivedTable['meta']['seats'] })[];
}

/** Where archived tables are kept. */
export interface TableArchive {
  /** Store `record` (replacing an earlier copy: archiving is at least once); the location it is at. */
  put(record: ArchivedTable): Promise<string>;
  /** The archived table, if any. */
  get(tableId: string): Promise<ArchivedTable | undefined>;
}

/** The live store's side of archiving: expiring a table's items. */
export interface TableExpiry {
  /**
   * Give every item of the table but its metadata (the tombstone reads answer 410 from) `expiresAt` = `at` (epoch
   * seconds): DynamoDB's TTL removes them within days of that time. Idempotent; how many items were marked.
   */
  expire(tableId: string, at: number): Promise<number>;
}

/** The due-work kind that archives one closed table (key: the table id). */
export const TABLE_ARCHIVE = 'table.archive';

/** When a closed table is archived and when its items expire. */
export interface ArchivePolicy {
  /** After the close: players can still look at the last deals and the score sheet until then. */
  readonly afterMs: number;
  /** After archiving: TTL then removes the items (a safety margin for a restore from backup). */
  readonly expireAfterMs: number;
}

export const DEFAULT_ARCHIVE_POLICY: ArchivePolicy = { afterMs: 7 * 86_400_000, expireAfterMs: 86_400_000 };
