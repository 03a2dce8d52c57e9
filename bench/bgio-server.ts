import { Server } from 'boardgame.io/server';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { TrickGame } from './bgio-game.js';

/**
 * The boardgame.io baseline for bench/server.ts: boardgame.io's own server (Koa + socket.io, in-memory storage)
 * serving bench/bgio-game.ts, with its lobby REST API (create, join) on a second port. Run as a child so its CPU is
 * measured on its own.
 *
 * The lobby runs on its own port because on the same port it answers 404 here: socket.io's attach builds the HTTP
 * server from the Koa app before `run()` adds the lobby routes (boardgame.io 0.50.2 with koa 2.16).
 */
const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });

const server = Server({ games: [TrickGame], origins: [] });
const apiPort = await freePort();
const { appServer } = await server.run({ port: 0, lobbyConfig: { apiPort } });
console.log(
  `boardgame.io on http://127.0.0.1:${(appServer.address() as AddressInfo).port} lobby http://127.0.0.1:${apiPort}`,
);
