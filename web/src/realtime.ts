import type { TableView } from '@stammtisch/sdk';
import { cfg } from './api.js';

/**
 * The app's only realtime code: a table's or a tournament's WebSocket channel (asyncapi.yaml) with the platform
 * WebSocket, the token as query parameter, a keep-alive ping (the gateway closes connections silent for 10 minutes)
 * and reconnect with jittered back-off. The screens get views and "something changed" signals; swapping this file for
 * the SDK's browser socket changes nothing else.
 */
export interface Live {
  close(): void;
}

export interface Presence {
  readonly seat: number;
  readonly connected: boolean;
}

interface Frame {
  readonly type: string;
  readonly version?: number;
  readonly view?: TableView;
  readonly presence?: Presence[];
  readonly seat?: number;
  readonly connected?: boolean;
  readonly events?: unknown[];
}

interface Channel {
  readonly query: Record<string, string>;
  readonly subscribe: () => Record<string, unknown>;
  readonly onFrame: (frame: Frame, at: number) => void;
  readonly onState?: (online: boolean) => void;
}

const PING_MS = 4 * 60_000;

function open(channel: Channel): Live {
  let ws: WebSocket | undefined;
  let closed = false;
  let attempt = 0;
  let ping: ReturnType<typeof setInterval> | undefined;
  const connect = (): void => {
    const url = new URL(cfg().wsUrl);
    for (const [k, v] of Object.entries(channel.query)) url.searchParams.set(k, v);
    const socket = new WebSocket(url);
    ws = socket;
    socket.onopen = () => {
      attempt = 0;
      socket.send(JSON.stringify({ ...channel.subscribe(), requestId: 'sub' }));
      ping = setInterval(() => socket.send(JSON.stringify({ action: 'ping' })), PING_MS);
      channel.onState?.(true);
    };
    socket.onmessage = (m) => channel.onFrame(JSON.parse(String(m.data)) as Frame, performance.now());
    socket.onclose = () => {
      clearInterval(ping);
      if (closed) return;
      channel.onState?.(false);
      // Jittered exponential back-off, at most ~15 s.
      const wait = Math.min(15_000, 500 * 2 ** attempt++) * (0.5 + Math.random() / 2);
      setTimeout(() => !closed && connect(), wait);
    };
  };
  connect();
  return {
    close: () => {
      closed = true;
      clearInterval(ping);
      ws?.close();
    },
  };
}

export interface TableWatch {
  readonly tableId: string;
  readonly token?: string | undefined;
  /** The version the screen holds (pushes at or below it are old). */
  readonly version: () => number;
  /** A newer view arrived (pushes carry the subscriber's view); `at` is when its frame arrived (performance.now). */
  readonly onView: (view: TableView, version: number, at: number) => void;
  /** Something changed that the frame did not carry a view for: fetch it. */
  readonly onStale: () => void;
  readonly onPresence: (p: Presence) => void;
  readonly onState?: (online: boolean) => void;
}

export function watchTable(w: TableWatch): Live {
  return open({
    query: { tableId: w.tableId, ...(w.token !== undefined ? { token: w.token } : {}) },
    subscribe: () => ({ action: 'subscribe', after: w.version() }),
    ...(w.onState !== undefined ? { onState: w.onState } : {}),
    onFrame: (f, at) => {
      if (f.type === 'presence' && f.seat !== undefined)
        w.onPresence({ seat: f.seat, connected: f.connected === true });
      if (f.type === 'resync_needed') w.onStale();
      if (f.type === 'subscribed' || f.type === 'events' || f.type === 'view') {
        if (f.presence !== undefined) for (const p of f.presence) w.onPresence(p);
        if (f.version === undefined || f.version <= w.version()) return;
        if (f.view !== undefined) w.onView(f.view, f.version, at);
        else w.onStale();
      }
    },
  });
}

export interface TournamentWatch {
  readonly tournamentId: string;
  readonly token?: string | undefined;
  /** A tournament commit arrived (registration, check-in, draw, round, standings, end). */
  readonly onChange: () => void;
  readonly onState?: (online: boolean) => void;
}

export function watchTournament(w: TournamentWatch): Live {
  return open({
    query: { tournamentId: w.tournamentId, ...(w.token !== undefined ? { token: w.token } : {}) },
    subscribe: () => ({ action: 'subscribe', tournamentId: w.tournamentId, after: 0 }),
    ...(w.onState !== undefined ? { onState: w.onState } : {}),
    onFrame: (f) => {
      if (f.type === 'tournament_events' || f.type === 'tournament_subscribed') w.onChange();
    },
  });
}
