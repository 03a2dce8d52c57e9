import { createRequire } from 'node:module';

/**
 * dynalite's in-memory store (`startLocal()` without `dataDir`: tests, benches) is a `memory-level` created with its
 * default `storeEncoding: 'buffer'`: every key and value becomes `Buffer.from(string)` — a slice of Node's shared 8 KiB
 * allocation pool for anything under 4 KiB. A stored slice pins its whole pool slab, so each small item kept ~8 KiB
 * alive (bench/memory.ts: +8.5 MB of ArrayBuffers per 1,000 mixed requests, never freed; docs/operations.md "Memory").
 *
 * `storeEncoding: 'view'` stores the same bytes as a Uint8Array of their own (TextEncoder), so keys compare exactly as
 * before (byte order) and only the bytes themselves are held. dynalite (4.x) has no option for it, so its MemoryLevel
 * is replaced by a subclass that defaults to it, before dynalite loads (local/server.ts imports this first).
 */
const fromDynalite = createRequire(createRequire(import.meta.url).resolve('dynalite'));
const memoryLevel = fromDynalite('memory-level') as {
  MemoryLevel: new (options?: Record<string, unknown>) => object;
  patchedForStammtisch?: true;
};
if (memoryLevel.patchedForStammtisch !== true) {
  const Original = memoryLevel.MemoryLevel;
  memoryLevel.MemoryLevel = class extends Original {
    constructor(options: Record<string, unknown> = {}) {
      super({ storeEncoding: 'view', ...options });
    }
  };
  memoryLevel.patchedForStammtisch = true;
}

/** True once dynalite's memory store keeps its own bytes (test/e2e/memory.test.ts). */
export const memoryStorePatched = (): boolean => memoryLevel.patchedForStammtisch === true;
