import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoDueWorkStore } from '../../../functions/adapters/dynamodb/due-work-store.js';
import { DynamoTableStore } from '../../../functions/adapters/dynamodb/table-store.js';
import type { TournamentCommit } from '../../../functions/ports/tournament-store.js';
import { createTournaments, storeOnlyScheduler } from '../../../functions/tournaments/compose.js';
import { startDynalite } from '../../support/functions/dynalite.js';

// Group commit (functions/tournaments/writer.ts `submit`): commands of one tournament that arrive while this
// process writes one of its commits go together into the next commit, each decided as if one after the other, each
// caller answered with its own outcome — on dynalite through the AWS SDK.

let db: Awaited<ReturnType<typeof startDynalite>>;
beforeAll(async () => {
  db = await startDynalite();
});
afterAll(async () => db.stop());

const T0 = Date.UTC(2026, 10, 28, 17, 0);

describe('tournament commands in one process are written in groups', () => {
  it('60 check-ins at once: every one answered, all checked in, far fewer commits than check-ins; a refusal stays its own', async () => {
    const commits: TournamentCommit[] = [];
    const dueWork = new DynamoDueWorkStore(db.client, 'data', () => T0);
    const { service } = createTournaments({
      client: db.client,
      dataTable: 'data',
      tableStore: new DynamoTableStore(db.client, 'data'),
      dueWork,
      scheduler: storeOnlyScheduler(dueWork),
      now: () => T0,
      onCommit: (c) => commits.push(c),
    });
    const { tournamentId, organiserKey } = await service.create({
      name: 'Groups',
      variant: 'schafkopf',
      rounds: 1,
      dealsPerRound: 4,
      startsAt: T0 + 3_600_000,
    } as Parameters<typeof service.create>[0]);
    const players: string[] = [];
    for (let i = 0; i < 60; i++)
      players.push((await service.register(tournamentId, organiserKey, { name: `P${i}` })).playerId);
    const withdrawn = players[7]!;
    await service.withdraw(tournamentId, { kind: 'organiser' }, withdrawn);
    const before = commits.length;

    const outcomes = await Promise.allSettled(
      players.map((p) => service.checkIn(tournamentId, { kind: 'organiser' }, p)),
    );

    // The withdrawn player's check-in is refused by the engine, alone; the other 59 succeed.
    const refused = outcomes.flatMap((o, i) => (o.status === 'rejected' ? [players[i]] : []));
    expect(refused).toEqual([withdrawn]);
    const state = await service.state(tournamentId);
    const checkedIn = state.players.filter((p) => p.checkedIn).map((p) => p.playerId);
    expect(new Set(checkedIn)).toEqual(new Set(players.filter((p) => p !== withdrawn)));
    // One event per check-in, in a handful of commits (the first alone, the rest grouped behind it).
    const written = commits.slice(before);
    expect(written.flatMap((c) => c.events).filter((e) => e.type === 'CheckedIn')).toHaveLength(59);
    expect(written.length).toBeLessThanOrEqual(5);
    // Seqs follow on without a gap: one stream, written one commit after the other.
    for (let i = 1; i < written.length; i++)
      expect(written[i]!.seq).toBe(written[i - 1]!.seq + written[i - 1]!.events.length);
  });
});
