/**
 * The `stammtisch` command line: settle game records and simulate random games.
 *   stammtisch score FILE… | -        settle records (docs/RECORD.md) → one JSON result per line
 *   stammtisch simulate --variant schafkopf --games 10000 --seed 1 [--players 4] [--preset sauspiel]
 *   stammtisch parse --variant schafkopf "Herz Solo Tout"   read a chat command
 * Bad usage (unknown flag, a player count the variant lacks, a non-numeric count) prints why and exits 2.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  Rng,
  checkDeal,
  DEFAULT_VARIANT,
  getVariant,
  listVariants,
  playRandomDeal,
  scoreRecord,
  type ScoreOutcome,
  asSeat,
} from '../engine/index.js';
import { DUEL_USAGE, duelCommand } from './duel.js';
import { parseCli } from './parse.js';

const USAGE = `usage:
  stammtisch score FILE… | -     settle game records (docs/RECORD.md); '-' reads standard input
  stammtisch simulate --variant ID [--players N] [--games N] [--seed S] [--preset NAME]
  stammtisch variants            list variants, seat counts and presets
  ${DUEL_USAGE}
  stammtisch parse --variant ID [--lang de|en] [--legal JSON] TEXT   read a chat command (docs/chat-commands.md)
  stammtisch COMMAND --help      more about one command`;

const SCORE_USAGE = `usage: stammtisch score FILE… | -

Replays each game record through the engine and prints one JSON line per record: the settlement
({"complete": true, "payout": […], …}), an unfinished deal ({"complete": false, "toAct": […]}) or the first
error ({"error": {"code", "message", "index", "seat", "rule", "field"}}).

A file (or '-' for standard input) holds one JSON record, pretty-printed or not, or JSON Lines (one record per
line). A JSON syntax error names its line and column; an unknown key names the key. The record format and the
card notation are described in docs/RECORD.md.

Exit status: 0 when every record settled, 1 when any record has an error, 2 for bad usage.`;

const SIMULATE_USAGE = `usage: stammtisch simulate [--variant ID] [--players N] [--games N] [--seed S] [--preset NAME]

Plays N random legal deals and checks the invariants after each (card conservation, zero-sum payout, …);
prints a JSON report with the contracts played and any invariant violation.

  --variant ID     schafkopf (default), mehrkopf, sheepshead, saukopf ('stammtisch variants' lists them)
  --players N      seats at the table; must be a count the variant is played with (default: 4 for
                   schafkopf, else the variant's smallest table)
  --games N        deals to play, a whole number ≥ 1 (default 10000)
  --seed S         any text; the same seed plays the same deals (default 1)
  --preset NAME    a preset of the variant (default: the variant's default preset)

Exit status: 0 without violations, 1 with violations, 2 for bad usage.`;

/** Bad usage: say why on stderr, point to the help, exit 2. */
class UsageError extends Error {}

function readStdin(): string {
  return readFileSync(0, 'utf8');
}

/** "line L column C" of a character offset in a text (1-based, like an editor). */
function lineColumn(text: string, offset: number): string {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const line = before.split('\n').length;
  const column = before.length - before.lastIndexOf('\n');
  return `line ${line} column ${column}`;
}

/** JSON.parse's complaint with the place it points to (Node's message gives a character position, or none at the end). */
function jsonError(text: string, error: unknown, lineOffset = 0): string {
  const message = error instanceof Error ? error.message : String(error);
  const position = /at position (\d+)/.exec(message);
  const offset = position ? Number(position[1]) : text.length;
  const place = lineColumn(text, offset).replace(/^line (\d+)/, (_, l: string) => `line ${Number(l) + lineOffset}`);
  return `invalid JSON at ${place}: ${message.replace(/ in JSON at position \d+.*$/, '')}`;
}

type Entry = { readonly record: unknown } | { readonly jsonError: string };

/**
 * The records in a text: one JSON document (pretty-printed or on one line), or JSON Lines. A text whose first line
 * is a whole JSON object is read as JSON Lines (each bad line is its own error, the others still settle); any other
 * text is one document, and a syntax error in it is one error naming its line and column.
 */
function recordsIn(text: string): Entry[] {
  if (text.trim() === '') return [];
  try {
    return [{ record: JSON.parse(text) as unknown }];
  } catch (whole) {
    const lines = text.split(/\r?\n/);
    const first = lines.findIndex((l) => l.trim() !== '');
    if (!isJsonObject(lines[first] ?? '')) return [{ jsonError: jsonError(text, whole) }];
    const out: Entry[] = [];
    for (const [i, line] of lines.entries()) {
      if (line.trim() === '') continue;
      try {
        out.push({ record: JSON.parse(line) as unknown });
      } catch (e) {
        out.push({ jsonError: jsonError(line, e, i) });
      }
    }
    return out;
  }
}

function isJsonObject(line: string): boolean {
  try {
    const v = JSON.parse(line) as unknown;
    return typeof v === 'object' && v !== null && !Array.isArray(v);
  } catch {
    return false;
  }
}

/** A record's outcome; `record/json` (text that is not JSON) is the CLI's own code, not an API one. */
function scoreOne(
  entry: Entry,
): ScoreOutcome | { readonly error: { readonly code: 'record/json'; readonly message: string } } {
  return 'jsonError' in entry
    ? { error: { code: 'record/json', message: entry.jsonError } }
    : scoreRecord(entry.record);
}

function score(args: string[]): number {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(SCORE_USAGE);
    return 0;
  }
  const flag = args.find((a) => a.startsWith('-') && a !== '-');
  if (flag !== undefined) throw new UsageError(`score: unknown option ${flag}`);
  if (args.length === 0) throw new UsageError('score: name at least one FILE, or - for standard input');
  let failed = false;
  for (const file of args) {
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
    const entries = recordsIn(text);
    if (entries.length === 0) {
      console.log(JSON.stringify({ error: { code: 'record/json', message: `${file} holds no record` } }));
      failed = true;
    }
    for (const entry of entries) {
      const out = scoreOne(entry);
      if ('error' in out) failed = true;
      console.log(JSON.stringify(out));
    }
  }
  return failed ? 1 : 0;
}

/** A whole number in [min, max] from a flag, or a usage error saying what is allowed. */
function wholeNumber(flag: string, text: string, min: number, max: number, allowed: string): number {
  const n = /^\d+$/.test(text.trim()) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max)
    throw new UsageError(`simulate: --${flag} ${JSON.stringify(text)}: ${allowed}`);
  return n;
}

function simulate(args: string[]): number {
  let values: { variant?: string; players?: string; games?: string; seed?: string; preset?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        variant: { type: 'string' },
        players: { type: 'string' },
        games: { type: 'string' },
        seed: { type: 'string' },
        preset: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (e) {
    // parseArgs names the flag: "Unknown option '--gmaes'", "Option '--games <value>' argument missing".
    throw new UsageError(`simulate: ${(e as Error).message.split('. ')[0]}`);
  }
  if (values.help === true) {
    console.log(SIMULATE_USAGE);
    return 0;
  }
  const variant = getVariant(values.variant ?? DEFAULT_VARIANT.id);
  if (variant === undefined)
    throw new UsageError(
      `simulate: unknown variant ${JSON.stringify(values.variant)}; known: ${listVariants()
        .map((v) => v.id)
        .join(', ')}`,
    );
  const { min, max } = variant.tableSeats;
  const players =
    values.players === undefined
      ? min
      : wholeNumber('players', values.players, min, max, `${variant.id} is played by ${min} to ${max} players`);
  const games =
    values.games === undefined
      ? 10_000
      : wholeNumber('games', values.games, 1, 100_000_000, 'a whole number from 1 to 100000000');
  const seed = values.seed ?? '1';
  const preset = values.preset;
  if (preset !== undefined && !(preset in variant.presets))
    throw new UsageError(
      `simulate: ${variant.id} has no preset ${JSON.stringify(preset)}; presets: ${Object.keys(variant.presets).join(', ')}`,
    );
  let options: unknown;
  try {
    options = variant.resolveOptions(preset, {}, players);
  } catch (e) {
    throw new UsageError(`simulate: ${(e as Error).message}`);
  }
  // Players in a deal (a table of 5–7 Schafkopf seats still plays four).
  const inDeal = variant.participants(options, players, asSeat(players - 1)).length;
  const rng = new Rng(seed);
  const contracts: Record<string, number> = {};
  const problems: string[] = [];
  const start = performance.now();
  for (let i = 0; i < games; i++) {
    const deal = playRandomDeal(variant, options, inDeal, asSeat(i % inDeal), rng);
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
  try {
    switch (command) {
      case 'score':
        return score(rest);
      case 'simulate':
        return simulate(rest);
      case 'variants':
        return variants();
      case 'duel':
        return duelCommand(rest);
      case 'parse':
        return parseCli(rest);
      case 'help':
      case '--help':
      case '-h':
        console.log(USAGE);
        return 0;
      case undefined:
        console.error(USAGE);
        return 2;
      default:
        throw new UsageError(`unknown command ${command}`);
    }
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    const help = command === 'score' || command === 'simulate' ? `stammtisch ${command} --help` : 'stammtisch --help';
    console.error(`stammtisch ${e.message}\n(${help} shows the usage)`);
    return 2;
  }
}

process.exitCode = main(process.argv.slice(2));
