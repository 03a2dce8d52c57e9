import { resolve } from 'node:path';
import { startLocal } from './server.js';

/** `npm start`: the local runtime on one port, dynalite persisted under .data/ (DATA_DIR overrides). */
const port = Number(process.env.PORT ?? 8787);
const dataDir = resolve(process.env.DATA_DIR ?? '.data');
const server = await startLocal({ port, dataDir, host: process.env.HOST ?? '127.0.0.1' });
const u = server.url;
const keys = server.runtime.settings.apiKeyHashes.length;

console.log(`Stammtisch local runtime on ${u}  (data: ${dataDir})
${keys > 0 ? `Table creation needs one of the ${keys} API key(s) from API_KEYS: add -H "authorization: Bearer <key>".\n` : 'Anyone may create tables (set API_KEYS=key1,key2 to require a key).\n'}
Play a Schafkopf deal against three bots:
  curl -s ${u}/v1/tables -H 'content-type: application/json' \\
       -d '{"variant":"schafkopf","seats":4,"bots":[1,2,3]}'                 # → tableId, organiserKey
  curl -s -X POST ${u}/v1/tables/<tableId>/seats -H 'content-type: application/json' -d '{"name":"you"}'   # → seatToken
  curl -s ${u}/v1/tables/<tableId>/view -H 'authorization: Bearer <seatToken>'      # your hand + legalActions
  curl -s ${u}/v1/tables/<tableId>/actions -H 'authorization: Bearer <seatToken>' \\
       -H 'content-type: application/json' -H 'idempotency-key: m1' -d '{"action":{"type":"pass"}}'
Variants: ${u}/v1/variants   Health: ${u}/v1/health   Contract: openapi.yaml   More: README "Play locally".
Ctrl-C stops; tables survive restarts.`);

const stop = async (): Promise<void> => {
  await server.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
