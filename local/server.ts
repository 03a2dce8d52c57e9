// First: dynalite's in-memory store must not pin Buffer pool slabs (local/memory-level-patch.ts, docs/operations.md
// "Memory").
import './memory-level-patch.js';
// dynalite's Query/Scan streams must close their Level iterators (local/level-iterator-patch.ts, docs/operations.md
// "Memory").
import './level-iterator-patch.js';
import { createAdaptorServer } from '@hono/node-server';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import dynalite from 'dynalite';
import { fetchHandler, inProcessHandler } from './in-process-handler.js';
import { mkdirSync } from 'node:fs';
import { MemoryTableStore } from '../functions/adapters/memory/table-store.js';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dynamoClient, ensureTables } from '../functions/adapters/dynamodb/client.js';
import { encodeCommitItem } from '../functions/adapters/dynamodb/table-store.js';
import { type Settings, settingsFromEnv } from '../functions/composition/config.js';
import type { RateLimits } from '../functions/edge/rate-limit.js';
import { createHttp } from '../functions/composition/http.js';
import { type Realtime, createRealtime } from '../functions/composition/realtime.js';
import { type Runtime, createRuntime } from '../functions/composition/runtime.js';
import { createCommitStream } from '../functions/composition/stream.js';
import { type Webhooks, onTournamentCommit, pumpHandler, webhooksFor } from '../functions/composition/webhooks.js';
import { WEBHOOK_PUMP } from '../functions/ports/webhooks.js';
import { DynamoTournamentStore } from '../functions/adapters/dynamodb/tournament-store.js';
import type { Timers } from '../functions/adapters/memory/timer-scheduler.js';
import { countFirings, createTelemetry, observeFanOut } from '../functions/observability/telemetry.js';
import { streamEventFor } from '../functions/stream/handler.js';
import { type Clock, systemClock } from '../functions/ports/clock.js';
import { type DueWorkHandler, TABLE_PROGRESS } from '../functions/ports/due-work.js';
import { progressStep } from '../functions/stream/on-commit.js';
import { Dispatcher } from './dispatcher.js';
import { BotPool } from '../functions/adapters/threads/bot-pool.js';
import { createTournaments, orderedPush } from '../functions/tournaments/compose.js';
import type { TournamentService } from '../functions/tournaments/service.js';
import { type GatewayTimers, LocalGateway } from './gateway.js';
import { LocalScheduler } from './scheduler.js';
import { healPresence, healStandingItems, healWebhooks } from './heal.js';
import { SEAT_GRACE } from '../functions/use-cases/presence.js';
import { DEFAULT_IDLE_POLICY, type IdlePolicy } from '../functions/use-cases/idle.js';
import { type ArchivePolicy, DEFAULT_ARCHIVE_POLICY, TABLE_ARCHIVE } from '../functions/ports/archive.js';
import { archiveHandler, standingTable } from '../functions/due/idle-close.js';
import { DynamoTableExpiry } from '../functions/adapters/dynamodb/table-expiry.js';
import { MemoryTableArchive } from '../functions/adapters/memory/table-archive.js';
import { FileTableArchive } from './table-archive.js';
import { join } from 'node:path';
import { isApiPath, staticSite } from './static-site.js';

export interface LocalOptions {
  /** HTTP port; 0 picks a free one. */
  readonly port?: number;
  /** Folder for dynalite's LevelDB files; undefined keeps the store in memory. */
  readonly dataDir?: string;
  readonly apiKeys?: readonly string[];
  readonly host?: string;
  /** WebSocket idle timeout of the local API Gateway emulation (default 10 minutes, like AWS). */
  readonly wsIdleTimeoutMs?: number;
  /** The gateway's timers (idle timeout, 2-hour limit); tests pass a manual clock instead of waiting. */
  readonly wsTimers?: GatewayTimers;
  /**
   * Webhook delivery: addresses a local server may deliver to besides public ones (e.g. `['127.0.0.1']`, which also
   * allows plain http; default from WEBHOOK_ALLOW_ADDRESSES), the retry clock, the per-attempt time-out.
   */
  readonly webhooks?: {
    readonly allowAddresses?: readonly string[];
    readonly timers?: Timers;
    readonly timeoutMs?: number;
  };
  /** Per-client limits (REST and WebSocket); undefined: none (`npm start` passes RATE_LIMITS or the defaults). */
  readonly rateLimits?: RateLimits;
  /** The rate limiter's clock (tests inject one instead of sleeping); default: `clock`. */
  readonly rateLimitClock?: () => number;
  /** The clock for commit times, turn deadlines and due work (tests inject a ManualClock). */
  readonly clock?: Clock;
  /** When idle tables are closed (docs/operations.md "Idle tables"); default DEFAULT_IDLE_POLICY. */
  readonly idle?: IdlePolicy;
  /**
   * When closed tables are archived (docs/operations.md "Closed tables are archived"; default DEFAULT_ARCHIVE_POLICY)
   * — into `<dataDir>/archive/`, or in memory without a data folder.
   */
  readonly archive?: ArchivePolicy;
  /** How often the scheduler sweeps the stored due work (default every minute; local/scheduler.ts). */
  readonly sweepMs?: number;
  /**
   * `memory`: the tables' event store in process memory (functions/adapters/memory/table-store.ts) instead of DynamoDB
   * — only for measuring what the store costs (bench/server.ts; STAMMTISCH_TABLE_STORE=memory for `local/main.ts`):
   * nothing of the tables survives a restart. Default `dynamodb` (dynalite through the SDK: the AWS code path).
   */
  readonly tableStore?: 'dynamodb' | 'memory';
  /** Unsent bytes a WebSocket connection may queue before it is closed as a slow consumer (default 1 MiB). */
  readonly wsMaxBufferedBytes?: number;
  /**
   * The web app's build folder served at `/` (GETs outside /v1 and /ws; client routes fall back to index.html).
   * Default web/dist when it was built; `false`: API only.
   */
  readonly web?: string | false;
  /**
   * Threads that think for costly bot levels (`strong`), shared fairly by all tables (functions/adapters/threads/
   * bot-pool.ts); default BOT_THREADS or the cores but one. 0: bots think on the event loop (the old way; benchmarks).
   */
  readonly botThreads?: number;
}

export interface LocalServer {
  readonly url: string;
  readonly port: number;
  readonly runtime: Runtime;
  readonly client: DynamoDBClient;
  /** `ws://…/ws`: connect with `?tableId=…&token=…` (README "Realtime (WebSocket)"). */
  readonly wsUrl: string;
  readonly gateway: LocalGateway;
  readonly realtime: Realtime;
  /** Webhook registrations and deliveries (the same code as on AWS). */
  readonly webhooks: Webhooks;
  readonly tournaments: TournamentService;
  /** Due work: bots, turn deadlines, scheduled starts (functions/ports/due-work.ts). */
  readonly scheduler: LocalScheduler;
  /** Stored due-work items armed at start-up (live tables and scheduled work found in the data folder). */
  readonly restored: number;
  /** Resolves when every queued fan-out (pushes, bot moves) and every due-work run in flight has finished. */
  idle(): Promise<void>;
  /** Pause the fan-out (pushes, bots) until `release()`; for measurements. */
  hold(): void;
  release(): void;
  close(): Promise<void>;
}

const listen = (server: Server, port: number, host?: string): Promise<number> =>
  new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });

/** Counts promises in flight; `idle()` resolves when none is left. */
class InFlight {
  #count = 0;
  #waiters: (() => void)[] = [];

  async track<T>(work: T | Promise<T>): Promise<T> {
    this.#count++;
    try {
      return await work;
    } finally {
      if (--this.#count === 0) for (const w of this.#waiters.splice(0)) w();
    }
  }

  idle(): Promise<void> {
    return this.#count === 0 ? Promise.resolve() : new Promise((resolve) => this.#waiters.push(resolve));
  }
}

const closeServer = (server: Server): Promise<void> =>
  new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections?.();
  });

/**
 * The local runtime: dynalite in-process, the real handlers behind one HTTP port. dynalite has no streams, so
 * after each successful append the runtime calls the very same stream handler with a Streams-shaped event.
 */
export async function startLocal(options: LocalOptions = {}): Promise<LocalServer> {
  if (options.dataDir !== undefined) mkdirSync(options.dataDir, { recursive: true });
  const store = dynalite({ createTableMs: 0, ...(options.dataDir !== undefined ? { path: options.dataDir } : {}) });
  const dynamoPort = await listen(store, 0, '127.0.0.1');
  const base = settingsFromEnv();
  const settings: Settings = {
    ...base,
    dynamoEndpoint: `http://127.0.0.1:${dynamoPort}`,
    rateLimits: options.rateLimits,
    apiKeyHashes:
      options.apiKeys !== undefined
        ? settingsFromEnv({ API_KEYS: options.apiKeys.join(',') }).apiKeyHashes
        : base.apiKeyHashes,
  };
  // The service's own client hands its signed requests to dynalite in process (no socket; dynalite's port stays open
  // for other clients). STAMMTISCH_DYNAMO_HTTP=1 goes over loopback HTTP instead (bench/server.ts compares them).
  // Its requests in flight are counted: the store closes only when dynalite has answered every one.
  const storeRequests = new InFlight();
  const client = dynamoClient(
    settings.dynamoEndpoint,
    process.env.STAMMTISCH_DYNAMO_HTTP === '1' ? undefined : inProcessHandler(store, storeRequests),
  );
  await ensureTables(client, settings.dataTable, settings.connectionsTable);

  const clock = options.clock ?? systemClock;
  const threads =
    options.botThreads ?? (process.env.BOT_THREADS !== undefined ? Number(process.env.BOT_THREADS) : undefined);
  const pool = threads === 0 ? undefined : new BotPool(threads);
  let sequence = 0;
  const dispatcher = new Dispatcher(async (commit) => {
    const result = await commitStream(streamEventFor(encodeCommitItem(commit), ++sequence));
    if (result.batchItemFailures.length > 0) console.error('fan-out reported a failed record');
  });
  const runtime: Runtime = createRuntime(settings, {
    client,
    afterAppend: (commit) => dispatcher.enqueue(commit),
    now: () => clock.now(),
    ...(options.rateLimitClock !== undefined ? { rateNow: options.rateLimitClock } : {}),
    ...(options.tableStore === 'memory' ? { tableStore: new MemoryTableStore() } : {}),
    // The costly level thinks on the pool's threads, the cheap ones (well under a millisecond) right here.
    ...(pool !== undefined
      ? { think: (turn, inline) => (turn.level === 'strong' ? pool.think(turn) : Promise.resolve(inline(turn))) }
      : {}),
  });
  const handlers = new Map<string, DueWorkHandler>();
  // The same structured logs as on Lambda (service `local`; SILENT under vitest, POWERTOOLS_LOG_LEVEL overrides).
  const telemetry = createTelemetry({ service: 'local' });
  const scheduler = new LocalScheduler(runtime.dueWork, clock, handlers, { sweepMs: options.sweepMs ?? 60_000 });
  // Each run counts TimerFirings, as on Lambda.
  const register = (kind: string, handler: DueWorkHandler): void => {
    handlers.set(kind, countFirings(telemetry, handler));
  };
  // A live table's standing item: progress, the idle policy, then its archiving once it is closed.
  const archivePolicy = options.archive ?? DEFAULT_ARCHIVE_POLICY;
  register(
    TABLE_PROGRESS,
    standingTable(progressStep(runtime.service, scheduler), {
      service: runtime.service,
      scheduler,
      idle: options.idle ?? DEFAULT_IDLE_POLICY,
      archive: archivePolicy,
    }),
  );
  register(
    TABLE_ARCHIVE,
    archiveHandler(runtime.service, {
      archive:
        options.dataDir !== undefined
          ? new FileTableArchive(join(options.dataDir, 'archive'))
          : new MemoryTableArchive(),
      expiry: new DynamoTableExpiry(client, settings.dataTable),
      expireAfterMs: archivePolicy.expireAfterMs,
    }),
  );

  // The real SDK management client, pointed at the gateway emulation on this port (signed with fake credentials).
  const realtime = createRealtime(runtime, {
    telemetry,
    // Tournament event streams over WebSocket (`?tournamentId=`); the service is created below.
    tournaments: {
      authorize: (id, token) => tournaments.service.authorize(id, token),
      events: (id, after, limit) => tournaments.service.events(id, after, limit),
    },
    endpoint: () => gateway.endpoint,
    management: {
      region: 'local',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      // PostToConnection & co. reach the gateway emulation in process (same SDK client and adapter, no loopback
      // request to this server's own port); STAMMTISCH_DYNAMO_HTTP=1 goes over HTTP as before.
      ...(process.env.STAMMTISCH_DYNAMO_HTTP === '1'
        ? {}
        : { requestHandler: fetchHandler((req) => gateway.fetch(req)) }),
    },
    scheduler,
  });
  // A seat's reconnect grace period (docs/presence.md).
  register(SEAT_GRACE, realtime.presence.grace);
  // The same stream handler as functions/stream/lambda.ts: push to WebSocket subscribers, then bots act.
  const hookOpts = options.webhooks;
  const webhooks = webhooksFor(runtime, {
    ...(hookOpts?.allowAddresses !== undefined
      ? { policy: { allowAddresses: hookOpts.allowAddresses, allowHttp: true } }
      : {}),
    ...(hookOpts?.timers !== undefined ? { timers: hookOpts.timers } : {}),
    ...(hookOpts?.timeoutMs !== undefined ? { timeoutMs: hookOpts.timeoutMs } : {}),
    // Tournament registrations need the organiser key (the service is created below).
    tournaments: { authorize: (id, token) => tournaments.service.authorize(id, token) },
  });

  // A tournament table that closed after its last deal: the round's list gets its score sheet.
  const commitStream = createCommitStream(runtime, observeFanOut(telemetry, realtime.fanOut), scheduler, {
    onTableClosed: (tableId) => tournaments.service.tableClosed(tableId),
    webhooks,
  });
  const gateway = new LocalGateway({
    handler: realtime.ws,
    ...(options.wsIdleTimeoutMs !== undefined ? { idleTimeoutMs: options.wsIdleTimeoutMs } : {}),
    ...(options.wsTimers !== undefined ? { timers: options.wsTimers } : {}),
    ...(options.wsMaxBufferedBytes !== undefined ? { maxBufferedBytes: options.wsMaxBufferedBytes } : {}),
  });

  // Tournaments schedule their jobs (round starts, round checks) on the same due-work scheduler as the tables; their
  // handlers join `table.progress` before `restore()` below arms every stored item.
  const tournaments = createTournaments({
    client,
    dataTable: settings.dataTable,
    tableStore: runtime.store,
    dueWork: runtime.dueWork,
    scheduler,
    now: () => clock.now(),
    afterAppend: (commit) => dispatcher.enqueue(commit),
    seating: runtime.service,
    // The local stand-in for the stream: tournament commits reach their WebSocket subscribers and webhooks in order
    // (the same handler as the stream function's `onTournamentCommit`).
    onCommit: (commit) => tournamentPush.enqueue(commit),
  });
  const tournamentPush = orderedPush(onTournamentCommit(realtime.tournamentFanOut, webhooks));
  for (const [kind, handler] of tournaments.handlers) register(kind, handler);
  // The webhook outbox's stored queues (after a restart: what the previous process had not sent yet).
  register(WEBHOOK_PUMP, pumpHandler(webhooks));

  const app = createHttp(runtime, telemetry, {
    tournaments: tournaments.service,
    now: () => clock.now(),
    webhooks,
  });
  // The Node bindings (`incoming`) go along: the app reads the caller's address from the socket for its rate limits.
  // REST requests in flight: closing the port drops their connections but not their work, which must end before the
  // store closes (a request still reading from a closed dynalite throws out of dynalite's own callback).
  const requests = new InFlight();
  const site = options.web === false ? undefined : staticSite(options.web);
  const http = createAdaptorServer({
    fetch: (req: Request, env: unknown) =>
      gateway.fetch(req) ??
      (site !== undefined && req.method === 'GET' && !isApiPath(new URL(req.url).pathname)
        ? site(req).then((res) => res ?? requests.track(app.fetch(req, env)))
        : requests.track(app.fetch(req, env))),
  }) as Server;
  const port = await listen(http, options.port ?? 0, options.host ?? '127.0.0.1');
  gateway.attach(http, port, options.host ?? '127.0.0.1');
  // What the previous process left: tables from before standing items get theirs (once per data folder), and seats
  // whose connections died with it are away now (grace periods start). Then nothing waits on a signal lost with the
  // previous process: every live table and every stored item runs again.
  await healStandingItems(client, settings.dataTable, runtime.store, runtime.dueWork, clock.now());
  await healPresence(client, settings.connectionsTable, realtime.presence);
  const tournamentStore = new DynamoTournamentStore(client, settings.dataTable);
  await healWebhooks(client, settings.dataTable, webhooks.deliverer, (id, from) =>
    tournamentStore.commitsFrom(id, from),
  );
  const restored = await scheduler.restore();
  scheduler.startSweeping();
  // Fan-out, bots and due work feed each other (a commit hands its table's next run of bots to the scheduler; a table
  // closing ends a round, which schedules the next): settle all.
  const idle = async (): Promise<void> => {
    do {
      await dispatcher.idle();
      await scheduler.idle();
      await tournamentPush.idle();
      // Webhook pumps run on their own (never inside a commit's fan-out): settled too.
      await webhooks.scheduler.idle?.();
    } while (
      !dispatcher.isIdle() ||
      !scheduler.isIdle() ||
      !tournamentPush.isIdle() ||
      webhooks.scheduler.isIdle?.() === false
    );
  };
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    runtime,
    client,
    wsUrl: `ws://127.0.0.1:${port}/ws`,
    gateway,
    realtime,
    webhooks,
    tournaments: tournaments.service,
    scheduler,
    restored,
    idle,
    hold: () => dispatcher.hold(),
    release: () => dispatcher.release(),
    close: async () => {
      // Stop taking work first (bot tables never go idle on their own), then let in-flight runs finish: every
      // write is conditional and pinned, and whatever is left runs again from the store at the next start.
      dispatcher.release();
      dispatcher.stop();
      webhooks.scheduler.stop?.();
      await scheduler.stop();
      // Pumps in flight finish their attempt (bounded by the time-out); what is left stays in the outbox.
      await webhooks.scheduler.idle?.();
      await dispatcher.idle();
      await gateway.close();
      realtime.pusher.destroy();
      await closeServer(http);
      await requests.idle();
      // What those requests committed last is streamed like any other commit before the store goes, and
      // tournament commits are pushed (their fan-out reads the store).
      await dispatcher.idle();
      await tournamentPush.idle();
      await webhooks.scheduler.idle?.();
      await pool?.close();
      await storeRequests.idle();
      client.destroy();
      await closeServer(store);
    },
  };
}
