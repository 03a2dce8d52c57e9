import { QueryCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tournament as T } from '../../../engine/index.js';
import { DynamoTournamentStore, splitString } from '../../../functions/adapters/dynamodb/tournament-store.js';
import type { TournamentMeta, TournamentStore } from '../../../functions/ports/tournament-store.js';
import { TournamentService } from '../../../functions/tournaments/service.js';
import { startDynalite } from '../../support/functions/dynalite.js';

// A stored snapshot of a tournament's folded state: a process that has not seen the tournament (a cold Lambda, a
// restarted server) starts from it and reads only the commits written since, not the whole stream.

let db: Awaited<ReturnType<typeof startDynalite>>;
beforeAll(async () => {
  db = await startDynalite();
});
afterAll(async () => db.stop());

const START = Date.UTC(2026, 10, 28, 18, 0);
const meta = (id: string): TournamentMeta => ({
  tournamentId: id,
  name: id,
  organiserKeyHash: 'org',
  secret: 's',
  tokenKey: 'k',
  createdAt: 1,
  startsAt: 2,
});

/** A state of about `players` × 250 bytes, with names outside the BMP (surrogate pairs) to split carefully. */
function bigState(id: string, players: number): T.TournamentState {
  let s: T.TournamentState | null = null;
  const apply = (c: T.TournamentCommand): void => {
    const d = T.decideTournament(c, s);
    if (!d.ok) throw new Error(d.error.message);
    for (const e of d.events) s = T.evolveTournament(s, e);
  };
  const config = T.resolveConfig({ variant: 'schafkopf', startsAt: START, rounds: 1, dealsPerRound: 4 });
  apply({ type: 'CreateTournament', tournamentId: id, config, commitment: 'c' });
  for (let i = 0; i < players; i++)
    apply({ type: 'RegisterPlayer', playerId: `p${i}`, name: `Sepp 🂡 ${i} ${'ü'.repeat(200)}`, via: 'organiser' });
  return s!;
}

async function snapshotItems(id: string): Promise<string[]> {
  const out = await db.client.send(
    new QueryCommand({
      TableName: 'data',
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :s)',
      ExpressionAttributeValues: { ':pk': { S: `U#${id}` }, ':s': { S: 'S#' } },
    }),
  );
  return (out.Items ?? []).map((i) => i.sk?.S ?? '');
}

describe('tournament snapshots', () => {
  it('splitString never cuts a surrogate pair and joins back to the string', () => {
    const s = 'a🂡'.repeat(10);
    const parts = splitString(s, 2);
    expect(parts.join('')).toBe(s);
    for (const p of parts) expect(/[\uD800-\uDBFF]$/.test(p)).toBe(false);
  });

  it('the store keeps the newest snapshot only, in parts when large, and reads it whole', async () => {
    const store = new DynamoTournamentStore(db.client, 'data');
    await store.create(meta('usnap1'));
    expect(await store.snapshot('usnap1')).toBeUndefined();
    const big = bigState('usnap1', 3000);
    expect(JSON.stringify(big).length).toBeGreaterThan(300_000);
    await store.saveSnapshot('usnap1', { version: 10, state: big });
    const read = await store.snapshot('usnap1');
    expect(read?.version).toBe(10);
    expect(read?.state).toEqual(big);
    const partsOf10 = (await snapshotItems('usnap1')).length;
    expect(partsOf10).toBeGreaterThan(2);
    // An older snapshot never replaces a newer one (and leaves no parts behind).
    await store.saveSnapshot('usnap1', { version: 5, state: bigState('usnap1', 1) });
    expect((await store.snapshot('usnap1'))?.version).toBe(10);
    expect((await snapshotItems('usnap1')).length).toBe(partsOf10);
    // A newer one replaces it; the replaced parts are deleted.
    const small = bigState('usnap1', 2);
    await store.saveSnapshot('usnap1', { version: 12, state: small });
    expect(await store.snapshot('usnap1')).toEqual({ version: 12, state: small });
    expect(await snapshotItems('usnap1')).toEqual(['S#']);
  });

  it('bug: a cold process read the whole stream; now it starts from the snapshot and reads only what came after', async () => {
    const dynamo = new DynamoTournamentStore(db.client, 'data');
    const reads: number[] = [];
    // The store as the service sees it, counting the commits each read returns.
    const counting: TournamentStore = {
      create: (m) => dynamo.create(m),
      getMeta: (id) => dynamo.getMeta(id),
      append: (c) => dynamo.append(c),
      listByOrganiser: (o, l) => dynamo.listByOrganiser(o, l),
      snapshot: (id) => dynamo.snapshot(id),
      saveSnapshot: (id, s) => dynamo.saveSnapshot(id, s),
      commits: async (id, after) => {
        const out = await dynamo.commits(id, after);
        reads.push(out.length);
        return out;
      },
    };
    const deps = {
      store: counting,
      tables: {} as never,
      due: { schedule: async () => undefined, cancel: async () => undefined } as never,
      now: () => START - 3_600_000,
      snapshotEvery: 20,
    };
    const warm = new TournamentService(deps);
    const { tournamentId: U, organiserKey } = await warm.create({
      name: 'Snap',
      variant: 'schafkopf',
      rounds: 1,
      dealsPerRound: 4,
      startsAt: START,
    });
    for (let i = 0; i < 45; i++) await warm.register(U, organiserKey, { name: `P${i}` });
    // 46 commits: snapshots at 20 and 40 (every 20 events).
    expect((await dynamo.snapshot(U))?.version).toBe(40);

    reads.length = 0;
    const cold = new TournamentService(deps);
    const state = await cold.state(U);
    // One read of the commits after the snapshot: 6, not 46.
    expect(reads).toEqual([6]);
    expect(state).toEqual(await warm.state(U));
    expect(await cold.get(U, { kind: 'organiser' })).toEqual(await warm.get(U, { kind: 'organiser' }));
    // The event list still starts at the first event: the commits before the snapshot are read when asked for.
    const events = await cold.events(U, 0, 1000);
    expect(events.events.map((e) => e.seq)).toEqual(Array.from({ length: 46 }, (_, i) => i + 1));
    expect((await cold.events(U, 44, 10)).events.map((e) => e.seq)).toEqual([45, 46]);
    // A command on the cold process extends its projection.
    await cold.register(U, organiserKey, { name: 'Late' });
    expect((await warm.state(U)).players).toHaveLength(46);
  });
});
