import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalServer } from '../../local/server.js';
import type { Api } from '../support/functions/client.js';
import { createTable, scriptedChoice, seatEveryone, startServer } from '../support/functions/play.js';
import { WsClient } from '../realtime/ws-client.js';
import { MemoryTableStore } from '../../functions/adapters/memory/table-store.js';
import { TableService } from '../../functions/use-cases/table-service.js';
import { lastSeq } from '../../functions/ports/table-store.js';

// Who listens (docs/performance.md, "Who listens"; functions/use-cases/listen.ts): a commit carries the table's listen
// epoch, and the stream side reads subscribers and webhooks only for commits that carry one. These tests pin that a
// table nobody watches costs the stream side nothing, and that the first subscription never misses a commit — also
// one decided on metadata read before the subscription raised the epoch.

let server: LocalServer;
let api: Api;
/** Every DynamoDB call while `on`, named by command and what it reads (the index, or the kind of key). */
const calls: string[] = [];
let on = false;
beforeAll(async () => {
  ({ server, api } = await startServer());
  server.client.middlewareStack.add(
    (next, context) => async (args) => {
      if (on) {
        const input = args.input as {
          IndexName?: string;
          Key?: Record<string, { S?: string }>;
          Item?: Record<string, { S?: string }>;
        };
        const key = input.Key ?? input.Item;
        const sk = key?.sk?.S ?? '';
        const what =
          input.IndexName ?? (key === undefined ? 'range' : sk === 'META' || sk === 'STAMP' ? sk : sk.slice(0, 2));
        calls.push(`${(context.commandName ?? '').replace('Command', '')} ${what}`);
      }
      return next(args);
    },
    { step: 'initialize', name: 'listenTestCalls' },
  );
});
afterAll(async () => {
  await server.close();
});

/** The calls one move causes, with its stream side (pushes, webhooks, progress) run to the end. */
async function callsOfMove(
  tableId: string,
  seat: number,
  legal: readonly Record<string, unknown>[],
): Promise<string[]> {
  // The metadata as the HTTP route hands it over (read for the authorisation).
  const meta = await server.runtime.service.meta(tableId);
  calls.length = 0;
  on = true;
  try {
    await server.runtime.service.act(tableId, { kind: 'seat', seat }, scriptedChoice(legal), { meta });
    await server.idle();
  } finally {
    on = false;
  }
  return [...calls].sort();
}

/** A four-seat human table (created without an API key, so nobody listens yet), every seat joined, the deal on. */
async function humanTable(): Promise<{ tableId: string; seated: Awaited<ReturnType<typeof seatEveryone>> }> {
  const t = await createTable(api, { variant: 'schafkopf', seats: 4 });
  const seated = await seatEveryone(api, t.tableId, 4);
  await server.idle();
  return { tableId: t.tableId, seated };
}

async function toAct(tableId: string): Promise<{ seat: number; legal: readonly Record<string, unknown>[] }> {
  const service = server.runtime.service;
  const seat = (await service.view(tableId, { kind: 'spectator' })).view.deal!.toAct[0]!;
  return { seat, legal: (await service.view(tableId, { kind: 'seat', seat })).view.legalActions };
}

describe('who listens', () => {
  it('a table nobody watches: the stream side reads nothing; after the first subscription it reads the subscribers', async () => {
    const t = await humanTable();
    const first = await toAct(t.tableId);
    // The move: the conditional PutItem of its commit, nothing else (META came with the request, the head is cached).
    expect(await callsOfMove(t.tableId, first.seat, first.legal)).toEqual(['PutItem C#']);
    const head = (await server.runtime.store.head(t.tableId))!;
    expect(head.listen).toBe(0);
    expect(head.watched).toBeUndefined();

    const client = await WsClient.connect(server.wsUrl, { tableId: t.tableId });
    await client.request({ action: 'subscribe', after: 0 });
    const meta = await server.runtime.service.meta(t.tableId);
    expect({ listen: meta.listen, watched: meta.watched }).toEqual({ listen: 1, watched: true });

    // The first push after it reads the table's metadata and webhook registrations once (then cached).
    const next = await toAct(t.tableId);
    await callsOfMove(t.tableId, next.seat, next.legal);
    const third = await toAct(t.tableId);
    // Now the stream side reads the subscribers (one Query on byTable); the webhook registrations are cached under the
    // epoch (none): no read.
    expect(await callsOfMove(t.tableId, third.seat, third.legal)).toEqual(['PutItem C#', 'Query byTable']);
    await client.request({ action: 'ping' });
    expect(client.lastSeq).toBe((await server.runtime.service.view(t.tableId, { kind: 'spectator' })).version);
    await client.close();
  });

  it('a move decided on metadata read before the first subscription meets the fence, decides again and is pushed', async () => {
    const t = await humanTable();
    const service = server.runtime.service;
    // The writer read the metadata (nobody listens) — then, before its write, a spectator subscribes.
    const stale = await service.meta(t.tableId);
    expect(stale.listen).toBe(0);
    const { seat, legal } = await toAct(t.tableId);
    const client = await WsClient.connect(server.wsUrl, { tableId: t.tableId });
    // From seq 0: the client holds the whole history, so a missed commit would show as a gap.
    await client.request({ action: 'subscribe', after: 0 });
    const seen = client.frames.find((f) => f.type === 'subscribed')!.version!;
    calls.length = 0;
    on = true;
    let out;
    try {
      out = await service.act(t.tableId, { kind: 'seat', seat }, scriptedChoice(legal), { meta: stale });
      await server.idle();
    } finally {
      on = false;
    }
    expect(out.version).toBeGreaterThan(seen);
    // The first write met the fence in the slot after the subscription's view (a lost race); the second carries the
    // epoch the subscription raised.
    expect(calls.filter((c) => c === 'PutItem C#')).toHaveLength(2);
    const commit = (await server.runtime.store.head(t.tableId))!;
    expect(commit.seq).toBe(seen + 1);
    expect({ listen: commit.listen, watched: commit.watched }).toEqual({ listen: 1, watched: true });
    // …and the subscriber got it: nothing fell between its view and the pushes.
    await client.request({ action: 'ping' });
    expect(client.lastSeq).toBe(out.version);
    expect(client.gapsSeen).toBe(0);
    await client.close();
  });

  it('the epoch is inherited: a writer on old metadata that builds on a commit carrying the epoch carries it too', async () => {
    const t = await humanTable();
    const service = server.runtime.service;
    const stale = await service.meta(t.tableId);
    const client = await WsClient.connect(server.wsUrl, { tableId: t.tableId });
    await client.request({ action: 'subscribe' });
    // A writer on fresh metadata takes the fenced slot…
    const a = await toAct(t.tableId);
    await service.act(t.tableId, { kind: 'seat', seat: a.seat }, scriptedChoice(a.legal), {});
    // …and one on metadata from before the subscription writes the next: no fence there, the epoch comes from its
    // predecessor.
    const b = await toAct(t.tableId);
    const out = await service.act(t.tableId, { kind: 'seat', seat: b.seat }, scriptedChoice(b.legal), { meta: stale });
    await server.idle();
    const commit = (await server.runtime.store.head(t.tableId))!;
    expect(commit.seq + commit.events.length - 1).toBe(out.version);
    expect({ listen: commit.listen, watched: commit.watched }).toEqual({ listen: 1, watched: true });
    await client.request({ action: 'ping' });
    expect(client.lastSeq).toBe(out.version);
    await client.close();
  });

  it('views read no presence for a table nobody watched; a seat that subscribes shows as connected', async () => {
    const t = await humanTable();
    const seated = t.seated;
    calls.length = 0;
    on = true;
    const before = await api.get<{ presence: { seat: number; connected: boolean }[] }>(`/v1/tables/${t.tableId}/view`);
    on = false;
    expect(before.body.presence.every((p) => !p.connected)).toBe(true);
    expect(calls.filter((c) => !c.endsWith('META') && !c.startsWith('Query range'))).toEqual([]);
    const player = seated[0]!;
    const client = await WsClient.connect(server.wsUrl, { tableId: t.tableId, token: player.token });
    const subscribed = await client.request({ action: 'subscribe' });
    expect((subscribed.presence as { seat: number; connected: boolean }[])[player.seat]?.connected).toBe(true);
    const after = await api.get<{ presence: { seat: number; connected: boolean }[] }>(`/v1/tables/${t.tableId}/view`);
    expect(after.body.presence[player.seat]?.connected).toBe(true);
    await client.close();
  });
});

describe('closing a busy bot table', () => {
  /**
   * Ten tables of four bots, each under way (each commit a run of bot moves that hands on the next as due work): a
   * few deals played at each.
   */
  async function busyBotTables(): Promise<Awaited<ReturnType<typeof createTable>>[]> {
    const tables = [];
    for (let i = 0; i < 10; i++)
      tables.push(await createTable(api, { variant: 'schafkopf', seats: 4, bots: [0, 1, 2, 3], maxDeals: 10_000 }));
    for (const t of tables)
      while ((await server.runtime.service.view(t.tableId, { kind: 'spectator' })).view.dealNo < 3);
    return tables;
  }

  it('the organiser’s close gets through at once while the server’s bots play ten tables back to back', async () => {
    // (Before the close fenced the slot, it lost its races again and again in `npm run bench:server -- --only bots`:
    // no close of 10 tables got through in 100 asks.)
    const tables = await busyBotTables();
    const statuses: number[] = [];
    for (const t of tables)
      statuses.push((await api.post(`/v1/tables/${t.tableId}/close`, { token: t.organiserKey })).status);
    expect(statuses).toEqual(tables.map(() => 200));
    await server.idle();
    for (const t of tables)
      expect((await server.runtime.service.view(t.tableId, { kind: 'spectator' })).view.closed).toBe(true);
  });

  it('a command with no fence — the organiser takes a bot off a seat — gets through at once at ten busy bot tables', async () => {
    const tables = await busyBotTables();
    // Each run of bot moves hands on the next as due work on the head it just wrote. The organiser's command loses a
    // slot to a run now and then, decides again on the new head and takes the next one while that run is still
    // deciding (functions/use-cases/retry.ts): no hold keeps the bots off, and no 409 table/busy comes back.
    const statuses: number[] = [];
    for (const t of tables)
      statuses.push((await api.del(`/v1/tables/${t.tableId}/seats/3`, { token: t.organiserKey })).status);
    expect(statuses).toEqual(tables.map(() => 204));
    for (const t of tables)
      expect((await api.post(`/v1/tables/${t.tableId}/close`, { token: t.organiserKey })).status).toBe(200);
    await server.idle();
  });

  it('a run of bot moves decided on metadata from before the close’s fence gives the slot up (one attempt); the close takes it', async () => {
    const store = new MemoryTableStore();
    const service = new TableService({ store, seed: () => 'fence-seed' });
    // No stream here: nothing acts at the table until a pass below runs.
    const { tableId } = await service.create({ variant: 'schafkopf', seats: 4, bots: [0, 1, 2, 3], maxDeals: 10 });
    const first = await service.progress(tableId);
    expect(first.acted).toBe(1);
    // The close's first step (play.ts `close`): the epoch raised and the slot after the head fenced. This process's
    // cached metadata keeps the old epoch, as another process's would.
    await service.listen(tableId, await service.meta(tableId), 'close');
    // The next run, pinned to the head this process wrote and decided on its cached head and metadata, meets the fence:
    // it writes nothing and does not try again — it says so, for the handler to look again later.
    const run = await service.progress(tableId, first.version);
    expect(run).toMatchObject({ acted: 0, lost: true, version: first.version });
    expect((await service.view(tableId, { kind: 'spectator' })).version).toBe(first.version);
    // The close, decided on the raised metadata, takes the fenced slot at its first try.
    const closed = await service.close(tableId);
    const head = (await store.head(tableId))!;
    expect({ seq: head.seq, version: closed.version }).toEqual({ seq: first.version + 1, version: lastSeq(head) });
    expect(head.events.some((e) => e.type === 'TableClosed')).toBe(true);
  });

  it('a player’s command that loses its slot to a run of bot moves decides again on the new head and takes the next one', async () => {
    const store = new MemoryTableStore();
    // Two warm instances over one store: the player's (a) decides on its cached head, the bots' (b) write first.
    const a = new TableService({ store, seed: () => 'race-seed' });
    const b = new TableService({ store, seed: () => 'race-seed' });
    const { tableId } = await a.create({ variant: 'schafkopf', seats: 4, bots: [1, 2, 3], maxDeals: 10 });
    const { token } = await a.join(tableId, 0, 'me');
    const me = a.authorize(await a.meta(tableId), token);
    // Play until the bots have a run to make after the player's move (the player's own commit is cached at a).
    let moved = false;
    for (let i = 0; i < 20 && !moved; i++) {
      const { view, version } = await a.view(tableId, me);
      if (view.legalActions.length === 0) {
        await b.progress(tableId);
        continue;
      }
      const out = await a.act(tableId, me, view.legalActions[0], { expectedVersion: version });
      // b writes the bots' run on the head a just wrote; a's cached head is now one behind.
      const run = await b.progress(tableId, out.version);
      if (run.acted === 0) continue;
      // The player's next command (a leave: any time, whoever is to act) is decided on a's stale cached head, loses
      // the slot to b's run, and is decided again on the new head — no hold, no 409.
      await a.leave(tableId, 0);
      moved = true;
      const head = (await store.head(tableId))!;
      expect(head.seq).toBe(run.version + 1);
      expect(head.events.some((e) => e.type === 'SeatLeft')).toBe(true);
    }
    expect(moved).toBe(true);
  });
});
