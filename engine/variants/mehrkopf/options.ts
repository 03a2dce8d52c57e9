import { OptionsError, type Preset } from '../../variant.js';
import { type DeepPartial, bool, mergePreset, nonNegInt, oneOf, presetOf } from '../options.js';

/**
 * Contract kinds of Mehrkopf (docs/RECORD.md `game`): the normal game is `sauspiel` (called Ace, and at 5/6 players the
 * Schöne with it), `farbspiel` is the two-player game with a named trump suit, `solo` a suit solo (`H` = Rotsolo).
 */
export const GAMES = [
  'sauspiel',
  'farbspiel',
  'hochzeit',
  'solo',
  'geier',
  'wenz',
  'niederer',
  'sie',
  'ramsch',
] as const;
export type Game = (typeof GAMES)[number];

/** Solo games (5 units base; they may be played as Tout). */
export const SOLO_GAMES = ['solo', 'geier', 'wenz', 'niederer'] as const;
export type SoloGame = (typeof SOLO_GAMES)[number];

/** Auction levels (rulebook "Spielansage"): lower wins; Tout beats a solo, a solo beats a normal game. */
export const LEVEL = { sie: 0, tout: 1, solo: 2, normal: 3 } as const;

/** How a Schneider is decided: `quarter` (docs/rules/mehrkopf.md: the losing party below a quarter) or `schafkopf` (31/30 style). */
export type SchneiderMode = 'quarter' | 'schafkopf';
/** How the cards are dealt (the cutter's knock): 4+4 clockwise, all eight at once, or 4+4 counter-clockwise. */
export type Dealing = 'four-four' | 'all-eight' | 'counter-clockwise';
/** When a called card may be discarded before its suit was led: only in the last trick (default) or always. */
export type Discard = 'last-trick' | 'always';
/**
 * Equal games in the auction ("Im Zweifel … sticht die Reihenfolge ausgehend vom Geber"): `forehand` — the earlier
 * seat counted from the dealer's left wins (the order of dealing, Schafkopf's Vorhand); `dealer` — the literal English
 * reading "starting with the dealer": the last seat of the round first, then forehand, … .
 */
export type Precedence = 'forehand' | 'dealer';
/** Ramsch ties for the most points (the rulebook is silent): all tied pay, or a tie-break names one payer. */
export type RamschTie = 'all' | 'tricks-then-trump' | 'highest-trump';
/**
 * Who must be able to call a normal game for the dealer's Ramsch: the dealer (English text, docs/rules/mehrkopf.md) or every
 * player (German original: "wenn ein Spieler aufgrund seiner Karten kein Normalspiel rufen kann").
 */
export type RamschNeedsCall = 'dealer' | 'every-seat';

export interface MehrkopfOptions {
  /** Units (Zähleinheiten): Grundtarif, Leistungstarif, Prämientarif. */
  readonly tariff: {
    /** Base rate of a normal game (Sauspiel, Hochzeit, the two-player game) and the Ramsch price. */
    readonly normal: number;
    /** Base rate of every solo (suit solo, Rotsolo, Geier, Wenz, Niederer, Tout, Sie). */
    readonly solo: number;
    /** Added when the losing party is not Schneider-frei. */
    readonly schneider: number;
    /** Added instead of `schneider` when the losing party took no trick (rulebook: 2 units). */
    readonly schwarz: number;
    /** Per Laufender (0 = the Prämientarif is not played). */
    readonly laufende: number;
  };
  /** Fewest Laufende that pay ("ab drei"). */
  readonly laufendeMin: number;
  /** Tout: (base + Laufende) × this. */
  readonly toutFactor: number;
  /** Sie: (base + Laufende) × this (seed 003's ×4; the rulebook does not price it). */
  readonly sieFactor: number;
  readonly schneider: SchneiderMode;
  /** Which contracts may be declared besides the normal game and the suit solo. */
  readonly contracts: {
    readonly geier: boolean;
    readonly wenz: boolean;
    /** Only where the Gefreite are in the deck (5–7 players). */
    readonly niederer: boolean;
    readonly tout: boolean;
    readonly sie: boolean;
    readonly hochzeit: boolean;
  };
  /** The dealer's choices when all pass (at least one must be on). */
  readonly allPass: { readonly redeal: boolean; readonly muss: boolean; readonly ramsch: boolean };
  /** Whose hand must allow a normal game for the dealer's Ramsch. */
  readonly ramschNeedsCall: RamschNeedsCall;
  /** Who pays when several players tie for the most points in a Ramsch. */
  readonly ramschTie: RamschTie;
  /** Equal games in the auction. */
  readonly precedence: Precedence;
  /** A hand of six (or more) nixers and no main trump may demand a redeal. */
  readonly refuseNixer: boolean;
  readonly calledCards: {
    /** Davonlaufen/Umspielen: plain cards of the called suit in hand (called cards counted). */
    readonly runAwayMin: number;
    /**
     * Davonlaufen: a holder with `runAwayMin` cards of the suit may lead another card of it (docs/rules/mehrkopf.md). `false`:
     * the German "Möchte der Besitzer einer Rufsau die Ruffarbe anspielen, so muss er auf jeden Fall die Rufsau
     * ausspielen" — leading the suit, the holder always leads the card that is due.
     */
    readonly davonlaufen: boolean;
    /** Umspielen: a holder with `runAwayMin` cards of the suit may keep the called cards back when it is led. */
    readonly umspielen: boolean;
    /** At 5/6 players the caller may hold the called Schöne (then the Ace holder alone is his partner). */
    readonly callerMayHoldSchoene: boolean;
    readonly discard: Discard;
  };
  readonly dealing: Dealing;
}

export const DEFAULTS: MehrkopfOptions = {
  tariff: { normal: 1, solo: 5, schneider: 1, schwarz: 2, laufende: 1 },
  laufendeMin: 3,
  toutFactor: 2,
  sieFactor: 4,
  schneider: 'quarter',
  contracts: { geier: true, wenz: true, niederer: true, tout: true, sie: true, hochzeit: true },
  allPass: { redeal: true, muss: true, ramsch: true },
  ramschNeedsCall: 'dealer',
  ramschTie: 'all',
  precedence: 'forehand',
  refuseNixer: true,
  calledCards: { runAwayMin: 4, davonlaufen: true, umspielen: true, callerMayHoldSchoene: true, discard: 'last-trick' },
  dealing: 'four-four',
};

export const PRESETS: Record<string, Preset<DeepPartial<MehrkopfOptions>>> = {
  rulebook: {
    description:
      'The Mehrkopf rulebook (Tim Parth) with the docs/rules/mehrkopf.md readings: units normal 1, solo 5, +1 not Schneider-frei (a quarter of the total), +2 schwarz, +1 per Laufender from 3; Tout ×2, Sie ×4; Hochzeit at the normal rate; all pass: the dealer chooses redeal, Muss-Spiel or Ramsch.',
    options: {},
  },
  einsteiger: {
    description:
      'For the first games (rulebook "Abrechnung"): as `rulebook` but without the Prämientarif (no Laufende).',
    options: { tariff: { laufende: 0 } },
  },
};

/** Resolve preset + overrides and validate every value; throws {@link OptionsError} naming the option. */
export function resolveMehrkopfOptions(preset: string | undefined, overrides: unknown): MehrkopfOptions {
  const name = preset ?? 'rulebook';
  const resolved = mergePreset(DEFAULTS, presetOf(PRESETS, name), overrides) as MehrkopfOptions;
  validate(resolved);
  return resolved;
}

function validate(o: MehrkopfOptions): void {
  for (const [k, v] of Object.entries(o.tariff)) nonNegInt(`tariff.${k}`, v);
  nonNegInt('laufendeMin', o.laufendeMin);
  if (o.laufendeMin < 1) throw new OptionsError('laufendeMin', 'laufendeMin must be at least 1');
  nonNegInt('toutFactor', o.toutFactor);
  nonNegInt('sieFactor', o.sieFactor);
  if (o.toutFactor < 1) throw new OptionsError('toutFactor', 'toutFactor must be at least 1');
  if (o.sieFactor < 1) throw new OptionsError('sieFactor', 'sieFactor must be at least 1');
  oneOf('schneider', o.schneider, ['quarter', 'schafkopf']);
  for (const [k, v] of Object.entries(o.contracts)) bool(`contracts.${k}`, v);
  for (const [k, v] of Object.entries(o.allPass)) bool(`allPass.${k}`, v);
  if (!o.allPass.redeal && !o.allPass.muss && !o.allPass.ramsch)
    throw new OptionsError('allPass', 'the dealer needs at least one choice when all pass (redeal, muss or ramsch)');
  oneOf('ramschNeedsCall', o.ramschNeedsCall, ['dealer', 'every-seat']);
  oneOf('ramschTie', o.ramschTie, ['all', 'tricks-then-trump', 'highest-trump']);
  oneOf('precedence', o.precedence, ['forehand', 'dealer']);
  bool('refuseNixer', o.refuseNixer);
  nonNegInt('calledCards.runAwayMin', o.calledCards.runAwayMin);
  if (o.calledCards.runAwayMin < 2)
    throw new OptionsError('calledCards.runAwayMin', 'calledCards.runAwayMin must be at least 2');
  bool('calledCards.davonlaufen', o.calledCards.davonlaufen);
  bool('calledCards.umspielen', o.calledCards.umspielen);
  bool('calledCards.callerMayHoldSchoene', o.calledCards.callerMayHoldSchoene);
  oneOf('calledCards.discard', o.calledCards.discard, ['last-trick', 'always']);
  oneOf('dealing', o.dealing, ['four-four', 'all-eight', 'counter-clockwise']);
}

const integer = { type: 'integer', minimum: 0 };
const flags = (keys: readonly string[]): Record<string, unknown> => ({
  type: 'object',
  additionalProperties: false,
  properties: Object.fromEntries(keys.map((k) => [k, { type: 'boolean' }])),
});

/** JSON Schema of the options (served by the API). */
export const OPTIONS_SCHEMA: Record<string, unknown> = {
  type: 'object',
  additionalProperties: false,
  properties: {
    tariff: {
      type: 'object',
      additionalProperties: false,
      properties: Object.fromEntries(['normal', 'solo', 'schneider', 'schwarz', 'laufende'].map((k) => [k, integer])),
    },
    laufendeMin: { type: 'integer', minimum: 1, default: 3 },
    toutFactor: { type: 'integer', minimum: 1, default: 2 },
    sieFactor: { type: 'integer', minimum: 1, default: 4 },
    schneider: { enum: ['quarter', 'schafkopf'], default: 'quarter' },
    contracts: flags(['geier', 'wenz', 'niederer', 'tout', 'sie', 'hochzeit']),
    allPass: flags(['redeal', 'muss', 'ramsch']),
    ramschNeedsCall: { enum: ['dealer', 'every-seat'], default: 'dealer' },
    ramschTie: { enum: ['all', 'tricks-then-trump', 'highest-trump'], default: 'all' },
    precedence: { enum: ['forehand', 'dealer'], default: 'forehand' },
    refuseNixer: { type: 'boolean', default: true },
    calledCards: {
      type: 'object',
      additionalProperties: false,
      properties: {
        runAwayMin: { type: 'integer', minimum: 2, default: 4 },
        davonlaufen: { type: 'boolean', default: true },
        umspielen: { type: 'boolean', default: true },
        callerMayHoldSchoene: { type: 'boolean', default: true },
        discard: { enum: ['last-trick', 'always'], default: 'last-trick' },
      },
    },
    dealing: { enum: ['four-four', 'all-eight', 'counter-clockwise'], default: 'four-four' },
  },
};
