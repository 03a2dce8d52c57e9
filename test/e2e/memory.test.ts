import { PutItemCommand, QueryCommand, ScanCommand } from '@aws-sdk/client-dynamodb';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { levelIteratorsPatched } from '../../local/level-iterator-patch.js';
import { memoryStorePatched } from '../../local/memory-level-patch.js';
import { type LocalServer, startLocal } from '../../local/server.js';

// A full GC on demand, without starting node with --expose-gc.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const arrayBuffersMb = (): number => {
  gc();
  gc();
  return process.memoryUsage().arrayBuffers / 2 ** 20;
};

let server: LocalServer;
beforeAll(async () => {
  server = await startLocal({ port: 0 });
});
afterAll(async () => {
  await server.close();
});

describe('the in-memory store keeps what it stores, not Buffer pool slabs (bench/memory.ts)', () => {
  it('250 small items hold under 0.4 MB of ArrayBuffers (measured: 0.07 MB; pooled slices pinned ~1 MB)', async () => {
    expect(memoryStorePatched()).toBe(true);
    const before = arrayBuffersMb();
    for (let i = 0; i < 250; i++)
      await server.client.send(
        new PutItemCommand({
          TableName: server.runtime.settings.dataTable,
          Item: { pk: { S: `MEMTEST#${i}` }, sk: { S: 'x' }, m: { S: 'y'.repeat(200) } },
        }),
      );
    const held = arrayBuffersMb() - before;
    expect(held).toBeLessThan(0.4);
  });
});

// Open Level iterators, counted where abstract-level keeps them (attach on open, detach on close): the same
// abstract-level copy dynalite's `level` (disk) and `memory-level` use.
const fromDynalite = createRequire(createRequire(import.meta.url).resolve('dynalite'));
const abstractLevel = createRequire(fromDynalite.resolve('level'))('abstract-level') as {
  AbstractLevel: { prototype: { attachResource(r: object): void; detachResource(r: object): void } };
};
const openIterators = new Set<object>();
const proto = abstractLevel.AbstractLevel.prototype;
const { attachResource, detachResource } = proto;
const isIterator = (r: object): boolean => /Iterator/.test(r.constructor.name);

describe('dynalite closes the Level iterator of every Query and Scan (disk-store heap growth)', () => {
  let dataDir: string;
  let disk: LocalServer;
  beforeAll(async () => {
    proto.attachResource = function (this: typeof proto, r: object) {
      if (isIterator(r)) openIterators.add(r);
      attachResource.call(this, r);
    };
    proto.detachResource = function (this: typeof proto, r: object) {
      openIterators.delete(r);
      detachResource.call(this, r);
    };
    dataDir = mkdtempSync(join(tmpdir(), 'stammtisch-iter-'));
    disk = await startLocal({ port: 0, dataDir });
  });
  afterAll(async () => {
    await disk.close();
    proto.attachResource = attachResource;
    proto.detachResource = detachResource;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each([
    ['the disk store (npm start)', () => disk],
    ['the in-memory store', () => server],
  ])('%s: 60 queries and scans (run to the end or cut by Limit) leave no iterator open', async (_, local) => {
    expect(levelIteratorsPatched()).toBe(true);
    const { client, runtime } = local();
    const TableName = runtime.settings.dataTable;
    for (let i = 0; i < 5; i++)
      await client.send(new PutItemCommand({ TableName, Item: { pk: { S: 'ITERTEST' }, sk: { S: `s${i}` } } }));
    const before = openIterators.size;
    let seen = 0;
    for (let i = 0; i < 20; i++) {
      const query = {
        TableName,
        KeyConditionExpression: 'pk = :p',
        ExpressionAttributeValues: { ':p': { S: 'ITERTEST' } },
      };
      seen += (await client.send(new QueryCommand(query))).Count ?? 0;
      seen += (await client.send(new QueryCommand({ ...query, Limit: 2 }))).Count ?? 0;
      seen += (await client.send(new ScanCommand({ TableName, Limit: 3 }))).Count ?? 0;
    }
    expect(seen).toBe(20 * (5 + 2 + 3));
    // A close finishes after the response (dynalite's stream destroy is asynchronous): let it run.
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(openIterators.size - before).toBeLessThanOrEqual(1);
  });
});
