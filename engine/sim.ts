import { CARDS, type Card, POINTS, indexOf } from './cards/card.js';
import { Rng } from './cards/deck.js';
import { type Rational, ZERO, add, format, isZero, sum } from './money/rational.js';
import { asSeat } from './seat.js';
import type { Action, AnyVariant, DealContext, DealResult, Layout, Seat } from './variant.js';

/** One random legal deal, played straight on the variant (no event objects): simulation and benchmarks. */
export interface RandomDeal {
  readonly layout: Layout;
  readonly dealer: Seat;
  readonly actions: { seat: Seat; action: Action }[];
  readonly result: DealResult;
}

/**
 * Play one deal with uniformly random legal actions of the seat to act.
 * `optional` is the chance that a seat off turn uses an optional action (knock, Kontra) first.
 */
export function playRandomDeal(
  variant: AnyVariant,
  options: unknown,
  players: number,
  dealer: Seat,
  rng: Rng,
  ctx: DealContext = { bock: 1, pot: ZERO },
  record = false,
): RandomDeal {
  const dealt = variant.deal(options, players, dealer, rng.shuffle(variant.deck(options, players)));
  // The die (seven-handed Sheepshead) from the same generator after the shuffle, as the table's randomnessFor does.
  const layout = variant.rollsDie?.(options, players) === true ? { ...dealt, die: 1 + rng.int(6) } : dealt;
  const state = variant.start(options, players, dealer, layout, ctx);
  const actions: { seat: Seat; action: Action }[] = [];
  for (let guard = 0; guard < 10_000; guard++) {
    const toAct = variant.toAct(state);
    if (toAct.length === 0) break;
    const seat = toAct[toAct.length === 1 ? 0 : rng.int(toAct.length)] as Seat;
    const action = pickAction(variant.legalActions(state, seat), rng);
    if (action === undefined) throw new Error(`no legal action for seat ${seat} to act`);
    if (record) actions.push({ seat, action });
    variant.apply(state, seat, action, true);
  }
  if (!variant.isOver(state)) throw new Error('deal did not end');
  return { layout, dealer, actions, result: variant.result(state) };
}

/** What {@link walkRandomDeals} shows of each step: the state before the action, the seats in the deal, who acts. */
export interface RandomStep {
  readonly state: unknown;
  readonly parts: number;
  readonly seat: Seat;
  readonly action: Action;
}

/**
 * `deals` random deals of every preset and table size of `variant` (seeded from `seed`, actions by
 * {@link pickAction}): `before` sees each state before its action is applied, `after` the same step once it is
 * applied. For tools and tests that collect what a variant can offer (the CLI's parse vocabulary, the OpenAPI check).
 */
export function walkRandomDeals(
  variant: AnyVariant,
  deals: number,
  seed: string,
  visit: { before?: (step: RandomStep) => void; after?: (step: RandomStep) => void },
): void {
  for (const preset of Object.keys(variant.presets))
    for (let players = variant.tableSeats.min; players <= variant.tableSeats.max; players++) {
      let options: unknown;
      try {
        options = variant.resolveOptions(preset, {}, players);
      } catch {
        continue; // not a legal combination for this count
      }
      const parts = variant.participants(options, players, asSeat(players - 1)).length;
      const dealer = asSeat(parts - 1);
      for (let deal = 0; deal < deals; deal++) {
        const rng = new Rng(`${seed}/${variant.id}/${preset}/${players}/${deal}`);
        const dealt = variant.deal(options, parts, dealer, rng.shuffle(variant.deck(options, parts)));
        const layout = variant.rollsDie?.(options, parts) === true ? { ...dealt, die: 1 + rng.int(6) } : dealt;
        const state = variant.start(options, parts, dealer, layout, { bock: 1, pot: ZERO });
        for (let guard = 0; guard < 1000 && !variant.isOver(state); guard++) {
          const toAct = variant.toAct(state);
          const seat = asSeat(toAct[rng.int(toAct.length)] ?? 0);
          const step = { state, parts, seat, action: pickAction(variant.legalActions(state, seat), rng) };
          visit.before?.(step);
          variant.apply(state, seat, step.action, true);
          visit.after?.(step);
        }
      }
    }
}

/**
 * A random action: first a random action type among those legal, then a random action of that type, so that
 * passing is as likely as bidding and every contract comes up (a uniform pick would almost always bid a Tout).
 */
export function pickAction<A extends Action>(legal: readonly A[], rng: Rng): A {
  const n = legal.length;
  const first = legal[0];
  if (first === undefined) throw new Error('no legal action');
  // Long lists that cannot change (frozen, shared by a variant: e.g. Schafkopf's auction lists) are scanned once.
  if (n > 4 && Object.isFrozen(legal)) return pickGrouped(legal, groupsOf(legal), rng);
  // Grouped by type (test/engine/sim.test.ts checks every variant's lists): the same type first and last is one group,
  // so a long one-type list (330 four-card burials in four-handed Sheepshead) is not scanned.
  if ((legal[n - 1] as Action).type === first.type) return legal[rng.int(n)] as A;
  let types = 1;
  let type = first.type;
  for (let i = 1; i < n; i++) {
    const t = (legal[i] as Action).type;
    if (t !== type) {
      types++;
      type = t;
    }
  }
  if (types === 1) return legal[rng.int(n)] as A;
  // Legal lists are grouped by type; pick a group, then a member.
  let group = rng.int(types);
  let start = 0;
  type = first.type;
  for (let i = 1; i < n && group > 0; i++) {
    const t = (legal[i] as Action).type;
    if (t !== type) {
      type = t;
      group--;
      start = i;
    }
  }
  let end = start + 1;
  while (end < n && (legal[end] as Action).type === type) end++;
  return legal[start + rng.int(end - start)] as A;
}

/** Where each run of equal action types starts in a frozen list, and its length last: `[0, s1, …, n]` (a pure memo). */
const GROUPS = new WeakMap<readonly Action[], Int32Array>();

function groupsOf(legal: readonly Action[]): Int32Array {
  let groups = GROUPS.get(legal);
  if (groups === undefined) {
    const starts = [0];
    for (let i = 1; i < legal.length; i++)
      if ((legal[i] as Action).type !== (legal[i - 1] as Action).type) starts.push(i);
    starts.push(legal.length);
    groups = Int32Array.from(starts);
    GROUPS.set(legal, groups);
  }
  return groups;
}

/** {@link pickAction} over precomputed runs: the same picks and the same draws from `rng`. */
function pickGrouped<A extends Action>(legal: readonly A[], groups: Int32Array, rng: Rng): A {
  const types = groups.length - 1;
  if (types === 1) return legal[rng.int(legal.length)] as A;
  const group = rng.int(types);
  const start = groups[group] as number;
  return legal[start + rng.int((groups[group + 1] as number) - start)] as A;
}

/** Invariants every finished deal must satisfy; returns the broken ones (empty = fine). */
export function checkDeal(variant: AnyVariant, options: unknown, players: number, deal: RandomDeal): string[] {
  const problems: string[] = [];
  const r = deal.result;
  const money: Rational = add(sum(r.payout), r.pot);
  if (!isZero(money)) problems.push(`not zero-sum: ${r.payout.map(format).join(' ')} pot ${format(r.pot)}`);
  if (r.thrownIn === undefined) {
    const total = r.cardPoints.reduce((a, b) => a + b, 0);
    // Card points of the deck (minus any cards that are nobody's, e.g. an open Trog left aside).
    const expected = variant.totalPoints(options, players);
    if (total !== expected && !(r.details && r.details['pointsOutOfPlay'] !== undefined))
      problems.push(`card points ${total} != ${expected}`);
  }
  const dealt: Card[] = [
    ...deal.layout.hands.flat(),
    ...deal.layout.blind,
    ...(deal.layout.faceDown?.flat() ?? []),
    ...(deal.layout.faceUp?.flat() ?? []),
  ];
  const deck = variant.deck(options, players);
  if (dealt.length !== deck.length || new Set(dealt).size !== dealt.length || !deck.every((c) => dealt.includes(c)))
    problems.push('cards not conserved: the layout is not the deck');
  const deckPoints = deck.reduce((a, c) => a + (POINTS[indexOf(c)] as number), 0);
  if (
    deckPoints !== variant.totalPoints(options, players) &&
    !(r.details && r.details['pointsOutOfPlay'] !== undefined)
  )
    problems.push(`deck points ${deckPoints} != total ${variant.totalPoints(options, players)}`);
  return problems;
}

export { CARDS };
