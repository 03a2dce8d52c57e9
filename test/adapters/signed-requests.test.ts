import { createHmac, generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ChatGame } from '../../adapters/core/game.js';
import { discordHandler } from '../../adapters/discord/interactions.js';
import { MAX_BODY_BYTES, slackHandler } from '../../adapters/slack/slack.js';

/**
 * What the chat endpoints do before a request's signature is trusted: Discord refuses a signed request whose timestamp
 * is more than five minutes off (a captured request replayed later); Slack and Discord refuse a body larger than the
 * limit (adapters/core/body-limit.ts) after reading no more than the limit. None of it reaches the game (a game that
 * throws on any use stands in for it).
 */

const NOW = Date.UTC(2026, 10, 28, 17, 0);
const untouchable = new Proxy({} as ChatGame, {
  get: () => {
    throw new Error('the game must not be reached');
  },
});

describe('bug: Discord interactions accepted any timestamp (a captured request replayed for ever)', () => {
  const keys = generateKeyPairSync('ed25519');
  const publicKey = keys.publicKey.export({ format: 'der', type: 'spki' }).subarray(-32).toString('hex');
  const handler = discordHandler({ publicKey, game: untouchable, now: () => NOW });
  const ping = (timestamp: string): Request => {
    const raw = JSON.stringify({ type: 1 });
    const signature = sign(null, Buffer.from(timestamp + raw), keys.privateKey).toString('hex');
    return new Request('http://localhost/discord/interactions', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-signature-ed25519': signature,
        'x-signature-timestamp': timestamp,
      },
      body: raw,
    });
  };
  const at = (ms: number): string => String(Math.floor(ms / 1000));

  it('a correctly signed request within five minutes is answered; older or newer ones are refused with 401', async () => {
    expect((await handler(ping(at(NOW)))).status).toBe(200);
    expect((await handler(ping(at(NOW - 299_000)))).status).toBe(200);
    expect((await handler(ping(at(NOW - 301_000)))).status).toBe(401);
    expect((await handler(ping(at(NOW - 86_400_000)))).status).toBe(401);
    expect((await handler(ping(at(NOW + 301_000)))).status).toBe(401);
    expect((await handler(ping('yesterday'))).status).toBe(401);
  });
});

describe('bug: the Slack endpoint read whole unsigned bodies', () => {
  const SECRET = 'slack-signing-secret';
  const handler = slackHandler({ signingSecret: SECRET, game: untouchable, now: () => NOW });
  const ts = String(Math.floor(NOW / 1000));
  const signature = (body: string): string =>
    `v0=${createHmac('sha256', SECRET).update(`v0:${ts}:${body}`).digest('hex')}`;

  /** A body of `total` bytes that counts what the server pulls (no Content-Length: it arrives as a stream). */
  function streamed(total: number): { req: Request; pulled: () => number } {
    let sent = 0;
    const chunk = new TextEncoder().encode('text='.padEnd(16 * 1024, 'x'));
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= total) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const req = new Request('http://localhost/slack', {
      method: 'POST',
      headers: { 'x-slack-request-timestamp': ts, 'x-slack-signature': signature('') },
      body,
      duplex: 'half',
    } as RequestInit);
    return { req, pulled: () => sent };
  }

  it('a body over the limit is refused with 413 problem+json naming the limit, after reading at most the limit', async () => {
    const { req, pulled } = streamed(64 * 1024 * 1024);
    const res = await handler(req);
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(await res.json()).toMatchObject({ status: 413, code: 'request/too_large', limit: MAX_BODY_BYTES });
    expect(pulled()).toBeLessThanOrEqual(MAX_BODY_BYTES + 2 * 16 * 1024);
  });

  it('a declared Content-Length over the limit is refused before reading; a small unsigned body is a 401', async () => {
    const big = new Request('http://localhost/slack', {
      method: 'POST',
      headers: { 'content-length': String(MAX_BODY_BYTES + 1), 'x-slack-request-timestamp': ts },
      body: 'x'.repeat(MAX_BODY_BYTES + 1),
    });
    expect((await handler(big)).status).toBe(413);
    const small = new Request('http://localhost/slack', {
      method: 'POST',
      headers: { 'x-slack-request-timestamp': ts, 'x-slack-signature': 'v0=00' },
      body: 'command=%2Fschafkopf&text=status',
    });
    expect((await handler(small)).status).toBe(401);
  });
});

describe('bug: the Discord interactions endpoint read whole unsigned bodies', () => {
  const keys = generateKeyPairSync('ed25519');
  const publicKey = keys.publicKey.export({ format: 'der', type: 'spki' }).subarray(-32).toString('hex');
  const handler = discordHandler({ publicKey, game: untouchable, now: () => NOW });
  const ts = String(Math.floor(NOW / 1000));
  const headers = { 'content-type': 'application/json', 'x-signature-ed25519': '00', 'x-signature-timestamp': ts };

  /** A body of `total` bytes that counts what the server pulls (no Content-Length: it arrives as a stream). */
  function streamed(total: number): { req: Request; pulled: () => number } {
    let sent = 0;
    const chunk = new TextEncoder().encode('{"type":1,"x":"'.padEnd(16 * 1024, 'x'));
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= total) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const req = new Request('http://localhost/discord/interactions', {
      method: 'POST',
      headers,
      body,
      duplex: 'half',
    } as RequestInit);
    return { req, pulled: () => sent };
  }

  it('a body over the limit is refused with 413 problem+json naming the limit, after reading at most the limit', async () => {
    const { req, pulled } = streamed(64 * 1024 * 1024);
    const res = await handler(req);
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(await res.json()).toMatchObject({ status: 413, code: 'request/too_large', limit: MAX_BODY_BYTES });
    expect(pulled()).toBeLessThanOrEqual(MAX_BODY_BYTES + 2 * 16 * 1024);
  });

  it('a declared Content-Length over the limit is refused before reading; a small badly signed body is a 401', async () => {
    const big = new Request('http://localhost/discord/interactions', {
      method: 'POST',
      headers: { ...headers, 'content-length': String(MAX_BODY_BYTES + 1) },
      body: 'x'.repeat(MAX_BODY_BYTES + 1),
    });
    const refused = await handler(big);
    expect(refused.status).toBe(413);
    expect(await refused.json()).toMatchObject({ code: 'request/too_large', limit: MAX_BODY_BYTES });
    const small = new Request('http://localhost/discord/interactions', {
      method: 'POST',
      headers,
      body: JSON.stringify({ type: 1 }),
    });
    expect((await handler(small)).status).toBe(401);
  });
});
