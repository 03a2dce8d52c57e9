import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoTournamentStore } from '../../../functions/adapters/dynamodb/tournament-store.js';
import type { TournamentMeta } from '../../../functions/ports/tournament-store.js';
import { STORAGE_SCHEMA, StoredShapeError } from '../../../functions/adapters/schema.js';
import { startDynalite } from '../../support/functions/dynalite.js';

let db: Awaited<ReturnType<typeof startDynalite>>;
beforeAll(async () => {
  db = await startDynalite();
});
afterAll(async () => db.stop());

const meta = (id: string, org = 'org'): TournamentMeta => ({
  tournamentId: id,
  name: `T ${id}`,
  organiserKeyHash: org,
  secret: 's',
  tokenKey: 'k',
  createdAt: Number(id.replace(/\D/g, '')) || 1,
  startsAt: 2,
});

describe('TournamentStore on DynamoDB (dynalite)', () => {
  it('creates once, appends once per seq, reads commits in order after a seq', async () => {
    const store = new DynamoTournamentStore(db.client, 'data');
    expect(await store.create(meta('u1'))).toBe(true);
    expect(await store.create(meta('u1'))).toBe(false);
    expect((await store.getMeta('u1'))?.name).toBe('T u1');
    expect(await store.getMeta('u404')).toBeUndefined();
    const commit = (seq: number) => ({
      tournamentId: 'u1',
      seq,
      at: seq,
      events: [{ type: 'CheckedIn' as const, playerId: `p${seq}` }],
    });
    expect(await store.append(commit(1))).toBe(true);
    const racing = await Promise.all([store.append(commit(2)), store.append(commit(2))]);
    expect(racing.filter(Boolean)).toHaveLength(1);
    for (let seq = 3; seq <= 12; seq++) expect(await store.append(commit(seq))).toBe(true);
    expect((await store.commits('u1')).map((c) => c.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect((await store.commits('u1', 10)).map((c) => c.seq)).toEqual([11, 12]);
    expect((await store.commits('u1'))[4]?.events).toEqual([{ type: 'CheckedIn', playerId: 'p5' }]);
  });

  it('commitsFrom: the commit holding a seq (it may begin earlier) and every later one — where a webhook catch-up resumes', async () => {
    const store = new DynamoTournamentStore(db.client, 'data');
    await store.create(meta('u3'));
    const checkIns = (seq: number, n: number) => ({
      tournamentId: 'u3',
      seq,
      at: seq,
      events: Array.from({ length: n }, (_, i) => ({ type: 'CheckedIn' as const, playerId: `p${seq + i}` })),
    });
    // Commits holding events 1, 2–4, 5, 6–7.
    for (const [seq, n] of [
      [1, 1],
      [2, 3],
      [5, 1],
      [6, 2],
    ] as const)
      expect(await store.append(checkIns(seq, n))).toBe(true);
    const from = async (seq: number) => (await store.commitsFrom('u3', seq)).map((c) => c.seq);
    expect(await from(1)).toEqual([1, 2, 5, 6]);
    expect(await from(3)).toEqual([2, 5, 6]);
    expect(await from(4)).toEqual([2, 5, 6]);
    expect(await from(5)).toEqual([5, 6]);
    expect(await from(7)).toEqual([6]);
    expect(await from(8)).toEqual([6]);
    expect(await store.commitsFrom('u404', 1)).toEqual([]);
  });

  it('a commit larger than one item (a 5,000-player draw) is stored in parts and read whole; a lost race leaves nothing', async () => {
    const store = new DynamoTournamentStore(db.client, 'data');
    await store.create(meta('u7'));
    // 900 events of ~1.1 KB: about 1 MB, more than two items of 400 KB.
    const big = (seq: number, tag: string) => ({
      tournamentId: 'u7',
      seq,
      at: seq,
      events: Array.from({ length: 900 }, (_, i) => ({
        type: 'CheckedIn' as const,
        playerId: `p${tag}${i}${'x'.repeat(1100)}`,
      })),
    });
    expect(
      await store.append({ tournamentId: 'u7', seq: 1, at: 1, events: [{ type: 'CheckedIn', playerId: 'p0' }] }),
    ).toBe(true);
    const racing = await Promise.all([store.append(big(2, 'a')), store.append(big(2, 'b'))]);
    expect(racing.filter(Boolean)).toHaveLength(1);
    const winner = racing[0] ? 'a' : 'b';
    expect(
      await store.append({ tournamentId: 'u7', seq: 902, at: 3, events: [{ type: 'CheckedIn', playerId: 'pz' }] }),
    ).toBe(true);
    const read = await store.commits('u7');
    expect(read.map((c) => [c.seq, c.events.length])).toEqual([
      [1, 1],
      [2, 900],
      [902, 1],
    ]);
    expect(read[1]!.events.every((e) => e.type === 'CheckedIn' && e.playerId.startsWith(`p${winner}`))).toBe(true);
    expect(
      read[1]!.events.map((e) => (e.type === 'CheckedIn' ? Number(e.playerId.slice(2, e.playerId.indexOf('x'))) : -1)),
    ).toEqual(Array.from({ length: 900 }, (_, i) => i));
  });

  it("lists an organiser's tournaments, newest first, and nobody else's", async () => {
    const store = new DynamoTournamentStore(db.client, 'data');
    await store.create(meta('u20', 'alice'));
    await store.create(meta('u30', 'alice'));
    await store.create(meta('u25', 'bob'));
    expect((await store.listByOrganiser('alice', 10)).map((e) => e.tournamentId)).toEqual(['u30', 'u20']);
    expect((await store.listByOrganiser('carol', 10)).length).toBe(0);
  });

  it('stores the events with their schema version; newer code upcasts them on read, older code refuses newer ones', async () => {
    const old = new DynamoTournamentStore(db.client, 'data');
    await old.create(meta('u40'));
    expect(
      await old.append({ tournamentId: 'u40', seq: 1, at: 1, events: [{ type: 'CheckedIn', playerId: 'p1' }] }),
    ).toBe(true);
    const newer = new DynamoTournamentStore(db.client, 'data', {
      ...STORAGE_SCHEMA,
      tournamentEvents: { version: 2, upcasters: [{ from: 1, up: (e) => ({ ...(e as object), upcast: true }) }] },
    });
    expect((await newer.commits('u40'))[0]?.events).toEqual([{ type: 'CheckedIn', playerId: 'p1', upcast: true }]);
    await newer.append({ tournamentId: 'u40', seq: 2, at: 2, events: [{ type: 'CheckedIn', playerId: 'p2' }] });
    expect((await newer.commits('u40', 1))[0]?.events).toEqual([{ type: 'CheckedIn', playerId: 'p2' }]);
    await expect(old.commits('u40')).rejects.toThrow(StoredShapeError);
  });
});
