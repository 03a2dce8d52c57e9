import { describe, expect, it } from 'vitest';
import { type Action, CARDS, type Card, Rng, type Seat, getVariant, indexOf } from '../../../engine/index.js';
import { getBot } from '../../../engine/bots/index.js';
import { type Knowledge, knowledgeOf } from '../../../engine/bots/knowledge.js';
import { playBotDeal } from '../../../engine/bots/play.js';
import { deckOfObs } from '../../../engine/bots/heuristic.js';
import {
  auctionFacts,
  auctionHand,
  brokenFacts,
  notHoldingPartnerCard,
} from '../../../engine/bots/solver-inference.js';
import { type Sample, sampleHidden } from '../../../engine/bots/strong.js';
import { ZERO } from '../../../engine/money/rational.js';
import type { Bot, SeatObservation } from '../../../engine/bots/types.js';
import { withTunings } from './tunings.js';

describe('inference from the called card', () => {
  for (const [id, players] of [
    ['schafkopf', 4],
    ['sheepshead', 5],
    // The called Ace of a Mehrkopf Sauspiel (engine/variants/mehrkopf/bots.ts; at 5 the Schöne is a second partner).
    ['mehrkopf', 4],
    ['mehrkopf', 5],
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

describe('inference from the auction', () => {
  for (const [id, players] of [
    ['schafkopf', 4],
    ['sheepshead', 5],
    ['saukopf', 4],
  ] as const)
    it(`${id} ${players}: the heuristic bidders' real hands break no fact, and sampling with the facts always deals`, () => {
      // prepare: heuristic bots bid and play whole deals; at each seat's first card a watcher derives the facts
      const variant = getVariant(id);
      if (variant === undefined) throw new Error(`${id} not registered`);
      const options = variant.resolveOptions(undefined, {}, players);
      const heuristic = getBot('heuristic');
      let dealt: readonly (readonly Card[])[] = [];
      let facts = 0;
      let fitted = 0;
      let draws = 0;
      const seen = new Set<number>();
      const watcher: Bot = {
        level: 'watcher',
        decide(obs, legal, ctx) {
          if (legal.some((a) => a.type === 'play') && !seen.has(obs.seat)) {
            seen.add(obs.seat);
            const k = knowledgeOf(obs);
            const deck = deckOfObs(obs);
            // act
            const found = auctionFacts(obs, k, deck);
            facts += found.length;
            // assess: the dealt hands (no seat here exchanged cards with a fact about it) fit every fact ...
            const exchanged = new Set(obs.history.filter((h) => h.action.type === 'bury').map((h) => h.seat));
            const real = dealt.map((h, s) =>
              h.map(indexOf).filter((c) => !k.tricks.some((t) => t.some((p) => p.seat === s && p.card === c))),
            );
            const broken = found.filter((f) => !exchanged.has(f.seat) && brokenFacts([f], k, real) > 0);
            expect(broken.map((f) => `${f.seat}: ${f.says} ${JSON.stringify(obs.history)}`)).toEqual([]);
            expect(found.every((f) => f.seat !== obs.seat)).toBe(true);
            // ... and a sample is always dealt, consistent with the cards seen; most fit every fact
            for (let i = 0; i < 4; i++) {
              const sample = sampleHidden(obs, k, deck, new Rng(`auction:${id}:${draws}`), found);
              expect(sample).toBeDefined();
              const s = sample as NonNullable<typeof sample>;
              for (let seat = 0; seat < players; seat++)
                if (obs.view.hands[seat] === null) expect(s.hands[seat]?.length).toBe(obs.view.handCounts[seat]);
              draws++;
              if (brokenFacts(found, k, s.hands) === 0) fitted++;
            }
          }
          return heuristic.decide(obs, legal, ctx);
        },
      };
      for (let d = 0; d < 24; d++) {
        const rng = new Rng(`auction:${id}:${d}`);
        const dealer = (d % players) as Seat;
        const layout = variant.deal(options, players, dealer, rng.shuffle(variant.deck(options, players)));
        dealt = layout.hands;
        seen.clear();
        playBotDeal(variant, options, players, dealer, layout, Array(players).fill(watcher), () => ({
          rng,
          budget: { samples: 1, rollouts: 0, nodes: 5_000 },
        }));
      }
      // Not vacuous: facts were found, and the rejection mostly found a deal fitting them all.
      expect(facts).toBeGreaterThan(0);
      expect(fitted / draws).toBeGreaterThan(0.7);
    });

  it('falls back to the least inconsistent deal when no draw fits a fact', () => {
    // prepare: a fact no hand can hold
    const variant = getVariant('schafkopf');
    if (variant === undefined) throw new Error('schafkopf not registered');
    const options = variant.resolveOptions(undefined, {}, 4);
    const layout = variant.deal(options, 4, 0 as Seat, new Rng('fallback').shuffle(variant.deck(options, 4)));
    const state = variant.start(options, 4, 0 as Seat, layout, { bock: 1, pot: ZERO });
    const obs = {
      variant: 'schafkopf',
      options,
      seat: 0 as Seat,
      view: variant.view(state, { kind: 'seat', seat: 0 as Seat }),
      history: [],
    };
    const k = knowledgeOf(obs);
    const impossible = [{ seat: 1 as Seat, holds: () => false, says: 'never' }];
    // act
    const sample = sampleHidden(obs, k, deckOfObs(obs), new Rng('fallback'), impossible);
    // assess
    expect(sample?.hands.map((h) => h.length)).toEqual(obs.view.handCounts);
  });
});

/**
 * Seeded deals (`<label>:<d>`) of heuristic bots; `look` sees every decision first, with the deal's dealer, and
 * `beforeDeal` runs before each deal.
 */
function watchDeals(
  id: string,
  players: number,
  label: string,
  deals: number,
  look: (obs: SeatObservation, legal: readonly Action[], dealer: Seat) => void,
  beforeDeal: () => void = () => {},
): void {
  const variant = getVariant(id);
  if (variant === undefined) throw new Error(`${id} not registered`);
  const options = variant.resolveOptions(undefined, {}, players);
  const heuristic = getBot('heuristic');
  let dealer = 0 as Seat;
  const watcher: Bot = {
    level: 'watcher',
    decide(obs, legal, ctx) {
      look(obs, legal, dealer);
      return heuristic.decide(obs, legal, ctx);
    },
  };
  for (let d = 0; d < deals; d++) {
    const rng = new Rng(`${label}:${id}:${d}`);
    dealer = (d % players) as Seat;
    const layout = variant.deal(options, players, dealer, rng.shuffle(variant.deck(options, players)));
    beforeDeal();
    playBotDeal(variant, options, players, dealer, layout, Array(players).fill(watcher), () => ({
      rng,
      budget: { samples: 1, rollouts: 0, nodes: 5_000 },
    }));
  }
}

/**
 * The first action of `history` the rules refuse on a sampled deal (the cards played given back to their seats), as
 * `type: message`; undefined when they accept it all.
 */
function refusal(
  obs: SeatObservation,
  k: Knowledge,
  dealer: Seat,
  sample: Sample,
  history: readonly { seat: Seat; action: Action }[],
): string | undefined {
  const variant = getVariant(obs.variant);
  if (variant === undefined) throw new Error(`${obs.variant} not registered`);
  const layout = {
    hands: sample.hands.map((_, s) => auctionHand(k, sample.hands, s).map((c) => CARDS[c] as Card)),
    blind: sample.rest.map((c) => CARDS[c] as Card),
  };
  const state = variant.start(obs.options, obs.view.players, dealer, layout, { bock: 1, pot: ZERO });
  for (const h of history) {
    const problem = variant.check(state, h.seat, h.action);
    if (problem !== undefined) return `${h.action.type}: ${problem.message}`;
    variant.apply(state, h.seat, h.action, true);
  }
  return undefined;
}

describe('samples obey the rules of the history (STRONG.replayDraws)', () => {
  /** At card decisions of seeded heuristic deals: sampled deals, and how many of them the rules refuse the history. */
  function refusals(id: string, players: number, replayDraws: number): { samples: number; refused: string[] } {
    let samples = 0;
    const refused: string[] = [];
    watchDeals(id, players, 'rules', 12, (obs, legal, dealer) => {
      if (legal.filter((a) => a.type === 'play').length < 2 || obs.view.hands.every((h) => h !== null)) return;
      const k = knowledgeOf(obs);
      const deck = deckOfObs(obs);
      const facts = auctionFacts(obs, k, deck);
      for (let i = 0; i < 2; i++) {
        // act: a sampled deal, the cards played given back to their seats, the history replayed on it
        const sample = withTunings({ replayDraws }, () =>
          sampleHidden(obs, k, deck, new Rng(`rules:${id}:${samples}`), facts),
        );
        if (sample === undefined) throw new Error('no sample');
        samples++;
        const why = refusal(obs, k, dealer, sample, obs.history);
        if (why !== undefined) refused.push(why);
      }
    });
    return { samples, refused };
  }

  for (const [id, players] of [
    ['schafkopf', 4],
    ['mehrkopf', 4],
    ['mehrkopf', 5],
    ['saukopf', 4],
  ] as const)
    it(`${id} ${players}: the rules accept the history on every sampled deal`, () => {
      // act
      const on = refusals(id, players, 1);
      // assert: no sampled deal breaks a rule the history shows (the caller's suit, Kontra from a defender, the
      // called Sau on the first lead of its suit, …)
      expect(on.refused).toEqual([]);
      expect(on.samples).toBeGreaterThan(100);
    });

  it('without the check some sampled deals break such a rule (the check is not vacuous)', () => {
    const off = ['schafkopf:4', 'mehrkopf:4'].map((t) => refusals(t.split(':')[0] as string, 4, 0));
    expect(off.every((r) => r.refused.length > 0)).toBe(true);
  });
});

describe('inference from the call (the caller holds the called suit)', () => {
  for (const [id, players] of [
    ['schafkopf', 4],
    ['mehrkopf', 4],
  ] as const)
    it(`${id} ${players}: every sampled deal of a Sauspiel replays the auction: the caller holds the called suit`, () => {
      // prepare: heuristic bots bid and play whole deals; at a defender's first card in a Sauspiel, deals are sampled
      let positions = 0;
      const refused: string[] = [];
      const seen = new Set<number>();
      watchDeals(
        id,
        players,
        'call',
        16,
        (obs, legal, dealer) => {
          const k = knowledgeOf(obs);
          const sauspiel = k.contract?.game === 'sauspiel' && k.contract.declarer !== obs.seat;
          if (!legal.some((a) => a.type === 'play') || seen.has(obs.seat) || !sauspiel) return;
          seen.add(obs.seat);
          positions++;
          const deck = deckOfObs(obs);
          const facts = auctionFacts(obs, k, deck);
          const firstCard = obs.history.findIndex((h) => h.action.type === 'play');
          const auction = firstCard < 0 ? obs.history : obs.history.slice(0, firstCard);
          for (let i = 0; i < 8; i++) {
            // act: a sampled deal, the auction replayed on it
            const sample = sampleHidden(obs, k, deck, new Rng(`call:${id}:${positions}:${i}`), facts);
            if (sample === undefined) throw new Error('no sample');
            const why = refusal(obs, k, dealer, sample, auction);
            if (why !== undefined) refused.push(why);
          }
        },
        () => seen.clear(),
      );
      // assess: the rules accept the auction on every sampled deal (without the caller's fact, AUCTION.callerHolds,
      // a sampled caller may lack the suit, and the call is refused)
      expect(refused).toEqual([]);
      expect(positions).toBeGreaterThan(4);
    });
});
