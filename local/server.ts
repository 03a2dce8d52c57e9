import { createAdaptorServer } from '@hono/node-server';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import dynalite from 'dynalite';
import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dynamoClient, ensureTables } from '../functions/adapters/dynamodb/client.js';
import { encodeCommitItem } from '../functions/adapters/dynamodb/table-store.js';
import { type Settings, settingsFromEnv } from '../functions/composition/config.js';
import { createHttp } from '../functions/composition/http.js';
import { type Realtime, createRealtime } from '../functions/composition/realtime.js';
import { type Runtime, createRuntime } from '../functions/composition/runtime.js';
import { createCommitStream } from '../functions/composition/stream.js';
import { streamEventFor } from '../functions/stream/handler.js';
import { Dispatcher } from './dispatcher.js';
import { type Clock, systemClock } from '../functions/tournaments/due-work.js';
import { localTournaments } from '../functions/tournaments/compose.js';
import type { TournamentService } from '../functions/tournaments/service.js';
import { type GatewayTimers, LocalGateway } from './gateway.js';

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
  /** The clock of the scheduler (tournament rounds); tests pass a ManualClock. */
  readonly clock?: Clock;
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
  readonly tournaments: TournamentService;
  /** Resolves when every queued fan-out (pushes, bot moves) has run. */
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
    apiKeyHashes:
      options.apiKeys !== undefined
        ? settingsFromEnv({ API_KEYS: options.apiKeys.join(',') }).apiKeyHashes
        : base.apiKeyHashes,
  };
  const client = dynamoClient(settings.dynamoEndpoint);
  await ensureTables(client, settings.dataTable, settings.connectionsTable);

  let sequence = 0;
  const dispatcher = new Dispatcher(async (commit) => {
    const result = await commitStream(streamEventFor(encodeCommitItem(commit), ++sequence));
    if (result.batchItemFailures.length > 0) console.error('fan-out reported a failed record');
  });
  const runtime: Runtime = createRuntime(settings, { client, afterAppend: (commit) => dispatcher.enqueue(commit) });

  // The real SDK management client, pointed at the gateway emulation on this port (signed with fake credentials).
  const realtime = createRealtime(runtime, {
    endpoint: () => gateway.endpoint,
    management: { region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } },
  });
  // The same stream handler as functions/stream/lambda.ts: push to WebSocket subscribers, then bots act.
  // A tournament table that closed after its last deal: the round's list gets its score sheet.
  const commitStream = createCommitStream(runtime, realtime.fanOut, {
    onTableClosed: (tableId) => tournaments.service.tableClosed(tableId),
  });
  const gateway = new LocalGateway({
    handler: realtime.ws,
    ...(options.wsIdleTimeoutMs !== undefined ? { idleTimeoutMs: options.wsIdleTimeoutMs } : {}),
    ...(options.wsTimers !== undefined ? { timers: options.wsTimers } : {}),
  });

  const clock = options.clock ?? systemClock;
  const tournaments = localTournaments({
    client,
    dataTable: settings.dataTable,
    tableStore: runtime.store,
    clock,
    afterAppend: (commit) => dispatcher.enqueue(commit),
    onError: (job, e) =>
      console.error(`due job ${job.kind} ${job.key} failed (retried):`, e instanceof Error ? e.message : e),
  });
  // Due work survives restarts: every stored job (a round's start, a look at its tables) is armed again.
  await tournaments.due.start();

  const app = createHttp(runtime, { tournaments: tournaments.service, now: () => clock.now() });
  const http = createAdaptorServer({ fetch: (req: Request) => gateway.fetch(req) ?? app.fetch(req) }) as Server;
  const port = await listen(http, options.port ?? 0, options.host ?? '127.0.0.1');
  gateway.attach(http, port, options.host ?? '127.0.0.1');
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    runtime,
    client,
    wsUrl: `ws://127.0.0.1:${port}/ws`,
    gateway,
    realtime,
    tournaments: tournaments.service,
    // Fan-out, bots and due work feed each other (a table closing ends a round, which schedules the next): settle all.
    idle: async () => {
      do {
        await dispatcher.idle();
        await tournaments.due.idle();
      } while (!dispatcher.isIdle() || tournaments.due.busy());
    },
    hold: () => dispatcher.hold(),
    release: () => dispatcher.release(),
    close: async () => {
      await tournaments.due.stop();
      dispatcher.release();
      await dispatcher.idle();
      dispatcher.stop();
      await gateway.close();
      realtime.pusher.destroy();
      await closeServer(http);
      client.destroy();
      await closeServer(store);
    },
  };
}
