import { PutItemCommand } from '@aws-sdk/client-dynamodb';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('the in-memory store keeps what it stores, not Buffer pool slabs (issue 16, bench/memory.ts)', () => {
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
