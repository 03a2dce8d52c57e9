/**
 * Behaviour fingerprint of the bots (compare two builds): every variant and preset at every table size
 * (two-player stack layouts included), seeded deals played by heuristic bots and by strong bots on a small work budget;
 * one hash of every decision per configuration. `npx tsx bench/bots-equiv.ts [deals] [--strong-deals n]`.
 */
import { Rng, hashString, listVariants } from '../engine/index.js';
import { getBot } from '../engine/bots/index.js';
import { playBotDeal } from '../engine/bots/play.js';
import { asSeat } from '../engine/seat.js';

const args = process.argv.slice(2);
const deals = Number(args.find((a) => /^\d+$/.test(a)) ?? 6);
const strongAt = args.indexOf('--strong-deals');
const strongDeals = strongAt >= 0 ? Number(args[strongAt + 1]) : 1;
const budget = { samples: 6, rollouts: 2, nodes: 3_000 };

for (const variant of listVariants())
  for (const preset of Object.keys(variant.presets))
    for (let seats = variant.tableSeats.min; seats <= variant.tableSeats.max; seats++) {
      let options: unknown;
      try {
        options = variant.resolveOptions(preset, {}, seats);
      } catch {
        continue;
      }
      for (const [level, n] of [
        ['heuristic', deals],
        ['strong', strongDeals],
      ] as const) {
        const bot = getBot(level);
        const rng = new Rng(`bots-equiv:${variant.id}:${preset}:${seats}:${level}`);
        const moves: string[] = [];
        for (let d = 0; d < n; d++) {
          const dealer = asSeat(d % seats);
          const players = variant.participants(options, seats, dealer).length;
          const layout = variant.deal(options, players, 0, rng.shuffle(variant.deck(options, players)));
          const seed = rng.next();
          const played = playBotDeal(
            variant,
            options,
            players,
            0,
            layout,
            Array.from({ length: players }, () => bot),
            (seat) => ({ rng: new Rng(`${seed}:${seat}`), budget }),
          );
          moves.push(JSON.stringify(played.decisions.map((x) => [x.seat, x.action])));
        }
        console.log(`${variant.id}/${preset}/${seats} ${level} ${hashString(moves.join('\n'))}`);
      }
    }
