/**
 * `stammtisch duel`: two bot levels on duplicate deals (engine/bots/duel.ts).
 *   stammtisch duel --variant schafkopf --players 4 --a heuristic --b random --deals 200 --seed 1 [--preset P]
 *                   [--budget MS] [--json]
 */
import { performance } from 'node:perf_hooks';
import { DEFAULT_VARIANT, asSeat, getVariant, listVariants } from '../engine/index.js';
import { type DuelOptions, type DuelReport, duel, quantile } from '../engine/bots/duel.js';
import { BOT_LEVELS, type Bot, budgetForMs, isBotLevel } from '../engine/bots/index.js';

export const DUEL_USAGE =
  'stammtisch duel --variant ID --players N --a LEVEL --b LEVEL --deals D --seed S [--preset P] [--budget MS] [--json]';

function flags(args: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const k = args[i] as string;
    if (!k.startsWith('--')) continue;
    const v = args[i + 1];
    if (v === undefined || v.startsWith('--')) out.set(k.slice(2), 'true');
    else {
      out.set(k.slice(2), v);
      i++;
    }
  }
  return out;
}

/** A duel report with each level's decision times, measured here (the engine has no clock). */
export interface TimedDuelReport extends DuelReport {
  readonly decisionMs: Readonly<Record<string, { readonly p50: number; readonly p99: number; readonly n: number }>>;
}

/** `duel` with every decision timed by `now` around the bot (outside the engine). */
export function timedDuel(o: Omit<DuelOptions, 'wrap'>, now: () => number = () => performance.now()): TimedDuelReport {
  const times: Record<string, number[]> = { [o.a]: [], [o.b]: [] };
  const wrap = (bot: Bot): Bot => ({
    level: bot.level,
    decide(obs, legal, ctx) {
      const t0 = now();
      const action = bot.decide(obs, legal, ctx);
      (times[bot.level] ??= []).push(now() - t0);
      return action;
    },
  });
  const report = duel({ ...o, wrap });
  const decisionMs: Record<string, { p50: number; p99: number; n: number }> = {};
  for (const [level, ms] of Object.entries(times)) {
    const sorted = [...ms].sort((x, y) => x - y);
    decisionMs[level] = { p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99), n: sorted.length };
  }
  return { ...report, decisionMs };
}

const fmt = (x: number): string => (Math.abs(x) >= 100 ? x.toFixed(1) : x.toFixed(3));

/** The report as text: one line per bot, the difference, decision times and the contract mix. */
export function formatDuel(r: DuelReport & Partial<Pick<TimedDuelReport, 'decisionMs'>>): string {
  const lines = [
    `duel ${r.variant} ${r.players} players: ${r.deals} deals × ${r.players} rotations = ${r.hands} hands`,
    `A ${r.a.padEnd(9)} mean ${fmt(r.resultA.mean)} ± ${fmt(r.resultA.ci95)} per hand (95% CI)`,
    `B ${r.b.padEnd(9)} mean ${fmt(r.resultB.mean)} ± ${fmt(r.resultB.ci95)} per hand (95% CI)`,
    `A − B      ${fmt(r.diff.mean)} ± ${fmt(r.diff.ci95)} per hand (95% CI)${
      Math.abs(r.diff.mean) > r.diff.ci95 ? ` → ${r.diff.mean > 0 ? r.a : r.b} better` : ' → not separated'
    }`,
  ];
  for (const [level, t] of Object.entries(r.decisionMs ?? {}))
    lines.push(`decision ms ${level.padEnd(9)} p50 ${t.p50.toFixed(2)} p99 ${t.p99.toFixed(2)} (n=${t.n})`);
  for (const [who, mix] of Object.entries(r.contracts)) {
    const entries = Object.entries(mix).sort((x, y) => y[1] - x[1]);
    if (entries.length > 0) lines.push(`contracts ${who.padEnd(9)} ${entries.map(([k, v]) => `${k} ${v}`).join(', ')}`);
  }
  return lines.join('\n');
}

/** `stammtisch duel --help` (the variants and levels as the engine lists them). */
export function duelHelp(): string {
  return `Usage: ${DUEL_USAGE}

Plays bot level A against level B on duplicate deals: every deal once per seat rotation, A in one seat and B in
the others, so the luck of the cards cancels; reports each level's mean payout per deal, A minus B with its 95%
confidence interval, the contracts declared and the decision times.

Options (defaults in brackets):
  --variant ID     ${listVariants()
    .map((v) => v.id)
    .join(', ')} [schafkopf]
  --players N      seats at the table [4 for schafkopf, else the variant's smallest table]
  --a LEVEL        the first bot level: ${BOT_LEVELS.join(', ')} [heuristic]
  --b LEVEL        the second bot level [random]
  --deals D        deals to play [100]
  --seed S         the shuffle seed: the same seed plays the same deals [1]
  --preset P       the variant's rule preset [the variant's default]
  --budget MS      thinking time per decision of the searching level, in ms [200]
  --json           the report as JSON
  -h, --help       this help`;
}

/** The options `duel` takes: anything else is a usage error rather than silently ignored. */
const DUEL_FLAGS = new Set(['variant', 'players', 'a', 'b', 'deals', 'seed', 'preset', 'budget', 'json']);

export function duelCommand(args: readonly string[]): number {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(duelHelp());
    return 0;
  }
  const f = flags(args);
  const unknown = [...f.keys()].find((k) => !DUEL_FLAGS.has(k));
  const stray = args[0] !== undefined && !args[0].startsWith('--') ? args[0] : undefined;
  if (unknown !== undefined || stray !== undefined) {
    console.error(
      `duel: ${unknown !== undefined ? `unknown option --${unknown}` : `unexpected ${stray}`}\n${DUEL_USAGE}`,
    );
    return 2;
  }
  const variant = getVariant(f.get('variant') ?? DEFAULT_VARIANT.id);
  if (variant === undefined) {
    console.error(
      `unknown variant ${f.get('variant')}; known: ${listVariants()
        .map((v) => v.id)
        .join(', ')}`,
    );
    return 2;
  }
  const a = f.get('a') ?? 'heuristic';
  const b = f.get('b') ?? 'random';
  for (const level of [a, b])
    if (!isBotLevel(level)) {
      console.error(`unknown bot level ${level}\n${DUEL_USAGE}`);
      return 2;
    }
  const seats = Number(f.get('players') ?? variant.tableSeats.min);
  const deals = Number(f.get('deals') ?? 100);
  const budgetMs = Number(f.get('budget') ?? 200);
  if (!Number.isInteger(seats) || !Number.isInteger(deals) || deals < 1 || !(budgetMs > 0)) {
    console.error(`--players and --deals take whole numbers, --budget a positive number\n${DUEL_USAGE}`);
    return 2;
  }
  let options: unknown;
  try {
    options = variant.resolveOptions(f.get('preset'), {}, seats);
  } catch (e) {
    console.error((e as Error).message);
    return 2;
  }
  const players = variant.participants(options, seats, asSeat(seats - 1)).length;
  const report = timedDuel({
    variant,
    options,
    players,
    a,
    b,
    deals,
    seed: f.get('seed') ?? '1',
    budget: budgetForMs(budgetMs),
  });
  console.log(f.has('json') ? JSON.stringify(report, null, 2) : formatDuel(report));
  return 0;
}
