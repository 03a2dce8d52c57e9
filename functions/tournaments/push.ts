import type { Connection, ConnectionStore, Pusher } from '../ports/connections.js';
import { type TournamentCommit, lastTournamentSeq } from '../ports/tournament-store.js';
import { MAX_FRAME_BYTES, type ServerFrame } from '../wire/frames.js';

/**
 * A tournament's event stream over WebSocket: a connection opened with `?tournamentId=<id>` (any token or none: the
 * stream is as public as GET /v1/tournaments/{id}/events) subscribes with `{"action":"subscribe","tournamentId":…}`;
 * every new tournament commit is then pushed as one `tournament_events` frame (registration, check-in, draw, round
 * started/ended, standings changed, ended). Subscribers are connection rows whose `tableId` is the tournament id (the
 * same sparse `byTable` index as tables; tournament and table ids never coincide). On AWS the DATA_TABLE stream
 * delivers tournament commits (`U#…`/`C#…`) to the stream function; locally the service's commit hook does.
 */

type SeqEvent = { readonly seq: number; readonly event: { readonly type: string } };

/** Events as `tournament_events` frames under `maxBytes` each (a single oversized event still goes alone). */
export function tournamentFrames(
  base: { readonly tournamentId: string; readonly version: number; readonly requestId?: string },
  events: readonly SeqEvent[],
  maxBytes = MAX_FRAME_BYTES,
): ServerFrame[] {
  const frames: ServerFrame[] = [];
  let batch: SeqEvent[] = [];
  let size = Buffer.byteLength(JSON.stringify({ type: 'tournament_events', ...base, events: [] }));
  for (const e of events) {
    const bytes = Buffer.byteLength(JSON.stringify(e)) + 1;
    if (batch.length > 0 && size + bytes > maxBytes) {
      frames.push({ type: 'tournament_events', ...base, events: batch });
      batch = [];
      size = Buffer.byteLength(JSON.stringify({ type: 'tournament_events', ...base, events: [] }));
    }
    batch.push(e);
    size += bytes;
  }
  if (batch.length > 0 || frames.length === 0) frames.push({ type: 'tournament_events', ...base, events: batch });
  return frames;
}

export interface TournamentFanOutDeps {
  readonly connections: ConnectionStore;
  readonly pusher: Pusher;
  /** WS_MANAGEMENT_ENDPOINT when set; otherwise each row's own endpoint. */
  readonly endpoint?: () => string | undefined;
  readonly now?: () => number;
}

/** Push one tournament commit to its subscribers; a 410 removes the row, any other failure is that connection's own. */
export function createTournamentFanOut(
  deps: TournamentFanOutDeps,
): (commit: TournamentCommit) => Promise<{ subscribers: number }> {
  const now = deps.now ?? Date.now;
  return async (commit) => {
    const subscribers = await deps.connections.byTable(commit.tournamentId, Math.floor(now() / 1000));
    if (subscribers.length === 0) return { subscribers: 0 };
    const frames = tournamentFrames(
      { tournamentId: commit.tournamentId, version: lastTournamentSeq(commit) },
      commit.events.map((event, i) => ({ seq: commit.seq + i, event })),
    );
    const endpointOf = (c: Connection): string => deps.endpoint?.() ?? c.endpoint;
    await Promise.all(
      subscribers.map(async (c) => {
        try {
          for (const frame of frames) {
            if ((await deps.pusher.post(endpointOf(c), c.connectionId, JSON.stringify(frame))) === 'gone') {
              await deps.connections.remove(c.connectionId);
              return;
            }
          }
        } catch (e) {
          // This connection misses the push and catches up by seq (`subscribe` with `after`); the others go on.
          console.error('tournament push failed', e instanceof Error ? e.message : 'unknown');
        }
      }),
    );
    return { subscribers: subscribers.length };
  };
}
