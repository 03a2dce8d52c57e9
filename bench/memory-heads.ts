/**
 * What the head cache (functions/use-cases/head-cache.ts) can pin: `node --expose-gc --import tsx bench/memory-heads.ts`
 *
 * Plays one real table (startLocal) to late in its first deal, takes its cached head, and fills a HeadCache with 5,000
 * copies (5,000 busy tables — what the count bound alone allowed) once with the count bound only and once with the
 * commit budget (default 20,000 commits). Prints the heap held after a full GC for each.
 */
import { startLocal } from '../local/server.js';
import { HeadCache } from '../functions/use-cases/head-cache.js';
import type { Loaded } from '../functions/use-cases/table-stream.js';

const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('run with node --expose-gc');
const heapMb = (): number => {
  gc();
  gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
};
const at = process.argv.indexOf('--moves');
const MOVES = at < 0 ? 30 : Number(process.argv[at + 1]);

const server = await startLocal({ port: 0 });
/** The few response fields this script reads. */
interface Reply {
  readonly tableId?: string;
  readonly seatToken?: string;
  readonly view?: { readonly deal?: { readonly toAct?: number[] } | null; readonly legalActions?: { type: string }[] };
}
const call = async (method: string, path: string, body?: unknown, token?: string): Promise<Reply> => {
  const res = await fetch(server.url + path, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token !== undefined ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return (await res.json()) as Reply;
};
const t = await call('POST', '/v1/tables', { variant: 'schafkopf', seats: 4 });
const tokens: string[] = [];
for (let s = 0; s < 4; s++)
  tokens.push(String((await call('POST', `/v1/tables/${t.tableId}/seats`, { seat: s })).seatToken));
for (let i = 0; i < MOVES; i++) {
  const seat = (await call('GET', `/v1/tables/${t.tableId}/view`)).view?.deal?.toAct?.[0];
  if (seat === undefined) break;
  const mine = await call('GET', `/v1/tables/${t.tableId}/view`, undefined, tokens[seat]);
  const legal = (mine.view?.legalActions ?? []).filter((a) => !['knock', 'kontra', 're'].includes(a.type));
  await call(
    'POST',
    `/v1/tables/${t.tableId}/actions`,
    { action: legal.find((a) => a.type !== 'pass') ?? legal[0] },
    tokens[seat],
  );
}
const heads = (server.runtime.service as unknown as { ctx: { heads: { get(id: string): Loaded | undefined } } }).ctx
  .heads;
const head = heads.get(String(t.tableId))!;
await server.close();
console.log(
  `one head: version ${head.version}, ${head.commits.length} commits, ${JSON.stringify(head).length} bytes as JSON`,
);

for (const [name, cache] of [
  ['count bound only (5,000 heads, before)', new HeadCache(5000, Number.POSITIVE_INFINITY)],
  ['count + commit budget (5,000 heads / 20,000 commits, after)', new HeadCache()],
] as const) {
  const before = heapMb();
  for (let i = 0; i < 5000; i++) cache.set(`t${i}`, structuredClone(head));
  const held = heapMb() - before;
  console.log(`${name}: ${cache.size().tables} heads, ${cache.size().commits} commits, ${held.toFixed(1)} MB heap`);
  for (let i = 0; i < 5000; i++) cache.drop(`t${i}`);
}
