import { getVariant } from '../registry.js';
import { OptionsError } from '../variant.js';

/**
 * A tournament's rules as one typed options object (STYLE.md 2): how tables are formed, how many deals are played,
 * how deals score and how ties break. Times are epoch milliseconds (the engine has no clock: time is data).
 */

/** How one deal scores for the tournament list (REFERENCE §3.2, §4). */
export type ScoringScheme =
  /** The deal payouts as they are (with the `tournament` preset: the "1/5" plus-minus list). Zero-sum. */
  | { readonly scheme: 'plus-minus' }
  /** A money list: the payouts times a price per point, in cents. Zero-sum. */
  | { readonly scheme: 'money'; readonly centsPerPoint: number }
  /** "5-10-15", plus points only: the winning side each scores the game's value. */
  | { readonly scheme: 'five-ten-fifteen' }
  /** Extended Seeger–Fabian (Skat lists): payout, ±50 per declarer, +30 (4 seats) / +40 (3 seats) to opponents of a lost game. */
  | { readonly scheme: 'seeger-fabian' };

export const SCHEMES = ['plus-minus', 'money', 'five-ten-fifteen', 'seeger-fabian'] as const;
export type SchemeName = (typeof SCHEMES)[number];

/** Tie-breaks after points, in order; `lot` is a value drawn from the tournament seed, so it never ties. */
export const TIE_BREAKS = ['soli', 'wins', 'lot'] as const;
export type TieBreak = (typeof TIE_BREAKS)[number];

export interface TournamentConfig {
  readonly name: string;
  readonly variant: string;
  readonly preset?: string;
  readonly options?: unknown;
  /** Players per regular table (4 for Schafkopf). */
  readonly tableSize: number;
  readonly rounds: number;
  /** Deals per round at a regular table: a multiple of `tableSize`, so that everyone deals equally. */
  readonly dealsPerRound: number;
  /** Round 1 starts here (epoch ms). */
  readonly startsAt: number;
  /** The IANA time zone the organiser gave `startsAt` in (for the calendar), e.g. `Europe/Berlin`. */
  readonly timeZone?: string;
  /** Pause between the end of a round and the start of the next, in minutes. */
  readonly pauseMinutes: number;
  /** Planning figure for the calendar: minutes one deal takes. */
  readonly minutesPerDeal: number;
  readonly scoring: ScoringScheme;
  readonly tieBreaks: readonly TieBreak[];
  /** The clock of every table (passed to the table as its `clock` option). */
  readonly clock?: { readonly turnSeconds: number; readonly [k: string]: unknown };
  /** Registered players not checked in when a round is drawn: a bot plays their seat, or they are left out. */
  readonly noShows: 'bot' | 'drop';
  /** When the players do not divide into tables: tables one larger (the dealer sits out), or bots fill seats. */
  readonly remainder: 'larger-tables' | 'bots';
  /** Every table of a round plays the same deals (seat k holds the same cards at every table). */
  readonly duplicate: boolean;
  /**
   * Registered players who never played a deal themselves: left off the ranking (`unranked`, listed after it without
   * a place) or ranked together after everyone who played (`last`).
   */
  readonly unplayed: 'unranked' | 'last';
  /**
   * Deals a bot played in an absent player's seat (a no-show, a player who left): credited to that player (`true`)
   * or to nobody (`false`, the default — the list then counts only what people played). Marked either way.
   */
  readonly botCredit: boolean;
  /** The prize list printed with the standings (engine/tournament/prizes.ts); none when absent. */
  readonly prizes?: PrizeConfig;
}

/** A prize for a place: a fixed amount in cents, a share of the pool (entry fees), or goods (a named item). */
export type Prize =
  | { readonly place: number; readonly cents: number }
  | { readonly place: number; readonly share: number }
  | { readonly place: number; readonly goods: string };

export interface PrizeConfig {
  /** Entry fee per player who played, in cents; the pool is fees × players (minus `retainCents`). */
  readonly entryFeeCents: number;
  /** What the organiser keeps from the pool (room, cards), in cents. */
  readonly retainCents: number;
  /** Prizes of the final list; `share` weights divide the pool (whole cents, largest remainders). */
  readonly places: readonly Prize[];
  /** The best of each round (`place` within the round's points), fixed amounts or goods only. */
  readonly rounds: readonly Prize[];
  /** The best at each table of a round, fixed amounts or goods only. */
  readonly tables: readonly Prize[];
}

/** What an organiser sends; everything but `variant` and `startsAt` has a default. */
export type TournamentInput = Partial<Omit<TournamentConfig, 'scoring' | 'prizes'>> & {
  readonly variant: string;
  readonly startsAt: number;
  readonly scoring?: ScoringScheme | SchemeName;
  readonly prizes?: PrizeInput;
};

/** Defaults: tables of 4, 2 rounds of 32 deals (REFERENCE §3.1 "typical"), plus-minus, ties by Soli then lot. */
export const DEFAULTS = {
  tableSize: 4,
  rounds: 2,
  dealsPerRound: 32,
  pauseMinutes: 15,
  minutesPerDeal: 3,
  tieBreaks: ['soli', 'lot'] as readonly TieBreak[],
  noShows: 'drop',
  remainder: 'larger-tables',
  duplicate: false,
  unplayed: 'unranked',
  botCredit: false,
} as const;

/**
 * The full config from an organiser's input, or an OptionsError naming the field. Checks what the draw and the
 * tables need: the variant plays `tableSize` (and `tableSize + 1` for larger tables), deals are a multiple of it.
 */
export function resolveConfig(input: TournamentInput): TournamentConfig {
  const variant = getVariant(input.variant);
  if (variant === undefined) throw new OptionsError('variant', `unknown variant ${String(input.variant)}`);
  const tableSize = input.tableSize ?? DEFAULTS.tableSize;
  const int = (v: unknown, path: string, min: number, max: number): number => {
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max)
      throw new OptionsError(path, `${path} must be a whole number ${min}..${max}`);
    return v;
  };
  int(tableSize, 'tableSize', variant.tableSeats.min, variant.tableSeats.max);
  const remainder = input.remainder ?? DEFAULTS.remainder;
  if (remainder !== 'larger-tables' && remainder !== 'bots')
    throw new OptionsError('remainder', 'remainder is larger-tables or bots');
  if (remainder === 'larger-tables' && tableSize + 1 > variant.tableSeats.max)
    throw new OptionsError('remainder', `${variant.id} has no tables of ${tableSize + 1}; use remainder "bots"`);
  const rounds = int(input.rounds ?? DEFAULTS.rounds, 'rounds', 1, 20);
  const dealsPerRound = int(input.dealsPerRound ?? DEFAULTS.dealsPerRound, 'dealsPerRound', tableSize, 200);
  if (dealsPerRound % tableSize !== 0)
    throw new OptionsError('dealsPerRound', `dealsPerRound must be a multiple of the table size ${tableSize}`);
  if (typeof input.startsAt !== 'number' || !Number.isFinite(input.startsAt))
    throw new OptionsError('startsAt', 'startsAt must be a time');
  const pauseMinutes = int(input.pauseMinutes ?? DEFAULTS.pauseMinutes, 'pauseMinutes', 0, 24 * 60);
  const minutesPerDeal = int(input.minutesPerDeal ?? DEFAULTS.minutesPerDeal, 'minutesPerDeal', 1, 60);
  const scoring = resolveScoring(input.scoring ?? 'plus-minus');
  const tieBreaks = input.tieBreaks ?? DEFAULTS.tieBreaks;
  if (!Array.isArray(tieBreaks) || tieBreaks.some((t) => !TIE_BREAKS.includes(t as TieBreak)))
    throw new OptionsError('tieBreaks', `tieBreaks are some of ${TIE_BREAKS.join(', ')}`);
  if (new Set(tieBreaks).size !== tieBreaks.length) throw new OptionsError('tieBreaks', 'a tie-break appears twice');
  const noShows = input.noShows ?? DEFAULTS.noShows;
  if (noShows !== 'bot' && noShows !== 'drop') throw new OptionsError('noShows', 'noShows is bot or drop');
  const duplicate = input.duplicate ?? DEFAULTS.duplicate;
  if (typeof duplicate !== 'boolean') throw new OptionsError('duplicate', 'duplicate is true or false');
  const unplayed = input.unplayed ?? DEFAULTS.unplayed;
  if (unplayed !== 'unranked' && unplayed !== 'last')
    throw new OptionsError('unplayed', 'unplayed is unranked or last');
  const botCredit = input.botCredit ?? DEFAULTS.botCredit;
  if (typeof botCredit !== 'boolean') throw new OptionsError('botCredit', 'botCredit is true or false');
  const prizes = input.prizes === undefined ? undefined : resolvePrizes(input.prizes);
  const name = input.name ?? 'Tournament';
  if (typeof name !== 'string' || name.length < 1 || name.length > 120)
    throw new OptionsError('name', 'name is 1..120 characters');
  if (input.clock !== undefined) int(input.clock.turnSeconds, 'clock.turnSeconds', 1, 3600);
  if (input.timeZone !== undefined && (typeof input.timeZone !== 'string' || input.timeZone.length > 64))
    throw new OptionsError('timeZone', 'timeZone is an IANA zone name');
  const preset = input.preset ?? (variant.presets['tournament'] !== undefined ? 'tournament' : variant.defaultPreset);
  if (!(preset in variant.presets)) throw new OptionsError('preset', `unknown preset ${preset} for ${variant.id}`);
  // The tables must open with these options: resolve them once here so a bad option fails at creation.
  for (const seats of remainder === 'larger-tables' ? [tableSize, tableSize + 1] : [tableSize]) {
    try {
      variant.resolveOptions(preset, input.options ?? {}, seats);
    } catch (e) {
      if (e instanceof OptionsError) throw new OptionsError(`options${e.path ? '.' + e.path : ''}`, e.message);
      throw e;
    }
  }
  if (remainder === 'larger-tables') {
    const probe = { variant: variant.id, preset, options: input.options, tableSize, dealsPerRound };
    const larger =
      (dealsPerRound * handsPerDeal(probe, tableSize) * (tableSize + 1)) /
      (tableSize * handsPerDeal(probe, tableSize + 1));
    if (!Number.isInteger(larger))
      throw new OptionsError(
        'dealsPerRound',
        `tables of ${tableSize + 1} cannot play ${dealsPerRound} hands each in whole deals; choose another dealsPerRound`,
      );
  }
  return {
    name,
    variant: variant.id,
    preset,
    ...(input.options !== undefined ? { options: input.options } : {}),
    tableSize,
    rounds,
    dealsPerRound,
    startsAt: input.startsAt,
    ...(input.timeZone !== undefined ? { timeZone: input.timeZone } : {}),
    pauseMinutes,
    minutesPerDeal,
    scoring,
    tieBreaks,
    ...(input.clock !== undefined ? { clock: input.clock } : {}),
    noShows,
    remainder,
    duplicate,
    unplayed,
    botCredit,
    ...(prizes !== undefined ? { prizes } : {}),
  };
}

/** What an organiser sends for prizes; lists default to empty, amounts to 0. */
export type PrizeInput = Partial<PrizeConfig>;

function resolvePrizes(input: PrizeInput): PrizeConfig {
  const cents = (v: unknown, path: string): number => {
    if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0 || v > 100_000_000)
      throw new OptionsError(path, `${path} is a whole number of cents 0..100000000`);
    return v;
  };
  const list = (v: unknown, path: string, shares: boolean): Prize[] => {
    if (v === undefined) return [];
    if (!Array.isArray(v) || v.length > 200) throw new OptionsError(path, `${path} is a list of at most 200 prizes`);
    return v.map((p: unknown, i): Prize => {
      const at = `${path}.${i}`;
      const o = (p ?? {}) as Record<string, unknown>;
      const place = o['place'];
      if (typeof place !== 'number' || !Number.isInteger(place) || place < 1 || place > 10_000)
        throw new OptionsError(`${at}.place`, 'place is a whole number from 1');
      const kinds = ['cents', 'share', 'goods'].filter((k) => o[k] !== undefined);
      if (kinds.length !== 1) throw new OptionsError(at, 'a prize is one of cents, share or goods');
      if (o['cents'] !== undefined) return { place, cents: cents(o['cents'], `${at}.cents`) };
      if (o['share'] !== undefined) {
        if (!shares) throw new OptionsError(`${at}.share`, 'round and table prizes are fixed amounts or goods');
        const share = o['share'];
        if (typeof share !== 'number' || !Number.isInteger(share) || share < 1 || share > 1_000_000)
          throw new OptionsError(`${at}.share`, 'share is a whole-number weight 1..1000000');
        return { place, share };
      }
      const goods = o['goods'];
      if (typeof goods !== 'string' || goods.length < 1 || goods.length > 80)
        throw new OptionsError(`${at}.goods`, 'goods is a name of 1..80 characters');
      return { place, goods };
    });
  };
  return {
    entryFeeCents: cents(input.entryFeeCents ?? 0, 'prizes.entryFeeCents'),
    retainCents: cents(input.retainCents ?? 0, 'prizes.retainCents'),
    places: list(input.places, 'prizes.places', true),
    rounds: list(input.rounds, 'prizes.rounds', false),
    tables: list(input.tables, 'prizes.tables', false),
  };
}

function resolveScoring(scoring: ScoringScheme | SchemeName): ScoringScheme {
  const s = typeof scoring === 'string' ? { scheme: scoring } : scoring;
  switch (s.scheme) {
    case 'plus-minus':
    case 'five-ten-fifteen':
    case 'seeger-fabian':
      return { scheme: s.scheme };
    case 'money': {
      const cents = 'centsPerPoint' in s ? s.centsPerPoint : 10;
      if (typeof cents !== 'number' || !Number.isInteger(cents) || cents < 1 || cents > 10_000)
        throw new OptionsError('scoring.centsPerPoint', 'centsPerPoint is a whole number 1..10000');
      return { scheme: 'money', centsPerPoint: cents };
    }
    default:
      throw new OptionsError('scoring', `scoring is one of ${SCHEMES.join(', ')}`);
  }
}

/**
 * Deals a table plays in a round, so that every player plays `dealsPerRound` hands, whatever the table's size: a table
 * one larger where the dealer sits out (Schafkopf at 5, Sheepshead `sixHanded: "dealer-sits-out"`) plays more deals
 * (Kohler Falls: 20 hands, 24 at 6-player tables, REFERENCE §2.9 [KF]); a larger table where everyone plays
 * (Sheepshead's six-handed game) plays the same number (not 6/5 as many: that would be 24 hands against 20).
 */
export function dealsAtTable(config: TournamentConfig, seats: number): number {
  if (seats === config.tableSize) return config.dealsPerRound;
  const hands = handsPerDeal(config, seats);
  const regular = handsPerDeal(config, config.tableSize);
  // deals × hands / seats = dealsPerRound × regular / tableSize (hands each player plays).
  return Math.round((config.dealsPerRound * regular * seats) / (config.tableSize * hands));
}

/** How many seats of a table of `seats` play one deal (the variant's participants). */
export function handsPerDeal(config: Pick<TournamentConfig, 'variant' | 'preset' | 'options'>, seats: number): number {
  const variant = getVariant(config.variant);
  if (variant === undefined) return seats;
  return variant.participants(variant.resolveOptions(config.preset, config.options ?? {}, seats), seats, 0).length;
}

/**
 * Whether a finished deal counts as one of the round's games: a deal thrown in and dealt again under the table's
 * rules (Schafkopf `redeal.counts: false`, the `tournament` preset with `allPass: "redeal"`) does not. Read from the
 * record (`details.uncounted`, written by the table's own rules), so a stream replays as it was played.
 */
export function countsAsGame(result: { readonly details?: Readonly<Record<string, unknown>> }): boolean {
  return result.details?.['uncounted'] !== true;
}

/** Whether a thrown-in deal is a game at a table of `seats` under the tournament's rules (a live sheet's line). */
export function thrownInCounts(config: TournamentConfig, seats: number): boolean {
  const variant = getVariant(config.variant);
  if (variant === undefined) return true;
  const counts = variant.session(variant.resolveOptions(config.preset, config.options ?? {}, seats)).counts;
  return counts === undefined || counts({ contract: null, thrownIn: 'all-passed' });
}
