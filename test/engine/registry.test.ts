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

/**
 * The registry answers what the code outside a variant's folder used to restate: each variant's trick order for a
 * contract (`Variant.trickOrder`) and how chat writes its cards (`cardStyle`). The orders are the ones the variant's
 * rules play by (trick winners of random deals); the bots (engine/bots/orders.ts) and the text layer
 * (engine/text/render.ts `sortHand`, engine/text/cards.ts `styleOf`) ask it instead of restating the orders.
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

describe("the bots' orders are the registry's", () => {
  // engine/bots/orders.ts caches the compiled orders per options object: every preset's options get their own.
  for (const variant of listVariants())
    it(`${variant.id}: every game and suit, under every preset's options`, () => {
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
    });
});

/**
 * The variants' bots hooks (engine/variant.ts `VariantBots`, engine/variants/<id>/bots.ts) agree with the rules: the
 * partner card names a seat the settlement counts among the declarers, and the bidding table knows only the variant's
 * own games and actions.
 */
describe("Variant.bots: the bots' knowledge agrees with the rules", () => {
  for (const variant of listVariants())
    it(`${variant.id}: the partner card's holder plays with the declarer`, () => {
      let checked = 0;
      for (const preset of Object.keys(variant.presets))
        for (let seats = variant.tableSeats.min; seats <= variant.tableSeats.max; seats++) {
          const options = variant.resolveOptions(preset, {}, seats);
          const players = variant.participants(options, seats, 0).length;
          const rng = new Rng(`registry-partner:${variant.id}:${preset}:${seats}`);
          for (let d = 0; d < 12; d++) {
            const layout = variant.deal(options, players, 0, rng.shuffle(variant.deck(options, players)));
            const state = variant.start(options, players, 0, layout, { bock: 1, pot: money.ZERO });
            const played = new Map<string, number>();
            for (;;) {
              const seat = variant.toAct(state)[0];
              if (seat === undefined) break;
              const action: Action = pickAction(variant.legalActions(state, seat), rng);
              if (action.type === 'play') played.set(action.card, seat);
              variant.apply(state, seat, action);
            }
            const result = variant.result(state);
            const contract = result.contract;
            if (contract === null || contract.declarer === undefined || result.thrownIn !== undefined) continue;
            const card = variant.bots?.partnerCard?.(contract);
            const holder = card === undefined ? undefined : played.get(card);
            if (holder === undefined) continue;
            checked++;
            expect(result.declarers, `${preset} ${JSON.stringify(contract)} ${card}`).toContain(holder);
          }
        }
      if (variant.bots?.partnerCard !== undefined) expect(checked).toBeGreaterThan(0);
    });

  for (const variant of listVariants())
    it(`${variant.id}: the bidding table and the goals name the variant's own games and actions`, () => {
      const known = new Set<string>([
        ...(variant.vocabulary.spec.contractGames as readonly string[]),
        ...(variant.vocabulary.types as readonly string[]),
      ]);
      for (const game of Object.keys(variant.bots?.bidding ?? {})) expect(known, game).toContain(game);
      for (const game of Object.keys(variant.bots?.goals ?? {}))
        expect(variant.vocabulary.spec.contractGames as readonly string[], game).toContain(game);
    });
});
