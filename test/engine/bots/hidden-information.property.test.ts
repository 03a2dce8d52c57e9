import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Action, type Card, Rng, type Seat, getVariant, money } from '../../../engine/index.js';
import { budgetForMs, getBot } from '../../../engine/bots/index.js';
import { STRONG, evaluateByRollouts } from '../../../engine/bots/strong.js';
import type { BotContext, SeatObservation } from '../../../engine/bots/types.js';
import { asSeat } from '../../../engine/seat.js';
import { withTunings } from './tunings.js';

const variant = getVariant('schafkopf');
if (variant === undefined) throw new Error('schafkopf not registered');
const options = variant.resolveOptions(undefined, {}, 4);
const ctx = { bock: 1, pot: money.ZERO };

/** What `seat` sees of a Schafkopf 4 state, with its history. */
function observation(state: unknown, seat: Seat, history: { seat: Seat; action: Action }[]): SeatObservation {
  return { variant: 'schafkopf', options, seat, view: variant!.view(state, { kind: 'seat', seat }), history };
}

/** Record `action` in every seat's history (redacted for that seat) and in `actions`, then apply it. */
function act(
  state: unknown,
  seat: Seat,
  action: Action,
  histories: { seat: Seat; action: Action }[][],
  actions: { seat: Seat; action: Action }[],
): void {
  for (let s = 0; s < 4; s++)
    histories[s]!.push({ seat, action: variant!.redactAction(state, seat, action, { kind: 'seat', seat: asSeat(s) }) });
  actions.push({ seat, action });
  variant!.apply(state, seat, action, true);
}

/** Replay `actions` on a layout; undefined when one of them is not legal there. */
function replay(hands: readonly (readonly Card[])[], actions: readonly { seat: Seat; action: Action }[]) {
  const state = variant!.start(options, 4, 0, { hands, blind: [] }, ctx);
  const histories: { seat: Seat; action: Action }[][] = [[], [], [], []];
  for (const { seat, action } of actions) {
    if (variant!.check(state, seat, action) !== undefined) return undefined;
    act(state, seat, action, histories, []);
  }
  return { state, histories };
}

/**
 * Strong with the sampler's bench tunings on (engine/bots/strong.ts): samples replayed under the rules, rare hands
 * repaired, Kontra by rollouts (the auction's work at 100 ms, so a Kontra offer gets its rollouts).
 */
const SAMPLER_TUNINGS: Record<string, number> = {
  replayDraws: 1,
  repairSteps: 64,
  doublingRollouts: 1,
  auctionMs: 100,
};

function decideAt(level: string, obs: SeatObservation, legal: readonly Action[], ctx: BotContext): Action {
  if (level !== 'strong, sampler tunings') return getBot(level).decide(obs, legal, ctx);
  return withTunings(SAMPLER_TUNINGS, () => getBot('strong').decide(obs, legal, ctx));
}

describe('bots see only their seat', () => {
  for (const level of ['heuristic', 'strong', 'strong, sampler tunings'])
    it(`${level}: the decision does not change when the hidden cards are reshuffled consistently with the view`, () => {
      let worlds = 0;
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 0, max: 40 }), (seed, stopAt) => {
          // prepare: heuristic bots play a deal up to a card decision of the seat to act
          const rng = new Rng(seed);
          const layout = variant.deal(options, 4, 0, rng.shuffle(variant.deck(options, 4)));
          const bots = getBot('heuristic');
          const state = variant.start(options, 4, 0, layout, ctx);
          const actions: { seat: Seat; action: Action }[] = [];
          const histories: { seat: Seat; action: Action }[][] = [[], [], [], []];
          let plays = 0;
          let seat: Seat | undefined;
          for (;;) {
            seat = variant.toAct(state)[0];
            if (seat === undefined) return;
            const legal = variant.legalActions(state, seat);
            if (legal.some((a) => a.type === 'play') && legal.length > 1 && plays >= stopAt) break;
            const action = bots.decide(observation(state, seat, histories[seat]!), legal, {
              rng,
              budget: budgetForMs(10),
            });
            act(state, seat, action, histories, actions);
            if (action.type === 'play') plays++;
          }
          const me = seat;
          // The other seats' unplayed cards, dealt again among them (each keeps its count and the cards it played).
          const view = variant.view(state, { kind: 'seat', seat: me });
          const playedBy = (s: Seat): Set<Card> =>
            new Set(actions.flatMap((a) => (a.seat === s && a.action.type === 'play' ? [a.action.card] : [])));
          const others = [0, 1, 2, 3].filter((s) => s !== me);
          const hidden = others.flatMap((s) => layout.hands[s]!.filter((c) => !playedBy(asSeat(s)).has(c)));
          const shuffled = new Rng(seed + 1).shuffle(hidden);
          let k = 0;
          const hands = layout.hands.map((dealt, s) => {
            if (s === me) return dealt;
            const kept = dealt.filter((c) => playedBy(asSeat(s)).has(c));
            const fresh = shuffled.slice(k, k + dealt.length - kept.length);
            k += fresh.length;
            return [...kept, ...fresh];
          });
          const other = replay(hands, actions);
          fc.pre(other !== undefined);
          const otherView = variant.view(other!.state, { kind: 'seat', seat: me });
          fc.pre(JSON.stringify(otherView) === JSON.stringify(view));
          expect(other!.histories[me]).toEqual(histories[me]);
          if (JSON.stringify(hands) !== JSON.stringify(layout.hands)) worlds++;
          // act: the same bot, the same seed, the same work budget, on both worlds
          const decide = (s: unknown, h: { seat: Seat; action: Action }[]) =>
            decideAt(level, observation(s, me, h), variant.legalActions(s, me), {
              rng: new Rng(seed + 2),
              budget: budgetForMs(40),
            });
          // assess
          expect(decide(other!.state, other!.histories[me]!)).toEqual(decide(state, histories[me]!));
        }),
        { numRuns: 25, seed: 19 },
      );
      // The property was tested on worlds that really differ, not only on unchanged deals.
      expect(worlds).toBeGreaterThan(5);
    });
});

describe('two-player stacks: strong sees only its seat', () => {
  for (const id of ['mehrkopf', 'sheepshead'] as const)
    it(`${id} 2: the first card does not change when the face-down cards (and the other hand) are dealt anew`, () => {
      const v = getVariant(id);
      if (v === undefined) throw new Error(`${id} not registered`);
      const opts = v.resolveOptions(undefined, {}, 2);
      const heuristic = getBot('heuristic');
      const strong = getBot('strong');
      let compared = 0;
      for (let d = 0; d < 6; d++) {
        // prepare: heuristic bots take the deal to its first card decision; then the cards nobody saw are redealt
        const rng = new Rng(`two-hidden:${id}:${d}`);
        const layout = v.deal(opts, 2, 0, rng.shuffle(v.deck(opts, 2)));
        const play = (l: typeof layout) => {
          const state = v.start(opts, 2, 0, l, ctx);
          const histories: { seat: Seat; action: Action }[][] = [[], []];
          for (;;) {
            const seat = v.toAct(state)[0] as Seat;
            const legal = v.legalActions(state, seat);
            const obs: SeatObservation = {
              variant: id,
              options: opts,
              seat,
              view: v.view(state, { kind: 'seat', seat }),
              history: histories[seat]!,
            };
            if (legal.some((a) => a.type === 'play')) return { obs, legal };
            const action = heuristic.decide(obs, legal, { rng: new Rng(`a:${d}`), budget: budgetForMs(10) });
            for (let s = 0; s < 2; s++)
              histories[s]!.push({
                seat,
                action: v.redactAction(state, seat, action, { kind: 'seat', seat: asSeat(s) }),
              });
            v.apply(state, seat, action, true);
          }
        };
        const first = play(layout);
        const me = first.obs.seat;
        const other = 1 - me;
        // Unseen by `me`: every face-down card, and the other hand when it is hidden (Sheepshead).
        const otherHidden = first.obs.view.hands[other] === null;
        const unseen = [...layout.faceDown![0]!, ...layout.faceDown![1]!, ...(otherHidden ? layout.hands[other]! : [])];
        const fresh = new Rng(`redeal:${d}`).shuffle(unseen);
        const faceDown = layout.faceDown!.map((row) => row.map(() => fresh.shift() as Card));
        const hands = layout.hands.map((h, s) => (s === other && otherHidden ? h.map(() => fresh.shift() as Card) : h));
        const second = play({ ...layout, hands, faceDown });
        // The redeal must look the same to `me` (else the auction went otherwise: skip it).
        if (JSON.stringify(second.obs.view) !== JSON.stringify(first.obs.view)) continue;
        // act
        const decide = (o: typeof first) =>
          strong.decide(o.obs, o.legal, { rng: new Rng(`strong:${d}`), budget: budgetForMs(20) });
        // assess
        expect(decide(second)).toEqual(decide(first));
        compared++;
      }
      expect(compared).toBeGreaterThan(2);
    });
});

describe('two-player stacks: strong’s auction sees only its seat', () => {
  it('mehrkopf 2: the bid (and the dealer’s forced game) does not change when the face-down cards are dealt anew', () => {
    const v = getVariant('mehrkopf');
    if (v === undefined) throw new Error('mehrkopf not registered');
    const opts = v.resolveOptions(undefined, {}, 2);
    const strong = getBot('strong');
    let compared = 0;
    for (let d = 0; d < 4; d++) {
      // prepare: a deal, and the same deal with the face-down cards shuffled among the face-down places
      const layout = v.deal(opts, 2, 1, new Rng(`two-auction:${d}`).shuffle(v.deck(opts, 2)));
      const down = new Rng(`redeal-auction:${d}`).shuffle(layout.faceDown!.flat());
      const redealt = { ...layout, faceDown: layout.faceDown!.map((row) => row.map(() => down.shift() as Card)) };
      expect(redealt.faceDown).not.toEqual(layout.faceDown);
      // The forehand's bid, and the dealer's choice after the forehand passed.
      for (const pass of [false, true]) {
        const observe = (l: typeof layout) => {
          const state = v.start(opts, 2, 1, l, ctx);
          const history: { seat: Seat; action: Action }[] = [];
          if (pass) {
            v.apply(state, 0, { type: 'pass' }, true);
            history.push({ seat: 0, action: { type: 'pass' } });
          }
          const seat = v.toAct(state)[0] as Seat;
          const obs: SeatObservation = {
            variant: 'mehrkopf',
            options: opts,
            seat,
            view: v.view(state, { kind: 'seat', seat }),
            history,
          };
          return { obs, legal: v.legalActions(state, seat) };
        };
        const first = observe(layout);
        const second = observe(redealt);
        expect(second.obs.view).toEqual(first.obs.view);
        expect(first.legal.length).toBeGreaterThan(1);
        // act: a budget large enough for the sampled deals (below it strong keeps the heuristic's choice)
        const decide = (o: typeof first) =>
          strong.decide(o.obs, o.legal, { rng: new Rng(`strong-auction:${d}`), budget: budgetForMs(90) });
        // assess
        expect(decide(second)).toEqual(decide(first));
        compared++;
      }
    }
    expect(compared).toBe(8);
  });
});

describe('strong’s auction sees only its seat (Schafkopf 4)', () => {
  for (const phase of ['knock', 'auction'] as const)
    it(`${phase}: the choice does not change when the cards the seat has not seen are dealt anew`, () => {
      const strong = getBot('strong');
      const tunings = STRONG as unknown as Record<string, number>;
      const saved = tunings['rolloutChoices'] as number;
      let worlds = 0;
      let searched = 0;
      try {
        // Klopfen is valued by rollouts only with this tuning (engine/bots/strong.ts `rolloutChoices`).
        tunings['rolloutChoices'] = 1;
        fc.assert(
          fc.property(fc.integer({ min: 1, max: 1_000_000 }), (seed) => {
            // prepare: heuristic bots act up to the first choice of `phase` (knocks decided, for the auction)
            const rng = new Rng(seed);
            const layout = variant.deal(options, 4, 0, rng.shuffle(variant.deck(options, 4)));
            const heuristic = getBot('heuristic');
            const state = variant.start(options, 4, 0, layout, ctx);
            const actions: { seat: Seat; action: Action }[] = [];
            const histories: { seat: Seat; action: Action }[][] = [[], [], [], []];
            let seat = variant.toAct(state)[0];
            while (seat !== undefined && variant.view(state, { kind: 'seat', seat }).phase !== phase) {
              const legal = variant.legalActions(state, seat);
              const action = heuristic.decide(observation(state, seat, histories[seat]!), legal, {
                rng,
                budget: budgetForMs(0),
              });
              act(state, seat, action, histories, actions);
              seat = variant.toAct(state)[0];
            }
            fc.pre(seat !== undefined);
            const me = seat!;
            // Unseen: the other seats' cards, and in the knock phase this seat's own second packet too.
            const seen = phase === 'knock' ? 4 : 8;
            const hidden = layout.hands.flatMap((h, s) => (s === me ? h.slice(seen) : h));
            const shuffled = new Rng(seed + 1).shuffle(hidden);
            let k = 0;
            const hands = layout.hands.map((h, s) => {
              const kept = s === me ? h.slice(0, seen) : [];
              const fresh = shuffled.slice(k, k + h.length - kept.length);
              k += fresh.length;
              return [...kept, ...fresh];
            });
            const other = replay(hands, actions);
            fc.pre(other !== undefined);
            const view = variant.view(state, { kind: 'seat', seat: me });
            fc.pre(JSON.stringify(variant.view(other!.state, { kind: 'seat', seat: me })) === JSON.stringify(view));
            if (JSON.stringify(hands) !== JSON.stringify(layout.hands)) worlds++;
            // act: at 200 ms the choice is the rollouts' (below about 70 ms the heuristic's)
            const decide = (s: unknown, h: { seat: Seat; action: Action }[]) => {
              const obs = observation(s, me, h);
              const legal = variant.legalActions(s, me);
              const budget = budgetForMs(200);
              if (evaluateByRollouts(obs, legal, { rng: new Rng(seed + 2), budget }) !== undefined) searched++;
              return strong.decide(obs, legal, { rng: new Rng(seed + 2), budget });
            };
            // assess
            expect(decide(other!.state, other!.histories[me]!)).toEqual(decide(state, histories[me]!));
          }),
          { numRuns: 8, seed: 23 },
        );
      } finally {
        tunings['rolloutChoices'] = saved;
      }
      // Worlds that really differ, and choices the rollouts made (not the heuristic's fallback).
      expect(worlds).toBeGreaterThan(4);
      expect(searched).toBeGreaterThan(4);
    });
});
