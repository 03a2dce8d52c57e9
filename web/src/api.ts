import { createClient, StammtischError, type StammtischClient } from '@stammtisch/sdk';

/**
 * Where the API lives. Same origin by default (`npm start` serves the app, `/v1` and `/ws` on one port); a deployment
 * whose WebSocket API has its own host writes `/config.json` (`{"apiUrl":…,"wsUrl":…}`) next to the app.
 */
export interface Config {
  readonly apiUrl: string;
  readonly wsUrl: string;
}

let config: Config = {
  apiUrl: location.origin,
  wsUrl: `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`,
};

export async function loadConfig(): Promise<void> {
  try {
    const res = await fetch('/config.json', { headers: { accept: 'application/json' } });
    if (!res.ok || !(res.headers.get('content-type') ?? '').includes('json')) return;
    const c = (await res.json()) as Partial<Config>;
    config = { apiUrl: c.apiUrl ?? config.apiUrl, wsUrl: c.wsUrl ?? config.wsUrl };
  } catch {
    // No config: same origin.
  }
}

export const cfg = (): Config => config;

/** The REST client (SDK), with a bearer token when given. */
export function api(token?: string): StammtischClient {
  return createClient({ baseUrl: config.apiUrl, ...(token !== undefined ? { token } : {}) });
}

/** A problem's human text (problem+json `detail`), or the error's message. */
export function problemText(e: unknown): string {
  if (e instanceof StammtischError) return e.problem.detail || e.problem.title || e.code;
  return e instanceof Error ? e.message : String(e);
}

/** A GET/POST with a bearer token for routes the client's methods do not wrap; JSON in, JSON out, problems thrown. */
export async function call<T>(
  path: string,
  init: { token?: string; method?: string; body?: unknown } = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (init.token !== undefined) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(config.apiUrl + path, {
    method: init.method ?? (init.body !== undefined ? 'POST' : 'GET'),
    headers,
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const text = await res.text();
  const data: unknown = text === '' ? undefined : JSON.parse(text);
  if (!res.ok) {
    const p = (data ?? {}) as { code?: string; detail?: string; title?: string };
    throw new StammtischError(res.status, {
      type: 'about:blank',
      title: p.title ?? res.statusText,
      status: res.status,
      detail: p.detail ?? '',
      code: (p.code ?? 'request/invalid') as never,
    });
  }
  return data as T;
}

/** Secrets this browser holds, per table and per tournament (localStorage: they survive a reload). */
export interface TableSecret {
  readonly token: string;
  readonly seat?: number;
  readonly organiserKey?: string;
}

export const secrets = {
  table(id: string): TableSecret | undefined {
    const raw = localStorage.getItem(`stammtisch:table:${id}`);
    return raw === null ? undefined : (JSON.parse(raw) as TableSecret);
  },
  setTable(id: string, s: TableSecret): void {
    localStorage.setItem(`stammtisch:table:${id}`, JSON.stringify(s));
  },
  tournament(id: string): string | undefined {
    return localStorage.getItem(`stammtisch:tournament:${id}`) ?? undefined;
  },
  setTournament(id: string, token: string): void {
    localStorage.setItem(`stammtisch:tournament:${id}`, token);
  },
};
