import {
  type AttributeValue,
  DeleteItemCommand,
  type DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
} from '@aws-sdk/client-dynamodb';
import { conditionalWrite } from './client.js';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { TableEvent, TableState } from '../../../engine/index.js';
import type { AppendResult, Commit, LobbyEntry, TableMeta, TableStore } from '../../ports/table-store.js';

/**
 * The event store on one DynamoDB table (DATA_TABLE: pk S, sk S, TTL `expiresAt`, stream NEW_IMAGE).
 *
 * Items of a table `T#<id>`:
 *   sk `META`              who sits where, key hashes (JSON in `m`), revision `rev`
 *   sk `C#<seq, 12 digits>` one commit: its events (deflated JSON in `ev`), `base`/`pb` pointers to the deal's
 *                          snapshot commit, the snapshot on deal starts (`snap`), idempotency key, secret seeds
 * The lobby `LOBBY` / `<createdAt>#<id>` lists public tables with open seats.
 *
 * A move reads META (GetItem), the head commit (Query, newest first, Limit 1) and the commits of the current deal
 * (Query from its base), and writes ONE item with a condition — no transactions, so it runs on dynalite too.
 */
export class DynamoTableStore implements TableStore {
  constructor(
    private readonly client: DynamoDBClient,
    private readonly tableName: string,
  ) {}

  async createMeta(meta: TableMeta): Promise<boolean> {
    return conditionalWrite(
      this.client.send(
        new PutItemCommand({
          TableName: this.tableName,
          ReturnConsumedCapacity: 'TOTAL',
          Item: metaItem(meta),
          // A table id is created once: fail when any item already has this key.
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      ),
    );
  }

  async getMeta(tableId: string): Promise<TableMeta | undefined> {
    const out = await this.client.send(
      new GetItemCommand({
        TableName: this.tableName,
        ReturnConsumedCapacity: 'TOTAL',
        Key: { pk: { S: tablePk(tableId) }, sk: { S: 'META' } },
        ConsistentRead: true,
      }),
    );
    const m = out.Item?.m?.S;
    return m === undefined ? undefined : (JSON.parse(m) as TableMeta);
  }

  async updateMeta(meta: TableMeta): Promise<boolean> {
    return conditionalWrite(
      this.client.send(
        new PutItemCommand({
          TableName: this.tableName,
          ReturnConsumedCapacity: 'TOTAL',
          Item: metaItem(meta),
          // Optimistic concurrency on the metadata: only replace the revision we read (seat joins race here).
          ConditionExpression: 'rev = :prev',
          ExpressionAttributeValues: { ':prev': { N: String(meta.rev - 1) } },
        }),
      ),
    );
  }

  async append(commit: Commit): Promise<AppendResult> {
    return (await conditionalWrite(
      this.client.send(
        new PutItemCommand({
          TableName: this.tableName,
          ReturnConsumedCapacity: 'TOTAL',
          Item: commitItem(commit),
          // The single conditional write per command: the slot `C#<next seq>` must still be free. Two commands
          // decided on the same version compute the same seq; the second write fails here (a lost race, 409).
          ConditionExpression: 'attribute_not_exists(sk)',
        }),
      ),
    ))
      ? { ok: true }
      : { ok: false, reason: 'conflict' };
  }

  async head(tableId: string): Promise<Commit | undefined> {
    const out = await this.client.send(
      new QueryCommand({
        TableName: this.tableName,
        ReturnConsumedCapacity: 'TOTAL',
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :c)',
        ExpressionAttributeValues: { ':pk': { S: tablePk(tableId) }, ':c': { S: 'C#' } },
        ScanIndexForward: false,
        Limit: 1,
        ConsistentRead: true,
      }),
    );
    const item = out.Items?.[0];
    return item === undefined ? undefined : fromCommitItem(item);
  }

  async commitHolding(tableId: string, seq: number): Promise<Commit | undefined> {
    const out = await this.client.send(
      new QueryCommand({
        TableName: this.tableName,
        ReturnConsumedCapacity: 'TOTAL',
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :lo AND :hi',
        ExpressionAttributeValues: {
          ':pk': { S: tablePk(tableId) },
          ':lo': { S: 'C#' },
          ':hi': { S: commitSk(seq) },
        },
        ScanIndexForward: false,
        Limit: 1,
        ConsistentRead: true,
      }),
    );
    const item = out.Items?.[0];
    return item === undefined ? undefined : fromCommitItem(item);
  }

  async commitAt(tableId: string, seq: number): Promise<Commit | undefined> {
    const out = await this.client.send(
      new GetItemCommand({
        TableName: this.tableName,
        ReturnConsumedCapacity: 'TOTAL',
        Key: { pk: { S: tablePk(tableId) }, sk: { S: commitSk(seq) } },
        ConsistentRead: true,
      }),
    );
    return out.Item === undefined ? undefined : fromCommitItem(out.Item);
  }

  async range(tableId: string, fromSeq: number, toSeq: number, limit = 1000): Promise<readonly Commit[]> {
    const commits: Commit[] = [];
    let start: Record<string, AttributeValue> | undefined;
    do {
      const out = await this.client.send(
        new QueryCommand({
          TableName: this.tableName,
          ReturnConsumedCapacity: 'TOTAL',
          KeyConditionExpression: 'pk = :pk AND sk BETWEEN :lo AND :hi',
          ExpressionAttributeValues: {
            ':pk': { S: tablePk(tableId) },
            ':lo': { S: commitSk(fromSeq) },
            ':hi': { S: commitSk(toSeq) },
          },
          Limit: limit - commits.length,
          ConsistentRead: true,
          ...(start !== undefined ? { ExclusiveStartKey: start } : {}),
        }),
      );
      for (const item of out.Items ?? []) commits.push(fromCommitItem(item));
      start = out.LastEvaluatedKey;
    } while (start !== undefined && commits.length < limit);
    return commits;
  }

  async putLobby(entry: LobbyEntry): Promise<void> {
    await this.client.send(
      new PutItemCommand({
        TableName: this.tableName,
        ReturnConsumedCapacity: 'TOTAL',
        Item: {
          pk: { S: 'LOBBY' },
          sk: { S: lobbySk(entry.tableId, entry.createdAt) },
          m: { S: JSON.stringify(entry) },
        },
      }),
    );
  }

  async deleteLobby(tableId: string, createdAt: number): Promise<void> {
    await this.client.send(
      new DeleteItemCommand({
        TableName: this.tableName,
        ReturnConsumedCapacity: 'TOTAL',
        Key: { pk: { S: 'LOBBY' }, sk: { S: lobbySk(tableId, createdAt) } },
      }),
    );
  }

  async listLobby(limit: number): Promise<readonly LobbyEntry[]> {
    const out = await this.client.send(
      new QueryCommand({
        TableName: this.tableName,
        ReturnConsumedCapacity: 'TOTAL',
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': { S: 'LOBBY' } },
        ScanIndexForward: false,
        Limit: limit,
      }),
    );
    return (out.Items ?? []).flatMap((item) => (item.m?.S !== undefined ? [JSON.parse(item.m.S) as LobbyEntry] : []));
  }
}

const tablePk = (tableId: string): string => `T#${tableId}`;
const commitSk = (seq: number): string => `C#${String(seq).padStart(12, '0')}`;
const lobbySk = (tableId: string, createdAt: number): string => `${String(createdAt).padStart(15, '0')}#${tableId}`;

const pack = (value: unknown): Uint8Array => deflateRawSync(Buffer.from(JSON.stringify(value)));
const unpack = <T>(bytes: Uint8Array | undefined): T =>
  JSON.parse(inflateRawSync(bytes ?? new Uint8Array()).toString()) as T;

function metaItem(meta: TableMeta): Record<string, AttributeValue> {
  return {
    pk: { S: tablePk(meta.tableId) },
    sk: { S: 'META' },
    rev: { N: String(meta.rev) },
    m: { S: JSON.stringify(meta) },
  };
}

function commitItem(c: Commit): Record<string, AttributeValue> {
  const item: Record<string, AttributeValue> = {
    pk: { S: tablePk(c.tableId) },
    sk: { S: commitSk(c.seq) },
    seq: { N: String(c.seq) },
    n: { N: String(c.events.length) },
    base: { N: String(c.base) },
    pb: { N: String(c.prevBase) },
    at: { N: String(c.at) },
    ev: { B: pack(c.events) },
  };
  if (c.snapshot !== undefined) item.snap = { B: pack(c.snapshot) };
  if (c.idempotencyKey !== undefined) item.idem = { S: c.idempotencyKey };
  if (c.requestHash !== undefined) item.rh = { S: c.requestHash };
  if (c.seeds !== undefined) item.seeds = { S: JSON.stringify(c.seeds) };
  if (c.auto === true) item.au = { N: '1' };
  return item;
}

function fromCommitItem(item: Record<string, AttributeValue>): Commit {
  const num = (v: AttributeValue | undefined): number => Number(v?.N ?? '0');
  const pk = item.pk?.S ?? '';
  return {
    tableId: pk.slice(2),
    seq: num(item.seq),
    events: unpack<TableEvent[]>(item.ev?.B),
    base: num(item.base),
    prevBase: num(item.pb),
    at: num(item.at),
    ...(item.snap?.B !== undefined ? { snapshot: unpack<{ at: number; state: TableState | null }>(item.snap.B) } : {}),
    ...(item.idem?.S !== undefined ? { idempotencyKey: item.idem.S } : {}),
    ...(item.rh?.S !== undefined ? { requestHash: item.rh.S } : {}),
    ...(item.seeds?.S !== undefined ? { seeds: JSON.parse(item.seeds.S) as Record<string, string> } : {}),
    ...(item.au?.N === '1' ? { auto: true } : {}),
  };
}

/** Exposed for the stream handler and the local runtime: the item shape of a commit. */
export const encodeCommitItem = commitItem;
/** Decode a commit from a stream NEW_IMAGE. */
export const decodeCommitItem = fromCommitItem;
export const isCommitItem = (item: Record<string, AttributeValue>): boolean =>
  item.sk?.S?.startsWith('C#') === true && item.pk?.S?.startsWith('T#') === true;
