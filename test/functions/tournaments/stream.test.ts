import { describe, expect, it } from 'vitest';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { createStreamHandler, streamEventFor } from '../../../functions/stream/handler.js';
import type { Commit } from '../../../functions/ports/table-store.js';
import type { TournamentCommit } from '../../../functions/ports/tournament-store.js';

// The DATA_TABLE stream function on AWS: a tournament commit record (`U#<id>` / `C#<seq>`, as the tournament store
// writes it) reaches the tournament push, a table commit the table path, anything else neither.

const tournamentItem = (seq: number): Record<string, AttributeValue> => ({
  pk: { S: 'U#uabc12345' },
  sk: { S: `C#${String(seq).padStart(12, '0')}` },
  seq: { N: String(seq) },
  at: { N: '1000' },
  ev: { S: JSON.stringify([{ type: 'CheckedIn', playerId: 'p1' }]) },
});

describe('stream handler: tournament commits', () => {
  it('decodes a tournament commit record and hands it to the tournament push only', async () => {
    const tables: Commit[] = [];
    const tournaments: TournamentCommit[] = [];
    const handler = createStreamHandler(
      async (c) => {
        tables.push(c);
      },
      async (c) => {
        tournaments.push(c);
      },
    );
    expect(await handler(streamEventFor(tournamentItem(7), 1))).toEqual({ batchItemFailures: [] });
    await handler(streamEventFor({ pk: { S: 'U#uabc12345' }, sk: { S: 'META' }, m: { S: '{}' } }, 2));
    expect(tournaments).toEqual([
      { tournamentId: 'uabc12345', seq: 7, at: 1000, events: [{ type: 'CheckedIn', playerId: 'p1' }] },
    ]);
    expect(tables).toEqual([]);
  });

  it('a failing push is reported for its record (Lambda retries from it)', async () => {
    const handler = createStreamHandler(
      async () => undefined,
      async () => {
        throw new Error('post failed');
      },
    );
    const out = await handler(streamEventFor(tournamentItem(1), 5));
    expect(out.batchItemFailures).toHaveLength(1);
  });

  it('without a tournament push (an older wiring) tournament records are skipped', async () => {
    const tables: Commit[] = [];
    const handler = createStreamHandler(async (c) => {
      tables.push(c);
    });
    expect(await handler(streamEventFor(tournamentItem(1), 1))).toEqual({ batchItemFailures: [] });
    expect(tables).toEqual([]);
  });
});
