import { S3TableArchive } from '../adapters/s3/table-archive.js';
import type { TableArchive } from '../ports/archive.js';
import type { Runtime } from './runtime.js';

/**
 * The archive of closed tables on AWS (ARCHIVE_BUCKET, the due function only; docs/operations.md "Closed tables are
 * archived"). Its own module so that only the due function's bundle carries the S3 client.
 */
export function s3Archive(runtime: Runtime): TableArchive | undefined {
  const bucket = runtime.settings.archiveBucket;
  return bucket === undefined ? undefined : new S3TableArchive(bucket);
}
