import { GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { ArchivedTable, TableArchive } from '../../ports/archive.js';

/** The object key of an archived table. */
export const archiveKey = (tableId: string): string => `tables/${tableId}.json.gz`;

/**
 * Archived tables in the stack's archive bucket (ARCHIVE_BUCKET; infra/stammtisch-stack.ts): one gzipped JSON object
 * per table (`tables/<id>.json.gz`, functions/ports/archive.ts `ArchivedTable`), encrypted at rest, never public.
 */
export class S3TableArchive implements TableArchive {
  constructor(
    private readonly bucket: string,
    private readonly s3: Pick<S3Client, 'send'> = new S3Client({}),
  ) {}

  async put(record: ArchivedTable): Promise<string> {
    const key = archiveKey(record.tableId);
    await this.s3.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: gzipSync(JSON.stringify(record)),
        ContentType: 'application/json',
        ContentEncoding: 'gzip',
      }),
    );
    return `s3://${this.bucket}/${key}`;
  }

  async get(tableId: string): Promise<ArchivedTable | undefined> {
    try {
      const out = await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: archiveKey(tableId) }));
      const bytes = await out.Body?.transformToByteArray();
      return bytes === undefined ? undefined : (JSON.parse(gunzipSync(bytes).toString()) as ArchivedTable);
    } catch (e) {
      if (e instanceof NoSuchKey) return undefined;
      throw e;
    }
  }
}
