/**
 * `votes:<N>` levels of bench/bots-dd.ts: the card a seat should play to lose least often against the double-dummy
 * optimum, under strong's own picture of the hidden cards — and how often even that card loses, by that picture.
 *
 * The benchmark values each card by best open-hand play on the true hands. Whatever a seat knows, the card that loses
 * least often is the one that is best (in card points, on open hands) on the most deals the seat finds likely. This
 * bot draws up to N such deals as strong does (strong.ts `sampleHidden`: the cards seen, the auction's facts, each
 * deal weighted by how well it explains the other seats' plays), solves every legal card on each exactly in card
 * points, and plays the card best on the largest weight of deals (ties: the higher mean). It stops drawing when the
 * decision's node budget is spent (`maxNodes`; at least 4 deals are solved).
 *
 * Its **self-estimate** is the weight of the deals on which its own card is not best: the share of losing decisions
 * a seat with this picture of the hidden cards cannot avoid. If strong's picture were the truth, no bot could lose
 * less often on average than that; measured against the true hands, the level shows how near the picture is.
 */
import { type Action, indexOf } from '../engine/index.js';
import type { Bot } from '../engine/bots/index.js';
import { deckOfObs } from '../engine/bots/heuristic.js';
import { knowledgeOf } from '../engine/bots/knowledge.js';
import { auctionFacts } from '../engine/bots/solver-inference.js';
import { playWeight } from '../engine/bots/solver-likelihood.js';
import { partnerCardPlayedBy, parties, sampleHidden } from '../engine/bots/strong.js';
import { Solver, TranspositionTable } from '../engine/bots/solver.js';

/** Per level: the self-estimated losing share of each decision (0..1) and the deals solved for it. */
const selfEstimates = new Map<string, { share: number[]; deals: number[] }>();

export function votesBot(level: string): Bot {
  const m = /^votes:(\d+)(?:@(\d+))?$/.exec(level);
  if (m === null) throw new Error(`${level}: expected votes:<deals>[@<million nodes>]`);
  const maxDeals = Number(m[1]);
  const maxNodes = Number(m[2] ?? '40') * 1_000_000;
  const est = { share: [] as number[], deals: [] as number[] };
  selfEstimates.set(level, est);
  return {
    level,
    decide: (obs, legal, ctx) => {
      const plays = legal.filter((a): a is Extract<Action, { type: 'play' }> => a.type === 'play');
      const k = knowledgeOf(obs);
      const deck = deckOfObs(obs);
      const facts = auctionFacts(obs, k, deck);
      const cards = plays.map((a) => indexOf(a.card));
      const trick = obs.view.trick.map((t) => indexOf(t.card));
      const leader = obs.view.trick[0]?.seat ?? obs.seat;
      const holderOfPlayed = partnerCardPlayedBy(k);
      const votes = new Float64Array(cards.length);
      const sums = new Float64Array(cards.length);
      let weight = 0;
      let nodes = 0;
      let solved = 0;
      const table = new TranspositionTable();
      for (let i = 0; i < maxDeals && (solved < 4 || nodes < maxNodes); i++) {
        const sample = sampleHidden(obs, k, deck, ctx.rng, facts);
        if (sample === undefined) break;
        const p = parties(k, sample.hands, holderOfPlayed);
        const high = ((p.maxMask >> obs.seat) & 1) === 1;
        const solver = new Solver({ order: k.order, hands: sample.hands, trick, leader, ...p, table });
        const values = cards.map((c) => solver.valueAfter(c) as number);
        nodes += solver.nodes;
        const w = k.played.size === 0 ? 1 : playWeight(k, sample.hands, deck);
        const best = high ? Math.max(...values) : Math.min(...values);
        values.forEach((v, j) => {
          if (v === best) votes[j] = (votes[j] as number) + w;
          sums[j] = (sums[j] as number) + w * v * (high ? 1 : -1);
        });
        weight += w;
        solved++;
      }
      let pick = 0;
      for (let j = 1; j < cards.length; j++) {
        const dv = (votes[j] as number) - (votes[pick] as number);
        if (dv > 1e-12 || (Math.abs(dv) <= 1e-12 && (sums[j] as number) > (sums[pick] as number))) pick = j;
      }
      est.share.push(weight > 0 ? 1 - (votes[pick] as number) / weight : 0);
      est.deals.push(solved);
      return plays[pick] as Action;
    },
  };
}

/** The self-estimates of `level` since the last call, as a line of the report (a table's); they start anew. */
export function takeSelfEstimates(level: string): string | undefined {
  const e = selfEstimates.get(level);
  if (e === undefined || e.share.length === 0) return undefined;
  const share = e.share.splice(0);
  const deals = e.deals.splice(0).sort((a, b) => a - b);
  const n = share.length;
  const mean = share.reduce((a, b) => a + b, 0) / n;
  return (
    `${level}: by its own picture of the hidden cards its card loses on ${(100 * mean).toFixed(1)}% of ${n} ` +
    `decisions (deals solved per decision: median ${deals[n >> 1]}, min ${deals[0]})`
  );
}
