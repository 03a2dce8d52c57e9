import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The import graph of a folder's TypeScript files (relative imports and re-exports, `import type` included: a cycle
 * of types is a cycle of modules all the same) and its cycles: the strongly connected components of more than one
 * file, or a file importing itself (Tarjan's algorithm). test/lint/import-cycles.test.ts keeps functions/ free of them.
 */

export type Graph = ReadonlyMap<string, readonly string[]>;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && d.name.endsWith('.ts') && !d.name.endsWith('.d.ts'))
    .map((d) => path.join(d.parentPath, d.name));
}

/** Every relative import of `source` that resolves to a `.ts` file (`./x.js` → `./x.ts`, `./dir` → `./dir/index.ts`). */
export function importsOf(file: string, source: string, exists: (file: string) => boolean): string[] {
  const info = ts.preProcessFile(source, true, true);
  const out: string[] = [];
  for (const ref of info.importedFiles) {
    if (!ref.fileName.startsWith('.')) continue;
    const base = path.resolve(path.dirname(file), ref.fileName).replace(/\.(js|ts)$/, '');
    const target = [`${base}.ts`, path.join(base, 'index.ts')].find(exists);
    if (target !== undefined) out.push(target);
  }
  return [...new Set(out)];
}

/** The graph of every `.ts` file under the folders `dirs` (paths relative to `root`), edges among them only. */
export function importGraph(root: string, dirs: readonly string[]): Map<string, string[]> {
  const files = dirs.flatMap((dir) => filesUnder(path.join(root, dir)));
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  const rel = (f: string) => path.relative(root, f).split(path.sep).join('/');
  for (const f of files) graph.set(rel(f), importsOf(f, readFileSync(f, 'utf8'), (t) => known.has(t)).map(rel));
  return graph;
}

/** The import cycles: strongly connected components of two or more files, or a file that imports itself. */
export function cycles(graph: Graph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(component.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return out;
}

/** The edges inside one cycle, `from → to`: what to cut. */
export function edgesWithin(graph: Graph, component: readonly string[]): string[] {
  const inside = new Set(component);
  return component.flatMap((f) => (graph.get(f) ?? []).filter((t) => inside.has(t)).map((t) => `${f} → ${t}`));
}
