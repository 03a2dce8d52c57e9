import { resolve } from 'node:path';
import { settingsFromEnv } from '../functions/composition/config.js';
import { startLocal } from './server.js';

/** `npm start`: the local runtime on one port, dynalite persisted under .data/ (DATA_DIR overrides). */
const port = Number(process.env.PORT ?? 8787);
const dataDir = resolve(process.env.DATA_DIR ?? '.data');
const rateLimits = settingsFromEnv().rateLimits;
const server = await startLocal({
  port,
  dataDir,
  host: process.env.HOST ?? '127.0.0.1',
  ...(rateLimits !== undefined ? { rateLimits } : {}),
  // A webhook attempt's time-out (default 15 s, as Standard Webhooks suggests).
  ...(process.env.WEBHOOK_TIMEOUT_MS !== undefined
    ? { webhooks: { timeoutMs: Number(process.env.WEBHOOK_TIMEOUT_MS) } }
    : {}),
  // Measuring only (bench/server.ts): the tables' events in memory, gone at exit. Default: dynalite (the AWS path).
  ...(process.env.STAMMTISCH_TABLE_STORE === 'memory' ? { tableStore: 'memory' as const } : {}),
});
const u = server.url;
const keys = server.runtime.settings.apiKeyHashes.length;
const auth = keys > 0 ? ` -H "authorization: Bearer $API_KEY"` : '';

console.log(`Stammtisch local runtime on ${u}  (store: ${dataDir}, version ${server.runtime.settings.version})
${
  keys > 0
    ? `Creating tables needs one of the ${keys} API key(s) from API_KEYS: export API_KEY=<key> first.`
    : 'Anyone may create tables here (API_KEYS=key1,key2 requires a key).'
}

Play a Schafkopf deal against three bots (bash + curl + jq; README "Play locally" has the full loop):
  S=${u}
  T=$(curl -s $S/v1/tables -H 'content-type: application/json'${auth} \\
        -d '{"variant":"schafkopf","seats":4,"bots":[1,2,3],"maxDeals":1}' | jq -r .tableId)
  ME=$(curl -s -X POST $S/v1/tables/$T/seats -H 'content-type: application/json' -d '{"name":"you"}' | jq -r .seatToken)
  curl -s $S/v1/tables/$T/view -H "authorization: Bearer $ME" | jq '.version, .view.deal.hands, .view.legalActions'
  curl -s $S/v1/tables/$T/actions -H "authorization: Bearer $ME" -H 'content-type: application/json' \\
        -H 'idempotency-key: move-1' -d '{"action":{"type":"pass"}}'
  curl -s $S/v1/tables/$T/deals/1/record | jq '.result.payout'      # the settlement, once the deal is over

Variants: ${u}/v1/variants   Health: ${u}/v1/health   WebSocket: ${server.wsUrl}   Contract: openapi.yaml
Ctrl-C stops; tables survive restarts (delete ${dataDir} to start afresh).`);

// SIGTERM/SIGINT: stop taking work, let in-flight work finish (every write is conditional and pinned; what is left
// runs again from the data folder at the next start), exit. A shutdown that hangs is cut short after 8 s.
let stopping = false;
const stop = async (): Promise<void> => {
  if (stopping) return;
  stopping = true;
  setTimeout(() => {
    console.error('shutdown took longer than 8 s; exiting anyway');
    process.exit(1);
  }, 8000).unref();
  await server.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
