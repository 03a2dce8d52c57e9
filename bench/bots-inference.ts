/**
 * Does the auction inference (engine/bots/solver-inference.ts `auctionFacts`) bring `strong`'s samples closer to the
 * real hands? Heuristic bots play whole deals; at every seat's first card decision, `samples` deals of the hidden
 * cards are drawn with and without the auction's facts (the same seeds), and for every other seat whose hand is its
 * dealt hand (no bury) the sampled hand is compared with the real one: trumps of the contract's order held (mean
 * absolute error) and cards in common. Also: how often the real hands break a fact (the facts' consistency with the
 * heuristic bidders; > 0 where other seats' rules differ from the facts') and how often no draw fitted every fact.
 *   npx tsx bench/bots-inference.ts [deals=120] [samples=20] [variant:players,...] [repairSteps]
 * (`repairSteps`: strong.ts `STRONG.repairSteps` for the draws with facts.)
 */
import { type Card, Rng, type Seat, getVariant, indexOf } from '../engine/index.js';
import { deckOfObs } from '../engine/bots/heuristic.js';
import { getBot } from '../engine/bots/index.js';
import { knowledgeOf } from '../engine/bots/knowledge.js';
import { playBotDeal } from '../engine/bots/play.js';
import { auctionFacts, brokenFacts } from '../engine/bots/solver-inference.js';
import { STRONG, sampleHidden } from '../engine/bots/strong.js';
import type { Bot } from '../engine/bots/types.js';
import { TRUMP } from '../engine/tricks/order.js';

const positional = process.argv.slice(2);
const deals = Number(positional[0] ?? 120);
const samples = Number(positional[1] ?? 20);
const games = (positional[2] ?? 'schafkopf:4,sheepshead:5,sheepshead:7,mehrkopf:5,saukopf:4').split(',');
if (positional[3] !== undefined) (STRONG as unknown as { repairSteps: number }).repairSteps = Number(positional[3]);

for (const g of games) {
  const [id, p] = g.split(':');
  const players = Number(p);
  const variant = getVariant(id as string);
  if (variant === undefined) throw new Error(`${id} not registered`);
  const options = variant.resolveOptions(undefined, {}, players);
  const heuristic = getBot('heuristic');
  let dealt: readonly (readonly Card[])[] = [];
  const acc = { decisions: 0, facts: 0, realBroken: 0, noFit: 0, draws: 0 };
  const err = { without: 0, with: 0, commonWithout: 0, commonWith: 0, n: 0 };
  const seen = new Set<Seat>();
  const watcher: Bot = {
    level: 'watcher',
    decide(obs, legal, ctx) {
      if (legal.some((a) => a.type === 'play') && !seen.has(obs.seat)) {
        seen.add(obs.seat);
        const k = knowledgeOf(obs);
        const deck = deckOfObs(obs);
        const facts = auctionFacts(obs, k, deck);
        acc.decisions++;
        acc.facts += facts.length;
        const exchanged = new Set(obs.history.filter((h) => h.action.type === 'bury').map((h) => h.seat));
        const real = dealt.map((h) => h.map(indexOf));
        // Real hands now: dealt minus played (seats that exchanged cards aside).
        const now = real.map((h, s) =>
          h.filter((c) => !k.played.has(c) || !k.tricks.some((t) => t.some((x) => x.seat === s && x.card === c))),
        );
        acc.realBroken += brokenFacts(
          facts.filter((f) => !exchanged.has(f.seat)),
          k,
          now,
        );
        for (let i = 0; i < samples; i++) {
          const seed = `${g}:${acc.decisions}:${i}`;
          const a = sampleHidden(obs, k, deck, new Rng(seed));
          const b = sampleHidden(obs, k, deck, new Rng(seed), facts);
          if (a === undefined || b === undefined) continue;
          if (facts.length > 0) {
            acc.draws++;
            if (brokenFacts(facts, k, b.hands) > 0) acc.noFit++;
          }
          for (let s = 0; s < players; s++) {
            if (s === obs.seat || obs.view.hands[s] !== null || exchanged.has(s as Seat)) continue;
            const truth = now[s] as number[];
            const trumps = (h: readonly number[]): number => h.filter((c) => k.order.effSuit[c] === TRUMP).length;
            const common = (h: readonly number[]): number => h.filter((c) => truth.includes(c)).length;
            err.without += Math.abs(trumps(a.hands[s] as number[]) - trumps(truth));
            err.with += Math.abs(trumps(b.hands[s] as number[]) - trumps(truth));
            err.commonWithout += common(a.hands[s] as number[]);
            err.commonWith += common(b.hands[s] as number[]);
            err.n++;
          }
        }
      }
      return heuristic.decide(obs, legal, ctx);
    },
  };
  for (let d = 0; d < deals; d++) {
    const rng = new Rng(`bots-inference:${g}:${d}`);
    const dealer = (d % players) as Seat;
    const layout = variant.deal(options, players, dealer, rng.shuffle(variant.deck(options, players)));
    dealt = layout.hands;
    seen.clear();
    playBotDeal(variant, options, players, dealer, layout, Array(players).fill(watcher), () => ({
      rng,
      budget: { samples: 1, rollouts: 0, nodes: 5_000 },
    }));
  }
  const f = (x: number): string => (x / Math.max(1, err.n)).toFixed(3);
  console.log(
    `${g.padEnd(13)} ${deals} deals, ${acc.decisions} first-card decisions, ${(acc.facts / acc.decisions).toFixed(2)} facts each; ` +
      `trump-count error per hidden hand ${f(err.without)} → ${f(err.with)}, cards right ${f(err.commonWithout)} → ${f(err.commonWith)}; ` +
      `facts the real hands break ${acc.realBroken}/${acc.facts}; samples fitting no draw ${acc.noFit}/${acc.draws}`,
  );
}
