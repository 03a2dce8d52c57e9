/**
 * The contract mix of a table where every seat is the same bot level: random vs heuristic vs strong, for Schafkopf
 * (4 players) and Sheepshead (5 players). Strong weighs the heuristic's bid against pass and the next-best contracts by
 * rollouts on sampled deals (budget 100 ms as work, engine/bots/budget.ts); it is played on fewer deals because it is
 * slow. Mehrkopf 2 (Offiziersschafkopf: always a game with a named trump suit) shows the trump suit and whether the
 * forehand declared or passed it to the dealer.
 *   npx tsx bench/bots-contracts.ts [deals=1000] [strongDeals=20] [only=schafkopf:4,sheepshead:5,mehrkopf:2]
 */
import { Rng, getVariant } from '../engine/index.js';
import { budgetForMs, getBot, playBotDeal } from '../engine/bots/index.js';
import { asSeat } from '../engine/seat.js';

const deals = Number(process.argv[2] ?? 1000);
const strongDeals = Number(process.argv[3] ?? 20);
const only = (process.argv[4] ?? 'schafkopf:4,sheepshead:5').split(',');
for (const [id, seats] of only.map((c) => [c.split(':')[0] as string, Number(c.split(':')[1])] as const)) {
  const variant = getVariant(id);
  if (variant === undefined) throw new Error(`unknown variant ${id}`);
  const options = variant.resolveOptions(undefined, {}, seats);
  const players = variant.participants(options, seats, asSeat(seats - 1)).length;
  for (const level of ['random', 'heuristic', 'strong']) {
    const n = level === 'strong' ? strongDeals : deals;
    const rng = new Rng(`contracts:${id}`);
    const bots = Array.from({ length: players }, () => getBot(level));
    const mix: Record<string, number> = {};
    for (let d = 0; d < n; d++) {
      const layout = variant.deal(options, players, asSeat(d % players), rng.shuffle(variant.deck(options, players)));
      const played = playBotDeal(variant, options, players, asSeat(d % players), layout, bots, () => ({
        rng,
        budget: budgetForMs(100),
      }));
      const c = played.result.contract;
      const forehand = (d + 1) % players;
      const two =
        players === 2 && c !== null ? ` ${c.suit ?? ''} by ${c.declarer === forehand ? 'forehand' : 'dealer'}` : '';
      const key = c === null ? `thrown-in` : `${c.game}${c.tout === true ? '-tout' : ''}${two}`;
      mix[key] = (mix[key] ?? 0) + 1;
    }
    const shares = Object.entries(mix)
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k} ${((100 * v) / n).toFixed(1)}%`)
      .join(', ');
    console.log(`${id} ${seats} ${level.padEnd(9)} (${n} deals): ${shares}`);
  }
}
