import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cycles, edgesWithin, importGraph, importsOf } from './import-graph.js';

/**
 * No import cycles on the server side (functions/README.md, "Import cycles"): modules form layers — the use cases'
 * shared kernel (functions/use-cases/kernel.ts) and helpers at the bottom, the facade (table-service.ts) and the
 * transports on top. A module that needs something of a higher one names the little it needs as an interface of its
 * own (bots.ts `BotStepService`, presence.ts `PresenceService`) or the shape moves down into the kernel. Type-only
 * imports count: a cycle of types is a cycle of modules all the same. On failure the message lists the edges to cut.
 */

const ROOT = path.join(import.meta.dirname, '..', '..');
const CHECKED = ['functions', 'engine', 'local', 'infra', 'adapters'];

describe('import cycles', () => {
  it('functions/, engine/, local/, infra/ and the chat adapters have none', () => {
    const graph = importGraph(ROOT, CHECKED);
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get('functions/use-cases/table-service.ts')).toContain('functions/use-cases/play.ts');
    expect(cycles(graph).map((c) => edgesWithin(graph, c))).toEqual([]);
  });

  it('finds a cycle when there is one (and only the files on it)', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts', 'd.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', []],
      ['e.ts', ['e.ts']],
    ]);
    expect(cycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['e.ts']]);
    expect(edgesWithin(graph, ['a.ts', 'b.ts', 'c.ts'])).toEqual(['a.ts → b.ts', 'b.ts → c.ts', 'c.ts → a.ts']);
    expect(
      cycles(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('reads type-only imports, re-exports and dynamic imports; resolves .js to .ts and folders to index.ts', () => {
    const files = new Set(['/r/x/a.ts', '/r/x/b.ts', '/r/x/c.ts', '/r/y/index.ts', '/r/x/d.ts']);
    const source = [
      "import type { A } from './a.js';",
      "export { B } from './b.js';",
      "const c = await import('./c.js');",
      "import { Y } from '../y';",
      "import { ts } from 'typescript';",
      "import './missing.js';",
    ].join('\n');
    expect(importsOf('/r/x/d.ts', source, (f) => files.has(f)).sort()).toEqual(
      ['/r/x/a.ts', '/r/x/b.ts', '/r/x/c.ts', '/r/y/index.ts'].map((f) => path.resolve(f)),
    );
  });
});
