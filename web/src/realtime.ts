import { type ServerFrame, TableSocket, type TableView, TournamentSocket } from '@stammtisch/sdk';
import { cfg } from './api.js';

/**
 * The app's realtime: a table's or a tournament's channel through the SDK's sockets (heartbeat, reconnect with
 * jittered back-off, resync by seq; asyncapi.yaml). The screens get views and "something changed" signals from here
 * and nothing else, so the transport is this one file.
 */
export interface Live {
  close(): void;
}

export interface Presence {
  readonly seat: number;
  readonly connected: boolean;
}

/** Connect, and keep trying when the first handshake fails (the SDK reconnects by itself once it was open). */
function keepOpen<S extends { close(): void }>(connect: () => Promise<S>, onState?: (online: boolean) => void): Live {
  let socket: S | undefined;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const attempt = (wait: number): void => {
    connect().then(
      (s) => {
        if (closed) s.close();
        else socket = s;
      },
      () => {
        onState?.(false);
        if (!closed) retry = setTimeout(() => attempt(Math.min(wait * 2, 15_000)), wait);
      },
    );
  };
  attempt(1000);
  return {
    close: () => {
      closed = true;
      clearTimeout(retry);
      socket?.close();
    },
  };
}

export interface TableWatch {
  readonly tableId: string;
  readonly token?: string | undefined;
  /** The version the screen holds (the socket delivers what follows it). */
  readonly version: () => number;
  /** A newer view arrived (pushes carry the subscriber's view); `at` is when its frame arrived (performance.now). */
  readonly onView: (view: TableView, version: number, at: number) => void;
  /** Something changed that the frame did not carry a view for: fetch it. */
  readonly onStale: () => void;
  readonly onPresence: (p: Presence) => void;
  readonly onState?: (online: boolean) => void;
}

export function watchTable(w: TableWatch): Live {
  let arrived = 0;
  return keepOpen(
    () =>
      TableSocket.connect({
        wsUrl: cfg().wsUrl,
        tableId: w.tableId,
        ...(w.token !== undefined ? { token: w.token } : {}),
        after: w.version(),
        onFrame: (f: ServerFrame) => {
          arrived = performance.now();
          if (f.type === 'subscribed' || f.type === 'view') for (const p of f.presence ?? []) w.onPresence(p);
          if (f.type === 'resync_needed' || (f.type === 'events' && f.view === undefined && f.events.length > 0))
            w.onStale();
        },
        onView: (view, version) => {
          if (version > w.version()) w.onView(view, version, arrived);
        },
        onPresence: (p) => w.onPresence({ seat: p.seat, connected: p.connected }),
        onState: (s) => w.onState?.(s === 'open'),
      }),
    w.onState,
  );
}

export interface TournamentWatch {
  readonly tournamentId: string;
  readonly token?: string | undefined;
  /** A tournament commit arrived (registration, check-in, draw, round, standings, end). */
  readonly onChange: () => void;
  readonly onState?: (online: boolean) => void;
}

export function watchTournament(w: TournamentWatch): Live {
  return keepOpen(
    () =>
      TournamentSocket.connect({
        wsUrl: cfg().wsUrl,
        tournamentId: w.tournamentId,
        ...(w.token !== undefined ? { token: w.token } : {}),
        onEvent: () => w.onChange(),
        onState: (s) => w.onState?.(s === 'open'),
      }),
    w.onState,
  );
}
