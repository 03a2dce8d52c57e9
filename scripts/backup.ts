/**
 * Export and restore a Stammtisch DynamoDB table as JSON lines (one item per line, in DynamoDB's attribute-value
 * form), the data half of the restore runbook (docs/operations.md "Backups and restore"). Works against any DynamoDB endpoint:
 * the local embedded store (`--data-dir .data`, npm start's folder, with the server stopped) or AWS (`--table`, the
 * credentials of the shell). On AWS the usual path is AWS Backup / point-in-time recovery into a new table; this
 * script then copies that table's items into the stack's table (`export --table <restored>`, `restore --table
 * <DataTableName output>`).
 *
 *   npx tsx scripts/backup.ts export  --data-dir .data --out backup.jsonl
 *   npx tsx scripts/backup.ts restore --data-dir .data --in backup.jsonl
 *   npx tsx scripts/backup.ts export  --table <name> --out backup.jsonl      (AWS, default credentials and region)
 *
 * A restore refuses a table that already holds items unless `--force` (a restore never merges two histories).
 */
import {
  type AttributeValue,
  BatchWriteItemCommand,
  type DynamoDBClient,
  ScanCommand,
  type WriteRequest,
} from '@aws-sdk/client-dynamodb';
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

type Item = Record<string, AttributeValue>;

/** JSON for an item: binary values (`B`) as base64, everything else as the SDK gives it. */
export function encodeItem(item: Item): string {
  return JSON.stringify(item, (_key, value: unknown) =>
    value instanceof Uint8Array ? { $base64: Buffer.from(value).toString('base64') } : value,
  );
}

export function decodeItem(line: string): Item {
  return JSON.parse(line, (_key, value: unknown) =>
    typeof value === 'object' && value !== null && '$base64' in value
      ? new Uint8Array(Buffer.from(String((value as { $base64: string }).$base64), 'base64'))
      : value,
  ) as Item;
}

/** Every item of `table`, page by page (a consistent read per page). */
export async function* scanTable(client: DynamoDBClient, table: string): AsyncGenerator<Item> {
  let start: Item | undefined;
  do {
    const page = await client.send(
      new ScanCommand({
        TableName: table,
        ConsistentRead: true,
        ...(start !== undefined ? { ExclusiveStartKey: start } : {}),
      }),
    );
    for (const item of page.Items ?? []) yield item;
    start = page.LastEvaluatedKey;
  } while (start !== undefined);
}

/** Write items in batches of 25, retrying what DynamoDB leaves unprocessed (with back-off) until all are in. */
export async function writeItems(
  client: DynamoDBClient,
  table: string,
  items: AsyncIterable<Item> | Iterable<Item>,
): Promise<number> {
  let count = 0;
  let batch: WriteRequest[] = [];
  const flush = async (): Promise<void> => {
    let pending = batch;
    batch = [];
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt > 8) throw new Error(`restore: ${pending.length} items still unprocessed after ${attempt} attempts`);
      if (attempt > 0) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
      const out = await client.send(new BatchWriteItemCommand({ RequestItems: { [table]: pending } }));
      pending = out.UnprocessedItems?.[table] ?? [];
    }
  };
  for await (const item of items) {
    batch.push({ PutRequest: { Item: item } });
    count++;
    if (batch.length === 25) await flush();
  }
  await flush();
  return count;
}

export async function isEmpty(client: DynamoDBClient, table: string): Promise<boolean> {
  const page = await client.send(new ScanCommand({ TableName: table, Limit: 1 }));
  return (page.Items ?? []).length === 0;
}

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      'data-dir': { type: 'string' },
      table: { type: 'string' },
      out: { type: 'string' },
      in: { type: 'string' },
      force: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const command = positionals[0];
  if (values.help === true || (command !== 'export' && command !== 'restore')) {
    console.log('usage: backup.ts export|restore (--data-dir DIR | --table NAME) (--out FILE | --in FILE) [--force]');
    process.exit(values.help === true ? 0 : 2);
  }
  const { dynamoClient, ensureTables } = await import('../functions/adapters/dynamodb/client.js');
  const { settingsFromEnv } = await import('../functions/composition/config.js');
  const settings = settingsFromEnv();
  let client: DynamoDBClient;
  let close = async (): Promise<void> => {};
  if (values['data-dir'] !== undefined) {
    const { default: dynalite } = await import('dynalite');
    mkdirSync(values['data-dir'], { recursive: true });
    const store = dynalite({ createTableMs: 0, path: values['data-dir'] });
    await new Promise<void>((r) => store.listen(0, '127.0.0.1', () => r()));
    const port = (store.address() as { port: number }).port;
    client = dynamoClient(`http://127.0.0.1:${port}`);
    await ensureTables(client, settings.dataTable, settings.connectionsTable);
    close = () => new Promise((r) => store.close(() => r()));
  } else {
    const { DynamoDBClient } = await import('@aws-sdk/client-dynamodb');
    client = new DynamoDBClient({});
  }
  const table = values.table ?? settings.dataTable;
  try {
    if (command === 'export') {
      if (values.out === undefined) throw new Error('export needs --out FILE');
      const out = createWriteStream(values.out);
      let n = 0;
      for await (const item of scanTable(client, table)) {
        out.write(`${encodeItem(item)}\n`);
        n++;
      }
      await new Promise<void>((r) => out.end(() => r()));
      console.log(`exported ${n} items of ${table} to ${values.out}`);
    } else {
      if (values.in === undefined) throw new Error('restore needs --in FILE');
      if (values.force !== true && !(await isEmpty(client, table)))
        throw new Error(`${table} already holds items: restore into an empty table (or pass --force)`);
      const lines = createInterface({ input: createReadStream(values.in), crlfDelay: Infinity });
      const items = (async function* () {
        for await (const line of lines) if (line.trim() !== '') yield decodeItem(line);
      })();
      const n = await writeItems(client, table, items);
      console.log(`restored ${n} items into ${table}`);
    }
  } finally {
    await close();
  }
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
