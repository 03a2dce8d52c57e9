import { describe, expect, it } from 'vitest';
import { MemoryTableStore } from '../../functions/adapters/memory/table-store.js';
import { lastSeq } from '../../functions/ports/table-store.js';
import { seatsToAct } from '../../functions/use-cases/progress.js';
import { TableService } from '../../functions/use-cases/table-service.js';
import { type DueWork, type DueWorkScheduler, TABLE_PROGRESS } from '../../functions/ports/due-work.js';
import { LOST_RETRY_MS, MAX_RUNS_AHEAD, createOnCommit, progressStep } from '../../functions/stream/on-commit.js';
import { loadTable } from '../../functions/use-cases/table-stream.js';

/**
 * The moves the server makes up to the next human decision are ONE commit (progress.ts `serverMoves`) — one
 * conditional write; a stale or repeated pass writes nothing; two instances racing write one run; a run stops where a
 * human is to act.
 */

const fixedSeeds = (): (() => string) => {
  let n = 0;
  return () => `seed-${++n}`;
};

describe('a run of server moves is one commit', () => {
  it('a 4-bot deal is played in one or two commits, each event with its own seq, every move by a seat to act', async () => {
    // arrange
    const store = new MemoryTableStore();
    const service = new TableService({ store, seed: fixedSeeds() });
    const { tableId } = await service.create({ variant: 'schafkopf', seats: 4, bots: [0, 1, 2, 3], maxDeals: 1 });
    // act
    for (let i = 0; i < 5 && !(await loadTable(store, tableId)).state.closed; i++) await service.progress(tableId);
    // assess
    const commits = await store.range(tableId, 1, Number.MAX_SAFE_INTEGER);
    const moves = commits.flatMap((c) => c.events.filter((e) => e.type === 'ActionTaken'));
    expect(moves.length).toBeGreaterThanOrEqual(32);
    // the deal's moves: the commit that starts the deal holds none of them, one commit holds them all
    expect(commits.filter((c) => c.events.some((e) => e.type === 'ActionTaken'))).toHaveLength(1);
    expect(commits.at(-1)!.events.some((e) => e.type === 'TableClosed')).toBe(true);
    // seqs without gaps across commits
    for (const [i, c] of commits.entries()) if (i > 0) expect(c.seq).toBe(lastSeq(commits[i - 1]!) + 1);
  });

  it('a pass pinned to a version the table left writes nothing; two instances racing write one run', async () => {
    // arrange: two services (two warm instances) over one store, a 4-bot table with its first deal started
    const store = new MemoryTableStore();
    const a = new TableService({ store, seed: fixedSeeds() });
    const b = new TableService({ store, seed: fixedSeeds() });
    const { tableId } = await a.create({ variant: 'schafkopf', seats: 4, bots: [0, 1, 2, 3], maxDeals: 3 });
    const start = (await loadTable(store, tableId)).version;
    // act: both run the pass pinned to the same version at once
    const [x, y] = await Promise.all([a.progress(tableId, start), b.progress(tableId, start)]);
    // assess: exactly one of them wrote the run at start + 1; the other found the slot taken
    const first = (await store.range(tableId, start + 1, start + 1))[0]!;
    expect(first.events.filter((e) => e.type === 'ActionTaken').length).toBeGreaterThan(1);
    expect([x.acted > 0, y.acted > 0].filter(Boolean).length).toBeGreaterThanOrEqual(1);
    const commits = await store.range(tableId, 1, Number.MAX_SAFE_INTEGER);
    for (const [i, c] of commits.entries()) if (i > 0) expect(c.seq).toBe(lastSeq(commits[i - 1]!) + 1);
    // a repeated pass pinned to the old version writes nothing more
    const before = (await loadTable(store, tableId)).version;
    const again = await b.progress(tableId, start);
    expect(again.acted).toBe(0);
    expect((await loadTable(store, tableId)).version).toBe(before);
  });

  it('with a player at the table the run stops where the player is to act', async () => {
    // arrange
    const store = new MemoryTableStore();
    const service = new TableService({ store, seed: fixedSeeds() });
    const { tableId } = await service.create({ variant: 'schafkopf', seats: 4, bots: [1, 2, 3], maxDeals: 1 });
    const { token } = await service.join(tableId, 0, 'me');
    const me = service.authorize(await service.meta(tableId), token);
    // act + assess: after each pass the player is to act (or the deal is over); the player answers with a legal move
    let played = 0;
    for (let step = 0; step < 60; step++) {
      await service.progress(tableId);
      const loaded = await loadTable(store, tableId);
      if (loaded.state.closed) break;
      expect(seatsToAct(loaded.state)).toContain(0);
      const legal = (await service.view(tableId, me)).view.legalActions;
      await service.act(tableId, me, legal[0], { expectedVersion: loaded.version });
      played++;
    }
    expect(played).toBeGreaterThan(1);
    // no run holds a move of the player's seat; the runs hold several bot moves
    const commits = await store.range(tableId, 1, Number.MAX_SAFE_INTEGER);
    const runs = commits.filter((c) => c.events.filter((e) => e.type === 'ActionTaken').length > 1);
    expect(runs.length).toBeGreaterThan(0);
    for (const run of runs) expect(run.events.every((e) => e.type !== 'ActionTaken' || e.seat !== 0)).toBe(true);
  });
});

/** A scheduler that only records what it is asked (the handler's hand-ons and reminders). */
class Recorder implements DueWorkScheduler {
  readonly reminded: DueWork[] = [];
  async schedule(): Promise<void> {}
  async remind(work: DueWork): Promise<void> {
    this.reminded.push(work);
  }
  async cancel(): Promise<void> {}
}

/** The tests' start time: the table's clock starts here and moves only when a test moves it. */
const START = Date.UTC(2026, 10, 28);

/** A table of four bots on a memory store, its service on a clock the test moves, and a scheduler that records. */
async function botTable() {
  const clock = { now: START };
  const store = new MemoryTableStore();
  const service = new TableService({ store, seed: fixedSeeds(), now: () => clock.now });
  const { tableId } = await service.create({ variant: 'schafkopf', seats: 4, bots: [0, 1, 2, 3], maxDeals: 100 });
  const scheduler = new Recorder();
  return { clock, store, service, tableId, scheduler, step: progressStep(service, scheduler) };
}

describe('the next run of server moves is due work', () => {
  it('a pass that wrote a run hands on the next, due now and pinned to its commit, up to MAX_RUNS_AHEAD in a row', async () => {
    // arrange
    const { clock, store, tableId, scheduler, step } = await botTable();
    // act: the stream step's work (no payload), then each hand-on as the scheduler would run it
    let work: DueWork = {
      at: clock.now,
      kind: TABLE_PROGRESS,
      key: tableId,
      pinnedVersion: (await loadTable(store, tableId)).version,
    };
    const versions: number[] = [];
    for (let i = 0; i < MAX_RUNS_AHEAD + 2; i++) {
      const before = scheduler.reminded.length;
      expect(await step(work)).toBe('done');
      versions.push((await loadTable(store, tableId)).version);
      if (scheduler.reminded.length === before) break;
      clock.now += 1;
      work = scheduler.reminded.at(-1)!;
    }
    // assess: each hand-on is due at once and pinned to the commit the run wrote; the count rides along and stops them
    expect(scheduler.reminded).toHaveLength(MAX_RUNS_AHEAD - 1);
    expect(scheduler.reminded.map((w) => w.pinnedVersion)).toEqual(versions.slice(0, MAX_RUNS_AHEAD - 1));
    expect(scheduler.reminded.map((w) => (w.payload as { ahead: number }).ahead)).toEqual(
      Array.from({ length: MAX_RUNS_AHEAD - 1 }, (_, i) => i + 1),
    );
    for (const [i, w] of scheduler.reminded.entries()) expect(w.at).toBe(START + i);
    // the last run wrote its commit and handed nothing on: its commit's own stream step goes on from there. The runs'
    // commits say whether their writer handed on (the stream step's pass of those is only a safety net, later)
    expect(versions).toHaveLength(MAX_RUNS_AHEAD);
    expect(versions.at(-1)).toBeGreaterThan(versions.at(-2)!);
    const heads = await Promise.all(versions.map(async (v) => (await store.commitHolding(tableId, v))!));
    expect(heads.map((c) => c.handedOn === true)).toEqual(versions.map((_, i) => i < MAX_RUNS_AHEAD - 1));
    // a copy of a hand-on (the stream step's) finds the table moved on and hands nothing on
    const before = scheduler.reminded.length;
    expect(await step({ ...scheduler.reminded[0]!, payload: undefined })).toBe('done');
    expect(scheduler.reminded).toHaveLength(before);
  });

  it('a run that lost its slot to a close’s fence is looked at again later, on fresh metadata, and the close goes first', async () => {
    // arrange
    const { clock, store, service, tableId, scheduler, step } = await botTable();
    const first = await service.progress(tableId);
    await service.listen(tableId, await service.meta(tableId), 'close');
    // act: the hand-on of the first run meets the fence
    await step({ at: clock.now, kind: TABLE_PROGRESS, key: tableId, pinnedVersion: first.version });
    // assess: nothing written, one look again LOST_RETRY_MS later at the same version
    expect((await loadTable(store, tableId)).version).toBe(first.version);
    expect(scheduler.reminded).toEqual([
      { at: clock.now + LOST_RETRY_MS, kind: TABLE_PROGRESS, key: tableId, pinnedVersion: first.version },
    ]);
    // when no close came, the look again decides on fresh metadata (the raised epoch) and takes the fenced slot
    clock.now += LOST_RETRY_MS;
    await step(scheduler.reminded[0]!);
    const head = (await store.head(tableId))!;
    expect(head.seq).toBe(first.version + 1);
    expect(head.listen).toBe((await service.meta(tableId)).listen);
  });

  it('the stream step hands a commit’s pass to the scheduler: due now, or as a safety net later for a run whose writer handed on', async () => {
    // arrange
    const { clock, store, service, tableId, scheduler } = await botTable();
    const now = clock.now;
    const onCommit = createOnCommit({ service, scheduler });
    const head = (await store.head(tableId))!;
    // act
    await onCommit(head);
    await onCommit({ ...head, seq: head.seq + 1, handedOn: true });
    await onCommit({ ...head, seq: head.seq + 2, auto: false });
    // assess: no pass ran here (nothing written); the plain commit's pass is due now, the handed-on one's later; a
    // table where the server does not act gets none
    expect((await loadTable(store, tableId)).version).toBe(lastSeq(head));
    expect(scheduler.reminded).toEqual([
      { at: now, kind: TABLE_PROGRESS, key: tableId, pinnedVersion: lastSeq(head) },
      { at: now + LOST_RETRY_MS, kind: TABLE_PROGRESS, key: tableId, pinnedVersion: lastSeq(head) + 1 },
    ]);
  });
});
