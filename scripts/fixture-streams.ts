/**
 * Writes the fixture streams of test/fixtures/streams/: real tables and a tournament played on the local server (the
 * DynamoDB adapter over dynalite, the code path AWS runs), their stored items read back as they are, and what the API
 * answered for them (`<name>.expected.json`). test/functions/fixture-streams.test.ts replays them.
 *
 * Run it only to add a fixture of the format stored today (`npx tsx scripts/fixture-streams.ts [name…]`): the point of
 * the checked-in files is that they keep yesterday's shapes while the code moves on, so it never overwrites one
 * (docs/storage.md).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ManualClock } from '../functions/tournaments/due-work.js';
import { settingsFromEnv } from '../functions/composition/config.js';
import { type LocalServer, startLocal } from '../local/server.js';
import {
  type FixtureTable,
  type FixtureTournament,
  type StreamFixture,
  observe,
  readItems,
  writeItems,
} from '../test/support/streams.js';

const OUT = path.join(import.meta.dirname, '..', 'test', 'fixtures', 'streams');
const T0 = Date.UTC(2026, 10, 28, 17, 0);
const HOUR = 3_600_000;

interface Made {
  readonly description: string;
  readonly tables: readonly FixtureTable[];
  readonly tournaments: readonly FixtureTournament[];
}

async function call<T>(server: LocalServer, method: string, p: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${server.url}${p}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token !== undefined ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${p} → ${res.status} ${text}`);
  return (text === '' ? {} : JSON.parse(text)) as T;
}

async function createTable(server: LocalServer, body: Record<string, unknown>): Promise<FixtureTable> {
  const t = await call<{ tableId: string; organiserKey: string }>(server, 'POST', '/v1/tables', body);
  return { tableId: t.tableId, organiserKey: t.organiserKey, seats: [] };
}

async function seat(server: LocalServer, table: FixtureTable, n: number): Promise<FixtureTable> {
  const r = await call<{ seat: number; seatToken: string }>(
    server,
    'POST',
    `/v1/tables/${table.tableId}/seats`,
    {
      seat: n,
      name: `player-${n}`,
    },
    table.organiserKey,
  );
  return { ...table, seats: [...table.seats, { seat: r.seat, token: r.seatToken }] };
}

interface ViewBody {
  readonly version: number;
  readonly view: {
    readonly dealNo: number;
    readonly closed: boolean;
    readonly legalActions: readonly Record<string, unknown>[];
    readonly deal: { readonly toAct: readonly number[]; readonly result: unknown } | null;
  };
}

/** The human seats play their first legal action that is no doubling until `done` holds (bots answer in between). */
async function play(server: LocalServer, table: FixtureTable, done: (v: ViewBody) => boolean): Promise<void> {
  for (let step = 0; step < 2000; step++) {
    await server.idle();
    const v = await call<ViewBody>(server, 'GET', `/v1/tables/${table.tableId}/view`, undefined, table.organiserKey);
    if (done(v)) return;
    const human = table.seats.find((s) => v.view.deal?.toAct.includes(s.seat));
    if (human === undefined) throw new Error(`${table.tableId}: nobody of ours to act`);
    const mine = await call<ViewBody>(server, 'GET', `/v1/tables/${table.tableId}/view`, undefined, human.token);
    const plain = mine.view.legalActions.filter((a) => !['knock', 'kontra', 're'].includes(String(a.type)));
    const action = plain[0] ?? mine.view.legalActions[0];
    await call(
      server,
      'POST',
      `/v1/tables/${table.tableId}/actions`,
      { action, expectedVersion: mine.version },
      human.token,
    );
  }
  throw new Error('the table did not get there');
}

const SCENARIOS: Record<string, (server: LocalServer, clock: ManualClock) => Promise<Made>> = {
  /** Every variant with bots only, two deals each, closed after them. */
  'bot-tables': async (server) => {
    const tables: FixtureTable[] = [];
    for (const [variant, seats, preset] of [
      ['schafkopf', 4, undefined],
      ['schafkopf', 4, 'seed-003'],
      ['mehrkopf', 2, undefined],
      ['mehrkopf', 5, undefined],
      ['sheepshead', 5, undefined],
      ['sheepshead', 7, undefined],
      ['saukopf', 3, undefined],
      ['saukopf', 4, undefined],
    ] as const)
      tables.push(
        await createTable(server, {
          variant,
          ...(preset !== undefined ? { preset } : {}),
          seats,
          bots: Array.from({ length: seats }, (_, i) => i),
          botLevel: 'random',
          maxDeals: 2,
        }),
      );
    await server.idle();
    return {
      description: 'bot-only tables of the four variants, two finished deals each, closed',
      tables,
      tournaments: [],
    };
  },
  /**
   * Humans and bots: a public Schafkopf table one deal in and in the middle of the next; a private Sheepshead table with
   * a turn clock; a Saukopf table its organiser closed in the middle of a deal (the deal abandoned).
   */
  'human-tables': async (server) => {
    let sk = await createTable(server, { variant: 'schafkopf', seats: 4, bots: [2, 3], botLevel: 'random' });
    sk = await seat(server, sk, 0);
    sk = await seat(server, sk, 1);
    let played = 0;
    await play(server, sk, (v) => v.view.dealNo === 2 && ++played > 6);
    let sh = await createTable(server, {
      variant: 'sheepshead',
      seats: 3,
      bots: [2],
      botLevel: 'random',
      visibility: 'private',
      clock: { turnSeconds: 60 },
    });
    sh = await seat(server, sh, 0);
    sh = await seat(server, sh, 1);
    await play(server, sh, (v) => v.view.dealNo === 2);
    let sau = await createTable(server, { variant: 'saukopf', seats: 3, bots: [1, 2], botLevel: 'random' });
    sau = await seat(server, sau, 0);
    let moves = 0;
    await play(server, sau, (v) => v.view.dealNo === 1 && ++moves > 3);
    await call(server, 'POST', `/v1/tables/${sau.tableId}/close`, {}, sau.organiserKey);
    await server.idle();
    return {
      description: 'tables with human seats: mid-deal, private with a turn clock, closed by the organiser mid-deal',
      tables: [sk, sh, sau],
      tournaments: [],
    };
  },
  /** A one-round tournament: one checked-in player who never acts (timed out, then absent), three no-shows as bots. */
  tournament: async (server, clock) => {
    const created = await call<{ tournamentId: string; organiserKey: string }>(server, 'POST', '/v1/tournaments', {
      name: 'Fixture',
      variant: 'schafkopf',
      rounds: 1,
      dealsPerRound: 4,
      startsAt: new Date(T0 + HOUR).toISOString(),
      noShows: 'bot',
      clock: { turnSeconds: 30 },
    });
    const U = created.tournamentId;
    const ORG = created.organiserKey;
    for (const name of ['Anni', 'Beppi', 'Centa', 'Done']) {
      const r = await call<{ playerId: string }>(server, 'POST', `/v1/tournaments/${U}/players`, { name }, ORG);
      if (name === 'Anni') await call(server, 'POST', `/v1/tournaments/${U}/players/${r.playerId}/check-in`, {}, ORG);
    }
    clock.advanceTo(T0 + HOUR);
    await server.idle();
    for (let step = 0; step < 60; step++) {
      const t = await call<{ phase: string }>(server, 'GET', `/v1/tournaments/${U}`);
      if (t.phase === 'ended') break;
      const due = clock.nextAt();
      if (due === undefined) throw new Error('tournament stuck: no timer pending');
      clock.advanceTo(due);
      await server.idle();
    }
    const t = await call<{ rounds: { tables: { tableId: string }[] }[] }>(
      server,
      'GET',
      `/v1/tournaments/${U}`,
      undefined,
      ORG,
    );
    const tables = t.rounds.flatMap((r) => r.tables.map((x) => ({ tableId: x.tableId, organiserKey: ORG, seats: [] })));
    return {
      description: 'a finished one-round tournament: turn timeouts, an absent seat, bots for no-shows',
      tables,
      tournaments: [{ tournamentId: U, organiserKey: ORG }],
    };
  },
};

async function make(name: string, scenario: (server: LocalServer, clock: ManualClock) => Promise<Made>): Promise<void> {
  const clock = new ManualClock(T0);
  const server = await startLocal({ port: 0, clock });
  const table = settingsFromEnv().dataTable;
  let fixture: StreamFixture;
  let expected: Awaited<ReturnType<typeof observe>>;
  try {
    const made = await scenario(server, clock);
    await server.idle();
    const prefixes = [
      ...made.tables.map((t) => `T#${t.tableId}`),
      ...made.tournaments.flatMap((u) => [`U#${u.tournamentId}`]),
    ];
    fixture = { name, ...made, now: clock.now(), items: await readItems(server.client, table, prefixes) };
    expected = await observe(server.url, fixture);
  } finally {
    await server.close();
  }
  // The same answers from a fresh store holding only the items: the fixture is complete.
  const fresh = await startLocal({ port: 0, clock: new ManualClock(fixture.now) });
  try {
    await writeItems(fresh.client, table, fixture.items);
    const again = await observe(fresh.url, fixture);
    const a = JSON.stringify(again);
    if (a !== JSON.stringify(expected)) {
      for (const k of Object.keys(expected))
        if (JSON.stringify(expected[k]) !== JSON.stringify(again[k])) console.error('differs:', k);
      throw new Error(`${name}: a fresh store holding the items answers differently`);
    }
  } finally {
    await fresh.close();
  }
  mkdirSync(OUT, { recursive: true });
  writeFileSync(path.join(OUT, `${name}.json`), JSON.stringify(fixture, null, 1) + '\n');
  writeFileSync(path.join(OUT, `${name}.expected.json`), JSON.stringify(expected, null, 1) + '\n');
  console.log(`${name}: ${fixture.items.length} items, ${Object.keys(expected).length} answers`);
}

const wanted = process.argv.slice(2);
for (const [name, scenario] of Object.entries(SCENARIOS)) {
  if (wanted.length > 0 && !wanted.includes(name)) continue;
  if (existsSync(path.join(OUT, `${name}.json`))) console.log(`${name}: kept (a fixture is never rewritten)`);
  else await make(name, scenario);
}
