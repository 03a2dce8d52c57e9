import { OptionsError, type Preset } from '../../variant.js';
import { type DeepPartial, bool, intIn as int, mergePreset, presetOf } from '../options.js';

/**
 * Saukopf (seed 004, saukopf.eu) — rule options. Every reading of the seed that is not literal is an option here
 * or documented below (docs/rules/saukopf.md "Readings taken"):
 *
 * - Grunzen: bids are whole numbers `minBid`…120 or `"schwarz"` (above 120), each strictly above the last; forehand bids
 *   first, a pass is final; the auction ends when one bidder is left or all passed. No bid at 4 players: Wilde Sauerei;
 *   no bid at 3 players (Dreihaxer, Sauereien forbidden): the deal is thrown in, nothing is paid.
 * - The bid is the criterion of the Augen contracts only (Mastschwein: no trick, Schwarte: every trick). `schwarz`
 *   on an Augen contract = every trick.
 * - Suchkarte: a plain card of the called suit other than the Sau. Davonlaufen: leading a Suchkarte while holding the
 *   Sau needs `davonlaufenMin` Suchkarten in hand at that moment (the led one counts) and frees the holder for the deal.
 *   Suchen binds at every Suchkarte lead; the Abferkelverbot binds in every other trick except the last.
 * - Unreine Sauerei: calling a Sau one holds (with a Suchkarte besides); he alone is bound by the Rufsau rules.
 * - Huftritt: only bidders; the first by a Nichtspieler before his first card (from the Spielansage on), later ones by
 *   the other party of the previous kicker, by a seat that has not played since; `huftritt.max` kicks (null = no
 *   limit; the engine refuses more than 38 kicks, so that 40 Bolzenschüsse in all keep money exact);
 *   `huftritt.until: 'own-lead'` reads "keine Karte ausgespielt" as "has not led a trick".
 * - Stallgeruch: the Mitspieler of a clean Sauerei with bid ≥ `stallgeruchFrom` (`schwarz` counts), before his first
 *   card; a flat `tariff.stallgeruch` between Spieler and Mitspieler, outside the bowl, never doubled.
 * - Trog (Dreihaxer): chosen right after the auction (`trog` with the two cards laid away, or `pass` = ohne Trog);
 *   laid-away cards are a trick of the declarer with their Augen (counted in `tricks` and `cardPoints`); ohne Trog
 *   the open cards are nobody's Augen but their trumps count for the declarer's Laufende.
 * - Mastschwein and Schwarte end as soon as both parties have a trick (Schwarz is no longer possible).
 * - Laufende: Skat-style mit/ohne from the winners' side along the whole trump list (reversed am Spieß), from 1,
 *   uncapped; none in Schwarte, not counted in Mastschwein. Ohne n: +n; mit ≥ `glueckschweinFrom`: base
 *   `tariff.glueckschwein` instead of `tariff.spiel`.
 * - Schneider: losers without a trick, or under half the Augen they needed (losing Spieler: the bid; losing
 *   Nichtspieler: T − bid + 1, T = the Augen in play; Wilde Sauerei 61 / 60); against `schwarz` only "no trick".
 * - Saukopf / Hauer: Sauereien only (clean, Unreine, Wilde); ±1 per loser netted into the bowl before doubling.
 * - Bowl: each loser pays c × 2^Bolzenschüsse, the winners share it equally (exact fractions).
 */
export const GAMES = [
  'mastschwein',
  'sauerei',
  'keiler',
  'eber',
  'wutz',
  'ferkelparade',
  'knorpel',
  'schwarte',
  'wilde-sauerei',
] as const;
export type Game = (typeof GAMES)[number];
/** Contracts the auction winner may announce. */
export type AnnouncedGame = Exclude<Game, 'wilde-sauerei'>;

export interface SaukopfOptions {
  /** Points per loser into the Schlachtschüssel (seed table "Prämie"). */
  readonly tariff: {
    /** Spiel: the base premium. */
    readonly spiel: number;
    /** Glücksschwein: the base when the winners have `glueckschweinFrom` or more Laufende (mit). */
    readonly glueckschwein: number;
    /** Per Laufender when won "ohne". */
    readonly ohne: number;
    readonly schneider: number;
    readonly schwarz: number;
    /** Sauereien: the Herz Sau trumped by the other party. */
    readonly saukopf: number;
    /** Sauereien: the last trick made with the Eichel Unter. */
    readonly hauer: number;
    /** Rauborstige Sauerei: between Spieler and Mitspieler only. */
    readonly stallgeruch: number;
  };
  /** Lowest bid (seed: 61). */
  readonly minBid: number;
  /** Mit this many Laufende or more the base drops to `tariff.glueckschwein` (seed: 4). */
  readonly glueckschweinFrom: number;
  /** Suchkarten needed in hand to run away (seed: 3). */
  readonly davonlaufenMin: number;
  /** Lowest bid that makes a Sauerei rauborstig, allowing Stallgeruch (seed: 75). */
  readonly stallgeruchFrom: number;
  /** Whether a Sau one holds may be called (Unreine Sauerei). */
  readonly unreine: boolean;
  /** Whether "am Spieß" may be announced. */
  readonly spiess: boolean;
  readonly huftritt: {
    readonly enabled: boolean;
    /** Most kicks per deal; null = no limit (seed). */
    readonly max: number | null;
    /**
     * "…der noch keine Karte ausgespielt hat": `own-card` (default, docs/rules/saukopf.md): before the kicker has played any
     * card (since the previous kick); `own-lead`: reading "ausspielen" as leading, before he has led a trick.
     */
    readonly until: 'own-card' | 'own-lead';
  };
}

export const DEFAULTS: SaukopfOptions = {
  tariff: { spiel: 5, glueckschwein: 4, ohne: 1, schneider: 1, schwarz: 1, saukopf: 1, hauer: 1, stallgeruch: 3 },
  minBid: 61,
  glueckschweinFrom: 4,
  davonlaufenMin: 3,
  stallgeruchFrom: 75,
  unreine: true,
  spiess: true,
  huftritt: { enabled: true, max: null, until: 'own-card' },
};

export const PRESETS: Record<string, Preset<DeepPartial<SaukopfOptions>>> = {
  saukopf: {
    description:
      'Seed 004 (saukopf.eu) as written: Grunzen from 61 to Schwarz, all contracts and am Spieß, Unreine and Rauborstige Sauerei, Huftritt without limit; Schlachtfest Spiel 5 (Glücksschwein 4), ohne +1 per Laufender, Schneider +1, Schwarz +1, Saukopf 1 and Hauer 1 from each member of the other party, ×2 per Bolzenschuss, Stallgeruch 3.',
    options: {},
  },
  zahm: {
    description:
      'A tamer table: one Huftritt at most, no Unreine Sauerei; otherwise as seed 004 (an example preset, not from the seed).',
    options: { unreine: false, huftritt: { enabled: true, max: 1 } },
  },
};

/** Resolve preset + overrides and validate every value; throws {@link OptionsError} naming the option. */
export function resolveSaukopfOptions(
  preset: string | undefined,
  overrides: unknown,
  tableSeats?: number,
): SaukopfOptions {
  const name = preset ?? 'saukopf';
  const p = presetOf(PRESETS, name);
  if (tableSeats !== undefined && tableSeats !== 3 && tableSeats !== 4)
    throw new OptionsError('seats', 'Saukopf is played by 4 (Vierer) or 3 (Dreihaxer)');
  const resolved = mergePreset(DEFAULTS, p, overrides, { rootPath: 'options' }) as SaukopfOptions;
  validate(resolved);
  return resolved;
}

function validate(o: SaukopfOptions): void {
  for (const [k, v] of Object.entries(o.tariff)) int(`tariff.${k}`, v, 0, 1000);
  if (o.tariff.glueckschwein > o.tariff.spiel)
    throw new OptionsError(
      'tariff.glueckschwein',
      'tariff.glueckschwein lowers the base: it may not exceed tariff.spiel',
    );
  int('minBid', o.minBid, 1, 120);
  int('glueckschweinFrom', o.glueckschweinFrom, 1, 32);
  int('davonlaufenMin', o.davonlaufenMin, 1, 7);
  int('stallgeruchFrom', o.stallgeruchFrom, 1, 121);
  bool('unreine', o.unreine);
  bool('spiess', o.spiess);
  bool('huftritt.enabled', o.huftritt.enabled);
  if (o.huftritt.max !== null) int('huftritt.max', o.huftritt.max, 0, MAX_BOLZEN);
  if (o.huftritt.until !== 'own-card' && o.huftritt.until !== 'own-lead')
    throw new OptionsError('huftritt.until', 'huftritt.until must be "own-card" or "own-lead"');
}

/** Bolzenschüsse beyond this would overflow exact money (2^40 × the largest bowl stays a safe integer). */
export const MAX_BOLZEN = 40;

/** JSON Schema of the options (served by the API). */
export const OPTIONS_SCHEMA: Record<string, unknown> = {
  type: 'object',
  additionalProperties: false,
  properties: {
    tariff: {
      type: 'object',
      additionalProperties: false,
      properties: Object.fromEntries(
        Object.entries(DEFAULTS.tariff).map(([k, v]) => [k, { type: 'integer', minimum: 0, default: v }]),
      ),
    },
    minBid: { type: 'integer', minimum: 1, maximum: 120, default: 61 },
    glueckschweinFrom: { type: 'integer', minimum: 1, default: 4 },
    davonlaufenMin: { type: 'integer', minimum: 1, maximum: 7, default: 3 },
    stallgeruchFrom: { type: 'integer', minimum: 1, maximum: 121, default: 75 },
    unreine: { type: 'boolean', default: true },
    spiess: { type: 'boolean', default: true },
    huftritt: {
      type: 'object',
      additionalProperties: false,
      properties: {
        enabled: { type: 'boolean', default: true },
        max: { oneOf: [{ type: 'integer', minimum: 0, maximum: MAX_BOLZEN }, { type: 'null' }], default: null },
        until: { enum: ['own-card', 'own-lead'], default: 'own-card' },
      },
    },
  },
};
