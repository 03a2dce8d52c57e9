import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, startLocal } from '../../local/server.js';
import { firstBot } from '../../sdk/examples/first-bot.js';

let server: LocalServer;
beforeAll(async () => {
  server = await startLocal({ port: 0 });
});
afterAll(async () => {
  await server.close();
});

describe('docs/chat-bots.md step 1 (sdk/examples/first-bot.ts)', () => {
  it('plays a whole deal over the SDK socket and ends with a zero-sum payout', async () => {
    const out = await firstBot(server.url);
    expect(out.payout).toHaveLength(4);
    expect(out.payout.reduce((a, b) => a + b, 0)).toBe(0);
  });
});
