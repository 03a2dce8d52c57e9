import { type AttributeValue, type DynamoDBClient, PutItemCommand, ScanCommand } from '@aws-sdk/client-dynamodb';

/**
 * Fixture streams (test/fixtures/streams/): the DynamoDB items of real tables and tournaments as the server stored them,
 * with the credentials that read them, and what the API answered for them when they were written. The script
 * scripts/fixture-streams.ts makes them; test/functions/fixture-streams.test.ts loads the items into a fresh store and
 * expects the same answers — so a change of the stored shapes (with its upcasters) cannot change what users see.
 */

/** One stored item; binary attributes as `{ B64: … }` so the file is plain JSON. */
export type StoredItem = Record<string, StoredValue>;
export type StoredValue = { S: string } | { N: string } | { B64: string } | { BOOL: boolean };

export interface FixtureTable {
  readonly tableId: string;
  readonly organiserKey: string;
  /** Seat tokens of the human seats (table seat → token). */
  readonly seats: readonly { readonly seat: number; readonly token: string }[];
}

export interface FixtureTournament {
  readonly tournamentId: string;
  readonly organiserKey: string;
}

export interface StreamFixture {
  readonly name: string;
  readonly description: string;
  /** The clock when the items were read (epoch millis): the replay runs at the same time. */
  readonly now: number;
  readonly tables: readonly FixtureTable[];
  readonly tournaments: readonly FixtureTournament[];
  readonly items: readonly StoredItem[];
}

/** What the API answered: request (method path as audience) → status and body. */
export type Observation = Record<string, { readonly status: number; readonly body: unknown }>;

export function toStored(item: Record<string, AttributeValue>): StoredItem {
  const out: StoredItem = {};
  for (const [k, v] of Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (v.S !== undefined) out[k] = { S: v.S };
    else if (v.N !== undefined) out[k] = { N: v.N };
    else if (v.B !== undefined) out[k] = { B64: Buffer.from(v.B).toString('base64') };
    else if (v.BOOL !== undefined) out[k] = { BOOL: v.BOOL };
    else throw new Error(`fixture streams: attribute ${k} has a type the fixtures do not store`);
  }
  return out;
}

export function fromStored(item: StoredItem): Record<string, AttributeValue> {
  const out: Record<string, AttributeValue> = {};
  for (const [k, v] of Object.entries(item)) {
    if ('S' in v) out[k] = { S: v.S };
    else if ('N' in v) out[k] = { N: v.N };
    else if ('B64' in v) out[k] = { B: new Uint8Array(Buffer.from(v.B64, 'base64')) };
    else out[k] = { BOOL: v.BOOL };
  }
  return out;
}

/** Every item of the data table whose partition key starts with one of `prefixes`, in key order. */
export async function readItems(
  client: DynamoDBClient,
  tableName: string,
  prefixes: readonly string[],
): Promise<StoredItem[]> {
  const items: StoredItem[] = [];
  let start: Record<string, AttributeValue> | undefined;
  do {
    const out = await client.send(
      new ScanCommand({ TableName: tableName, ...(start !== undefined ? { ExclusiveStartKey: start } : {}) }),
    );
    for (const item of out.Items ?? []) {
      const pk = item.pk?.S ?? '';
      if (prefixes.some((p) => pk.startsWith(p))) items.push(toStored(item));
    }
    start = out.LastEvaluatedKey;
  } while (start !== undefined);
  const key = (i: StoredItem): string => {
    const pk = i.pk !== undefined && 'S' in i.pk ? i.pk.S : '';
    const sk = i.sk !== undefined && 'S' in i.sk ? i.sk.S : '';
    return `${pk}\u0000${sk}`;
  };
  return items.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

export async function writeItems(
  client: DynamoDBClient,
  tableName: string,
  items: readonly StoredItem[],
): Promise<void> {
  for (const item of items) await client.send(new PutItemCommand({ TableName: tableName, Item: fromStored(item) }));
}

/** GET `path` with an optional bearer token: the status and the parsed body. */
async function get(baseUrl: string, path: string, token?: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${baseUrl}${path}`, {
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });
  const text = await res.text();
  const type = res.headers.get('content-type') ?? '';
  return { status: res.status, body: type.includes('json') && text !== '' ? (JSON.parse(text) as unknown) : text };
}

/**
 * Everything the API shows of the fixture's tables and tournaments, to every audience it has a credential for: the
 * table, its views (public, organiser, each seat), its event stream (redacted per audience), every deal's record and
 * fairness proof (settlements included); a tournament's page, standings and events.
 */
export async function observe(
  baseUrl: string,
  fixture: Pick<StreamFixture, 'tables' | 'tournaments'>,
): Promise<Observation> {
  const out: Observation = {};
  const take = async (label: string, path: string, token?: string): Promise<unknown> => {
    const r = await get(baseUrl, path, token);
    out[`GET ${path} as ${label}`] = r;
    return r.body;
  };
  for (const u of fixture.tournaments) {
    const base = `/v1/tournaments/${u.tournamentId}`;
    await take('public', base);
    await take('organiser', base, u.organiserKey);
    await take('public', `${base}/standings`);
    await take('organiser', `${base}/events`, u.organiserKey);
  }
  for (const t of fixture.tables) {
    const base = `/v1/tables/${t.tableId}`;
    await take('public', base);
    const detail = (await take('organiser', base, t.organiserKey)) as { dealNo?: number };
    const audiences: [string, string | undefined][] = [
      ['public', undefined],
      ['organiser', t.organiserKey],
      ...t.seats.map((s): [string, string] => [`seat ${s.seat}`, s.token]),
    ];
    for (const [label, token] of audiences) {
      await take(label, `${base}/view`, token);
      await take(label, `${base}/events?after=0&limit=500`, token);
    }
    for (let n = 1; n <= (detail.dealNo ?? 0); n++) {
      await take('organiser', `${base}/deals/${n}/record`, t.organiserKey);
      await take('public', `${base}/deals/${n}/record`);
      await take('public', `${base}/deals/${n}/fairness`);
    }
  }
  return out;
}
