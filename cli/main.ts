/**
 * The `stammtisch` command line: settle game records and simulate random games.
 *   stammtisch score FILE… | -        settle records (JSON, or JSON Lines on stdin) → one JSON result per line
 *   stammtisch simulate --variant schafkopf --games 10000 --seed 1 [--players 4] [--preset sauspiel]
 */
import { readFileSync } from 'node:fs';
import {
  Rng,
  checkDeal,
  getVariant,
  listVariants,
  playRandomDeal,
  scoreRecord,
  type ScoreOutcome,
} from '../engine/index.js';

const USAGE = `usage:
  stammtisch score FILE… | -     settle game records (spec/RECORD.md); '-' reads JSON Lines from stdin
  stammtisch simulate --variant ID [--players N] [--games N] [--seed S] [--preset NAME]
  stammtisch variants            list variants, seat counts and presets`;

function readStdin(): string {
  return readFileSync(0, 'utf8');
}

/** Records in a text: one JSON document, or JSON Lines. */
function recordsIn(text: string): unknown[] {
  const trimmed = text.trim();
  if (trimmed === '') return [];
  try {
    return [JSON.parse(trimmed)];
  } catch {
    return trimmed
      .split(/\r?\n/)
      .filter((l) => l.trim() !== '')
      .map((line) => {
        try {
          return JSON.parse(line) as unknown;
        } catch {
          return { __unparsable: line };
        }
      });
  }
}

/** A record's outcome; `record/json` (a line that is not JSON) is the CLI's own code, not an API one. */
function scoreOne(
  record: unknown,
): ScoreOutcome | { readonly error: { readonly code: 'record/json'; readonly message: string } } {
  if (typeof record === 'object' && record !== null && '__unparsable' in record)
    return { error: { code: 'record/json', message: 'not valid JSON' } };
  return scoreRecord(record);
}

function score(files: string[]): number {
  if (files.length === 0) {
    console.error(USAGE);
    return 2;
  }
  let failed = false;
  for (const file of files) {
    let text: string;
    try {
      text = file === '-' ? readStdin() : readFileSync(file, 'utf8');
    } catch (e) {
      console.log(
        JSON.stringify({ error: { code: 'record/io', message: `cannot read ${file}: ${(e as Error).message}` } }),
      );
      failed = true;
      continue;
    }
    const records = recordsIn(text);
    if (records.length === 0) {
      console.log(JSON.stringify({ error: { code: 'record/json', message: `${file} holds no record` } }));
      failed = true;
    }
    for (const record of records) {
      const out = scoreOne(record);
      if ('error' in out) failed = true;
      console.log(JSON.stringify(out));
    }
  }
  return failed ? 1 : 0;
}

function flags(args: string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (!a.startsWith('--')) continue;
    const [k, v] = a.slice(2).split('=', 2) as [string, string | undefined];
    if (v !== undefined) out.set(k, v);
    else out.set(k, args[++i] ?? '');
  }
  return out;
}

function simulate(args: string[]): number {
  const f = flags(args);
  const variant = getVariant(f.get('variant') ?? 'schafkopf');
  if (variant === undefined) {
    console.error(
      `unknown variant ${f.get('variant')}; known: ${listVariants()
        .map((v) => v.id)
        .join(', ')}`,
    );
    return 2;
  }
  const players = Number(f.get('players') ?? (variant.id === 'schafkopf' ? 4 : variant.tableSeats.min));
  const games = Number(f.get('games') ?? 10_000);
  const seed = f.get('seed') ?? '1';
  const preset = f.get('preset');
  let options: unknown;
  try {
    options = variant.resolveOptions(preset, {}, players);
  } catch (e) {
    console.error((e as Error).message);
    return 2;
  }
  // Players in a deal (a table of 5–7 Schafkopf seats still plays four).
  const inDeal = variant.participants(options, players, players - 1).length;
  const rng = new Rng(seed);
  const contracts: Record<string, number> = {};
  const problems: string[] = [];
  const start = performance.now();
  for (let i = 0; i < games; i++) {
    const deal = playRandomDeal(variant, options, inDeal, i % inDeal, rng);
    for (const p of checkDeal(variant, options, inDeal, deal)) problems.push(`game ${i}: ${p}`);
    const c = deal.result.contract;
    const key = c === null ? `thrown-in:${deal.result.thrownIn ?? ''}` : `${c.game}${c.tout ? '-tout' : ''}`;
    contracts[key] = (contracts[key] ?? 0) + 1;
  }
  const seconds = (performance.now() - start) / 1000;
  console.log(
    JSON.stringify(
      {
        variant: variant.id,
        players,
        preset: preset ?? variant.defaultPreset,
        games,
        seed,
        seconds: Number(seconds.toFixed(3)),
        gamesPerSecond: Math.round(games / seconds),
        invariantViolations: problems.length,
        contracts,
        ...(problems.length > 0 ? { firstViolations: problems.slice(0, 5) } : {}),
      },
      null,
      2,
    ),
  );
  return problems.length > 0 ? 1 : 0;
}

function variants(): number {
  for (const v of listVariants())
    console.log(
      `${v.id}\t${v.tableSeats.min}-${v.tableSeats.max} seats\tpresets: ${Object.keys(v.presets).join(', ')} (default ${v.defaultPreset})`,
    );
  return 0;
}

function main(argv: string[]): number {
  const [command, ...rest] = argv;
  switch (command) {
    case 'score':
      return score(rest);
    case 'simulate':
      return simulate(rest);
    case 'variants':
      return variants();
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      console.log(USAGE);
      return command === undefined ? 2 : 0;
    default:
      console.error(`unknown command ${command}\n${USAGE}`);
      return 2;
  }
}

process.exitCode = main(process.argv.slice(2));
