import { describe, expect, it } from 'vitest';
import { type Card, POINTS, Rng, type Seat, getVariant, indexOf } from '../../../engine/index.js';
import { getBot } from '../../../engine/bots/index.js';
import { knowledgeOf } from '../../../engine/bots/knowledge.js';
import { playBotDeal } from '../../../engine/bots/play.js';
import { stepThresholds } from '../../../engine/bots/solver-objective.js';
import type { Bot } from '../../../engine/bots/types.js';

describe('payout steps of the point games', () => {
  for (const [id, players] of [
    ['schafkopf', 4],
    ['mehrkopf', 4],
    ['mehrkopf', 5],
    ['mehrkopf', 6],
    ['sheepshead', 5],
    ['sheepshead', 3],
  ] as const)
    it(`${id} ${players}: the steps the declaring party's points reach are the engine's won and Schneider`, () => {
      // prepare: heuristic bots play deals; at the first card the declarer (Sheepshead: the picker, who knows what
      // it buried) takes the thresholds, with the real hands as the sample and the true party
      const variant = getVariant(id);
      if (variant === undefined) throw new Error(`${id} not registered`);
      const options = variant.resolveOptions(undefined, {}, players);
      const heuristic = getBot('heuristic');
      let dealt: readonly (readonly Card[])[] = [];
      let party = 0;
      let thresholds: number[] | undefined;
      // What the thresholds already count for the party (Sheepshead: the picker's buried points).
      let offset = 0;
      const watcher: Bot = {
        level: 'watcher',
        decide(obs, legal, ctx) {
          const k = knowledgeOf(obs);
          const first = legal.some((a) => a.type === 'play') && k.played.size === 0;
          if (first && obs.seat === k.contract?.declarer && thresholds === undefined) {
            const buried = obs.view.extra?.['buried'];
            const own = Array.isArray(buried) ? (buried as Card[]).map(indexOf) : [];
            offset = own.reduce((a, c) => a + (POINTS[c] as number), 0);
            // act
            thresholds = stepThresholds(
              obs.variant,
              obs.options,
              k,
              { valueMask: party, unit: 'points' },
              true,
              { hands: dealt.map((h) => h.map(indexOf)) },
              own,
            );
          }
          return heuristic.decide(obs, legal, ctx);
        },
      };
      let checked = 0;
      for (let d = 0; d < 40; d++) {
        const rng = new Rng(`steps:${id}:${d}`);
        const dealer = (d % players) as Seat;
        const layout = variant.deal(options, players, dealer, rng.shuffle(variant.deck(options, players)));
        // A first pass learns the party (the same seeds replay the same deal).
        const ctxFor = (seed: string) => {
          const r = new Rng(seed);
          return () => ({ rng: r, budget: { samples: 1, rollouts: 0, nodes: 5_000 } });
        };
        const probe = playBotDeal(
          variant,
          options,
          players,
          dealer,
          layout,
          Array(players).fill(heuristic),
          ctxFor(`p${d}`),
        );
        const result = probe.result;
        if (result.contract === null || result.declarers.length === 0 || result.tricks.every((t) => t === 0)) continue;
        party = result.declarers.reduce<number>((m, s) => m | (1 << s), 0);
        thresholds = undefined;
        // Sheepshead's picker hand after the pick is not the dealt one: the sample is its hand at the first card.
        dealt = layout.hands;
        const again = playBotDeal(
          variant,
          options,
          players,
          dealer,
          layout,
          Array(players).fill(watcher),
          ctxFor(`p${d}`),
        );
        if (thresholds === undefined) continue;
        // assess
        const side = again.result.declarers.reduce<number>((a, s) => a + (again.result.cardPoints[s] ?? 0), 0);
        const level = (thresholds as number[]).filter((t) => t <= side - offset).length;
        expect(level >= 2, `won with ${side} (${String(thresholds)})`).toBe(again.result.won);
        if (again.result.won) expect(level === 3).toBe(again.result.schneider);
        else expect(level === 0).toBe(again.result.schneider);
        checked++;
      }
      expect(checked).toBeGreaterThan(5);
    });
});
