import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoConnectionStore } from '../../functions/adapters/dynamodb/connection-store.js';
import { MemoryConnectionStore } from '../../functions/adapters/memory/connection-store.js';
import { lastSeq } from '../../functions/ports/table-store.js';
import type { Connection, ConnectionStore } from '../../functions/ports/connections.js';
import { type ServerFrame, eventFrames, fitFrame, frameBytes } from '../../functions/wire/frames.js';
import type { SeatedEvent } from '../../functions/use-cases/table-service.js';
import type { LocalServer } from '../../local/server.js';
import type { Api } from '../support/functions/client.js';
import { countCalls, startDynalite } from '../support/functions/dynalite.js';
import { startServer } from '../support/functions/play.js';
import { type Player, eagerChoice, seatedTable, subscribed } from './helpers.js';
import { asSeat } from '../../engine/seat.js';

const pass = (seq: number): SeatedEvent => ({
  seq,
  event: { type: 'ActionTaken', deal: 1, seat: asSeat(seq % 4), action: { type: 'pass' } },
});

describe('frames', () => {
  it('one frame when everything fits, with the view', () => {
    const frames = eventFrames({ tableId: 't1234', version: 3 }, [pass(2), pass(3)], undefined, 30_000);
    expect(frames).toEqual([{ type: 'events', tableId: 't1234', version: 3, events: [pass(2), pass(3)] }]);
  });

  it('splits events over frames under the limit, in order, the view on the last frame only when it fits', () => {
    const events = Array.from({ length: 40 }, (_, i) => pass(i + 1));
    const limit = 1_000;
    const frames = eventFrames({ tableId: 't1234', version: 40 }, events, undefined, limit);
    expect(frames.length).toBeGreaterThan(3);
    for (const f of frames) expect(frameBytes(f)).toBeLessThanOrEqual(limit);
    expect(frames.flatMap((f) => (f.type === 'events' ? f.events : []))).toEqual(events);
    const big = { dealNo: 1, padding: 'x'.repeat(2_000) } as unknown as Parameters<typeof eventFrames>[2];
    const withBigView = eventFrames({ tableId: 't1234', version: 40 }, events, big, limit);
    expect(withBigView.every((f) => f.type === 'events' && f.view === undefined)).toBe(true);
    const small = { dealNo: 1 } as unknown as Parameters<typeof eventFrames>[2];
    const withSmallView = eventFrames({ tableId: 't1234', version: 40 }, events, small, limit);
    expect(withSmallView.at(-1)).toMatchObject({ view: small });
    expect(withSmallView.slice(0, -1).every((f) => f.type === 'events' && f.view === undefined)).toBe(true);
  });

  it('an event that cannot fit any frame turns into a resync_needed notice from its seq', () => {
    const huge: SeatedEvent = { seq: 3, event: { type: 'TableClosed', padding: 'y'.repeat(5_000) } as never };
    const frames = eventFrames({ tableId: 't1234', version: 4 }, [pass(2), huge, pass(4)], undefined, 1_000);
    expect(frames).toEqual([
      { type: 'events', tableId: 't1234', version: 4, events: [pass(2)] },
      { type: 'resync_needed', tableId: 't1234', after: 2, version: 4 },
    ]);
  });

  it('fitFrame drops the bulky optional parts of a reply rather than exceed the limit', () => {
    const result: ServerFrame = {
      type: 'result',
      tableId: 't1234',
      version: 9,
      events: Array.from({ length: 50 }, (_, i) => pass(i + 1)),
      replayed: false,
    };
    expect(fitFrame(result, 100_000)).toBe(result);
    expect(fitFrame(result, 500)).toEqual({ ...result, events: [] });
  });
});

/** The connection-store contract: every adapter behaves the same (memory for unit tests, DynamoDB on dynalite). */
function connectionStoreContract(name: string, make: () => Promise<{ store: ConnectionStore; stop(): Promise<void> }>) {
  describe(`ConnectionStore contract: ${name}`, () => {
    let store: ConnectionStore;
    let stop: () => Promise<void>;
    beforeAll(async () => {
      ({ store, stop } = await make());
    });
    afterAll(async () => stop());

    const row = (id: string, expiresAt = 2_000_000_000): Connection => ({
      connectionId: id,
      authTableId: 'tcontract1',
      principal: { kind: 'seat', seat: 1, tokenHash: 'ab'.repeat(32) },
      endpoint: 'https://example.execute-api.eu-central-1.amazonaws.com/live',
      connectedAt: 1_700_000_000_000,
      expiresAt,
    });

    it('stores, reads and removes a connection; principals round-trip', async () => {
      await store.put(row('A1='));
      await store.put({ ...row('A2='), principal: { kind: 'spectator' } });
      await store.put({ ...row('A3='), principal: { kind: 'organiser', tokenHash: 'cd'.repeat(32) } });
      expect(await store.get('A1=')).toEqual(row('A1='));
      expect((await store.get('A2='))?.principal).toEqual({ kind: 'spectator' });
      expect((await store.get('A3='))?.principal).toEqual({ kind: 'organiser', tokenHash: 'cd'.repeat(32) });
      await store.remove('A1=');
      expect(await store.get('A1=')).toBeUndefined();
      await store.remove('A1=');
    });

    it('byTable finds exactly the unexpired subscribers of a table', async () => {
      await store.put(row('B1='));
      await store.put(row('B2='));
      await store.put(row('B3=', 1_000));
      await store.put(row('B4='));
      expect(await store.subscribe('B1=', 'tcontract2', 'seat')).toBe(true);
      expect(await store.subscribe('B2=', 'tcontract2', 'spectator')).toBe(true);
      expect(await store.subscribe('B3=', 'tcontract2', 'spectator')).toBe(true);
      expect(await store.subscribe('B4=', 'tother0001', 'spectator')).toBe(true);
      const found = await store.byTable('tcontract2', 1_500);
      expect(found.map((c) => [c.connectionId, c.audience])).toEqual([
        ['B1=', 'seat'],
        ['B2=', 'spectator'],
      ]);
      await store.unsubscribe('B1=');
      expect((await store.byTable('tcontract2', 1_500)).map((c) => c.connectionId)).toEqual(['B2=']);
      expect((await store.get('B1='))?.tableId).toBeUndefined();
      await store.remove('B2=');
      expect(await store.byTable('tcontract2', 1_500)).toEqual([]);
    });

    it('a subscribe after the row was removed ($disconnect won the race) does not bring it back', async () => {
      await store.put(row('C1='));
      await store.remove('C1=');
      expect(await store.subscribe('C1=', 'tcontract3', 'seat')).toBe(false);
      expect(await store.get('C1=')).toBeUndefined();
      expect(await store.byTable('tcontract3', 0)).toEqual([]);
      await store.unsubscribe('C1=');
      expect(await store.get('C1=')).toBeUndefined();
    });

    it('byTable pages through many subscribers', async () => {
      for (let i = 0; i < 120; i++) {
        const id = `D${String(i).padStart(3, '0')}=`;
        await store.put(row(id));
        await store.subscribe(id, 'tcontract4', 'spectator');
      }
      expect((await store.byTable('tcontract4', 0)).length).toBe(120);
    });
  });
}

connectionStoreContract('memory', async () => ({ store: new MemoryConnectionStore(), stop: async () => undefined }));
connectionStoreContract('dynamodb (dynalite)', async () => {
  const db = await startDynalite();
  return { store: new DynamoConnectionStore(db.client, 'connections'), stop: db.stop };
});

describe('fan-out cost and latency (local)', () => {
  let server: LocalServer;
  let api: Api;
  beforeAll(async () => {
    ({ server, api } = await startServer());
  });
  afterAll(async () => server.close());

  it('a commit costs one Query (the subscribers) for one subscriber or eight, nothing else; posts are one per frame', async () => {
    const { tableId, seats } = await seatedTable(api);
    const counter = countCalls(server.client);
    const players: Player[] = [];
    for (const s of seats) players.push({ ...s, client: await subscribed(server, tableId, s.token) });
    const costs: Record<string, number>[] = [];
    for (const watchers of [0, 4]) {
      const extra = [];
      for (let i = 0; i < watchers; i++) extra.push(await subscribed(server, tableId, undefined));
      await server.idle();
      server.hold();
      const toAct = players[0]!.client.view!.deal!.toAct[0]!;
      const mover = players[toAct]!.client;
      const r = await mover.request({ action: 'act', move: eagerChoice(mover.view!.legalActions) });
      expect(r.type).toBe('result');
      const commit = (await server.runtime.store.head(tableId))!;
      counter.reset();
      const report = await server.realtime.fanOut(commit);
      costs.push(Object.fromEntries(counter.calls));
      expect(report).toEqual({ subscribers: 4 + watchers, frames: 4 + watchers, gone: 0, revoked: 0, failed: 0 });
      server.release();
      await server.idle();
      for (const c of [...players.map((p) => p.client), ...extra]) await c.caughtUp(lastSeq(commit));
      for (const c of extra) await c.close();
    }
    // The states around the commit come from the cached head (this process appended it); so do the seating (the
    // stream's) and the stored metadata (cached with the head when the move was decided; functions/use-cases/
    // head-cache.ts `config`): the subscribers' Query is the only read.
    expect(costs[0]).toEqual({ QueryCommand: 1 });
    expect(costs[1]).toEqual({ QueryCommand: 1 });
    for (const p of players) await p.client.close();
  });

  it('measures act → own result and act → every subscriber holds the push (printed, not asserted)', async () => {
    const { tableId, seats } = await seatedTable(api);
    const players: Player[] = [];
    for (const s of seats) players.push({ ...s, client: await subscribed(server, tableId, s.token) });
    const watchers = [await subscribed(server, tableId, undefined), await subscribed(server, tableId, undefined)];
    const everyone = [...players.map((p) => p.client), ...watchers];
    const toResult: number[] = [];
    const toAll: number[] = [];
    for (let move = 0; move < 40; move++) {
      const view = watchers[0]!.view!;
      if (view.deal === null || view.dealNo > 1) break;
      const mover = players.find((p) => view.deal!.toAct.includes(p.seat))!.client;
      const t0 = performance.now();
      const r = await mover.request({
        action: 'act',
        move: eagerChoice(mover.view!.legalActions),
        expectedVersion: mover.viewVersion,
      });
      toResult.push(performance.now() - t0);
      expect(r.type, JSON.stringify(r)).toBe('result');
      await Promise.all(everyone.map((c) => c.caughtUp(r.version!)));
      toAll.push(performance.now() - t0);
    }
    expect(toAll.length).toBeGreaterThan(10);
    const pct = (xs: number[], p: number): string =>
      [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!.toFixed(1);
    console.log(
      `realtime (local, 6 subscribers, ${toAll.length} moves): act→result p50 ${pct(toResult, 50)} ms p99 ${pct(toResult, 99)} ms; ` +
        `act→all pushed p50 ${pct(toAll, 50)} ms p99 ${pct(toAll, 99)} ms`,
    );
    for (const c of everyone) await c.close();
  });
});
