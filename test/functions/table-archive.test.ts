import { GetObjectCommand, NoSuchKey, PutObjectCommand } from '@aws-sdk/client-s3';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { S3TableArchive } from '../../functions/adapters/s3/table-archive.js';
import type { ArchivedTable } from '../../functions/ports/archive.js';

// The S3 archive of closed tables (docs/operations.md "Closed tables are archived"), at the SDK boundary: one gzipped
// JSON object per table under tables/, read back the same; a table never archived is undefined, not an error.

const record: ArchivedTable = {
  format: 1,
  tableId: 't_0123456789abcdef',
  archivedAt: 1_700_000_000_000,
  meta: {
    tableId: 't_0123456789abcdef',
    variant: 'schafkopf',
    preset: 'standard',
    visibility: 'public',
    createdAt: 1,
    rev: 3,
    seats: [{ kind: 'bot', name: 'Bot' }],
  } as ArchivedTable['meta'],
  commits: [],
};

class FakeS3 {
  readonly objects = new Map<string, Uint8Array>();
  readonly calls: string[] = [];
  async send(command: PutObjectCommand | GetObjectCommand): Promise<unknown> {
    this.calls.push(command.constructor.name);
    if (command instanceof PutObjectCommand) {
      expect(command.input).toMatchObject({
        Bucket: 'archive',
        ContentEncoding: 'gzip',
        ContentType: 'application/json',
      });
      this.objects.set(command.input.Key!, command.input.Body as Uint8Array);
      return {};
    }
    const body = this.objects.get(command.input.Key!);
    if (body === undefined) throw new NoSuchKey({ message: 'no such key', $metadata: {} });
    return { Body: { transformToByteArray: async () => body } };
  }
}

describe('S3TableArchive', () => {
  it('puts one gzipped JSON object per table under tables/ and reads it back; a missing one is undefined', async () => {
    const s3 = new FakeS3();
    const archive = new S3TableArchive('archive', s3 as never);
    expect(await archive.put(record)).toBe('s3://archive/tables/t_0123456789abcdef.json.gz');
    expect(JSON.parse(gunzipSync(s3.objects.get('tables/t_0123456789abcdef.json.gz')!).toString())).toEqual(record);
    expect(await archive.get(record.tableId)).toEqual(record);
    expect(await archive.get('t_ffffffffffffffff')).toBeUndefined();
    expect(s3.calls).toEqual(['PutObjectCommand', 'GetObjectCommand', 'GetObjectCommand']);
  });
});
