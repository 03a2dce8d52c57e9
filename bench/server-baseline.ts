import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type TableState, asSeat, decide, evolve, shuffledDeckFor, view } from '../engine/index.js';

/**
 * The baseline for bench/server.ts: a minimal in-memory server of the same game over plain node:http — the engine's
 * decide/evolve/view on a Map, no store, no auth, no redaction of the stream. It answers the same three calls the
 * benchmark's REST clients make, so the ratio (server CPU per move) holds on a noisy machine.
 */
const tables = new Map<string, TableState>();
let next = 0;

const json = (res: import('node:http').ServerResponse, status: number, body: unknown): void => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

function startDeal(s: TableState, seed: string): TableState {
  const d = decide({ type: 'StartDeal', deck: shuffledDeckFor(s, seed) }, s);
  if (!d.ok) throw new Error(d.error.code);
  return d.events.reduce<TableState>((x, e) => evolve(x, e), s);
}

const server = createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    const url = new URL(req.url ?? '/', 'http://x');
    const parts = url.pathname.split('/').filter(Boolean);
    if (req.method === 'POST' && parts.length === 1) {
      const opened = decide({ type: 'OpenTable', variant: 'schafkopf', seats: 4 }, null);
      if (!opened.ok) return json(res, 500, {});
      const s = opened.events.reduce<TableState | null>((x, e) => evolve(x, e), null)!;
      const id = `b${next++}`;
      tables.set(id, startDeal(s, `${id}-1`));
      return json(res, 201, { tableId: id });
    }
    const s = tables.get(parts[1] ?? '');
    if (s === undefined) return json(res, 404, {});
    if (req.method === 'GET') {
      const seat = url.searchParams.get('seat');
      return json(res, 200, {
        view: view(s, seat === null ? { kind: 'spectator' } : { kind: 'seat', seat: asSeat(Number(seat)) }),
      });
    }
    const { seat, action } = JSON.parse(body) as { seat: number; action: unknown };
    const d = decide({ type: 'Act', seat, action }, s);
    if (!d.ok) return json(res, 422, { code: d.error.code });
    let after = d.events.reduce<TableState>((x, e) => evolve(x, e), s);
    if (after.deal?.over === true) after = startDeal(after, `${parts[1]}-${after.dealNo + 1}`);
    tables.set(parts[1]!, after);
    return json(res, 200, { events: d.events.length });
  });
});
server.listen(0, '127.0.0.1', () => {
  console.log(`baseline on http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
