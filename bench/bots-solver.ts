/**
 * Solver time from the first card of a 4-player Schafkopf deal, perfect information: the exact value (card points of
 * the declaring party with best play, to the end), the 3-trick lookahead `strong` uses early in a deal, the
 * win/loss question alone (does the declaring party take ≥ 61? one null-window search, what Skat solvers time) and the
 * settlement (which payout step best play reaches: lost/won, Schneider, Schwarz — solver-objective.ts `settlement`).
 * With `--bidders` the declarer is a seat the heuristic would let bid the contract (its hand-strength margin ≥ 0,
 * engine/bots/heuristic.ts `contractMargin`), deals without one are skipped: the games a table actually plays; without
 * it seat 0 declares on a random deal (mostly hopeless Solos and Wenzen, which settle fast).
 * Times are CPU time of this process per solve (user + system), so other load on the machine counts less.
 * With `--reference` the first solver (engine/bots/solver-reference.ts) solves the same deals in the same run and the
 * values are checked to agree.
 * With `--per-deal` each deal's settlement (step, nodes, CPU ms) is printed as well: the heavy deals to look at.
 *   npx tsx bench/bots-solver.ts [deals=20] [games=sauspiel,solo,wenz] [--reference] [--winloss-only] [--bidders]
 *     [--per-deal]
 */
import { Rng, getVariant, indexOf } from '../engine/index.js';
import { contractMargin } from '../engine/bots/heuristic.js';
import { orderOf } from '../engine/bots/orders.js';
import { settlement } from '../engine/bots/solver-objective.js';
import { ReferenceSolver } from '../engine/bots/solver-reference.js';
import { Solver, type SolverProblem, TranspositionTable } from '../engine/bots/solver.js';

const positional = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const deals = Number(positional[0] ?? 20);
const games = (positional[1] ?? 'sauspiel,solo,wenz').split(',');
const withReference = process.argv.includes('--reference');
const exact = !process.argv.includes('--winloss-only');
const bidders = process.argv.includes('--bidders');
const perDeal = process.argv.includes('--per-deal');
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

type Ask = 'exact' | 'lookahead' | 'winloss' | 'settle';
const asks: Ask[] = exact ? ['exact', 'lookahead', 'winloss', 'settle'] : ['winloss', 'settle'];

// One table for every solve (each solver has its own generation in it), allocated outside the timed part.
const table = new TranspositionTable();

function run(kind: 'new' | 'reference', p: SolverProblem, ask: Ask, into: Row): void {
  if (ask === 'settle') {
    if (kind === 'reference') return;
    const t0 = cpuMs();
    const r = settlement({ ...p, table });
    into.ms.push(cpuMs() - t0);
    into.nodes.push(r.nodes);
    into.values.push(r.step as number);
    return;
  }
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
  const deck = variant.deck(options, 4);
  for (let d = 0; d < deals; d++) {
    let hands: number[][];
    let declarer = 0;
    for (let tries = 0; ; tries++) {
      const layout = variant.deal(options, 4, 3, rng.shuffle(deck));
      hands = layout.hands.map((h) => h.map(indexOf));
      if (!bidders) break;
      // A seat that would bid it (a Sauspiel caller must not hold the Eichel-Sau), else deal again.
      declarer = hands.findIndex(
        (h) =>
          contractMargin('schafkopf', options, contract, h, deck.map(indexOf)).margin >= 0 &&
          (contract.game !== 'sauspiel' || !h.includes(indexOf('EA'))),
      );
      if (declarer >= 0) break;
      if (tries > 10_000) throw new Error(`no ${contract.game} bidder in 10,000 deals`);
    }
    // Declarer party: the declarer and, in a Sauspiel, the holder of the Eichel-Sau (the declarer when it holds it).
    const partner = contract.game === 'sauspiel' ? hands.findIndex((h) => h.includes(indexOf('EA'))) : declarer;
    const mask = (1 << declarer) | (1 << partner);
    const p: SolverProblem = { order, hands, trick: [], leader: 0, valueMask: mask, maxMask: mask, unit: 'points' };
    for (const ask of asks) {
      run('new', p, ask, get(`new:${ask}`));
      if (withReference) run('reference', p, ask, get(`reference:${ask}`));
    }
    if (perDeal) {
      const r = get('new:settle');
      const i = r.ms.length - 1;
      lines.push(
        `${contract.game.padEnd(9)}deal ${String(d).padEnd(4)} declarer ${declarer} step ${r.values[i]} nodes ${r.nodes[i]} ${r.ms[i]?.toFixed(1)} ms`,
      );
    }
  }
  for (const ask of asks) {
    const label = {
      exact: 'exact value',
      lookahead: '3 tricks ahead',
      winloss: 'win/loss (≥ 61)',
      settle: 'settlement step',
    }[ask];
    for (const kind of withReference ? ['reference', 'new'] : ['new']) {
      const r = get(`${kind}:${ask}`);
      const wins =
        ask === 'winloss'
          ? ` (${r.values.reduce((a, b) => a + b, 0)}/${deals} won)`
          : ask === 'settle'
            ? ` (steps 0..5: ${[0, 1, 2, 3, 4, 5].map((k) => r.values.filter((v) => v === k).length).join('/')})`
            : '';
      lines.push(
        `${contract.game.padEnd(9)}${label.padEnd(17)}${kind.padEnd(10)}${stat(r.ms)}, mean nodes ${meanNodes(r.nodes)}${wins}`,
      );
    }
    if (ask === 'settle' && asks.includes('exact')) {
      // The points step must match the exact value (Schwarz aside: steps 0/1 and 4/5 share their points).
      const pts = get('new:exact').values;
      const bad = get('new:settle').values.filter((st, i) => {
        const v = pts[i] as number;
        const step = v < 31 ? 1 : v < 61 ? 2 : v < 91 ? 3 : 4;
        return step === 1 || step === 4 ? st !== step && st !== step + (step === 1 ? -1 : 1) : st !== step;
      }).length;
      if (bad > 0) lines.push(`  !! ${bad} of ${deals} settlement steps disagree with the exact value`);
    }
    if (withReference) {
      const a = get(`new:${ask}`).values;
      const b = get(`reference:${ask}`).values;
      const differ = a.filter((v, i) => v !== b[i]).length;
      if (differ > 0) lines.push(`  !! ${differ} of ${deals} values differ between the solvers`);
    }
  }
}
console.log(
  `${deals} deals per game, 4 players, from the first card, CPU time per solve, declarer ${bidders ? 'a seat that would bid it' : 'seat 0'}`,
);
for (const l of lines) console.log(l);
