import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryTableStore } from '../../functions/adapters/memory/table-store.js';
import { type Commit, type TableMeta, type TableStore, lastSeq } from '../../functions/ports/table-store.js';
import { AppError } from '../../functions/use-cases/errors.js';
import { type Actor, TableService } from '../../functions/use-cases/table-service.js';
import { propertyRuns } from '../support/runs.js';

// Who listens (functions/use-cases/listen.ts `listenTo`; docs/performance.md, "Who listens"). The invariant: once a
// subscriber's `listen(…, 'subscription')` has returned epoch e and the subscriber then reads the table's view at
// version v, EVERY commit with a seq above v carries `watched: true` and `listen >= e` — so the stream side pushes
// every commit the subscriber's first view did not contain. That must hold also for writers that decided on metadata
// read before the flip (a stale `opts.meta`, a cached head): they meet the fence in the slot after the head and decide
// again, or they follow a commit that carries the epoch and inherit it (ports/table-store.ts `listenOf`).
//
// The model: one MemoryTableStore shared by several TableService instances (warm Lambdas, each with its own head
// cache); every store call goes through fast-check's scheduler, so the calls of concurrent operations interleave in
// any order. A schafkopf table with four seated humans and the deal running; then steps of one to three operations
// run concurrently: writers acting for the seat to act on a META snapshot that may be stale, META snapshots,
// subscriptions (listen + first view) and webhook registrations (listen 'webhook').

const spectator: Actor = { kind: 'spectator' };
const ALL = Number.MAX_SAFE_INTEGER;

/** A TableStore whose every call waits for the scheduler to let it run (then runs on the shared memory store). */
function scheduledStore(store: MemoryTableStore, s: fc.Scheduler): TableStore {
  const gate = <T>(label: string, run: () => Promise<T>): Promise<T> =>
    s.schedule(Promise.resolve(label), label).then(run);
  return {
    createMeta: (m) => gate('createMeta', () => store.createMeta(m)),
    getMeta: (id) => gate('getMeta', () => store.getMeta(id)),
    updateMeta: (m) => gate(`updateMeta rev ${m.rev} listen ${m.listen}`, () => store.updateMeta(m)),
    append: (c) => gate(`append ${c.seq} listen ${c.listen}`, () => store.append(c)),
    fence: (id, seq, epoch) => gate(`fence ${seq} epoch ${epoch}`, () => store.fence(id, seq, epoch)),
    head: (id) => gate('head', () => store.head(id)),
    commitHolding: (id, seq) => gate(`commitHolding ${seq}`, () => store.commitHolding(id, seq)),
    commitAt: (id, seq) => gate(`commitAt ${seq}`, () => store.commitAt(id, seq)),
    metaAndAfter: (id, from, limit) => gate(`metaAndAfter ${from}`, () => store.metaAndAfter(id, from, limit)),
    range: (id, from, to, limit) => gate(`range ${from}`, () => store.range(id, from, to, limit)),
    putLobby: (e) => gate('putLobby', () => store.putLobby(e)),
    // The memory store ignores `createdAt` (it keys the lobby by table id).
    deleteLobby: (id) => gate('deleteLobby', () => store.deleteLobby(id)),
    listLobby: (limit, after) => gate('listLobby', () => store.listLobby(limit, after)),
    noteCreator: (key, id) => gate('noteCreator', () => store.noteCreator(key, id)),
    dropCreator: (key, id) => gate('dropCreator', () => store.dropCreator(key, id)),
    tablesOfCreator: (key, limit, after) => gate('tablesOfCreator', () => store.tablesOfCreator(key, limit, after)),
  };
}

/** Which metadata an operation decides on: read now, none (play.ts reads it), or an earlier snapshot (maybe stale). */
type MetaChoice =
  { readonly kind: 'fresh' } | { readonly kind: 'none' } | { readonly kind: 'snapshot'; readonly i: number };

type Op =
  | { readonly kind: 'write'; readonly inst: number; readonly meta: MetaChoice; readonly picks: readonly number[] }
  | { readonly kind: 'snapshot' }
  | {
      readonly kind: 'subscribe';
      readonly inst: number;
      readonly meta: MetaChoice;
      readonly read: 'view' | 'authorised';
    }
  | { readonly kind: 'webhook'; readonly inst: number; readonly meta: MetaChoice };

const INSTANCES = 3;
const inst = fc.integer({ min: 0, max: INSTANCES - 1 });
const metaChoice: fc.Arbitrary<MetaChoice> = fc.oneof(
  { weight: 3, arbitrary: fc.nat().map((i): MetaChoice => ({ kind: 'snapshot', i })) },
  { weight: 1, arbitrary: fc.constant<MetaChoice>({ kind: 'fresh' }) },
  { weight: 1, arbitrary: fc.constant<MetaChoice>({ kind: 'none' }) },
);
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('write' as const),
      inst,
      meta: metaChoice,
      picks: fc.array(fc.nat(), { minLength: 1, maxLength: 8 }),
    }),
  },
  { weight: 2, arbitrary: fc.constant<Op>({ kind: 'snapshot' }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('subscribe' as const),
      inst,
      meta: metaChoice,
      read: fc.constantFrom('view' as const, 'authorised' as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('webhook' as const), inst, meta: metaChoice }) },
);
/** A step: its operations start together and run concurrently (their store calls interleave as the scheduler says). */
const steps = fc.array(fc.array(op, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 16 });

/** Failures a writer may meet when others moved first: a lost race, a busy table, a move the table moved past. */
const expectedActError = (e: unknown): boolean => e instanceof AppError && (e.status === 409 || e.status === 422);
/** `listenTo` gives up with 409 table/busy when it keeps losing races. */
const expectedListenError = (e: unknown): boolean => e instanceof AppError && e.code === 'table/busy';

/** A stored commit, never a fence: it has events and its seq follows the previous commit's last event. */
function expectGapless(commits: readonly Commit[]): void {
  expect(commits[0]?.seq).toBe(1);
  for (let i = 0; i < commits.length; i++) {
    const c = commits[i]!;
    expect(c.events.length, `commit ${c.seq} has events`).toBeGreaterThan(0);
    expect(c.at, `commit ${c.seq} is a real commit`).toBeTypeOf('number');
    if (i > 0) expect(c.seq, 'no gap in the stream').toBe(lastSeq(commits[i - 1]!) + 1);
  }
}

describe('who listens: a subscriber misses no commit after its first view (property)', () => {
  it('every commit after the view a subscription read carries watched and its epoch, stale writers included', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), steps, fc.boolean(), fc.nat(), async (s, plan, withKey, seed) => {
        const store = new MemoryTableStore();
        const now = () => 1_750_000_000_000;
        // Setup without the scheduler: a table (a creating API key means listen epoch 1 from the start), four players.
        const setup = new TableService({ store, now, seed: () => `${seed}-setup` });
        const { tableId } = await setup.create({
          variant: 'schafkopf',
          seats: 4,
          ...(withKey ? { createdByKeyHash: 'k'.repeat(64) } : {}),
        });
        for (let seat = 0; seat < 4; seat++) await setup.join(tableId, seat, `p${seat}`);
        expect((await setup.view(tableId, spectator)).view.deal?.toAct.length).toBeGreaterThan(0);

        const shared = scheduledStore(store, s);
        const services = Array.from({ length: INSTANCES }, (_, i) => {
          let deals = 0;
          return new TableService({ store: shared, now, seed: () => `${seed}-${i}-${deals++}` });
        });
        const snapshots: TableMeta[] = [(await store.getMeta(tableId))!];
        // Warm each instance's head cache (a first attempt then decides on a cached head that may be stale later).
        await s.waitFor(Promise.all(services.map((svc) => svc.view(tableId, spectator))));

        const subscriptions: { readonly v: number; readonly epoch: number }[] = [];
        const metaFor = async (svc: TableService, choice: MetaChoice): Promise<TableMeta | undefined> =>
          choice.kind === 'none'
            ? undefined
            : choice.kind === 'fresh'
              ? svc.meta(tableId)
              : snapshots[choice.i % snapshots.length];

        const run = async (o: Op): Promise<void> => {
          switch (o.kind) {
            case 'snapshot':
              snapshots.push((await shared.getMeta(tableId))!);
              return;
            case 'write': {
              const svc = services[o.inst]!;
              for (const pick of o.picks) {
                const seat = (await svc.view(tableId, spectator)).view.deal?.toAct[0];
                if (seat === undefined) return;
                const legal = (await svc.view(tableId, { kind: 'seat', seat })).view.legalActions;
                if (legal.length === 0) return;
                const meta = await metaFor(svc, o.meta);
                try {
                  await svc.act(tableId, { kind: 'seat', seat }, legal[pick % legal.length], meta ? { meta } : {});
                } catch (e) {
                  if (expectedActError(e)) return;
                  throw e;
                }
              }
              return;
            }
            case 'subscribe': {
              const svc = services[o.inst]!;
              let raised: TableMeta;
              try {
                raised = await svc.listen(
                  tableId,
                  (await metaFor(svc, o.meta)) ?? (await svc.meta(tableId)),
                  'subscription',
                );
              } catch (e) {
                if (expectedListenError(e)) return;
                throw e;
              }
              expect(raised.watched).toBe(true);
              expect(raised.listen).toBeGreaterThan(0);
              const { version: v } =
                o.read === 'view'
                  ? await svc.view(tableId, spectator)
                  : (await svc.authorisedView(tableId, () => spectator)).result;
              subscriptions.push({ v, epoch: raised.listen! });
              // What the stream side would read after the view: real commits only (never the fence).
              const newer = await shared.range(tableId, v + 1, ALL);
              for (const c of newer) expect(c.events.length).toBeGreaterThan(0);
              return;
            }
            case 'webhook': {
              const svc = services[o.inst]!;
              try {
                const raised = await svc.listen(
                  tableId,
                  (await metaFor(svc, o.meta)) ?? (await svc.meta(tableId)),
                  'webhook',
                );
                expect(raised.listen).toBeGreaterThan(0);
              } catch (e) {
                if (!expectedListenError(e)) throw e;
              }
              return;
            }
          }
        };

        for (const step of plan) {
          const settled = await s.waitFor(Promise.allSettled(step.map(run)));
          for (const r of settled) if (r.status === 'rejected') throw r.reason;
        }
        expect(s.count(), 'no store call left waiting').toBe(0);

        // The stream as stored: gapless real commits; head and the reads after it show no fence.
        const commits = await store.range(tableId, 1, ALL, ALL);
        expectGapless(commits);
        const head = (await store.head(tableId))!;
        expect(head).toEqual(commits.at(-1));
        expect(await store.commitAt(tableId, lastSeq(head) + 1)).toBeUndefined();
        expect((await store.metaAndAfter(tableId, lastSeq(head) + 1, 10)).commits).toEqual([]);

        // The invariant: nothing after a subscriber's first view goes unpushed.
        for (const { v, epoch } of subscriptions)
          for (const c of commits.filter((c) => c.seq > v)) {
            expect(c.watched, `commit ${c.seq} after a view at ${v} is watched`).toBe(true);
            expect(c.listen, `commit ${c.seq} after a view at ${v} carries epoch ${epoch}`).toBeGreaterThanOrEqual(
              epoch,
            );
          }
        // Once a commit carries an epoch (watched), every later one does; no commit is ahead of the metadata.
        const meta = (await store.getMeta(tableId))!;
        for (let i = 1; i < commits.length; i++) {
          const [prev, c] = [commits[i - 1]!, commits[i]!];
          expect(c.listen!).toBeGreaterThanOrEqual(prev.listen!);
          if (prev.watched === true) expect(c.watched).toBe(true);
        }
        expect(meta.listen!).toBeGreaterThanOrEqual(head.listen!);
      }),
      { numRuns: propertyRuns(60) },
    );
  });
});
