import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoTournamentStore } from '../../../functions/adapters/dynamodb/tournament-store.js';
import type { TournamentMeta } from '../../../functions/ports/tournament-store.js';
import { LocalDueWork, ManualClock, type DueJob } from '../../../functions/tournaments/due-work.js';
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

  it("lists an organiser's tournaments, newest first, and nobody else's", async () => {
    const store = new DynamoTournamentStore(db.client, 'data');
    await store.create(meta('u20', 'alice'));
    await store.create(meta('u30', 'alice'));
    await store.create(meta('u25', 'bob'));
    expect((await store.listByOrganiser('alice', 10)).map((e) => e.tournamentId)).toEqual(['u30', 'u20']);
    expect((await store.listByOrganiser('carol', 10)).length).toBe(0);
  });
});

describe('LocalDueWork (durable due work with an injected clock)', () => {
  it('runs a job at its time, not before; survives a restart; retries a failing handler', async () => {
    let clock = new ManualClock(1_000);
    const ran: string[] = [];
    let failOnce = true;
    const handler = async (job: DueJob): Promise<void> => {
      if (job.kind === 'flaky' && failOnce) {
        failOnce = false;
        throw new Error('not yet');
      }
      ran.push(`${job.key}@${clock.now()}`);
    };
    const first = new LocalDueWork(db.client, 'data', clock, handler);
    await first.schedule({ key: 'a', at: 5_000, kind: 'k', payload: {} });
    await first.schedule({ key: 'b', at: 9_000, kind: 'k', payload: {} });
    await first.schedule({ key: 'c', at: 2_000, kind: 'flaky', payload: {} });
    clock.advanceTo(4_999);
    await first.idle();
    expect(ran).toEqual([]);
    // The flaky job failed once and is retried after a back-off.
    clock.advanceTo(5_000);
    await first.idle();
    expect(ran).toEqual(['a@5000']);
    clock.advanceTo(7_000);
    await first.idle();
    expect(ran).toHaveLength(2);
    expect(ran[1]).toMatch(/^c@/);
    // A crash before `b` ran: a new runner restores it from the store and runs it when due.
    await first.stop();
    const clock2 = new ManualClock(10_000);
    clock = clock2;
    const second = new LocalDueWork(db.client, 'data', clock2, handler);
    expect(await second.start()).toBe(1);
    clock2.advanceTo(10_000);
    await second.idle();
    expect(ran).toContain('b@10000');
    // Done jobs are deleted: a third runner finds nothing.
    const third = new LocalDueWork(db.client, 'data', clock2, handler);
    expect(await third.start()).toBe(0);
  });
});

describe('StoredDueWork (the sweep a scheduled function runs where there are no timers)', () => {
  it('runs exactly the jobs due by now, keeps failed and future ones', async () => {
    const { StoredDueWork } = await import('../../../functions/tournaments/due-work.js');
    const due = new StoredDueWork(db.client, 'data');
    await due.schedule({ key: 'sweep-a', at: 100, kind: 'ok', payload: {} });
    await due.schedule({ key: 'sweep-b', at: 200, kind: 'fail', payload: {} });
    await due.schedule({ key: 'sweep-c', at: 900, kind: 'ok', payload: {} });
    const handler = async (job: DueJob): Promise<void> => {
      if (job.kind === 'fail') throw new Error('boom');
    };
    const ran = await due.sweep(500, handler);
    expect(ran.filter((id) => id.includes('#sweep-'))).toEqual(['ok#sweep-a']);
    const later = await due.sweep(1_000, async () => undefined);
    expect(later.filter((id) => id.includes('#sweep-')).sort()).toEqual(['fail#sweep-b', 'ok#sweep-c']);
    expect((await due.sweep(10_000, async () => undefined)).filter((id) => id.includes('#sweep-'))).toEqual([]);
  });
});
