import { fileURLToPath } from 'node:url';
import { type Action, TableSocket, type TableView, createClient } from '../index.js';

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

  // Prefer a game or a card over passing and doubling, so the deal is played out. After the first four cards every
  // seat decides at once whether to knock: `{ type: 'choose', choice: 'no-knock' }` is the plain choice there.
  const choose = (legal: readonly Action[]): Action =>
    legal.find((a) => !['pass', 'knock', 'kontra', 're'].includes(a.type)) ?? legal[0]!;

  return new Promise((resolve, reject) => {
    // The newest view seen, and whether a move is on its way. Several seats may act at once (the knock phase), so a
    // move can lose the race to a bot's; the view that beat it is acted on as soon as the move comes back.
    let latest: { view: TableView; version: number } | undefined;
    let acting = false;
    let done = false;
    let socket: TableSocket | undefined;
    const step = (): void => {
      const now = latest;
      if (done || acting || now === undefined) return;
      if (now.view.lastResult !== null) {
        done = true;
        socket?.close();
        resolve({ tableId, payout: now.view.lastResult.payout });
        return;
      }
      if (now.view.legalActions.length === 0) return;
      acting = true;
      seat
        .act(tableId, choose(now.view.legalActions), { expectedVersion: now.version })
        .catch(() => undefined) // a lost race: the newer view is acted on below
        .finally(() => {
          acting = false;
          if (latest !== now) step();
        });
    };
    const see = (view: TableView, version: number): void => {
      if (latest === undefined || version >= latest.version) latest = { view, version };
      step();
    };
    TableSocket.connect({
      wsUrl: baseUrl.replace(/^http/, 'ws') + '/ws',
      tableId,
      token: me.seatToken,
      onView: see,
    })
      .then(async (s) => {
        socket = s;
        // The first move may be ours already: act on the current view.
        const { view, version } = await seat.view(tableId);
        see(view, version);
      })
      .catch(reject);
  });
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const out = await firstBot(process.argv[2] ?? 'http://127.0.0.1:8787');
  console.log(`table ${out.tableId}: payout ${out.payout.join(' / ')}`);
}
