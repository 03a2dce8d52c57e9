/**
 * Solver time from the first card of a 4-player Schafkopf deal, perfect information: the exact value (card points of
 * the declaring party with best play, to the end), the 3-trick lookahead `strong` uses early in a deal, and the
 * win/loss question alone (does the declaring party take ≥ 61? one null-window search, what Skat solvers time).
 * Times are CPU time of this process per solve (user + system), so other load on the machine counts less.
 * With `--reference` the first solver (engine/bots/solver-reference.ts) solves the same deals in the same run and the
 * values are checked to agree.
 *   npx tsx bench/bots-solver.ts [deals=20] [games=sauspiel,solo,wenz] [--reference] [--winloss-only]
 */
import { Rng, getVariant, indexOf } from '../engine/index.js';
import { orderOf } from '../engine/bots/orders.js';
import { ReferenceSolver } from '../engine/bots/solver-reference.js';
import { Solver, type SolverProblem, TranspositionTable } from '../engine/bots/solver.js';

const positional = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const deals = Number(positional[0] ?? 20);
const games = (positional[1] ?? 'sauspiel,solo,wenz').split(',');
const withReference = process.argv.includes('--reference');
const exact = !process.argv.includes('--winloss-only');
const variant = getVariant('schafkopf');
if (variant === undefined) throw new Error('schafkopf not registered');
const options = variant.resolveOptions(undefined, {}, 4);

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

interface Row {
  ms: number[];
  nodes: number[];
  values: number[];
}
const row = (): Row => ({ ms: [], nodes: [], values: [] });
const stat = (xs: readonly number[]): string => {
  const s = xs.slice().sort((a, b) => a - b);
  const mean = s.reduce((a, b) => a + b, 0) / s.length;
  return `mean ${mean.toFixed(1)} ms, p50 ${s[Math.floor(s.length / 2)]?.toFixed(1)} ms, max ${s[s.length - 1]?.toFixed(1)} ms`;
};
const meanNodes = (xs: readonly number[]): number => Math.round(xs.reduce((a, b) => a + b, 0) / xs.length);

type Ask = 'exact' | 'lookahead' | 'winloss';
const asks: Ask[] = exact ? ['exact', 'lookahead', 'winloss'] : ['winloss'];

// One table for every solve (each solver has its own generation in it), allocated outside the timed part.
const table = new TranspositionTable();

function run(kind: 'new' | 'reference', p: SolverProblem, ask: Ask, into: Row): void {
  const t0 = cpuMs();
  const problem = ask === 'lookahead' ? { ...p, maxTricks: 3 } : p;
  const s = kind === 'new' ? new Solver({ ...problem, table }) : new ReferenceSolver(problem);
  const v = ask === 'winloss' ? (s.atLeast(61) === true ? 1 : 0) : (s.value() as number);
  into.ms.push(cpuMs() - t0);
  into.nodes.push(s.nodes);
  into.values.push(v);
}

const lines: string[] = [];
for (const contract of [
  { game: 'sauspiel', suit: 'E' as const, declarer: 0 as const },
  { game: 'solo', suit: 'H' as const, declarer: 0 as const },
  { game: 'wenz', declarer: 0 as const },
].filter((c) => games.includes(c.game))) {
  const order = orderOf('schafkopf', contract, options);
  const rng = new Rng(`solver-bench:${contract.game}`);
  const rows = new Map<string, Row>();
  const get = (k: string): Row => {
    let r = rows.get(k);
    if (r === undefined) rows.set(k, (r = row()));
    return r;
  };
  for (let d = 0; d < deals; d++) {
    const layout = variant.deal(options, 4, 3, rng.shuffle(variant.deck(options, 4)));
    const hands = layout.hands.map((h) => h.map(indexOf));
    // Declarer party: seat 0 and, in a Sauspiel, the holder of the Eichel-Sau (seat 0 when it holds it itself).
    const partner = contract.game === 'sauspiel' ? hands.findIndex((h) => h.includes(indexOf('EA'))) : 0;
    const mask = (1 << 0) | (1 << partner);
    const p: SolverProblem = { order, hands, trick: [], leader: 0, valueMask: mask, maxMask: mask, unit: 'points' };
    for (const ask of asks) {
      run('new', p, ask, get(`new:${ask}`));
      if (withReference) run('reference', p, ask, get(`reference:${ask}`));
    }
  }
  for (const ask of asks) {
    const label = { exact: 'exact value', lookahead: '3 tricks ahead', winloss: 'win/loss (≥ 61)' }[ask];
    for (const kind of withReference ? ['reference', 'new'] : ['new']) {
      const r = get(`${kind}:${ask}`);
      const wins = ask === 'winloss' ? ` (${r.values.reduce((a, b) => a + b, 0)}/${deals} won)` : '';
      lines.push(
        `${contract.game.padEnd(9)}${label.padEnd(17)}${kind.padEnd(10)}${stat(r.ms)}, mean nodes ${meanNodes(r.nodes)}${wins}`,
      );
    }
    if (withReference) {
      const a = get(`new:${ask}`).values;
      const b = get(`reference:${ask}`).values;
      const differ = a.filter((v, i) => v !== b[i]).length;
      if (differ > 0) lines.push(`  !! ${differ} of ${deals} values differ between the solvers`);
    }
  }
}
console.log(`${deals} deals per game, 4 players, from the first card, CPU time per solve`);
for (const l of lines) console.log(l);
