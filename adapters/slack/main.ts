import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createClient } from '../../sdk/index.js';
import { ChatGame, MemoryKeyValue } from '../core/game.js';
import { autoText } from '../core/text.js';
import { slackHandler } from './slack.js';

/**
 * `npm run slack-bot`: SLACK_SIGNING_SECRET, STAMMTISCH_URL (http://127.0.0.1:8787), PORT (3000), SLACK_LANG (en|de).
 * Point the app's slash command and its Interactivity Request URL at `https://<this host>/slack`.
 */
const env = process.env;
if (env.SLACK_SIGNING_SECRET === undefined) throw new Error('set SLACK_SIGNING_SECRET');
const game = new ChatGame({
  client: createClient({
    baseUrl: env.STAMMTISCH_URL ?? 'http://127.0.0.1:8787',
    ...(env.STAMMTISCH_API_KEY ? { token: env.STAMMTISCH_API_KEY } : {}),
  }),
  store: new MemoryKeyValue(),
  text: autoText,
});
const slack = slackHandler({
  signingSecret: env.SLACK_SIGNING_SECRET,
  game,
  lang: env.SLACK_LANG === 'de' ? 'de' : 'en',
});
const app = new Hono();
app.post('/slack', (c) => slack(c.req.raw));
serve({ fetch: app.fetch, port: Number(env.PORT ?? 3000) });
console.log(`Slack endpoint on :${env.PORT ?? 3000}/slack`);
