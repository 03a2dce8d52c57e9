import {
  type AttributeValue,
  type DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  ScanCommand,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import type { Hook } from '../functions/ports/webhooks.js';
import type { TournamentCommit } from '../functions/ports/tournament-store.js';
import type { Deliverer } from '../functions/use-cases/webhook-delivery.js';
import { presenceKey } from '../functions/adapters/dynamodb/presence-store.js';
import { TABLE_PROGRESS, type DueWorkStore } from '../functions/ports/due-work.js';
import type { TableStore } from '../functions/ports/table-store.js';
import type { Presence } from '../functions/use-cases/presence.js';
import { loadTable } from '../functions/use-cases/table-stream.js';

/**
 * Start-up healing of what a previous local process left behind. Both scan dynalite once at start-up — fine for the
 * local runtime; nothing on AWS scans (there API Gateway sends every $disconnect, and tables get their standing item
 * when they are created).
 */

async function scanAll(
  client: DynamoDBClient,
  input: Omit<ConstructorParameters<typeof ScanCommand>[0], 'ExclusiveStartKey'>,
): Promise<Record<string, AttributeValue>[]> {
  const items: Record<string, AttributeValue>[] = [];
  let start: Record<string, AttributeValue> | undefined;
  do {
    const page = await client.send(
      new ScanCommand({ ...input, ...(start !== undefined ? { ExclusiveStartKey: start } : {}) }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start !== undefined);
  return items;
}

/**
 * The local gateway lives in the process: after a crash (kill -9) no `$disconnect` came for its connections, so the
 * presence rows still name them. Each is treated as gone now — the seat's player is away and, on a clocked table, its
 * grace period starts (they reconnect within it and nothing happens). Returns how many seat connections were dropped.
 */
export async function healPresence(
  client: DynamoDBClient,
  connectionsTable: string,
  presence: Presence,
): Promise<number> {
  const rows = await scanAll(client, {
    TableName: connectionsTable,
    FilterExpression: 'begins_with(connectionId, :p)',
    ExpressionAttributeValues: { ':p': { S: presenceKey('') } },
  });
  let dropped = 0;
  for (const row of rows) {
    const tableId = (row.connectionId?.S ?? '').slice(presenceKey('').length);
    for (const [name, value] of Object.entries(row)) {
      const m = /^c(\d+)$/.exec(name);
      if (m === null) continue;
      for (const connectionId of value.SS ?? []) {
        await presence.left({
          connectionId,
          authTableId: tableId,
          tableId,
          principal: { kind: 'seat', seat: Number(m[1]), tokenHash: '' },
          endpoint: '',
          connectedAt: 0,
          expiresAt: 0,
        });
        dropped++;
      }
    }
  }
  return dropped;
}

/** Marks a data folder whose live tables all have their standing `table.progress` item. */
const HEALED = { pk: { S: 'MIGRATION' }, sk: { S: 'standing-due-items' } };

/**
 * Tables created before the standing `table.progress` items existed have none: a restarted scheduler would never look
 * at them (a bot-only table stays stuck). Once per data folder: every live table without one gets it, then a marker
 * item says so. Returns how many items were written.
 */
export async function healStandingItems(
  client: DynamoDBClient,
  dataTable: string,
  tables: TableStore,
  dueWork: DueWorkStore,
  now: number,
): Promise<number> {
  const marker = await client.send(new GetItemCommand({ TableName: dataTable, Key: HEALED, ConsistentRead: true }));
  if (marker.Item !== undefined) return 0;
  const metas = await scanAll(client, {
    TableName: dataTable,
    FilterExpression: 'sk = :meta AND begins_with(pk, :t)',
    ExpressionAttributeValues: { ':meta': { S: 'META' }, ':t': { S: 'T#' } },
  });
  let written = 0;
  for (const item of metas) {
    const tableId = (item.pk?.S ?? '').slice(2);
    if ((await dueWork.get(TABLE_PROGRESS, tableId)) !== undefined) continue;
    const loaded = await loadTable(tables, tableId).catch(() => undefined);
    if (loaded === undefined || loaded.state.closed) continue;
    await dueWork.put({ at: now, kind: TABLE_PROGRESS, key: tableId });
    written++;
  }
  await client.send(new PutItemCommand({ TableName: dataTable, Item: { ...HEALED, at: { N: String(now) } } }));
  return written;
}

/**
 * Webhook queues after a crash. The local process is the only pump, so every pump lease in the store belongs to the
 * dead process: they are released (on AWS a crashed pump's lease runs out). Then each registration — of a table, a
 * tournament or an API key — catches up (`Deliverer.catchUp`): the commits whose delivery batches the lost in-memory
 * fan-out never made get them now, and every queue is handed to the outbox — nothing waits for a further
 * commit. Run before `LocalScheduler.restore()` arms the stored outbox items: both may start a pump of one queue, and
 * the in-process runner (composition/webhooks.ts `outbox`) runs them one after the other. Returns how many commits were
 * enqueued again.
 */
export async function healWebhooks(
  client: DynamoDBClient,
  dataTable: string,
  deliverer: Deliverer,
  tournamentCommitsFrom: (tournamentId: string, fromSeq: number) => Promise<readonly TournamentCommit[]>,
): Promise<number> {
  const leased = await scanAll(client, {
    TableName: dataTable,
    FilterExpression: 'begins_with(pk, :wh) AND begins_with(sk, :cur) AND attribute_exists(leaseUntil)',
    ExpressionAttributeValues: { ':wh': { S: 'WH#' }, ':cur': { S: 'CUR#' } },
  });
  for (const item of leased)
    await client.send(
      new UpdateItemCommand({
        TableName: dataTable,
        Key: { pk: item.pk!, sk: item.sk! },
        UpdateExpression: 'REMOVE leaseUntil',
      }),
    );
  const hooks = await scanAll(client, {
    TableName: dataTable,
    FilterExpression: 'begins_with(pk, :wh) AND sk = :hook',
    ExpressionAttributeValues: { ':wh': { S: 'WH#' }, ':hook': { S: 'HOOK' } },
  });
  let replayed = 0;
  for (const item of hooks) {
    const hook = JSON.parse(item.h?.S ?? 'null') as Hook | null;
    if (hook !== null) replayed += await deliverer.catchUp(hook, { tournamentCommitsFrom });
  }
  return replayed;
}
