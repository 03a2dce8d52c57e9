import { POINTS } from '../cards/card.js';
import type { CompiledOrder } from '../tricks/order.js';
import { MAX_SEATS } from '../seat.js';

/**
 * A perfect-information solver for the trick play of the family: every hand open, the follow rule of the contract's
 * trick order (follow the led effective suit when you can). Built after Kupferschmid & Helmert's Skat solver:
 * - cards as bits: a card is its effective suit (0..3 plain, 4 trump) and its rank within that suit among the cards of
 *   this problem (bit 0 = highest), so a hand is five 32-bit masks and "who wins" is two integer compares; no engine
 *   objects and no allocation in the search loop;
 * - alpha-beta with null windows, the exact value found by bisection over null-window tests (MTD-style);
 * - a transposition table at trick starts (Zobrist hash of the cards still in the hands and the leader, kept per suit
 *   trick by trick) keeping a lower and an upper bound and the best lead; the caller's table (TranspositionTable),
 *   shared by the solvers of one decision and told apart by a generation stamp;
 * - equivalent-card reduction: of a seat's cards with equal points and no card of another hand or of the open trick
 *   ranked between them, only one is tried;
 * - move ordering: the table's lead first, then sure winners, trumps from the lowest (the opponents of a lone
 *   maximizer: plain cards first); a friend winning: schmieren; a foe winning: the cheapest card that takes the trick,
 *   else the poorest card;
 * - cut-offs when the points still in play cannot move the value out of the window, narrowed at trick starts (when
 *   the table has no entry) by the sure tricks of the top trumps and of each seat's trumps (`sure`, `seatSure`); the
 *   last trick is played out without search;
 * - counting tricks, points play no part: adjacent cards of a hand are equivalent whatever they are worth.
 * The value is what the seats in `valueMask` take in the remaining tricks (card points, or tricks with `unit: 'trick'`);
 * seats in `maxMask` maximize it, the others minimize it.
 * test/engine/bots/solver.property.test.ts checks it against brute-force minimax; engine/bots/solver-reference.ts is
 * the first, slower version, kept for the benchmark (bench/bots-solver.ts --reference).
 */
export interface SolverProblem {
  readonly order: CompiledOrder;
  /** Cards still in each seat's hand (card indices). */
  readonly hands: readonly (readonly number[])[];
  /** Cards already in the current trick, in play order, and who played the first of them. */
  readonly trick: readonly number[];
  readonly leader: number;
  readonly valueMask: number;
  readonly maxMask: number;
  readonly unit: 'points' | 'trick';
  /** Give up (return undefined) after this many nodes. */
  readonly nodeLimit?: number;
  /** For tests: check the position hash kept trick by trick against one computed afresh (throws on a mismatch). */
  readonly verifyHash?: boolean;
  /** Look this many tricks ahead (counting the open one) and value the rest as 0; default: to the end. */
  readonly maxTricks?: number;
  /**
   * With `maxTricks`: how the tricks after the horizon count. `none` (default): nothing, the value is what the
   * look-ahead takes. `greedy`: the rest is played out by the search's own move ordering (each seat its first
   * move: sure winners, schmieren to a winning friend, the cheapest card that takes the trick, else the poorest),
   * so the value is an estimate of the whole deal's — a few hundred operations a leaf instead of a full search.
   * Not with stacks.
   */
  readonly leaf?: 'none' | 'greedy';
  /** The transposition table to use (several solvers may share one); default: a table of this solver's own. */
  readonly table?: TranspositionTable;
  /**
   * Two-player layouts' stacks (Offiziersschafkopf, two-handed Sheepshead): [card, card under it] pairs; when the
   * card is played, the one under it joins its holder's playable cards (a chain for deeper stacks). The cards under
   * belong to no hand in `hands`. With stacks the solver searches without the table and without equivalent cards.
   */
  readonly under?: readonly (readonly [number, number])[];
}

export interface SolverStats {
  nodes: number;
}

const SUITS = 5;
const TRUMP = 4;
/** Codes: suit * 32 + rank (rank 0 = highest card of that effective suit in this problem). */
const CODES = SUITS * 32;

/**
 * Zobrist keys from a fixed xorshift stream (the engine has no Math.random; the keys need no secrecy), one per
 * (effective suit, rank among the cards still in the hands, seat holding it, point class of the card) and per seat to
 * lead: positions that differ only in which of two interchangeable cards is gone hash alike (see `hash`).
 */
const KEY_RANK = MAX_SEATS * 16;
const KEYS = SUITS * 32 * KEY_RANK;
const Z1 = new Int32Array(KEYS + MAX_SEATS);
const Z2 = new Int32Array(KEYS + MAX_SEATS);
{
  let x = 0x9e3779b9 | 0;
  const next = (): number => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return x | 0;
  };
  for (let i = 0; i < Z1.length; i++) {
    Z1[i] = next();
    Z2[i] = next();
  }
}

/** Set bits of a 32-bit word. */
function popcount(v: number): number {
  v -= (v >>> 1) & 0x55555555;
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) as number;
}

/**
 * A transposition table: 2^bits two-slot entries, each valid only for the solver whose generation it carries (an entry
 * of another generation counts as empty, so a reused table answers exactly like a fresh one). The caller owns it —
 * one per bot decision shares its memory among the decision's samples; nothing lives at module level in the engine.
 */
export class TranspositionTable {
  readonly mask: number;
  readonly check: Int32Array;
  readonly gen: Int32Array;
  readonly lower: Int16Array;
  readonly upper: Int16Array;
  readonly move: Int16Array;
  /** Cards left in the hands at the entry's position: the work it saves, for replacement. */
  readonly size: Int8Array;
  #generation = 0;

  constructor(bits = 20) {
    const entries = 1 << bits;
    this.mask = entries - 1;
    this.check = new Int32Array(entries);
    this.gen = new Int32Array(entries);
    this.lower = new Int16Array(entries);
    this.upper = new Int16Array(entries);
    this.move = new Int16Array(entries);
    this.size = new Int8Array(entries);
  }

  /** A generation no live entry carries (the stamp wraps after 2^32 solvers: then the table is cleared). */
  nextGeneration(): number {
    this.#generation = (this.#generation + 1) | 0;
    if (this.#generation === 0) {
      this.gen.fill(0);
      this.#generation = 1;
    }
    return this.#generation;
  }
}

/** Thrown when the node budget is spent (frozen: a shared sentinel, not mutable module state). */
const LIMIT = Object.freeze(new Error('node limit'));
/** Most cards one seat can hold in a problem; move lists are kept per ply in flat buffers of this stride. */
const STRIDE = 48;
const MAX_PLY = 64;

export class Solver {
  private readonly n: number;
  private readonly valueMask: number;
  private readonly maxMask: number;
  private readonly perTrick: boolean;
  private readonly nodeLimit: number;
  private readonly maxTricks: number;
  /** Play the tricks after the horizon out greedily (`leaf: 'greedy'`). */
  private readonly greedyLeaf: boolean;
  private readonly tt: TranspositionTable;
  private readonly gen: number;
  /** Points of each code. */
  private readonly pts = new Int8Array(CODES);
  /** Code of each card index (-1: not in this problem). */
  private readonly codeOf = new Int16Array(48).fill(-1);
  /** hands[seat * 5 + suit]: the seat's cards of that effective suit as rank bits. */
  private readonly hands: Int32Array;
  private readonly counts: Int32Array;
  /** All cards still in some hand, per suit; and the cards of the open trick, per suit. */
  private readonly inHands = new Int32Array(SUITS);
  private readonly inTrick = new Int32Array(SUITS);
  /** The open trick: codes in play order, and the winning position after each card. */
  private readonly trick = new Int32Array(MAX_PLY * MAX_SEATS);
  private readonly winAt = new Int32Array(MAX_PLY * MAX_SEATS);
  private trickLen = 0;
  /**
   * Where the open trick starts in `trick`/`winAt`: each trick on the search path keeps its own MAX_SEATS slots, so
   * closing a trick and searching on leaves it in place (nothing to save and play back).
   */
  private tb = 0;
  private leader: number;
  /** Point class of each code (an index into the distinct points of the problem's cards), for the hash. */
  private readonly cls = new Int8Array(CODES);
  /** Holder * 16 + point class of each code in a hand: its part of the hash key (a card never changes hands). */
  private readonly holderClass = new Int32Array(CODES);
  /**
   * The hash of the hands at the start of each trick on the search path, per effective suit (two words each):
   * suitHash1[tricksDone * SUITS + e]. A closed trick changes only the suits of its cards, so the next trick start
   * copies the others and hashes those suits again (`rehash`) instead of every card in the hands.
   */
  private readonly suitHash1: Int32Array;
  private readonly suitHash2: Int32Array;
  /** Whether suitHash holds the hands at the start of trick 0 (the problem starts at a trick start). */
  private readonly rootHashed: boolean;
  /** Test hook: compare the kept hash with one computed afresh at every trick start (`verifyHash`). */
  private readonly verifyHash: boolean;
  /** Points still to be taken, positive and negative parts: the value lies within them. */
  private remPos = 0;
  private remNeg = 0;
  private tricksDone = 0;
  private readonly moves = new Int32Array(MAX_PLY * STRIDE);
  private readonly scores = new Int32Array(STRIDE);
  private ply = 0;
  /** Stacks: the code under each code (-1: none), the cards still under others per seat, and their total. */
  private readonly underCode = new Int16Array(CODES).fill(-1);
  private readonly locked: Int32Array;
  private lockedTotal = 0;
  private readonly stacks: boolean;
  /** Whether one seat alone maximizes (its opponents' leads are ordered plain suits first). */
  private readonly loneMax: boolean;
  nodes = 0;

  constructor(p: SolverProblem) {
    const n = p.hands.length;
    if (n > MAX_SEATS) throw new RangeError(`at most ${MAX_SEATS} seats`);
    this.n = n;
    this.valueMask = p.valueMask;
    this.maxMask = p.maxMask;
    this.loneMax = popcount(p.maxMask) === 1;
    this.perTrick = p.unit === 'trick';
    this.nodeLimit = p.nodeLimit ?? Infinity;
    this.maxTricks = p.maxTricks ?? Infinity;
    this.greedyLeaf = p.leaf === 'greedy' && this.maxTricks !== Infinity && (p.under?.length ?? 0) === 0;
    this.hands = new Int32Array(n * SUITS);
    this.counts = new Int32Array(n);
    this.locked = new Int32Array(n);
    this.stacks = (p.under?.length ?? 0) > 0;
    this.leader = p.leader;
    // Rank the cards of the problem within their effective suits.
    const order = p.order;
    const all: number[] = [...p.trick];
    for (const h of p.hands) all.push(...h);
    for (const [, u] of p.under ?? []) all.push(u);
    const bySuit: number[][] = [[], [], [], [], []];
    for (const c of all) {
      const e = order.effSuit[c] as number;
      if (e < 0) throw new RangeError(`card ${c} is not in the trick order`);
      (bySuit[e] as number[]).push(c);
    }
    const classes: number[] = [];
    bySuit.forEach((cards, e) => {
      cards.sort((a, b) => (order.power[b] as number) - (order.power[a] as number));
      cards.forEach((c, r) => {
        const code = e * 32 + r;
        // Counting tricks, points matter to nothing: every run of adjacent cards is one class (far fewer moves).
        const pts = this.perTrick ? 0 : (POINTS[c] as number);
        this.pts[code] = pts;
        if (!classes.includes(pts)) classes.push(pts);
        this.cls[code] = classes.indexOf(pts) & 15;
        this.codeOf[c] = code;
      });
    });
    p.hands.forEach((h, s) => {
      for (const c of h) {
        const code = this.codeOf[c] as number;
        const bit = 1 << (code & 31);
        this.hands[s * SUITS + (code >> 5)] = (this.hands[s * SUITS + (code >> 5)] as number) | bit;
        this.inHands[code >> 5] = (this.inHands[code >> 5] as number) | bit;
        this.counts[s] = (this.counts[s] as number) + 1;
        this.holderClass[code] = (s << 4) | (this.cls[code] as number);
      }
    });
    for (const c of all) {
      const pts = POINTS[c] as number;
      if (pts > 0) this.remPos += pts;
      else this.remNeg += pts;
    }
    if (this.stacks) {
      const below = new Map(p.under ?? []);
      p.hands.forEach((h, s) => {
        for (const c of h)
          for (let top = c, u = below.get(top); u !== undefined; top = u, u = below.get(top)) {
            this.underCode[this.codeOf[top] as number] = this.codeOf[u] as number;
            this.locked[s] = (this.locked[s] as number) + 1;
            this.lockedTotal++;
          }
      });
    }
    for (const c of p.trick) this.push(this.codeOf[c] as number);
    // Every leaf of a greedy horizon is a legal play to the end, for which the sure tricks hold as well.
    this.sureBounds = !this.stacks && (this.maxTricks === Infinity || this.greedyLeaf);
    const maxTricks = Math.max(0, ...p.hands.map((h) => h.length)) + 2;
    this.suitHash1 = new Int32Array(maxTricks * SUITS);
    this.suitHash2 = new Int32Array(maxTricks * SUITS);
    this.verifyHash = p.verifyHash === true;
    this.rootHashed = p.trick.length === 0 && !this.stacks;
    if (this.rootHashed) for (let e = 0; e < SUITS; e++) this.hashSuit(0, e);
    this.tt = p.table ?? new TranspositionTable();
    this.gen = this.tt.nextGeneration();
  }

  /** The value of the position after `card` is played by the seat to move (a legal card of its hand). */
  valueAfter(card: number): number | undefined {
    const seat = this.toMove();
    const code = this.codeOf[card] as number;
    this.take(seat, code);
    try {
      return this.exact();
    } catch (e) {
      if (e === LIMIT) return undefined;
      throw e;
    } finally {
      this.pop();
      this.give(seat, code);
    }
  }

  /**
   * How many of `thresholds` (ascending) best play reaches after `card`: a binary search of null-window tests, far
   * cheaper than the exact value when only the steps of a payout matter (won at 61, Schneider at 91 / 31).
   */
  levelAfter(card: number, thresholds: readonly number[]): number | undefined {
    const seat = this.toMove();
    const code = this.codeOf[card] as number;
    this.take(seat, code);
    try {
      return this.steps(thresholds);
    } catch (e) {
      if (e === LIMIT) return undefined;
      throw e;
    } finally {
      this.pop();
      this.give(seat, code);
    }
  }

  /** How many of `thresholds` (ascending) best play reaches from the position: `levelAfter` without a first card. */
  level(thresholds: readonly number[]): number | undefined {
    try {
      return this.steps(thresholds);
    } catch (e) {
      if (e === LIMIT) return undefined;
      throw e;
    }
  }

  /** Binary search over the thresholds, one null-window test each, sharing the table's bounds. */
  private steps(thresholds: readonly number[]): number {
    let lo = 0;
    let hi = thresholds.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const t = thresholds[mid] as number;
      // The search fails soft: its answer bounds the value beyond t, which may settle further thresholds too.
      const v = this.search(t - 1, t);
      if (v >= t) {
        lo = mid + 1;
        while (lo < hi && (thresholds[lo] as number) <= v) lo++;
      } else {
        hi = mid;
        while (hi > lo && (thresholds[hi - 1] as number) > v) hi--;
      }
    }
    return lo;
  }

  /** The value of the position with the seat to move choosing best. */
  value(): number | undefined {
    try {
      return this.exact();
    } catch (e) {
      if (e === LIMIT) return undefined;
      throw e;
    }
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
    return (this.leader + this.trickLen) % this.n;
  }

  /**
   * Bisection over null-window searches: each test "is the value ≥ t?" halves the range of possible values; the
   * table keeps the bounds between them, so later tests re-search little.
   */
  private exact(): number {
    let lo = this.perTrick ? 0 : this.remNeg;
    let hi = this.perTrick ? this.maxTricksLeft() : this.remPos;
    // MTD(f) from the value found last (sibling cards tend to be close: −12% nodes when valuing every card of a
    // hand), bisection after four tests that did not settle it.
    let g = this.guess;
    let tests = 0;
    while (lo < hi) {
      let t: number;
      if (g === undefined || tests >= 4) t = Math.floor((lo + hi) / 2) + 1;
      else {
        const c = Math.min(hi, Math.max(lo, g));
        t = c === lo ? c + 1 : c;
      }
      tests++;
      const v = this.search(t - 1, t);
      if (v >= t) lo = v;
      else hi = v;
      g = v;
    }
    this.guess = lo;
    return lo;
  }

  /** The value found by the last exact search: the first test of the next. */
  private guess: number | undefined;

  private maxTricksLeft(): number {
    let m = 0;
    for (let s = 0; s < this.n; s++) m = Math.max(m, (this.counts[s] as number) + (this.locked[s] as number));
    return m + (this.trickLen > 0 ? 1 : 0);
  }

  private take(seat: number, code: number): void {
    const bit = 1 << (code & 31);
    const e = code >> 5;
    const at = seat * SUITS + e;
    this.hands[at] = (this.hands[at] as number) & ~bit;
    this.inHands[e] = (this.inHands[e] as number) & ~bit;
    this.counts[seat] = (this.counts[seat] as number) - 1;
    const u = this.underCode[code] as number;
    if (u >= 0) this.unlock(seat, u, true);
    this.push(code);
  }

  /** A stack's card under a played one turns up (`up`) or goes back under it. */
  private unlock(seat: number, code: number, up: boolean): void {
    const bit = 1 << (code & 31);
    const at = seat * SUITS + (code >> 5);
    if (up) {
      this.hands[at] = (this.hands[at] as number) | bit;
      this.inHands[code >> 5] = (this.inHands[code >> 5] as number) | bit;
    } else {
      this.hands[at] = (this.hands[at] as number) & ~bit;
      this.inHands[code >> 5] = (this.inHands[code >> 5] as number) & ~bit;
    }
    const d = up ? 1 : -1;
    this.counts[seat] = (this.counts[seat] as number) + d;
    this.locked[seat] = (this.locked[seat] as number) - d;
    this.lockedTotal -= d;
  }

  /** Back into the hand (the caller has popped it off the trick). */
  private give(seat: number, code: number): void {
    const u = this.underCode[code] as number;
    if (u >= 0) this.unlock(seat, u, false);
    const bit = 1 << (code & 31);
    const e = code >> 5;
    const at = seat * SUITS + e;
    this.hands[at] = (this.hands[at] as number) | bit;
    this.inHands[e] = (this.inHands[e] as number) | bit;
    this.counts[seat] = (this.counts[seat] as number) + 1;
  }

  /** Put a card into the open trick (already out of its hand). */
  private push(code: number): void {
    const i = this.trickLen;
    this.trick[this.tb + i] = code;
    this.inTrick[code >> 5] = (this.inTrick[code >> 5] as number) | (1 << (code & 31));
    if (i === 0) this.winAt[this.tb] = 0;
    else {
      const wi = this.winAt[this.tb + i - 1] as number;
      this.winAt[this.tb + i] = beats(code, this.trick[this.tb + wi] as number) ? i : wi;
    }
    this.trickLen = i + 1;
  }

  private pop(): void {
    const code = this.trick[this.tb + --this.trickLen] as number;
    this.inTrick[code >> 5] = (this.inTrick[code >> 5] as number) & ~(1 << (code & 31));
  }

  private search(alpha: number, beta: number): number {
    if (++this.nodes > this.nodeLimit) throw LIMIT;
    const n = this.n;
    if (this.trickLen === n) return this.closeTrick(alpha, beta);
    const seat = (this.leader + this.trickLen) % n;
    // Whatever happens, the value lies in [lo, hi]: cut when that range misses the window.
    let hi = this.perTrick ? (this.counts[seat] as number) + (this.locked[seat] as number) + 1 : this.remPos;
    let lo = this.perTrick ? 0 : this.remNeg;
    if (hi <= alpha) return hi;
    if (lo >= beta) return lo;
    const tt = this.tt;
    let slot = -1;
    let check = 0;
    let ttBest = -1;
    if (this.trickLen === 0) {
      if (this.counts[seat] === 1 && this.lockedTotal === 0 && this.allOne()) return this.lastTrick();
      let hit = false;
      if (!this.stacks) {
        // Two slots per position (h, h ^ 1); a match in either is used.
        const at = this.tricksDone * SUITS;
        const h1 = this.suitHash1;
        const h2 = this.suitHash2;
        slot =
          ((Z1[KEYS + seat] as number) ^
            (h1[at] as number) ^
            (h1[at + 1] as number) ^
            (h1[at + 2] as number) ^
            (h1[at + 3] as number) ^
            (h1[at + 4] as number)) &
          tt.mask;
        check =
          (Z2[KEYS + seat] as number) ^
          (h2[at] as number) ^
          (h2[at + 1] as number) ^
          (h2[at + 2] as number) ^
          (h2[at + 3] as number) ^
          (h2[at + 4] as number);
        if (this.verifyHash) this.checkHash(seat, slot, check);
        if (tt.gen[slot] !== this.gen || tt.check[slot] !== check) {
          const other = slot ^ 1;
          if (tt.gen[other] === this.gen && tt.check[other] === check) slot = other;
        }
        if (tt.gen[slot] === this.gen && tt.check[slot] === check) {
          hit = true;
          const l = tt.lower[slot] as number;
          const u = tt.upper[slot] as number;
          if (l >= beta) return l;
          if (u <= alpha) return u;
          if (l === u) return l;
          if (l > alpha) alpha = l;
          if (u < beta) beta = u;
          ttBest = this.decode(tt.move[slot] as number);
        }
      }
      // An entry's bounds started from the sure tricks' (and only narrowed since): `sure` only for a new position.
      if (!hit && this.sureBounds) {
        this.sure(seat, alpha, beta);
        lo = this.sureLo;
        hi = this.sureHi;
        if (hi <= alpha) return hi;
        if (lo >= beta) return lo;
      }
    }
    const base = this.ply * STRIDE;
    const count = this.generate(seat, base, ttBest);
    if (count === 0) return 0;
    const maximizing = ((this.maxMask >> seat) & 1) === 1;
    let best = maximizing ? -32768 : 32767;
    let bestCode = this.moves[base] as number;
    // Classify the result against the window as narrowed by the table's bounds.
    const a0 = alpha;
    const b0 = beta;
    this.ply++;
    for (let i = 0; i < count; i++) {
      const code = this.moves[base + i] as number;
      this.take(seat, code);
      const v = this.search(alpha, beta);
      this.pop();
      this.give(seat, code);
      if (maximizing ? v > best : v < best) {
        best = v;
        bestCode = code;
        if (maximizing) {
          if (best > alpha) alpha = best;
        } else if (best < beta) beta = best;
        if (alpha >= beta) break;
      }
    }
    this.ply--;
    if (slot >= 0) {
      // The slot may hold another position by now (or none of this solver): start it afresh then.
      if (tt.gen[slot] !== this.gen || tt.check[slot] !== check) {
        const other = slot ^ 1;
        if (tt.gen[other] === this.gen && tt.check[other] === check) slot = other;
        else {
          // A new entry: into a free slot, else over the entry of the smaller position (cheaper to search again).
          if (
            tt.gen[slot] === this.gen &&
            (tt.gen[other] !== this.gen || (tt.size[other] as number) < (tt.size[slot] as number))
          )
            slot = other;
          tt.gen[slot] = this.gen;
          tt.check[slot] = check;
          tt.lower[slot] = lo;
          tt.upper[slot] = hi;
          tt.size[slot] = this.cardsLeft();
        }
      }
      if (best <= a0) tt.upper[slot] = Math.min(tt.upper[slot] as number, best);
      else if (best >= b0) tt.lower[slot] = Math.max(tt.lower[slot] as number, best);
      else {
        tt.lower[slot] = best;
        tt.upper[slot] = best;
      }
      tt.move[slot] = this.encode(bestCode);
    }
    return best;
  }

  /**
   * The hash of the position at a trick start with `seat` to lead: every card still in a hand counts by its suit, its
   * rank among the cards still in the hands (not among all the problem's cards), its holder and its points. Cards gone
   * close the gaps, so two positions that differ only in which of two equal-point neighbours was played (the Eichel-
   * or the Gras-Ober, two blank Neuner) share an entry: their values and best leads are the same up to that renaming.
   * This is the XOR of the suits' parts (`hashSuit`) and the leader's key; the search keeps the parts trick by trick.
   */
  private hashSuit(depth: number, e: number): void {
    let a = 0;
    let b = 0;
    let m = this.inHands[e] as number;
    // Cards in rank order: the j-th is the j-th highest still in the hands.
    for (let key = e * 32 * KEY_RANK; m !== 0; key += KEY_RANK) {
      const low = m & -m;
      m ^= low;
      const k = key | (this.holderClass[e * 32 + (31 - Math.clz32(low))] as number);
      a ^= Z1[k] as number;
      b ^= Z2[k] as number;
    }
    this.suitHash1[depth * SUITS + e] = a;
    this.suitHash2[depth * SUITS + e] = b;
  }

  /**
   * The suits' hash parts at the start of trick `depth`, just closed: the suits of the closed trick's cards hashed
   * again, the others as at the start of the trick before (all of them when that one was not hashed: the problem
   * started within it).
   */
  private rehash(depth: number, closed: number): void {
    const at = depth * SUITS;
    if (depth === 1 && !this.rootHashed) {
      for (let e = 0; e < SUITS; e++) this.hashSuit(depth, e);
      return;
    }
    let touched = 0;
    for (let i = 0; i < this.n; i++) touched |= 1 << ((this.trick[closed + i] as number) >> 5);
    for (let e = 0; e < SUITS; e++) {
      if (((touched >> e) & 1) === 1) this.hashSuit(depth, e);
      else {
        this.suitHash1[at + e] = this.suitHash1[at - SUITS + e] as number;
        this.suitHash2[at + e] = this.suitHash2[at - SUITS + e] as number;
      }
    }
  }

  /** The test hook: the kept hash must equal the hash of the hands computed afresh. */
  private checkHash(seat: number, slot: number, check: number): void {
    const depth = this.tricksDone;
    const keep1 = this.suitHash1.slice(depth * SUITS, depth * SUITS + SUITS);
    const keep2 = this.suitHash2.slice(depth * SUITS, depth * SUITS + SUITS);
    for (let e = 0; e < SUITS; e++) this.hashSuit(depth, e);
    let a = Z1[KEYS + seat] as number;
    let b = Z2[KEYS + seat] as number;
    for (let e = 0; e < SUITS; e++) {
      a ^= this.suitHash1[depth * SUITS + e] as number;
      b ^= this.suitHash2[depth * SUITS + e] as number;
    }
    this.suitHash1.set(keep1, depth * SUITS);
    this.suitHash2.set(keep2, depth * SUITS);
    if ((a & this.tt.mask) !== slot || b !== check) throw new Error(`hash kept for trick ${depth} is stale`);
  }

  /** Bounds of the value at a trick start by `sure` (no look-ahead horizon, no stacks: else they do not hold). */
  private readonly sureBounds: boolean;
  private sureLo = 0;
  private sureHi = 0;

  /**
   * Bounds of the value at a trick start from the sure tricks: the highest trumps still in the hands win whatever
   * trick they fall in, so while one side holds the run from the top, those cards are that side's. In points: the
   * value side's run adds its points to the lower bound, the other side's takes its points off the upper bound. In
   * tricks: a seat's cards of the run are that many tricks of its side. Then, unless these bounds already miss the
   * window (alpha, beta), each seat's own sure trump tricks (`seatSure`) may narrow them further.
   */
  private sure(seat: number, alpha: number, beta: number): void {
    const n = this.n;
    let lo = this.perTrick ? 0 : this.remNeg;
    let hi = this.perTrick ? (this.counts[seat] as number) + 1 : this.remPos;
    let m = this.inHands[TRUMP] as number;
    let side = -1;
    let most = 0;
    const per = this.perSeat;
    for (let s = 0; s < n; s++) per[s] = 0;
    let sum = 0;
    let run = 0;
    while (m !== 0) {
      const low = m & -m;
      m ^= low;
      let holder = 0;
      while (holder < n && ((this.hands[holder * SUITS + TRUMP] as number) & low) === 0) holder++;
      const s = (this.valueMask >> holder) & 1;
      if (side < 0) side = s;
      else if (s !== side) break;
      run |= low;
      const c = (per[holder] as number) + 1;
      per[holder] = c;
      if (c > most) most = c;
      if (!this.perTrick) {
        const p = this.pts[TRUMP * 32 + (31 - Math.clz32(low))] as number;
        if (s === 1) {
          if (p > 0) lo += p;
          else hi += p;
        } else if (p > 0) hi -= p;
        else lo -= p;
      }
    }
    if (this.perTrick) {
      if (side === 1) lo += most;
      else if (side === 0) hi -= most;
    } else if (most > 0 && this.remNeg === 0) {
      // The run of one seat falls in `most` different tricks, and every other seat plays one card into each: all
      // but its own run cards (counted already) are other cards, at least its poorest, and go to the run's side too
      // (no card counts negative here).
      for (let s = 0; s < n; s++) {
        const k = most - (per[s] as number);
        if (k > 0) sum += this.poorest(s, k, run);
      }
      if (side === 1) lo += sum;
      else hi -= sum;
    }
    // The seats' own sure tricks only when the run's bounds do not cut already.
    if (this.remNeg === 0 && hi > alpha && lo < beta) {
      // Each seat's own sure trump tricks (`seatSure`), of either side, whichever bound is tighter.
      let sorted = false;
      for (let x = 0; x < n; x++) {
        if (this.hands[x * SUITS + TRUMP] === 0) continue;
        const k = this.seatSure(x);
        if (k === 0) continue;
        if (!sorted && !this.perTrick) {
          this.sortPoints();
          sorted = true;
        }
        const valueSide = ((this.valueMask >> x) & 1) === 1;
        if (this.perTrick) {
          if (valueSide) lo = Math.max(lo, k);
          else hi = Math.min(hi, (this.counts[seat] as number) - k);
        } else {
          let p = this.seatSurePts;
          for (let y = 0; y < n; y++) if (y !== x) p += this.poorSum[y * STRIDE + k] as number;
          if (valueSide) lo = Math.max(lo, p);
          else hi = Math.min(hi, this.remPos - p);
        }
        if (hi <= alpha || lo >= beta) break;
      }
    }
    this.sureLo = lo;
    this.sureHi = hi;
  }

  /** poorSum[seat * STRIDE + k]: the points of the seat's k poorest cards (set by `sortPoints`). */
  private readonly poorSum = new Int32Array(MAX_SEATS * STRIDE);

  /** Each seat's card points in ascending order, summed up as `poorSum`. */
  private sortPoints(): void {
    const low = this.low;
    for (let y = 0; y < this.n; y++) {
      let len = 0;
      for (let e = 0; e < SUITS; e++) {
        let m = this.hands[y * SUITS + e] as number;
        while (m !== 0) {
          const bit = m & -m;
          m ^= bit;
          const p = this.pts[e * 32 + (31 - Math.clz32(bit))] as number;
          let j = len++;
          while (j > 0 && (low[j - 1] as number) > p) {
            low[j] = low[j - 1] as number;
            j--;
          }
          low[j] = p;
        }
      }
      let sum = 0;
      const at = y * STRIDE;
      this.poorSum[at] = 0;
      for (let i = 0; i < len; i++) {
        sum += low[i] as number;
        this.poorSum[at + i + 1] = sum;
      }
    }
  }

  /** The points of seat x's own cards in its sure trump tricks, at the least (set by `seatSure`). */
  private seatSurePts = 0;

  /**
   * How many tricks seat x's trumps surely win for its side, whatever the play: its trumps fall in different tricks,
   * and such a trick is lost only to a higher trump of the other side, each of which lands in one trick. So the
   * tricks lost are at most a matching of the other side's trumps to lower trumps of x (matched greedily from the
   * top, which is a largest matching); the rest are won. Its trumps above every trump of the other side are sure
   * with their points; of the others the poorest count (the other side chooses which to beat).
   */
  private seatSure(x: number): number {
    const n = this.n;
    const side = (this.valueMask >> x) & 1;
    let foes = 0;
    for (let y = 0; y < n; y++)
      if (((this.valueMask >> y) & 1) !== side) foes |= this.hands[y * SUITS + TRUMP] as number;
    const mine = this.hands[x * SUITS + TRUMP] as number;
    let m = (foes | mine) as number;
    let killers = 0;
    let seenFoe = false;
    let top = 0;
    let topPts = 0;
    let rest = 0;
    let restMask = 0;
    while (m !== 0) {
      const low = m & -m;
      m ^= low;
      if ((foes & low) !== 0) {
        killers++;
        seenFoe = true;
      } else if (!seenFoe) {
        top++;
        if (!this.perTrick) topPts += this.pts[TRUMP * 32 + (31 - Math.clz32(low))] as number;
      } else {
        restMask |= low;
        if (killers > 0) killers--;
        else rest++;
      }
    }
    if (!this.perTrick && rest > 0) topPts += this.poorestOf(restMask, rest);
    this.seatSurePts = topPts;
    return top + rest;
  }

  /** The points of the k poorest trumps in `mask`. */
  private poorestOf(mask: number, k: number): number {
    let len = 0;
    let m = mask;
    while (m !== 0) {
      const bit = m & -m;
      m ^= bit;
      len = this.keepLow(this.pts[TRUMP * 32 + (31 - Math.clz32(bit))] as number, len, k);
    }
    return this.lowSum(len);
  }

  /** Insert `p` into the `k` smallest points so far (`low[0..len)`, ascending); the new length. */
  private keepLow(p: number, len: number, k: number): number {
    const low = this.low;
    let j = len < k ? len : k;
    if (j === k && p >= (low[k - 1] as number)) return len;
    const out = len < k ? len + 1 : len;
    if (j === k) j = k - 1;
    while (j > 0 && (low[j - 1] as number) > p) {
      low[j] = low[j - 1] as number;
      j--;
    }
    low[j] = p;
    return out;
  }

  private lowSum(len: number): number {
    const low = this.low;
    let sum = 0;
    for (let i = 0; i < len; i++) sum += low[i] as number;
    return sum;
  }

  private readonly perSeat = new Int32Array(MAX_SEATS);
  private readonly low = new Int32Array(STRIDE);

  /** The points of the `k` poorest cards of `seat`'s hand but its trumps in `run`. */
  private poorest(seat: number, k: number, run: number): number {
    let len = 0;
    for (let e = 0; e < SUITS; e++) {
      let m = this.hands[seat * SUITS + e] as number;
      if (e === TRUMP) m &= ~run;
      while (m !== 0) {
        const bit = m & -m;
        m ^= bit;
        len = this.keepLow(this.pts[e * 32 + (31 - Math.clz32(bit))] as number, len, k);
      }
    }
    return this.lowSum(len);
  }

  /** A code as its suit and rank among the cards still in the hands (what the table keeps as the best lead). */
  private encode(code: number): number {
    const e = code >> 5;
    return e * 32 + popcount((this.inHands[e] as number) & ((1 << (code & 31)) - 1));
  }

  /** The code of the card `encode` gave, in this position (-1 when there is none). */
  private decode(key: number): number {
    const e = key >> 5;
    let m = this.inHands[e] as number;
    for (let j = key & 31; j > 0 && m !== 0; j--) m &= m - 1;
    if (m === 0) return -1;
    return e * 32 + (31 - Math.clz32(m & -m));
  }

  /** Whether a seat of the other side holds no card of plain suit `e` but a trump (it could ruff a lead of `e`). */
  private ruffable(seat: number, e: number): boolean {
    const side = (this.maxMask >> seat) & 1;
    for (let s = 0; s < this.n; s++) {
      if (s === seat || ((this.maxMask >> s) & 1) === side) continue;
      if (this.hands[s * SUITS + e] === 0 && this.hands[s * SUITS + TRUMP] !== 0) return true;
    }
    return false;
  }

  private cardsLeft(): number {
    let c = 0;
    for (let s = 0; s < this.n; s++) c += this.counts[s] as number;
    return c;
  }

  private allOne(): boolean {
    for (let s = 0; s < this.n; s++) if (this.counts[s] !== 1) return false;
    return true;
  }

  /** The last trick from its start: every hand has one card left, so it is forced. */
  private lastTrick(): number {
    const n = this.n;
    let wi = 0;
    let w = -1;
    let sum = 0;
    for (let i = 0; i < n; i++) {
      const s = (this.leader + i) % n;
      let c = -1;
      for (let e = 0; e < SUITS; e++) {
        const m = this.hands[s * SUITS + e] as number;
        if (m !== 0) {
          c = e * 32 + (31 - Math.clz32(m & -m));
          break;
        }
      }
      if (i === 0 || beats(c, w)) {
        w = c;
        wi = i;
      }
      sum += this.pts[c] as number;
    }
    const winner = (this.leader + wi) % n;
    if (((this.valueMask >> winner) & 1) === 0) return 0;
    return this.perTrick ? 1 : sum;
  }

  /** A full trick: score it, then search the rest from the winner's lead. */
  private closeTrick(alpha: number, beta: number): number {
    const n = this.n;
    const tb = this.tb;
    const wi = this.winAt[tb + n - 1] as number;
    const winner = (this.leader + wi) % n;
    let pos = 0;
    let neg = 0;
    for (let i = 0; i < n; i++) {
      const p = this.pts[this.trick[tb + i] as number] as number;
      if (p > 0) pos += p;
      else neg += p;
    }
    let gain = 0;
    if (((this.valueMask >> winner) & 1) === 1) gain = this.perTrick ? 1 : pos + neg;
    if (this.counts[winner] === 0) return gain;
    const horizon = this.tricksDone + 1 >= this.maxTricks;
    if (horizon && !this.greedyLeaf) return gain;
    const inTrick = this.inTrick;
    const t0 = inTrick[0] as number;
    const t1 = inTrick[1] as number;
    const t2 = inTrick[2] as number;
    const t3 = inTrick[3] as number;
    const t4 = inTrick[4] as number;
    inTrick[0] = inTrick[1] = inTrick[2] = inTrick[3] = inTrick[4] = 0;
    const savedLeader = this.leader;
    this.trickLen = 0;
    this.tb = tb + MAX_SEATS;
    this.leader = winner;
    this.remPos -= pos;
    this.remNeg -= neg;
    this.tricksDone++;
    if (!this.stacks && !horizon) this.rehash(this.tricksDone, tb);
    const rest = horizon ? this.playOut() : this.search(alpha - gain, beta - gain);
    this.tricksDone--;
    this.remPos += pos;
    this.remNeg += neg;
    this.leader = savedLeader;
    this.tb = tb;
    this.trickLen = n;
    inTrick[0] = t0;
    inTrick[1] = t1;
    inTrick[2] = t2;
    inTrick[3] = t3;
    inTrick[4] = t4;
    return gain + rest;
  }

  /**
   * The value the rest of the deal adds at a trick start past the horizon (`leaf: 'greedy'`): every seat plays the
   * first card of its move ordering (`generate`), the result kept within the sure tricks' bounds (`sure`), which hold
   * for any play. Each card counts as a node. The position is left as found.
   */
  private playOut(): number {
    const n = this.n;
    this.sure(this.leader, -32768, 32767);
    const lo = this.sureLo;
    const hi = this.sureHi;
    const savedLeader = this.leader;
    const played = this.played;
    let count = 0;
    let value = 0;
    const base = this.ply * STRIDE;
    while (this.counts[this.leader] !== 0) {
      this.inTrick.fill(0);
      this.trickLen = 0;
      let pos = 0;
      let neg = 0;
      for (let i = 0; i < n; i++) {
        const seat = (this.leader + i) % n;
        const code = this.greedyMove(seat, base);
        if (code < 0) break;
        this.take(seat, code);
        played[count++] = seat * CODES + code;
        const p = this.pts[code] as number;
        if (p > 0) pos += p;
        else neg += p;
      }
      this.nodes += n;
      const w = (this.leader + (this.winAt[this.tb + this.trickLen - 1] as number)) % n;
      if (((this.valueMask >> w) & 1) === 1) value += this.perTrick ? 1 : pos + neg;
      this.leader = w;
    }
    for (let i = count - 1; i >= 0; i--) {
      const at = played[i] as number;
      this.give(Math.floor(at / CODES), at % CODES);
    }
    this.inTrick.fill(0);
    this.trickLen = 0;
    this.leader = savedLeader;
    if (this.nodes > this.nodeLimit) throw LIMIT;
    return Math.min(hi, Math.max(lo, value));
  }

  /**
   * The greedy play-out's card for `seat`: a lead is the move ordering's first; a follower schmiert its richest card
   * to a friend whose card no later foe can beat, else takes the trick with its lowest card no later foe can beat,
   * else plays its poorest card (-1: no card).
   */
  private greedyMove(seat: number, base: number): number {
    const count = this.generate(seat, base, -1);
    if (count === 0) return -1;
    if (this.trickLen === 0) return this.moves[base] as number;
    const side = (this.maxMask >> seat) & 1;
    const wi = this.winAt[this.tb + this.trickLen - 1] as number;
    const winCode = this.trick[this.tb + wi] as number;
    const winner = (this.leader + wi) % this.n;
    const friendWins = ((this.valueMask >> winner) & 1) === side;
    let take = -1;
    let rich = -1;
    let poor = -1;
    for (let i = 0; i < count; i++) {
      const code = this.moves[base + i] as number;
      const p = this.pts[code] as number;
      const wins = beats(code, winCode);
      if (wins && this.holds(code, side) && (take < 0 || code > take)) take = code;
      if (!wins && (rich < 0 || p > (this.pts[rich] as number))) rich = code;
      if (poor < 0 || p < (this.pts[poor] as number) || (p === this.pts[poor] && code > poor)) poor = code;
    }
    if (friendWins && rich >= 0 && this.holds(winCode, side)) return rich;
    if (take >= 0) return take;
    return poor;
  }

  /**
   * Whether the card `code`, winning the open trick once played by the seat to move, stays the winner: no later seat
   * of the other side than `side` can beat it (a higher card of the led suit, or a trump when void).
   */
  private holds(code: number, side: number): boolean {
    const n = this.n;
    const led = (this.trickLen === 0 ? code : (this.trick[this.tb] as number)) >> 5;
    const higher = (1 << (code & 31)) - 1;
    for (let i = this.trickLen + 1; i < n; i++) {
      const s = (this.leader + i) % n;
      if (((this.maxMask >> s) & 1) === side) continue;
      const follow = this.hands[s * SUITS + led] as number;
      if (follow !== 0) {
        if (code >> 5 === led && (follow & higher) !== 0) return false;
      } else {
        const trumps = this.hands[s * SUITS + TRUMP] as number;
        if (code >> 5 === TRUMP ? (trumps & higher) !== 0 : trumps !== 0) return false;
      }
    }
    return true;
  }

  /** The cards of a greedy play-out (seat * CODES + code), to be given back. */
  private readonly played = new Int32Array(MAX_SEATS * STRIDE);

  /**
   * The moves of `seat` into moves[base…], best first; returns how many. Follow the led suit if possible; one card
   * per class of equivalent cards.
   */
  private generate(seat: number, base: number, ttBest: number): number {
    const hs = seat * SUITS;
    const moves = this.moves;
    const scores = this.scores;
    let count = 0;
    let from = 0;
    let to = SUITS;
    const leading = this.trickLen === 0;
    let winCode = -1;
    let friendWins = false;
    if (!leading) {
      const led = (this.trick[this.tb] as number) >> 5;
      if (this.hands[hs + led] !== 0) {
        from = led;
        to = led + 1;
      }
      const wi = this.winAt[this.tb + this.trickLen - 1] as number;
      winCode = this.trick[this.tb + wi] as number;
      const winner = (this.leader + wi) % this.n;
      friendWins = ((this.valueMask >> winner) & 1) === ((this.maxMask >> seat) & 1);
    }
    for (let e = from; e < to; e++) {
      let m = this.hands[hs + e] as number;
      if (m === 0) continue;
      const others = (this.inHands[e] as number) & ~m;
      const sep = others | (this.inTrick[e] as number);
      let prev = -1;
      while (m !== 0) {
        const low = m & -m;
        const r = 31 - Math.clz32(low);
        m ^= low;
        const code = e * 32 + r;
        const p = this.pts[code] as number;
        if (prev >= 0 && !this.stacks && this.pts[e * 32 + prev] === p) {
          // Equivalent to the previous card of this hand unless a card of another hand or the trick lies between.
          const between = ((1 << r) - 1) & ~((2 << prev) - 1);
          if ((sep & between) === 0) {
            prev = r;
            continue;
          }
        }
        prev = r;
        let score: number;
        if (code === ttBest) score = 1 << 20;
        else if (leading) {
          // A card no other hand can beat in its suit first (a sure winner unless trumped), rich ones first; then
          // trumps (from the lowest) before plain cards (from the highest).
          const top = (others & ((1 << r) - 1)) === 0;
          // The maximizing side's top plain card that the other side can ruff is no sure winner: after the trumps.
          // (Not for the minimizing side: making the declarer ruff costs it trumps. −25% nodes in Sauspiel settlements,
          // −5 to −10% in Solo and Wenz on bench/bots-solver.ts.)
          if (top && e !== TRUMP && ((this.maxMask >> seat) & 1) === 1 && this.ruffable(seat, e)) score = 150 + p;
          // Against a lone maximizer (a Solo, a Wenz) the others lead plain cards before trumps, as players do:
          // Solo settlement nodes −44 %, Wenz −4 % on bench/bots-solver.ts (in a Sauspiel +3 %: not there).
          else if (this.loneMax && ((this.maxMask >> seat) & 1) === 0)
            score = top ? 1000 + p * 4 - r : e === TRUMP ? 100 - r : 200 - r;
          // Trumps that are no sure winner from the lowest (Sauspiel settlement nodes −12 %, Solo −5 %).
          else score = top ? 1000 + p * 4 - r : e === TRUMP ? 200 + r : 100 - r;
        } else {
          const wins = beats(code, winCode);
          // A friend wins: schmieren (rich cards first), not overtaking; a foe wins: the cheapest card that takes
          // the trick (plain before trump), else the poorest card.
          if (friendWins) score = p * 10 - (wins ? 100 : 0);
          else if (wins) score = 1000 + r + (e === TRUMP ? 0 : 50);
          else score = -p * 10;
        }
        // Insertion by score, best first.
        let j = count;
        while (j > 0 && (scores[j - 1] as number) < score) {
          scores[j] = scores[j - 1] as number;
          moves[base + j] = moves[base + j - 1] as number;
          j--;
        }
        scores[j] = score;
        moves[base + j] = code;
        count++;
      }
    }
    return count;
  }
}

/** Whether card code `c` beats the winning code `w`. */
function beats(c: number, w: number): boolean {
  const s = c >> 5;
  const ws = w >> 5;
  if (s === ws) return (c & 31) < (w & 31);
  return s === TRUMP;
}

/** Solve a problem: the value with best play from here and the nodes searched. */
export function solve(p: SolverProblem): { value: number | undefined; nodes: number } {
  const s = new Solver(p);
  const value = s.value();
  return { value, nodes: s.nodes };
}
