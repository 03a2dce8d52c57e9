import { WebSocketServer, type WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SeqEvent, TableSocket } from '../../sdk/index.js';
import { checkClientMessage } from '../realtime/asyncapi.js';

/**
 * The client half of asyncapi.yaml's delivery contract, against a scripted server that loses a frame (the real
 * server never does on demand; test/sdk/client.test.ts covers reconnects against it).
 */
let wss: WebSocketServer;
let url: string;
let script: (ws: WebSocket, msg: { action: string; requestId?: string; after?: number }) => void;
const received: { action: string; after?: number }[] = [];

const ev = (seq: number): SeqEvent => ({ seq, event: { type: 'TableClosed' } });

beforeAll(async () => {
  wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((r) => wss.once('listening', r));
  url = `ws://127.0.0.1:${(wss.address() as { port: number }).port}/ws`;
  wss.on('connection', (ws) =>
    ws.on('message', (data) => {
      const msg = JSON.parse(String(data)) as { action: string; requestId?: string; after?: number };
      received.push(msg);
      script(ws, msg);
    }),
  );
});
afterAll(async () => {
  await new Promise((r) => wss.close(r));
});

describe('TableSocket resync by seq', () => {
  it('holds events after a gap, resyncs from its last seq, and delivers each event once in order', async () => {
    const send = (ws: WebSocket, frame: unknown) => ws.send(JSON.stringify(frame));
    script = (ws, msg) => {
      if (msg.action === 'subscribe') {
        send(ws, { type: 'subscribed', requestId: msg.requestId, tableId: 'tabl1', audience: 'spectator', version: 1 });
        // seq 1, then 3 and 4 (the frame with 2 was lost), then 1 again (a repeat).
        send(ws, { type: 'events', tableId: 'tabl1', version: 1, events: [ev(1)] });
        send(ws, { type: 'events', tableId: 'tabl1', version: 4, events: [ev(3), ev(4)] });
        send(ws, { type: 'events', tableId: 'tabl1', version: 4, events: [ev(1)] });
      }
      if (msg.action === 'resync')
        send(ws, {
          type: 'events',
          requestId: msg.requestId,
          tableId: 'tabl1',
          version: 4,
          events: [ev(2), ev(3)],
          next: null,
        });
      if (msg.action === 'ping') send(ws, { type: 'pong', requestId: msg.requestId, at: new Date(0).toISOString() });
    };
    const seen: number[] = [];
    const sock = await TableSocket.connect({ wsUrl: url, tableId: 'tabl1', onEvent: (e) => seen.push(e.seq) });
    await sock.request({ action: 'ping' });
    await sock.request({ action: 'ping' });
    expect(seen).toEqual([1, 2, 3, 4]);
    expect(sock.lastSeq).toBe(4);
    const resyncs = received.filter((m) => m.action === 'resync');
    expect(resyncs).toHaveLength(1);
    expect(resyncs[0]!.after).toBe(1);
    for (const m of received) expect(checkClientMessage(m)).toEqual([]);
    sock.close();
  });
});
