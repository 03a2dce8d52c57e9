import { describe, expect, it } from 'vitest';
import {
  type Action,
  type OrderQuery,
  Rng,
  SUITS,
  compileOrder,
  indexOf,
  listVariants,
  money,
  trickWinner,
} from '../../engine/index.js';
import { pickAction } from '../../engine/sim.js';
import { orderOf } from '../../engine/bots/orders.js';
import { styleOf } from '../../engine/text/cards.js';

/**
 * The registry answers what the code outside a variant's folder used to restate: each variant's trick order for a
 * contract (`Variant.trickOrder`) and how chat writes its cards (`cardStyle`). The orders are the ones the variant's
 * rules play by (trick winners of random deals), and the same as the bots' own table (engine/bots/orders.ts) and the
 * text layer's card style, so both can ask the registry instead.
 */
describe('Variant.trickOrder: the order the rules play by', () => {
  for (const variant of listVariants())
    for (const preset of Object.keys(variant.presets))
      it(`${variant.id} ${preset}: the trick winners of random deals`, () => {
        const seats = variant.tableSeats.min === 2 ? Math.min(4, variant.tableSeats.max) : variant.tableSeats.min;
        const options = variant.resolveOptions(preset, {}, seats);
        const players = variant.participants(options, seats, 0).length;
        const rng = new Rng(`registry:${variant.id}:${preset}`);
        const disagreements: string[] = [];
        let tricks = 0;
        for (let d = 0; d < 12; d++) {
          const layout = variant.deal(options, players, 0, rng.shuffle(variant.deck(options, players)));
          const state = variant.start(options, players, 0, layout, { bock: 1, pot: money.ZERO });
          for (;;) {
            const seat = variant.toAct(state)[0];
            if (seat === undefined) break;
            const action: Action = pickAction(variant.legalActions(state, seat), rng);
            const contract = variant.view(state, { kind: 'public' }).contract;
            for (const note of variant.apply(state, seat, action)) {
              if (note.type !== 'TrickTaken') continue;
              tricks++;
              const order = compileOrder(variant.trickOrder(options, contract));
              const won =
                note.cards[
                  trickWinner(
                    order,
                    note.cards.map((c) => indexOf(c.card)),
                  )
                ]?.seat;
              if (won !== note.winner)
                disagreements.push(`${contract?.game ?? '?'}: ${note.cards.map((c) => c.card).join(' ')}`);
            }
          }
        }
        expect(tricks).toBeGreaterThan(0);
        // Sheepshead's "called ace under" trick is won by the called suit: a rule over the order, not an order.
        const allowed = variant.id === 'sheepshead' ? Math.ceil(tricks * 0.05) : 0;
        expect(disagreements.length, disagreements.slice(0, 5).join('\n')).toBeLessThanOrEqual(allowed);
      });
});

describe('the registry answers what the bots and the text layer restate', () => {
  for (const variant of listVariants())
    it(`${variant.id}: every game and suit in the bots' order, and the card style`, () => {
      const games = [...(variant.vocabulary.spec.contractGames as readonly string[]), 'normal', 'not-a-game'];
      for (const preset of Object.keys(variant.presets)) {
        const options = variant.resolveOptions(preset, {}, variant.tableSeats.min);
        expect(compileOrder(variant.trickOrder(options, null))).toEqual(orderOf(variant.id, null, options));
        for (const game of games)
          for (const suit of SUITS)
            for (const spiess of [false, true]) {
              const contract: OrderQuery = { game, suit, card: 'EA', ...(spiess ? { spiess } : {}) };
              expect(
                compileOrder(variant.trickOrder(options, contract)),
                `${preset} ${game} ${suit} ${spiess}`,
              ).toEqual(orderOf(variant.id, contract, options));
            }
      }
      expect(variant.cardStyle ?? 'german').toBe(styleOf(variant.id));
    });
});
