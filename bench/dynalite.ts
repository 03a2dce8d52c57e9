/**
 * Does dynalite cap the local server? (docs/performance.md "dynalite caps the local server")
 * `npx tsx bench/dynalite.ts [--ops 3000] [--concurrency 10]`.
 *
 * In one process, like local/server.ts: the real DynamoDB SDK client against
 *   1. dynalite on a LevelDB folder (the local server's store),
 *   2. dynalite in memory,
 *   3. a stub HTTP server that answers `{}` (the SDK's own cost: middleware, signing, serde, the loopback hop),
 *   4. dynalite on a LevelDB folder without the socket: the SDK hands its signed requests to dynalite's request
 *      listener in process (local/in-process-handler.ts, what the local server does),
 * doing conditional PutItems of a commit-sized item (~1.5 KB), GetItems and a `head` Query (desc, limit 1).
 * Prints CPU ms per call (process.cpuUsage, user + system) and calls/s. The difference between 1/2 and 3 is dynalite.
 */
import { DynamoDBClient, GetItemCommand, PutItemCommand, QueryCommand } from '@aws-sdk/client-dynamodb';
import dynalite from 'dynalite';
import { mkdtempSync, rmSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureTables } from '../functions/adapters/dynamodb/client.js';
import { inProcessHandler } from '../local/in-process-handler.js';

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : Number(process.argv[i + 1]);
};
const OPS = arg('ops', 3000);
const CONC = arg('concurrency', 10);

const listen = (server: Server): Promise<number> =>
  new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

const client = (port: number, server?: Server): DynamoDBClient =>
  new DynamoDBClient({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
    ...(server !== undefined ? { requestHandler: inProcessHandler(server) } : {}),
  });

const payload = 'x'.repeat(1500);
const table = 'bench';

async function timed(label: string, fn: (i: number) => Promise<unknown>): Promise<string> {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONC }, async () => {
      while (next < OPS) await fn(next++);
    }),
  );
  const wall = performance.now() - t0;
  const c = process.cpuUsage(c0);
  const cpu = (c.user + c.system) / 1000 / OPS;
  return `| ${label} | ${cpu.toFixed(3)} | ${((OPS * 1000) / wall).toFixed(0)} |`;
}

async function run(name: string, port: number, server?: Server): Promise<string[]> {
  const db = client(port, server);
  if (name !== 'stub') await ensureTables(db, table, 'bench-connections');
  const put = (i: number) =>
    db.send(
      new PutItemCommand({
        TableName: table,
        Item: { pk: { S: `T#${i % 100}` }, sk: { S: `C#${String(i).padStart(12, '0')}` }, e: { S: payload } },
        ConditionExpression: 'attribute_not_exists(sk)',
      }),
    );
  const get = (i: number) =>
    db.send(
      new GetItemCommand({
        TableName: table,
        Key: { pk: { S: `T#${i % 100}` }, sk: { S: `C#${String(i).padStart(12, '0')}` } },
      }),
    );
  const head = (i: number) =>
    db.send(
      new QueryCommand({
        TableName: table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :c)',
        ExpressionAttributeValues: { ':pk': { S: `T#${i % 100}` }, ':c': { S: 'C#' } },
        ScanIndexForward: false,
        Limit: 1,
      }),
    );
  const out = [
    await timed(`${name}: PutItem (conditional)`, put),
    await timed(`${name}: GetItem`, get),
    await timed(`${name}: Query head (desc, limit 1)`, head),
  ];
  db.destroy();
  return out;
}

const dir = mkdtempSync(join(tmpdir(), 'stammtisch-dynalite-'));
const rows: string[] = [];
try {
  const onDisk = dynalite({ createTableMs: 0, path: dir });
  rows.push(...(await run('dynalite (LevelDB folder)', await listen(onDisk))));
  onDisk.close();
  const dir2 = mkdtempSync(join(tmpdir(), 'stammtisch-dynalite-'));
  try {
    const direct = dynalite({ createTableMs: 0, path: dir2 });
    rows.push(...(await run('dynalite (LevelDB folder, in process, no socket)', await listen(direct), direct)));
    direct.close();
  } finally {
    rmSync(dir2, { recursive: true, force: true });
  }
  const inMemory = dynalite({ createTableMs: 0 });
  rows.push(...(await run('dynalite (in memory)', await listen(inMemory))));
  inMemory.close();
  const stub = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' });
      res.end('{}');
    });
  });
  rows.push(...(await run('stub', await listen(stub))));
  stub.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(`\n${OPS} calls each, ${CONC} in flight, one process (SDK + store), CPU from process.cpuUsage\n`);
console.log('| call | CPU ms per call | calls/s |\n|---|---|---|');
for (const r of rows) console.log(r);
