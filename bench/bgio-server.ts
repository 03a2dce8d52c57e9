import { Server } from 'boardgame.io/server';
import type { AddressInfo } from 'node:net';
import { TrickGame } from './bgio-game.js';

/**
 * The boardgame.io baseline for bench/server.ts: boardgame.io's own server (Koa + socket.io, in-memory storage, the
 * lobby REST API on the same port) serving bench/bgio-game.ts. Run as a child so its CPU is measured on its own.
 */
const server = Server({ games: [TrickGame], origins: [] });
const { appServer } = await server.run({ port: 0 });
console.log(`boardgame.io on http://127.0.0.1:${(appServer.address() as AddressInfo).port}`);
