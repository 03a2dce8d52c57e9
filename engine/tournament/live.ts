import type { ResultJson } from '../game/result.js';
import { getVariant } from '../registry.js';
import { type TournamentConfig, handsPerDeal, thrownInCounts } from './config.js';
import type { DealRecord, LiveEntry } from './tournament.js';

/**
 * Live tables: a deal played with real cards and written on the table's Spielliste, settled by the tournament's
 * tariff without the cards. A `game` entry gives what the sheet has — declarer(s), contract, won or lost, Schneider,
 * Schwarz, Laufende, knocks, Kontra/Re — and is settled as the engine settles a played deal of the Schafkopf family
 * (engine/variants/schafkopf/settle.ts `settleGame`): value = base tariff + Schneider + Schwarz + paid Laufende ×
 * the Laufende price (+1 per knock with `knock.mode: "add-point"`), Tout ×2, Sie ×4; times 2 per knock (`double`),
 * Kontra ×2, Re ×2; a solo is paid by every opponent, a partnership game by each opponent to one declarer. Laufende
 * below the tariff's minimum for the game are not paid and not recorded. A `payout` entry (any variant) gives each
 * seat's payout and must add up to zero.
 */

export class EntryError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

interface SheetTariff {
  readonly tariff: Readonly<Record<string, number | undefined>>;
  readonly laufendeMin: Readonly<Record<string, number | undefined>>;
  readonly knockMode: 'double' | 'add-point';
}

/** What a printed sheet needs of the tariff: whether knocks double or add a point, whether Laufende are paid. */
export function sheetRules(
  config: TournamentConfig,
  seats: number,
): { readonly knockMode: 'double' | 'add-point'; readonly paysLaufende: boolean } {
  const t = sheetTariff(config, seats);
  return { knockMode: t?.knockMode ?? 'double', paysLaufende: (t?.tariff['laufende'] ?? 1) > 0 };
}

/** The tariff a table of `seats` plays with, when its variant has one (the Schafkopf family). */
function sheetTariff(config: TournamentConfig, seats: number): SheetTariff | undefined {
  const variant = getVariant(config.variant);
  if (variant === undefined) return undefined;
  const o = variant.resolveOptions(config.preset, config.options ?? {}, seats) as {
    tariff?: Record<string, number | undefined>;
    laufendeMin?: Record<string, number | undefined>;
    knock?: { mode?: string };
  };
  if (o.tariff === undefined || typeof o.tariff['sauspiel'] !== 'number') return undefined;
  return {
    tariff: o.tariff,
    laufendeMin: o.laufendeMin ?? {},
    knockMode: o.knock?.mode === 'add-point' ? 'add-point' : 'double',
  };
}

const SOLO_BASE: Readonly<Record<string, string>> = {
  wenz: 'wenz',
  geier: 'geier',
  farbwenz: 'farbwenz',
  farbgeier: 'farbgeier',
  bettel: 'bettel',
  'bettel-brett': 'bettel',
  hochzeit: 'hochzeit',
};

/**
 * The deal players of an entry at a table of `seats`: everyone, or everyone but the seat sitting out (a larger table
 * where the dealer sits out; at Sheepshead's six-handed table everyone plays).
 */
function playersOf(config: TournamentConfig, seats: number, sitsOut: number | undefined): number[] {
  const all = Array.from({ length: seats }, (_, i) => i);
  if (handsPerDeal(config, seats) === seats) {
    if (sitsOut !== undefined) throw new EntryError('sitsOut', `nobody sits out at this table of ${seats}`);
    return all;
  }
  if (sitsOut === undefined || !Number.isInteger(sitsOut) || sitsOut < 0 || sitsOut >= seats)
    throw new EntryError('sitsOut', `at a table of ${seats} one seat (the dealer) sits out: sitsOut 0..${seats - 1}`);
  return all.filter((s) => s !== sitsOut);
}

/** Settle one entered deal into the record the tournament scores (throws EntryError naming the field). */
export function settleEntry(config: TournamentConfig, seats: number, deal: number, entry: LiveEntry): DealRecord {
  const players = playersOf(config, seats, entry.sitsOut);
  const dealer = entry.sitsOut ?? (deal - 1) % seats;
  if (entry.kind === 'payout') {
    if (entry.payout.length !== seats) throw new EntryError('payout', `one payout per seat (${seats})`);
    if (entry.payout.some((p) => !Number.isSafeInteger(p))) throw new EntryError('payout', 'payouts are whole numbers');
    if (entry.payout.reduce((a, b) => a + b, 0) !== 0) throw new EntryError('payout', 'the payouts add up to 0');
    if (entry.sitsOut !== undefined && entry.payout[entry.sitsOut] !== 0)
      throw new EntryError('payout', 'the seat sitting out gets 0');
    const winners = entry.payout.flatMap((p, s) => (p > 0 ? [s] : []));
    const result: ResultJson = {
      complete: true,
      contract: null,
      declarers: winners.length === 1 ? (winners as never[]) : [],
      cardPoints: [],
      tricks: [],
      won: winners.length > 0,
      schneider: false,
      schwarz: false,
      laufende: 0,
      multiplier: 1,
      payout: [...entry.payout],
      details: { entered: 'payout' },
    };
    return { deal, players, dealer, result };
  }
  const zero = Array.from({ length: seats }, () => 0);
  if (entry.game === null) {
    // Where a thrown-in deal is dealt again and is no game (the `tournament` preset: a Muss-Spiel, or a redeal that
    // does not count), the sheet has no line for it: the game played instead is entered.
    if (!thrownInCounts(config, seats))
      throw new EntryError(
        'entry.game',
        'a thrown-in deal is no game under these rules (options.allPass, options.redeal.counts): enter the game played instead',
      );
    // Thrown in (all passed): scores nothing; the sheet shows it as a line of its own.
    const result: ResultJson = {
      complete: true,
      contract: null,
      declarers: [],
      cardPoints: [],
      tricks: [],
      won: false,
      schneider: false,
      schwarz: false,
      laufende: 0,
      multiplier: 1,
      payout: zero,
      thrownIn: 'redeal',
      details: { entered: 'game' },
    };
    return { deal, players, dealer, result };
  }
  const t = sheetTariff(config, seats);
  if (t === undefined) throw new EntryError('entry.kind', `${config.variant} deals are entered as payouts`);
  const game = entry.game;
  const declarers = [...entry.declarers];
  if (declarers.length < 1 || declarers.length > 2 || declarers.some((d) => !players.includes(d)))
    throw new EntryError('declarers', 'one or two declaring seats among the players of the deal');
  if (new Set(declarers).size !== declarers.length) throw new EntryError('declarers', 'a seat is named twice');
  // Über Kreuz (played when all passed, options.allPass 'kreuz') is a Sauspiel of the two seats opposite each other.
  const kreuz = game === 'kreuz';
  const partnership = game === 'sauspiel' || game === 'hochzeit' || kreuz;
  if (partnership !== (declarers.length === 2))
    throw new EntryError('declarers', partnership ? `a ${game} has two declarers` : `a ${game} has one declarer`);
  if (kreuz) {
    const [a, b] = declarers.map((d) => players.indexOf(d)) as [number, number];
    if (Math.abs(a - b) !== 2)
      throw new EntryError('declarers', 'über Kreuz is played by two players sitting opposite');
  }
  const baseKey = game === 'sauspiel' || kreuz ? 'sauspiel' : (SOLO_BASE[game] ?? 'solo');
  const base = t.tariff[baseKey] ?? (baseKey === 'hochzeit' ? t.tariff['sauspiel'] : t.tariff['solo']);
  if (
    base === undefined ||
    (game !== 'solo' && game !== 'sauspiel' && !kreuz && SOLO_BASE[game] === undefined && game !== 'sie')
  )
    throw new EntryError('game', `unknown game ${game}`);
  const knocks = entry.knocks ?? 0;
  if (!Number.isInteger(knocks) || knocks < 0 || knocks > players.length)
    throw new EntryError('knocks', `knocks are 0..${players.length}`);
  const tout = entry.tout === true;
  const sie = game === 'sie';
  const bettel = game === 'bettel' || game === 'bettel-brett';
  const pointGame = !tout && !sie && !bettel;
  const schneider = pointGame && entry.schneider === true;
  const schwarz = pointGame && entry.schwarz === true;
  if (schwarz && !schneider) throw new EntryError('schwarz', 'Schwarz is also Schneider');
  const counted = entry.laufende ?? 0;
  if (!Number.isInteger(counted) || counted < 0 || counted > 14) throw new EntryError('laufende', 'laufende are 0..14');
  // Unpaid Laufende (below the game's minimum, or with a Laufende price of 0) are not on the sheet.
  const min = t.laufendeMin[kreuz ? 'sauspiel' : game] ?? t.laufendeMin['solo'] ?? 3;
  const price = t.tariff['laufende'] ?? 0;
  const laufende = !bettel && price > 0 && (sie || counted >= min) ? counted : 0;
  const addPoints = t.knockMode === 'add-point' ? knocks : 0;
  let value: number;
  if (sie) value = (base + 8 * price + addPoints) * 4;
  else if (tout) value = (base + laufende * price + addPoints) * 2;
  else if (game === 'bettel-brett') value = (base + addPoints) * 2;
  else
    value =
      base +
      (schneider ? (t.tariff['schneider'] ?? 0) : 0) +
      (schwarz ? (t.tariff['schwarz'] ?? 0) : 0) +
      laufende * price +
      addPoints;
  const knockMul = t.knockMode === 'double' ? 2 ** knocks : 1;
  const multiplier = knockMul * (entry.kontra === true ? 2 : 1) * (entry.re === true ? 2 : 1);
  if (entry.re === true && entry.kontra !== true) throw new EntryError('re', 'Re answers a Kontra');
  const per = value * multiplier;
  const sign = entry.won ? 1 : -1;
  const payout = zero.slice();
  for (const s of players) {
    const declaring = declarers.includes(s);
    if (partnership) payout[s] = declaring ? sign * per : -sign * per;
    else payout[s] = declaring ? sign * per * (players.length - 1) : -sign * per;
  }
  const result: ResultJson = {
    complete: true,
    contract: {
      game: game as never,
      declarer: declarers[0] as never,
      ...(entry.suit !== undefined ? { suit: entry.suit } : {}),
      ...(tout ? { tout: true } : {}),
    },
    declarers: declarers as never[],
    cardPoints: [],
    tricks: [],
    won: entry.won,
    schneider,
    schwarz,
    laufende,
    multiplier,
    payout,
    details: {
      entered: 'game',
      value,
      knocks,
      kontra: entry.kontra === true,
      re: entry.re === true,
    },
  };
  return { deal, players, dealer, result };
}
