/**
 * Turn-clock accuracy on the real clock (docs/due-work.md): `npx tsx bench/timer-accuracy.ts [-- --deadlines 20]`.
 * A table with `clock.turnSeconds: 1` and a player who never acts (three bots, timeouts never mark the seat absent):
 * for every `TurnTimedOut` commit, how late it was written after its deadline (the previous commit's time + 1 s).
 */
import { startLocal } from '../local/server.js';

const i = process.argv.indexOf('--deadlines');
const N = i < 0 ? 20 : Number(process.argv[i + 1]);
const server = await startLocal({ port: 0 });
const post = async <T>(path: string, body: unknown): Promise<T> =>
  (await (
    await fetch(server.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  ).json()) as T;
const t = await post<{ tableId: string }>('/v1/tables', {
  variant: 'schafkopf',
  seats: 4,
  bots: [1, 2, 3],
  clock: { turnSeconds: 1, timeoutsUntilAbsent: 100 },
});
await post(`/v1/tables/${t.tableId}/seats`, { seat: 0 });
const late: number[] = [];
while (late.length < N) {
  await new Promise((r) => setTimeout(r, 500));
  const commits = await server.runtime.store.range(t.tableId, 1, 1_000_000);
  late.length = 0;
  commits.forEach((c, k) => {
    const prev = commits[k - 1];
    if (prev !== undefined && c.events.some((e) => e.type === 'TurnTimedOut')) late.push(c.at - (prev.at + 1000));
  });
}
const s = [...late].sort((a, b) => a - b);
console.log(
  `${late.length} deadlines of 1 s: written late by p50 ${s[Math.floor(s.length / 2)]} ms, max ${s[s.length - 1]} ms, min ${s[0]} ms`,
);
await server.close();
