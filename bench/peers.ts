/**
 * Random full games per CPU second: this engine against the open-source peers on the same game, measured side by side in
 * one process per game (alternating short segments, medians), so the ratio holds on a loaded machine. `npm run bench:peers`
 * (bundled with esbuild first, as `npm run bench` is) `-- [--seconds=0.5] [--rounds=5] [--peer=owner/name=<dir>]`.
 *
 * The peers carry no licence, so no file of theirs is in this repo: each is read from a local clone at run time —
 * `--peer=ILadis/sheepshead=<checkout>` (a work tree), or else the mirror /work/.mirror/<owner>+<name>/repo (a bare
 * repository; its HEAD is extracted with `git archive` into a temporary folder). The drivers in bench/peers/*.mjs are
 * ours: they play random legal moves through each peer's own deal, legal-move and scoring code.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Rng, type Seat, getVariant, nextSeat, playRandomDeal } from '../engine/index.js';

interface Peer {
  play(n: number): Promise<number>;
}
interface PeerSpec {
  readonly repo: string;
  readonly driver: string;
  readonly what: string;
}

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split(/=(.*)/s) as [string, string]));
const seconds = Number(args.get('seconds') ?? 0.5);
/** `--only=sheepshead 5` keeps the rows whose label starts with it. */
const only = args.get('only');
const rounds = Number(args.get('rounds') ?? 5);
const given = new Map(
  process.argv
    .slice(2)
    .filter((a) => a.startsWith('--peer='))
    .map((a) => a.slice('--peer='.length).split(/=(.*)/s) as [string, string]),
);

/** A folder holding the peer's files, and the commit it came from (when known). */
function peerSource(repo: string): { dir: string; commit: string } | undefined {
  const dir = given.get(repo);
  const git = (gitArgs: string[]): string =>
    execFileSync('git', gitArgs, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  if (dir !== undefined) {
    let commit = 'unknown';
    try {
      commit = git(['-C', dir, 'rev-parse', 'HEAD']);
    } catch {
      // Not a git work tree: the files are used as they are.
    }
    return { dir, commit };
  }
  const mirror = `/work/.mirror/${repo.replace('/', '+')}/repo`;
  if (!existsSync(mirror)) return undefined;
  const out = mkdtempSync(join(tmpdir(), `peer-${repo.replace('/', '-')}-`));
  execFileSync('sh', ['-c', 'git --git-dir="$0" archive HEAD | tar -x -C "$1"', mirror, out]);
  return { dir: out, commit: git(['--git-dir', mirror, 'rev-parse', 'HEAD']) };
}

async function loadPeer(spec: PeerSpec): Promise<{ peer: Peer; commit: string } | undefined> {
  const src = peerSource(spec.repo);
  if (src === undefined) return undefined;
  // The driver sits next to this file (bench/peers/), also when this file runs bundled from node_modules/.cache.
  const bench = process.env['STAMMTISCH_BENCH_DIR'] ?? import.meta.dirname;
  const mod = (await import(join(bench, 'peers', spec.driver))) as { load(dir: string): Promise<Peer> };
  return { peer: await mod.load(src.dir), commit: src.commit };
}

/** Our side: `n` seeded random deals through the engine (deal, picking/bidding, legal actions each turn, settlement). */
function ours(variantId: string, preset: string, overrides: unknown, players: number): Peer {
  const variant = getVariant(variantId);
  if (!variant) throw new Error(variantId);
  const options = variant.resolveOptions(preset, overrides, players);
  const rng = new Rng(42);
  let dealer: Seat = 0;
  return {
    play(n: number): Promise<number> {
      for (let i = 0; i < n; i++) {
        playRandomDeal(variant, options, players, dealer, rng);
        dealer = nextSeat(dealer, players);
      }
      return Promise.resolve(n);
    },
  };
}

/** CPU time of this process so far, in ms (user + system: other jobs on a shared machine do not count). */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/**
 * A full collection before every segment (untimed), so that neither side pays for the other's garbage: the peers
 * copy their whole state on every move and leave far more of it than we do.
 */
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/** Games per CPU second over one segment of at least `seconds` CPU time, in batches of `batch`. */
async function segment(p: Peer, batch: number): Promise<number> {
  collect();
  let games = 0;
  const start = cpuMs();
  let elapsed = 0;
  while (elapsed < seconds * 1000) {
    games += await p.play(batch);
    elapsed = cpuMs() - start;
  }
  return games / (elapsed / 1000);
}

const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const fmt = (x: number): string => Math.round(x).toLocaleString('en-US').padStart(9);

/** Alternating segments (the order flips every round); the medians and the median of the per-round ratios. */
async function compare(a: Peer, b: Peer | undefined): Promise<{ a: number; b: number; ratio: number }> {
  await segment(a, 500);
  if (b) await segment(b, 500);
  const as: number[] = [];
  const bs: number[] = [];
  const ratios: number[] = [];
  for (let r = 0; r < rounds; r++) {
    if (b === undefined) {
      as.push(await segment(a, 500));
      continue;
    }
    // The order flips every round, so a drift in machine load hits both alike.
    const first = r % 2 === 0 ? a : b;
    const x1 = await segment(first, 500);
    const x2 = await segment(first === a ? b : a, 500);
    const [x, y] = first === a ? [x1, x2] : [x2, x1];
    as.push(x);
    bs.push(y);
    ratios.push(x / y);
  }
  return { a: median(as), b: b ? median(bs) : NaN, ratio: b ? median(ratios) : NaN };
}

const PEERS: Record<string, PeerSpec> = {
  schafkopf: { repo: 'ILadis/sheepshead', driver: 'iladis-sheepshead.mjs', what: 'Schafkopf, 4 players' },
  sheepshead5: { repo: 'jacobdixon/noschnitz', driver: 'noschnitz.mjs', what: 'Sheepshead, 5 players, called ace' },
};

/** [label, variant, preset, overrides, players, peer key]. */
const ROWS: [string, string, string, unknown, number, string | undefined][] = [
  ['schafkopf 4 (sauspiel)', 'schafkopf', 'sauspiel', {}, 4, 'schafkopf'],
  ['sheepshead 5 (standard, doubler)', 'sheepshead', 'standard', { noPick: 'doubler' }, 5, 'sheepshead5'],
  ['sheepshead 5 (standard)', 'sheepshead', 'standard', {}, 5, 'sheepshead5'],
  ...[2, 3, 4, 6, 7, 8].map(
    (n) =>
      [`sheepshead ${n} (standard)`, 'sheepshead', 'standard', {}, n, undefined] as [
        string,
        string,
        string,
        unknown,
        number,
        undefined,
      ],
  ),
];

/**
 * Each row runs in a child process of its own (this file again, with `--row=<label>`): ours and the peer side by side
 * in that one process, and no row's JIT state (the shared playout loop having seen other variants) or heap carried
 * into the next.
 */
const row = args.get('row');
if (row === undefined) {
  console.log(
    `Random full games/s, ours against open-source peers: per row one process, per CPU second (node ${process.version}, ${rounds} rounds × ${seconds}s CPU each side, medians)`,
  );
  for (const spec of Object.values(PEERS)) {
    const src = peerSource(spec.repo);
    console.log(
      src
        ? `peer ${spec.repo} @ ${src.commit.slice(0, 12)} — ${spec.what}`
        : `peer ${spec.repo}: no local clone (git clone https://github.com/${spec.repo} and pass --peer=${spec.repo}=<dir>)`,
    );
  }
  console.log(`${'game'.padEnd(34)} ${'ours'.padStart(9)} ${'peer'.padStart(9)}  ratio`);
  // This very file (the bundle when run by bench/run.mjs).
  const script = fileURLToPath(import.meta.url);
  for (const [label] of ROWS) {
    if (only !== undefined && !label.startsWith(only)) continue;
    const out = execFileSync(process.execPath, [script, ...process.argv.slice(2), `--row=${label}`], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    process.stdout.write(out);
  }
} else {
  const found = ROWS.find(([label]) => label === row);
  if (found === undefined) throw new Error(`no row ${row}`);
  const [label, id, preset, overrides, players, key] = found;
  const spec = key === undefined ? undefined : PEERS[key];
  const peer = spec === undefined ? undefined : (await loadPeer(spec))?.peer;
  const r = await compare(ours(id, preset, overrides, players), peer);
  const ratio = Number.isNaN(r.ratio) ? '' : `${r.ratio.toFixed(1)}×`;
  console.log(`${label.padEnd(34)} ${fmt(r.a)} ${Number.isNaN(r.b) ? '        –' : fmt(r.b)}  ${ratio}`);
}
