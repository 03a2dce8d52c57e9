import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { apiClient } from '../support/functions/client.js';
import { exited, useMainProcess } from '../support/main-process.js';
import { allEvents, createTable } from '../support/functions/play.js';

// Webhook deliveries survive kill -9: `npm start` (local/main.ts) is killed while a table's and a tournament's
// deliveries are in flight (the target holds every request) — and, in many runs, while the fan-out is still writing the
// rows of the table's one commit of a whole bot-played deal — and started again on the same data folder. Without any
// further commit, every event of both streams reaches the target after the restart: the outbox in the due-work store,
// and the catch-up (local/heal.ts `healWebhooks`, `Deliverer.catchUp`) of the commits whose rows died with the process,
// from the commit holding the newest row on. test/webhooks/crash-catch-up.test.ts makes that cut exactly, on manual
// clocks; this one kills a real process wherever it happens to be. Nothing here waits for a retry: the restarted
// process sends every queue at once (the held attempts were never answered, so none is backed off).

const { start } = useMainProcess('stammtisch-kill9-hooks-', {
  WEBHOOK_ALLOW_ADDRESSES: '127.0.0.1',
  // The held attempts must still be in flight at the kill (not timed out and scheduled minutes ahead).
  WEBHOOK_TIMEOUT_MS: '300000',
});

async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

interface Delivered {
  readonly type: string;
  readonly data: { readonly tableId?: string; readonly tournamentId?: string; readonly seq: number };
}

describe('kill -9 in the middle of webhook deliveries', () => {
  it('after the restart every event of a table and a tournament is delivered, without a further commit', async () => {
    // The target: holds every request while `answering` is false (the first process dies with them in flight).
    let answering = false;
    const held: { res: ServerResponse; body: Delivered }[] = [];
    const got: Delivered[] = [];
    const target = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        if (!answering) {
          held.push({ res, body: JSON.parse(body) as Delivered });
          return;
        }
        got.push(JSON.parse(body) as Delivered);
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(target.address() as AddressInfo).port}/hook`;

    const first = await start();
    const api = apiClient(first.url);
    // A table: registered before its last bot sits down, so the whole deal is after the registration.
    const table = await createTable(api, { variant: 'schafkopf', seats: 4, bots: [0, 1, 2], maxDeals: 1 });
    expect(
      (await api.post('/v1/webhooks', { token: table.organiserKey, body: { url, tableId: table.tableId } })).status,
    ).toBe(201);
    // A tournament with its registration, then three commits of its stream.
    const cup = (
      await api.post<{ tournamentId: string; organiserKey: string }>('/v1/tournaments', {
        body: {
          name: 'Kill Cup',
          variant: 'schafkopf',
          rounds: 1,
          dealsPerRound: 4,
          startsAt: new Date(Date.now() + 3_600_000).toISOString(),
        },
      })
    ).body;
    expect(
      (await api.post('/v1/webhooks', { token: cup.organiserKey, body: { url, tournamentId: cup.tournamentId } }))
        .status,
    ).toBe(201);
    for (const name of ['Anni', 'Beppi', 'Centa'])
      await api.post(`/v1/tournaments/${cup.tournamentId}/players`, { token: cup.organiserKey, body: { name } });
    const registeredAt = (await api.get<{ version: number }>(`/v1/tables/${table.tableId}/view`)).body.version;
    expect(
      (await api.post(`/v1/tables/${table.tableId}/bots`, { token: table.organiserKey, body: { seat: 3 } })).status,
    ).toBe(201);
    // The table plays its deal to the end; the first deliveries of both streams are in flight, unanswered.
    await until('the table closed', async () =>
      (await api.get<{ view: { closed: boolean } }>(`/v1/tables/${table.tableId}/view`)).body.view.closed
        ? true
        : undefined,
    );
    // One attempt in flight per queue (a queue sends in order, one at a time): the table's and the tournament's.
    await until('deliveries in flight', () => (held.length >= 2 ? true : undefined));
    expect(held.map((h) => (h.body.data.tableId !== undefined ? 'table' : 'tournament')).sort()).toEqual([
      'table',
      'tournament',
    ]);
    const tableEvents = (await allEvents(api, table.tableId, table.organiserKey)).filter((e) => e.seq > registeredAt);
    const cupEvents = (
      await api.get<{ events: { seq: number; event: { type: string } }[] }>(
        `/v1/tournaments/${cup.tournamentId}/events`,
      )
    ).body.events;
    first.child.kill('SIGKILL');
    await exited(first.child);
    for (const { res } of held.splice(0)) res.destroy();

    // Restart on the same folder; the target answers now. Nothing is committed to either stream from here on.
    answering = true;
    const second = await start();
    const tableSeqs = (): number[] =>
      [
        ...new Set(
          got.filter((d) => d.data.tableId === table.tableId && d.type !== 'your_turn').map((d) => d.data.seq),
        ),
      ].sort((a, b) => a - b);
    const cupSeqs = (): number[] =>
      [...new Set(got.filter((d) => d.data.tournamentId === cup.tournamentId).map((d) => d.data.seq))].sort(
        (a, b) => a - b,
      );
    const wantTable = tableEvents.map((e) => e.seq);
    await until('every table event delivered', () =>
      wantTable.every((s) => tableSeqs().includes(s)) ? true : undefined,
    );
    const wantCup = cupEvents.map((e) => e.seq).filter((s) => s > 1);
    await until('every tournament event delivered', () =>
      wantCup.every((s) => cupSeqs().includes(s)) ? true : undefined,
    );
    // No commit happened meanwhile: the streams end where they ended before the kill.
    const api2 = apiClient(second.url);
    expect((await allEvents(api2, table.tableId, table.organiserKey)).at(-1)!.seq).toBe(tableEvents.at(-1)!.seq);
    expect(tableSeqs().at(-1)).toBe(tableEvents.at(-1)!.seq);
    expect(got.some((d) => d.type === 'TableClosed')).toBe(true);
    expect(tableSeqs()).toEqual(wantTable);
    expect(cupSeqs()).toEqual(wantCup);
    second.child.kill('SIGTERM');
    await exited(second.child);
    target.closeAllConnections();
    await new Promise<void>((r) => target.close(() => r()));
  }, 180_000);
});
