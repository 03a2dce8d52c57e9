import { describe, expect, it } from 'vitest';
import { type Action, type Card, Rng, type Seat, getVariant, indexOf, money } from '../../../engine/index.js';
import { budgetForMs, getBot } from '../../../engine/bots/index.js';
import { knowledgeOf } from '../../../engine/bots/knowledge.js';
import { deckOfObs } from '../../../engine/bots/heuristic.js';
import { playBotDeal } from '../../../engine/bots/play.js';
import { sampleStackLayout, stackSteps, stacksNow } from '../../../engine/bots/stacks.js';
import { chooseByRollouts } from '../../../engine/bots/strong.js';
import type { SeatObservation } from '../../../engine/bots/types.js';
import { asSeat } from '../../../engine/seat.js';

const variant = getVariant('mehrkopf');
if (variant === undefined) throw new Error('mehrkopf not registered');
const ctx = { bock: 1, pot: money.ZERO };

/** The seat to act's observation at the deal's start (the forehand's bid). */
function firstObservation(options: unknown, layout: Parameters<NonNullable<typeof variant>['start']>[3]) {
  const state = variant!.start(options, 2, asSeat(1), layout, ctx);
  const seat = variant!.toAct(state)[0] as Seat;
  const obs: SeatObservation = {
    variant: 'mehrkopf',
    options,
    seat,
    view: variant!.view(state, { kind: 'seat', seat }),
    history: [],
  };
  return { state, obs, legal: variant!.legalActions(state, seat) };
}

/** A dealt two-player Mehrkopf layout's cards per seat (face-up and face-down). */
function layoutDealt(options: unknown): number[][] {
  const layout = variant!.deal(options, 2, asSeat(1), new Rng('stacks:dealt').shuffle(variant!.deck(options, 2)));
  return layout.faceUp!.map((up, s) => [...up, ...layout.faceDown![s]!].map(indexOf));
}

describe('two-player stacks for strong’s auction (Mehrkopf 2, Offiziersschafkopf)', () => {
  it('a sampled layout keeps the face-up cards, deals the unseen cards face down, and the engine accepts it', () => {
    // prepare
    const options = variant.resolveOptions(undefined, {}, 2);
    const layout = variant.deal(options, 2, asSeat(1), new Rng('stacks:layout').shuffle(variant.deck(options, 2)));
    const { obs } = firstObservation(options, layout);
    const k = knowledgeOf(obs);
    // act
    const sample = sampleStackLayout(obs, k, deckOfObs(obs), new Rng(7));
    // assess
    expect(sample).toBeDefined();
    expect(sample!.faceUp).toEqual(layout.faceUp);
    expect([...sample!.faceDown!.flat()].sort()).toEqual([...layout.faceDown!.flat()].sort());
    expect(variant.checkLayout(options, 2, sample!)).toBeUndefined();
  });

  it('the open stacks mid-deal are the playable cards, with a card under each face-up card not yet turned', () => {
    // prepare: heuristic bots play some tricks of a real deal
    const options = variant.resolveOptions(undefined, {}, 2);
    const layout = variant.deal(options, 2, asSeat(1), new Rng('stacks:now').shuffle(variant.deck(options, 2)));
    const state = variant.start(options, 2, asSeat(1), layout, ctx);
    const heuristic = getBot('heuristic');
    const histories: { seat: Seat; action: Action }[][] = [[], []];
    let plays = 0;
    while (plays < 10 || variant.view(state, { kind: 'organiser' }).trick.length > 0) {
      const seat = variant.toAct(state)[0] as Seat;
      const legal = variant.legalActions(state, seat);
      const view = variant.view(state, { kind: 'seat', seat });
      const a = heuristic.decide({ variant: 'mehrkopf', options, seat, view, history: histories[seat]! }, legal, {
        rng: new Rng(1),
        budget: budgetForMs(10),
      });
      for (const h of histories) h.push({ seat, action: a });
      variant.apply(state, seat, a, true);
      if (a.type === 'play') plays++;
    }
    const view = variant.view(state, { kind: 'seat', seat: asSeat(0) });
    // act
    const open = stacksNow(layout, view.extra!['faceUp'] as (Card | null)[][]);
    // assess: the playable cards are the hands; the cards under are face-down per seat, and all cards are accounted
    expect(open.hands.map((h) => [...h].sort())).toEqual(view.hands.map((h) => h!.map(indexOf).sort()));
    const downs = view.extra!['faceDownCounts'] as number[];
    for (let s = 0; s < 2; s++)
      expect(open.under.filter(([top]) => open.hands[s]!.includes(top)).length).toBe(downs[s]);
    const played = histories[0]!.flatMap((h) => (h.action.type === 'play' ? [indexOf(h.action.card)] : []));
    const all = [...open.hands.flat(), ...open.under.map(([, u]) => u), ...played].sort((a, b) => a - b);
    expect(all).toEqual(
      variant
        .deck(options, 2)
        .map(indexOf)
        .sort((a, b) => a - b),
    );
  });

  for (const schneider of ['quarter', 'schafkopf'] as const)
    it(`the payout steps (schneider ${schneider}) pay what the engine pays for the declarer's points`, () => {
      // prepare: heuristic bots play whole deals; the steps are taken from the dealt cards and the contract
      const options = variant.resolveOptions(undefined, { schneider, laufendeMin: 2 }, 2);
      const heuristic = getBot('heuristic');
      let checked = 0;
      for (let d = 0; d < 40; d++) {
        const layout = variant.deal(options, 2, asSeat(d % 2), new Rng(`steps:${d}`).shuffle(variant.deck(options, 2)));
        const played = playBotDeal(variant, options, 2, asSeat(d % 2), layout, [heuristic, heuristic], () => ({
          rng: new Rng(d),
          budget: budgetForMs(10),
        }));
        const r = played.result;
        const dealt = layout.faceUp!.map((up, s) => [...up, ...layout.faceDown![s]!].map(indexOf));
        const declarer = r.contract!.declarer!;
        if (r.tricks[declarer] === 0 || r.tricks[1 - declarer] === 0) continue; // Schwarz: paid as Schneider here
        for (const seat of [0, 1]) {
          // act
          const steps = stackSteps('mehrkopf', options, r.contract, dealt, seat);
          // assess
          const points = r.cardPoints[declarer]!;
          const level = steps!.thresholds.filter((t) => points >= t).length;
          expect(steps!.payout[level]).toBe(money.toNumber(r.payout[seat]!));
        }
        checked++;
      }
      expect(checked).toBeGreaterThan(30);
      const full = layoutDealt(options);
      // The Schneider mode moves the declarer's first step: 30 points (a quarter) or 31 (Schafkopf style).
      expect(
        stackSteps('mehrkopf', options, { game: 'farbspiel', suit: 'H', declarer: 0 }, full, 0)!.thresholds,
      ).toEqual([schneider === 'quarter' ? 30 : 31, 61, 91]);
      const any = stackSteps('mehrkopf', options, { game: 'farbspiel', suit: 'H', declarer: 0 }, [[], []], 0);
      expect(any).toBeUndefined(); // no cards dealt: not a two-player deal of 120 points
    });

  it('the auction is chosen on sampled deals (not the heuristic’s fallback), and only among the legal actions', () => {
    const options = variant.resolveOptions(undefined, {}, 2);
    let differs = 0;
    for (let d = 0; d < 6; d++) {
      // prepare
      const layout = variant.deal(
        options,
        2,
        asSeat(1),
        new Rng(`stacks:auction:${d}`).shuffle(variant.deck(options, 2)),
      );
      const { obs, legal } = firstObservation(options, layout);
      // act
      const choice = chooseByRollouts(obs, legal, { rng: new Rng(d), budget: budgetForMs(90) });
      // assess
      expect(choice).toBeDefined();
      expect(legal).toContainEqual(choice);
      const own = getBot('heuristic').decide(obs, legal, { rng: new Rng(d), budget: budgetForMs(90) });
      if (JSON.stringify(own) !== JSON.stringify(choice)) differs++;
    }
    // The sampled deals overrule the heuristic's bid on some hands (about half of them at this budget).
    expect(differs).toBeGreaterThan(0);
  });
});
