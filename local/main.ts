import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { settingsFromEnv } from '../functions/composition/config.js';
import { banner } from './banner.js';
import { startLocal } from './server.js';
import { WEB_DIST } from './static-site.js';

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
console.log(
  banner({
    url: u,
    wsUrl: server.wsUrl,
    dataDir,
    version: server.runtime.settings.version,
    keys: server.runtime.settings.apiKeyHashes.length,
    web: existsSync(resolve(WEB_DIST, 'index.html')),
  }),
);

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
