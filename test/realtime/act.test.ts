import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalServer } from '../../local/server.js';
import type { Api } from '../support/functions/client.js';
import { allEvents, createTable, join, startServer } from '../support/functions/play.js';
import { type Player, eagerChoice, seatedTable, subscribed } from './helpers.js';

/** Turn-order semantics under test: the auction from the first action (Klopfen until the first call, no knock phase). */
const OLD_KNOCK = { knock: { timing: 'before-first-call' } };

let server: LocalServer;
let api: Api;

beforeAll(async () => {
  ({ server, api } = await startServer());
});
afterAll(async () => {
  await server.close();
});

/** The player whose turn it is, by the spectator view a watcher holds. */
function toAct(players: readonly Player[], watcher: Player['client']): Player {
  const seat = watcher.view!.deal!.toAct[0]!;
  return players.find((p) => p.seat === seat)!;
}

describe('act over WebSocket: the REST semantics', () => {
  it('idempotency keys, expectedVersion, illegal moves and turn order answer exactly as over REST', async () => {
    const { tableId, seats } = await seatedTable(api, { options: OLD_KNOCK });
    const players: Player[] = [];
    for (const s of seats) players.push({ ...s, client: await subscribed(server, tableId, s.token) });
    const watcher = await subscribed(server, tableId, undefined);
    const mover = toAct(players, watcher);
    const move = eagerChoice(mover.client.view!.legalActions);
    const version = mover.client.viewVersion;

    const first = await mover.client.request({ action: 'act', move, expectedVersion: version, idempotencyKey: 'k1' });
    expect(first).toMatchObject({ type: 'result', replayed: false });
    // The same key and body: the original outcome, nothing written twice.
    const again = await mover.client.request({ action: 'act', move, expectedVersion: version, idempotencyKey: 'k1' });
    expect(again).toMatchObject({ type: 'result', replayed: true, version: first.version, events: first.events });
    // The same key with another body.
    const other = await mover.client.request({ action: 'act', move: { type: 'pass' }, idempotencyKey: 'k1' });
    expect(other).toMatchObject({ type: 'error', status: 422, code: 'request/idempotency_mismatch' });
    // The key is shared with REST (per seat): a REST retry of the WebSocket command is a replay too.
    const viaRest = await api.post<{ version: number; replayed: boolean }>(`/v1/tables/${tableId}/actions`, {
      token: mover.token,
      body: { action: move, expectedVersion: version },
      headers: { 'idempotency-key': 'k1' },
    });
    expect(viaRest.body).toMatchObject({ version: first.version, replayed: true });

    // A stale expectedVersion: 409 with the current version.
    await watcher.caughtUp(first.version!);
    const next = toAct(players, watcher);
    await next.client.caughtUp(first.version!);
    const stale = await next.client.request({
      action: 'act',
      move: eagerChoice(next.client.view!.legalActions),
      expectedVersion: version,
    });
    expect(stale).toMatchObject({
      type: 'error',
      status: 409,
      code: 'table/version_conflict',
      currentVersion: first.version,
    });
    // Not this seat's turn; an action that is no action of the variant.
    const idle = players.find((p) => p.seat !== next.seat)!;
    expect(await idle.client.request({ action: 'act', move: { type: 'pass' } })).toMatchObject({
      status: 409,
      code: 'action/not_your_turn',
    });
    expect(await next.client.request({ action: 'act', move: { type: 'fly' } })).toMatchObject({ status: 422 });
    // Nothing a refused command did reached the log: one commit, pushed once to everyone.
    await server.idle();
    const log = await allEvents(api, tableId);
    expect(log.at(-1)!.seq).toBe(first.version);
    await watcher.caughtUp(first.version!);
    expect(watcher.applied).toEqual(log);
    expect(watcher.duplicatesDropped).toBe(0);
    for (const c of [...players.map((p) => p.client), watcher]) await c.close();
  });

  it('unsubscribe stops the pushes; subscribing again with `after` fills exactly the missed events', async () => {
    const { tableId, seats } = await seatedTable(api);
    const players: Player[] = [];
    for (const s of seats) players.push({ ...s, client: await subscribed(server, tableId, s.token) });
    const watcher = await subscribed(server, tableId, undefined);
    const quiet = await subscribed(server, tableId, undefined);
    expect((await quiet.request({ action: 'unsubscribe' })).type).toBe('unsubscribed');
    const held = quiet.lastSeq;
    const mover = toAct(players, watcher);
    const r = await mover.client.request({ action: 'act', move: eagerChoice(mover.client.view!.legalActions) });
    expect(r.type).toBe('result');
    await server.idle();
    // Frames of one connection arrive in order: had a push been sent, it would be here before the pong.
    expect((await quiet.request({ action: 'ping' })).type).toBe('pong');
    expect(quiet.lastSeq).toBe(held);
    expect(quiet.frames.filter((f) => f.type === 'events' && f.requestId === undefined)).toEqual([]);
    await quiet.request({ action: 'subscribe', after: quiet.lastSeq });
    await quiet.caughtUp(r.version!);
    expect(quiet.applied).toEqual(await allEvents(api, tableId));
    for (const c of [...players.map((p) => p.client), watcher, quiet]) await c.close();
  });

  it('a player over WebSocket against three bots: the bots’ moves (made from the stream) are pushed too', async () => {
    // The default preset: the deal opens with the knock phase, where the bots and the player decide at once.
    const { tableId } = await createTable(api, { variant: 'schafkopf', seats: 4, bots: [1, 2, 3], maxDeals: 1 });
    const me = await join(api, tableId, 0);
    await server.idle();
    const client = await subscribed(server, tableId, me.token);
    for (let step = 0; step < 200; step++) {
      await server.idle();
      const head = (await server.runtime.store.head(tableId))!;
      const version = head.seq + head.events.length - 1;
      await client.caughtUp(version);
      if (client.view!.closed) break;
      expect(client.view!.deal!.toAct).toContain(0);
      const r = await client.request({
        action: 'act',
        move: eagerChoice(client.view!.legalActions),
        expectedVersion: client.viewVersion,
      });
      expect(r.type, JSON.stringify(r)).toBe('result');
    }
    expect(client.view!.closed).toBe(true);
    const log = await allEvents(api, tableId, me.token);
    expect(client.applied).toEqual(log);
    const botMoves = log.filter((e) => e.event.type === 'ActionTaken' && e.event.seat !== 0);
    expect(botMoves.length).toBeGreaterThan(10);
    // The knock phase: every seat decided once (knock or no-knock) before the second packet was dealt.
    const knockDecisions = log
      .filter((e) => e.event.type === 'ActionTaken')
      .map((e) => e.event.action as { type: string; choice?: string })
      .filter((a) => a.type === 'knock' || a.choice === 'no-knock');
    expect(knockDecisions).toHaveLength(4);
    await client.close();
  });
});
