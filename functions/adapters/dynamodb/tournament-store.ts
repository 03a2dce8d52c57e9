import {
  type AttributeValue,
  ConditionalCheckFailedException,
  DeleteItemCommand,
  type DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  paginateQuery,
} from '@aws-sdk/client-dynamodb';
import { tournament as T } from '../../../engine/index.js';
import type {
  OrganiserEntry,
  TournamentCommit,
  TournamentMeta,
  TournamentSnapshot,
  TournamentStore,
} from '../../ports/tournament-store.js';
import { randomUUID } from 'node:crypto';
import { conditionalWrite } from './client.js';
import { STORAGE_SCHEMA, type StorageSchema, upcastTournamentEvents } from '../schema.js';

/**
 * Tournaments on the same DynamoDB table as the tables (DATA_TABLE: pk S, sk S).
 *
 * Items of a tournament `U#<id>`:
 *   sk `META`               secrets and access (JSON in `m`)
 *   sk `C#<seq, 12 digits>` one commit: its events (JSON in `ev`, their schema version in `v`: reads upcast older
 *                          ones, functions/adapters/schema.ts)
 *   sk `P#<seq>#<nonce>#<i>` the rest of a commit too large for one item (a 5,000-player draw): written first, then
 *                           the `C#` item names them (`parts`, `nonce`) — its conditional write is the commit point;
 *                           parts of a writer that lost the race are never named and never read.
 *   sk `S#`                 the newest snapshot of the folded state (`ver`: the seq it is folded to; `sv`: the state
 *                           version, T.TOURNAMENT_STATE_VERSION — another one is ignored; JSON in `st`, the rest in
 *                           `S#<nonce>#<i>` parts written first, like a commit's). Replaced only by a newer one; the
 *                           replaced snapshot's parts are deleted after.
 * An organiser's list `UO#<organiser key hash>` / `<createdAt>#<id>`.
 * The stream handler ignores these items (it takes `T#` commits only).
 */
export class DynamoTournamentStore implements TournamentStore {
  constructor(
    private readonly client: DynamoDBClient,
    private readonly tableName: string,
    private readonly schema: StorageSchema = STORAGE_SCHEMA,
  ) {}

  async create(meta: TournamentMeta): Promise<boolean> {
    const created = await conditionalWrite(
      this.client.send(
        new PutItemCommand({
          TableName: this.tableName,
          Item: { pk: { S: pk(meta.tournamentId) }, sk: { S: 'META' }, m: { S: JSON.stringify(meta) } },
          // A tournament id is created once.
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      ),
    );
    if (!created) return false;
    const entry: OrganiserEntry = {
      tournamentId: meta.tournamentId,
      name: meta.name,
      createdAt: meta.createdAt,
      startsAt: meta.startsAt,
    };
    // The list entry is derived from META (written just before); a crash between leaves a tournament unlisted,
    // never a listed tournament without metadata.
    await this.client.send(
      new PutItemCommand({
        TableName: this.tableName,
        Item: {
          pk: { S: `UO#${meta.organiserKeyHash}` },
          sk: { S: `${String(meta.createdAt).padStart(15, '0')}#${meta.tournamentId}` },
          m: { S: JSON.stringify(entry) },
        },
      }),
    );
    return true;
  }

  async getMeta(tournamentId: string): Promise<TournamentMeta | undefined> {
    const out = await this.client.send(
      new GetItemCommand({
        TableName: this.tableName,
        Key: { pk: { S: pk(tournamentId) }, sk: { S: 'META' } },
        ConsistentRead: true,
      }),
    );
    const m = out.Item?.m?.S;
    return m === undefined ? undefined : (JSON.parse(m) as TournamentMeta);
  }

  async append(commit: TournamentCommit): Promise<boolean> {
    const groups = splitEvents(commit.events);
    const nonce = groups.length > 1 ? randomUUID().slice(0, 8) : undefined;
    for (let i = 1; i < groups.length; i++)
      await this.client.send(
        new PutItemCommand({
          TableName: this.tableName,
          Item: {
            pk: { S: pk(commit.tournamentId) },
            sk: { S: partSk(commit.seq, nonce ?? '', i) },
            ev: { S: JSON.stringify(groups[i]) },
          },
        }),
      );
    return conditionalWrite(
      this.client.send(
        new PutItemCommand({
          TableName: this.tableName,
          Item: {
            pk: { S: pk(commit.tournamentId) },
            sk: { S: commitSk(commit.seq) },
            seq: { N: String(commit.seq) },
            at: { N: String(commit.at) },
            ev: { S: JSON.stringify(groups[0] ?? []) },
            // The version of every event of the commit, its parts' too (they are read with the head item).
            v: { N: String(this.schema.tournamentEvents.version) },
            ...(nonce !== undefined ? { parts: { N: String(groups.length - 1) }, nonce: { S: nonce } } : {}),
          },
          // The single conditional write per command: the slot `C#<next seq>` must still be free. Two commands
          // decided on the same version (the scheduler and a table finishing, say) compute the same seq; the
          // second fails here and decides again on the new state.
          ConditionExpression: 'attribute_not_exists(sk)',
        }),
      ),
    );
  }

  async commits(tournamentId: string, afterSeq = 0): Promise<readonly TournamentCommit[]> {
    const out: TournamentCommit[] = [];
    for await (const page of paginateQuery(
      { client: this.client },
      {
        TableName: this.tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :lo AND :hi',
        ExpressionAttributeValues: {
          ':pk': { S: pk(tournamentId) },
          ':lo': { S: commitSk(afterSeq + 1) },
          ':hi': { S: commitSk(999_999_999_999) },
        },
        ConsistentRead: true,
      },
    )) {
      for (const item of page.Items ?? []) out.push(await this.decode(item));
    }
    return out;
  }

  /**
   * The commit holding event `fromSeq` (it may begin earlier: a commit of several events) and every later one,
   * ascending: where a webhook catch-up after a crash resumes (use-cases/webhook-delivery.ts `catchUp`).
   */
  async commitsFrom(tournamentId: string, fromSeq: number): Promise<readonly TournamentCommit[]> {
    const holding = await this.client.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :lo AND :hi',
        ExpressionAttributeValues: {
          ':pk': { S: pk(tournamentId) },
          ':lo': { S: commitSk(0) },
          ':hi': { S: commitSk(fromSeq) },
        },
        ScanIndexForward: false,
        Limit: 1,
        ConsistentRead: true,
      }),
    );
    const first = Number(holding.Items?.[0]?.seq?.N ?? fromSeq);
    return this.commits(tournamentId, first - 1);
  }

  /** A commit item with its parts read (a large commit), or as it is. */
  async decode(item: Record<string, AttributeValue>): Promise<TournamentCommit> {
    const head = decodeTournamentCommitItem(item, this.schema);
    const parts = Number(item.parts?.N ?? '0');
    const nonce = item.nonce?.S;
    if (parts === 0 || nonce === undefined) return head;
    const events = [...head.events];
    for (let i = 1; i <= parts; i++) {
      const out = await this.client.send(
        new GetItemCommand({
          TableName: this.tableName,
          Key: { pk: { S: pk(head.tournamentId) }, sk: { S: partSk(head.seq, nonce, i) } },
          ConsistentRead: true,
        }),
      );
      const version = item.v?.N === undefined ? undefined : Number(item.v.N);
      events.push(...upcastTournamentEvents(this.schema, version, JSON.parse(out.Item?.ev?.S ?? '[]') as unknown[]));
    }
    return { ...head, events };
  }

  async snapshot(tournamentId: string): Promise<TournamentSnapshot | undefined> {
    const head = (
      await this.client.send(
        new GetItemCommand({
          TableName: this.tableName,
          Key: { pk: { S: pk(tournamentId) }, sk: { S: SNAPSHOT_SK } },
          ConsistentRead: true,
        }),
      )
    ).Item;
    if (head === undefined || Number(head.sv?.N) !== T.TOURNAMENT_STATE_VERSION) return undefined;
    let json = head.st?.S ?? '';
    const parts = Number(head.parts?.N ?? '0');
    for (let i = 1; i <= parts; i++) {
      const part = await this.client.send(
        new GetItemCommand({
          TableName: this.tableName,
          Key: { pk: { S: pk(tournamentId) }, sk: { S: snapshotPartSk(head.nonce?.S ?? '', i) } },
          ConsistentRead: true,
        }),
      );
      // A part missing (deleted by a newer snapshot's writer between our reads): no snapshot, read the stream.
      if (part.Item?.st?.S === undefined) return undefined;
      json += part.Item.st.S;
    }
    return { version: Number(head.ver?.N ?? '0'), state: JSON.parse(json) as T.TournamentState };
  }

  async saveSnapshot(tournamentId: string, snapshot: TournamentSnapshot): Promise<void> {
    const chunks = splitString(JSON.stringify(snapshot.state), SNAPSHOT_CHARS);
    const nonce = randomUUID().slice(0, 8);
    for (let i = 1; i < chunks.length; i++)
      await this.client.send(
        new PutItemCommand({
          TableName: this.tableName,
          Item: {
            pk: { S: pk(tournamentId) },
            sk: { S: snapshotPartSk(nonce, i) },
            st: { S: chunks[i] ?? '' },
          },
        }),
      );
    let old: Record<string, AttributeValue> | undefined;
    try {
      old = (
        await this.client.send(
          new PutItemCommand({
            TableName: this.tableName,
            Item: {
              pk: { S: pk(tournamentId) },
              sk: { S: SNAPSHOT_SK },
              ver: { N: String(snapshot.version) },
              sv: { N: String(T.TOURNAMENT_STATE_VERSION) },
              st: { S: chunks[0] ?? '' },
              parts: { N: String(chunks.length - 1) },
              nonce: { S: nonce },
            },
            // Never replace a newer snapshot (two processes saving at once).
            ConditionExpression: 'attribute_not_exists(sk) OR ver < :v',
            ExpressionAttributeValues: { ':v': { N: String(snapshot.version) } },
            ReturnValues: 'ALL_OLD',
          }),
        )
      ).Attributes;
    } catch (e) {
      if (!(e instanceof ConditionalCheckFailedException)) throw e;
      old = { parts: { N: String(chunks.length - 1) }, nonce: { S: nonce } };
    }
    // The parts nobody names any more: the replaced snapshot's (or ours, when a newer one won).
    for (let i = 1; i <= Number(old?.parts?.N ?? '0'); i++)
      await this.client.send(
        new DeleteItemCommand({
          TableName: this.tableName,
          Key: { pk: { S: pk(tournamentId) }, sk: { S: snapshotPartSk(old?.nonce?.S ?? '', i) } },
        }),
      );
  }

  async listByOrganiser(organiserKeyHash: string, limit: number): Promise<readonly OrganiserEntry[]> {
    const out = await this.client.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': { S: `UO#${organiserKeyHash}` } },
        ScanIndexForward: false,
        Limit: limit,
      }),
    );
    return (out.Items ?? []).flatMap((i) => (i.m?.S !== undefined ? [JSON.parse(i.m.S) as OrganiserEntry] : []));
  }
}

const pk = (id: string): string => `U#${id}`;

/** A tournament commit row (`U#<id>` / `C#<seq>`): the DATA_TABLE stream pushes these to tournament subscribers. */
export const isTournamentCommitItem = (item: Record<string, AttributeValue>): boolean =>
  (item.pk?.S?.startsWith('U#') ?? false) && (item.sk?.S?.startsWith('C#') ?? false);

/** A tournament commit item, its events upcast from the version they were stored at (`v`; none: version 1). */
export function decodeTournamentCommitItem(
  item: Record<string, AttributeValue>,
  schema: StorageSchema = STORAGE_SCHEMA,
): TournamentCommit {
  const version = item.v?.N === undefined ? undefined : Number(item.v.N);
  return {
    tournamentId: (item.pk?.S ?? '').slice(2),
    seq: Number(item.seq?.N ?? '0'),
    at: Number(item.at?.N ?? '0'),
    events: upcastTournamentEvents(schema, version, JSON.parse(item.ev?.S ?? '[]') as unknown[]),
  };
}
const SNAPSHOT_SK = 'S#';
const snapshotPartSk = (nonce: string, i: number): string => `S#${nonce}#${i}`;
/** UTF-16 code units per snapshot item: at most 3 bytes of UTF-8 each, so below 300 KB (the item limit is 400 KB). */
const SNAPSHOT_CHARS = 100_000;

/** `s` in pieces of at most `size` code units, never between the two halves of a surrogate pair. */
export function splitString(s: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < s.length;) {
    let end = Math.min(i + size, s.length);
    const last = s.charCodeAt(end - 1);
    if (end < s.length && last >= 0xd800 && last <= 0xdbff) end--;
    out.push(s.slice(i, end));
    i = end;
  }
  return out.length === 0 ? [''] : out;
}

// Fixed width, so commits sort by seq.
const commitSk = (seq: number): string => `C#${String(seq).padStart(12, '0')}`;
const partSk = (seq: number, nonce: string, i: number): string => `P#${String(seq).padStart(12, '0')}#${nonce}#${i}`;

/** Events per stored item: below 300 KB of JSON each (DynamoDB's item limit is 400 KB), in order. */
const ITEM_BYTES = 300 * 1024;
export function splitEvents(events: readonly T.TournamentEvent[]): T.TournamentEvent[][] {
  const groups: T.TournamentEvent[][] = [[]];
  let size = 0;
  for (const e of events) {
    const bytes = Buffer.byteLength(JSON.stringify(e)) + 1;
    const last = groups[groups.length - 1] as T.TournamentEvent[];
    if (last.length > 0 && size + bytes > ITEM_BYTES) {
      groups.push([e]);
      size = bytes;
    } else {
      last.push(e);
      size += bytes;
    }
  }
  return groups;
}
