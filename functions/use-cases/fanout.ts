import { pausedReason } from './auto-deal.js';
import { type TableState, evolve, view } from '../../engine/index.js';
import { type Actor, audienceName, audienceOf, currentActor, subscriptionActor } from '../policy/access.js';
import type { Connection, ConnectionStore, Pusher } from '../ports/connections.js';
import { type Commit, type TableMeta, type TableStore, lastSeq, unwatched } from '../ports/table-store.js';
import { MAX_FRAME_BYTES, type ServerFrame, eventFrames } from '../wire/frames.js';
import { turnDeadline } from './turns.js';
import type { HeadCache } from './head-cache.js';
import { type Loaded, after, foldFromBase, redactCommit, seatedMeta, withSeating } from './table-stream.js';

export interface FanOutDeps {
  readonly store: TableStore;
  readonly connections: ConnectionStore;
  readonly pusher: Pusher;
  /** WS_MANAGEMENT_ENDPOINT when set; otherwise each row's own endpoint (recorded at $connect). */
  readonly endpoint?: () => string | undefined;
  readonly now?: () => number;
  readonly maxFrameBytes?: number;
  /** The service's cached heads (head-cache.ts): the states around the commit without reading the store. */
  readonly heads?: HeadCache;
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
 * The states just before and after `commit`, from the cached head when it holds the commit (this process appended
 * it) or the commit just before it (the stream side kept up); otherwise from the deal's commits before it — the
 * cached head's when it is further on in that deal, else one bounded Query (`prevBase` names the deal's base). The
 * cache moves on to the commit (never back). Commits are
 * immutable and numbered without gaps, so a cached head at `commit.seq - 1` plus this commit is exactly the table
 * after it — no version check needed.
 */
export async function statesAround(
  store: TableStore,
  heads: HeadCache | undefined,
  commit: Commit,
): Promise<{ before: TableState | null; after: TableState | null }> {
  const hit = heads?.get(commit.tableId);
  const trail = heads?.trail(commit.tableId);
  for (const at of [hit, trail]) {
    const last = at?.commits[at.commits.length - 1];
    if (at !== undefined && last?.seq === commit.seq && at.version === lastSeq(commit) && at.before !== undefined) {
      heads?.setTrail(commit.tableId, at);
      return { before: at.before, after: at.state };
    }
  }
  // The table just before the commit: the cached head, or where the stream side stood after the commit before.
  let known: Loaded | undefined =
    hit !== undefined && hit.version === commit.seq - 1
      ? hit
      : trail !== undefined && trail.version === commit.seq - 1
        ? trail
        : undefined;
  if (known === undefined && commit.seq > 1) {
    // The cached head ahead of the commit within the same deal already holds the commits before it (bots run ahead of
    // the stream); else one bounded Query.
    const earlier =
      hit !== undefined && hit.base === commit.prevBase && hit.version >= commit.seq - 1
        ? hit.commits.filter((c) => c.seq < commit.seq)
        : await store.range(commit.tableId, commit.prevBase, commit.seq - 1);
    const state = foldFromBase(earlier);
    const head = earlier[earlier.length - 1];
    if (state !== null && head !== undefined)
      known = { state, version: lastSeq(head), base: commit.prevBase, commits: earlier };
  }
  if (known !== undefined) {
    const next = after(known, commit);
    if (next !== undefined) {
      heads?.advance(commit.tableId, next);
      heads?.setTrail(commit.tableId, next);
    }
    return { before: known.state, after: next?.state ?? null };
  }
  // The table's first commit: nothing before it.
  let state: TableState | null = null;
  for (const e of commit.events) state = evolve(state, e);
  if (state !== null && commit.base === commit.seq) {
    const first = { state, version: lastSeq(commit), base: commit.base, commits: [commit], before: null };
    heads?.advance(commit.tableId, first);
    heads?.setTrail(commit.tableId, first);
  }
  return { before: null, after: state };
}

/**
 * The metadata at `commit`: the stored settings and key hashes (cached with the head, head-cache.ts `config`) with
 * the seating of the stream at that commit — its own `seating`, else that of the commits of its deal up to it: from
 * the cached head when the head is at or ahead of the commit in its deal, else one bounded Query. The fan-out and the
 * webhook deliverer both decide on it.
 */
export async function metaAtCommit(
  store: TableStore,
  heads: HeadCache | undefined,
  commit: Commit,
): Promise<TableMeta | undefined> {
  let config = heads?.config(commit.tableId);
  if (config === undefined) {
    config = await store.getMeta(commit.tableId);
    if (config === undefined) return undefined;
    heads?.setConfig(config);
  }
  if (commit.seating !== undefined) return { ...config, seats: commit.seating };
  // The cached head (or the stream side's place, `statesAround`) at or ahead of the commit within the same deal holds
  // every commit of the deal up to it (bots run ahead of the stream: the head is usually a few commits further).
  const holder = [heads?.get(commit.tableId), heads?.trail(commit.tableId)].find(
    (at) => at !== undefined && at.version >= lastSeq(commit) && at.base === commit.base,
  );
  const commits =
    holder !== undefined
      ? holder.commits.filter((c) => c.seq <= commit.seq)
      : commit.seq > commit.base
        ? [...(await store.range(commit.tableId, commit.base, commit.seq - 1)), commit]
        : [commit];
  return withSeating(config, { commits });
}

/**
 * Push one commit to every live subscriber of its table: the commit's events redacted for the subscriber's audience
 * (each carrying its seq) plus the audience's view after the commit, in frames under 32 KB. Reads: nothing when the
 * commit says no connection ever subscribed (`unwatched`); else the subscribers (one Query on byTable) — nothing else
 * when none is live; then, from the cached head (or one bounded Query
 * of the deal's commits when the cache is behind) the states around the commit, and the table metadata (cached until
 * a seating commit; head-cache.ts) — then the posts, all in parallel (frames of one connection in order) and awaited.
 * A 410 removes the row; any other failed post is that connection's alone: it is counted and logged, never fails or
 * repeats the push to the others (the client sees the gap in seqs and resyncs).
 */
export function createFanOut(deps: FanOutDeps): (commit: Commit) => Promise<FanOutReport> {
  const now = deps.now ?? Date.now;
  const maxBytes = deps.maxFrameBytes ?? MAX_FRAME_BYTES;
  const heads = deps.heads;
  return async (commit) => {
    // No WebSocket connection ever subscribed when the commit was written (its listen facts; use-cases/listen.ts):
    // nothing to read, nobody to push to.
    if (unwatched(commit)) return { subscribers: 0, frames: 0, gone: 0, revoked: 0 };
    const subscribers = await deps.connections.byTable(commit.tableId, Math.floor(now() / 1000));
    if (subscribers.length === 0) return { subscribers: 0, frames: 0, gone: 0, revoked: 0 };
    // Only tables someone watches pay for the states and the metadata (both cached when the head kept up).
    const around = await statesAround(deps.store, heads, commit);
    const meta = await metaAtCommit(deps.store, heads, commit);
    // Who is admitted is decided on the table as it is NOW: the seating at this commit may be older than a seat a
    // subscriber took since (the stream runs behind the writers), and a spectator key handed out by another process is
    // not in a cached copy — so a subscriber the commit's metadata would not admit is checked again on the stored
    // metadata with the seating at the head before its subscription is dropped.
    let grants = meta;
    if (meta !== undefined && subscribers.some((c) => currentActor(meta, c.principal) === undefined))
      grants = (await seatedMeta(deps.store, commit.tableId)) ?? meta;
    const before = around.before;
    if (around.after === null || meta === undefined)
      return { subscribers: subscribers.length, frames: 0, gone: 0, revoked: 0 };
    const current = around.after;
    const deadlineAt = turnDeadline(meta, current, commit);
    const deadline = deadlineAt === undefined ? undefined : new Date(deadlineAt).toISOString();
    const paused = pausedReason(meta, current);

    const framesByAudience = new Map<string, ServerFrame[]>();
    const framesFor = (actor: Actor): ServerFrame[] => {
      const key = audienceName(actor);
      let frames = framesByAudience.get(key);
      if (frames === undefined) {
        const audience = audienceOf(actor);
        frames = eventFrames(
          {
            tableId: commit.tableId,
            version: lastSeq(commit),
            ...(deadline !== undefined ? { deadline } : {}),
            ...(paused !== undefined ? { paused } : {}),
          },
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
          const principalActor = currentActor(grants ?? meta, c.principal);
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
