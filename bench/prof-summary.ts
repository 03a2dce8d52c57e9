/**
 * Summarise a V8 CPU profile (`node --cpu-prof`, or BENCH_PROF=<dir> npm run bench:server): self time by category
 * (AWS SDK, dynalite/LevelDB, HTTP, JSON, engine, GC, …) and the top functions. `tsx bench/prof-summary.ts <file>`.
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
const file = process.argv[2];
if (file === undefined) throw new Error('usage: prof-summary <file.cpuprofile>');
const prof = JSON.parse(readFileSync(file, 'utf8')) as {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
};
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
prof.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (prof.timeDeltas[i] ?? 0)));

const category = (n: Node): string => {
  const { url, functionName } = n.callFrame;
  if (functionName === '(garbage collector)') return 'GC';
  if (functionName === '(idle)' || functionName === '(program)') return functionName;
  if (url.includes('@aws-sdk') || url.includes('@smithy')) return 'AWS SDK (middleware, signing, serde)';
  if (url.includes('dynalite')) return 'dynalite';
  if (/leveldown|levelup|memdown|abstract-leveldown|level-|encoding-down|deferred-leveldown/.test(url))
    return 'LevelDB (level*)';
  if (url.includes('lazy') || url.includes('big.js') || url.includes('lock')) return 'dynalite deps';
  if (url.includes('/engine/')) return 'engine (fold, decide, view, redact)';
  if (url.includes('/functions/')) return 'functions (use cases, adapters)';
  if (url.includes('hono')) return 'Hono';
  if (url.includes('/ws/') || url.includes('node_modules/ws')) return 'ws';
  if (url.startsWith('node:http') || url.includes('_http') || url.startsWith('node:net')) return 'node http/net';
  if (url.startsWith('node:internal/modules') || url.includes('cjs-module-lexer') || url.includes('tsx'))
    return 'module loading (start-up)';
  if (url.startsWith('node:')) return 'node internals';
  if (url === '' && /JSON|stringify|parse/.test(functionName)) return 'JSON (native)';
  if (url === '') return `native (${functionName || 'anon'})`;
  if (url.includes('node_modules')) return url.replace(/.*node_modules\/((@[^/]+\/)?[^/]+).*/, '$1');
  return url.replace(/.*\/(cost\d+|stammtisch|main)\//, '');
};
const parent = new Map<number, number>();
for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
// Node internals and natives count for the code that called them (the SDK's HTTP client, dynalite's server, …).
const owner = (id: number): string => {
  const first = category(byId.get(id)!);
  if (!(first.startsWith('node ') || first.startsWith('native') || first === 'JSON (native)')) return first;
  for (let p = parent.get(id); p !== undefined; p = parent.get(p)) {
    const c = category(byId.get(p)!);
    if (!(c.startsWith('node ') || c.startsWith('native') || c === 'JSON (native)' || c === '(root)'))
      return `${c} [incl. node/native below it]`;
  }
  return first;
};
const cats = new Map<string, number>();
const fns = new Map<string, number>();
let total = 0;
for (const [id, us] of self) {
  const n = byId.get(id)!;
  const c = owner(id);
  if (c === '(idle)') continue;
  total += us;
  cats.set(c, (cats.get(c) ?? 0) + us);
  const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.replace(/.*node_modules\//, '')}:${n.callFrame.lineNumber}`;
  fns.set(key, (fns.get(key) ?? 0) + us);
}
const pct = (us: number): string => ((100 * us) / total).toFixed(1).padStart(5) + ' %';
console.log(`busy ${(total / 1000).toFixed(0)} ms of ${((prof.endTime - prof.startTime) / 1000).toFixed(0)} ms`);
for (const [c, us] of [...cats].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(pct(us), c);
console.log('\ntop functions (self):');
for (const [f, us] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(pct(us), f);
