import { describe, expect, it } from 'vitest';
import { apiClient } from '../support/functions/client.js';
import { exited, useMainProcess } from '../support/main-process.js';
import { allEvents, createTable, join, scriptedChoice } from '../support/functions/play.js';

// No table waits on a lost in-memory signal: `npm start` (local/main.ts) on a data folder is killed with SIGKILL in
// the middle of play and started again on the same folder. Every table — bot-only ones included — goes on to its end,
// and each event stream has no gaps. A SIGTERM then stops the server within seconds although bot tables play.

const { start } = useMainProcess('stammtisch-kill9-');

/** Wait for a condition the server reaches on its own (another process: poll, bounded). */
async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('kill -9 mid-play and restart on the same data folder', () => {
  it('every table continues (bot-only too), streams without gaps; SIGTERM exits in seconds', async () => {
    const first = await start();
    const api = apiClient(first.url);
    const botOnly: { tableId: string; organiserKey: string }[] = [];
    // Enough deals that the tables still play when the plug is pulled (a bot-only deal is one or two commits).
    for (let i = 0; i < 4; i++)
      botOnly.push(await createTable(api, { variant: 'schafkopf', seats: 4, bots: [0, 1, 2, 3], maxDeals: 100 }));
    const mixed = await createTable(api, { variant: 'schafkopf', seats: 4, bots: [1, 2, 3], maxDeals: 1 });
    const me = await join(api, mixed.tableId, 0);
    const versionOf = async (u: string, id: string): Promise<number> =>
      (await apiClient(u).get<{ version: number }>(`/v1/tables/${id}/view`)).body.version;
    // Let the bots play a little, then pull the plug.
    await until('bots playing', async () =>
      (await versionOf(first.url, botOnly[0]!.tableId)) > 60 ? true : undefined,
    );
    first.child.kill('SIGKILL');
    await exited(first.child);

    const before = await Promise.all(botOnly.map(async () => 0));
    const restartedAt = Date.now();
    const second = await start();
    const api2 = apiClient(second.url);
    for (const [i, t] of botOnly.entries()) before[i] = await versionOf(second.url, t.tableId);
    // Each bot-only table moves again, without any request but these reads.
    const recovered = await Promise.all(
      botOnly.map((t, i) =>
        until(`table ${t.tableId} moving`, async () =>
          (await versionOf(second.url, t.tableId)) > before[i]! ? Date.now() - restartedAt : undefined,
        ),
      ),
    );
    console.log(`recovery after kill -9: every bot-only table moved within ${Math.max(...recovered)} ms of restart`);

    // The human table waits for its human only: the human acts (after its knock decision it may be forehand, so
    // to act again at once) and the bots answer.
    type HumanView = { version: number; view: { legalActions: Record<string, unknown>[]; deal: { toAct: number[] } } };
    const humanView = async (): Promise<HumanView> =>
      (await api2.get<HumanView>(`/v1/tables/${mixed.tableId}/view`, { token: me.token })).body;
    let v = await humanView();
    expect(v.view.deal.toAct).toEqual([0]);
    const firstMove = v.version;
    for (let moves = 0; moves < 3 && v.view.deal.toAct.join() === '0'; moves++) {
      const res = await api2.post(`/v1/tables/${mixed.tableId}/actions`, {
        token: me.token,
        body: { action: scriptedChoice(v.view.legalActions), expectedVersion: v.version },
      });
      expect(res.status).toBe(200);
      v = await humanView();
    }
    await until('bots answer the human', async () =>
      (await allEvents(api2, mixed.tableId)).some(
        (e) => e.seq > firstMove && e.event.type === 'ActionTaken' && e.event.seat !== 0,
      )
        ? true
        : undefined,
    );

    for (const t of botOnly) {
      const events = await allEvents(api2, t.tableId, t.organiserKey);
      expect(events.map((e) => e.seq)).toEqual(events.map((_, k) => k + 1));
    }

    // SIGTERM while the bot tables still play: the server stops taking work and exits within seconds.
    const termAt = Date.now();
    second.child.kill('SIGTERM');
    const code = await exited(second.child);
    const took = Date.now() - termAt;
    console.log(`SIGTERM with bot tables playing: exit ${code} after ${took} ms`);
    expect(code).toBe(0);
    expect(took).toBeLessThan(10_000);

    // And once more on the same folder: the tables play on to their end.
    const third = await start();
    const api3 = apiClient(third.url);
    for (const t of botOnly)
      await until(
        `table ${t.tableId} closed`,
        async () =>
          (await api3.get<{ view: { closed: boolean } }>(`/v1/tables/${t.tableId}/view`)).body.view.closed
            ? true
            : undefined,
        60_000,
      );
    for (const t of botOnly) {
      const events = await allEvents(api3, t.tableId, t.organiserKey);
      expect(events.map((e) => e.seq)).toEqual(events.map((_, k) => k + 1));
      expect(events.at(-1)!.event.type).toBe('TableClosed');
    }
    third.child.kill('SIGTERM');
    expect(await exited(third.child)).toBe(0);
  }, 240_000);
});
