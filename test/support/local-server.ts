import { afterAll, beforeAll } from 'vitest';
import { type LocalOptions, type LocalServer, startLocal } from '../../local/server.js';
import { type Api, apiClient } from './functions/client.js';

/**
 * One local server (`startLocal`, port 0 unless given) for the tests of the calling file: started in `beforeAll`,
 * closed in `afterAll`. `options` may be a function, evaluated in `beforeAll` (for values made in earlier hooks).
 *
 * The returned `server` and `api` are stand-ins that forward every property to the server started in `beforeAll` (and
 * to its REST client), so a file can destructure them once at the top and use them in its tests; touching them before
 * `beforeAll` has run throws.
 * @example const { server, api } = useLocalServer({ clock }); … await api.get('/v1/health');
 */
export function useLocalServer(options: LocalOptions | (() => LocalOptions) = {}): {
  readonly server: LocalServer;
  readonly api: Api;
} {
  let started: { server: LocalServer; api: Api } | undefined;
  beforeAll(async () => {
    const server = await startLocal({ port: 0, ...(typeof options === 'function' ? options() : options) });
    started = { server, api: apiClient(server.url) };
  });
  afterAll(async () => {
    await started?.server.close();
  });
  const current = (): { server: LocalServer; api: Api } => {
    if (started === undefined) throw new Error('useLocalServer: the server starts in beforeAll; use it in tests/hooks');
    return started;
  };
  return { server: forwardTo(() => current().server), api: forwardTo(() => current().api) };
}

/** An object whose every property read is the same read on `target()` (methods bound to it). */
function forwardTo<T extends object>(target: () => T): T {
  return new Proxy({} as T, {
    get(_, key) {
      const t = target();
      const value: unknown = Reflect.get(t, key);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(t) : value;
    },
    has: (_, key) => Reflect.has(target(), key),
    ownKeys: () => Reflect.ownKeys(target()),
    getOwnPropertyDescriptor: (_, key) => {
      const d = Reflect.getOwnPropertyDescriptor(target(), key);
      return d === undefined ? undefined : { ...d, configurable: true };
    },
  });
}
