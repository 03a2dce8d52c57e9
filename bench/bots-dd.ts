/**
 * Double-dummy benchmark: how far each bot level's card play is from the open-hand optimum.
 *
 * Heuristic bots bid and play `--deals` duplicate deals per table (seeded); at every card decision of a point game
 * with a declaring party (Sauspiel, Solo, Wenz, called ace, alone, …; not Ramsch, Leaster, Bettel or Tout) and more
 * than one legal card, every level in `--levels` is asked for its card from the same observation (the same position
 * for every level: a paired comparison), and the open-hand solver (engine/bots/solver.ts) on the TRUE hands values
 * each card: the card points the deciding seat's side takes from here to the end with best play on all sides. A card
 * "loses" when its value is below the best card's; the loss is the difference in card points.
 *
 * Reported per level: the share of decisions that lose and the card points lost per decision (95% CI), for all
 * decisions, leads, the first trick, and the defenders' leads; the CPU time per decision; and each level's loss
 * minus the first level's on the same decisions (paired, 95% CI).
 *
 *   npx tsx bench/bots-dd.ts [--only schafkopf:4,sheepshead:5] [--deals 60] [--levels heuristic,strong-v2,strong]
 *                            [--budget 200] [--seed 1] [--tricks N: only decisions in the first N tricks]
 *                            [--seconds S: start no deal after S seconds per table] [--games sauspiel,…]
 *                            [--detail] [--crn [--salt S]]
 * (npm run bench:dd runs the defaults.) `strong-v2` is the frozen baseline (bench/baseline/strong-v2.ts); a level
 * ending in `-nopc` (`strong-nopc`) plays as if the variant named no partner card; `strong@<ms>` is strong with a
 * budget of its own (`strong@3200`: 16 times the default); `votes:<N>[@<M>]` plays the card best on most of up to N
 * deals drawn as strong draws them (at most M million solver nodes a decision) and reports how often that card loses
 * by its own picture of the hidden cards (bench/dd-votes.ts); `strong-p<N>` and `strong-w<x>` are tuning experiments
 * (below).
 */
import {
  Rng,
  type Action,
  type Card,
  type CardIndex,
  type Seat,
  POINTS,
  getVariant,
  indexOf,
  money,
} from '../engine/index.js';
import type { VariantBots } from '../engine/variant.js';
import { type Bot, budgetForMs, getBot, seatObservation } from '../engine/bots/index.js';
import { knowledgeOf, partnerCard, goalOf } from '../engine/bots/knowledge.js';
import { Solver, type SolverProblem, TranspositionTable } from '../engine/bots/solver.js';
import { orderOf, withUnderCard } from '../engine/bots/orders.js';
import { TRUMP } from '../engine/tricks/order.js';
import { asSeat } from '../engine/seat.js';
import { arg, hasFlag, tablesArg } from './args.js';
import { stepThresholds } from '../engine/bots/solver-objective.js';
import { strongV2Bot } from './baseline/strong-v2.js';
import { takeSelfEstimates, votesBot } from './dd-votes.js';
import { retuned } from './levels.js';

const deals = Number(arg('deals', '60'));
const budget = budgetForMs(Number(arg('budget', '200')));
const seed = arg('seed', '1');
const maxTricks = Number(arg('tricks', '99'));
const levels = arg('levels', 'heuristic,strong-v2,strong').split(',');
/** Wall-clock cap per table: no new deal is started after it (the report says how many deals were played). */
const maxSeconds = Number(arg('seconds', 'Infinity'));
/** Only decisions in these contract games (e.g. `sauspiel`); absent: every point game with a declaring party. */
const games = arg('games', '') === '' ? undefined : new Set(arg('games', '').split(','));
/**
 * `--detail`: where the losing decisions are — per side (declaring party or defenders), contract game, trick and
 * lead/follow — and how many of them lose a payout step on the true hands (won/lost/Schneider), not only points.
 */
const detail = hasFlag('detail');
/**
 * `--crn`: common random numbers — every level draws its samples from the same seed at a decision (`--salt` varies
 * it), so two tunings of one bot differ only by the tuning; without it each level's seed includes its name.
 */
const crn = hasFlag('crn');
const salt = arg('salt', 'crn');
/**
 * `<level>-nopc`: the level as if the variant named no partner card (the called Sau unknown to the bot: Mehrkopf's
 * bots before engine/variants/mehrkopf/bots.ts named it), on the same positions — a paired on/off measurement.
 */
function withoutPartnerCard(bot: Bot): Bot {
  return {
    level: `${bot.level}-nopc`,
    decide: (obs, legal, ctx) => {
      const variant = getVariant(obs.variant) as { bots?: VariantBots };
      const saved = variant.bots;
      variant.bots = { ...saved, partnerCard: undefined, partnerCardOnFirstLead: false };
      try {
        return bot.decide(obs, legal, ctx);
      } finally {
        variant.bots = saved;
      }
    },
  };
}
/**
 * Experiments on the same positions: `strong-p<N>` — successive halving after N samples instead of
 * `STRONG.pruneAfter`; `strong-w<x>` — a play the heuristic policy would not have made weighs a sample by x instead of
 * `LIKELIHOOD.miss` (`strong-w1`: no likelihood weighting); `strong-s<x>` — the auction facts' slack
 * (solver-inference.ts `AUCTION.slack`) x instead of 0.5.
 */
function tuned(level: string, key: string, value: number): Bot {
  return { ...retuned(`strong:${key}=${value}`), level };
}
/** `strong@<ms>`: strong with a budget of <ms> per decision instead of `--budget` (the same positions and seeds). */
function withBudget(level: string, ms: number): Bot {
  const strong = getBot('strong');
  const own = budgetForMs(ms);
  return { level, decide: (obs, legal, ctx) => strong.decide(obs, legal, { ...ctx, budget: own }) };
}
const bots = new Map<string, Bot>();
const botOf = (level: string): Bot => {
  let bot = bots.get(level);
  if (bot === undefined) bots.set(level, (bot = makeBot(level)));
  return bot;
};
/** The first rule whose pattern matches a level makes its bot; anything else is a registered level. */
const levelRules: [RegExp, (level: string, arg: string) => Bot][] = [
  [/^votes:/, (level) => votesBot(level)],
  [/^strong@(\d+)$/, (level, ms) => withBudget(level, Number(ms))],
  [/^strong:/, (level) => retuned(level)],
  [/^strong-p(\d+)$/, (level, n) => tuned(level, 'pruneAfter', Number(n))],
  [/^strong-w([\d.]+)$/, (level, x) => tuned(level, 'miss', Number(x))],
  [/^strong-s([\d.]+)$/, (level, x) => tuned(level, 'slack', Number(x))],
  [/^(.*)-nopc$/, (_, base) => withoutPartnerCard(botOf(base))],
  [/^strong-v2$/, () => strongV2Bot],
];
const makeBot = (level: string): Bot => {
  for (const [pattern, make] of levelRules) {
    const m = pattern.exec(level);
    if (m !== null) return make(level, m[1] ?? '');
  }
  return getBot(level);
};

/**
 * `open:g<k>` / `open:h<k>`: an oracle that sees the true hands and plays the card best for its side when the solver
 * searches `k` tricks (counting the open one) and values the rest by a greedy play-out (`g`, solver.ts `leaf:
 * 'greedy'`) or as nothing (`h`, a points-only horizon); the first best card on ties. It measures the leaf
 * evaluation alone, without sampling: how often it misses the card exact play would choose.
 */
function openCard(
  level: string,
  plays: readonly Extract<Action, { type: 'play' }>[],
  problem: Omit<SolverProblem, 'maxTricks' | 'leaf'>,
): Action {
  const m = /^open:([gh])(\d+)$/.exec(level);
  if (m === null) throw new Error(`${level}: expected open:g<k> or open:h<k>`);
  const solver = new Solver({
    ...problem,
    maxTricks: Number(m[2]),
    leaf: m[1] === 'g' ? 'greedy' : 'none',
    table: new TranspositionTable(),
  });
  let best = plays[0] as Action;
  let value = -Infinity;
  for (const a of plays) {
    const v = solver.valueAfter(indexOf(a.card)) as number;
    if (v > value) {
      value = v;
      best = a;
    }
  }
  return best;
}

interface Tally {
  n: number;
  losing: number;
  lost: number[];
}
const tally = (): Tally => ({ n: 0, losing: 0, lost: [] });
const KINDS = ['all', 'leads', 'trick 1', 'defenders leads'] as const;
type Kind = (typeof KINDS)[number];

function ci(xs: readonly number[]): { mean: number; ci: number } {
  const n = xs.length;
  if (n === 0) return { mean: 0, ci: 0 };
  const mean = xs.reduce((a, b) => a + b, 0) / n;
  const v = n > 1 ? xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1) : 0;
  return { mean, ci: 1.96 * Math.sqrt(v / n) };
}

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

for (const table of tablesArg('schafkopf:4,sheepshead:5')) {
  const { variant, options, players: n } = table;
  const stats = new Map<string, Map<Kind, Tally>>(levels.map((l) => [l, new Map(KINDS.map((k) => [k, tally()]))]));
  const cpu = new Map<string, number[]>(levels.map((l) => [l, []]));
  const paired = new Map<string, number[]>(levels.map((l) => [l, []]));
  /** `--detail`: per level, per breakdown key: decisions, losing ones, ones losing a payout step. */
  /** `--detail`: per level, its payout-step loss (0/1) minus the first level's on the same decision. */
  const pairedSteps = new Map<string, number[]>(levels.map((l) => [l, []]));
  const breakdown = new Map<string, Map<string, { n: number; losing: number; stepLosing: number }>>(
    levels.map((l) => [l, new Map()]),
  );
  const heuristic = getBot('heuristic');
  const seeds = new Rng(`${seed}:${table.id}:${n}`);
  let ddMs = 0;
  let mismatches = 0;
  const t0 = performance.now();
  let played = 0;
  for (let d = 0; d < deals && (performance.now() - t0) / 1000 < maxSeconds; d++, played++) {
    const dealSeed = seeds.next();
    const dealer = asSeat(d % n);
    const layout = variant.deal(options, n, dealer, new Rng(dealSeed).shuffle(variant.deck(options, n)));
    const state = variant.start(options, n, dealer, layout, { bock: 1, pot: money.ZERO });
    const histories: { seat: Seat; action: Action }[][] = Array.from({ length: n }, () => []);
    const playedBy = new Map<CardIndex, Seat>();
    let underCard: CardIndex | undefined;
    let decision = 0;
    for (let guard = 0; guard < 10_000; guard++) {
      const seat = variant.toAct(state)[0];
      if (seat === undefined) break;
      const obs = seatObservation(variant, options, state, seat, histories[seat] as { seat: Seat; action: Action }[]);
      const legal = variant.legalActions(state, seat);
      const ctx = { rng: new Rng(`${dealSeed}:${seat}:${decision++}`), budget };
      const plays = legal.filter((a): a is Extract<Action, { type: 'play' }> => a.type === 'play');
      const contract = obs.view.contract;
      if (
        plays.length > 1 &&
        knowledgeOf(obs).tricks.length <= maxTricks &&
        contract !== null &&
        goalOf(variant.id, contract) === 'points' &&
        contract.declarer !== undefined &&
        (games === undefined || games.has(contract.game))
      ) {
        const k = knowledgeOf(obs);
        // The true hands: each seat's own view of its hand (with Sheepshead's set-aside under card).
        const hands = Array.from({ length: n }, (_, s) => {
          const own = variant.view(state, { kind: 'seat', seat: asSeat(s) });
          const under = own.extra?.['under'];
          return [...(own.hands[s] ?? []), ...(typeof under === 'string' ? [under as Card] : [])].map(indexOf);
        });
        let party = 1 << contract.declarer;
        for (let s = 0; s < n; s++)
          for (const x of variant.view(state, { kind: 'seat', seat: asSeat(s) }).declarers) party |= 1 << x;
        const pc = partnerCard(variant.id, contract);
        if (pc !== undefined) {
          const holder = playedBy.get(pc) ?? hands.findIndex((h) => h.includes(pc));
          if (holder >= 0) party |= 1 << holder;
        }
        const all = (1 << n) - 1;
        const side = ((party >> seat) & 1) === 1 ? party : all & ~party;
        const trick = obs.view.trick.map((t) => indexOf(t.card));
        const leader = obs.view.trick[0]?.seat ?? seat;
        const c0 = cpuMs();
        // The true trick order: Sheepshead's under card as the called suit's lowest card (engine/bots/orders.ts
        // `withUnderCard`), whoever decides.
        const plain = orderOf(variant.id, contract, options);
        const called = contract.card === undefined ? -1 : (plain.effSuit[indexOf(contract.card)] as number);
        const order =
          underCard !== undefined && called >= 0 && called < TRUMP ? withUnderCard(plain, underCard, called) : plain;
        const solver = new Solver({
          order,
          hands,
          trick,
          leader,
          valueMask: side,
          maxMask: side,
          unit: 'points',
          table: new TranspositionTable(),
        });
        const values = new Map<CardIndex, number>();
        const valueOf = (c: CardIndex): number => {
          let v = values.get(c);
          if (v === undefined) values.set(c, (v = solver.valueAfter(c) as number));
          return v;
        };
        // The best card's value as the maximum over the cards (not solver.value(): at one Sheepshead 5 position of
        // seed 1 the root search answered far outside 0..120 while every card's own value was in range).
        const best = Math.max(...plays.map((a) => valueOf(indexOf(a.card))));
        const root = solver.value();
        if (root !== best) {
          mismatches++;
          if (mismatches <= 3)
            console.error(
              `solver.value() ${root} ≠ best card ${best}: deal ${d}, seat ${seat}, trick ${JSON.stringify(trick)}, ` +
                `hands ${JSON.stringify(hands)}, side ${side}, contract ${JSON.stringify(contract)}`,
            );
        }
        ddMs += cpuMs() - c0;
        const isLead = trick.length === 0;
        const kinds: Kind[] = ['all'];
        if (isLead) kinds.push('leads');
        if (k.tricks.length === 1) kinds.push('trick 1');
        if (isLead && ((party >> seat) & 1) === 0) kinds.push('defenders leads');
        // The payout step (of the declaring party) each card reaches on the true hands: a loss that keeps the step
        // costs nothing at settlement.
        let remaining = 0;
        for (const h of hands) for (const c of h) remaining += POINTS[c] as number;
        for (const c of trick) remaining += POINTS[c] as number;
        const inHands = new Set(hands.flat());
        const rest = variant
          .deck(options, n)
          .map(indexOf)
          .filter((c) => !inHands.has(c) && !k.played.has(c) && !trick.includes(c));
        const thresholds = stepThresholds(variant.id, options, k, { valueMask: party, unit: 'points' }, true, {
          hands,
          rest,
        });
        const stepOf = (c: CardIndex): number => {
          const v = valueOf(c);
          const partyPoints = side === party ? v : remaining - v;
          return thresholds === undefined ? 0 : thresholds.filter((t) => partyPoints >= t).length;
        };
        const bestCard = plays.map((a) => indexOf(a.card)).find((c) => valueOf(c) === best) as CardIndex;
        const trickNo = k.tricks.length;
        const keys = [
          side === party ? 'side: declaring party' : 'side: defenders',
          `game: ${contract.game}`,
          `trick ${trickNo <= 1 ? '1' : trickNo <= 3 ? '2-3' : trickNo <= 5 ? '4-5' : '6+'}`,
          isLead ? 'lead' : 'follow',
          `${side === party ? 'declaring' : 'defending'} ${isLead ? 'lead' : 'follow'}`,
        ];
        let refLoss: number | undefined;
        let refStep: number | undefined;
        for (const level of levels) {
          const c1 = cpuMs();
          const a = level.startsWith('open:')
            ? openCard(level, plays, { order, hands, trick, leader, valueMask: side, maxMask: side, unit: 'points' })
            : botOf(level).decide(obs, plays, {
                rng: new Rng(
                  crn ? `${dealSeed}:${seat}:${decision}:${salt}` : `${dealSeed}:${seat}:${decision}:${level}`,
                ),
                budget,
              });
          (cpu.get(level) as number[]).push(cpuMs() - c1);
          if (a.type !== 'play') throw new Error(`${level} chose ${a.type} for a card`);
          const c2 = cpuMs();
          const loss = best - valueOf(indexOf(a.card));
          ddMs += cpuMs() - c2;
          for (const kind of kinds) {
            const t = stats.get(level)?.get(kind) as Tally;
            t.n++;
            if (loss > 0) t.losing++;
            t.lost.push(loss);
          }
          if (detail) {
            const stepLost = stepOf(indexOf(a.card)) !== stepOf(bestCard);
            refStep ??= stepLost ? 1 : 0;
            (pairedSteps.get(level) as number[]).push((stepLost ? 1 : 0) - refStep);
            const b = breakdown.get(level) as Map<string, { n: number; losing: number; stepLosing: number }>;
            for (const key of ['all', ...keys]) {
              const e = b.get(key) ?? { n: 0, losing: 0, stepLosing: 0 };
              e.n++;
              if (loss > 0) e.losing++;
              if (stepLost) e.stepLosing++;
              b.set(key, e);
            }
          }
          refLoss ??= loss;
          (paired.get(level) as number[]).push(loss - refLoss);
        }
      }
      const action = heuristic.decide(obs, legal, ctx);
      if (action.type === 'play') playedBy.set(indexOf(action.card), seat);
      if (action.type === 'call' && action.under !== undefined) underCard = indexOf(action.under);
      for (let s = 0; s < n; s++)
        (histories[s] as { seat: Seat; action: Action }[]).push({
          seat,
          action: variant.redactAction(state, seat, action, { kind: 'seat', seat: asSeat(s) }),
        });
      variant.apply(state, seat, action, true);
    }
  }
  const seconds = (performance.now() - t0) / 1000;
  console.log(
    `\n${table.id} ${table.seats}: ${played} deals (seed ${seed}), positions from heuristic play, budget ${arg('budget', '200')} ms; ` +
      `${seconds.toFixed(0)} s wall, solver ${(ddMs / 1000).toFixed(0)} s CPU; root value ≠ best card at ${mismatches}`,
  );
  console.log(
    'level        ' + KINDS.map((k) => `${k}: losing % / pts lost (n)`.padEnd(36)).join('') + 'CPU ms mean / p50 / p99',
  );
  for (const level of levels) {
    const row = KINDS.map((kind) => {
      const t = stats.get(level)?.get(kind) as Tally;
      const share = t.n === 0 ? 0 : (100 * t.losing) / t.n;
      const shareCi = t.n === 0 ? 0 : 196 * Math.sqrt(((share / 100) * (1 - share / 100)) / t.n);
      const l = ci(t.lost);
      return `${share.toFixed(1)}±${shareCi.toFixed(1)} / ${l.mean.toFixed(2)}±${l.ci.toFixed(2)} (${t.n})`.padEnd(36);
    }).join('');
    const ms = [...(cpu.get(level) as number[])].sort((a, b) => a - b);
    const q = (p: number): number => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))] ?? 0;
    const mean = ms.reduce((a, b) => a + b, 0) / Math.max(1, ms.length);
    console.log(`${level.padEnd(13)}${row}${mean.toFixed(1)} / ${q(0.5).toFixed(1)} / ${q(0.99).toFixed(1)}`);
  }
  for (const level of levels.slice(1)) {
    const p = ci(paired.get(level) as number[]);
    console.log(`${level} − ${levels[0]} points lost per decision (paired): ${p.mean.toFixed(2)} ± ${p.ci.toFixed(2)}`);
  }
  for (const level of levels) {
    const line = takeSelfEstimates(level);
    if (line !== undefined) console.log(line);
  }
  if (detail) {
    console.log('\nwhere decisions lose (losing % in card points / losing % in payout steps, n), per level:');
    const keys = [...(breakdown.get(levels[0] as string)?.keys() ?? [])].sort();
    console.log('key'.padEnd(28) + levels.map((l) => l.padEnd(24)).join(''));
    for (const key of keys) {
      const cells = levels.map((l) => {
        const e = breakdown.get(l)?.get(key);
        if (e === undefined) return ''.padEnd(24);
        return `${((100 * e.losing) / e.n).toFixed(1)} / ${((100 * e.stepLosing) / e.n).toFixed(1)} (${e.n})`.padEnd(
          24,
        );
      });
      console.log(key.padEnd(28) + cells.join(''));
    }
    for (const level of levels.slice(1)) {
      const p = ci(pairedSteps.get(level) as number[]);
      console.log(
        `${level} − ${levels[0]} decisions losing a payout step (paired, %): ` +
          `${(100 * p.mean).toFixed(2)} ± ${(100 * p.ci).toFixed(2)}`,
      );
    }
  }
}
