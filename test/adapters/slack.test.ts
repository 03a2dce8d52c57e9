import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, startLocal } from '../../local/server.js';
import { ChatGame, MemoryKeyValue } from '../../adapters/core/game.js';
import { slackHandler } from '../../adapters/slack/slack.js';
import { createClient } from '../../sdk/index.js';
import { receiver } from '../webhooks/harness.js';

const SECRET = '8f742231b10e8888abcd99yyyzzz85a5';
let server: LocalServer;
let slack: Awaited<ReturnType<typeof receiver>>;
let handler: (req: Request) => Promise<Response>;
let game: ChatGame;
const clock = Date.now();

beforeAll(async () => {
  server = await startLocal({ port: 0 });
  // Slack's side of response_url: a local server that records what the app posts.
  slack = await receiver(() => 200);
  game = new ChatGame({
    client: createClient({ baseUrl: server.url }),
    store: new MemoryKeyValue(),
  });
  handler = slackHandler({ signingSecret: SECRET, game, lang: 'en', now: () => clock, responseHosts: ['127.0.0.1'] });
});
afterAll(async () => {
  await slack.close();
  await server.close();
});

/** A request as Slack signs it: v0=hex(HMAC-SHA256(secret, "v0:ts:body")). */
function signed(body: string, opts: { secret?: string; ts?: number } = {}): Request {
  const ts = String(Math.floor((opts.ts ?? clock) / 1000));
  const sig = `v0=${createHmac('sha256', opts.secret ?? SECRET)
    .update(`v0:${ts}:${body}`)
    .digest('hex')}`;
  return new Request('http://localhost/slack/commands', {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-slack-request-timestamp': ts,
      'x-slack-signature': sig,
    },
    body,
  });
}

const slash = (text: string, user = 'U1', name = 'jim', channel = 'C1') =>
  new URLSearchParams({
    token: 'legacy',
    team_id: 'T1',
    channel_id: channel,
    user_id: user,
    user_name: name,
    command: '/schafkopf',
    text,
    response_url: `${slack.url}/commands/1234/abcd`,
    trigger_id: '13345224609.738474920.8088930838d88f008e0',
  }).toString();

const click = (actionId: string, value: string, user = 'U1') =>
  new URLSearchParams({
    payload: JSON.stringify({
      type: 'block_actions',
      user: { id: user, username: 'jim', name: 'jim', team_id: 'T1' },
      channel: { id: 'C1', name: 'cards' },
      actions: [{ action_id: actionId, block_id: 'moves_0', value, type: 'button', action_ts: '1' }],
      response_url: `${slack.url}/actions/1234/abcd`,
    }),
  }).toString();

interface Posted {
  response_type: string;
  text: string;
  blocks?: { type: string; elements?: { action_id: string; value: string; text: { text: string } }[] }[];
}
const postedSince = (n: number): Posted[] => slack.received.slice(n).map((r) => JSON.parse(r.body) as Posted);

describe('Slack slash commands and interactivity', () => {
  it('refuses a wrong signature, a missing one, and a replay older than five minutes with 401', async () => {
    expect((await handler(signed(slash('status'), { secret: 'wrong' }))).status).toBe(401);
    expect((await handler(new Request('http://localhost/', { method: 'POST', body: slash('status') }))).status).toBe(
      401,
    );
    const old = signed(slash('status'), { ts: clock - 301_000 });
    expect((await handler(old)).status).toBe(401);
    expect((await handler(signed(slash('status'), { ts: clock - 299_000 }))).status).toBe(200);
  });

  it('plays a whole deal: commands in the channel, hands and move buttons ephemeral through response_url', async () => {
    const created = await (await handler(signed(slash('new schafkopf')))).json();
    expect(created).toMatchObject({ response_type: 'in_channel', text: expect.stringMatching(/New schafkopf table/) });
    await handler(signed(slash('join')));
    await handler(signed(slash('bots')));
    let moves = 0;
    for (let i = 0; i < 100; i++) {
      await server.idle();
      const status = (await (await handler(signed(slash('status')))).json()) as Posted;
      expect(status.response_type).toBe('in_channel');
      if ((await game.organiserView('C1'))!.view.dealNo >= 2) break;
      const before = slack.received.length;
      const res = await handler(signed(click('hand', 'hand')));
      expect(res.status).toBe(200);
      const [hand] = postedSince(before);
      expect(hand!.response_type).toBe('ephemeral');
      const buttons = (hand!.blocks ?? []).flatMap((b) => b.elements ?? []);
      if (buttons.length === 0) continue;
      const pick = buttons.find((b) => !['knock', 'kontra', 're', 'pass'].includes(b.text.text)) ?? buttons[0]!;
      const mark = slack.received.length;
      expect((await handler(signed(click(pick.action_id, pick.value)))).status).toBe(200);
      const [line] = postedSince(mark);
      expect(line).toMatchObject({ response_type: 'in_channel' });
      expect(line!.text.startsWith(`jim: ${pick.text.text}`)).toBe(true);
      moves++;
    }
    expect(moves).toBeGreaterThanOrEqual(8);
    const totals = (await game.organiserView('C1'))!.view.totals.map(Number);
    expect(totals.reduce((a, b) => a + b, 0)).toBe(0);
  });

  it('an unknown move is answered ephemerally with the legal moves', async () => {
    const before = slack.received.length;
    const res = (await (await handler(signed(slash('play nonsense')))).json()) as Posted;
    expect(res.response_type).toBe('ephemeral');
    const [msg] = postedSince(before);
    expect(msg!.response_type).toBe('ephemeral');
    expect(JSON.stringify(msg)).toMatch(/understand|Refused|not your turn/);
  });

  it('German words answer in German; a burial reaches the channel without its cards, the mover gets them ephemerally', async () => {
    const created = (await (await handler(signed(slash('neu sheepshead', 'U2', 'sepp', 'C2')))).json()) as Posted;
    expect(created.text).toMatch(/Neuer sheepshead-Tisch/);
    await handler(signed(slash('mitspielen', 'U2', 'sepp', 'C2')));
    await handler(signed(slash('bots', 'U2', 'sepp', 'C2')));
    await server.idle();
    const picked = (await (await handler(signed(slash('spiel aufnehmen', 'U2', 'sepp', 'C2')))).json()) as Posted;
    expect(picked).toMatchObject({ response_type: 'in_channel', text: 'sepp: aufnehmen' });
    const bury = (await game.hand('C2', 'U2', 'de')).moves?.find((m) => /^vergraben /.test(m.label));
    expect(bury).toBeDefined();
    const before = slack.received.length;
    const line = (await (await handler(signed(slash(`spiel ${bury!.label}`, 'U2', 'sepp', 'C2')))).json()) as Posted;
    expect(line).toMatchObject({ response_type: 'in_channel', text: 'sepp: vergraben' });
    const acks = postedSince(before);
    expect(acks).toHaveLength(1);
    expect(acks[0]).toMatchObject({ response_type: 'ephemeral' });
    expect(JSON.stringify(acks[0])).toContain(bury!.label);
  });
});
