import { describe, expect, it } from 'vitest';
import {
  type Seated,
  allEvents,
  createTable,
  scriptedChoice,
  seatEveryone,
  viewAs,
  whoActs,
} from '../support/functions/play.js';
import { useLocalServer } from '../support/local-server.js';

/** Turn-order semantics under test: the auction from the first action (Klopfen until the first call, no knock phase). */
const OLD_KNOCK = { knock: { timing: 'before-first-call' } };

const { api } = useLocalServer();

interface Problem {
  readonly code: string;
  readonly currentVersion?: number;
  readonly field?: string;
}
interface Accepted {
  readonly version: number;
  readonly events: { seq: number; event: { type: string } }[];
  readonly replayed: boolean;
}

/** A table of four scripted players, dealt and waiting for the first call. */
async function fourPlayers(): Promise<{ tableId: string; seats: Seated[] }> {
  const { tableId } = await createTable(api, { variant: 'schafkopf', options: OLD_KNOCK, seats: 4 });
  const seats = await seatEveryone(api, tableId, 4);
  return { tableId, seats };
}

const act = (tableId: string, seat: Seated, body: Record<string, unknown>, key?: string) =>
  api.post<Accepted & Problem>(`/v1/tables/${tableId}/actions`, {
    token: seat.token,
    body,
    ...(key !== undefined ? { headers: { 'idempotency-key': key } } : {}),
  });

describe('two racing commands over HTTP', () => {
  it('exactly one of two commands pinned to the same version wins; the other gets 409 with the current version', async () => {
    const { tableId, seats } = await fourPlayers();
    // Several rounds, so that some requests really meet at the store's conditional write.
    for (let round = 0; round < 6; round++) {
      const [seat, mine] = await whoActs(api, tableId, seats);
      const legal = mine.view.legalActions;
      const first = scriptedChoice(legal);
      const second = legal.find((a) => JSON.stringify(a) !== JSON.stringify(first)) ?? first;
      const before = await allEvents(api, tableId);
      const [a, b] = await Promise.all([
        act(tableId, seat, { action: first, expectedVersion: mine.version }),
        act(tableId, seat, { action: second, expectedVersion: mine.version }),
      ]);
      const winners = [a, b].filter((r) => r.status === 200);
      const losers = [a, b].filter((r) => r.status !== 200);
      expect(winners).toHaveLength(1);
      expect(losers).toHaveLength(1);
      const winner = winners[0]!.body;
      expect(losers[0]!.status).toBe(409);
      expect(losers[0]!.body.code).toBe('table/version_conflict');
      expect(losers[0]!.body.currentVersion).toBe(winner.version);

      // Nothing lost, nothing doubled: the stream is the old one plus exactly the winner's events.
      const after = await allEvents(api, tableId);
      expect(after.map((e) => e.seq)).toEqual(after.map((_, i) => i + 1));
      expect(after.slice(0, before.length)).toEqual(before);
      expect(after.slice(before.length).map((e) => e.seq)).toEqual(winner.events.map((e) => e.seq));
      expect(after.at(-1)?.seq).toBe(winner.version);
      const taken = after.slice(before.length).filter((e) => e.event.type === 'ActionTaken');
      expect(taken).toHaveLength(1);
    }
  });

  it('commands without expectedVersion are retried on the new state: both land when both stay legal', async () => {
    // Klopfen is open to every seat before its first call: four concurrent knocks must all be recorded.
    const { tableId, seats } = await fourPlayers();
    const views = await Promise.all(seats.map((s) => viewAs(api, tableId, s.token)));
    const knockers = seats.filter((_, i) => views[i]!.view.legalActions.some((a) => a.type === 'knock'));
    expect(knockers.length).toBeGreaterThanOrEqual(2);
    const version = views[0]!.version;
    const results = await Promise.all(knockers.map((s) => act(tableId, s, { action: { type: 'knock' } })));
    expect(results.map((r) => r.status)).toEqual(knockers.map(() => 200));
    const versions = results.map((r) => r.body.version).sort((x, y) => x - y);
    expect(versions).toEqual(knockers.map((_, i) => version + i + 1));
    const events = await allEvents(api, tableId);
    const knocks = events.filter(
      (e) => e.event.type === 'ActionTaken' && (e.event.action as { type: string }).type === 'knock',
    );
    expect(knocks.map((e) => e.event.seat).sort()).toEqual(knockers.map((s) => s.seat).sort());
  });
});

describe('idempotent retries', () => {
  it('the same key and body returns the original outcome and writes once', async () => {
    const { tableId, seats } = await fourPlayers();
    const [seat, mine] = await whoActs(api, tableId, seats);
    const body = { action: scriptedChoice(mine.view.legalActions), expectedVersion: mine.version };
    const first = await act(tableId, seat, body, 'retry-1');
    expect(first.status).toBe(200);
    expect(first.body.replayed).toBe(false);
    const again = await act(tableId, seat, body, 'retry-1');
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ...first.body, replayed: true });
    const events = await allEvents(api, tableId);
    expect(events.at(-1)?.seq).toBe(first.body.version);
    expect((await viewAs(api, tableId)).version).toBe(first.body.version);
  });

  it('concurrent duplicates of one request write once and both answer with its outcome', async () => {
    const { tableId, seats } = await fourPlayers();
    for (let round = 0; round < 4; round++) {
      const [seat, mine] = await whoActs(api, tableId, seats);
      const body = { action: scriptedChoice(mine.view.legalActions), expectedVersion: mine.version };
      const [a, b] = await Promise.all([
        act(tableId, seat, body, `dup-${round}`),
        act(tableId, seat, body, `dup-${round}`),
      ]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect([a.body.replayed, b.body.replayed].sort()).toEqual([false, true]);
      expect(a.body.version).toBe(b.body.version);
      expect(a.body.events).toEqual(b.body.events);
      const events = await allEvents(api, tableId);
      expect(events.at(-1)?.seq).toBe(a.body.version);
      expect(events.filter((e) => e.seq > mine.version && e.event.type === 'ActionTaken')).toHaveLength(1);
    }
  });

  it('the same key with another body is refused (422) and writes nothing', async () => {
    const { tableId, seats } = await fourPlayers();
    const [seat, mine] = await whoActs(api, tableId, seats);
    const legal = mine.view.legalActions;
    const chosen = scriptedChoice(legal);
    const first = await act(tableId, seat, { action: chosen, expectedVersion: mine.version }, 'k-1');
    expect(first.status).toBe(200);
    const other = legal.find((a) => JSON.stringify(a) !== JSON.stringify(chosen))!;
    const misuse = [
      { action: other, expectedVersion: mine.version },
      { action: chosen },
      { action: chosen, expectedVersion: first.body.version },
    ];
    for (const body of misuse) {
      const res = await act(tableId, seat, body, 'k-1');
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('request/idempotency_mismatch');
      expect(res.body.field).toBe('Idempotency-Key');
    }
    expect((await viewAs(api, tableId)).version).toBe(first.body.version);
  });

  it('a retry pinned to its version is recognised even after the deal has ended and another began', async () => {
    const { tableId, seats } = await fourPlayers();
    const [seat, mine] = await whoActs(api, tableId, seats);
    const body = { action: scriptedChoice(mine.view.legalActions), expectedVersion: mine.version };
    const first = await act(tableId, seat, body, 'long-ago');
    expect(first.status).toBe(200);
    // Play on until deal 2 runs, then one move in it: the original commit now lies in a finished deal.
    for (let step = 0; step < 500 && (await viewAs(api, tableId)).view.dealNo < 2; step++) {
      const [next, theirs] = await whoActs(api, tableId, seats);
      expect((await act(tableId, next, { action: scriptedChoice(theirs.view.legalActions) })).status).toBe(200);
    }
    const [next, theirs] = await whoActs(api, tableId, seats);
    expect((await act(tableId, next, { action: scriptedChoice(theirs.view.legalActions) })).status).toBe(200);
    const now = await viewAs(api, tableId);
    expect(now.view.dealNo).toBe(2);
    const again = await act(tableId, seat, body, 'long-ago');
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ...first.body, replayed: true });
    const misuse = await act(tableId, seat, { ...body, action: { type: 'knock' } }, 'long-ago');
    expect([misuse.status, misuse.body.code]).toEqual([422, 'request/idempotency_mismatch']);
    expect((await viewAs(api, tableId)).version).toBe(now.version);
  });

  it('keys belong to a seat: another seat may use the same key for its own command', async () => {
    const { tableId, seats } = await fourPlayers();
    const [seat, mine] = await whoActs(api, tableId, seats);
    const first = await act(tableId, seat, { action: scriptedChoice(mine.view.legalActions) }, 'shared');
    expect(first.status).toBe(200);
    const [next, theirs] = await whoActs(api, tableId, seats);
    expect(next.seat).not.toBe(seat.seat);
    const second = await act(tableId, next, { action: scriptedChoice(theirs.view.legalActions) }, 'shared');
    expect(second.status).toBe(200);
    expect(second.body.replayed).toBe(false);
    expect(second.body.version).toBeGreaterThan(first.body.version);
  });
});
