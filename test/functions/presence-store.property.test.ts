import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoPresenceStore } from '../../functions/adapters/dynamodb/presence-store.js';
import { PRESENCE_LIFETIME_SECONDS } from '../../functions/ports/presence.js';
import { type CallCounter, countCalls, startDynalite } from '../support/functions/dynalite.js';

// The presence row (functions/adapters/dynamodb/presence-store.ts) on dynalite through the real SDK client: whatever
// joins and leaves arrive — repeated, out of order, for connections that were never there — a seat is connected
// exactly while its set of connections is not empty, and its generation counts the changes between the two.

let db: { client: DynamoDBClient; stop: () => Promise<void> };
let store: DynamoPresenceStore;
let counter: CallCounter;
beforeAll(async () => {
  db = await startDynalite();
  store = new DynamoPresenceStore(db.client, 'connections');
  counter = countCalls(db.client);
});
afterAll(async () => {
  await db.stop();
});

describe('presence rows', () => {
  it('connected ⇔ some connection is there; generation = number of changes; each op at most two writes', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({ join: fc.boolean(), seat: fc.integer({ min: 0, max: 1 }), conn: fc.constantFrom('A', 'B', 'C') }),
          {
            maxLength: 12,
          },
        ),
        async (ops) => {
          const tableId = `tprop${run++}`;
          const model = [new Set<string>(), new Set<string>()];
          const changes = [0, 0];
          let now = 1_000;
          for (const op of ops) {
            now += 1_000;
            const set = model[op.seat]!;
            const before = set.size > 0;
            if (op.join) set.add(op.conn);
            else set.delete(op.conn);
            const changed = before !== set.size > 0;
            if (changed) changes[op.seat]!++;
            counter.reset();
            const out = op.join
              ? await store.join(tableId, op.seat, op.conn, now)
              : await store.leave(tableId, op.seat, op.conn, now);
            expect(out.changed).toBe(changed);
            // The generation a change leaves is what a grace period is pinned to.
            if (changed) expect(out.generation).toBe(changes[op.seat]);
            expect(counter.total()).toBeLessThanOrEqual(2);
          }
          const seats = await store.get(tableId, 2, now);
          expect(seats.map((s) => s.connected)).toEqual(model.map((m) => m.size > 0));
          expect(seats.map((s) => s.generation)).toEqual(changes);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('a seat whose $disconnect was lost stops counting after API Gateway’s connection limit', async () => {
    await store.join('tlost', 0, 'Lost', 0);
    expect((await store.get('tlost', 1, PRESENCE_LIFETIME_SECONDS * 1000))[0]?.connected).toBe(true);
    expect((await store.get('tlost', 1, (PRESENCE_LIFETIME_SECONDS + 1) * 1000))[0]?.connected).toBe(false);
    // A new connection then starts the seat afresh (the lost one is dropped from the set).
    const later = (PRESENCE_LIFETIME_SECONDS + 60) * 1000;
    expect(await store.join('tlost', 0, 'Fresh', later)).toEqual({ changed: true, generation: 2, since: later });
    expect(await store.leave('tlost', 0, 'Fresh', later + 1)).toMatchObject({ changed: true, generation: 3 });
  });

  it('the common case, one connection per seat: coming and going are one UpdateItem each, the view one GetItem', async () => {
    counter.reset();
    await store.join('tone', 1, 'Only', 5_000);
    expect(Object.fromEntries(counter.calls)).toEqual({ UpdateItemCommand: 1 });
    counter.reset();
    await store.leave('tone', 1, 'Only', 6_000);
    expect(Object.fromEntries(counter.calls)).toEqual({ UpdateItemCommand: 1 });
    counter.reset();
    expect(await store.get('tone', 4, 7_000)).toHaveLength(4);
    expect(Object.fromEntries(counter.calls)).toEqual({ GetItemCommand: 1 });
  });
});
