import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { Hono } from 'hono';
import { handle } from 'hono/aws-lambda';
import { createClient } from '../../sdk/index.js';
import { DynamoKeyValue } from '../core/dynamo-kv.js';
import { ChatGame } from '../core/game.js';
import { discordHandler } from './interactions.js';

// Built once per container. DISCORD_PUBLIC_KEY and STAMMTISCH_URL come from the CDK construct
// (infra/constructs/discord-bot.ts); STAMMTISCH_API_KEY only when the API wants a key to create tables.
const env = process.env;
const game = new ChatGame({
  client: createClient({
    baseUrl: env.STAMMTISCH_URL ?? '',
    ...(env.STAMMTISCH_API_KEY ? { token: env.STAMMTISCH_API_KEY } : {}),
  }),
  store: new DynamoKeyValue(new DynamoDBClient({}), env.DATA_TABLE ?? '', 'discord'),
});
const discord = discordHandler({ publicKey: env.DISCORD_PUBLIC_KEY ?? '', game });

const app = new Hono();
app.post('/discord/interactions', (c) => discord(c.req.raw));

/** API Gateway (HTTP API) entry point: Discord's interactions endpoint URL is `<HttpApiUrl>/discord/interactions`. */
export const handler = handle(app);
