/**
 * The capacity model: from a load (deals per day, evening peak, connections, a tournament start) and what one move
 * costs (measured by bench/calls.ts; the figures below say where each comes from) it computes what AWS must carry —
 * requests and messages per second at the peak, DynamoDB units, Lambda invocations and concurrency, SQS messages,
 * dollars per month — and which limit is hit first at 1×, 10× and 100×.
 *
 * The stack (infra/stammtisch-stack.ts) sizes its stage throttles, queue concurrency, stream parallelism and alarms
 * from `sizing()` of the default load, so the synthesized template and this model cannot drift apart
 * (test/infra/capacity.suite.ts pins both). `npm run capacity -- --deals-per-day 250000 --peak 5` prints the table;
 * docs/capacity.md explains every line. Pure arithmetic, integers where money is concerned (micro-dollars).
 */

/** What the service is asked to carry. */
export interface Load {
  /** Deals finished per day (all variants; a deal is a Schafkopf-sized one, see `perDeal`). */
  readonly dealsPerDay: number;
  /** Evening peak over the day's average rate (5: a fifth of the day's deals in about 5 hours' worth of its hours). */
  readonly peak: number;
  /** WebSocket connections open at the peak. */
  readonly connections: number;
  /** Share of moves sent over REST (the rest over the WebSocket `act` route), 0..1. */
  readonly restShare: number;
  /** Share of seats played by server bots, 0..1 (their moves come from the due queue, not from a client). */
  readonly botShare: number;
  /** Players of the largest tournament that starts all its tables at once. */
  readonly tournamentPlayers: number;
}

export const defaultLoad: Load = {
  dealsPerDay: 250_000,
  peak: 5,
  connections: 20_000,
  restShare: 0.5,
  botShare: 0.1,
  tournamentPlayers: 1_000,
};

/**
 * What one deal and one move cost, measured. Commits: a four-player Schafkopf deal is 32 cards + 4 knock decisions +
 * about 4 auction calls + the deal's start = 41 commits (bench/calls.ts counts them). Store calls per warm move:
 * `npx tsx bench/calls.ts --rest 40` (1 conditional PutItem, 1 META GetItem; each client GET of the view is one
 * Query). Bytes: a commit item is under 1 KB (1 write unit; events are stored compressed, about 13 KB per deal with
 * its record and lobby rows); a pushed frame is about 1.2 KB (asyncapi.yaml `events`
 * with the audience's view). Lambda durations are the p50 of the local handlers at 512 MB ARM (docs/performance.md); a due message includes a
 * bot's thinking (the strong bot's median is about 107 ms CPU, docs/bots.md).
 */
export interface PerDeal {
  readonly commits: number;
  /** Client reads of the view per move (a polling REST client reads once; a socket client reads none). */
  readonly restViewReadsPerMove: number;
  /** DynamoDB write units per commit (the conditional PutItem of the commit item, ≤ 1 KB). */
  readonly writeUnitsPerCommit: number;
  /** Read units per REST move (eventually consistent reads are half a unit per 4 KB; META + the view's Query). */
  readonly readUnitsPerRestMove: number;
  /** Read units per stream record (the fan-out's `byTable` Query of subscribers, when someone listens). */
  readonly readUnitsPerFanOut: number;
  /** Frames pushed per commit: every seat plus spectators. */
  readonly framesPerCommit: number;
  /** Frame size in bytes (WebSocket messages are billed in 32 KB units, data transfer by byte). */
  readonly frameBytes: number;
  /** Stored bytes per deal kept (commits, the deal's record, lobby rows). */
  readonly storedBytesPerDeal: number;
  /**
   * Due-queue messages per deal: a table's next run of bot moves handed on by the run before (due now), the stream
   * step's safety-net copy of each such commit, the turn clock of each human move, the deal's end
   * (`npx tsx bench/calls.ts --due 20 --clock 30`: one REST player and three bots, 22.9 a deal; 19.3 without a clock).
   */
  readonly dueMessagesPerDeal: number;
  /** Lambda ms per REST request, per WebSocket message, per stream record, per due message. */
  readonly httpMs: number;
  readonly wsMs: number;
  readonly streamMsPerRecord: number;
  readonly dueMs: number;
  /**
   * Each live table's standing item (docs/due-work.md "Sweep", docs/operations.md "Idle tables"): it comes back every
   * `standingLookSeconds` while the table is in play, as one due message that loads the table twice (progress pass
   * and idle check: META GetItem + one Query) and moves the item (one conditional PutItem, plus its `byDue` index
   * entry). A table is in play for about `dealSeconds` per deal.
   */
  readonly dealSeconds: number;
  readonly standingLookSeconds: number;
  readonly standingLookReadUnits: number;
  readonly standingLookWriteUnits: number;
  /** Lambda ms per look (two loads and a write; no bot thinks). */
  readonly standingLookMs: number;
}

export const measuredPerDeal: PerDeal = {
  commits: 41,
  restViewReadsPerMove: 1,
  writeUnitsPerCommit: 1,
  readUnitsPerRestMove: 1,
  readUnitsPerFanOut: 0.5,
  framesPerCommit: 4.5,
  frameBytes: 1_200,
  storedBytesPerDeal: 13_000,
  dueMessagesPerDeal: 23,
  httpMs: 25,
  wsMs: 25,
  streamMsPerRecord: 15,
  dueMs: 120,
  dealSeconds: 300,
  standingLookSeconds: 300,
  standingLookReadUnits: 3,
  standingLookWriteUnits: 2,
  standingLookMs: 30,
};

/**
 * Service limits that can refuse play, with where each is set. Account limits are AWS defaults (raise by quota request);
 * stage throttles and queue concurrency are this stack's (from `sizing()`).
 */
export interface Limits {
  readonly httpStageRps: number;
  readonly wsStageRps: number;
  /** Account-wide API Gateway requests per second (shared by both APIs), default 10,000. */
  readonly accountApiRps: number;
  /** New WebSocket connections per second (account, per region), default 500. */
  readonly wsConnectRps: number;
  /** Lambda concurrent executions (account, per region), default 1,000. */
  readonly lambdaConcurrency: number;
  /** Maximum concurrent due workers (SQS event source maxConcurrency). */
  readonly dueConcurrency: number;
  /** Stream records per second the fan-out can take: shards × parallelization factor × records per second each. */
  readonly streamRecordsPerSecond: number;
  /** On-demand table: write request units per second (account default table-level maximum 40,000). */
  readonly tableWriteUnits: number;
  /** Per partition (one table's stream `T#<id>`): 1,000 write units per second. */
  readonly partitionWriteUnits: number;
}

/** List prices (us-east-1, on-demand, as published by AWS in 2026), in micro-dollars per unit. */
export const prices = {
  /** DynamoDB on-demand: $0.625 per million write request units, $0.125 per million read request units. */
  writeUnit: 0.625,
  readUnit: 0.125,
  /** DynamoDB storage $0.25 per GB-month, point-in-time recovery $0.20 per GB-month, AWS Backup $0.10 per GB-month. */
  storageGbMonth: 250_000,
  pitrGbMonth: 200_000,
  backupGbMonth: 100_000,
  /** Lambda: $0.20 per million requests; ARM $0.0000133334 per GB-second (512 MB functions). */
  lambdaRequest: 0.2,
  lambdaGbSecond: 13.3334,
  /** HTTP API $1.00 per million requests; WebSocket $1.00 per million messages, $0.25 per million connection minutes. */
  httpRequest: 1,
  wsMessage: 1,
  wsConnectionMinute: 0.25,
  /** SQS standard $0.40 per million requests (send, receive, delete: three per message). */
  sqsRequest: 0.4,
  /** X-Ray: $5.00 per million traces recorded (5 % sampled). */
  xrayTrace: 5,
  /** Data transfer out to the internet $0.09 per GB. */
  transferGb: 90_000,
} as const;

const SECONDS_PER_DAY = 86_400;
const DAYS_PER_MONTH = 30;
const XRAY_SAMPLING = 0.05;
/** Minutes between client heartbeats (the SDK pings before API Gateway's 10-minute idle rule). */
const PING_MINUTES = 5;

/** Peak rates per second, averages per month. */
export interface Demand {
  readonly scale: number;
  readonly commitsPerSecond: number;
  readonly httpRps: number;
  readonly wsInboundRps: number;
  readonly wsOutboundRps: number;
  readonly writeUnitsPerSecond: number;
  readonly readUnitsPerSecond: number;
  readonly streamRecordsPerSecond: number;
  readonly dueMessagesPerSecond: number;
  /** Tables in play at the peak, and their standing items' looks per second (part of the due messages). */
  readonly liveTables: number;
  readonly standingLooksPerSecond: number;
  readonly lambdaInvocationsPerSecond: number;
  readonly lambdaConcurrency: number;
  readonly dueConcurrency: number;
  readonly tournamentStartCommits: number;
  /** Dollars per month, itemised, in micro-dollars (integers). */
  readonly monthly: Readonly<Record<string, number>>;
  readonly monthlyTotal: number;
}

/** The load's demand at a multiple of it. */
export function demand(load: Load, scale = 1, per: PerDeal = measuredPerDeal): Demand {
  const dealsPerDay = load.dealsPerDay * scale;
  const averageCommits = (dealsPerDay * per.commits) / SECONDS_PER_DAY;
  const commitsPerSecond = averageCommits * load.peak;
  const humanMoves = commitsPerSecond * (1 - load.botShare);
  const restMoves = humanMoves * load.restShare;
  const wsMoves = humanMoves - restMoves;
  const connections = load.connections * scale;
  const pingsPerSecond = connections / (PING_MINUTES * 60);
  const httpRps = restMoves * (1 + per.restViewReadsPerMove);
  const wsInboundRps = wsMoves + pingsPerSecond;
  const wsOutboundRps = commitsPerSecond * per.framesPerCommit;
  // Little's law again: tables in play = deals starting per second × how long a deal keeps its table.
  const liveTables = (dealsPerDay / SECONDS_PER_DAY) * load.peak * per.dealSeconds;
  const standingLooksPerSecond = liveTables / per.standingLookSeconds;
  const writeUnitsPerSecond =
    commitsPerSecond * per.writeUnitsPerCommit + standingLooksPerSecond * per.standingLookWriteUnits;
  const readUnitsPerSecond =
    restMoves * per.readUnitsPerRestMove * (1 + per.restViewReadsPerMove) +
    wsMoves * per.readUnitsPerRestMove +
    commitsPerSecond * per.readUnitsPerFanOut +
    standingLooksPerSecond * per.standingLookReadUnits;
  const moveDueMessages = ((dealsPerDay * per.dueMessagesPerDeal) / SECONDS_PER_DAY) * load.peak;
  const dueMessagesPerSecond = moveDueMessages + standingLooksPerSecond;
  const lambdaInvocationsPerSecond = httpRps + wsInboundRps + commitsPerSecond / 5 + dueMessagesPerSecond / 5;
  // Little's law: concurrency = arrival rate × time in the function.
  const dueConcurrency = (moveDueMessages * per.dueMs + standingLooksPerSecond * per.standingLookMs) / 1000;
  const lambdaConcurrency =
    (httpRps * per.httpMs + wsInboundRps * per.wsMs + commitsPerSecond * per.streamMsPerRecord) / 1000 + dueConcurrency;
  // A tournament start: every table's first deal opens in the same minute (one commit each + a start message).
  const tournamentStartCommits = Math.ceil((load.tournamentPlayers * scale) / 4);

  // Month: average rates (the peak is part of the day's deals), in micro-dollars.
  const month = (perSecondAverage: number): number => perSecondAverage * SECONDS_PER_DAY * DAYS_PER_MONTH;
  const avg = (peakRate: number): number => peakRate / load.peak;
  const storedGb = (dealsPerDay * DAYS_PER_MONTH * per.storedBytesPerDeal) / 1e9;
  const lambdaSeconds =
    (avg(httpRps) * per.httpMs + avg(wsMoves) * per.wsMs + avg(commitsPerSecond) * per.streamMsPerRecord) / 1000 +
    avg(dueConcurrency);
  const pingsAvg = connections / (PING_MINUTES * 60) / load.peak;
  const monthly: Record<string, number> = {
    'DynamoDB writes': month(avg(writeUnitsPerSecond)) * prices.writeUnit,
    'DynamoDB reads': month(avg(readUnitsPerSecond)) * prices.readUnit,
    'DynamoDB storage (a month of deals)': storedGb * (prices.storageGbMonth + prices.pitrGbMonth),
    'AWS Backup (cross-region copy)': storedGb * prices.backupGbMonth * 2,
    'Lambda requests': month(avg(lambdaInvocationsPerSecond)) * prices.lambdaRequest,
    'Lambda compute': month(lambdaSeconds) * 0.5 * prices.lambdaGbSecond,
    'HTTP API requests': month(avg(httpRps)) * prices.httpRequest,
    'WebSocket messages (in, out, pings)': month(avg(wsMoves) + avg(wsOutboundRps) + pingsAvg) * prices.wsMessage,
    'WebSocket connection minutes': (connections / load.peak) * 60 * 24 * DAYS_PER_MONTH * prices.wsConnectionMinute,
    'SQS (send, receive, delete)': month(avg(dueMessagesPerSecond)) * 3 * prices.sqsRequest,
    'X-Ray traces (5 %)': month(avg(lambdaInvocationsPerSecond)) * XRAY_SAMPLING * prices.xrayTrace,
    'Data transfer out': ((month(avg(wsOutboundRps)) * per.frameBytes) / 1e9) * prices.transferGb,
  };
  const rounded = Object.fromEntries(Object.entries(monthly).map(([k, v]) => [k, Math.round(v)]));
  const monthlyTotal = Object.values(rounded).reduce((a, b) => a + b, 0);
  return {
    scale,
    commitsPerSecond,
    httpRps,
    wsInboundRps,
    wsOutboundRps,
    writeUnitsPerSecond,
    readUnitsPerSecond,
    streamRecordsPerSecond: commitsPerSecond,
    dueMessagesPerSecond,
    liveTables,
    standingLooksPerSecond,
    lambdaInvocationsPerSecond,
    lambdaConcurrency,
    dueConcurrency,
    tournamentStartCommits,
    monthly: rounded,
    monthlyTotal,
  };
}

/** Headroom the stack keeps over the computed peak (a throttle at exactly the peak would refuse play). */
export const HEADROOM = 2;

/** Records per second one fan-out lane (a stream shard's parallel batch) takes: 25-record batches at 15 ms each. */
const RECORDS_PER_LANE = Math.floor(1000 / measuredPerDeal.streamMsPerRecord);
/** Stream shards of an on-demand table at the default load (DynamoDB splits partitions at about 1,000 WCU each). */
const STREAM_SHARDS = 4;

const roundUp = (value: number, step: number): number => Math.max(step, Math.ceil(value / step) * step);

/** The stack's settings for a load: throttles, concurrency, parallelism and alarm thresholds, with headroom. */
export interface Sizing {
  readonly httpRateLimit: number;
  readonly httpBurstLimit: number;
  readonly wsRateLimit: number;
  readonly wsBurstLimit: number;
  readonly dueMaxConcurrency: number;
  readonly streamParallelization: number;
  /** Alarm when the fan-out's iterator age exceeds this (ms): the fan-out is behind. */
  readonly iteratorAgeAlarmMs: number;
}

export function sizing(load: Load = defaultLoad, per: PerDeal = measuredPerDeal): Sizing {
  const d = demand(load, 1, per);
  const httpRateLimit = roundUp(d.httpRps * HEADROOM, 100);
  const wsRateLimit = roundUp(d.wsInboundRps * HEADROOM, 100);
  // SQS maxConcurrency is 2..1000; bots and clocks run there, so the workers cover the peak twice over.
  const dueMaxConcurrency = Math.min(1000, Math.max(20, roundUp(d.dueConcurrency * HEADROOM, 10)));
  // Parallelization factor 1..10 per shard: enough lanes for the peak commits twice over.
  const lanesNeeded = (d.streamRecordsPerSecond * HEADROOM) / RECORDS_PER_LANE / STREAM_SHARDS;
  const streamParallelization = Math.min(10, Math.max(2, Math.ceil(lanesNeeded)));
  return {
    httpRateLimit,
    httpBurstLimit: httpRateLimit * 2,
    wsRateLimit,
    wsBurstLimit: wsRateLimit * 2,
    dueMaxConcurrency,
    streamParallelization,
    iteratorAgeAlarmMs: 30_000,
  };
}

export function limitsOf(s: Sizing): Limits {
  return {
    httpStageRps: s.httpRateLimit,
    wsStageRps: s.wsRateLimit,
    accountApiRps: 10_000,
    wsConnectRps: 500,
    lambdaConcurrency: 1_000,
    dueConcurrency: s.dueMaxConcurrency,
    streamRecordsPerSecond: STREAM_SHARDS * s.streamParallelization * RECORDS_PER_LANE,
    tableWriteUnits: 40_000,
    partitionWriteUnits: 1_000,
  };
}

/** Each limit's use at a demand (1 = exactly at the limit); sorted, the first is hit first. */
export function pressure(d: Demand, limits: Limits, load: Load): { limit: string; use: number }[] {
  // A tournament start opens every table within a minute and reconnects every player within about 10 s.
  const reconnectRps = (load.tournamentPlayers * d.scale) / 10;
  const rows = [
    { limit: 'HTTP stage throttle', use: d.httpRps / limits.httpStageRps },
    { limit: 'WebSocket stage throttle', use: d.wsInboundRps / limits.wsStageRps },
    { limit: 'API Gateway account requests', use: (d.httpRps + d.wsInboundRps) / limits.accountApiRps },
    { limit: 'WebSocket new connections (tournament start)', use: reconnectRps / limits.wsConnectRps },
    { limit: 'Lambda account concurrency', use: d.lambdaConcurrency / limits.lambdaConcurrency },
    { limit: 'Due queue workers', use: d.dueConcurrency / limits.dueConcurrency },
    { limit: 'Stream fan-out lanes', use: d.streamRecordsPerSecond / limits.streamRecordsPerSecond },
    { limit: 'DynamoDB table write units', use: d.writeUnitsPerSecond / limits.tableWriteUnits },
    // One table commits at most a few moves per second: far below a partition's 1,000 units.
    { limit: 'DynamoDB partition (one table)', use: 5 / limits.partitionWriteUnits },
  ];
  return rows.sort((a, b) => b.use - a.use);
}

/** Dollars from micro-dollars, for printing (two decimals). */
export const dollars = (micro: number): string => (micro / 1e6).toFixed(2);

/** Cost per 1,000 deals, in micro-dollars (rounded to an integer). */
export function perThousandDeals(d: Demand, load: Load): number {
  const dealsPerMonth = load.dealsPerDay * d.scale * DAYS_PER_MONTH;
  return Math.round((d.monthlyTotal * 1000) / dealsPerMonth);
}
