import { type Rational, ZERO, add, div, mul, rat } from '../../money/rational.js';
import type { DealResult, PointSteps, Seat } from '../../variant.js';
import type { SchafkopfOptions, ToutGame } from './options.js';
import { isSoloGame, toContract } from './rules.js';
import type { SkState } from './state.js';
import { asSeat, seatsOf } from '../../seat.js';
import { noGameResult } from '../family/result.js';

/** `thrownIn` of an über Kreuz deal that ended 60:60: replayed like a deal thrown in when all passed. */
export const KREUZ_REPLAYED = 'kreuz-sixty';

const zeros = (n: number): Rational[] => Array.from({ length: n }, () => ZERO);

/**
 * A deal that is no game: thrown in when all passed (no contract), or über Kreuz at 60:60 (its contract and
 * declarers kept). Dealt again, and — with `redeal.counts: false` — no game of a table's deals: the record says so, so
 * a tournament counts it by the rules the table played, whatever its preset resolves to later.
 */
function noGame(
  s: SkState,
  thrownIn: string,
  played: Pick<DealResult, 'contract' | 'declarers'>,
  payout: Rational[] = zeros(s.n),
  pot: Rational = ZERO,
): DealResult {
  const uncounted =
    (thrownIn === 'all-passed' || thrownIn === KREUZ_REPLAYED) && (s.o as Partial<typeof s.o>).redeal?.counts === false;
  return {
    ...played,
    ...noGameResult(s),
    multiplier: 1,
    payout,
    pot,
    thrownIn,
    ...(uncounted ? { details: { uncounted: true } } : {}),
  };
}

/** Settlement of a finished Schafkopf deal: exact, zero-sum together with the Stock. */
export function settle(s: SkState): DealResult {
  if (s.thrownIn !== null) {
    // All passed: a redeal costs nothing; with the Stock every player pays its price into the pot.
    if (s.thrownIn !== 'stock') return noGame(s, s.thrownIn, { contract: null, declarers: [] });
    const price = s.o.tariff.stock ?? s.o.tariff.sauspiel;
    return noGame(s, s.thrownIn, { contract: null, declarers: [] }, zeros(s.n).fill(rat(-price)), rat(price * s.n));
  }
  const c = s.contract as NonNullable<SkState['contract']>;
  return c.game === 'ramsch' ? settleRamsch(s) : settleGame(s);
}

/** `rat(n)` for a whole number, without the gcd (the same value; `rat` still checks anything unusual). */
function whole(n: number): Rational {
  return Number.isSafeInteger(n) ? { n: n + 0, d: 1 } : rat(n);
}

function knockFactor(s: SkState): { factor: number; addPoints: number } {
  return s.o.knock.mode === 'double' ? { factor: 2 ** s.knocks, addPoints: 0 } : { factor: 1, addPoints: s.knocks };
}

function baseTariff(o: SchafkopfOptions, game: string): number {
  const t = o.tariff;
  switch (game) {
    case 'sauspiel':
    case 'kreuz':
      return t.sauspiel;
    case 'hochzeit':
      return t.hochzeit ?? t.sauspiel;
    case 'bettel':
    case 'bettel-brett':
      return t.bettel;
    case 'wenz':
    case 'geier':
    case 'farbwenz':
    case 'farbgeier':
      return t[game] ?? t.solo;
    default:
      return t.solo;
  }
}

/**
 * The card-point steps of a point game for the declarers: 61 wins (60 in a Muss-Spiel with `mussSpiel.sixtyWins`);
 * a losing party is Schneider below `schneiderBelow.declarers`, the defenders below `schneiderBelow.defenders` of the
 * `played` points (31 / 61 / 91 of 120 by default). Strong bots value cards by them (engine/bots/solver-objective.ts).
 */
export function pointSteps(o: SchafkopfOptions, played = 120, sixtyWins = false): PointSteps {
  return {
    free: o.schneiderBelow.declarers,
    win: sixtyWins ? 60 : 61,
    schneider: played - o.schneiderBelow.defenders + 1,
  };
}

function settleGame(s: SkState): DealResult {
  const o = s.o;
  const c = s.contract as NonNullable<SkState['contract']>;
  const declarers: Seat[] = [];
  for (let i = 0; i < s.n; i++) if (s.party[i]) declarers.push(asSeat(i));
  let declPoints = 0;
  let declTricks = 0;
  for (const d of declarers) {
    declPoints += s.points[d] as number;
    declTricks += s.tricks[d] as number;
  }
  let totalPoints = 0;
  for (let i = 0; i < s.n; i++) totalPoints += s.points[i] as number;
  const defTricks = s.perHand - declTricks;
  const bettel = c.game === 'bettel' || c.game === 'bettel-brett';
  const sie = c.game === 'sie';
  const steps = pointSteps(o, totalPoints, c.muss && o.mussSpiel.sixtyWins);
  let won: boolean;
  if (sie) won = true;
  else if (c.tout) won = defTricks === 0;
  else if (bettel) won = declTricks === 0;
  else won = declPoints >= steps.win;
  // Schneider and Schwarz count in point games only (not in Tout, Sie or Bettel).
  const pointGame = !c.tout && !sie && !bettel;
  const schneider = pointGame && (won ? declPoints >= steps.schneider : declPoints < steps.free);
  const schwarz = pointGame && (won ? defTricks === 0 : declTricks === 0);
  const lGame = (c.game === 'kreuz' ? 'sauspiel' : c.game) as 'sauspiel' | 'hochzeit' | ToutGame;
  const laufende = !bettel && (sie || s.laufende >= (o.laufendeMin[lGame] ?? Infinity)) ? s.laufende : 0;
  const base = baseTariff(o, c.game);
  const doubleKnocks = o.knock.mode === 'double';
  const knockMul = doubleKnocks ? 2 ** s.knocks : 1;
  const addPoints = doubleKnocks ? 0 : s.knocks;
  let value: number;
  if (sie) value = (base + 8 * o.tariff.laufende + addPoints) * 4;
  else if (c.tout) value = (base + laufende * o.tariff.laufende + addPoints) * 2;
  else if (c.game === 'bettel-brett') value = (base + addPoints) * 2;
  else
    value =
      base +
      (schneider ? o.tariff.schneider : 0) +
      (schwarz ? o.tariff.schwarz : 0) +
      laufende * o.tariff.laufende +
      addPoints;
  const multiplier = knockMul * (s.kontra !== null ? 2 : 1) * (s.re !== null ? 2 : 1) * s.ctx.bock;
  const perPlayer = value * multiplier;
  const sign = won ? 1 : -1;
  const payout: Rational[] = [];
  const solo = isSoloGame(c.game);
  for (let i = 0; i < s.n; i++) {
    if (solo) payout.push(whole(s.party[i] ? sign * perPlayer * (s.n - 1) : -sign * perPlayer));
    else payout.push(whole(s.party[i] ? sign * perPlayer : -sign * perPlayer));
  }
  // The Stock goes to the winners of the next Sauspiel; its losers double it.
  let pot = ZERO;
  if (c.game === 'sauspiel' && s.ctx.pot.n > 0) {
    const losers = won ? payout.map((_, i) => !s.party[i]) : s.party.slice();
    const winners = won ? s.party.slice() : payout.map((_, i) => !s.party[i]);
    if (won) {
      const share = div(s.ctx.pot, winners.filter(Boolean).length);
      winners.forEach((w, i) => w && (payout[i] = add(payout[i] as Rational, share)));
      pot = mul(s.ctx.pot, -1);
    } else {
      const share = div(s.ctx.pot, losers.filter(Boolean).length);
      losers.forEach((l, i) => l && (payout[i] = add(payout[i] as Rational, mul(share, -1))));
      pot = s.ctx.pot;
    }
  }
  const sixty = !bettel && !sie && !c.tout && declPoints === 60;
  // Über Kreuz at 60:60 is replayed (T-NF): nothing is paid, and the deal is dealt again as a thrown-in deal is
  // (`redeal`: by whom, and whether it counts).
  if (c.game === 'kreuz' && sixty && totalPoints === 120)
    return noGame(s, KREUZ_REPLAYED, { contract: toContract(s), declarers });
  const details: Record<string, unknown> = {
    value,
    knocks: s.knocks,
    kontra: s.kontra !== null,
    re: s.re !== null,
    bock: s.ctx.bock,
    sixty,
  };
  if (c.muss) details['mussSpiel'] = true;
  if (s.partner !== null) details['partner'] = s.partner;
  return {
    contract: toContract(s),
    declarers,
    cardPoints: s.points.slice(),
    tricks: s.tricks.slice(),
    won,
    schneider,
    schwarz,
    laufende,
    multiplier,
    payout,
    pot,
    details,
  };
}

function settleRamsch(s: SkState): DealResult {
  const o = s.o;
  const { factor, addPoints } = knockFactor(s);
  const multiplier = factor * s.ctx.bock;
  const price = (o.tariff.ramsch + addPoints) * multiplier;
  const payout: Rational[] = Array.from({ length: s.n }, () => ZERO);
  const seats = seatsOf(s.n);
  const durch = o.ramsch.durchmarsch;
  const durchmarsch = seats.find((i) =>
    durch === 'off' ? false : durch === 'all-tricks' ? s.tricks[i] === s.perHand : (s.points[i] as number) >= durch,
  );
  const base = {
    contract: { game: 'ramsch' as const },
    cardPoints: s.points.slice(),
    tricks: s.tricks.slice(),
    schneider: false,
    schwarz: false,
    laufende: 0,
    multiplier,
    pot: ZERO,
  };
  if (durchmarsch !== undefined) {
    const amount = ((o.tariff.durchmarsch ?? o.tariff.ramsch) + addPoints) * multiplier;
    for (const i of seats) payout[i] = rat(i === durchmarsch ? amount * (s.n - 1) : -amount);
    return { ...base, declarers: [durchmarsch], won: true, payout, details: { durchmarsch } };
  }
  const losers = ramschLosers(s);
  const jungfrauen = seats.filter((i) => s.tricks[i] === 0);
  const j = jungfrauen.length;
  for (const i of seats) {
    if (losers.includes(i)) continue;
    let receive = price;
    switch (o.ramsch.jungfrau) {
      case 'off':
        break;
      case 'double-all':
        receive = price * 2 ** j;
        break;
      case 'double-individually-once':
        if (jungfrauen.includes(i)) receive = price * 2;
        break;
      case 'double-individually-multiple':
        if (jungfrauen.includes(i)) receive = price * 2 ** j;
        break;
      default: {
        const never: never = o.ramsch.jungfrau;
        return never;
      }
    }
    // Each loser pays this player.
    payout[i] = rat(receive * losers.length);
    for (const l of losers) payout[l] = add(payout[l] as Rational, rat(-receive));
  }
  return {
    ...base,
    declarers: [],
    won: false,
    payout,
    details: { losers, jungfrauen },
  };
}

/** Who pays in a Ramsch: the most card points; ties per the tie-break option; still tied: all of them. */
function ramschLosers(s: SkState): Seat[] {
  const max = Math.max(...s.points);
  let tied = seatsOf(s.n).filter((i) => s.points[i] === max);
  const keepBest = (score: (i: Seat) => number): void => {
    const best = Math.max(...tied.map(score));
    tied = tied.filter((i) => score(i) === best);
  };
  // Trump ranks: 1 is the highest, 0 means none; map to a score where higher is "worse" (pays).
  const trumpScore = (r: number): number => (r === 0 ? 0 : 100 - r);
  if (s.o.ramsch.tieBreak === 'seed-003') {
    if (tied.length > 1) keepBest((i) => s.tricks[i] as number);
    if (tied.length > 1) keepBest((i) => s.trumpsTaken[i] as number);
    if (tied.length > 1) keepBest((i) => trumpScore(s.bestTrumpTaken[i] as number));
  } else if (tied.length > 1) keepBest((i) => trumpScore(s.bestTrumpPlayed[i] as number));
  return tied;
}
