import type { SendMessageCommand } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoDueWorkStore } from '../../../functions/adapters/dynamodb/due-work-store.js';
import { DynamoTableStore } from '../../../functions/adapters/dynamodb/table-store.js';
import { type DueMessage, SqsDueWorkScheduler } from '../../../functions/adapters/sqs/due-work-queue.js';
import { createDueHandler } from '../../../functions/due/handler.js';
import { type DueWorkHandler, TABLE_PROGRESS } from '../../../functions/ports/due-work.js';
import { createTournaments, storeOnlyScheduler } from '../../../functions/tournaments/compose.js';
import { JOB_CHECK, JOB_START } from '../../../functions/tournaments/service.js';
import { startDynalite } from '../../support/functions/dynalite.js';

// Tournament jobs on the AWS-shaped due-work path: the SQS adapter (SendMessage recorded at the SDK boundary,
// deliveries as SQS Lambda events to the due function's handler, the sweep as an EventBridge event), DynamoDB on
// dynalite. A round starts from its schedule alone: the start message hops until it is due, then draws and opens the
// tables — each a live table with its standing `table.progress` item and an `auto` first commit (bots and a clock).

class Recorder {
  readonly sent: { body: DueMessage; delay: number }[] = [];
  async send(command: SendMessageCommand): Promise<unknown> {
    this.sent.push({ body: JSON.parse(command.input.MessageBody!) as DueMessage, delay: command.input.DelaySeconds! });
    return {};
  }
}

let db: Awaited<ReturnType<typeof startDynalite>>;
beforeAll(async () => {
  db = await startDynalite();
});
afterAll(async () => db.stop());

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 10, 28, 17, 0);

async function setUp(scheduler: 'sqs' | 'store-only') {
  let now = T0;
  // The store's clock too: it files an item already due under the minute it is written (its time bucket).
  const dueWork = new DynamoDueWorkStore(db.client, 'data', () => now);
  const tableStore = new DynamoTableStore(db.client, 'data');
  const sqs = new Recorder();
  const queue = new SqsDueWorkScheduler(dueWork, 'https://sqs.local/due', sqs, () => now);
  const tournaments = createTournaments({
    client: db.client,
    dataTable: 'data',
    tableStore,
    dueWork,
    scheduler: scheduler === 'sqs' ? queue : storeOnlyScheduler(dueWork),
    now: () => now,
  });
  // The tables' own kind is exercised elsewhere (test/functions/due-work.test.ts): here it only stands (the sweep
  // meets the live tables the rounds opened).
  const handlers = new Map<string, DueWorkHandler>([...tournaments.handlers, [TABLE_PROGRESS, async () => 'keep']]);
  const handler = createDueHandler({
    handlers,
    store: dueWork,
    scheduler: queue,
    now: () => now,
  });
  const { tournamentId, organiserKey } = await tournaments.service.create({
    name: 'Due',
    variant: 'schafkopf',
    rounds: 2,
    dealsPerRound: 4,
    startsAt: T0 + 2 * HOUR,
    noShows: 'bot',
    remainder: 'bots',
    clock: { turnSeconds: 30 },
  } as Parameters<typeof tournaments.service.create>[0]);
  for (const name of ['A', 'B', 'C', 'D', 'E', 'F']) {
    const p = await tournaments.service.register(tournamentId, organiserKey, { name });
    if (name !== 'F') await tournaments.service.checkIn(tournamentId, { kind: 'organiser' }, p.playerId);
  }
  return {
    tournaments,
    tournamentId,
    dueWork,
    tableStore,
    sqs,
    handler,
    setNow: (t: number) => {
      now = t;
    },
  };
}

describe('tournament jobs on the due-work port (AWS shape)', () => {
  it('the round-1 start hops on the SQS queue until it is due, then draws and opens live tables', async () => {
    const { tournaments, tournamentId, dueWork, tableStore, sqs, handler, setNow } = await setUp('sqs');
    // One stored item and one message, delayed the maximum 15 minutes (the start is 2 hours away).
    const stored = await dueWork.get(JOB_START, `${tournamentId}:1`);
    expect(stored?.at).toBe(T0 + 2 * HOUR);
    expect(sqs.sent).toHaveLength(1);
    expect(sqs.sent[0]).toMatchObject({ delay: 900, body: { stored: true, work: { kind: JOB_START } } });
    // Delivered early: the consumer re-sends it with the rest of the delay (a hop), nothing runs.
    setNow(T0 + 15 * 60_000);
    expect(await handler({ Records: [{ messageId: 'm1', body: JSON.stringify(sqs.sent[0]!.body) }] })).toEqual({
      batchItemFailures: [],
    });
    expect(sqs.sent).toHaveLength(2);
    expect((await tournaments.service.state(tournamentId)).rounds).toHaveLength(0);
    // Delivered at the start: the round is drawn, its tables opened; the item is gone, a round check is due.
    setNow(T0 + 2 * HOUR);
    await handler({ Records: [{ messageId: 'm2', body: JSON.stringify(sqs.sent[1]!.body) }] });
    const state = await tournaments.service.state(tournamentId);
    expect(state.rounds).toHaveLength(1);
    expect(await dueWork.get(JOB_START, `${tournamentId}:1`)).toBeUndefined();
    expect(await dueWork.get(JOB_CHECK, `${tournamentId}:1`)).toBeDefined();
    expect(sqs.sent.at(-1)).toMatchObject({ body: { work: { kind: JOB_CHECK } } });
    // 6 seats (5 checked in + 1 no-show a bot plays) + 2 bot fillers = 2 tables of 4.
    const tableIds = state.rounds[0]!.tableIds;
    expect(tableIds).toHaveLength(2);
    for (const id of tableIds) {
      // A live table: its standing progress item (the sweep looks at it), and its first commit asks for a progress
      // pass (bots or a clock: without `auto`, a table whose first seat to act is a bot never moved).
      expect(await dueWork.get(TABLE_PROGRESS, id)).toBeDefined();
      const head = await tableStore.head(id);
      expect(head?.seq).toBe(1);
      expect(head?.auto).toBe(true);
      expect((await tableStore.getMeta(id))?.clock).toEqual({ turnSeconds: 30 });
    }
    // A repeated delivery (at least once) opens nothing twice.
    await handler({ Records: [{ messageId: 'm2', body: JSON.stringify(sqs.sent[1]!.body) }] });
    expect((await tournaments.service.state(tournamentId)).rounds).toHaveLength(1);
    for (const id of tableIds) expect((await tableStore.head(id))?.seq).toBe(1);
  });

  it('without a queue the sweep starts the round (a stored item, run once it is due)', async () => {
    const { tournaments, tournamentId, dueWork, sqs, handler, setNow } = await setUp('store-only');
    expect(sqs.sent).toHaveLength(0);
    expect(await dueWork.get(JOB_START, `${tournamentId}:1`)).toBeDefined();
    setNow(T0 + 2 * HOUR - 1);
    await handler({ source: 'aws.events' });
    expect((await tournaments.service.state(tournamentId)).rounds).toHaveLength(0);
    setNow(T0 + 2 * HOUR + 4 * 60_000);
    await handler({ source: 'aws.events' });
    // The sweep hands the due item to the queue; a due worker runs it.
    const swept = sqs.sent.find((m) => m.body.work.kind === JOB_START);
    expect(swept?.body.stored).toBe(true);
    await handler({ Records: [{ messageId: 'sweep', body: JSON.stringify(swept!.body) }] });
    expect((await tournaments.service.state(tournamentId)).rounds).toHaveLength(1);
    expect(await dueWork.get(JOB_START, `${tournamentId}:1`)).toBeUndefined();
  });
});
