/**
 * The Stammtisch SDK for Node (the package's `node` export): everything sdk/browser.ts exports, and where the platform
 * has no global WebSocket (Node 20 without --experimental-websocket) the sockets fall back to the `ws` package, loaded
 * only then. Browsers and bundlers get sdk/browser.ts, which never imports `ws`. sdk/README.md documents it.
 */
import { type WebSocketConstructor, setWebSocketFallback } from './transport.js';

setWebSocketFallback(async () => {
  const ws = await import('ws');
  return (ws.WebSocket ?? ws.default) as unknown as WebSocketConstructor;
});

export * from './browser.js';
