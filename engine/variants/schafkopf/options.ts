import type { KontraWindow } from '../family/kontra.js';
import { OptionsError, type Preset } from '../../variant.js';
import { type DeepPartial, bool, mergePreset, nonNegInt, oneOf, presetOf } from '../options.js';

/** Contract kinds of Bavarian Schafkopf (docs/RECORD.md `game`). */
export const GAMES = [
  'sauspiel',
  'solo',
  'wenz',
  'geier',
  'farbwenz',
  'farbgeier',
  'bettel',
  'bettel-brett',
  'sie',
  'hochzeit',
  'ramsch',
  'kreuz',
] as const;
export type Game = (typeof GAMES)[number];

/** Solo types that can be played as Tout. */
export const TOUT_GAMES = ['solo', 'wenz', 'geier', 'farbwenz', 'farbgeier'] as const;
export type ToutGame = (typeof TOUT_GAMES)[number];

/** Ranks in the auction: a game key, Touts as `<game>-tout`. */
export const PRECEDENCE_KEYS = [
  'sie',
  'solo-tout',
  'wenz-tout',
  'geier-tout',
  'farbwenz-tout',
  'farbgeier-tout',
  'bettel-brett',
  'solo',
  'wenz',
  'geier',
  'farbwenz',
  'farbgeier',
  'bettel',
  'hochzeit',
  'sauspiel',
] as const;
export type PrecedenceKey = (typeof PRECEDENCE_KEYS)[number];

/**
 * When Kontra and Re may be given: `declarers-first-card` (seed 003: Kontra until the declarers' first card, Re
 * directly after), `before-first-card`, `before-second-card` (of trick 1), `holding-all` (internet-schafkopf.de:
 * Kontra while the giver still holds all his cards, Re while the giver has played at most one card), `off`.
 */
/** When Kontra and Re may be given (engine/variants/family/kontra.ts). */
export type { KontraWindow };
export type JungfrauMode = 'off' | 'double-all' | 'double-individually-once' | 'double-individually-multiple';
export type TieBreak = 'seed-003' | 'highest-trump';
/**
 * When all pass: `redeal` (thrown in), `ramsch`, `muss` (the Eichel-Ober holder plays a Muss-Spiel), `stock` (everyone
 * pays into the pot), or `kreuz` — über Kreuz: forehand and the player opposite play together against the other two,
 * in the Sauspiel's trumps and at its price; 60:60 is replayed (REFERENCE §1.14: T-DR, T-DZ, T-PH, T-NF).
 */
export type AllPass = 'redeal' | 'ramsch' | 'muss' | 'stock' | 'kreuz';
export type BockTrigger = 're' | 'sixty';

export interface SchafkopfOptions {
  /** `long` (32 cards) or `short` (24, no 7/8). */
  readonly deck: 'long' | 'short';
  readonly tariff: {
    readonly sauspiel: number;
    readonly solo: number;
    readonly wenz?: number;
    readonly geier?: number;
    readonly farbwenz?: number;
    readonly farbgeier?: number;
    readonly bettel: number;
    readonly hochzeit?: number;
    readonly ramsch: number;
    /** What the Durchmarsch player receives from each (default: the Ramsch price). */
    readonly durchmarsch?: number;
    /** Paid into the Stock by each player when all pass (default: the Sauspiel price). */
    readonly stock?: number;
    readonly schneider: number;
    readonly schwarz: number;
    readonly laufende: number;
  };
  /** Fewest Laufende that pay, per contract. */
  readonly laufendeMin: Readonly<Record<'sauspiel' | 'hochzeit' | ToutGame, number>>;
  /** Most Laufende that pay, per contract (absent = no cap). */
  readonly laufendeCap: Readonly<Partial<Record<'sauspiel' | 'hochzeit' | ToutGame, number>>>;
  /** Which contracts may be bid besides Sauspiel, Farbsolo and Wenz. */
  readonly contracts: {
    readonly geier: boolean;
    readonly farbwenz: boolean;
    readonly farbgeier: boolean;
    readonly bettel: boolean;
    readonly bettelBrett: boolean;
    readonly tout: boolean;
    readonly sie: boolean;
    readonly hochzeit: boolean;
  };
  /** Auction ranks, highest first. Equal rank: the earlier seat from forehand wins. */
  readonly precedence: readonly PrecedenceKey[];
  /** What happens when everybody passes. */
  readonly allPass: AllPass;
  readonly ramsch: {
    readonly jungfrau: JungfrauMode;
    readonly tieBreak: TieBreak;
    /** `off`, `all-tricks`, or the card points that count as Durchmarsch. */
    readonly durchmarsch: 'off' | 'all-tricks' | number;
  };
  readonly bettel: {
    /** Must win a trick when able. */
    readonly stichzwang: boolean;
    /** `no-trumps` (A K O U Z 9 8 7 per suit) or `herz-trumps` (trumps as in a Herz-Solo). */
    readonly order: 'no-trumps' | 'herz-trumps';
  };
  readonly knock: {
    readonly enabled: boolean;
    /** `double`: each knock doubles; `add-point`: each knock adds one unit before the doublings (seed 003). */
    readonly mode: 'double' | 'add-point';
    /**
     * When a seat may knock. `first-four` (seed 003, Sauspiel): after the first packet (four cards; three with the short
     * deck) every seat decides at once — `knock` or `choose` `no-knock` — then the second packet is dealt and the
     * auction starts. `before-first-call`: a seat may knock until its own first auction call, seeing its whole hand.
     */
    readonly timing: 'first-four' | 'before-first-call';
  };
  readonly kontra: { readonly window: KontraWindow };
  /** A party is Schneider below these card points (declarers need 31, defenders 30 by default). */
  readonly schneiderBelow: { readonly declarers: number; readonly defenders: number };
  readonly calledAce: {
    /** When the called Sau may be discarded before its suit was led: only in the last trick, from the 7th, always. */
    readonly discard: 'last-trick' | 'from-7th' | 'always';
    /** Davonlaufen: cards of the called suit (Sau included) needed in hand now. */
    readonly davonlaufenMin: number;
  };
  readonly mussSpiel: {
    /** A Muss-Spiel is won with 60 (default false: 61 as always). */
    readonly sixtyWins: boolean;
  };
  /**
   * A deal thrown in because all passed (`allPass: 'redeal'`): who deals again — `next` (the usual rotation, "neuer
   * Geber und neue Karten", WIE A.5.1, IMP24) or the `same` dealer — and whether it `counts` as one of a table's deals
   * (a table with a deal limit, a tournament round). Not counted, the table deals once more, so every seat still
   * plays and deals its share of games (docs/tournaments.md "Bavarian and Wisconsin practice").
   */
  readonly redeal: { readonly dealer: 'next' | 'same'; readonly counts: boolean };
  /** After a solo the same dealer deals again (seed 003). */
  readonly sameDealerAfterSolo: boolean;
  readonly bock: {
    readonly triggers: readonly BockTrigger[];
    /** A solo under Bock extends the Bock by one `deal` (default) or one whole `round`. */
    readonly soloExtension: 'none' | 'deal' | 'round';
  };
}

const DEFAULT_PRECEDENCE: readonly PrecedenceKey[] = PRECEDENCE_KEYS;

export const DEFAULTS: SchafkopfOptions = {
  deck: 'long',
  tariff: { sauspiel: 20, solo: 50, bettel: 30, ramsch: 20, schneider: 10, schwarz: 10, laufende: 10 },
  laufendeMin: { sauspiel: 3, hochzeit: 3, solo: 3, wenz: 2, geier: 2, farbwenz: 3, farbgeier: 3 },
  laufendeCap: {},
  contracts: {
    geier: true,
    farbwenz: true,
    farbgeier: true,
    bettel: true,
    bettelBrett: true,
    tout: true,
    sie: true,
    hochzeit: true,
  },
  precedence: DEFAULT_PRECEDENCE,
  allPass: 'redeal',
  ramsch: { jungfrau: 'off', tieBreak: 'seed-003', durchmarsch: 'all-tricks' },
  bettel: { stichzwang: false, order: 'no-trumps' },
  knock: { enabled: true, mode: 'double', timing: 'before-first-call' },
  kontra: { window: 'declarers-first-card' },
  schneiderBelow: { declarers: 31, defenders: 30 },
  calledAce: { discard: 'last-trick', davonlaufenMin: 4 },
  mussSpiel: { sixtyWins: false },
  redeal: { dealer: 'next', counts: true },
  sameDealerAfterSolo: false,
  bock: { triggers: [], soloExtension: 'deal' },
};

export const PRESETS: Record<string, Preset<DeepPartial<SchafkopfOptions>>> = {
  sauspiel: {
    description:
      'The common online tariff: Sauspiel 20, solo types 50, Schneider +10, Schwarz +10 more, Laufende 10 each (from 3, Wenz/Geier from 2); Klopfen, Kontra, Re ×2 each; Tout (base + Laufende) ×2; Sie (base + 8 Laufende) ×4; all pass: redeal. Klopfen after the first four cards.',
    options: { knock: { timing: 'first-four' } },
  },
  bsv: {
    description:
      'Bayerischer Schafkopf-Verein recommendation "10/50": Sauspiel 10 (Schneider/Schwarz +10 each), solo types 50, Laufende 10, Bettel 30, Ramsch 20 (a Jungfrau receives 40, Durchmarsch receives 70 from each); all pass: Ramsch.',
    options: {
      tariff: {
        sauspiel: 10,
        solo: 50,
        bettel: 30,
        ramsch: 20,
        durchmarsch: 70,
        schneider: 10,
        schwarz: 10,
        laufende: 10,
      },
      allPass: 'ramsch',
      ramsch: { jungfrau: 'double-individually-once', tieBreak: 'seed-003', durchmarsch: 'all-tricks' },
    },
  },
  tournament: {
    description:
      'Tournament plus-minus (docs/rules/schafkopf.md "Presets"): Sauspiel 1/2/3 per player, Farbsolo and Wenz 5/6/7 per opponent, Tout doubled without Schneider/Schwarz, Sie ×4, no Laufende, Klopfen ×2, Kontra/Re not allowed; only Sauspiel, Farbsolo, Wenz (with Tout and Sie); all pass: a Muss-Spiel (the Eichel-Ober holder plays, won with 60; T-SELF) — or, with allPass redeal, the same dealer deals again and the thrown-in deal is no game of the round.',
    options: {
      tariff: { sauspiel: 1, solo: 5, bettel: 5, ramsch: 1, schneider: 1, schwarz: 1, laufende: 0 },
      contracts: {
        geier: false,
        farbwenz: false,
        farbgeier: false,
        bettel: false,
        bettelBrett: false,
        tout: true,
        sie: true,
        hochzeit: false,
      },
      kontra: { window: 'off' },
      // Tournament sheets never count a thrown-in deal as a game: they play über Kreuz (T-DR, T-OW, T-PH, T-NF:
      // `allPass: 'kreuz'`) or a Muss-Spiel won with 60 (T-SELF, T-WP). With `allPass: 'redeal'` the same dealer deals
      // again and the deal is not one of the round's games (docs/tournaments.md "Bavarian and Wisconsin practice").
      allPass: 'muss',
      mussSpiel: { sixtyWins: true },
      redeal: { dealer: 'same', counts: false },
    },
  },
  'seed-003': {
    description:
      'Exactly the house rules of seed 003: per player 1 (+1 Schneider, +1 Schwarz), single games 2 (+S, +Sw) ×3 for the soloist, no Laufende, Legen/Klopfen after the first four cards, +1 each before doublings, Tout and Bettel Brett ×2, Sie ×4, Kontra/Re ×2 each, Bock ×2 (Re or 60:60; both: Doppelbock), Ramsch when all pass (loser −6, others +2, Jungfrau +2 more, Durchmarsch +21/−7), the same dealer deals again after a solo.',
    options: {
      tariff: {
        sauspiel: 1,
        solo: 2,
        bettel: 2,
        hochzeit: 1,
        ramsch: 2,
        durchmarsch: 7,
        schneider: 1,
        schwarz: 1,
        laufende: 0,
      },
      allPass: 'ramsch',
      ramsch: { jungfrau: 'double-individually-once', tieBreak: 'seed-003', durchmarsch: 'all-tricks' },
      knock: { enabled: true, mode: 'add-point', timing: 'first-four' },
      kontra: { window: 'declarers-first-card' },
      schneiderBelow: { declarers: 30, defenders: 31 },
      sameDealerAfterSolo: true,
      bock: { triggers: ['re', 'sixty'], soloExtension: 'deal' },
      contracts: {
        geier: true,
        farbwenz: true,
        farbgeier: true,
        bettel: true,
        bettelBrett: true,
        tout: true,
        sie: true,
        hochzeit: false,
      },
    },
  },
};

// Option keys that may be absent in the defaults but are allowed.
const OPTIONAL_KEYS = [
  'tariff.wenz',
  'tariff.geier',
  'tariff.farbwenz',
  'tariff.farbgeier',
  'tariff.hochzeit',
  'tariff.durchmarsch',
  'tariff.stock',
  ...['sauspiel', 'hochzeit', ...TOUT_GAMES].map((g) => `laufendeCap.${g}`),
];

/** Resolve preset + overrides and validate every value; throws {@link OptionsError} naming the option. */
export function resolveSchafkopfOptions(preset: string | undefined, overrides: unknown): SchafkopfOptions {
  const name = preset ?? 'sauspiel';
  const resolved = mergePreset(DEFAULTS, presetOf(PRESETS, name), overrides, {
    open: OPTIONAL_KEYS,
  }) as SchafkopfOptions;
  validate(resolved);
  return resolved;
}

function validate(o: SchafkopfOptions): void {
  oneOf('deck', o.deck, ['long', 'short']);
  for (const [k, v] of Object.entries(o.tariff)) if (v !== undefined) nonNegInt(`tariff.${k}`, v);
  for (const [k, v] of Object.entries(o.laufendeMin)) {
    nonNegInt(`laufendeMin.${k}`, v);
    if ((v as number) < 1) throw new OptionsError(`laufendeMin.${k}`, `laufendeMin.${k} must be at least 1`);
  }
  for (const [k, v] of Object.entries(o.laufendeCap)) if (v !== undefined) nonNegInt(`laufendeCap.${k}`, v);
  for (const [k, v] of Object.entries(o.contracts)) bool(`contracts.${k}`, v);
  if (!Array.isArray(o.precedence)) throw new OptionsError('precedence', 'precedence must be a list of contract keys');
  for (const k of o.precedence) oneOf('precedence', k, PRECEDENCE_KEYS);
  if (new Set(o.precedence).size !== PRECEDENCE_KEYS.length)
    throw new OptionsError('precedence', `precedence must list each of ${PRECEDENCE_KEYS.join(', ')} exactly once`);
  oneOf('allPass', o.allPass, ['redeal', 'ramsch', 'muss', 'stock', 'kreuz']);
  oneOf('ramsch.jungfrau', o.ramsch.jungfrau, [
    'off',
    'double-all',
    'double-individually-once',
    'double-individually-multiple',
  ]);
  oneOf('ramsch.tieBreak', o.ramsch.tieBreak, ['seed-003', 'highest-trump']);
  if (typeof o.ramsch.durchmarsch === 'number') {
    if (!Number.isInteger(o.ramsch.durchmarsch) || o.ramsch.durchmarsch < 61 || o.ramsch.durchmarsch > 120)
      throw new OptionsError('ramsch.durchmarsch', 'ramsch.durchmarsch as points must be 61…120');
  } else oneOf('ramsch.durchmarsch', o.ramsch.durchmarsch, ['off', 'all-tricks']);
  bool('bettel.stichzwang', o.bettel.stichzwang);
  oneOf('bettel.order', o.bettel.order, ['no-trumps', 'herz-trumps']);
  bool('knock.enabled', o.knock.enabled);
  oneOf('knock.mode', o.knock.mode, ['double', 'add-point']);
  oneOf('knock.timing', o.knock.timing, ['first-four', 'before-first-call']);
  oneOf('kontra.window', o.kontra.window, [
    'declarers-first-card',
    'before-first-card',
    'before-second-card',
    'holding-all',
    'off',
  ]);
  nonNegInt('schneiderBelow.declarers', o.schneiderBelow.declarers);
  nonNegInt('schneiderBelow.defenders', o.schneiderBelow.defenders);
  if (o.schneiderBelow.declarers > 60 || o.schneiderBelow.defenders > 60)
    throw new OptionsError('schneiderBelow', 'Schneider thresholds must be at most 60');
  oneOf('calledAce.discard', o.calledAce.discard, ['last-trick', 'from-7th', 'always']);
  nonNegInt('calledAce.davonlaufenMin', o.calledAce.davonlaufenMin);
  if (o.calledAce.davonlaufenMin < 2)
    throw new OptionsError('calledAce.davonlaufenMin', 'calledAce.davonlaufenMin must be at least 2');
  bool('mussSpiel.sixtyWins', o.mussSpiel.sixtyWins);
  oneOf('redeal.dealer', o.redeal.dealer, ['next', 'same']);
  bool('redeal.counts', o.redeal.counts);
  bool('sameDealerAfterSolo', o.sameDealerAfterSolo);
  if (!Array.isArray(o.bock.triggers)) throw new OptionsError('bock.triggers', 'bock.triggers must be a list');
  for (const t of o.bock.triggers) oneOf('bock.triggers', t, ['re', 'sixty']);
  oneOf('bock.soloExtension', o.bock.soloExtension, ['none', 'deal', 'round']);
  if (o.allPass === 'ramsch' && o.tariff.ramsch === 0) throw new OptionsError('tariff.ramsch', 'Ramsch needs a price');
}

/** JSON Schema of the options (served by the API). */
export const OPTIONS_SCHEMA: Record<string, unknown> = {
  type: 'object',
  additionalProperties: false,
  properties: {
    deck: { enum: ['long', 'short'], default: 'long', description: 'long = 32 cards, short = 24 (no 7 and 8)' },
    tariff: {
      type: 'object',
      additionalProperties: false,
      properties: Object.fromEntries(
        [
          'sauspiel',
          'solo',
          'wenz',
          'geier',
          'farbwenz',
          'farbgeier',
          'bettel',
          'hochzeit',
          'ramsch',
          'durchmarsch',
          'stock',
          'schneider',
          'schwarz',
          'laufende',
        ].map((k) => [k, { type: 'integer', minimum: 0 }]),
      ),
    },
    laufendeMin: { type: 'object', additionalProperties: { type: 'integer', minimum: 1 } },
    laufendeCap: { type: 'object', additionalProperties: { type: 'integer', minimum: 0 } },
    contracts: {
      type: 'object',
      additionalProperties: false,
      properties: Object.fromEntries(
        ['geier', 'farbwenz', 'farbgeier', 'bettel', 'bettelBrett', 'tout', 'sie', 'hochzeit'].map((k) => [
          k,
          { type: 'boolean' },
        ]),
      ),
    },
    precedence: { type: 'array', items: { enum: [...PRECEDENCE_KEYS] } },
    allPass: { enum: ['redeal', 'ramsch', 'muss', 'stock', 'kreuz'], default: 'redeal' },
    ramsch: {
      type: 'object',
      properties: {
        jungfrau: { enum: ['off', 'double-all', 'double-individually-once', 'double-individually-multiple'] },
        tieBreak: { enum: ['seed-003', 'highest-trump'] },
        durchmarsch: { oneOf: [{ enum: ['off', 'all-tricks'] }, { type: 'integer', minimum: 61, maximum: 120 }] },
      },
    },
    bettel: {
      type: 'object',
      properties: { stichzwang: { type: 'boolean' }, order: { enum: ['no-trumps', 'herz-trumps'] } },
    },
    knock: {
      type: 'object',
      properties: {
        enabled: { type: 'boolean' },
        mode: { enum: ['double', 'add-point'] },
        timing: { enum: ['first-four', 'before-first-call'] },
      },
    },
    kontra: {
      type: 'object',
      properties: {
        window: { enum: ['declarers-first-card', 'before-first-card', 'before-second-card', 'holding-all', 'off'] },
      },
    },
    schneiderBelow: {
      type: 'object',
      properties: { declarers: { type: 'integer' }, defenders: { type: 'integer' } },
    },
    calledAce: {
      type: 'object',
      properties: {
        discard: { enum: ['last-trick', 'from-7th', 'always'] },
        davonlaufenMin: { type: 'integer', minimum: 2 },
      },
    },
    mussSpiel: { type: 'object', properties: { sixtyWins: { type: 'boolean' } } },
    redeal: {
      type: 'object',
      properties: { dealer: { enum: ['next', 'same'], default: 'next' }, counts: { type: 'boolean', default: true } },
    },
    sameDealerAfterSolo: { type: 'boolean' },
    bock: {
      type: 'object',
      properties: {
        triggers: { type: 'array', items: { enum: ['re', 'sixty'] } },
        soloExtension: { enum: ['none', 'deal', 'round'] },
      },
    },
  },
};
