/**
 * Compares two V8 heap snapshots by constructor (docs/operations.md "Memory"): count and self size per `type:name`,
 * sorted by growth, and for the top groups the constructors that hold them (the retaining edges' owners).
 *
 *   npx tsx bench/heap-diff.ts before.heapsnapshot after.heapsnapshot [--top 25]
 *
 * Snapshots come from `bench/memory.ts --snapshots DIR` (v8.writeHeapSnapshot after a full GC).
 */
import { readFileSync } from 'node:fs';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]]; edge_fields: string[]; edge_types: [string[]] } };
  nodes: number[];
  edges: number[];
  strings: string[];
}

interface Group {
  count: number;
  size: number;
  holders: Map<string, number>;
}

function groups(file: string): Map<string, Group> {
  const s = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
  const { node_fields: nf, node_types: nt, edge_fields: ef, edge_types: et } = s.snapshot.meta;
  const NF = nf.length;
  const EF = ef.length;
  const [iType, iName, iSize, iEdges] = ['type', 'name', 'self_size', 'edge_count'].map((f) => nf.indexOf(f));
  const [eType, eTo] = ['type', 'to_node'].map((f) => ef.indexOf(f));
  const types = nt[0];
  const edgeTypes = et[0];
  const key = (n: number): string => {
    const type = types[s.nodes[n + iType!]!]!;
    const name = type === 'object' || type === 'native' || type === 'closure' ? s.strings[s.nodes[n + iName!]!]! : '';
    return `${type}:${name.slice(0, 60)}`;
  };
  const out = new Map<string, Group>();
  const at = (k: string): Group => {
    let g = out.get(k);
    if (g === undefined) out.set(k, (g = { count: 0, size: 0, holders: new Map() }));
    return g;
  };
  let e = 0;
  for (let n = 0; n < s.nodes.length; n += NF) {
    const g = at(key(n));
    g.count++;
    g.size += s.nodes[n + iSize!]!;
    const from = key(n);
    for (let i = 0; i < s.nodes[n + iEdges!]!; i++, e += EF) {
      if (edgeTypes[s.edges[e + eType!]!] === 'weak') continue;
      const to = at(key(s.edges[e + eTo!]!));
      to.holders.set(from, (to.holders.get(from) ?? 0) + 1);
    }
  }
  return out;
}

const [a, b] = process.argv.slice(2);
const top = Number(process.argv[process.argv.indexOf('--top') + 1] ?? 25) || 25;
const before = groups(a!);
const after = groups(b!);
const rows = [...after].map(([k, g]) => {
  const o = before.get(k);
  return { k, dCount: g.count - (o?.count ?? 0), dSize: g.size - (o?.size ?? 0), g, o };
});
rows.sort((x, y) => y.dSize - x.dSize);
const kb = (n: number): string => `${(n / 1024).toFixed(0)} KB`;
for (const r of rows.slice(0, top)) {
  const holders = [...r.g.holders]
    .map(([h, c]) => [h, c - (r.o?.holders.get(h) ?? 0)] as const)
    .filter(([, c]) => c > 0)
    .sort((x, y) => y[1] - x[1])
    .slice(0, 4)
    .map(([h, c]) => `${h}×${c}`)
    .join(', ');
  console.log(`${kb(r.dSize).padStart(9)} ${String(r.dCount).padStart(8)}  ${r.k}   ← ${holders}`);
}
