import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listVariants } from '../../engine/index.js';
import { MemoryConnectionStore } from '../../functions/adapters/memory/connection-store.js';
import { MemoryTableStore } from '../../functions/adapters/memory/table-store.js';
import type { Commit } from '../../functions/ports/table-store.js';
import { pickRandom } from '../../functions/use-cases/bots.js';
import type { Principal, PostOutcome, Pusher, SubscriptionAudience } from '../../functions/ports/connections.js';
import { createFanOut } from '../../functions/use-cases/fanout.js';
import type { ServerFrame } from '../../functions/wire/frames.js';
import { sha256 } from '../../functions/crypto/secrets.js';
import { type Actor, type SeatedEvent, TableService } from '../../functions/use-cases/table-service.js';

/** The broadcaster port in memory: it keeps every frame per connection (API Gateway is what cannot run here). */
class RecordingPusher implements Pusher {
  readonly frames = new Map<string, ServerFrame[]>();
  async post(_endpoint: string, connectionId: string, data: string): Promise<PostOutcome> {
    const list = this.frames.get(connectionId) ?? [];
    list.push(JSON.parse(data) as ServerFrame);
    this.frames.set(connectionId, list);
    return 'sent';
  }
  async disconnect(): Promise<PostOutcome> {
    return 'sent';
  }
}

/** A small deterministic PRNG (mulberry32) so a failing run can be replayed from its seed. */
function rng(seed: number): (n: number) => number {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

const variants = listVariants().map((v) => ({ id: v.id, min: v.tableSeats.min, max: v.tableSeats.max }));

/**
 * For every registered variant and table size: random whole deals, every commit fanned out to a subscriber per seat
 * and a spectator. Each subscriber's pushed events are exactly what GET /events returns for that audience (the
 * engine's redaction, proven by the variant-contract suite, applied to the right audience and the right state), and
 * its last view is the current REST view.
 */
describe('fan-out equals the REST reads for every audience (property)', () => {
  it('random deals of every variant and table size', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...variants),
        fc.nat(),
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        async (variant, sizePick, seed) => {
          const seats = variant.min + (sizePick % (variant.max - variant.min + 1));
          const random = rng(seed);
          let dealSeeds = 0;
          const queue: Commit[] = [];
          const store = new MemoryTableStore();
          const service = new TableService({
            store,
            seed: () => `${seed}-${dealSeeds++}`,
            afterAppend: (c) => {
              queue.push(c);
            },
          });
          const connections = new MemoryConnectionStore();
          const pusher = new RecordingPusher();
          const fanOut = createFanOut({ store, connections, pusher, endpoint: () => 'memory' });
          const drain = async (): Promise<void> => {
            for (let c = queue.shift(); c !== undefined; c = queue.shift()) await fanOut(c);
          };

          const { tableId, version: created } = await service.create({ variant: variant.id, seats, maxDeals: 1 });
          // What the ws handler does at the first subscription: every later commit carries the raised listen epoch
          // and is pushed (the creation commit before it is not: a subscriber reads it with its first view).
          await service.listen(tableId, await service.meta(tableId), 'subscription');
          const subscribe = async (id: string, principal: Principal, audience: SubscriptionAudience) => {
            await connections.put({
              connectionId: id,
              authTableId: tableId,
              principal,
              endpoint: 'memory',
              connectedAt: 0,
              expiresAt: 2 ** 31,
            });
            await connections.subscribe(id, tableId, audience);
          };
          for (let seat = 0; seat < seats; seat++) {
            const { token } = await service.join(tableId, seat, `p${seat}`);
            await subscribe(`seat${seat}`, { kind: 'seat', seat, tokenHash: sha256(token) }, 'seat');
          }
          await subscribe('spectator', { kind: 'spectator' }, 'spectator');
          await drain();

          for (let step = 0; step < 2000; step++) {
            const now = await service.view(tableId, { kind: 'spectator' });
            if (now.view.closed) break;
            const seat = now.view.deal?.toAct[0];
            expect(seat, 'someone is to act').toBeDefined();
            const mine = await service.view(tableId, { kind: 'seat', seat: seat! });
            const action = pickRandom(mine.view.legalActions, random);
            await service.act(tableId, { kind: 'seat', seat: seat! }, action!, {});
            await drain();
          }

          const audiences: [string, Actor][] = [
            ...Array.from({ length: seats }, (_, seat): [string, Actor] => [`seat${seat}`, { kind: 'seat', seat }]),
            ['spectator', { kind: 'spectator' }],
          ];
          for (const [id, actor] of audiences) {
            const frames = pusher.frames.get(id) ?? [];
            const pushed: SeatedEvent[] = frames.flatMap((f) => (f.type === 'events' ? f.events : []));
            const rest = await service.events(tableId, actor, created, 100_000);
            expect(pushed).toEqual(rest.events);
            const last = frames.at(-1);
            expect(last?.type).toBe('events');
            if (last?.type === 'events') expect(last.view).toEqual((await service.view(tableId, actor)).view);
          }
        },
      ),
      { numRuns: 12 },
    );
  });
});
