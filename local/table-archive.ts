import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { ArchivedTable, TableArchive } from '../functions/ports/archive.js';

/**
 * The local runtime's archive (docs/operations.md "Closed tables are archived"): one gzipped JSON file per table in
 * a folder (`<data dir>/archive/<id>.json.gz`), the same records as the S3 objects on AWS. Written to a temporary
 * name and renamed, so a crash never leaves half a file.
 */
export class FileTableArchive implements TableArchive {
  constructor(private readonly dir: string) {}

  async put(record: ArchivedTable): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    const file = join(this.dir, `${record.tableId}.json.gz`);
    await writeFile(`${file}.tmp`, gzipSync(JSON.stringify(record)));
    await rename(`${file}.tmp`, file);
    return file;
  }

  async get(tableId: string): Promise<ArchivedTable | undefined> {
    try {
      return JSON.parse(gunzipSync(await readFile(join(this.dir, `${tableId}.json.gz`))).toString()) as ArchivedTable;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw e;
    }
  }
}
