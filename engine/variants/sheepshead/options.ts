import { OptionsError, type Preset } from '../../variant.js';
import { type DeepPartial, bool, intIn, mergePreset, oneOf, presetOf } from '../options.js';

/** Sheepshead words a range as `from 1 to 9`. */
const int = (path: string, v: unknown, min: number, max: number): void =>
  intIn(path, v, min, max, `from ${min} to ${max}`);

/**
 * Rule options of American Sheepshead (seed 002, docs/rules/sheepshead.md "Readings taken").
 * Several defaults depend on the number of players; the input value `auto` resolves to the docs/rules/sheepshead.md default for
 * the table's player count, and the resolved (recorded) options always hold the concrete value.
 */

/**
 * How the picker finds a partner:
 * - `called-ace`: the picker buries, then calls a fail ace (or a ten / the "unknown" card) — 5-handed default;
 * - `jack-of-diamonds`: the holder of J♦ (`SU`) is the partner;
 * - `alone`: the picker always plays alone (3- and 4-handed default);
 * - `auto` (input only): 3, 4 → `alone`; 5 → `called-ace`; 6, 7 → `jack-of-diamonds`;
 * - `auto-jack-of-diamonds` (input only): 3 → `alone` (three-handed has no partner); 4–7 → `jack-of-diamonds`.
 * 2 players (no blind, no picking) and 8 players (black queens, no blind) ignore it.
 */
export type PartnerMethod = 'called-ace' | 'jack-of-diamonds' | 'alone';

/**
 * A second partner besides the one above: `right` = the player to the picker's right (6-handed default), `die` = a
 * die roll counted clockwise from the picker, who also takes the rest of the blind and buries two (7-handed default).
 */
export type SecondPartner = 'none' | 'right' | 'die';

/**
 * What happens when nobody picks: a leaster (default), a doubler or a forced pick (the dealer must pick).
 * Doubler: the hand is thrown in and the same dealer deals again at double stakes. The deal settles with the table's
 * multiplier (DealContext.bock); at a table exactly the next hand is doubled (one queued deal), and consecutive
 * doublers double the next two hands instead of quadrupling one (seed 002 "Doublers").
 */
export type NoPick = 'leaster' | 'doubler' | 'forced-pick';

/**
 * A table of six: `all-play` (seed 002's six-handed game: 5 cards each, 2 in the blind) or `dealer-sits-out` (the
 * dealer sits out each hand and five play the five-handed game, as at the Kohler Falls tournament, REFERENCE §2.9
 * [KF]: 24 hands at a 6-player table, 20 at a 5-player one, so everyone plays 20). Other counts ignore it.
 */
export type SixHanded = 'all-play' | 'dealer-sits-out';

export interface SheepsheadOptions {
  readonly partner: PartnerMethod;
  readonly secondPartner: SecondPartner;
  readonly calledAce: {
    /** Holding all three fail aces, the picker may call a ten (default true). */
    readonly ten: boolean;
    /** Holding the ace of every fail suit he has, the picker may call the "unknown" (an under card, default true). */
    readonly unknown: boolean;
  };
  readonly jackOfDiamonds: {
    /**
     * When the picker holding J♦ may "call up" the next higher jack he lacks (J♥, then J♠, J♣): `off` (default; he
     * plays alone), `from-blind` (only when J♦ came from the blind), `always`.
     */
    readonly callUp: 'off' | 'from-blind' | 'always';
  };
  /** Buried card points count for the picker `always` (default, seed 002) or only `if-trick` his side took a trick. */
  readonly buryCredit: 'always' | 'if-trick';
  /** Schneider: the picker side needs `picker` (31) card points, the defenders `defenders` (30) to avoid it. */
  readonly schneider: { readonly picker: number; readonly defenders: number };
  /** The defenders' wins are doubled ("twice as many points", seed 002; default true). */
  readonly doubleOnBump: boolean;
  /**
   * How the picker side shares what the defenders pay: `two-to-one` (picker 2 : each partner 1, the 5-handed
   * default) or `equal` (default for every other count). `auto` (input only) resolves per player count.
   */
  readonly split: 'two-to-one' | 'equal';
  /** When the picker side takes no trick, the picker pays the whole loss and his partners nothing (SR-S; default false). */
  readonly noTrickPickerPays: boolean;
  readonly noPick: NoPick;
  readonly sixHanded: SixHanded;
  readonly leaster: {
    /** A player must take at least one trick to win the leaster (default true). */
    readonly mustTakeTrick: boolean;
    /** What the winner receives from each other player (default 1). */
    readonly stake: number;
    /**
     * The blind is `ignored` (default), goes to the winner of the `last-trick`, or to the winner of a trick the dealer
     * names before play begins (`dealer-trick`, seed 002; the dealer acts with `choose` `trick-N`, and the winner of
     * that trick may look at the blind).
     */
    readonly blind: 'ignored' | 'last-trick' | 'dealer-trick';
  };
  readonly forcedPick: {
    /** The forced dealer does not pay double when he loses (default false). */
    readonly noDoubleOnLoss: boolean;
    /** With jack-of-diamonds partners, the forced dealer may call up when he holds J♦ (default true). */
    readonly callUp: boolean;
  };
  readonly crack: {
    /** Crack (×2) after the pick, before the first card (default false). */
    readonly enabled: boolean;
    /** Who may crack: `denied` (a defender who had no chance to pick, default) or any `defenders`. */
    readonly who: 'denied' | 'defenders';
    /** The picker or a partner may re-crack a crack (×2 more, default true when cracking is on). */
    readonly recrack: boolean;
  };
  /** Blitz: showing both black or both red queens on one's turn to pick doubles the stakes (default false). */
  readonly blitz: boolean;
  /** Value of one game point in the table's unit (default 1). */
  readonly unit: number;
}

type AutoOf<T> = { [K in keyof T]: T[K] extends object ? AutoOf<T[K]> : T[K] | 'auto' };
/** Input options: `auto` values, and `auto-jack-of-diamonds` for the partner. */
type Auto<T> = Omit<AutoOf<T>, 'partner'> & { partner: PartnerMethod | 'auto' | 'auto-jack-of-diamonds' };

/** Input defaults: `auto` values resolve per player count in {@link resolveSheepsheadOptions}. */
export const DEFAULTS: Auto<SheepsheadOptions> = {
  partner: 'auto',
  secondPartner: 'auto',
  calledAce: { ten: true, unknown: true },
  jackOfDiamonds: { callUp: 'off' },
  buryCredit: 'always',
  schneider: { picker: 31, defenders: 30 },
  doubleOnBump: true,
  split: 'auto',
  noTrickPickerPays: false,
  noPick: 'leaster',
  sixHanded: 'all-play',
  leaster: { mustTakeTrick: true, stake: 1, blind: 'ignored' },
  forcedPick: { noDoubleOnLoss: false, callUp: true },
  crack: { enabled: false, who: 'denied', recrack: true },
  blitz: false,
  unit: 1,
};

export const PRESETS: Record<string, Preset<DeepPartial<Auto<SheepsheadOptions>>>> = {
  standard: {
    description:
      'Seed 002 / docs/rules/sheepshead.md: 3 and 4 players pick alone, 5 call an ace (ten, unknown), 6 jack of diamonds + the player to the picker’s right, 7 jack of diamonds + a die-roll partner; losers pay 1 / 2 (schneider: picker under 31, defenders under 30) / 3 (no trick), defenders’ wins doubled, 5-handed split 2:1; nobody picks: leaster (must take a trick, 1 from each).',
    options: {},
  },
  'jack-of-diamonds': {
    description:
      'Jack of diamonds partner at 4–7 players (Kohler Falls style; five-handed too, never a called ace); a picker finding J♦ in the blind may call up the next jack.',
    options: { partner: 'auto-jack-of-diamonds', jackOfDiamonds: { callUp: 'from-blind' } },
  },
  'kohler-falls': {
    description:
      'Kohler Falls Oktoberfest tournament (REFERENCE §2.9 [KF]): five-handed with the jack of diamonds as partner (no called ace); at a table of six the dealer sits out each hand, so a 6-player table plays 24 hands to a 5-player table’s 20 and everyone plays 20.',
    options: { partner: 'auto-jack-of-diamonds', sixHanded: 'dealer-sits-out' },
  },
  'straight-scoring': {
    description:
      'The WP-SH score table without doubling on the bump: a loss costs the same as a win (1 / 2 / 3 per defender).',
    options: { doubleOnBump: false },
  },
  'crack-and-blitz': {
    description: 'Standard rules with crack, re-crack and blitz (each ×2).',
    options: { crack: { enabled: true, who: 'denied', recrack: true }, blitz: true },
  },
};

/** Players in one deal at a table of `seats`: five at six seats when the dealer sits out. */
export function playersInDeal(seats: number, sixHanded: unknown): number {
  return seats === 6 && sixHanded === 'dealer-sits-out' ? 5 : seats;
}

/** The docs/rules/sheepshead.md partner method per player count. */
export function defaultPartner(players: number): PartnerMethod {
  if (players === 5) return 'called-ace';
  if (players === 6 || players === 7) return 'jack-of-diamonds';
  return 'alone';
}

/**
 * Resolve preset + overrides for a table of `players` (default 5) and validate every value; throws
 * {@link OptionsError} naming the option.
 */
export function resolveSheepsheadOptions(
  preset: string | undefined,
  overrides: unknown,
  players = 5,
): SheepsheadOptions {
  const name = preset ?? 'standard';
  const p = presetOf(PRESETS, name);
  if (!Number.isInteger(players) || players < 2 || players > 8)
    throw new OptionsError('players', 'Sheepshead is played by 2 to 8 players');
  const merged = mergePreset(DEFAULTS, p, overrides) as Auto<SheepsheadOptions>;
  oneOf('partner', merged.partner, ['auto', 'auto-jack-of-diamonds', 'called-ace', 'jack-of-diamonds', 'alone']);
  oneOf('sixHanded', merged.sixHanded, ['all-play', 'dealer-sits-out']);
  // Six seats with the dealer sitting out play the five-handed game: `auto` values resolve as for five.
  const playing = playersInDeal(players, merged.sixHanded);
  oneOf('secondPartner', merged.secondPartner, ['auto', 'none', 'right', 'die']);
  oneOf('split', merged.split, ['auto', 'two-to-one', 'equal']);
  const partner =
    merged.partner === 'auto'
      ? defaultPartner(playing)
      : merged.partner === 'auto-jack-of-diamonds'
        ? playing === 3
          ? 'alone'
          : 'jack-of-diamonds'
        : merged.partner;
  const secondPartner =
    merged.secondPartner === 'auto' ? (playing === 6 ? 'right' : playing === 7 ? 'die' : 'none') : merged.secondPartner;
  const split = merged.split === 'auto' ? (playing === 5 ? 'two-to-one' : 'equal') : merged.split;
  const o = { ...merged, partner, secondPartner, split } as SheepsheadOptions;
  validate(o, playing);
  return o;
}

function validate(o: SheepsheadOptions, players: number): void {
  bool('calledAce.ten', o.calledAce.ten);
  bool('calledAce.unknown', o.calledAce.unknown);
  oneOf('jackOfDiamonds.callUp', o.jackOfDiamonds.callUp, ['off', 'from-blind', 'always']);
  oneOf('buryCredit', o.buryCredit, ['always', 'if-trick']);
  int('schneider.picker', o.schneider.picker, 0, 60);
  int('schneider.defenders', o.schneider.defenders, 0, 60);
  bool('doubleOnBump', o.doubleOnBump);
  bool('noTrickPickerPays', o.noTrickPickerPays);
  oneOf('noPick', o.noPick, ['leaster', 'doubler', 'forced-pick']);
  bool('leaster.mustTakeTrick', o.leaster.mustTakeTrick);
  int('leaster.stake', o.leaster.stake, 0, 1_000_000);
  oneOf('leaster.blind', o.leaster.blind, ['ignored', 'last-trick', 'dealer-trick']);
  bool('forcedPick.noDoubleOnLoss', o.forcedPick.noDoubleOnLoss);
  bool('forcedPick.callUp', o.forcedPick.callUp);
  bool('crack.enabled', o.crack.enabled);
  oneOf('crack.who', o.crack.who, ['denied', 'defenders']);
  bool('crack.recrack', o.crack.recrack);
  bool('blitz', o.blitz);
  int('unit', o.unit, 1, 1_000_000);
  // Contradictions with the player count.
  if (players === 3 && o.partner !== 'alone')
    throw new OptionsError('partner', 'three-handed Sheepshead: the picker plays alone against the other two');
  if (o.secondPartner === 'die' && players !== 7)
    throw new OptionsError('secondPartner', 'the die-roll partner exists only in seven-handed Sheepshead');
  if (o.secondPartner === 'right' && players < 5)
    throw new OptionsError('secondPartner', 'a second partner to the picker’s right needs at least 5 players');
  if (o.secondPartner !== 'none' && o.partner === 'called-ace')
    throw new OptionsError('secondPartner', 'a second partner goes with jack-of-diamonds or alone partners');
}

/** JSON Schema of the options (served by the API); `auto` resolves per player count. */
export const OPTIONS_SCHEMA: Record<string, unknown> = {
  type: 'object',
  additionalProperties: false,
  properties: {
    partner: {
      enum: ['auto', 'auto-jack-of-diamonds', 'called-ace', 'jack-of-diamonds', 'alone'],
      default: 'auto',
    },
    secondPartner: { enum: ['auto', 'none', 'right', 'die'], default: 'auto' },
    calledAce: {
      type: 'object',
      additionalProperties: false,
      properties: { ten: { type: 'boolean', default: true }, unknown: { type: 'boolean', default: true } },
    },
    jackOfDiamonds: {
      type: 'object',
      additionalProperties: false,
      properties: { callUp: { enum: ['off', 'from-blind', 'always'], default: 'off' } },
    },
    buryCredit: { enum: ['always', 'if-trick'], default: 'always' },
    schneider: {
      type: 'object',
      additionalProperties: false,
      properties: {
        picker: { type: 'integer', minimum: 0, maximum: 60, default: 31 },
        defenders: { type: 'integer', minimum: 0, maximum: 60, default: 30 },
      },
    },
    doubleOnBump: { type: 'boolean', default: true },
    split: { enum: ['auto', 'two-to-one', 'equal'], default: 'auto' },
    noTrickPickerPays: { type: 'boolean', default: false },
    noPick: { enum: ['leaster', 'doubler', 'forced-pick'], default: 'leaster' },
    sixHanded: { enum: ['all-play', 'dealer-sits-out'], default: 'all-play' },
    leaster: {
      type: 'object',
      additionalProperties: false,
      properties: {
        mustTakeTrick: { type: 'boolean', default: true },
        stake: { type: 'integer', minimum: 0, default: 1 },
        blind: { enum: ['ignored', 'last-trick', 'dealer-trick'], default: 'ignored' },
      },
    },
    forcedPick: {
      type: 'object',
      additionalProperties: false,
      properties: { noDoubleOnLoss: { type: 'boolean', default: false }, callUp: { type: 'boolean', default: true } },
    },
    crack: {
      type: 'object',
      additionalProperties: false,
      properties: {
        enabled: { type: 'boolean', default: false },
        who: { enum: ['denied', 'defenders'], default: 'denied' },
        recrack: { type: 'boolean', default: true },
      },
    },
    blitz: { type: 'boolean', default: false },
    unit: { type: 'integer', minimum: 1, default: 1 },
  },
};
