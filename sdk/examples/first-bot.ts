import { fileURLToPath } from 'node:url';
import { type Action, TableSocket, createClient } from '../index.js';

/**
 * The "Build a chat bot" walkthrough (docs/chat-bots.md), step 1: a bot that opens a Schafkopf table with three
 * server bots, takes seat 0, follows the table over the WebSocket and plays whenever it is its turn, until the deal
 * is settled. Run it against `npm start`: `npx tsx sdk/examples/first-bot.ts http://127.0.0.1:8787`.
 */
export async function firstBot(baseUrl: string): Promise<{ tableId: string; payout: readonly number[] }> {
  const api = createClient({ baseUrl });
  const { tableId } = await api.createTable({ variant: 'schafkopf', seats: 4, bots: [1, 2, 3], maxDeals: 1 });
  const me = await api.join(tableId, { seat: 0, name: 'firstbot' });
  const seat = api.as(me.seatToken);

  // Prefer a game or a card over passing and doubling, so the deal is played out.
  const choose = (legal: readonly Action[]): Action =>
    legal.find((a) => !['pass', 'knock', 'kontra', 're'].includes(a.type)) ?? legal[0]!;

  return new Promise((resolve, reject) => {
    let acting = false;
    let socket: TableSocket | undefined;
    TableSocket.connect({
      wsUrl: baseUrl.replace(/^http/, 'ws') + '/ws',
      tableId,
      token: me.seatToken,
      onView: (view, version) => {
        if (view.lastResult !== null) {
          socket?.close();
          resolve({ tableId, payout: view.lastResult.payout });
          return;
        }
        if (acting || view.legalActions.length === 0) return;
        acting = true;
        seat
          .act(tableId, choose(view.legalActions), { expectedVersion: version })
          .catch(() => undefined) // a lost race: the next view brings the turn again
          .finally(() => (acting = false));
      },
    })
      .then(async (s) => {
        socket = s;
        // The first move may be ours already: act on the current view.
        const { view, version } = await seat.view(tableId);
        if (view.legalActions.length > 0 && !acting) {
          acting = true;
          await seat.act(tableId, choose(view.legalActions), { expectedVersion: version }).catch(() => undefined);
          acting = false;
        }
      })
      .catch(reject);
  });
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const out = await firstBot(process.argv[2] ?? 'http://127.0.0.1:8787');
  console.log(`table ${out.tableId}: payout ${out.payout.join(' / ')}`);
}
