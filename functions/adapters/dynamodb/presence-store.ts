import {
  type AttributeValue,
  ConditionalCheckFailedException,
  type DynamoDBClient,
  GetItemCommand,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import {
  PRESENCE_LIFETIME_SECONDS,
  type PresenceChange,
  type PresenceStore,
  type SeatPresence,
} from '../../ports/presence.js';

/**
 * Presence rows on CONNECTIONS_TABLE: one item per table, key `connectionId` = `presence#<tableId>` (no `tableId`
 * attribute, so it never enters the `byTable` index the fan-out reads). Per seat `s`:
 *   `c<s>` String Set of the seat's live connection ids (DynamoDB drops an emptied set: absent = away)
 *   `t<s>` epoch millis of the seat's last change, `g<s>` count of its changes, `x<s>` epoch seconds after which its
 *   connections count no more (a missed $disconnect); `expiresAt` (the table's TTL attribute) = the newest `x<s>`.
 * Each join/leave is one UpdateItem whose condition decides whether it is a change (two when the first lost a race).
 */
export class DynamoPresenceStore implements PresenceStore {
  constructor(
    private readonly client: DynamoDBClient,
    private readonly tableName: string,
  ) {}

  async join(tableId: string, seat: number, connectionId: string, now: number): Promise<PresenceChange> {
    const names = namesOf(seat);
    const expires = { N: String(Math.floor(now / 1000) + PRESENCE_LIFETIME_SECONDS) };
    const set = { SS: [connectionId] };
    // The seat comes: nobody (or only expired connections) there before. Its set starts afresh, the change counted.
    const came = await this.update(
      tableId,
      'SET #c = :set, #t = :now, #x = :x, expiresAt = :x ADD #g :one',
      'attribute_not_exists(#c) OR #x < :nows',
      names,
      { ':set': set, ':now': { N: String(now) }, ':x': expires, ':one': { N: '1' }, ':nows': secondsOf(now) },
    );
    if (came !== undefined) return { changed: true, ...changeOf(came, seat, now) };
    // Another connection of the seat is there: add this one (a set: joining twice is harmless), no change.
    const added = await this.update(tableId, 'ADD #c :set SET #x = :x, expiresAt = :x', undefined, names, {
      ':set': set,
      ':x': expires,
    });
    return { changed: false, ...changeOf(added ?? {}, seat, now) };
  }

  async leave(tableId: string, seat: number, connectionId: string, now: number): Promise<PresenceChange> {
    const names = namesOf(seat);
    const id = { S: connectionId };
    const set = { SS: [connectionId] };
    // The seat's last connection goes: the set empties (and disappears), the change counted.
    const went = await this.update(
      tableId,
      'DELETE #c :set SET #t = :now ADD #g :one',
      'contains(#c, :id) AND size(#c) = :one',
      names,
      { ':set': set, ':id': id, ':now': { N: String(now) }, ':one': { N: '1' } },
    );
    if (went !== undefined) return { changed: true, ...changeOf(went, seat, now) };
    // One of several connections goes (or this one was not there: nothing to do).
    const removed = await this.update(tableId, 'DELETE #c :set', 'contains(#c, :id)', names, {
      ':set': set,
      ':id': id,
    });
    if (removed === undefined || removed[`c${seat}`] !== undefined)
      return { changed: false, ...changeOf(removed ?? {}, seat, now) };
    // The others left meanwhile and this removal emptied the set: count the change now, unless a join came first.
    const late = await this.update(tableId, 'SET #t = :now ADD #g :one', 'attribute_not_exists(#c)', names, {
      ':now': { N: String(now) },
      ':one': { N: '1' },
    });
    return { changed: late !== undefined, ...changeOf(late ?? removed, seat, now) };
  }

  async get(tableId: string, seats: number, now: number): Promise<readonly SeatPresence[]> {
    const item = (await this.row(tableId)) ?? {};
    const nows = Math.floor(now / 1000);
    return Array.from({ length: seats }, (_, seat) => {
      const members = item[`c${seat}`]?.SS ?? [];
      const since = item[`t${seat}`]?.N;
      return {
        seat,
        connected: members.length > 0 && Number(item[`x${seat}`]?.N ?? 0) >= nows,
        ...(since !== undefined ? { since: Number(since) } : {}),
        generation: Number(item[`g${seat}`]?.N ?? 0),
      };
    });
  }

  private async row(tableId: string): Promise<Record<string, AttributeValue> | undefined> {
    const out = await this.client.send(
      new GetItemCommand({ TableName: this.tableName, Key: keyOf(tableId), ConsistentRead: true }),
    );
    return out.Item;
  }

  /** One UpdateItem; the item after it (ALL_NEW), or undefined when its condition failed. */
  private async update(
    tableId: string,
    expression: string,
    condition: string | undefined,
    names: Record<string, string>,
    values: Record<string, AttributeValue>,
  ): Promise<Record<string, AttributeValue> | undefined> {
    const used = Object.fromEntries(Object.entries(names).filter(([k]) => `${expression} ${condition}`.includes(k)));
    try {
      const out = await this.client.send(
        new UpdateItemCommand({
          TableName: this.tableName,
          Key: keyOf(tableId),
          UpdateExpression: expression,
          ...(condition !== undefined ? { ConditionExpression: condition } : {}),
          ExpressionAttributeNames: used,
          ExpressionAttributeValues: values,
          ReturnValues: 'ALL_NEW',
        }),
      );
      return out.Attributes ?? {};
    } catch (e) {
      if (e instanceof ConditionalCheckFailedException) return undefined;
      throw e;
    }
  }
}

/** The presence row's key in CONNECTIONS_TABLE (never a connection id: API Gateway's ids have no `#`). */
export const presenceKey = (tableId: string): string => `presence#${tableId}`;

const keyOf = (tableId: string): Record<string, AttributeValue> => ({ connectionId: { S: presenceKey(tableId) } });
const secondsOf = (now: number): AttributeValue => ({ N: String(Math.floor(now / 1000)) });
const namesOf = (seat: number): Record<string, string> => ({
  '#c': `c${seat}`,
  '#t': `t${seat}`,
  '#g': `g${seat}`,
  '#x': `x${seat}`,
});

function changeOf(item: Record<string, AttributeValue>, seat: number, now: number): Omit<PresenceChange, 'changed'> {
  return { generation: Number(item[`g${seat}`]?.N ?? 0), since: Number(item[`t${seat}`]?.N ?? now) };
}
