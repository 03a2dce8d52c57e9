import {
  type AttributeValue,
  DeleteItemCommand,
  type DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  paginateQuery,
} from '@aws-sdk/client-dynamodb';
import { conditionalWrite } from './client.js';
import { createHash } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { STORAGE_SCHEMA, type StorageSchema, upcastEvents, upcastSnapshot } from '../schema.js';
import {
  type AppendResult,
  type Commit,
  compareLobby,
  type LobbyEntry,
  type LobbyPage,
  type LobbyPosition,
  type MetaAndAfter,
  type SeatInfo,
  type TableMeta,
  type TableStore,
} from '../../ports/table-store.js';

/**
 * The event store on one DynamoDB table (DATA_TABLE: pk S, sk S, TTL `expiresAt`, stream NEW_IMAGE).
 *
 * Items of a table `T#<id>`:
 *   sk `META`              settings and key hashes (JSON in `m`), revision `rev`; its `seats` are the seating at
 *                          creation (tables stored before seating moved into the stream: until their first seat change)
 *   sk `C#<seq, 12 digits>` one commit: its events (deflated JSON in `ev`, their schema version in `v`), `base`/`pb`
 *                          pointers to the deal's snapshot commit, the snapshot on deal starts (`snap`, its version
 *                          in `sv`), idempotency key, secret seeds, the seating with its token hashes (`st`, JSON;
 *                          on base commits and seat changes), the listen facts (`ls` epoch, `wt` watched;
 *                          use-cases/listen.ts). Reads upcast older versions (functions/adapters/schema.ts).
 *   sk `C#<seq>` + `fence`  a listen fence in the slot after the head (no `ev`): every read skips it, and only a
 *                          commit with at least its epoch takes the slot (a MODIFY on the stream)
 * `KT#<key hash>` / `<table id>` the tables an API key created (its webhook registrations raise their epochs).
 * The lobby `LOBBY#<shard>` / `<createdAt, 15 digits>#<id>` lists public tables with open seats (LOBBY_SHARDS below).
 *
 * A cold move reads META (GetItem), the head commit (Query, newest first, Limit 2: a fence may come first) and the
 * commits of the current deal (Query from its base), and writes ONE item with a condition — no transactions, so it
 * runs on dynalite too. A warm move (cached head and settings) reads nothing; a join is that same one write; a warm GET view reads META and the commits after its cached head
 * in one Query (`metaAndAfter`).
 */
export class DynamoTableStore implements TableStore {
  constructor(
    private readonly client: DynamoDBClient,
    private readonly tableName: string,
    /** The stored shapes' versions and upcasters; tests pass other ones to prove the upgrade path. */
    private readonly schema: StorageSchema = STORAGE_SCHEMA,
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
    const epoch = commit.listen ?? 0;
    return (await conditionalWrite(
      this.client.send(
        new PutItemCommand({
          TableName: this.tableName,
          ReturnConsumedCapacity: 'TOTAL',
          Item: commitItem(commit, this.schema),
          // The single conditional write per command: the slot `C#<next seq>` must still be free. Two commands
          // decided on the same version compute the same seq; the second write fails here (a lost race, 409).
          // A fence in the slot (`fence`) gives way only to a commit carrying at least its listen epoch.
          ...(epoch > 0
            ? {
                ConditionExpression: 'attribute_not_exists(sk) OR fence <= :e',
                ExpressionAttributeValues: { ':e': { N: String(epoch) } },
              }
            : { ConditionExpression: 'attribute_not_exists(sk)' }),
        }),
      ),
    ))
      ? { ok: true }
      : { ok: false, reason: 'conflict' };
  }

  async fence(tableId: string, seq: number, epoch: number): Promise<'fenced' | 'taken'> {
    const key = { pk: { S: tablePk(tableId) }, sk: { S: commitSk(seq) } };
    const put = await conditionalWrite(
      this.client.send(
        new PutItemCommand({
          TableName: this.tableName,
          ReturnConsumedCapacity: 'TOTAL',
          Item: { ...key, fence: { N: String(epoch) } },
          // Only a free slot or an older fence: a commit is never overwritten, a newer fence never lowered.
          ConditionExpression: 'attribute_not_exists(sk) OR fence < :e',
          ExpressionAttributeValues: { ':e': { N: String(epoch) } },
        }),
      ),
    );
    if (put) return 'fenced';
    const out = await this.client.send(
      new GetItemCommand({
        TableName: this.tableName,
        ReturnConsumedCapacity: 'TOTAL',
        Key: key,
        ConsistentRead: true,
      }),
    );
    return out.Item?.fence !== undefined ? 'fenced' : 'taken';
  }

  async head(tableId: string): Promise<Commit | undefined> {
    const out = await this.client.send(
      new QueryCommand({
        TableName: this.tableName,
        ReturnConsumedCapacity: 'TOTAL',
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :c)',
        ExpressionAttributeValues: { ':pk': { S: tablePk(tableId) }, ':c': { S: 'C#' } },
        ScanIndexForward: false,
        // Two: the newest `C#` item may be a fence (at most one, always after the head).
        Limit: 2,
        ConsistentRead: true,
      }),
    );
    const item = out.Items?.find(isCommitItem);
    return item === undefined ? undefined : fromCommitItem(item, this.schema);
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
        Limit: 2,
        ConsistentRead: true,
      }),
    );
    const item = out.Items?.find(isCommitItem);
    return item === undefined ? undefined : fromCommitItem(item, this.schema);
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
    return out.Item === undefined || !isCommitItem(out.Item) ? undefined : fromCommitItem(out.Item, this.schema);
  }

  async metaAndAfter(tableId: string, fromSeq: number, limit: number): Promise<MetaAndAfter> {
    // One consistent Query from the slot `C#<fromSeq>` up to `META`: the table's partition holds only `C#` commits and
    // `META` (and `C#` < `META`), so it returns the newer commits, then the metadata — one read instead of a GetItem
    // of META and one of the slot. `limit + 1` items: more newer commits than that leave META unread (`complete: false`).
    const out = await this.client.send(
      new QueryCommand({
        TableName: this.tableName,
        ReturnConsumedCapacity: 'TOTAL',
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :lo AND :meta',
        ExpressionAttributeValues: {
          ':pk': { S: tablePk(tableId) },
          ':lo': { S: commitSk(fromSeq) },
          ':meta': { S: 'META' },
        },
        Limit: limit + 1,
        ConsistentRead: true,
      }),
    );
    const commits: Commit[] = [];
    let meta: TableMeta | undefined;
    for (const item of out.Items ?? []) {
      if (item.sk?.S === 'META') {
        const m = item.m?.S;
        if (m !== undefined) meta = JSON.parse(m) as TableMeta;
      } else if (isCommitItem(item)) commits.push(fromCommitItem(item, this.schema));
    }
    // The page ended before META (more than `limit` commits, or DynamoDB's 1 MB page): not complete.
    const complete = meta !== undefined || out.LastEvaluatedKey === undefined;
    return { meta, commits: commits.slice(0, limit), complete };
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
      for (const item of out.Items ?? []) if (isCommitItem(item)) commits.push(fromCommitItem(item, this.schema));
      start = out.LastEvaluatedKey;
    } while (start !== undefined && commits.length < limit);
    return commits;
  }

  async noteCreator(keyHash: string, tableId: string): Promise<void> {
    await this.client.send(
      new PutItemCommand({
        TableName: this.tableName,
        ReturnConsumedCapacity: 'TOTAL',
        Item: { pk: { S: creatorPk(keyHash) }, sk: { S: tableId } },
      }),
    );
  }

  async dropCreator(keyHash: string, tableId: string): Promise<void> {
    await this.client.send(
      new DeleteItemCommand({
        TableName: this.tableName,
        ReturnConsumedCapacity: 'TOTAL',
        Key: { pk: { S: creatorPk(keyHash) }, sk: { S: tableId } },
      }),
    );
  }

  async tablesOfCreator(
    keyHash: string,
    limit: number,
    after?: string,
  ): Promise<{ readonly tableIds: readonly string[]; readonly next?: string }> {
    const out = await this.client.send(
      new QueryCommand({
        TableName: this.tableName,
        ReturnConsumedCapacity: 'TOTAL',
        KeyConditionExpression: after === undefined ? 'pk = :pk' : 'pk = :pk AND sk > :after',
        ExpressionAttributeValues: {
          ':pk': { S: creatorPk(keyHash) },
          ...(after !== undefined ? { ':after': { S: after } } : {}),
        },
        Limit: limit,
        ConsistentRead: true,
      }),
    );
    const tableIds = (out.Items ?? []).map((item) => item.sk?.S ?? '').filter((id) => id !== '');
    const last = tableIds.at(-1);
    return out.LastEvaluatedKey !== undefined && last !== undefined ? { tableIds, next: last } : { tableIds };
  }

  async getAnalysis(tableId: string, deal: number, version: string): Promise<string | undefined> {
    const out = await this.client.send(
      new GetItemCommand({
        TableName: this.tableName,
        ReturnConsumedCapacity: 'TOTAL',
        Key: { pk: { S: analysisPk(tableId) }, sk: { S: `${deal}#${version}` } },
      }),
    );
    return out.Item?.a?.S;
  }

  async putAnalysis(tableId: string, deal: number, version: string, json: string): Promise<void> {
    // No condition: an analysis is a pure function of the finished deal, so concurrent writers write the same item.
    await this.client.send(
      new PutItemCommand({
        TableName: this.tableName,
        ReturnConsumedCapacity: 'TOTAL',
        Item: { pk: { S: analysisPk(tableId) }, sk: { S: `${deal}#${version}` }, a: { S: json } },
      }),
    );
  }

  async putLobby(entry: LobbyEntry): Promise<void> {
    await this.client.send(
      new PutItemCommand({
        TableName: this.tableName,
        ReturnConsumedCapacity: 'TOTAL',
        Item: lobbyItem(entry),
      }),
    );
  }

  async deleteLobby(tableId: string, createdAt: number): Promise<void> {
    const sk = { S: lobbySk(tableId, createdAt) };
    // The legacy key too: a table listed before the lobby was sharded may fill or close before any process has
    // migrated its row (migrateLegacyLobby); deleting a missing item is a no-op.
    await Promise.all(
      [lobbyShardPk(tableId), LEGACY_LOBBY_PK].map((pk) =>
        this.client.send(
          new DeleteItemCommand({
            TableName: this.tableName,
            ReturnConsumedCapacity: 'TOTAL',
            Key: { pk: { S: pk }, sk },
          }),
        ),
      ),
    );
  }

  async listLobby(limit: number, after?: LobbyPosition): Promise<LobbyPage> {
    // Every shard in parallel, each its newest `limit + 1` entries after the cursor; merged, the first `limit` are
    // the page and an entry beyond them means there is a next page. (≤ 101 small items per Query: far under 1 MB.)
    const shards = await Promise.all(
      Array.from({ length: LOBBY_SHARDS }, (_, shard) =>
        this.client.send(
          new QueryCommand({
            TableName: this.tableName,
            ReturnConsumedCapacity: 'TOTAL',
            KeyConditionExpression: after === undefined ? 'pk = :pk' : 'pk = :pk AND sk < :after',
            ExpressionAttributeValues: {
              ':pk': { S: `${LOBBY_PREFIX}${shard}` },
              ...(after !== undefined ? { ':after': { S: lobbySk(after.tableId, after.createdAt) } } : {}),
            },
            ScanIndexForward: false,
            Limit: limit + 1,
          }),
        ),
      ),
    );
    const merged = shards
      .flatMap((out) => out.Items ?? [])
      .flatMap((item) => (item.m?.S !== undefined ? [JSON.parse(item.m.S) as LobbyEntry] : []))
      .sort(compareLobby);
    const entries = merged.slice(0, limit);
    const last = entries.at(-1);
    return merged.length > limit && last !== undefined
      ? { entries, next: { createdAt: last.createdAt, tableId: last.tableId } }
      : { entries };
  }

  async migrateLegacyLobby(): Promise<number> {
    let moved = 0;
    for await (const page of paginateQuery(
      { client: this.client },
      {
        TableName: this.tableName,
        ReturnConsumedCapacity: 'TOTAL',
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': { S: LEGACY_LOBBY_PK } },
        ConsistentRead: true,
      },
    )) {
      for (const item of page.Items ?? []) if (await this.migrateOne(item)) moved++;
    }
    return moved;
  }

  /**
   * One legacy row → its shard, safe against a concurrent putLobby/deleteLobby without transactions: put the shard
   * row only where none exists (a newer putLobby wins), then delete the legacy row on condition it still exists; if
   * a deleteLobby took it meanwhile (the table filled or closed), take back the shard row we wrote (if unchanged).
   */
  private async migrateOne(item: Record<string, AttributeValue>): Promise<boolean> {
    const m = item.m?.S;
    const sk = item.sk?.S;
    if (m === undefined || sk === undefined) return false;
    const entry = JSON.parse(m) as LobbyEntry;
    const put = await conditionalWrite(
      this.client.send(
        new PutItemCommand({
          TableName: this.tableName,
          ReturnConsumedCapacity: 'TOTAL',
          Item: lobbyItem(entry),
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      ),
    );
    const removed = await conditionalWrite(
      this.client.send(
        new DeleteItemCommand({
          TableName: this.tableName,
          ReturnConsumedCapacity: 'TOTAL',
          Key: { pk: { S: LEGACY_LOBBY_PK }, sk: { S: sk } },
          ConditionExpression: 'attribute_exists(pk)',
        }),
      ),
    );
    if (put && !removed)
      await conditionalWrite(
        this.client.send(
          new DeleteItemCommand({
            TableName: this.tableName,
            ReturnConsumedCapacity: 'TOTAL',
            Key: { pk: { S: lobbyShardPk(entry.tableId) }, sk: { S: lobbySk(entry.tableId, entry.createdAt) } },
            ConditionExpression: 'm = :m',
            ExpressionAttributeValues: { ':m': { S: m } },
          }),
        ),
      );
    return put && removed;
  }
}

/**
 * The lobby is sharded: `LOBBY#<0..LOBBY_SHARDS-1>` by a hash of the table id, so creates and joins spread over
 * LOBBY_SHARDS partition keys instead of one hot key. Changing the count moves rows between shards: it needs a
 * migration like migrateLegacyLobby.
 */
export const LOBBY_SHARDS = 8;
const LOBBY_PREFIX = 'LOBBY#';
/** Before sharding every lobby row had this partition key (migrateLegacyLobby moves them). */
export const LEGACY_LOBBY_PK = 'LOBBY';
export const lobbyShard = (tableId: string): number =>
  createHash('sha256').update(tableId).digest().readUInt32BE(0) % LOBBY_SHARDS;
const lobbyShardPk = (tableId: string): string => `${LOBBY_PREFIX}${lobbyShard(tableId)}`;

function lobbyItem(entry: LobbyEntry): Record<string, AttributeValue> {
  return {
    pk: { S: lobbyShardPk(entry.tableId) },
    sk: { S: lobbySk(entry.tableId, entry.createdAt) },
    m: { S: JSON.stringify(entry) },
  };
}

const tablePk = (tableId: string): string => `T#${tableId}`;
/** The tables an API key created (`KT#<key hash>` / `<table id>`): its webhook registrations raise their epochs. */
const creatorPk = (keyHash: string): string => `KT#${keyHash}`;
/** Deal analyses live in a partition of their own, apart from the table's commits and META. */
const analysisPk = (tableId: string): string => `AN#${tableId}`;
const commitSk = (seq: number): string => `C#${String(seq).padStart(12, '0')}`;
export const lobbySk = (tableId: string, createdAt: number): string =>
  `${String(createdAt).padStart(15, '0')}#${tableId}`;

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

function commitItem(c: Commit, schema: StorageSchema = STORAGE_SCHEMA): Record<string, AttributeValue> {
  const item: Record<string, AttributeValue> = {
    pk: { S: tablePk(c.tableId) },
    sk: { S: commitSk(c.seq) },
    seq: { N: String(c.seq) },
    n: { N: String(c.events.length) },
    base: { N: String(c.base) },
    pb: { N: String(c.prevBase) },
    at: { N: String(c.at) },
    ev: { B: pack(c.events) },
    v: { N: String(schema.events.version) },
  };
  if (c.snapshot !== undefined) {
    item.snap = { B: pack(c.snapshot) };
    item.sv = { N: String(schema.snapshot.version) };
  }
  if (c.idempotencyKey !== undefined) item.idem = { S: c.idempotencyKey };
  if (c.requestHash !== undefined) item.rh = { S: c.requestHash };
  if (c.seeds !== undefined) item.seeds = { S: JSON.stringify(c.seeds) };
  if (c.seating !== undefined) item.st = { S: JSON.stringify(c.seating) };
  if (c.auto === true) item.au = { N: '1' };
  if (c.handedOn === true) item.ho = { N: '1' };
  if (c.listen !== undefined) item.ls = { N: String(c.listen) };
  if (c.watched === true) item.wt = { N: '1' };
  return item;
}

/** A commit item in today's shapes: events and snapshot upcast from the versions they were stored at (`v`, `sv`). */
function fromCommitItem(item: Record<string, AttributeValue>, schema: StorageSchema = STORAGE_SCHEMA): Commit {
  const num = (v: AttributeValue | undefined): number => Number(v?.N ?? '0');
  const version = (v: AttributeValue | undefined): number | undefined => (v?.N === undefined ? undefined : Number(v.N));
  const pk = item.pk?.S ?? '';
  return {
    tableId: pk.slice(2),
    seq: num(item.seq),
    events: upcastEvents(schema, version(item.v), unpack<unknown[]>(item.ev?.B)),
    base: num(item.base),
    prevBase: num(item.pb),
    at: num(item.at),
    ...(item.snap?.B !== undefined
      ? { snapshot: upcastSnapshot(schema, version(item.sv), unpack<{ at: number; state: unknown }>(item.snap.B)) }
      : {}),
    ...(item.idem?.S !== undefined ? { idempotencyKey: item.idem.S } : {}),
    ...(item.rh?.S !== undefined ? { requestHash: item.rh.S } : {}),
    ...(item.seeds?.S !== undefined ? { seeds: JSON.parse(item.seeds.S) as Record<string, string> } : {}),
    ...(item.st?.S !== undefined ? { seating: JSON.parse(item.st.S) as SeatInfo[] } : {}),
    ...(item.au?.N === '1' ? { auto: true } : {}),
    ...(item.ho?.N === '1' ? { handedOn: true } : {}),
    ...(item.ls?.N !== undefined ? { listen: Number(item.ls.N) } : {}),
    ...(item.wt?.N === '1' ? { watched: true } : {}),
  };
}

/** Exposed for the stream handler and the local runtime: the item shape of a commit. */
export const encodeCommitItem = commitItem;
/** Decode a commit from a stream NEW_IMAGE. */
export const decodeCommitItem = fromCommitItem;
export const isCommitItem = (item: Record<string, AttributeValue>): boolean =>
  item.sk?.S?.startsWith('C#') === true && item.pk?.S?.startsWith('T#') === true && item.ev !== undefined;
