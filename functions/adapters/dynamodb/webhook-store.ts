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
import { conditionalWrite } from './client.js';
import type { Delivery, Hook, HookSecret, WebhookStore } from '../../ports/webhooks.js';

/** Delivery rows expire 30 days after they were made (DynamoDB TTL on `expiresAt`). */
const DELIVERY_TTL_SECONDS = 30 * 24 * 3600;

const hookPk = (hookId: string) => `WH#${hookId}`;
/** The lookup partition of a registration's scope. */
const scopePkOf = (hook: Hook): string =>
  hook.scope.kind === 'table'
    ? `WHT#${hook.scope.tableId}`
    : hook.scope.kind === 'tournament'
      ? `WHU#${hook.scope.tournamentId}`
      : `WHK#${hook.scope.keyHash}`;
const deliverySk = (tableId: string, seq: number, sub: number) =>
  `D#${tableId}#${String(seq).padStart(12, '0')}#${String(sub).padStart(3, '0')}`;

/**
 * Webhook state in the data table, next to the tables (no new table to provision):
 *   `WH#<hook>` / `HOOK`                     the registration (JSON in `h`)
 *   `WH#<hook>` / `D#<table>#<seq>#<sub>`    one delivery with its attempts (JSON in `d`), TTL 30 days
 *   `WH#<hook>` / `CUR#<table>`              the queue cursor (`pos`: sk of the last finished delivery) + pump lease
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

  addDelivery(d: Delivery): Promise<boolean> {
    return conditionalWrite(
      this.client.send(
        new PutItemCommand({
          TableName: this.tableName,
          Item: this.#deliveryItem(d),
          // A replayed stream record makes the same deliveries again: keep the first (and its attempts).
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      ),
    );
  }

  async putDelivery(d: Delivery): Promise<void> {
    await this.client.send(new PutItemCommand({ TableName: this.tableName, Item: this.#deliveryItem(d) }));
  }

  async getDelivery(hookId: string, deliveryId: string): Promise<Delivery | undefined> {
    const m = /\.([a-z0-9]{4,40})\.(\d+)\.(\d+)$/.exec(deliveryId);
    if (m === null) return undefined;
    const out = await this.client.send(
      new GetItemCommand({
        TableName: this.tableName,
        Key: { pk: { S: hookPk(hookId) }, sk: { S: deliverySk(m[1]!, Number(m[2]), Number(m[3])) } },
        ConsistentRead: true,
      }),
    );
    const d = out.Item?.d?.S;
    return d === undefined ? undefined : (JSON.parse(d) as Delivery);
  }

  async deliveries(hookId: string, limit: number): Promise<readonly Delivery[]> {
    const out = await this.client.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :d)',
        ExpressionAttributeValues: { ':pk': { S: hookPk(hookId) }, ':d': { S: 'D#' } },
        ScanIndexForward: false,
        Limit: limit,
      }),
    );
    return (out.Items ?? []).map((i) => JSON.parse(i.d!.S!) as Delivery);
  }

  async queueHead(hookId: string, tableId: string): Promise<Delivery | undefined> {
    const cursor = await this.client.send(
      new GetItemCommand({
        TableName: this.tableName,
        Key: { pk: { S: hookPk(hookId) }, sk: { S: `CUR#${tableId}` } },
        ConsistentRead: true,
      }),
    );
    // Everything after the cursor is unfinished: deliveries finish strictly in sk (= seq) order.
    const pos = cursor.Item?.pos?.S;
    const out = await this.client.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :lo AND :hi',
        ExpressionAttributeValues: {
          ':pk': { S: hookPk(hookId) },
          // `pos` + '!' is the smallest key after `pos` among delivery keys (they use digits and '#' only).
          ':lo': { S: pos === undefined ? `D#${tableId}#` : `${pos}!` },
          ':hi': { S: `D#${tableId}#~` },
        },
        Limit: 1,
        ConsistentRead: true,
      }),
    );
    const d = out.Items?.[0]?.d?.S;
    return d === undefined ? undefined : (JSON.parse(d) as Delivery);
  }

  async finish(d: Delivery): Promise<void> {
    await this.putDelivery(d);
    await this.client.send(
      new UpdateItemCommand({
        TableName: this.tableName,
        Key: { pk: { S: hookPk(d.hookId) }, sk: { S: `CUR#${d.tableId}` } },
        UpdateExpression: 'SET pos = :pos',
        ExpressionAttributeValues: { ':pos': { S: deliverySk(d.tableId, d.seq, d.sub) } },
      }),
    );
  }

  async lastDelivery(hookId: string, tableId: string): Promise<Delivery | undefined> {
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
        ConsistentRead: true,
      }),
    );
    const d = out.Items?.[0]?.d?.S;
    return d === undefined ? undefined : (JSON.parse(d) as Delivery);
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

  #deliveryItem(d: Delivery) {
    return {
      pk: { S: hookPk(d.hookId) },
      sk: { S: deliverySk(d.tableId, d.seq, d.sub) },
      d: { S: JSON.stringify(d) },
      expiresAt: { N: String(Math.floor(d.createdAt / 1000) + DELIVERY_TTL_SECONDS) },
    };
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
