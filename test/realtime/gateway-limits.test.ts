import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CLIENT_FRAME_BYTES } from '../../local/gateway.js';
import type { LocalServer } from '../../local/server.js';
import type { Api } from '../support/functions/client.js';
import { startServer } from '../support/functions/play.js';
import { seatedTable, subscribed } from './helpers.js';

let server: LocalServer;
let api: Api;

beforeAll(async () => {
  ({ server, api } = await startServer());
});
afterAll(async () => {
  await server.close();
});

describe('local gateway: as closed as API Gateway', () => {
  it('bug: the @connections management API answered anyone on the API port; now only the server’s own endpoint', async () => {
    const { tableId, seats } = await seatedTable(api);
    const victim = await subscribed(server, tableId, seats[0]!.token);
    const [id] = server.gateway.connectionIds();
    const frames = victim.frames.length;
    const guesses = [
      `/local/@connections/${id}`,
      `/@connections/${id}`,
      `/local/%40connections/${id}`,
      `/_gateway/not-the-secret/local/@connections/${id}`,
    ];
    for (const path of guesses) {
      for (const method of ['POST', 'DELETE', 'GET']) {
        const res = await fetch(`${server.url}${path}`, {
          method,
          ...(method === 'POST' ? { body: '{"type":"events","forged":true}' } : {}),
        });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect((await res.json()) as unknown, `${method} ${path}`).toMatchObject({ code: 'route/not_found' });
      }
    }
    // Nothing was injected and nobody was disconnected; the server's own endpoint still works.
    expect(victim.frames.length).toBe(frames);
    expect(victim.closed).toBeUndefined();
    expect(server.gateway.endpoint).toMatch(/\/_gateway\/[A-Za-z0-9_-]{32}\/local$/);
    const own = await fetch(`${server.gateway.endpoint}/@connections/${id}`);
    expect(own.status).toBe(200);
    await victim.close();
  });

  it('closes a connection with 1009 on a client frame over 32 KB, as API Gateway does; 32 KB still passes', async () => {
    const { tableId, seats } = await seatedTable(api);
    const c = await subscribed(server, tableId, seats[0]!.token);
    const pad = (bytes: number): string => {
      const shell = '{"action":"ping","requestId":"big","pad":""}';
      return shell.replace('"pad":""', `"pad":"${'x'.repeat(bytes - shell.length)}"`);
    };
    // At the limit: the handler answers (an unknown field), the socket stays open.
    c.socket.send(pad(MAX_CLIENT_FRAME_BYTES));
    await c.until(() => c.frames.some((f) => f.requestId === 'big'));
    expect(c.frames.find((f) => f.requestId === 'big')).toMatchObject({ type: 'error', status: 400, field: 'pad' });
    expect(c.closed).toBeUndefined();
    c.socket.send(pad(MAX_CLIENT_FRAME_BYTES + 1));
    await c.until(() => c.closed !== undefined);
    expect(c.closed?.code).toBe(1009);
  });
});
