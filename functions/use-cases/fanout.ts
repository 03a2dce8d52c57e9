import { type TableState, evolve, view } from '../../engine/index.js';
import { type Actor, audienceName, audienceOf, currentActor, subscriptionActor } from '../policy/access.js';
import type { Connection, ConnectionStore, Pusher } from '../ports/connections.js';
import { type Commit, type TableStore, lastSeq } from '../ports/table-store.js';
import { MAX_FRAME_BYTES, type ServerFrame, eventFrames } from '../wire/frames.js';
import { turnDeadline } from './progress.js';
import { redactCommit, stateBefore } from './table-stream.js';

export interface FanOutDeps {
  readonly store: TableStore;
  readonly connections: ConnectionStore;
  readonly pusher: Pusher;
  /** WS_MANAGEMENT_ENDPOINT when set; otherwise each row's own endpoint (recorded at $connect). */
  readonly endpoint?: () => string | undefined;
  readonly now?: () => number;
  readonly maxFrameBytes?: number;
}

export interface FanOutReport {
  readonly subscribers: number;
  readonly frames: number;
  /** Connections removed because API Gateway answered 410 Gone. */
  readonly gone: number;
  /** Subscriptions dropped because their token no longer grants access. */
  readonly revoked: number;
  /** Connections whose post failed otherwise (throttled, 5xx): they miss this push and catch up by seq. */
  readonly failed?: number;
}

/**
 * Push one commit to every live subscriber of its table: the commit's events redacted for the subscriber's audience
 * (each carrying its seq) plus the audience's view after the commit, in frames under 32 KB. Reads: the subscribers
 * (one Query on byTable), the table metadata and the commits of the running deal (one Query) — then the posts, all
 * in parallel (frames of one connection in order) and awaited. A 410 removes the row; any other failed post is
 * that connection's alone: it is counted and logged, never fails or repeats the push to the others (the client sees
 * the gap in seqs and resyncs).
 */
export function createFanOut(deps: FanOutDeps): (commit: Commit) => Promise<FanOutReport> {
  const now = deps.now ?? Date.now;
  const maxBytes = deps.maxFrameBytes ?? MAX_FRAME_BYTES;
  return async (commit) => {
    const subscribers = await deps.connections.byTable(commit.tableId, Math.floor(now() / 1000));
    if (subscribers.length === 0) return { subscribers: 0, frames: 0, gone: 0, revoked: 0 };
    // Only tables someone watches pay for the two reads below; they run side by side.
    const [meta, before] = await Promise.all([deps.store.getMeta(commit.tableId), stateBefore(deps.store, commit)]);
    let after: TableState | null = before;
    for (const e of commit.events) after = evolve(after, e);
    if (after === null || meta === undefined)
      return { subscribers: subscribers.length, frames: 0, gone: 0, revoked: 0 };
    const current = after;
    const deadlineAt = turnDeadline(meta, current, commit);
    const deadline = deadlineAt === undefined ? undefined : new Date(deadlineAt).toISOString();

    const framesByAudience = new Map<string, ServerFrame[]>();
    const framesFor = (actor: Actor): ServerFrame[] => {
      const key = audienceName(actor);
      let frames = framesByAudience.get(key);
      if (frames === undefined) {
        const audience = audienceOf(actor);
        frames = eventFrames(
          { tableId: commit.tableId, version: lastSeq(commit), ...(deadline !== undefined ? { deadline } : {}) },
          redactCommit(before, commit, audience, current),
          view(current, audience),
          maxBytes,
        );
        framesByAudience.set(key, frames);
      }
      return frames;
    };

    let frames = 0;
    let gone = 0;
    let revoked = 0;
    const failures: unknown[] = [];
    const endpointOf = (c: Connection): string => deps.endpoint?.() ?? c.endpoint;
    await Promise.all(
      subscribers.map(async (c) => {
        try {
          const principalActor = currentActor(meta, c.principal);
          const actor =
            principalActor === undefined ? undefined : subscriptionActor(principalActor, c.audience ?? 'spectator');
          if (actor === undefined) {
            // The token no longer grants this view (the seat was left, the key rotated): stop the subscription.
            revoked++;
            await deps.connections.unsubscribe(c.connectionId);
            const notice: ServerFrame = { type: 'unsubscribed', tableId: commit.tableId, reason: 'auth/forbidden' };
            if ((await deps.pusher.post(endpointOf(c), c.connectionId, JSON.stringify(notice))) === 'gone') {
              gone++;
              await deps.connections.remove(c.connectionId);
            }
            return;
          }
          for (const frame of framesFor(actor)) {
            const outcome = await deps.pusher.post(endpointOf(c), c.connectionId, JSON.stringify(frame));
            if (outcome === 'gone') {
              gone++;
              await deps.connections.remove(c.connectionId);
              return;
            }
            frames++;
          }
        } catch (e) {
          failures.push(e);
        }
      }),
    );
    if (failures.length > 0)
      console.error(
        `${failures.length} of ${subscribers.length} pushes failed`,
        failures.map((e) => (e instanceof Error ? e.name : 'unknown')).join(','),
      );
    return { subscribers: subscribers.length, frames, gone, revoked, failed: failures.length };
  };
}
