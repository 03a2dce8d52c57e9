import { parentPort } from 'node:worker_threads';
import { chooseFor } from '../../use-cases/bots.js';
import type { BotTurn } from '../../use-cases/queries.js';

/** A bot-thinking thread (bot-pool.ts): one turn in, the chosen action out — the same `chooseFor` as in process. */
parentPort?.on('message', (msg: { id: number; turn: BotTurn }) => {
  let action: unknown;
  try {
    action = chooseFor(msg.turn);
  } catch (e) {
    parentPort?.postMessage({ id: msg.id, error: e instanceof Error ? e.message : String(e) });
    return;
  }
  parentPort?.postMessage({ id: msg.id, action });
});
