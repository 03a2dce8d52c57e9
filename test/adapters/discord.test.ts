import { generateKeyPairSync, sign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, startLocal } from '../../local/server.js';
import { ChatGame, MemoryKeyValue } from '../../adapters/core/game.js';
import { EPHEMERAL, discordHandler } from '../../adapters/discord/interactions.js';
import { createClient } from '../../sdk/index.js';

let server: LocalServer;
let handler: (req: Request) => Promise<Response>;
let game: ChatGame;
/** Follow-up messages the app posted (Discord's webhook endpoint, recorded). */
const followUps: { app: string; token: string; body: { content: string; flags?: number } }[] = [];
const keys = generateKeyPairSync('ed25519');
const publicKey = keys.publicKey.export({ format: 'der', type: 'spki' }).subarray(-32).toString('hex');
const other = generateKeyPairSync('ed25519');

beforeAll(async () => {
  server = await startLocal({ port: 0 });
  game = new ChatGame({
    client: createClient({ baseUrl: server.url }),
    store: new MemoryKeyValue(),
  });
  handler = discordHandler({
    publicKey,
    game,
    followUp: async (app, token, body) => {
      followUps.push({ app, token, body: body as { content: string; flags?: number } });
    },
  });
});
afterAll(async () => {
  await server.close();
});

/** A request as Discord sends it: Ed25519 over timestamp + raw body, hex in X-Signature-Ed25519. */
function signed(body: unknown, key = keys.privateKey, opts: { tamper?: boolean } = {}): Request {
  const raw = JSON.stringify(body);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = sign(null, Buffer.from(timestamp + raw), key).toString('hex');
  return new Request('http://localhost/discord/interactions', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-signature-ed25519': signature,
      'x-signature-timestamp': timestamp,
    },
    body: opts.tamper ? raw.replace('"type":1', '"type":2') : raw,
  });
}

interface Msg {
  type: number;
  data: { content: string; flags?: number; components?: { components: { custom_id: string; label: string }[] }[] };
}
const user = { id: 'u1', username: 'sepp', global_name: 'Sepp' };
const command = (name: string, options: unknown[] = [], channel = 'c1') => ({
  type: 2,
  application_id: 'app1',
  token: 'itoken',
  channel_id: channel,
  locale: 'de',
  member: { user },
  data: { name: 'schafkopf', options: [{ type: 1, name, options }] },
});
const button = (custom_id: string, channel = 'c1') => ({
  type: 3,
  application_id: 'app1',
  token: 'itoken',
  channel_id: channel,
  locale: 'de',
  member: { user },
  data: { custom_id },
});
const send = async (body: unknown): Promise<Msg> => {
  const res = await handler(signed(body));
  expect(res.status).toBe(200);
  return (await res.json()) as Msg;
};

describe('Discord interactions endpoint', () => {
  it('answers a correctly signed PING with PONG', async () => {
    const res = await handler(signed({ type: 1 }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ type: 1 });
  });

  it('refuses a bad signature, a tampered body, another key and missing headers with 401', async () => {
    expect((await handler(signed({ type: 1 }, other.privateKey))).status).toBe(401);
    expect((await handler(signed({ type: 1 }, keys.privateKey, { tamper: true }))).status).toBe(401);
    const req = signed({ type: 1 });
    const stripped = new Request(req.url, { method: 'POST', body: await req.text() });
    expect((await handler(stripped)).status).toBe(401);
  });

  it('plays a whole deal through /schafkopf new, join, bots and the move buttons, hands only ephemeral', async () => {
    const created = await send(command('new'));
    expect(created.data.content).toMatch(/schafkopf-Tisch/);
    const joined = await send(command('join'));
    expect(joined.data.content).toContain('Sepp');
    await send(command('bots'));
    let moves = 0;
    let paged = 0;
    for (let i = 0; i < 200; i++) {
      await server.idle();
      const hand = await send(button('hand'));
      expect(hand.data.flags).toBe(EPHEMERAL);
      let buttons = (hand.data.components ?? []).flatMap((r) => r.components);
      // A list longer than one page: turn the pages; every legal move gets a button exactly once.
      const legal = (await game.hand('c1', 'u1', 'de')).moves ?? [];
      for (let next = buttons.find((b) => /^pg:/.test(b.custom_id) && /mehr/.test(b.label)); next !== undefined;) {
        const page = await send(button(next.custom_id));
        expect(page.type).toBe(7);
        const more = (page.data.components ?? []).flatMap((r) => r.components);
        buttons = [...buttons, ...more];
        next = more.find((b) => /^pg:/.test(b.custom_id) && /mehr/.test(b.label));
        paged++;
      }
      buttons = buttons.filter((b) => /^mv:/.test(b.custom_id));
      expect(buttons.map((b) => Number(b.custom_id.split(':')[1]))).toEqual(legal.map((m) => m.index));
      const status = await send(command('status'));
      expect(status.data.flags).toBeUndefined();
      if ((await game.organiserView('c1'))!.view.dealNo >= 2) break;
      if (buttons.length === 0) continue;
      // The first move that is not a doubling: a bid or a card.
      const pick = buttons.find((b) => !['knock', 'kontra', 're', 'weiter'].includes(b.label)) ?? buttons[0]!;
      const played = await send(button(pick.custom_id));
      expect(played.data.flags, played.data.content).toBeUndefined();
      expect(played.data.content).toContain(`Sepp: ${pick.label}`);
      moves++;
    }
    expect(moves).toBeGreaterThanOrEqual(8);
    // The opening bid of a Schafkopf deal lists more moves than one page holds.
    expect(paged).toBeGreaterThanOrEqual(1);
    // The deal was settled: the totals moved and still add up to zero.
    const totals = (await game.organiserView('c1'))!.view.totals.map(Number);
    expect(totals.reduce((a, b) => a + b, 0)).toBe(0);
    expect(totals.some((t) => t !== 0)).toBe(true);
  });

  it('a stale button answers privately with the current hand, and /play by text works', async () => {
    await send(command('new'));
    await send(command('join'));
    await send(command('bots'));
    await server.idle();
    const stale = await send(button('mv:0:1'));
    expect(stale.data.flags).toBe(EPHEMERAL);
    expect(stale.data.content).toMatch(/veraltet/);
    const wrong = await send(command('play', [{ type: 3, name: 'move', value: 'Blödsinn' }]));
    expect(wrong.data.flags).toBe(EPHEMERAL);
    expect(wrong.data.content).toMatch(/verstehe|Geht nicht/);
  });

  it('a burial shows in the channel without its cards; the mover gets them in an ephemeral follow-up', async () => {
    await send(command('new', [{ type: 3, name: 'variant', value: 'sheepshead' }], 'c3'));
    await send(command('join', [], 'c3'));
    await send(command('bots', [], 'c3'));
    await server.idle();
    // Seat 0 is asked first in deal 1: pick up the blind, then bury two cards.
    const pick = (await game.hand('c3', 'u1', 'de')).moves?.find((m) => m.label === 'aufnehmen');
    expect(pick).toBeDefined();
    await send(button(`mv:${pick!.index}:${pick!.version}`, 'c3'));
    const bury = (await game.hand('c3', 'u1', 'de')).moves?.find((m) => /^vergraben /.test(m.label));
    expect(bury).toBeDefined();
    const before = followUps.length;
    const line = await send(button(`mv:${bury!.index}:${bury!.version}`, 'c3'));
    expect(line.data.flags).toBeUndefined();
    expect(line.data.content).toBe('Sepp: vergraben');
    expect(followUps.slice(before)).toEqual([
      { app: 'app1', token: 'itoken', body: { content: bury!.label, flags: EPHEMERAL } },
    ]);
  });
});
