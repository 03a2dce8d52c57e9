import type { TableView } from '../../engine/index.js';
import type { PresenceEntry, SeatedEvent } from '../use-cases/kernel.js';

/**
 * API Gateway WebSocket frames are at most 32 KB; we stay under 30 000 bytes so headers and a client's framing
 * never push a message over the limit.
 */
export const MAX_FRAME_BYTES = 30_000;

/** Server → client messages (asyncapi.yaml, components.messages). */
export type ServerFrame =
  | {
      readonly type: 'subscribed';
      readonly requestId?: string;
      readonly tableId: string;
      readonly audience: string;
      readonly version: number;
      readonly view?: TableView;
      /** Whether each seat's player is connected (docs/presence.md). */
      readonly presence?: readonly PresenceEntry[];
    }
  | { readonly type: 'unsubscribed'; readonly requestId?: string; readonly tableId: string; readonly reason: string }
  | {
      readonly type: 'events';
      readonly requestId?: string;
      readonly tableId: string;
      /** The table's version (seq of its newest event) when the frame was made. */
      readonly version: number;
      readonly events: readonly SeatedEvent[];
      /** The subscriber's view after the last event of the frame (left out when it does not fit). */
      readonly view?: TableView;
      /** Resync pages: the `after` to continue from, or null when caught up. */
      readonly next?: number | null;
      /** Pushes on tables with a turn clock: when the seat(s) to act run out of time (ISO). */
      readonly deadline?: string;
      /** Pushes: no deal starts while every player is away (`players-away`). */
      readonly paused?: 'players-away';
    }
  | {
      readonly type: 'result';
      readonly requestId?: string;
      readonly tableId: string;
      readonly version: number;
      readonly events: readonly SeatedEvent[];
      readonly replayed: boolean;
    }
  | {
      readonly type: 'view';
      readonly requestId?: string;
      readonly tableId: string;
      readonly version: number;
      readonly view: TableView;
      readonly presence?: readonly PresenceEntry[];
    }
  /** A seat's player connected or went away (ephemeral: no seq; docs/presence.md). */
  | {
      readonly type: 'presence';
      readonly tableId: string;
      readonly seat: number;
      readonly connected: boolean;
      /** ISO time of the change. */
      readonly since: string;
      /** Away on a clocked table: when the seat is marked absent unless the player is back (ISO). */
      readonly graceEnds?: string;
    }
  | { readonly type: 'pong'; readonly requestId?: string; readonly at: string }
  /** A tournament's event stream (connect with `?tournamentId=`; functions/tournaments/push.ts). */
  | {
      readonly type: 'tournament_subscribed';
      readonly requestId?: string;
      readonly tournamentId: string;
      readonly version: number;
    }
  | {
      readonly type: 'tournament_events';
      readonly requestId?: string;
      readonly tournamentId: string;
      readonly version: number;
      readonly events: readonly { readonly seq: number; readonly event: { readonly type: string } }[];
    }
  /** The events did not fit a frame: fetch them with `resync` (or GET /events) from `after`. */
  | { readonly type: 'resync_needed'; readonly tableId: string; readonly after: number; readonly version: number }
  | {
      readonly type: 'error';
      readonly requestId?: string;
      readonly status: number;
      readonly code: string;
      readonly title: string;
      readonly detail: string;
      readonly field?: string;
      readonly rule?: string;
      readonly seat?: number;
      readonly currentVersion?: number;
    };

export const frameBytes = (frame: ServerFrame): number => Buffer.byteLength(JSON.stringify(frame));

/**
 * Pack events (ascending seq) into `events` frames under `maxBytes`: as few frames as possible, the view on the last
 * one when it fits. An event too large for any frame ends the list with a `resync_needed` notice from its seq.
 */
export function eventFrames(
  base: {
    readonly tableId: string;
    readonly version: number;
    readonly requestId?: string;
    readonly next?: number | null;
    readonly deadline?: string;
    readonly paused?: 'players-away';
  },
  events: readonly SeatedEvent[],
  view: TableView | undefined,
  maxBytes = MAX_FRAME_BYTES,
): ServerFrame[] {
  const frame = (chunk: readonly SeatedEvent[], withView: boolean, last: boolean): ServerFrame => ({
    type: 'events',
    ...(base.requestId !== undefined ? { requestId: base.requestId } : {}),
    tableId: base.tableId,
    version: base.version,
    events: chunk,
    ...(withView && view !== undefined ? { view } : {}),
    ...(last && base.next !== undefined ? { next: base.next } : {}),
    ...(base.deadline !== undefined ? { deadline: base.deadline } : {}),
    ...(base.paused !== undefined ? { paused: base.paused } : {}),
  });
  const whole = frame(events, true, true);
  if (frameBytes(whole) <= maxBytes) return [whole];
  const out: ServerFrame[] = [];
  let chunk: SeatedEvent[] = [];
  for (const e of events) {
    const grown = [...chunk, e];
    if (frameBytes(frame(grown, false, true)) <= maxBytes) {
      chunk = grown;
      continue;
    }
    if (chunk.length === 0) {
      out.push({ type: 'resync_needed', tableId: base.tableId, after: e.seq - 1, version: base.version });
      return out;
    }
    out.push(frame(chunk, false, false));
    chunk = [e];
    if (frameBytes(frame(chunk, false, true)) > maxBytes) {
      out.push({ type: 'resync_needed', tableId: base.tableId, after: e.seq - 1, version: base.version });
      return out;
    }
  }
  const withView = frame(chunk, true, true);
  out.push(frameBytes(withView) <= maxBytes ? withView : frame(chunk, false, true));
  return out;
}

/** Fit a single frame: drop the optional bulk (view, result events) rather than exceed the limit. */
export function fitFrame(frame: ServerFrame, maxBytes = MAX_FRAME_BYTES): ServerFrame {
  if (frameBytes(frame) <= maxBytes) return frame;
  if (frame.type === 'subscribed' && frame.view !== undefined) {
    const { view: _v, ...rest } = frame;
    return rest;
  }
  if (frame.type === 'result') return { ...frame, events: [] };
  return frame;
}
