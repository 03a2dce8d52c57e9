import { Rng, getVariant, playRandomDeal, scoreRecord, toRecord, checkDeal } from '../engine/index.js';
import { asSeat } from '../engine/seat.js';
const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const seconds = Number(args.get('seconds') ?? 2);
const presets = (args.get('presets') ?? 'sauspiel').split(',');
const rec = args.get('rec') === '1';
const variant = getVariant('schafkopf')!;
for (const preset of presets) {
  const options = variant.resolveOptions(preset, {}, 4);
  const rng = new Rng(42);
  for (let i = 0; i < 20_000; i++) playRandomDeal(variant, options, 4, asSeat(i % 4), rng);
  let games = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < seconds * 1000) {
    for (let i = 0; i < 10_000; i++) playRandomDeal(variant, options, 4, asSeat(i % 4), rng);
    games += 10_000;
    elapsed = performance.now() - start;
  }
  let line = `${preset.padEnd(11)} ${Math.round(games / (elapsed / 1000))} games/s`;
  if (rec) {
    const r2 = new Rng(7);
    const texts = Array.from({ length: 2000 }, (_, i) => {
      const deal = playRandomDeal(variant, options, 4, asSeat(i % 4), r2, undefined, true);
      if (checkDeal(variant, options, 4, deal).length > 0) throw new Error('invariant');
      return JSON.stringify(
        toRecord({
          variant: 'schafkopf',
          preset,
          seats: 4,
          dealer: deal.dealer,
          layout: deal.layout,
          actions: deal.actions,
        }),
      );
    });
    for (const t of texts) scoreRecord(JSON.parse(t));
    let n = 0;
    const s2 = performance.now();
    let el = 0;
    while (el < seconds * 1000) {
      for (const t of texts) scoreRecord(JSON.parse(t));
      n += texts.length;
      el = performance.now() - s2;
    }
    line += `  ${((el * 1000) / n).toFixed(2)} µs/record`;
  }
  console.log(line);
}
