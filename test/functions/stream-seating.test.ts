import { describe, expect, it } from 'vitest';
import { MemoryTableStore } from '../../functions/adapters/memory/table-store.js';
import { sha256 } from '../../functions/crypto/secrets.js';
import type { Commit, TableMeta, TableStore } from '../../functions/ports/table-store.js';
import { TableService } from '../../functions/use-cases/table-service.js';
import { scriptedChoice } from '../support/functions/play.js';

/**
 * The stream is the table (functions/README.md): seating is decided and appended in the one conditional write of the
 * table's stream, its token hash in the commit of its seat event; a warm move reads nothing. Tables stored before that
 * (seats only in META) still load, act and seat.
 */

/** A store that counts the calls made to it (by method). */
function counted(store: TableStore): { store: TableStore; calls: Map<string, number>; reset: () => void } {
  const calls = new Map<string, number>();
  const proxy = new Proxy(store, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        calls.set(String(name), (calls.get(String(name)) ?? 0) + 1);
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { store: proxy, calls, reset: () => calls.clear() };
}

const writes = new Set(['append', 'updateMeta', 'createMeta', 'fence']);
const of = (calls: Map<string, number>): Record<string, number> => Object.fromEntries(calls.entries());

async function tableWithPlayers(service: TableService): Promise<{ tableId: string; tokens: string[] }> {
  const { tableId } = await service.create({ variant: 'schafkopf', seats: 4 });
  const tokens: string[] = [];
  for (let seat = 0; seat < 4; seat++) tokens.push((await service.join(tableId, seat, `p${seat}`)).token);
  return { tableId, tokens };
}

async function moveOnce(service: TableService, tableId: string, tokens: readonly string[]): Promise<number> {
  const v = await service.view(tableId, { kind: 'spectator' });
  const seat = v.view.deal!.toAct[0]!;
  const legal = (await service.view(tableId, { kind: 'seat', seat })).view.legalActions;
  const { actor } = await service.commandActor(tableId, tokens[seat]);
  return (await service.act(tableId, actor, scriptedChoice(legal), { token: tokens[seat]! })).version;
}

describe('the stream is the table', () => {
  it('a join is ONE conditional write of the stream (and the lobby row); META is not written', async () => {
    const memory = new MemoryTableStore();
    const c = counted(memory);
    const service = new TableService({ store: c.store });
    const { tableId } = await service.create({ variant: 'schafkopf', seats: 4 });
    await service.view(tableId, { kind: 'spectator' });
    const rev = (await memory.getMeta(tableId))!.rev;
    for (let seat = 0; seat < 4; seat++) {
      c.reset();
      const { token } = await service.join(tableId, seat, `p${seat}`);
      const conditional = [...c.calls].filter(([k]) => writes.has(k));
      expect(conditional).toEqual([['append', 1]]);
      const head = (await memory.head(tableId))!;
      // The seat's token hash travels in its seat event's commit; the event itself is as documented (no hash).
      expect(head.seating?.[seat]).toEqual({ kind: 'human', name: `p${seat}`, tokenHash: sha256(token) });
      expect(head.events[0]).toEqual({ type: 'SeatTaken', seat, name: `p${seat}` });
    }
    // The metadata never moved: the seating lives in the stream.
    expect((await memory.getMeta(tableId))!.rev).toBe(rev);
    // Every base commit carries the seating (reads start there): the deal that started with the last join does.
    const head = (await memory.head(tableId))!;
    expect(head.base).toBe(head.seq);
    expect(head.seating?.every((s) => s.kind === 'human')).toBe(true);
    // No client sees a token hash: not in the events, not in the view.
    const page = await service.events(tableId, { kind: 'organiser' }, 0, 500);
    expect(JSON.stringify(page)).not.toContain('tokenHash');
  });

  it('a warm move reads nothing and writes once; a left seat cannot act on a stale cache', async () => {
    const memory = new MemoryTableStore();
    const c = counted(memory);
    const service = new TableService({ store: c.store });
    const { tableId, tokens } = await tableWithPlayers(service);
    await moveOnce(service, tableId, tokens);
    const v = await service.view(tableId, { kind: 'spectator' });
    const seat = v.view.deal!.toAct[0]!;
    const legal = (await service.view(tableId, { kind: 'seat', seat })).view.legalActions;
    c.reset();
    const { actor } = await service.commandActor(tableId, tokens[seat]);
    await service.act(tableId, actor, scriptedChoice(legal), { token: tokens[seat]!, expectedVersion: v.version });
    expect(of(c.calls)).toEqual({ append: 1 });

    // Another instance frees the seat to act next; this instance's cache does not know yet.
    const other = new TableService({ store: memory });
    const next = (await service.view(tableId, { kind: 'spectator' })).view.deal!.toAct[0]!;
    const nextLegal = (await service.view(tableId, { kind: 'seat', seat: next })).view.legalActions;
    const warm = await service.commandActor(tableId, tokens[next]);
    await other.leave(tableId, next);
    const stale = service.act(tableId, warm.actor, scriptedChoice(nextLegal), { token: tokens[next]! });
    await expect(stale).rejects.toMatchObject({ status: 403, code: 'auth/forbidden' });
    await expect(service.commandActor(tableId, tokens[next])).rejects.toMatchObject({ status: 403 });
  });

  it('a table stored before seating moved into the stream (seats only in META) loads, acts, and seats on', async () => {
    const memory = new MemoryTableStore();
    const service = new TableService({ store: memory });
    const { tableId, tokens } = await tableWithPlayers(service);
    const seatedMeta = await service.meta(tableId);
    // Rewrite the table as older code stored it: no `seating` on any commit, the seats in META.
    const legacy = new MemoryTableStore();
    const meta = (await memory.getMeta(tableId))!;
    await legacy.createMeta({ ...meta, seats: seatedMeta.seats } as TableMeta);
    const head = (await memory.head(tableId))!;
    for (const commit of await memory.range(tableId, 1, head.seq)) {
      const { seating: _dropped, ...old } = commit;
      expect((await legacy.append(old as Commit)).ok).toBe(true);
    }
    const old = new TableService({ store: legacy });
    expect((await old.meta(tableId)).seats).toEqual(seatedMeta.seats);
    // A seat token from META acts.
    const version = await moveOnce(old, tableId, tokens);
    expect(version).toBeGreaterThan(head.seq);
    // A seat change writes the whole seating into the stream (from META, with the change): from then on it is the truth.
    await old.leave(tableId, 2);
    const left = (await legacy.head(tableId))!;
    expect(left.seating?.map((s) => s.kind)).toEqual(['human', 'human', 'open', 'human']);
    const { token } = await old.join(tableId, 2, 'new');
    await expect(old.commandActor(tableId, tokens[2])).rejects.toMatchObject({ status: 403 });
    expect((await old.commandActor(tableId, token)).actor).toEqual({ kind: 'seat', seat: 2 });
    expect((await old.commandActor(tableId, tokens[0])).actor).toEqual({ kind: 'seat', seat: 0 });
    // META was never written by the new code: it still says what the old code left there.
    expect((await legacy.getMeta(tableId))!.seats).toEqual(seatedMeta.seats);
  });
});
