/**
 * Engine benchmark: random full games per second on one core, and the time to validate and settle one record.
 * Run with `npm run bench` (bundled with esbuild first, as the Lambda functions are).
 */
import { Rng, checkDeal, getVariant, listVariants, playRandomDeal, scoreRecord, toRecord } from '../engine/index.js';
import { asSeat } from '../engine/seat.js';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const seconds = Number(args.get('seconds') ?? 2);

/** CPU time of this process in ms (user + system): other jobs on a shared machine do not count. */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

function gamesPerSecond(variantId: string, preset: string | undefined, players: number): number {
  const variant = getVariant(variantId);
  if (!variant) throw new Error(variantId);
  const options = variant.resolveOptions(preset, {}, players);
  const rng = new Rng(42);
  // Warm up the JIT, then measure whole batches until the time is up.
  for (let i = 0; i < 20_000; i++) playRandomDeal(variant, options, players, asSeat(i % players), rng);
  let games = 0;
  const start = cpuMs();
  let elapsed = 0;
  while (elapsed < seconds * 1000) {
    for (let i = 0; i < 10_000; i++) playRandomDeal(variant, options, players, asSeat(i % players), rng);
    games += 10_000;
    elapsed = cpuMs() - start;
  }
  return games / (elapsed / 1000);
}

function recordMicros(variantId: string, preset: string | undefined, players: number): { us: number; checked: number } {
  const variant = getVariant(variantId);
  if (!variant) throw new Error(variantId);
  const options = variant.resolveOptions(preset, {}, players);
  const rng = new Rng(7);
  const records = Array.from({ length: 2000 }, (_, i) => {
    const deal = playRandomDeal(variant, options, players, asSeat(i % players), rng, undefined, true);
    if (checkDeal(variant, options, players, deal).length > 0) throw new Error('invariant broken');
    return toRecord({
      variant: variantId,
      ...(preset ? { preset } : {}),
      seats: players,
      dealer: deal.dealer,
      layout: deal.layout,
      actions: deal.actions,
    });
  });
  // The records arrive as text in practice: parse is part of the cost.
  const texts = records.map((r) => JSON.stringify(r));
  for (const t of texts) scoreRecord(JSON.parse(t));
  let n = 0;
  const start = cpuMs();
  let elapsed = 0;
  while (elapsed < seconds * 1000) {
    for (const t of texts) {
      const out = scoreRecord(JSON.parse(t));
      if (!('complete' in out) || !out.complete) throw new Error('record did not settle');
    }
    n += texts.length;
    elapsed = cpuMs() - start;
  }
  return { us: (elapsed * 1000) / n, checked: n };
}

const rows: string[] = [];
const fmt = (x: number): string => Math.round(x).toLocaleString('en-US');
console.log(
  `Stammtisch engine benchmark (node ${process.version}, one core, per CPU second, ${seconds}s CPU per figure)`,
);
for (const variant of listVariants()) {
  const counts =
    variant.id === 'schafkopf'
      ? [4]
      : Array.from(
          { length: variant.tableSeats.max - variant.tableSeats.min + 1 },
          (_, i) => variant.tableSeats.min + i,
        );
  for (const players of counts) {
    for (const preset of variant.id === 'schafkopf' ? Object.keys(variant.presets) : [variant.defaultPreset]) {
      const gps = gamesPerSecond(variant.id, preset, players);
      const rec = recordMicros(variant.id, preset, players);
      const line = `${variant.id.padEnd(11)} ${String(players).padStart(2)} players  ${preset.padEnd(11)} ${fmt(gps).padStart(9)} random games/s   ${rec.us.toFixed(1).padStart(6)} µs to validate + settle one record`;
      rows.push(line);
      console.log(line);
    }
  }
}
