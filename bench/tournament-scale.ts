// Tournaments at size. Run: npx tsx bench/tournament-scale.ts [checkIns=200] [players=5000]
// 1. Concurrent check-ins through the real local server (HTTP, dynalite through the AWS SDK): how many reach the client
//    as 409 tournament/busy, with the projection and the server-side retries (functions/tournaments/writer.ts).
// 2. A 5,000-player tournament on the engine: the draw published ahead, the round start (which takes the published
//    draw) and the round's end — each commit's time, its size against DynamoDB's 400 KB item limit, and the largest
//    WebSocket push frame against API Gateway's 128 KB.
import { tournament as T } from '../engine/index.js';
import { ManualClock } from '../functions/tournaments/due-work.js';
import { tournamentFrames } from '../functions/tournaments/push.js';
import { startLocal } from '../local/server.js';
import { splitEvents } from '../functions/adapters/dynamodb/tournament-store.js';

const checkIns = Number(process.argv[2] ?? 200);
const players = Number(process.argv[3] ?? 5000);

async function concurrentCheckIns(n: number): Promise<void> {
  const t0 = Date.UTC(2026, 10, 28, 17, 0);
  const server = await startLocal({ port: 0, clock: new ManualClock(t0) });
  const post = async (path: string, token: string | undefined, body?: unknown) => {
    const res = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': 'application/json' },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, body: (await res.json()) as Record<string, string> };
  };
  try {
    const created = await post('/v1/tournaments', undefined, {
      variant: 'schafkopf',
      startsAt: new Date(t0 + 3_600_000).toISOString(),
    });
    const U = created.body['tournamentId']!;
    const ORG = created.body['organiserKey']!;
    const waves = [20, 100, n];
    const ids: [string, string][] = [];
    for (let i = 0; i < waves.reduce((a, b) => a + b, 0); i++) {
      const r = await post(`/v1/tournaments/${U}/players`, ORG, { name: `P${i}` });
      ids.push([r.body['playerId']!, r.body['playerToken']!]);
    }
    let from = 0;
    for (const wave of waves) {
      // Each wave checks in players not checked in yet: every request is a write.
      const started = performance.now();
      const cpu0 = process.cpuUsage();
      const batch = ids.slice(from, from + wave);
      from += wave;
      const statuses = await Promise.all(
        batch.map(([id, token]) => post(`/v1/tournaments/${U}/players/${id}/check-in`, token)),
      );
      const cpu = process.cpuUsage(cpu0);
      const busy = statuses.filter((s) => s.status === 409).length;
      console.log(
        `${wave} concurrent check-ins: ${busy} × 409 (${((100 * busy) / wave).toFixed(1)} %), others ${[
          ...new Set(statuses.map((s) => s.status)),
        ].join(
          '/',
        )}, wall ${(performance.now() - started).toFixed(0)} ms, CPU ${((cpu.user + cpu.system) / 1000 / wave).toFixed(1)} ms per check-in`,
      );
    }
  } finally {
    await server.close();
  }
}

function bigDraw(n: number): void {
  const cfg = T.resolveConfig({ variant: 'schafkopf', startsAt: 0, rounds: 2, dealsPerRound: 32 });
  let state: T.TournamentState | null = null;
  const apply = (c: T.TournamentCommand): T.TournamentEvent[] => {
    const d = T.decideTournament(c, state);
    if (!d.ok) throw new Error(d.error.message);
    for (const e of d.events) state = T.evolveTournament(state, e);
    return [...d.events];
  };
  apply({ type: 'CreateTournament', tournamentId: 'ubench', config: cfg, commitment: 'c' });
  for (let i = 0; i < n; i++) {
    const playerId = `p${i.toString(36).padStart(11, '0')}`;
    apply({ type: 'RegisterPlayer', playerId, name: `Player ${i}`, via: 'organiser' });
    apply({ type: 'CheckIn', playerId });
  }
  const report = (what: string, events: readonly T.TournamentEvent[], ms: number): void => {
    const bytes = Buffer.byteLength(JSON.stringify(events));
    // As the DynamoDB adapter stores it (functions/adapters/dynamodb/tournament-store.ts): items under 300 KB each.
    const items = splitEvents(events).map((g) => Buffer.byteLength(JSON.stringify(g)));
    const frames = tournamentFrames(
      { tournamentId: 'ubench', version: 1 },
      events.map((event, i) => ({ seq: i + 1, event })),
    ).map((f) => Buffer.byteLength(JSON.stringify(f)));
    const kb = (b: number): string => `${(b / 1024).toFixed(0)} KB`;
    console.log(
      `${n} players, ${what}: ${ms.toFixed(0)} ms; commit ${kb(bytes)} in ${events.length} events, stored as ` +
        `${items.length} item(s), largest ${kb(Math.max(...items))} (limit 400 KB: ${Math.max(...items) < 400 * 1024 ? 'fits' : 'EXCEEDS'}); ` +
        `pushed as ${frames.length} frame(s), largest ${kb(Math.max(...frames))} (limit 128 KB: ${Math.max(...frames) < 128 * 1024 ? 'fits' : 'EXCEEDS'})`,
    );
  };
  let t0 = performance.now();
  // The draw published ahead (to print the seating plan); the round start then takes it as it stands.
  const published = apply({ type: 'DrawRound', round: 1, drawSeed: 'ahead', by: { kind: 'organiser' } });
  report('draw published ahead', published, performance.now() - t0);
  t0 = performance.now();
  const started = apply({ type: 'StartRound', round: 1, drawSeed: 'bench', at: 1 });
  report('draw + round start', started, performance.now() - t0);
  const tables = (state as T.TournamentState | null)?.rounds[0]?.tables ?? [];
  for (const t of tables.slice(0, -1)) apply({ type: 'FinishTable', round: 1, table: t.table, deals: [], at: 2 });
  t0 = performance.now();
  const last = tables[tables.length - 1];
  if (last === undefined) return;
  const ended = apply({ type: 'FinishTable', round: 1, table: last.table, deals: [], at: 3 });
  report('last table → round end + list', ended, performance.now() - t0);
}

if (checkIns > 0) await concurrentCheckIns(checkIns);
for (const n of [1500, players]) bigDraw(n);
