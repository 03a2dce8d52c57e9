import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsFromEnv } from '../../functions/composition/config.js';
import { DEFAULT_RATE_LIMITS, RateLimiter } from '../../functions/edge/rate-limit.js';
import { type LocalServer, startLocal } from '../../local/server.js';
import { WsClient } from '../realtime/ws-client.js';
import { type Api, apiClient } from '../support/functions/client.js';
import { type ViewBody, createTable, scriptedChoice, seatEveryone, viewAs } from '../support/functions/play.js';

/** A clock the test moves by hand: buckets refill only when it says so (no sleeping). */
let clock = 1_000_000;
const now = (): number => clock;

let server: LocalServer;
let api: Api;

beforeAll(async () => {
  // Small per-principal buckets, a generous per-address one (every test client is 127.0.0.1).
  server = await startLocal({
    port: 0,
    rateLimitClock: now,
    rateLimits: { principal: { burst: 8, perSecond: 1 }, address: { burst: 2000, perSecond: 100 } },
  });
  api = apiClient(server.url);
});
afterAll(async () => {
  await server.close();
});

describe('per-client rate limits', () => {
  it('one greedy client gets 429s with Retry-After while the other clients’ moves still succeed', async () => {
    const { tableId, organiserKey } = await createTable(api, { variant: 'schafkopf', seats: 4 });
    const seats = await seatEveryone(api, tableId, 4);
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<Api['get']>> | undefined;
    // The organiser polls as fast as it can: 8 requests pass, the rest are refused without touching the table.
    for (let i = 0; i < 30; i++) {
      const res = await api.get(`/v1/tables/${tableId}/view`, { token: organiserKey });
      statuses.push(res.status);
      if (res.status === 429) limited ??= res;
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(8);
    expect(statuses.filter((s) => s === 429)).toHaveLength(22);
    expect(limited!.body).toMatchObject({ status: 429, code: 'request/rate_limited', retryAfter: 1 });
    expect(limited!.contentType).toMatch(/^application\/problem\+json/);
    const raw = await fetch(`${server.url}/v1/tables/${tableId}/view`, {
      headers: { authorization: `Bearer ${organiserKey}` },
    });
    expect(raw.status).toBe(429);
    expect(raw.headers.get('retry-after')).toBe('1');

    // Meanwhile the players act, each with its own bucket: every move is accepted.
    let version = (await viewAs(api, tableId)).version;
    for (let move = 0; move < 4; move++) {
      const toAct = (await viewAs(api, tableId)).view.deal!.toAct[0]!;
      const mover = seats.find((s) => s.seat === toAct)!;
      const mine: ViewBody = await viewAs(api, tableId, mover.token);
      const res = await api.post<{ version: number }>(`/v1/tables/${tableId}/actions`, {
        token: mover.token,
        body: { action: scriptedChoice(mine.view.legalActions), expectedVersion: mine.version },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.version).toBeGreaterThan(version);
      version = res.body.version;
    }
    // Still refused until the clock moves; one second later one token is back.
    expect((await api.get(`/v1/tables/${tableId}/view`, { token: organiserKey })).status).toBe(429);
    clock += 1000;
    expect((await api.get(`/v1/tables/${tableId}/view`, { token: organiserKey })).status).toBe(200);
    expect((await api.get(`/v1/tables/${tableId}/view`, { token: organiserKey })).status).toBe(429);
  });

  it('over WebSocket: a greedy connection gets 429 error frames, another seat still acts', async () => {
    const { tableId } = await createTable(api, { variant: 'schafkopf', seats: 4 });
    const seats = await seatEveryone(api, tableId, 4);
    clock += 60_000;
    const toAct = (await viewAs(api, tableId)).view.deal!.toAct[0]!;
    const mover = seats.find((s) => s.seat === toAct)!;
    const greedy = seats.find((s) => s.seat !== toAct)!;
    const g = await WsClient.connect(server.wsUrl, { tableId, token: greedy.token });
    const m = await WsClient.connect(server.wsUrl, { tableId, token: mover.token });
    const replies = [];
    for (let i = 0; i < 15; i++) replies.push(await g.request({ action: 'ping' }));
    expect(replies.filter((r) => r.type === 'pong')).toHaveLength(8);
    expect(replies.filter((r) => r.type === 'error')).toHaveLength(7);
    expect(replies.find((r) => r.type === 'error')).toMatchObject({
      status: 429,
      code: 'request/rate_limited',
      retryAfter: 1,
    });
    const mine = await viewAs(api, tableId, mover.token);
    const result = await m.request({ action: 'act', move: scriptedChoice(mine.view.legalActions) });
    expect(result.type, JSON.stringify(result)).toBe('result');
    expect(g.closed).toBeUndefined();
    await g.close();
    await m.close();
  });

  it('per source address: anonymous requests and WebSocket handshakes share one bucket per address', async () => {
    const local = await startLocal({
      port: 0,
      rateLimitClock: now,
      rateLimits: { principal: { burst: 100, perSecond: 10 }, address: { burst: 3, perSecond: 1 } },
    });
    try {
      const anon = apiClient(local.url);
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await anon.get('/v1/tables')).status);
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      // The handshake is refused like API Gateway refuses $connect: the status of the $connect answer.
      await expect(WsClient.connect(local.wsUrl, { tableId: 'tnonexistent0' })).rejects.toMatchObject({ status: 429 });
      clock += 2000;
      expect((await anon.get('/v1/tables')).status).toBe(200);
    } finally {
      await local.close();
    }
  });

  it('limits count cost, not requests: a table costs 10 tokens, a read 1', async () => {
    const local = await startLocal({
      port: 0,
      rateLimitClock: now,
      rateLimits: { principal: { burst: 100, perSecond: 10 }, address: { burst: 30, perSecond: 1 } },
    });
    try {
      const anon = apiClient(local.url);
      const create = () => anon.post('/v1/tables', { body: { variant: 'schafkopf', seats: 4 } });
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await create()).status);
      // Three tables empty the bucket of 30: the fourth is refused, and so is a read now.
      expect(statuses).toEqual([201, 201, 201, 429]);
      expect((await anon.get('/v1/tables')).status).toBe(429);
      // Two seconds refill two tokens: reads pass again, a table (10 tokens) waits, its Retry-After saying how long.
      clock += 2000;
      expect((await anon.get('/v1/tables')).status).toBe(200);
      const refused = await create();
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: 'request/rate_limited', retryAfter: 9 });
      clock += 9000;
      expect((await create()).status).toBe(201);
    } finally {
      await local.close();
    }
  });

  it('memory stays bounded: the least recently used buckets are dropped', () => {
    const limiter = new RateLimiter(
      { principal: { burst: 1, perSecond: 1 }, address: { burst: 1, perSecond: 1 }, maxKeys: 100 },
      now,
    );
    for (let i = 0; i < 10_000; i++) limiter.check({ token: `st_${i}`, address: `10.0.${i >> 8}.${i & 255}` });
    expect(limiter.size).toBe(100);
  });

  it('RATE_LIMITS: the defaults on Lambda, `off`, or explicit buckets; a typo is refused', () => {
    expect(settingsFromEnv({}).rateLimits).toEqual(DEFAULT_RATE_LIMITS);
    expect(settingsFromEnv({ RATE_LIMITS: 'off' }).rateLimits).toBeUndefined();
    expect(settingsFromEnv({ RATE_LIMITS: 'principal=3/0.5' }).rateLimits).toEqual({
      ...DEFAULT_RATE_LIMITS,
      principal: { burst: 3, perSecond: 0.5 },
    });
    expect(() => settingsFromEnv({ RATE_LIMITS: 'principle=3/1' })).toThrow(/RATE_LIMITS/);
  });
});
