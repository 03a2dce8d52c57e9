import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalServer } from '../../local/server.js';
import type { Api } from '../support/functions/client.js';
import { allEvents, startServer } from '../support/functions/play.js';
import { seatedTable, subscribed } from './helpers.js';
import { WsClient } from './ws-client.js';

let server: LocalServer;
let api: Api;

beforeAll(async () => {
  ({ server, api } = await startServer());
});
afterAll(async () => {
  await server.close();
});

const nested = (levels: number): string => '['.repeat(levels) + '"EO"' + ']'.repeat(levels);

/** Send a raw text message and wait for the error frame answering `requestId`. */
async function rawRequest(c: WsClient, text: string, requestId: string): Promise<Record<string, unknown>> {
  c.socket.send(text);
  await c.until(() => c.frames.some((f) => f.requestId === requestId));
  return c.frames.find((f) => f.requestId === requestId) as unknown as Record<string, unknown>;
}

describe('hostile WebSocket messages: a 4xx error frame naming the field, nothing written', () => {
  it('bug: a 5,000-level nested `act` move was an internal error; now 400 request/too_deep naming move.cards', async () => {
    const { tableId, seats } = await seatedTable(api);
    const c = await subscribed(server, tableId, seats[0]!.token);
    const before = await allEvents(api, tableId);
    const text = `{"action":"act","requestId":"deep","move":{"type":"bury","cards":${nested(5000)}}}`;
    expect(text.length).toBeLessThan(11_000);
    expect(await rawRequest(c, text, 'deep')).toMatchObject({
      type: 'error',
      status: 400,
      code: 'request/too_deep',
      field: 'move.cards',
    });
    expect(
      await rawRequest(c, '{"action":"act","requestId":"proto","move":{"type":"pass","__proto__":{}}}', 'proto'),
    ).toMatchObject({ status: 400, code: 'request/invalid', field: 'move.__proto__' });
    await server.idle();
    expect(await allEvents(api, tableId)).toEqual(before);
    expect(c.closed).toBeUndefined();
    await c.close();
  });

  it('not_your_turn over WebSocket names whose turn it is', async () => {
    // Turn order under test: the old Klopfen timing (the default preset's knock phase lets every seat act at once).
    const { tableId, seats } = await seatedTable(api, { options: { knock: { timing: 'before-first-call' } } });
    const watcher = await subscribed(server, tableId, undefined);
    const toAct = watcher.view!.deal!.toAct;
    const idle = seats.find((s) => !toAct.includes(s.seat))!;
    const c = await subscribed(server, tableId, idle.token);
    const reply = await c.request({ action: 'act', move: { type: 'pass' } });
    expect(reply).toMatchObject({ type: 'error', status: 409, code: 'action/not_your_turn' });
    expect(String(reply.detail)).toContain(`to act: seat ${toAct[0]}`);
    for (const x of [c, watcher]) await x.close();
  });

  it('fuzzed hostile `act` messages: every one answered with a 4xx error frame, the log unchanged, the socket open', async () => {
    const { tableId, seats } = await seatedTable(api);
    const clients = await Promise.all(seats.map((s) => subscribed(server, tableId, s.token)));
    const before = await allEvents(api, tableId);
    let n = 0;
    const hostile = fc.oneof(
      fc.integer({ min: 33, max: 5000 }).map((d) => `"move":{"type":"bury","cards":${nested(d)}}`),
      fc.integer({ min: 33, max: 2000 }).map((d) => `"move":${'{"a":'.repeat(d)}1${'}'.repeat(d)}`),
      fc.constant('"move":{"type":"pass","__proto__":{"type":"play"}}'),
      fc.constant('"move":{"toString":1}'),
      fc.constant('"move":"__proto__"'),
      fc.constant('"move":{"type":"play","card":{"valueOf":1}}'),
      fc.constant('"move":{"type":"constructor"}'),
      fc.constant('"move":{"type":"pass"},"expectedVersion":{"valueOf":0}'),
      fc.constant('"move":{"type":"pass"},"tableId":"__proto__"'),
    );
    await fc.assert(
      fc.asyncProperty(hostile, fc.nat(3), async (fields, who) => {
        const rid = `h${++n}`;
        const frame = await rawRequest(clients[who]!, `{"action":"act","requestId":"${rid}",${fields}}`, rid);
        expect(frame.type, fields.slice(0, 80)).toBe('error');
        expect(frame.status as number, fields.slice(0, 80)).toBeGreaterThanOrEqual(400);
        expect(frame.status as number, fields.slice(0, 80)).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
    await server.idle();
    expect(await allEvents(api, tableId)).toEqual(before);
    for (const c of clients) expect(c.closed).toBeUndefined();
    for (const c of clients) await c.close();
  }, 60_000);
});
