import { POINTS } from '../cards/card.js';
import type { CompiledOrder } from '../tricks/order.js';
import type { SolverProblem } from './solver.js';

/**
 * The first version of the trick-play solver (array hands, Map transposition table), kept unchanged as a reference:
 * bench/bots-solver.ts --reference times it against engine/bots/solver.ts on the same deals and checks both agree.
 * Not used by the bots.
 */
const TRUMP = 4;
const EXACT = 0;
const LOWER = 1;
const UPPER = 2;

export class ReferenceSolver {
  private readonly order: CompiledOrder;
  private readonly n: number;
  private readonly hands: number[][];
  private readonly valueMask: number;
  private readonly maxMask: number;
  private readonly perTrick: boolean;
  /** Local id (0..47) per card for TT keys: bit position in the 48-bit set of cards in play. */
  private readonly local = new Int8Array(48).fill(-1);
  /** Card points (or tricks) still to be won: bounds the value of any position. */
  private remainingPoints = 0;
  private remainingNegative = 0;
  private inPlayLo = 0;
  private inPlayHi = 0;
  private readonly tt = new Map<number, number>();
  private readonly ttFlag = new Map<number, number>();
  private readonly bestLead = new Map<number, number>();
  private readonly trick: number[] = [];
  private readonly trickSeats: number[] = [];
  nodes = 0;
  private readonly nodeLimit: number;
  private readonly maxTricks: number;
  private tricksDone = 0;

  constructor(p: SolverProblem) {
    this.order = p.order;
    this.n = p.hands.length;
    this.hands = p.hands.map((h) => h.slice());
    this.valueMask = p.valueMask;
    this.maxMask = p.maxMask;
    this.perTrick = p.unit === 'trick';
    this.nodeLimit = p.nodeLimit ?? Infinity;
    this.maxTricks = p.maxTricks ?? Infinity;
    let id = 0;
    for (const h of this.hands)
      for (const c of h) {
        this.local[c] = id;
        const pts = POINTS[c] as number;
        if (pts > 0) this.remainingPoints += pts;
        else this.remainingNegative += pts;
        if (id < 24) this.inPlayLo |= 1 << id;
        else this.inPlayHi |= 1 << (id - 24);
        id++;
      }
    this.nextLeader = p.leader;
    p.trick.forEach((c, i) => {
      const pts = POINTS[c] as number;
      if (pts > 0) this.remainingPoints += pts;
      else this.remainingNegative += pts;
      this.trick.push(c);
      this.trickSeats.push((p.leader + i) % this.n);
    });
  }

  /** The value of the position after `card` is played by the seat to move (a legal card of its hand). */
  valueAfter(card: number): number | undefined {
    const seat = this.toMove();
    this.play(seat, card);
    try {
      return this.mtdf();
    } catch (e) {
      if (e === LIMIT) return undefined;
      throw e;
    } finally {
      this.unplay(seat, card);
    }
  }

  /** The value of the position with the seat to move choosing best. */
  value(): number | undefined {
    try {
      return this.mtdf();
    } catch (e) {
      if (e === LIMIT) return undefined;
      throw e;
    }
  }

  /**
   * Bisection over null-window searches: each test "is the value ≥ t?" halves the range of possible values
   * (log2 of the points in play tests); the table keeps the bounds between them.
   */
  private mtdf(): number {
    let lo = this.perTrick ? 0 : this.remainingNegative;
    let hi = this.perTrick ? this.n * 16 : this.remainingPoints;
    while (lo < hi) {
      const t = Math.floor((lo + hi) / 2) + 1;
      const g = this.search(t - 1, t);
      if (g >= t) lo = g;
      else hi = g;
    }
    return lo;
  }

  /** Whether best play reaches `t` (one null-window search; the Skat solvers' "does the declarer win?"). */
  atLeast(t: number): boolean | undefined {
    try {
      return this.search(t - 1, t) >= t;
    } catch (e) {
      if (e === LIMIT) return undefined;
      throw e;
    }
  }

  toMove(): number {
    const lead = this.trickSeats[0];
    return lead === undefined ? this.nextLeader : (lead + this.trick.length) % this.n;
  }

  /** Leader of the next trick when no trick is open: set by the constructor's problem or the last trick. */
  private nextLeader = 0;

  setLeader(seat: number): void {
    this.nextLeader = seat;
  }

  private play(seat: number, card: number): void {
    const h = this.hands[seat] as number[];
    h.splice(h.indexOf(card), 1);
    this.trick.push(card);
    this.trickSeats.push(seat);
  }

  private unplay(seat: number, card: number): void {
    (this.hands[seat] as number[]).push(card);
    this.trick.pop();
    this.trickSeats.pop();
  }

  private legal(seat: number): number[] {
    const h = this.hands[seat] as number[];
    const led = this.trick[0];
    let cards = h;
    if (led !== undefined) {
      const suit = this.order.effSuit[led];
      const same = h.filter((c) => this.order.effSuit[c] === suit);
      if (same.length > 0) cards = same;
    }
    return this.reduce(seat, cards);
  }

  /** Drop cards equivalent to a kept one: same effective suit and points, no card in play ranked between them. */
  private reduce(seat: number, cards: number[]): number[] {
    if (cards.length < 2) return cards.slice();
    const o = this.order;
    const sorted = cards.slice().sort((a, b) => (o.power[b] as number) - (o.power[a] as number));
    const out: number[] = [sorted[0] as number];
    for (let i = 1; i < sorted.length; i++) {
      const prev = sorted[i - 1] as number;
      const c = sorted[i] as number;
      if (o.effSuit[c] === o.effSuit[prev] && POINTS[c] === POINTS[prev] && !this.between(seat, prev, c)) continue;
      out.push(c);
    }
    return out;
  }

  /** Whether another seat still holds a card of the same effective suit ranked between `hi` and `lo`. */
  private between(seat: number, hi: number, lo: number): boolean {
    const o = this.order;
    const suit = o.effSuit[hi];
    const ph = o.power[hi] as number;
    const pl = o.power[lo] as number;
    for (let s = 0; s < this.n; s++) {
      if (s === seat) continue;
      for (const c of this.hands[s] as number[]) {
        if (o.effSuit[c] !== suit) continue;
        const p = o.power[c] as number;
        if (p < ph && p > pl) return true;
      }
    }
    return false;
  }

  /** The position at a trick start: the cards still in play (48 bits) and the seat to lead. */
  private key(leader: number): number {
    return ((this.inPlayHi >>> 0) * 16777216 + (this.inPlayLo >>> 0)) * 8 + leader;
  }

  private winnerIndex(): number {
    const o = this.order;
    let best = 0;
    const first = this.trick[0] as number;
    let bs = o.effSuit[first] as number;
    let bp = o.power[first] as number;
    for (let i = 1; i < this.trick.length; i++) {
      const c = this.trick[i] as number;
      const s = o.effSuit[c] as number;
      const p = o.power[c] as number;
      if ((s === bs && p > bp) || (s === TRUMP && bs !== TRUMP)) {
        best = i;
        bs = s;
        bp = p;
      }
    }
    return best;
  }

  private search(alpha: number, beta: number): number {
    if (++this.nodes > this.nodeLimit) throw LIMIT;
    if (this.trick.length === this.n) return this.closeTrick(alpha, beta);
    // Whatever happens, the value lies in [lo, hi]: cut when that range misses the window.
    const hi = this.perTrick ? this.hands[this.toMove()]!.length + 1 : this.remainingPoints;
    const lo = this.perTrick ? 0 : this.remainingNegative;
    if (hi <= alpha) return hi;
    if (lo >= beta) return lo;
    const seat = this.toMove();
    const moves = this.ordered(seat, this.legal(seat));
    if (moves.length === 0) return 0;
    // At a trick start, the lead that was best (or cut off) in an earlier search of this position goes first.
    const leadKey = this.trick.length === 0 ? this.key(seat) : -1;
    if (leadKey >= 0) {
      const known = this.bestLead.get(leadKey);
      const at = known === undefined ? -1 : moves.indexOf(known);
      if (at > 0) {
        moves.splice(at, 1);
        moves.unshift(known as number);
      }
    }
    const maximizing = ((this.maxMask >> seat) & 1) === 1;
    let best = maximizing ? -Infinity : Infinity;
    let bestCard = moves[0] as number;
    for (const card of moves) {
      this.play(seat, card);
      const v = this.search(alpha, beta);
      this.unplay(seat, card);
      if (maximizing ? v > best : v < best) {
        best = v;
        bestCard = card;
      }
      if (maximizing) {
        if (best > alpha) alpha = best;
      } else if (best < beta) beta = best;
      if (alpha >= beta) break;
    }
    if (leadKey >= 0) this.bestLead.set(leadKey, bestCard);
    return best;
  }

  /** A full trick: score it, then search the rest from the winner's lead (with the transposition table). */
  private closeTrick(alpha: number, beta: number): number {
    const w = this.winnerIndex();
    const winner = this.trickSeats[w] as number;
    let gain = 0;
    if (((this.valueMask >> winner) & 1) === 1) {
      if (this.perTrick) gain = 1;
      else for (const c of this.trick) gain += POINTS[c] as number;
    }
    const cards = this.trick.splice(0);
    const seats = this.trickSeats.splice(0);
    let pos = 0;
    let neg = 0;
    for (const c of cards) {
      const pts = POINTS[c] as number;
      if (pts > 0) pos += pts;
      else neg += pts;
    }
    this.remainingPoints -= pos;
    this.remainingNegative -= neg;
    for (const c of cards) {
      const id = this.local[c] as number;
      if (id < 24) this.inPlayLo &= ~(1 << id);
      else this.inPlayHi &= ~(1 << (id - 24));
    }
    const savedLeader = this.nextLeader;
    this.nextLeader = winner;
    let rest: number;
    this.tricksDone++;
    if ((this.hands[winner] as number[]).length === 0 || this.tricksDone >= this.maxTricks) rest = 0;
    else {
      const key = this.key(winner);
      const stored = this.tt.get(key);
      const flag = this.ttFlag.get(key);
      const a = alpha - gain;
      const b = beta - gain;
      if (
        stored !== undefined &&
        (flag === EXACT || (flag === LOWER && stored >= b) || (flag === UPPER && stored <= a))
      )
        rest = stored;
      else {
        rest = this.search(a, b);
        this.tt.set(key, rest);
        this.ttFlag.set(key, rest <= a ? UPPER : rest >= b ? LOWER : EXACT);
      }
    }
    this.tricksDone--;
    this.nextLeader = savedLeader;
    for (const c of cards) {
      const id = this.local[c] as number;
      if (id < 24) this.inPlayLo |= 1 << id;
      else this.inPlayHi |= 1 << (id - 24);
    }
    this.remainingPoints += pos;
    this.remainingNegative += neg;
    this.trick.push(...cards);
    this.trickSeats.push(...seats);
    return gain + rest;
  }

  /** Move ordering: when the trick can be won, the cheapest winner first; otherwise rich cards for a winning friend. */
  private ordered(seat: number, moves: number[]): number[] {
    // Leads come from reduce() already sorted high → low.
    if (moves.length < 2 || this.trick.length === 0) return moves;
    const o = this.order;
    const wi = this.winnerIndex();
    const w = this.trick[wi] as number;
    const winnerSeat = this.trickSeats[wi] as number;
    const friend = ((this.maxMask >> seat) & 1) === ((this.maxMask >> winnerSeat) & 1);
    const ws = o.effSuit[w] as number;
    const wp = o.power[w] as number;
    const scores: number[] = [];
    for (const c of moves) {
      const s = o.effSuit[c] as number;
      const beatsIt = (s === ws && (o.power[c] as number) > wp) || (s === TRUMP && ws !== TRUMP);
      scores.push(
        friend
          ? (POINTS[c] as number) * 10 - (beatsIt ? 100 : 0)
          : beatsIt
            ? 1000 - (o.power[c] as number)
            : -(POINTS[c] as number) * 10,
      );
    }
    // Insertion sort, best score first: the lists are short.
    for (let i = 1; i < moves.length; i++) {
      const c = moves[i] as number;
      const sc = scores[i] as number;
      let j = i - 1;
      while (j >= 0 && (scores[j] as number) < sc) {
        moves[j + 1] = moves[j] as number;
        scores[j + 1] = scores[j] as number;
        j--;
      }
      moves[j + 1] = c;
      scores[j + 1] = sc;
    }
    return moves;
  }
}

/** Thrown when the node budget is spent (frozen: a shared sentinel, not mutable module state). */
const LIMIT = Object.freeze(new Error('node limit'));

/** Solve a problem: the value with best play from here and the nodes searched. */
export function solveReference(p: SolverProblem): { value: number | undefined; nodes: number } {
  const s = new ReferenceSolver(p);
  const value = s.value();
  return { value, nodes: s.nodes };
}
