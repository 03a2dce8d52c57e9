import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PutItemCommand, QueryCommand } from '@aws-sdk/client-dynamodb';
import {
  DynamoTableStore,
  decodeCommitItem,
  encodeCommitItem,
  LEGACY_LOBBY_PK,
  LOBBY_SHARDS,
  lobbyShard,
  lobbySk,
} from '../../functions/adapters/dynamodb/table-store.js';
import { MemoryTableStore } from '../../functions/adapters/memory/table-store.js';
import {
  type Commit,
  compareLobby,
  type LobbyEntry,
  type LobbyPosition,
  type TableMeta,
  type TableStore,
} from '../../functions/ports/table-store.js';
import { type StorageSchema, StoredShapeError } from '../../functions/adapters/schema.js';
import type { TableEvent, TableState } from '../../engine/index.js';
import { startDynalite } from '../support/functions/dynalite.js';

/** Stored shapes as older code wrote them (version 1) and two later steps, to prove the upgrade path of every store. */
const V1: StorageSchema = {
  events: { version: 1, upcasters: [] },
  snapshot: { version: 1, upcasters: [] },
  tournamentEvents: { version: 1, upcasters: [] },
};
const mark =
  (step: number) =>
  (value: unknown): unknown => ({
    ...(value as object),
    steps: [...((value as { steps?: number[] }).steps ?? []), step],
  });
const V3: StorageSchema = {
  events: {
    version: 3,
    upcasters: [
      { from: 1, up: mark(2) },
      { from: 2, up: mark(3) },
    ],
  },
  snapshot: { version: 2, upcasters: [{ from: 1, up: mark(2) }] },
  tournamentEvents: { version: 2, upcasters: [{ from: 1, up: mark(2) }] },
};

/**
 * One contract for every TableStore adapter (STYLE.md 6). `make` opens a store with today's schema (or `schema`);
 * `reopen` reads the same stored data with another schema (new code deployed over an old store).
 */
function storeContract(
  name: string,
  make: (schema?: StorageSchema) => TableStore,
  reopen: (store: TableStore, schema: StorageSchema) => TableStore,
): void {
  describe(`TableStore contract: ${name}`, () => {
    let n = 0;
    const freshId = (): string => `tcontract${name.length}x${++n}`;
    const meta = (tableId: string, rev = 1): TableMeta => ({
      tableId,
      variant: 'schafkopf',
      preset: 'sauspiel',
      visibility: 'public',
      seats: [{ kind: 'open' }, { kind: 'bot', name: 'bot-1' }],
      organiserKeyHash: 'ab'.repeat(32),
      spectatorKeyHashes: [],
      createdAt: 1_700_000_000_000,
      rev,
    });
    const commit = (tableId: string, seq: number, extra: Partial<Commit> = {}): Commit => ({
      tableId,
      seq,
      events: [{ type: 'TableClosed' }],
      base: 1,
      prevBase: 1,
      at: 1_700_000_000_000 + seq,
      ...extra,
    });

    it('creates a table once', async () => {
      const store = make();
      const id = freshId();
      expect(await store.createMeta(meta(id))).toBe(true);
      expect(await store.createMeta(meta(id))).toBe(false);
      expect((await store.getMeta(id))?.seats).toEqual(meta(id).seats);
      expect(await store.getMeta(freshId())).toBeUndefined();
    });

    it('keeps a deal analysis per table, deal and version, apart from the commits', async () => {
      const store = make();
      const id = freshId();
      await store.append(commit(id, 1, { snapshot: { at: 0, state: null } }));
      expect([typeof store.getAnalysis, typeof store.putAnalysis]).toEqual(['function', 'function']);
      expect(await store.getAnalysis?.(id, 1, 'v')).toBeUndefined();
      await store.putAnalysis?.(id, 1, 'v', '{"deal":1}');
      expect(await store.getAnalysis?.(id, 1, 'v')).toBe('{"deal":1}');
      expect(await store.getAnalysis?.(id, 2, 'v')).toBeUndefined();
      expect(await store.getAnalysis?.(id, 1, 'w')).toBeUndefined();
      expect(await store.getAnalysis?.(freshId(), 1, 'v')).toBeUndefined();
      expect((await store.head(id))?.seq).toBe(1);
    });

    it('updates metadata only from the revision it read', async () => {
      const store = make();
      const id = freshId();
      await store.createMeta(meta(id));
      expect(await store.updateMeta({ ...meta(id, 2), visibility: 'private' })).toBe(true);
      expect(await store.updateMeta({ ...meta(id, 2), visibility: 'public' })).toBe(false);
      expect((await store.getMeta(id))?.visibility).toBe('private');
    });

    it('appends once per seq: the second writer of a slot loses', async () => {
      const store = make();
      const id = freshId();
      expect(await store.append(commit(id, 1, { snapshot: { at: 0, state: null } }))).toEqual({ ok: true });
      const racing = await Promise.all([store.append(commit(id, 2)), store.append(commit(id, 2))]);
      expect(racing.filter((r) => r.ok)).toHaveLength(1);
      expect(racing.filter((r) => !r.ok)).toEqual([{ ok: false, reason: 'conflict' }]);
      expect((await store.range(id, 1, 100)).map((c) => c.seq)).toEqual([1, 2]);
    });

    it('finds the head, the commit holding a seq, and ranges in order with a limit', async () => {
      const store = make();
      const id = freshId();
      const three: Commit = {
        ...commit(id, 3),
        events: [{ type: 'TableClosed' }, { type: 'TableClosed' }, { type: 'TableClosed' }],
      };
      await store.append(commit(id, 1, { snapshot: { at: 0, state: null } }));
      await store.append(commit(id, 2));
      await store.append(three);
      await store.append(
        commit(id, 6, {
          idempotencyKey: 'seat0:k',
          requestHash: 'h',
          seeds: { '1': 'abc' },
          auto: true,
          handedOn: true,
        }),
      );
      expect((await store.head(id))?.seq).toBe(6);
      expect((await store.commitHolding(id, 4))?.seq).toBe(3);
      expect((await store.commitHolding(id, 5))?.seq).toBe(3);
      expect((await store.commitHolding(id, 6))?.seq).toBe(6);
      expect((await store.range(id, 2, 6, 2)).map((c) => c.seq)).toEqual([2, 3]);
      const last = await store.head(id);
      expect(last).toMatchObject({
        idempotencyKey: 'seat0:k',
        requestHash: 'h',
        seeds: { '1': 'abc' },
        auto: true,
        handedOn: true,
      });
      expect((await store.range(id, 2, 2))[0]).not.toHaveProperty('handedOn');
      expect((await store.range(id, 1, 1))[0]?.snapshot).toEqual({ at: 0, state: null });
      expect(await store.head(freshId())).toBeUndefined();
      // The slot probe a cached head uses (use-cases/table-stream.ts currentHead): a commit starts exactly there or not.
      expect(await store.commitAt?.(id, 3)).toEqual(three);
      expect(await store.commitAt?.(id, 4)).toBeUndefined();
      expect(await store.commitAt?.(id, 7)).toBeUndefined();
      expect(typeof store.commitAt).toBe('function');
    });

    it('reads the metadata and the commits from a slot on in one call; more than `limit` newer commits: not complete', async () => {
      const store = make();
      const id = freshId();
      expect(await store.metaAndAfter?.(id, 1, 10)).toEqual({ meta: undefined, commits: [], complete: true });
      await store.createMeta(meta(id));
      await store.append(commit(id, 1, { snapshot: { at: 0, state: null } }));
      await store.append(commit(id, 2));
      await store.append(commit(id, 3));
      // The slot after the head is free: the metadata alone (the warm view's one read).
      expect(await store.metaAndAfter?.(id, 4, 10)).toEqual({ meta: meta(id), commits: [], complete: true });
      const newer = await store.metaAndAfter?.(id, 2, 10);
      expect(newer?.meta).toEqual(meta(id));
      expect(newer?.commits.map((c) => c.seq)).toEqual([2, 3]);
      expect(newer?.commits[1]).toEqual(commit(id, 3));
      expect(newer?.complete).toBe(true);
      // Fewer commits allowed than there are: no metadata, not complete (the caller reads as before).
      const cut = await store.metaAndAfter?.(id, 1, 2);
      expect(cut?.complete).toBe(false);
      expect(cut?.meta).toBeUndefined();
      expect(cut?.commits.map((c) => c.seq)).toEqual([1, 2]);
      // A metadata change is seen by the next read (nothing cached in the adapter).
      await store.updateMeta({ ...meta(id), seats: [{ kind: 'open' }, { kind: 'open' }], rev: 2 });
      expect((await store.metaAndAfter?.(id, 4, 10))?.meta?.rev).toBe(2);
      expect(typeof store.metaAndAfter).toBe('function');
    });

    it('lists the tables an API key created, a page at a time, until each is dropped', async () => {
      const store = make();
      const key = `key${freshId()}`;
      const ids = [freshId(), freshId(), freshId()].sort();
      for (const id of ids) await store.noteCreator(key, id);
      await store.noteCreator(key, ids[0]!);
      expect(await store.tablesOfCreator(`other${key}`, 10)).toEqual({ tableIds: [] });
      const first = await store.tablesOfCreator(key, 2);
      expect(first.tableIds).toEqual(ids.slice(0, 2));
      expect(first.next).toBe(ids[1]);
      const rest = await store.tablesOfCreator(key, 2, first.next);
      expect(rest.tableIds).toEqual(ids.slice(2));
      await store.dropCreator(key, ids[1]!);
      expect((await store.tablesOfCreator(key, 10)).tableIds).toEqual([ids[0], ids[2]]);
    });

    it('a listen fence in the slot after the head: invisible to reads, gives way only to a commit of its epoch', async () => {
      const store = make();
      const id = freshId();
      await store.createMeta(meta(id));
      await store.append(commit(id, 1, { snapshot: { at: 0, state: null }, listen: 0 }));
      await store.append(commit(id, 2, { listen: 0 }));
      expect(await store.fence(id, 2, 1)).toBe('taken');
      expect(await store.fence(id, 3, 2)).toBe('fenced');
      // A lower fence never lowers the one there; the same epoch again is fine (a retried subscription).
      expect(await store.fence(id, 3, 1)).toBe('fenced');
      expect(await store.fence(id, 3, 2)).toBe('fenced');
      // Every read sees the table as before: the head, the commit holding a seq, ranges, the slot, the one-read view.
      expect((await store.head(id))?.seq).toBe(2);
      expect((await store.commitHolding(id, 9))?.seq).toBe(2);
      expect((await store.range(id, 1, 99)).map((c) => c.seq)).toEqual([1, 2]);
      expect(await store.commitAt?.(id, 3)).toBeUndefined();
      expect(await store.metaAndAfter?.(id, 3, 10)).toEqual({ meta: meta(id), commits: [], complete: true });
      // A writer on metadata older than the fence (no epoch, or a lower one) loses the slot; one carrying it wins.
      expect(await store.append(commit(id, 3))).toEqual({ ok: false, reason: 'conflict' });
      expect(await store.append(commit(id, 3, { listen: 1 }))).toEqual({ ok: false, reason: 'conflict' });
      expect(await store.append(commit(id, 3, { listen: 2, watched: true }))).toEqual({ ok: true });
      expect(await store.head(id)).toEqual(commit(id, 3, { listen: 2, watched: true }));
      // Once a commit holds it the slot is taken for good: neither a fence nor a second commit replaces it.
      expect(await store.fence(id, 3, 9)).toBe('taken');
      expect(await store.append(commit(id, 3, { listen: 9 }))).toEqual({ ok: false, reason: 'conflict' });
      // The next slot is free and unfenced: any writer may take it.
      expect(await store.append(commit(id, 4))).toEqual({ ok: true });
      expect((await store.range(id, 1, 99)).map((c) => [c.seq, c.listen])).toEqual([
        [1, 0],
        [2, 0],
        [3, 2],
        [4, undefined],
      ]);
    });

    it('lists, replaces and removes lobby entries', async () => {
      const store = make();
      const id = freshId();
      const entry = { tableId: id, variant: 'schafkopf', preset: 'sauspiel', seats: 4, openSeats: 3, createdAt: 5 };
      await store.putLobby(entry);
      await store.putLobby({ ...entry, openSeats: 2 });
      expect((await store.listLobby(100)).entries.filter((e) => e.tableId === id)).toEqual([
        { ...entry, openSeats: 2 },
      ]);
      await store.deleteLobby(id, 5);
      expect((await store.listLobby(100)).entries.some((e) => e.tableId === id)).toBe(false);
    });

    it('pages the lobby newest first (ties by id), each entry once, `next` only while more follow', async () => {
      const store = make();
      // 40 entries on 6 distinct instants: many ties, spread over every shard of a sharded adapter.
      const mine = Array.from({ length: 40 }, (_, i) => ({
        tableId: `${freshId()}p${i}`,
        variant: 'schafkopf',
        preset: 'sauspiel',
        seats: 4,
        openSeats: 1 + (i % 3),
        createdAt: 9_000_000_000_000 + (i % 6),
      }));
      await Promise.all(mine.map((e) => store.putLobby(e)));
      const seen: string[] = [];
      let after: LobbyPosition | undefined;
      for (let pages = 0; pages < 100; pages++) {
        const page = await store.listLobby(7, after);
        expect(page.entries.length).toBeLessThanOrEqual(7);
        seen.push(...page.entries.map((e) => e.tableId));
        if (page.next === undefined) break;
        expect(page.entries).toHaveLength(7);
        after = page.next;
      }
      expect(new Set(seen).size).toBe(seen.length);
      const expected = [...mine].sort(compareLobby).map((e) => e.tableId);
      expect(seen.filter((id) => mine.some((e) => e.tableId === id))).toEqual(expected);
      expect(
        (await store.listLobby(mine.length, { createdAt: 9_000_000_000_005, tableId: '' })).entries[0]?.createdAt,
      ).toBe(9_000_000_000_004);
      for (const e of mine) await store.deleteLobby(e.tableId, e.createdAt);
    });

    it('upcasts what older code stored on every read; stores new commits at its own versions', async () => {
      const old = make(V1);
      const id = freshId();
      const state = { marker: 'snapshot' } as unknown as TableState;
      const closed: TableEvent = { type: 'TableClosed' };
      await old.append(commit(id, 1, { events: [closed, closed], snapshot: { at: 1, state } }));
      await old.append(commit(id, 3, { snapshot: { at: 0, state: null } }));
      const now = reopen(old, V3);
      const upcast = { type: 'TableClosed', steps: [2, 3] };
      const first = await now.commitAt!(id, 1);
      expect(first?.events).toEqual([upcast, upcast]);
      expect(first?.snapshot).toEqual({ at: 1, state: { marker: 'snapshot', steps: [2] } });
      // A snapshot of a table not yet opened stays null at every version.
      expect((await now.head(id))?.snapshot).toEqual({ at: 0, state: null });
      expect((await now.head(id))?.events).toEqual([upcast]);
      expect((await now.commitHolding(id, 2))?.events).toEqual([upcast, upcast]);
      expect((await now.range(id, 1, 3)).map((c) => c.events)).toEqual([[upcast, upcast], [upcast]]);
      const both = await now.metaAndAfter?.(id, 1, 10);
      if (both !== undefined) expect(both.commits.map((c) => c.events)).toEqual([[upcast, upcast], [upcast]]);
      // What the new code writes is stored at its versions: read back as written, not upcast again.
      expect(await now.append(commit(id, 4, { snapshot: { at: 0, state } }))).toEqual({ ok: true });
      const fresh = await now.commitAt!(id, 4);
      expect(fresh?.events).toEqual([closed]);
      expect(fresh?.snapshot).toEqual({ at: 0, state });
      // The old code refuses the newer item rather than misreading it.
      await expect(old.commitAt!(id, 4)).rejects.toThrow(StoredShapeError);
      // Reading with today's schema the old items are as they were.
      expect((await reopen(old, V1).commitAt!(id, 1))?.events).toEqual([closed, closed]);
    });
  });
}

storeContract(
  'memory',
  (schema) => new MemoryTableStore(schema),
  (store, schema) => (store as MemoryTableStore).reopen(schema),
);

let dynamo: Awaited<ReturnType<typeof startDynalite>> | undefined;
beforeAll(async () => {
  dynamo = await startDynalite();
});
afterAll(async () => {
  await dynamo?.stop();
});
storeContract(
  'dynamodb (dynalite)',
  (schema) => {
    if (dynamo === undefined) throw new Error('dynalite not started');
    return new DynamoTableStore(dynamo.client, 'data', schema);
  },
  (_store, schema) => new DynamoTableStore(dynamo!.client, 'data', schema),
);

describe('DynamoDB commit items', () => {
  it('carry the schema version of their events (`v`) and snapshot (`sv`); items without one are version 1', () => {
    const state = { marker: 'snapshot' } as unknown as TableState;
    const c: Commit = {
      tableId: 'tversions',
      seq: 1,
      base: 1,
      prevBase: 1,
      at: 1,
      events: [{ type: 'TableClosed' }],
      snapshot: { at: 0, state },
    };
    const item = encodeCommitItem(c);
    expect([item.v?.N, item.sv?.N]).toEqual(['1', '1']);
    expect(encodeCommitItem({ ...c, snapshot: undefined }).sv).toBeUndefined();
    // As stored before versions existed (the fixture streams of test/fixtures/streams are such items).
    const { v: _v, sv: _sv, ...unversioned } = item;
    expect(decodeCommitItem(unversioned)).toEqual(c);
    expect(decodeCommitItem(unversioned, V3)).toMatchObject({
      events: [{ type: 'TableClosed', steps: [2, 3] }],
      snapshot: { at: 0, state: { marker: 'snapshot', steps: [2] } },
    });
    expect(() => decodeCommitItem({ ...item, v: { N: '4' } }, V3)).toThrow(StoredShapeError);
  });

  it('a move commit stays well under 1 KB', () => {
    const item = encodeCommitItem({
      tableId: 'tmwscoc454f5155e059',
      seq: 123,
      base: 100,
      prevBase: 100,
      at: Date.now(),
      idempotencyKey: 'seat2:0b7c3c1e-1d2f-4c69-9d4a-7f3b1c2d3e4f',
      requestHash: 'f'.repeat(64),
      events: [
        { type: 'ActionTaken', deal: 7, seat: 2, action: { type: 'play', card: 'EO' } },
        {
          type: 'DealNoted',
          deal: 7,
          note: {
            type: 'TrickTaken',
            winner: 2,
            points: 17,
            cards: [
              { seat: 3, card: 'HA' },
              { seat: 0, card: 'H9' },
              { seat: 1, card: 'HK' },
              { seat: 2, card: 'EO' },
            ],
          },
        },
      ],
    });
    const bytes = Object.entries(item).reduce(
      (n, [k, v]) => n + k.length + (v.S?.length ?? 0) + (v.N?.length ?? 0) + (v.B?.length ?? 0),
      0,
    );
    expect(bytes).toBeLessThan(1024);
  });
});

describe('DynamoDB lobby shards', () => {
  const entry = (tableId: string, createdAt: number): LobbyEntry => ({
    tableId,
    variant: 'schafkopf',
    preset: 'sauspiel',
    seats: 4,
    openSeats: 3,
    createdAt,
  });
  const rowsUnder = async (pk: string): Promise<number> =>
    (
      await dynamo!.client.send(
        new QueryCommand({
          TableName: 'data',
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': { S: pk } },
        }),
      )
    ).Count ?? 0;

  it('spreads entries over LOBBY_SHARDS partition keys, none under the legacy key', async () => {
    const store = new DynamoTableStore(dynamo!.client, 'data');
    const ids = Array.from({ length: 64 }, (_, i) => `tshard${i}x`);
    await Promise.all(ids.map((id, i) => store.putLobby(entry(id, 8_000_000_000_000 + i))));
    const used = new Set(ids.map(lobbyShard));
    expect(used.size).toBe(LOBBY_SHARDS);
    const perShard = await Promise.all([...used].map((s) => rowsUnder(`LOBBY#${s}`)));
    expect(perShard.every((n) => n > 0 && n < ids.length)).toBe(true);
    expect(await rowsUnder(LEGACY_LOBBY_PK)).toBe(0);
    for (const [i, id] of ids.entries()) await store.deleteLobby(id, 8_000_000_000_000 + i);
  });

  it('migrates rows written under the legacy `LOBBY` key; a legacy table that closed first stays out', async () => {
    const store = new DynamoTableStore(dynamo!.client, 'data');
    // Rows as the unsharded lobby wrote them.
    const legacy = [entry('tlegacyA', 7_000_000_000_001), entry('tlegacyB', 7_000_000_000_002), entry('tlegacyC', 7)];
    for (const e of legacy)
      await dynamo!.client.send(
        new PutItemCommand({
          TableName: 'data',
          Item: {
            pk: { S: LEGACY_LOBBY_PK },
            sk: { S: lobbySk(e.tableId, e.createdAt) },
            m: { S: JSON.stringify(e) },
          },
        }),
      );
    // C closed before any process migrated: deleteLobby removes the legacy row too.
    await store.deleteLobby('tlegacyC', 7);
    // B gained a player under the new code (a shard row exists, newer than the legacy row).
    await store.putLobby({ ...legacy[1]!, openSeats: 2 });

    expect(await store.migrateLegacyLobby()).toBe(1);
    expect(await rowsUnder(LEGACY_LOBBY_PK)).toBe(0);
    const listed = (await store.listLobby(100)).entries.filter((e) => e.tableId.startsWith('tlegacy'));
    expect(listed).toEqual([{ ...legacy[1]!, openSeats: 2 }, legacy[0]]);
    expect(await store.migrateLegacyLobby()).toBe(0);
    for (const e of legacy) await store.deleteLobby(e.tableId, e.createdAt);
  });
});
