import {
  type AttributeValue,
  DeleteItemCommand,
  type DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import { randomUUID } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { conditionalWrite } from './client.js';
import { StoredShapeError, UNVERSIONED } from '../schema.js';
import {
  type Attempt,
  type Delivery,
  type DeliveryBatch,
  type Hook,
  type HookSecret,
  type QueueHead,
  type QueuePosition,
  type WebhookStore,
  deliveryIdOf,
} from '../../ports/webhooks.js';

/** Delivery batches expire 30 days after they were made (DynamoDB TTL on `expiresAt`). */
const DELIVERY_TTL_SECONDS = 30 * 24 * 3600;

const hookPk = (hookId: string) => `WH#${hookId}`;
/** The lookup partition of a registration's scope. */
const scopePkOf = (hook: Hook): string =>
  hook.scope.kind === 'table'
    ? `WHT#${hook.scope.tableId}`
    : hook.scope.kind === 'tournament'
      ? `WHU#${hook.scope.tournamentId}`
      : `WHK#${hook.scope.keyHash}`;
const positionKey = (p: QueuePosition): string =>
  `${String(p.seq).padStart(12, '0')}#${String(p.sub).padStart(3, '0')}`;
const deliverySk = (tableId: string, seq: number, sub: number) => `D#${tableId}#${positionKey({ seq, sub })}`;
/** A batch's key: its first position, then its tag (none for a delivery stored on its own, schema version 1). */
const batchSk = (b: Pick<DeliveryBatch, 'tableId' | 'seq' | 'sub' | 'tag'>): string =>
  deliverySk(b.tableId, b.seq, b.sub) + (b.tag === '' ? '' : `#${b.tag}`);
const parseBatchSk = (sk: string): { tableId: string; seq: number; sub: number; tag: string } | undefined => {
  const m = /^D#([a-z0-9]+)#(\d{12})#(\d{3})(?:#([a-z0-9]+))?$/.exec(sk);
  return m === null ? undefined : { tableId: m[1]!, seq: Number(m[2]), sub: Number(m[3]), tag: m[4] ?? '' };
};

/**
 * The schema version of a stored delivery batch (attribute `v`). Version 1 — no `v`, written before batches — is one
 * item per delivery, the `Delivery` as JSON in `d` under `D#<stream>#<seq>#<sub>`: read as a batch of that one
 * delivery (tag ''), under its own key, so a queue or a log holding both kinds reads in one order; a write of it (its
 * next attempt) stores it as today's version under the same key. Version 2: `b` = JSON `{ tournament?, createdAt, deliveries }`, deflated (binary).
 */
export const DELIVERY_BATCH_VERSION = 2;

/** A delivery as a batch holds it: what the key and the batch do not already say. */
interface StoredDelivery {
  readonly seq: number;
  readonly sub: number;
  readonly type: Delivery['type'];
  readonly body: string;
  readonly status: Delivery['status'];
  readonly attempts: readonly Attempt[];
  readonly nextAt: number;
  readonly createdAt: number;
}

/** What a stored batch may weigh, deflated (DynamoDB's item limit is 400 KB): past it the oldest attempts go. */
const MAX_BATCH_BYTES = 300 * 1024;
/** Attempts' error texts are cut to this (a target's error can be long; a batch holds many attempts). */
const MAX_ERROR_CHARS = 200;

function batchItem(b: DeliveryBatch): Record<string, AttributeValue> {
  let deliveries: StoredDelivery[] = b.deliveries.map((d) => ({
    seq: d.seq,
    sub: d.sub,
    type: d.type,
    body: d.body,
    status: d.status,
    attempts: d.attempts.map((a) =>
      a.error !== undefined && a.error.length > MAX_ERROR_CHARS
        ? { ...a, error: a.error.slice(0, MAX_ERROR_CHARS) }
        : a,
    ),
    nextAt: d.nextAt,
    createdAt: d.createdAt,
  }));
  // Deflated, as commits' events are (table-store.ts): the bodies of one run of commits repeat most of their text.
  const pack = (): Buffer =>
    deflateRawSync(
      Buffer.from(
        JSON.stringify({ ...(b.tournament === true ? { tournament: true } : {}), createdAt: b.createdAt, deliveries }),
      ),
    );
  let packed = pack();
  // Only redeliveries pile attempts onto many deliveries of one batch: halve the longest attempt lists until it fits.
  while (packed.length > MAX_BATCH_BYTES) {
    const most = Math.max(...deliveries.map((d) => d.attempts.length));
    if (most <= 1) break;
    deliveries = deliveries.map((d) =>
      d.attempts.length === most ? { ...d, attempts: d.attempts.slice(-Math.ceil(most / 2)) } : d,
    );
    packed = pack();
  }
  return {
    pk: { S: hookPk(b.hookId) },
    sk: { S: batchSk(b) },
    v: { N: String(DELIVERY_BATCH_VERSION) },
    b: { B: packed },
    // Its revision: raised by every write (`putBatch` writes only over the revision it read).
    rv: { N: String((b.rev ?? 0) + 1) },
    expiresAt: { N: String(Math.floor(b.createdAt / 1000) + DELIVERY_TTL_SECONDS) },
  };
}

/** A stored batch in today's shape, whichever version it was written at. */
export function batchOf(hookId: string, item: Record<string, AttributeValue>): DeliveryBatch {
  const version = item.v?.N === undefined ? UNVERSIONED : Number(item.v.N);
  if (version === 1) {
    const d = JSON.parse(item.d!.S!) as Delivery;
    return {
      hookId,
      tableId: d.tableId,
      ...(d.tournament === true ? { tournament: true as const } : {}),
      seq: d.seq,
      sub: d.sub,
      tag: '',
      createdAt: d.createdAt,
      deliveries: [d],
      rev: 0,
    };
  }
  const key = parseBatchSk(item.sk?.S ?? '');
  if (version !== DELIVERY_BATCH_VERSION || key === undefined)
    throw new StoredShapeError('webhook delivery batch', version, DELIVERY_BATCH_VERSION);
  const stored = JSON.parse(inflateRawSync(item.b!.B!).toString()) as {
    tournament?: true;
    createdAt: number;
    deliveries: StoredDelivery[];
  };
  const tournament = stored.tournament === true ? { tournament: true as const } : {};
  return {
    hookId,
    ...key,
    ...tournament,
    createdAt: stored.createdAt,
    rev: item.rv?.N === undefined ? 0 : Number(item.rv.N),
    deliveries: stored.deliveries.map((d) => ({
      hookId,
      deliveryId: deliveryIdOf(hookId, key.tableId, d.seq, d.sub),
      tableId: key.tableId,
      ...tournament,
      ...d,
    })),
  };
}

/**
 * Webhook state in the data table, next to the tables (no new table to provision):
 *   `WH#<hook>` / `HOOK`                     the registration (JSON in `h`)
 *   `WH#<hook>` / `D#<table>#<seq>#<sub>#<tag>`  one batch: the deliveries one commit (or one part of it) makes for the
 *                                            registration, each with its state (deflated JSON in `b`, schema version in `v`;
 *                                            `DELIVERY_BATCH_VERSION`), TTL 30 days. `<seq>#<sub>` is its first
 *                                            delivery's queue position, so keys sort in queue order
 *   `WH#<hook>` / `CUR#<table>`              the queue cursor (`pos`: sk of the last finished batch; `at`: the position
 *                                            of the last delivery the queue finished) + pump lease
 *   `WHT#<table>` / `H#<hook>`, `WHK#<key hash>` / `H#<hook>`, `WHU#<tournament>` / `H#<hook>`,
 *   `WHO#<owner hash>` / `H#<hook>`           lookups (a tournament's deliveries use its id where a table's use the table's)
 *   `WHS` / `STAMP`                           a random stamp (`v`) replaced after every registration and deletion: for
 *                                             commits stored before listen epochs existed the commit side caches its
 *                                             lookups per table under the stamp it read (newer commits: under their
 *                                             table's listen epoch, use-cases/listen.ts — no read)
 * None of these keys starts with `T#`, so the table store's reads and the stream's commit filter never see them.
 */
export class DynamoWebhookStore implements WebhookStore {
  constructor(
    private readonly client: DynamoDBClient,
    private readonly tableName: string,
  ) {}

  async putHook(hook: Hook): Promise<void> {
    await this.#put({ pk: hookPk(hook.hookId), sk: 'HOOK', h: JSON.stringify(hook) });
    const index = { sk: `H#${hook.hookId}`, hookId: hook.hookId };
    const scopePk = scopePkOf(hook);
    await Promise.all([this.#put({ pk: scopePk, ...index }), this.#put({ pk: `WHO#${hook.ownerHash}`, ...index })]);
    await this.#bump();
  }

  /** The registrations' version stamp ('' before any registration); one small consistent GetItem. */
  async stamp(): Promise<string> {
    const out = await this.client.send(
      new GetItemCommand({
        TableName: this.tableName,
        Key: { pk: { S: 'WHS' }, sk: { S: 'STAMP' } },
        ConsistentRead: true,
        ReturnConsumedCapacity: 'TOTAL',
      }),
    );
    return out.Item?.v?.S ?? '';
  }

  // After the lookup rows are written or deleted: a reader that missed them cached its answer under the older stamp.
  // A fresh random value (PutItem, which the REST function may do; no counter needed: readers compare for equality).
  async #bump(): Promise<void> {
    await this.#put({ pk: 'WHS', sk: 'STAMP', v: randomUUID() });
  }

  async getHook(hookId: string): Promise<Hook | undefined> {
    const out = await this.client.send(
      new GetItemCommand({
        TableName: this.tableName,
        Key: { pk: { S: hookPk(hookId) }, sk: { S: 'HOOK' } },
        ConsistentRead: true,
      }),
    );
    const h = out.Item?.h?.S;
    return h === undefined ? undefined : (JSON.parse(h) as Hook);
  }

  async setSecrets(hookId: string, secrets: readonly HookSecret[]): Promise<void> {
    const hook = await this.getHook(hookId);
    if (hook !== undefined)
      await this.#put({ pk: hookPk(hookId), sk: 'HOOK', h: JSON.stringify({ ...hook, secrets }) });
  }

  async deleteHook(hook: Hook): Promise<void> {
    const scopePk = scopePkOf(hook);
    await Promise.all(
      [
        [hookPk(hook.hookId), 'HOOK'],
        [scopePk, `H#${hook.hookId}`],
        [`WHO#${hook.ownerHash}`, `H#${hook.hookId}`],
      ].map(([pk, sk]) =>
        this.client.send(new DeleteItemCommand({ TableName: this.tableName, Key: { pk: { S: pk! }, sk: { S: sk! } } })),
      ),
    );
    await this.#bump();
  }

  hooksForTable(tableId: string): Promise<readonly Hook[]> {
    return this.#hooksUnder(`WHT#${tableId}`);
  }
  hooksForKey(keyHash: string): Promise<readonly Hook[]> {
    return this.#hooksUnder(`WHK#${keyHash}`);
  }
  hooksForTournament(tournamentId: string): Promise<readonly Hook[]> {
    return this.#hooksUnder(`WHU#${tournamentId}`);
  }
  hooksOfOwner(ownerHash: string): Promise<readonly Hook[]> {
    return this.#hooksUnder(`WHO#${ownerHash}`);
  }

  addBatch(batch: DeliveryBatch): Promise<boolean> {
    return conditionalWrite(
      this.client.send(
        new PutItemCommand({
          TableName: this.tableName,
          Item: batchItem(batch),
          // A replayed stream record (or a catch-up after a crash) makes the same batch again: keep the first, and the
          // state its deliveries have reached.
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      ),
    );
  }

  async putBatch(batch: DeliveryBatch): Promise<DeliveryBatch | undefined> {
    const rev = batch.rev ?? 0;
    const written = await conditionalWrite(
      this.client.send(
        new PutItemCommand({
          TableName: this.tableName,
          Item: batchItem(batch),
          // Only over the revision it was read at (one stored before revisions, or a row of version 1, has none).
          ConditionExpression: rev === 0 ? 'attribute_not_exists(rv)' : 'rv = :rv',
          ...(rev === 0 ? {} : { ExpressionAttributeValues: { ':rv': { N: String(rev) } } }),
        }),
      ),
    );
    return written ? { ...batch, rev: rev + 1 } : undefined;
  }

  async getBatch(batch: DeliveryBatch): Promise<DeliveryBatch | undefined> {
    const out = await this.client.send(
      new GetItemCommand({
        TableName: this.tableName,
        Key: { pk: { S: hookPk(batch.hookId) }, sk: { S: batchSk(batch) } },
        ConsistentRead: true,
      }),
    );
    return out.Item === undefined ? undefined : batchOf(batch.hookId, out.Item);
  }

  async putDelivery(
    hookId: string,
    deliveryId: string,
    change: (stored: Delivery) => Delivery,
  ): Promise<Delivery | undefined> {
    // A pump records the batch now and then (webhook-delivery.ts): a lost race reads it again and applies the change
    // to what it recorded.
    for (let attempt = 0; attempt < 8; attempt++) {
      const batch = await this.#batchHolding(hookId, deliveryId);
      const stored = batch?.deliveries.find((x) => x.deliveryId === deliveryId);
      if (batch === undefined || stored === undefined) return undefined;
      const changed = change(stored);
      const deliveries = batch.deliveries.map((x) => (x.deliveryId === deliveryId ? changed : x));
      if ((await this.putBatch({ ...batch, deliveries })) !== undefined) return changed;
    }
    throw new Error(`webhook delivery ${deliveryId}: its batch kept changing`);
  }

  async getDelivery(hookId: string, deliveryId: string): Promise<Delivery | undefined> {
    return (await this.#batchHolding(hookId, deliveryId))?.deliveries.find((x) => x.deliveryId === deliveryId);
  }

  // The batch holding a delivery: the newest batch of its stream that begins at or before its position (a few newer
  // ones may begin there too: a registration's turn, a catch-up's copy — the first that holds it is the one).
  async #batchHolding(hookId: string, deliveryId: string): Promise<DeliveryBatch | undefined> {
    const m = /\.([a-z0-9]{4,40})\.(\d+)\.(\d+)$/.exec(deliveryId);
    if (m === null) return undefined;
    const out = await this.client.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :lo AND :hi',
        ExpressionAttributeValues: {
          ':pk': { S: hookPk(hookId) },
          ':lo': { S: `D#${m[1]!}#` },
          ':hi': { S: `${deliverySk(m[1]!, Number(m[2]), Number(m[3]))}#~` },
        },
        ScanIndexForward: false,
        Limit: 4,
        ConsistentRead: true,
      }),
    );
    return (out.Items ?? [])
      .map((i) => batchOf(hookId, i))
      .find((b) => b.deliveries.some((x) => x.deliveryId === deliveryId));
  }

  async deliveries(hookId: string, limit: number): Promise<readonly Delivery[]> {
    const out: Delivery[] = [];
    let start: Record<string, AttributeValue> | undefined;
    // Batches newest first, each expanded newest first, until `limit` deliveries (an emptied batch holds none). Pages of
    // a few items: one batch may hold a whole run of deals.
    do {
      const page = await this.client.send(
        new QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :d)',
          ExpressionAttributeValues: { ':pk': { S: hookPk(hookId) }, ':d': { S: 'D#' } },
          ScanIndexForward: false,
          Limit: Math.max(1, Math.min(limit, 20)),
          ...(start !== undefined ? { ExclusiveStartKey: start } : {}),
        }),
      );
      for (const item of page.Items ?? []) out.push(...[...batchOf(hookId, item).deliveries].reverse());
      start = page.LastEvaluatedKey;
    } while (start !== undefined && out.length < limit);
    return out.slice(0, limit);
  }

  async queueHead(hookId: string, tableId: string): Promise<QueueHead | undefined> {
    const cursor = await this.client.send(
      new GetItemCommand({
        TableName: this.tableName,
        Key: { pk: { S: hookPk(hookId) }, sk: { S: `CUR#${tableId}` } },
        ConsistentRead: true,
      }),
    );
    // Everything after the cursor is unfinished: batches finish strictly in sk order (= queue order).
    const pos = cursor.Item?.pos?.S;
    const out = await this.client.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :lo AND :hi',
        ExpressionAttributeValues: {
          ':pk': { S: hookPk(hookId) },
          // `pos` + '!' is the smallest key after `pos` among batch keys (they use letters, digits and '#' only).
          ':lo': { S: pos === undefined ? `D#${tableId}#` : `${pos}!` },
          ':hi': { S: `D#${tableId}#~` },
        },
        Limit: 1,
        ConsistentRead: true,
      }),
    );
    const item = out.Items?.[0];
    if (item === undefined) return undefined;
    // Where the queue stands: `at` since batches; a cursor from before them names its last delivery's own key.
    const at = cursor.Item?.at?.S ?? pos;
    const m = at === undefined ? null : /(\d{12})#(\d{3})$/.exec(at);
    return { batch: batchOf(hookId, item), ...(m !== null ? { after: { seq: Number(m[1]), sub: Number(m[2]) } } : {}) };
  }

  async finish(batch: DeliveryBatch, last: QueuePosition | undefined): Promise<boolean> {
    if ((await this.putBatch(batch)) === undefined) return false;
    await this.client.send(
      new UpdateItemCommand({
        TableName: this.tableName,
        Key: { pk: { S: hookPk(batch.hookId) }, sk: { S: `CUR#${batch.tableId}` } },
        UpdateExpression: last === undefined ? 'SET pos = :pos' : 'SET pos = :pos, #at = :at',
        ExpressionAttributeValues: {
          ':pos': { S: batchSk(batch) },
          ...(last !== undefined ? { ':at': { S: positionKey(last) } } : {}),
        },
        ...(last !== undefined ? { ExpressionAttributeNames: { '#at': 'at' } } : {}),
      }),
    );
    return true;
  }

  async lastBatchSeq(hookId: string, tableId: string): Promise<number | undefined> {
    const out = await this.client.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :lo AND :hi',
        ExpressionAttributeValues: {
          ':pk': { S: hookPk(hookId) },
          ':lo': { S: `D#${tableId}#` },
          ':hi': { S: `D#${tableId}#~` },
        },
        ScanIndexForward: false,
        Limit: 1,
        ProjectionExpression: 'sk',
        ConsistentRead: true,
      }),
    );
    const sk = out.Items?.[0]?.sk?.S;
    return sk === undefined ? undefined : parseBatchSk(sk)?.seq;
  }

  countOwned(ownerHash: string): Promise<number> {
    return this.#count(`WHO#${ownerHash}`);
  }
  countForTable(tableId: string): Promise<number> {
    return this.#count(`WHT#${tableId}`);
  }

  // A COUNT query over one lookup partition (keys only: a registration is one small row there).
  async #count(pk: string): Promise<number> {
    let count = 0;
    let start: Record<string, AttributeValue> | undefined;
    do {
      const out = await this.client.send(
        new QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :h)',
          ExpressionAttributeValues: { ':pk': { S: pk }, ':h': { S: 'H#' } },
          Select: 'COUNT',
          ConsistentRead: true,
          ...(start !== undefined ? { ExclusiveStartKey: start } : {}),
        }),
      );
      count += out.Count ?? 0;
      start = out.LastEvaluatedKey;
    } while (start !== undefined);
    return count;
  }

  lease(hookId: string, tableId: string, now: number, until: number): Promise<boolean> {
    return conditionalWrite(
      this.client.send(
        new UpdateItemCommand({
          TableName: this.tableName,
          Key: { pk: { S: hookPk(hookId) }, sk: { S: `CUR#${tableId}` } },
          UpdateExpression: 'SET leaseUntil = :until',
          // One pump per (hook, table) at a time, or deliveries could overtake each other: take the lease only when
          // nobody holds it or the holder's lease ran out (a crashed pump).
          ConditionExpression: 'attribute_not_exists(leaseUntil) OR leaseUntil < :now',
          ExpressionAttributeValues: { ':until': { N: String(until) }, ':now': { N: String(now) } },
        }),
      ),
    );
  }

  async release(hookId: string, tableId: string): Promise<void> {
    await this.client.send(
      new UpdateItemCommand({
        TableName: this.tableName,
        Key: { pk: { S: hookPk(hookId) }, sk: { S: `CUR#${tableId}` } },
        UpdateExpression: 'REMOVE leaseUntil',
      }),
    );
  }

  async #put(item: Record<string, string>): Promise<void> {
    await this.client.send(
      new PutItemCommand({
        TableName: this.tableName,
        Item: Object.fromEntries(Object.entries(item).map(([k, v]) => [k, { S: v }])),
      }),
    );
  }

  async #hooksUnder(pk: string): Promise<readonly Hook[]> {
    const out = await this.client.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :h)',
        ExpressionAttributeValues: { ':pk': { S: pk }, ':h': { S: 'H#' } },
      }),
    );
    const hooks = await Promise.all((out.Items ?? []).map((i) => this.getHook(i.hookId!.S!)));
    return hooks.filter((h): h is Hook => h !== undefined);
  }
}
