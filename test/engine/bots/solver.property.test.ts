import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CARDS, POINTS, type Suit, compileOrder, getVariant, indexOf, samePlain } from '../../../engine/index.js';
import { type Candidate, trickOrderOf } from '../../../engine/bots/orders.js';
import { Solver, type SolverProblem, TranspositionTable, solve } from '../../../engine/bots/solver.js';
import { settlement } from '../../../engine/bots/solver-objective.js';
import type { CompiledOrder, TrickOrder } from '../../../engine/tricks/order.js';

/** One transposition table for the file's solvers (each solver has its own generation in it). */
const table = new TranspositionTable();

/** Plain minimax over every legal card (follow the led effective suit if you can): the oracle. */
function bruteForce(
  order: CompiledOrder,
  hands: number[][],
  trick: number[],
  leader: number,
  valueMask: number,
  maxMask: number,
  unit: 'points' | 'trick',
): number {
  const n = hands.length;
  if (trick.length === n) {
    let w = 0;
    for (let i = 1; i < n; i++) {
      const c = trick[i] as number;
      const b = trick[w] as number;
      const s = order.effSuit[c] as number;
      const bs = order.effSuit[b] as number;
      if ((s === bs && (order.power[c] as number) > (order.power[b] as number)) || (s === 4 && bs !== 4)) w = i;
    }
    const winner = (leader + w) % n;
    const gain =
      ((valueMask >> winner) & 1) === 0
        ? 0
        : unit === 'trick'
          ? 1
          : trick.reduce((s, c) => s + (POINTS[c] as number), 0);
    if ((hands[winner] as number[]).length === 0) return gain;
    return gain + bruteForce(order, hands, [], winner, valueMask, maxMask, unit);
  }
  const seat = (leader + trick.length) % n;
  const hand = hands[seat] as number[];
  const led = trick[0];
  const follow = led === undefined ? [] : hand.filter((c) => order.effSuit[c] === order.effSuit[led]);
  const moves = follow.length > 0 ? follow : hand.slice();
  const values = moves.map((c) => {
    hands[seat] = hand.filter((x) => x !== c);
    const v = bruteForce(order, hands, [...trick, c], leader, valueMask, maxMask, unit);
    hands[seat] = hand;
    return v;
  });
  return (maxMask >> seat) & 1 ? Math.max(...values) : Math.min(...values);
}

/** The oracle's value of a solver problem (its hands and trick copied: the search edits them as it goes). */
function bruteForceOf(
  p: Pick<SolverProblem, 'order' | 'hands' | 'trick' | 'leader' | 'valueMask' | 'maxMask' | 'unit'>,
) {
  const hands = p.hands.map((h) => h.slice());
  return bruteForce(p.order, hands, p.trick.slice(), p.leader, p.valueMask, p.maxMask, p.unit);
}

/** One trick order per family of contracts: suit games, Wenz/Geier, Farbwenz, Bettel, Sheepshead, Mehrkopf's
 * 48-card orders (Schöne, Gefreite, Preußen with negative points), Saukopf's Ferkelparade, Knorpel and "am Spieß". */
/** A variant's order for a contract under its default preset (engine/variant.ts `Variant.trickOrder`). */
function orderIn(id: string, contract: Candidate | null): TrickOrder {
  const variant = getVariant(id)!;
  return trickOrderOf(id, contract, variant.resolveOptions(variant.defaultPreset, {}, variant.tableSeats.min));
}

const ORDERS: CompiledOrder[] = [
  orderIn('schafkopf', { game: 'sauspiel', suit: 'E' }),
  orderIn('schafkopf', { game: 'wenz' }),
  orderIn('schafkopf', { game: 'solo', suit: 'G' as Suit }),
  orderIn('schafkopf', { game: 'farbwenz', suit: 'S' as Suit }),
  orderIn('schafkopf', { game: 'geier' }),
  orderIn('schafkopf', { game: 'bettel' }),
  orderIn('sheepshead', null),
  orderIn('mehrkopf', { game: 'farbspiel', suit: 'H' as Suit }),
  orderIn('mehrkopf', { game: 'niederer' }),
  orderIn('saukopf', { game: 'ferkelparade' }),
  orderIn('saukopf', { game: 'keiler', suit: 'E' as Suit, spiess: true }),
  orderIn('saukopf', { game: 'knorpel', card: 'GK' }),
  { trumps: [], plain: samePlain(['A', 'Z', 'K', 'O', 'U', '9', '8', '7']) },
].map(compileOrder);
const ALL = CARDS.map((_, i) => i);

/** A random small position: n hands of `per` cards of the order's deck, some of the leader's trick already played. */
const position = fc
  .record({
    o: fc.integer({ min: 0, max: ORDERS.length - 1 }),
    n: fc.integer({ min: 2, max: 5 }),
    per: fc.integer({ min: 1, max: 3 }),
    leaderRaw: fc.integer({ min: 0, max: 7 }),
    valueMaskRaw: fc.integer({ min: 1, max: 31 }),
    maxMaskRaw: fc.integer({ min: 1, max: 31 }),
    shuffled: fc.shuffledSubarray(ALL, { minLength: ALL.length, maxLength: ALL.length }),
    trickLen: fc.integer({ min: 0, max: 4 }),
    tricks: fc.boolean(),
  })
  .map(({ o, n, per, leaderRaw, valueMaskRaw, maxMaskRaw, shuffled, trickLen, tricks }): SolverProblem => {
    const order = ORDERS[o] as CompiledOrder;
    const cards = shuffled.filter((c) => (order.effSuit[c] as number) >= 0);
    const leader = leaderRaw % n;
    const full = (1 << n) - 1;
    const hands: number[][] = Array.from({ length: n }, (_, s) => cards.slice(s * per, (s + 1) * per));
    const trick: number[] = [];
    for (let i = 0; i < Math.min(trickLen, n - 1); i++) {
      const seat = (leader + i) % n;
      const hand = hands[seat] as number[];
      const led = trick[0];
      const follow = led === undefined ? [] : hand.filter((c) => order.effSuit[c] === order.effSuit[led]);
      const card = (follow.length > 0 ? follow : hand)[0] as number;
      hands[seat] = hand.filter((c) => c !== card);
      trick.push(card);
    }
    const unit = tricks ? 'trick' : 'points';
    return { order, hands, trick, leader, valueMask: valueMaskRaw & full, maxMask: maxMaskRaw & full, unit };
  });

const legalCards = (p: SolverProblem): number[] => {
  const seat = (p.leader + p.trick.length) % p.hands.length;
  const hand = p.hands[seat] as number[];
  const led = p.trick[0];
  const follow = led === undefined ? [] : hand.filter((c) => p.order.effSuit[c] === p.order.effSuit[led]);
  return follow.length > 0 ? follow : hand.slice();
};

describe('trick-play solver', () => {
  it('agrees with brute-force minimax on small end positions', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: ORDERS.length - 1 }),
        fc.integer({ min: 2, max: 5 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 1, max: 14 }),
        fc.integer({ min: 1, max: 14 }),
        fc.shuffledSubarray(ALL, { minLength: ALL.length, maxLength: ALL.length }),
        fc.integer({ min: 0, max: 4 }),
        fc.boolean(),
        (o, n, per, leaderRaw, valueMaskRaw, maxMaskRaw, shuffled, trickLen, tricks) => {
          // prepare: n hands of `per` cards of the order's deck, some of the leader's trick already played
          const order = ORDERS[o] as CompiledOrder;
          const cards = shuffled.filter((c) => (order.effSuit[c] as number) >= 0);
          const unit = tricks ? 'trick' : 'points';
          const leader = leaderRaw % n;
          const full = (1 << n) - 1;
          const hands: number[][] = Array.from({ length: n }, (_, s) => cards.slice(s * per, (s + 1) * per));
          const played = Math.min(trickLen, n - 1);
          const trick: number[] = [];
          for (let i = 0; i < played; i++) {
            const seat = (leader + i) % n;
            const hand = hands[seat] as number[];
            const led = trick[0];
            const follow = led === undefined ? [] : hand.filter((c) => order.effSuit[c] === order.effSuit[led]);
            const card = (follow.length > 0 ? follow : hand)[0] as number;
            hands[seat] = hand.filter((c) => c !== card);
            trick.push(card);
          }
          const valueMask = valueMaskRaw & full;
          const maxMask = maxMaskRaw & full;
          // act
          const problem: SolverProblem = { order, hands, trick, leader, valueMask, maxMask, unit };
          const fast = solve({ ...problem, table }).value;
          const slow = bruteForceOf(problem);
          // assess
          expect(fast).toBe(slow);
        },
      ),
      { numRuns: 500, seed: 19 },
    );
  });

  it('values each card like the search from the position, and answers threshold questions alike', () => {
    fc.assert(
      fc.property(position, position, (p, q) => {
        // prepare: two solvers alive at once share one transposition table (by generation)
        const sp = new Solver({ ...p, table });
        const sq = new Solver({ ...q, table });
        const seat = (p.leader + p.trick.length) % p.hands.length;
        // act
        const after = legalCards(p).map((c) => sp.valueAfter(c) as number);
        const vq = sq.value() as number;
        const v = sp.value() as number;
        // assess
        const maximizing = ((p.maxMask >> seat) & 1) === 1;
        expect(v).toBe(maximizing ? Math.max(...after) : Math.min(...after));
        expect(sp.atLeast(v)).toBe(true);
        expect(sp.atLeast(v + 1)).toBe(false);
        const steps = [v - 5, v, v + 1, v + 9].sort((x, y) => x - y);
        legalCards(p).forEach((c, i) => {
          const reached = steps.filter((t) => (after[i] as number) >= t).length;
          expect(sp.levelAfter(c, steps)).toBe(reached);
        });
        expect(vq).toBe(solve(q).value);
      }),
      { numRuns: 300, seed: 190 },
    );
  });

  it('bounds by the sure tricks of the top trumps: agrees with brute force when one side holds the highest trumps', () => {
    fc.assert(
      fc.property(position, fc.integer({ min: 1, max: 6 }), fc.boolean(), (p, k, spread) => {
        // prepare: the k highest trumps of the order dealt from the top, to seat 0 alone or one to each seat in
        // turn (a run one side holds, a run that changes sides); the rest of the hands as the position has them
        const order = p.order;
        const n = p.hands.length;
        const trumps = ALL.filter((c) => order.effSuit[c] === 4 && !p.trick.includes(c)).sort(
          (a, b) => (order.power[b] as number) - (order.power[a] as number),
        );
        const top = trumps.slice(0, k);
        const hands = p.hands.map((h) => h.filter((c) => !top.includes(c)));
        const rest = ALL.filter(
          (c) =>
            (order.effSuit[c] as number) >= 0 &&
            !top.includes(c) &&
            !p.trick.includes(c) &&
            !hands.some((h) => h.includes(c)),
        );
        top.forEach((c, i) => (hands[spread ? i % n : 0] as number[]).unshift(c));
        // Each seat keeps its number of cards: the first of its new hand, filled up from the cards of nobody.
        const trimmed = hands.map((h, s) => {
          const t = h.slice(0, (p.hands[s] as number[]).length);
          while (t.length < (p.hands[s] as number[]).length) t.push(rest.shift() as number);
          return t;
        });
        const q: SolverProblem = { ...p, hands: trimmed };
        // act
        const fast = solve({ ...q, table }).value;
        const slow = bruteForceOf(q);
        // assess
        expect(fast).toBe(slow);
      }),
      { numRuns: 400, seed: 1919 },
    );
  });

  it("bounds by each seat's sure trump tricks: agrees with brute force when the sides' trumps interleave", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 7 }),
        fc.integer({ min: 3, max: 4 }),
        fc.shuffledSubarray(ALL, { minLength: ALL.length, maxLength: ALL.length }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 1, max: 14 }),
        fc.boolean(),
        (o, n, shuffled, plain, maskRaw, tricks) => {
          // prepare: hands of mostly trumps (the sides' trumps interleaved at random), at least `plain` plain cards
          const order = ORDERS[o] as CompiledOrder;
          const per = n === 3 ? 4 : 3;
          const trumps = shuffled.filter((c) => order.effSuit[c] === 4);
          const plains = shuffled.filter((c) => (order.effSuit[c] as number) >= 0 && order.effSuit[c] !== 4);
          const few = trumps.slice(0, n * per - plain);
          const pool = [...few, ...plains.slice(0, n * per - few.length)];
          const mixed = shuffled.filter((c) => pool.includes(c));
          const hands = Array.from({ length: n }, (_, s) => mixed.slice(s * per, (s + 1) * per));
          const mask = maskRaw & ((1 << n) - 1);
          const unit = tricks ? 'trick' : 'points';
          // act
          const problem: SolverProblem = { order, hands, trick: [], leader: 0, valueMask: mask, maxMask: mask, unit };
          const fast = solve({ ...problem, table }).value;
          const slow = bruteForceOf(problem);
          // assess
          expect(fast).toBe(slow);
        },
      ),
      { numRuns: 300, seed: 1907 },
    );
  });

  it('keeps the position hash trick by trick equal to the hash of the hands computed afresh', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 3, max: 5 }),
        fc.integer({ min: 0, max: 3 }),
        fc.shuffledSubarray(ALL, { minLength: ALL.length, maxLength: ALL.length }),
        fc.integer({ min: 0, max: 2 }),
        (o, per, leader, shuffled, trickLen) => {
          // prepare: four hands of a Schafkopf order, several tricks deep, from a trick start or within a trick
          const order = ORDERS[o] as CompiledOrder;
          const cards = shuffled.filter((c) => (order.effSuit[c] as number) >= 0);
          const hands: number[][] = Array.from({ length: 4 }, (_, s) => cards.slice(s * per, (s + 1) * per));
          const trick: number[] = [];
          for (let i = 0; i < trickLen; i++) {
            const seat = (leader + i) % 4;
            const hand = hands[seat] as number[];
            const led = trick[0];
            const follow = led === undefined ? [] : hand.filter((c) => order.effSuit[c] === order.effSuit[led]);
            const card = (follow.length > 0 ? follow : hand)[0] as number;
            hands[seat] = hand.filter((c) => c !== card);
            trick.push(card);
          }
          const p: SolverProblem = { order, hands, trick, leader, valueMask: 0b0101, maxMask: 0b0101, unit: 'points' };
          // act: every search of the solver (the value, each card's value, threshold tests) checks the kept hash at
          // every trick start against the fresh one and throws on a difference
          const checked = new Solver({ ...p, table, verifyHash: true });
          const values = legalCards(p).map((c) => checked.valueAfter(c));
          const value = checked.value();
          const level = checked.level([31, 61, 91]);
          // assess: no stale hash, and the same answers as a solver without the check
          const plain = new Solver({ ...p, table });
          expect(values).toEqual(legalCards(p).map((c) => plain.valueAfter(c)));
          expect(value).toBe(plain.value());
          expect(level).toBe(plain.level([31, 61, 91]));
        },
      ),
      { numRuns: 150, seed: 1906 },
    );
  });

  it('does not treat two cards as equivalent when a card of the open trick lies between them', () => {
    // prepare: seat 0 led E8; seat 1 holds E9 and E7 (no points either) and wants to take no trick
    const order = ORDERS[ORDERS.length - 1] as CompiledOrder;
    const c = (id: string): number => indexOf(id as never);
    const p: SolverProblem = {
      order,
      hands: [[c('GA')], [c('E9'), c('E7')]],
      trick: [c('E8')],
      leader: 0,
      valueMask: 1 << 1,
      maxMask: 1 << 0,
      unit: 'trick',
    };
    // act
    const v = solve(p).value;
    // assess: the E7 ducks under the E8, and the E9 goes on seat 0's Gras-Sau
    expect(v).toBe(0);
  });
});

/** Minimax with stacks: a played card's card under it joins the player's cards (`under`: card → card under it). */
function bruteForceStacks(
  order: CompiledOrder,
  hands: number[][],
  under: ReadonlyMap<number, number>,
  trick: number[],
  leader: number,
  valueMask: number,
  maxMask: number,
): number {
  const n = hands.length;
  if (trick.length === n) {
    let w = 0;
    for (let i = 1; i < n; i++) {
      const c = trick[i] as number;
      const b = trick[w] as number;
      const s = order.effSuit[c] as number;
      const bs = order.effSuit[b] as number;
      if ((s === bs && (order.power[c] as number) > (order.power[b] as number)) || (s === 4 && bs !== 4)) w = i;
    }
    const winner = (leader + w) % n;
    const gain = ((valueMask >> winner) & 1) === 0 ? 0 : trick.reduce((s, c) => s + (POINTS[c] as number), 0);
    if ((hands[winner] as number[]).length === 0) return gain;
    return gain + bruteForceStacks(order, hands, under, [], winner, valueMask, maxMask);
  }
  const seat = (leader + trick.length) % n;
  const hand = hands[seat] as number[];
  const led = trick[0];
  const follow = led === undefined ? [] : hand.filter((c) => order.effSuit[c] === order.effSuit[led]);
  const moves = follow.length > 0 ? follow : hand.slice();
  const values = moves.map((c) => {
    const u = under.get(c);
    hands[seat] = [...hand.filter((x) => x !== c), ...(u === undefined ? [] : [u])];
    const v = bruteForceStacks(order, hands, under, [...trick, c], leader, valueMask, maxMask);
    hands[seat] = hand;
    return v;
  });
  return (maxMask >> seat) & 1 ? Math.max(...values) : Math.min(...values);
}

describe('trick-play solver with two-player stacks', () => {
  it('agrees with brute-force minimax when played cards uncover the cards under them', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: ORDERS.length - 1 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 0, max: 1 }),
        fc.integer({ min: 1, max: 3 }),
        fc.shuffledSubarray(ALL, { minLength: ALL.length, maxLength: ALL.length }),
        (o, per, depth, leader, maxMaskRaw, shuffled) => {
          // prepare: two players, `per` playable cards each, the first of them with up to `depth` cards stacked under
          const order = ORDERS[o] as CompiledOrder;
          const cards = shuffled.filter((c) => (order.effSuit[c] as number) >= 0);
          const hands: number[][] = [cards.slice(0, per), cards.slice(per, 2 * per)];
          const under = new Map<number, number>();
          let next = 2 * per;
          for (const h of hands) {
            let top = h[0] as number;
            for (let d = 0; d < depth; d++) {
              const u = cards[next++] as number;
              under.set(top, u);
              top = u;
            }
          }
          // Equal card counts per seat (every trick takes one card of each): the second seat gets the same stacks.
          const problem: SolverProblem = {
            order,
            hands,
            trick: [],
            leader,
            valueMask: 1,
            maxMask: maxMaskRaw,
            unit: 'points',
            under: [...under.entries()],
            table,
          };
          // act
          const fast = solve(problem).value;
          const slow = bruteForceStacks(
            order,
            hands.map((h) => h.slice()),
            under,
            [],
            leader,
            1,
            maxMaskRaw,
          );
          // assess
          expect(fast).toBe(slow);
        },
      ),
      { numRuns: 300, seed: 1919 },
    );
  });
});

describe('settlement', () => {
  it('names the payout step the exact value and the tricks reach', () => {
    fc.assert(
      fc.property(
        fc.shuffledSubarray(ALL, { minLength: ALL.length, maxLength: ALL.length }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 0, max: 3 }),
        (shuffled, per, leader) => {
          // prepare: a Sauspiel end position, seats 0 and 2 the declaring party
          const order = ORDERS[0] as CompiledOrder;
          const cards = shuffled.filter((c) => (order.effSuit[c] as number) >= 0);
          const hands = [0, 1, 2, 3].map((s) => cards.slice(s * per, (s + 1) * per));
          const p: SolverProblem = { order, hands, trick: [], leader, valueMask: 5, maxMask: 5, unit: 'points' };
          const taken = {
            points: 120 - hands.flat().reduce((a, c) => a + (POINTS[c] as number), 0),
            partyTricks: 1,
            foeTricks: 0,
          };
          // act
          const { step } = settlement({ ...p, table }, taken);
          // assess: against the exact points (and the party's tricks for Schwarz)
          const v = (solve({ ...p, table }).value as number) + taken.points;
          const all =
            bruteForce(
              order,
              hands.map((h) => h.slice()),
              [],
              leader,
              5,
              5,
              'trick',
            ) === per;
          const expected = v < 31 ? 1 : v < 61 ? 2 : v < 91 ? 3 : all ? 5 : 4;
          expect(step).toBe(expected);
        },
      ),
      { numRuns: 200, seed: 1920 },
    );
  });
});
