import { POINTS, indexOf } from '../../cards/card.js';
import type { CompiledOrder } from '../../tricks/order.js';
import { type Rational, ZERO, add, format, rat } from '../../money/rational.js';
import type { DealResult, Seat } from '../../variant.js';
import { EU, contractOf } from './rules.js';
import { asSeat } from '../../seat.js';
import { SCHWARZ, type SaContract, type SaState } from './state.js';

/**
 * The Schlachtfest (seed 004): each loser puts c × 2^Bolzenschüsse into the Schlachtschüssel, the winners share it
 * equally; c = Spiel 5 (Glücksschwein 4) + ohne n + Schneider + Schwarz, plus the Sauereisonderpunkte Saukopf and Hauer
 * (1 from each member of the other party to the earning party). Stallgeruch is a flat payment between Spieler and
 * Mitspieler outside the bowl.
 */
export function settle(s: SaState): DealResult {
  const zeros = (): Rational[] => new Array<Rational>(s.n).fill(ZERO);
  const totalPlayed = s.points.reduce((a, b) => a + b, 0);
  const outOfPlay = 120 - totalPlayed;
  const common = {
    cardPoints: s.points.slice(),
    tricks: s.tricks.slice(),
    pot: ZERO,
  };
  if (s.thrownIn !== null)
    return {
      ...common,
      contract: null,
      declarers: [],
      won: false,
      schneider: false,
      schwarz: false,
      laufende: 0,
      multiplier: 1,
      payout: zeros(),
      thrownIn: s.thrownIn,
    };
  const c = s.contract as SaContract;
  const party = s.party.slice();
  let spieler = c.declarer;
  let mitspieler = s.partner;
  if (c.game === 'wilde-sauerei') {
    // The most Augen is the Spieler, the fewest the Mitspieler; a shared top or bottom cancels the Schlachtfest.
    const max = Math.max(...s.points);
    const min = Math.min(...s.points);
    const tops = s.points.filter((p) => p === max).length;
    const bottoms = s.points.filter((p) => p === min).length;
    if (tops > 1 || bottoms > 1)
      return {
        ...common,
        contract: contractOf(s),
        declarers: [],
        won: false,
        schneider: false,
        schwarz: false,
        laufende: 0,
        multiplier: 1,
        payout: zeros(),
        details: { cancelled: tops > 1 ? 'tie for the most Augen' : 'tie for the fewest Augen' },
      };
    spieler = asSeat(s.points.indexOf(max));
    mitspieler = asSeat(s.points.indexOf(min));
    party[spieler] = true;
    party[mitspieler] = true;
  }
  const declarers: Seat[] = [];
  let declPts = 0;
  let declTricks = 0;
  let oppPts = 0;
  let oppTricks = 0;
  for (let i = 0; i < s.n; i++) {
    if (party[i]) {
      declarers.push(asSeat(i));
      declPts += s.points[i] as number;
      declTricks += s.tricks[i] as number;
    } else {
      oppPts += s.points[i] as number;
      oppTricks += s.tricks[i] as number;
    }
  }
  const o = s.o;
  const t = o.tariff;
  const game = c.game;
  const ms = game === 'mastschwein' || game === 'schwarte';
  const sauerei = game === 'sauerei' || game === 'wilde-sauerei';
  // Augen in play: 120, less the open cards of a Dreihaxer ohne Trog.
  const inPlay = s.trog === 2 ? 120 - s.open.reduce((a, x) => a + (POINTS[x] as number), 0) : 120;
  let won: boolean;
  if (game === 'mastschwein') won = declTricks === 0;
  else if (game === 'schwarte' || c.bid === SCHWARZ) won = oppTricks === 0;
  else if (game === 'wilde-sauerei') won = declPts >= 61;
  else won = declPts >= c.bid;
  const schwarz = declTricks === 0 || oppTricks === 0;

  // Laufende, Skat style from the winners' side (not in Mastschwein; Schwarte has no trumps).
  let laufende = 0;
  let mit = false;
  if (game !== 'mastschwein') {
    // The Spielerpartei's cards as dealt; the open cards of a Dreihaxer count for the declarer, mit or ohne Trog.
    const own = new Uint8Array(48);
    for (let i = 0; i < s.n; i++) if (party[i]) for (const x of s.dealt[i] as readonly number[]) own[x] = 1;
    for (const x of s.open) own[x] = 1;
    let first: boolean | undefined;
    for (const x of trumpList(s.order)) {
      const d = own[x] === 1;
      if (first === undefined) first = d;
      else if (d !== first) break;
      laufende++;
    }
    mit = first === undefined ? false : won ? first : !first;
  }
  let base = t.spiel;
  let ohne = 0;
  if (!ms && laufende > 0) {
    if (mit && laufende >= o.glueckschweinFrom) base = t.glueckschwein;
    else if (!mit) ohne = laufende * t.ohne;
  }

  // Schneider: the losers took no trick or under half the Augen they needed.
  let schneider = false;
  if (!ms) {
    const losersTricks = won ? oppTricks : declTricks;
    const losersPts = won ? oppPts : declPts;
    let need: number;
    if (game === 'wilde-sauerei') need = won ? 60 : 61;
    else if (c.bid === SCHWARZ) need = Infinity;
    else need = won ? inPlay - c.bid + 1 : c.bid;
    schneider = losersTricks === 0 || (Number.isFinite(need) && 2 * losersPts < need);
  }

  // Sauereisonderpunkte: the earning party takes t from each member of the other party (seed 004: "1 Extrapunkt pro
  // Gegner"), netted into the bowl before doubling. Winners earning: each loser puts t more in. Losers earning: the bowl
  // shrinks by t per winner, shared by the losers — a lone losing declarer of an Unreine Sauerei puts 3t less in, three
  // losing opponents together take t from the lone winner (t/3 each).
  let saukopf: 'winners' | 'losers' | null = null;
  let hauer: 'winners' | 'losers' | null = null;
  if (sauerei) {
    if (s.haPlayer !== null && s.haWinner !== null && party[s.haPlayer] !== party[s.haWinner])
      saukopf = party[s.haWinner] === won ? 'winners' : 'losers';
    if (s.trickNo === s.perHand && s.lastWinningCard === EU) hauer = party[s.turn] === won ? 'winners' : 'losers';
  }
  const winners: Seat[] = [];
  const losers: Seat[] = [];
  for (let i = 0; i < s.n; i++) (party[i] === won ? winners : losers).push(asSeat(i));
  // Per loser, in units of 1/losers: the earned points change the bowl by t × (members of the paying party).
  const sonder = (who: 'winners' | 'losers' | null, tariff: number): number =>
    who === null ? 0 : who === 'winners' ? tariff * losers.length : -tariff * winners.length;
  const premiums = base + ohne + (schneider ? t.schneider : 0) + (schwarz ? t.schwarz : 0);
  const bowlTotal = premiums * losers.length + sonder(saukopf, t.saukopf) + sonder(hauer, t.hauer);

  const automatic = (!won && s.unreine ? 1 : 0) + (!won && s.trog === 1 ? 1 : 0);
  const bolzen = s.kicks.length + automatic;
  const multiplier = 2 ** bolzen * s.ctx.bock;
  const payout = zeros();
  for (const i of losers) payout[i] = rat(-bowlTotal * multiplier, losers.length);
  for (const i of winners) payout[i] = rat(bowlTotal * multiplier, winners.length);
  // c per loser: a whole number except when three losing opponents share the Sonderpunkte they took (t/3 each).
  const bowl = bowlTotal % losers.length === 0 ? bowlTotal / losers.length : format(rat(bowlTotal, losers.length));
  const stallgeruch = s.stallgeruch && mitspieler !== null;
  if (stallgeruch && mitspieler !== null && spieler !== null) {
    // Lost: the Spieler pays the Mitspieler; won: the Mitspieler pays the Spieler.
    const from = won ? mitspieler : spieler;
    const to = won ? spieler : mitspieler;
    payout[from] = add(payout[from] as Rational, rat(-t.stallgeruch));
    payout[to] = add(payout[to] as Rational, rat(t.stallgeruch));
  }
  // Plain assignments, no object spreads: settlement runs once per simulated deal.
  const details: Record<string, unknown> = {
    bowl,
    base,
    laufende: { count: laufende, mit },
    bolzenschuesse: bolzen,
    huftritte: s.kicks.map((k) => k.seat),
  };
  if (ohne > 0) details.ohne = ohne;
  if (saukopf !== null) details.saukopf = saukopf;
  if (hauer !== null) details.hauer = hauer;
  if (s.unreine) details.unreine = true;
  if (s.trog !== 0) details.trog = s.trog === 1 ? 'mit' : 'ohne';
  if (stallgeruch) details.stallgeruch = true;
  if (mitspieler !== null) details.mitspieler = mitspieler;
  if (c.game === 'wilde-sauerei') details.spieler = spieler;
  if (outOfPlay !== 0) details.pointsOutOfPlay = outOfPlay;
  return {
    contract: contractOf(s),
    declarers,
    cardPoints: common.cardPoints,
    tricks: common.tricks,
    won,
    schneider,
    schwarz,
    laufende,
    multiplier,
    payout,
    pot: ZERO,
    details,
  };
}

/** A pure memo (not state): filled on demand, a list never changes once made. */
const TRUMP_LISTS = new WeakMap<CompiledOrder, readonly number[]>();

/** The trumps of an order high → low as card indices (cached per compiled order). */
function trumpList(order: CompiledOrder): readonly number[] {
  let list = TRUMP_LISTS.get(order);
  if (list === undefined) {
    list = order.source.trumps.map(indexOf);
    TRUMP_LISTS.set(order, list);
  }
  return list;
}
