import { createClient } from '../../sdk/index.js';
import { autoText } from '../core/text.js';
import { IrcBot } from './bot.js';

/**
 * `npm run irc-bot`: IRC_HOST, IRC_PORT (6667), IRC_NICK (stammtisch), IRC_CHANNELS (#schafkopf),
 * STAMMTISCH_URL (http://127.0.0.1:8787), STAMMTISCH_API_KEY (when the server wants one to create tables).
 */
const env = process.env;
const baseUrl = env.STAMMTISCH_URL ?? 'http://127.0.0.1:8787';
const bot = new IrcBot({
  host: env.IRC_HOST ?? '127.0.0.1',
  port: Number(env.IRC_PORT ?? 6667),
  nick: env.IRC_NICK ?? 'stammtisch',
  channels: (env.IRC_CHANNELS ?? '#schafkopf').split(','),
  api: createClient({ baseUrl, ...(env.STAMMTISCH_API_KEY ? { token: env.STAMMTISCH_API_KEY } : {}) }),
  wsUrl: baseUrl.replace(/^http/, 'ws') + '/ws',
  text: autoText,
});
await bot.start();
console.log(`IRC bot connected to ${env.IRC_HOST ?? '127.0.0.1'}, channels ${env.IRC_CHANNELS ?? '#schafkopf'}`);
process.on('SIGINT', () => {
  bot.stop();
  process.exit(0);
});
