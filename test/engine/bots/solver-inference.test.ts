import { describe, expect, it } from 'vitest';
import { type Card, Rng, type Seat, getVariant, indexOf } from '../../../engine/index.js';
import { getBot } from '../../../engine/bots/index.js';
import { knowledgeOf } from '../../../engine/bots/knowledge.js';
import { playBotDeal } from '../../../engine/bots/play.js';
import { notHoldingPartnerCard } from '../../../engine/bots/solver-inference.js';
import type { Bot } from '../../../engine/bots/types.js';

describe('inference from the called card', () => {
  for (const [id, players] of [
    ['schafkopf', 4],
    ['sheepshead', 5],
  ] as const)
    it(`${id} ${players}: a seat ruled out never holds the called card`, () => {
      // prepare: heuristic bots play whole deals; a watching bot checks every seat's inference against the layout
      const variant = getVariant(id);
      if (variant === undefined) throw new Error(`${id} not registered`);
      const options = variant.resolveOptions(undefined, {}, players);
      const heuristic = getBot('heuristic');
      let layoutHands: readonly (readonly Card[])[] = [];
      let ruledOut = 0;
      const watcher: Bot = {
        level: 'watcher',
        decide(obs, legal, ctx) {
          const k = knowledgeOf(obs);
          // act
          const mask = notHoldingPartnerCard(obs.variant, k);
          // assess: the true holder (dealt the card, not yet played it) is never in the mask
          if (k.partnerCard !== undefined && !k.played.has(k.partnerCard)) {
            const holder = layoutHands.findIndex((h) => h.some((c) => indexOf(c) === k.partnerCard));
            if (holder >= 0) expect((mask >> holder) & 1).toBe(0);
          }
          ruledOut += mask === 0 ? 0 : 1;
          return heuristic.decide(obs, legal, ctx);
        },
      };
      for (let d = 0; d < 60; d++) {
        const rng = new Rng(`inference:${id}:${d}`);
        const layout = variant.deal(
          options,
          players,
          (d % players) as Seat,
          rng.shuffle(variant.deck(options, players)),
        );
        layoutHands = layout.hands;
        playBotDeal(variant, options, players, (d % players) as Seat, layout, Array(players).fill(watcher), () => ({
          rng,
          budget: { samples: 1, rollouts: 0, nodes: 5_000 },
        }));
      }
      // The inference did rule seats out (the test is not vacuous).
      expect(ruledOut).toBeGreaterThan(0);
    });
});
