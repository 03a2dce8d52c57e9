import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TableService } from '../../functions/use-cases/table-service.js';
import { AppError } from '../../functions/use-cases/errors.js';
import { statesAround } from '../../functions/use-cases/fanout.js';
import { HeadCache } from '../../functions/use-cases/head-cache.js';
import { loadTable } from '../../functions/use-cases/table-stream.js';
import type { LocalServer } from '../../local/server.js';
import { type CallCounter, countCalls } from '../support/functions/dynalite.js';
import { createTable, scriptedChoice, seatEveryone, startServer } from '../support/functions/play.js';
import type { Api } from '../support/functions/client.js';

// Two warm service instances over one store, as two warm Lambdas would be: each decides on its own cached head, and
// the conditional write is the proof. A stale cache may cost a retry; it never lets a move through.

let server: LocalServer;
let api: Api;
let counter: CallCounter;
beforeAll(async () => {
  ({ server, api } = await startServer());
  counter = countCalls(server.client);
});
afterAll(async () => {
  await server.close();
});

describe('cached heads', () => {
  it('views and pushes stay current across instances: a warm view sees the other instance’s move; the states around a commit are the same from a cache that is current, behind or empty', async () => {
    const t = await createTable(api, { variant: 'schafkopf', seats: 4 });
    await seatEveryone(api, t.tableId, 4);
    await server.idle();
    const a = new TableService({ store: server.runtime.store });
    const b = new TableService({ store: server.runtime.store });
    const behind = new HeadCache();
    for (let i = 0; i < 6; i++) {
      const v = await a.view(t.tableId, { kind: 'spectator' });
      const seat = v.view.deal!.toAct[0]!;
      const legal = (await b.view(t.tableId, { kind: 'seat', seat })).view.legalActions;
      const out = await b.act(t.tableId, { kind: 'seat', seat }, scriptedChoice(legal), {});
      // `a` was warm at `v.version`: its next view probes the slot after it and shows b's move.
      const seen = await a.view(t.tableId, { kind: 'seat', seat });
      expect(seen.version).toBe(out.version);
      expect(seen).toEqual(
        await new TableService({ store: server.runtime.store }).view(t.tableId, { kind: 'seat', seat }),
      );
      const commit = (await server.runtime.store.head(t.tableId))!;
      const fresh = await statesAround(server.runtime.store, undefined, commit);
      expect(await statesAround(server.runtime.store, a.heads, commit)).toEqual(fresh);
      if (i % 2 === 0) expect(await statesAround(server.runtime.store, behind, commit)).toEqual(fresh);
    }
  });

  it('the stream side folds each commit onto where it stood after the one before (its trail): no read of the deal while bots run deals ahead', async () => {
    const { tableId } = await server.runtime.service.create({
      variant: 'schafkopf',
      seats: 4,
      bots: [0, 1, 2, 3],
      maxDeals: 3,
    });
    await server.idle();
    const head = (await server.runtime.store.head(tableId))!;
    const commits = await server.runtime.store.range(tableId, 1, head.seq);
    expect(commits.length).toBeGreaterThan(3);
    // The cached head is the table's last commit — deals ahead of the commits handed to the stream side, as when bots
    // play faster than the stream keeps up: only the trail can serve it.
    const heads = new HeadCache();
    heads.set(tableId, await loadTable(server.runtime.store, tableId));
    const reads: number[] = [];
    const counting = new Proxy(server.runtime.store, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver) as unknown;
        if (key !== 'range' || typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          reads.push(args[1] as number);
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    for (const commit of commits) {
      const fresh = await statesAround(server.runtime.store, undefined, commit);
      expect(await statesAround(counting, heads, commit)).toEqual(fresh);
    }
    // Every commit is folded onto the trail (the first onto nothing): no read of the deal's commits at all.
    expect(reads).toEqual([]);
  });

  it('a move decided on a stale cache is re-decided on the store: illegal now → refused, nothing written', async () => {
    const t = await createTable(api, { variant: 'schafkopf', seats: 4 });
    await seatEveryone(api, t.tableId, 4);
    await server.idle();
    const a = new TableService({ store: server.runtime.store });
    const b = new TableService({ store: server.runtime.store });
    const view = await a.view(t.tableId, { kind: 'spectator' });
    const seat = view.view.deal!.toAct[0]!;
    const legal = (await a.view(t.tableId, { kind: 'seat', seat })).view.legalActions;
    const action = scriptedChoice(legal);
    // Warm both caches on the same version: each makes a move the other does not see… only one can be first.
    await b.act(t.tableId, { kind: 'seat', seat }, action, {});
    const after = (await b.view(t.tableId, { kind: 'spectator' })).version;
    // `a` has no cached head yet; warm it by a move of the next seat, then let `b` (stale now) try the old seat again.
    const next = (await a.view(t.tableId, { kind: 'spectator' })).view.deal!.toAct[0]!;
    const nextLegal = (await a.view(t.tableId, { kind: 'seat', seat: next })).view.legalActions;
    await a.act(t.tableId, { kind: 'seat', seat: next }, scriptedChoice(nextLegal), {});
    const version = (await a.view(t.tableId, { kind: 'spectator' })).version;
    expect(version).toBeGreaterThan(after);
    // b's cache still says `next` is to act: its decision on the cache would pass; the store says otherwise.
    const stale = b.act(t.tableId, { kind: 'seat', seat: next }, scriptedChoice(nextLegal), {});
    await expect(stale).rejects.toBeInstanceOf(AppError);
    expect((await a.view(t.tableId, { kind: 'spectator' })).version).toBe(version);
  });

  it('racing instances: exactly one of two pinned moves wins; the loser answers 409 with the current version', async () => {
    const t = await createTable(api, { variant: 'schafkopf', seats: 4 });
    await seatEveryone(api, t.tableId, 4);
    await server.idle();
    const a = new TableService({ store: server.runtime.store });
    const b = new TableService({ store: server.runtime.store });
    for (let i = 0; i < 6; i++) {
      const v = await a.view(t.tableId, { kind: 'spectator' });
      const seat = v.view.deal!.toAct[0]!;
      const legal = (await a.view(t.tableId, { kind: 'seat', seat })).view.legalActions;
      const action = scriptedChoice(legal);
      const results = await Promise.allSettled([
        a.act(t.tableId, { kind: 'seat', seat }, action, { expectedVersion: v.version }),
        b.act(t.tableId, { kind: 'seat', seat }, action, { expectedVersion: v.version }),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(lost.reason).toMatchObject({ status: 409, code: 'table/version_conflict' });
    }
  });

  it('a warm move costs one conditional PutItem and no read; a cold one reads META and the head too', async () => {
    const t = await createTable(api, { variant: 'schafkopf', seats: 4 });
    await seatEveryone(api, t.tableId, 4);
    await server.idle();
    const cold = new TableService({ store: server.runtime.store });
    const other = new TableService({ store: server.runtime.store });
    // `viewer` decides what to play (its views warm its own cache), `s` acts.
    const move = async (s: TableService, viewer: TableService): Promise<Record<string, number>> => {
      const v = await viewer.view(t.tableId, { kind: 'spectator' });
      const seat = v.view.deal!.toAct[0]!;
      const legal = (await viewer.view(t.tableId, { kind: 'seat', seat })).view.legalActions;
      counter.reset();
      await s.act(t.tableId, { kind: 'seat', seat }, scriptedChoice(legal), { expectedVersion: v.version });
      return Object.fromEntries(counter.calls.entries());
    };
    const view = async (s: TableService): Promise<Record<string, number>> => {
      counter.reset();
      await s.view(t.tableId, { kind: 'spectator' });
      return Object.fromEntries(counter.calls.entries());
    };
    const authorised = async (s: TableService): Promise<Record<string, number>> => {
      counter.reset();
      await s.authorisedView(t.tableId, () => ({ kind: 'spectator' }));
      return Object.fromEntries(counter.calls.entries());
    };
    server.hold();
    try {
      expect(await move(cold, other)).toEqual({ GetItemCommand: 1, QueryCommand: 1, PutItemCommand: 1 });
      expect(await move(cold, cold)).toEqual({ PutItemCommand: 1 });
      // A warm view: one consistent GetItem of the slot after the cached head (free: the head is current).
      expect(await view(cold)).toEqual({ GetItemCommand: 1 });
      // `other` is behind by two commits now: the slot after its head is taken, one Query brings the newer commits.
      expect(await view(other)).toEqual({ GetItemCommand: 1, QueryCommand: 1 });
      expect(await view(other)).toEqual({ GetItemCommand: 1 });
      // The GET route's view (authorised on the metadata it reads): META and the slot after the head in ONE Query —
      // also when the head is behind (the newer commits come with it).
      await move(cold, cold);
      expect(await authorised(cold)).toEqual({ QueryCommand: 1 });
      expect(await authorised(other)).toEqual({ QueryCommand: 1 });
      // Cold: META, then the head and the deal (as before).
      expect(await authorised(new TableService({ store: server.runtime.store }))).toEqual({
        GetItemCommand: 1,
        QueryCommand: 2,
      });
      // Cold and refused: the same reads — a seat token is checked on the seating of the stream, read with the head.
      counter.reset();
      const refuse = (): never => {
        throw new AppError(403, 'auth/forbidden', 'no');
      };
      await expect(
        new TableService({ store: server.runtime.store }).authorisedView(t.tableId, refuse),
      ).rejects.toBeInstanceOf(AppError);
      expect(Object.fromEntries(counter.calls.entries())).toEqual({ GetItemCommand: 1, QueryCommand: 2 });
    } finally {
      server.release();
    }
  });
  it('a warm view over HTTP is authorised on the metadata it reads with the head: a token that left its seat on another instance sees nothing, and no hidden card', async () => {
    const t = await createTable(api, { variant: 'schafkopf', seats: 4 });
    const seated = await seatEveryone(api, t.tableId, 4);
    await server.idle();
    const a = new TableService({ store: server.runtime.store });
    const b = new TableService({ store: server.runtime.store });
    const leaver = seated[0]!;
    const authorise = (s: TableService, token: string) => s.authorisedView(t.tableId, (m) => s.authorize(m, token));
    // `a` is warm and has authorised the seat's token on its cached head.
    const warm = await authorise(a, leaver.token);
    expect(warm.actor).toEqual({ kind: 'seat', seat: leaver.seat });
    expect(warm.result.view.deal?.hands[leaver.seat]?.length ?? 0).toBeGreaterThan(0);
    // The seat is left on `b` (one seat commit: the seating lives in the stream); `a` never saw it.
    await b.leave(t.tableId, leaver.seat);
    counter.reset();
    await expect(authorise(a, leaver.token)).rejects.toMatchObject({ status: 403 });
    // One read told `a` both: the metadata and the seat commit after its head (the token is gone).
    expect(Object.fromEntries(counter.calls.entries())).toEqual({ QueryCommand: 1 });
    // The same over HTTP on the server's own instance: refused, and the body has no hand.
    const res = await api.get(`/v1/tables/${t.tableId}/view`, { token: leaver.token });
    expect(res.status).toBe(403);
    expect(JSON.stringify(res.body)).not.toContain('hands');
    // The seats still there read their views as before.
    const other = await authorise(a, seated[1]!.token);
    expect(other.actor).toEqual({ kind: 'seat', seat: seated[1]!.seat });
  });
  it('a warm authorised view folds the commits after its head across deals: the same as a fresh instance sees, one Query', async () => {
    const a = new TableService({ store: server.runtime.store });
    const spectator = () => ({ kind: 'spectator' }) as const;
    // Warm at the first commit (the bots held back); the server's bots then play three deals (new base commits
    // included) on their own.
    server.hold();
    let first;
    let t;
    try {
      t = await createTable(api, { variant: 'schafkopf', seats: 4, bots: [0, 1, 2, 3], maxDeals: 3 });
      first = await a.authorisedView(t.tableId, spectator);
    } finally {
      server.release();
    }
    await server.idle();
    counter.reset();
    const warm = await a.authorisedView(t.tableId, spectator);
    expect(Object.fromEntries(counter.calls.entries())).toEqual({ QueryCommand: 1 });
    expect(warm.result.version).toBeGreaterThan(first.result.version);
    expect(warm.result).toEqual(await new TableService({ store: server.runtime.store }).view(t.tableId, spectator()));
    expect(warm.result.view.dealNo).toBe(3);
  });
});
