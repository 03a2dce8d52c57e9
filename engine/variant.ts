import type { Card, CardIndex, Suit } from './cards/card.js';
import type { Exclusive, Vocabulary, VocabularySpec } from './actions.js';
import type { Rational } from './money/rational.js';
import type { Seat } from './seat.js';
import type { TrickOrder } from './tricks/order.js';

export type { Seat } from './seat.js';

/**
 * The registered variants' action and contract-game types, by variant id. The core names no variant: each variant's
 * vocabulary (engine/variants/<variant>/vocabulary.ts) adds its entry to this interface with a module augmentation,
 * the way its value joins the registry (engine/registry.ts):
 * @example declare module '../../variant.js' {
 *   interface VariantVocabularies { readonly schafkopf: { readonly action: SchafkopfAction; readonly game: SchafkopfContractGame } }
 * }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the variants' augmentations
export interface VariantVocabularies {}

type Registered = VariantVocabularies[keyof VariantVocabularies] & { readonly action: unknown; readonly game: unknown };

/**
 * Every action of the family: the union of the variants' vocabularies (engine/variants/<variant>/vocabulary.ts,
 * docs/RECORD.md "Actions"). Commands carry an action; the accepted action is recorded as it was sent
 * (canonical card ids).
 */
export type Action = Exclusive<Registered['action'] & { readonly type: string }>;

export type ActionType = Action['type'];

/** Every contract game name of the family. */
export type ContractGame = Registered['game'] & string;

/**
 * The contract a deal is played in (docs/RECORD.md `contract`), its `game` one of the variant's contract games `G`
 * (engine/variants/<variant>/vocabulary.ts). `Contract` alone is the family's: any variant's game.
 */
export interface Contract<G extends ContractGame = ContractGame> {
  readonly declarer?: Seat;
  readonly game: G;
  readonly suit?: Suit;
  readonly tout?: boolean;
  readonly card?: Card;
  readonly bid?: number | 'schwarz';
  readonly spiess?: boolean;
}

/**
 * A contract as far as it fixes the trick order: a real {@link Contract}, or a game only weighed (a bot's candidate
 * bid, `normal` before the auction ends). A game the variant does not know is played in its normal order.
 */
export type OrderQuery = Omit<Contract, 'game'> & { readonly game: string };

/** Why an action is illegal: a stable code, the rule that forbids it and a human message. */
export interface Illegal {
  readonly code: string;
  readonly rule: string;
  readonly message: string;
}

/** The cards as dealt: one hand per seat, the blind (Sheepshead blind, Saukopf Trog) and any layout stacks. */
export interface Layout {
  readonly hands: readonly (readonly Card[])[];
  readonly blind: readonly Card[];
  /** 2-player layouts: per seat, stacks of cards lying on the table (`faceDown[i][k]` lies under `faceUp[i][k]`). */
  readonly faceUp?: readonly (readonly Card[])[];
  readonly faceDown?: readonly (readonly Card[])[];
  /**
   * The deal's die roll (1–6) where the variant rolls one (seven-handed Sheepshead): rolled from the deal's secret seed
   * with the shuffle (engine/game/shuffle.ts), so the fairness proof covers it and a replay is exact.
   */
  readonly die?: number;
}

/** Table context a deal starts with: session multipliers and pots. */
export interface DealContext {
  /** Bock multiplier for this deal (1 = none). */
  readonly bock: number;
  /** Money in the Stock (pot) before this deal. */
  readonly pot: Rational;
  /** Whether this is a Muss-Spiel / forced deal etc. — variant specific flags. */
  readonly flags?: Readonly<Record<string, boolean>>;
}

/** The settled outcome of one deal (docs/RECORD.md "Settling a record"), exact money. */
export interface DealResult {
  /** null when the deal was thrown in (all passed and redealt, a refused hand, …). */
  readonly contract: Contract | null;
  readonly declarers: readonly Seat[];
  readonly cardPoints: readonly number[];
  readonly tricks: readonly number[];
  readonly won: boolean;
  readonly schneider: boolean;
  readonly schwarz: boolean;
  readonly laufende: number;
  readonly multiplier: number;
  /** Per seat, zero-sum together with `pot`. */
  readonly payout: readonly Rational[];
  /** Money paid into (+) or taken from (−) the Stock: sum(payout) + pot = 0. */
  readonly pot: Rational;
  /** Why the deal ended without play, when it did. */
  readonly thrownIn?: string;
  /** Variant details: Ramsch loser, Jungfrauen, Bock triggers, … */
  readonly details?: Readonly<Record<string, unknown>>;
}

/** Who is looking. A seat sees its own cards only; the organiser sees everything once the deal is over. */
export type Audience =
  | { readonly kind: 'seat'; readonly seat: Seat }
  | { readonly kind: 'spectator' }
  | { readonly kind: 'organiser' }
  | { readonly kind: 'public' };

/** A played card in a trick. */
export interface TrickCard {
  readonly seat: Seat;
  readonly card: Card;
}

/** What an audience may see of a deal. Hidden cards are never present, only counts. */
export interface DealView {
  readonly phase: string;
  readonly players: number;
  readonly dealer: Seat;
  readonly forehand: Seat;
  /** Seats whose action the deal is waiting for. */
  readonly toAct: readonly Seat[];
  /** Own cards (or every hand once public); null for a hand this audience may not see. */
  readonly hands: readonly (readonly Card[] | null)[];
  readonly handCounts: readonly number[];
  readonly blind: readonly Card[] | null;
  readonly blindCount: number;
  readonly contract: Contract | null;
  /** The declaring party as far as this audience knows it (a hidden partner is left out). */
  readonly declarers: readonly Seat[];
  readonly trick: readonly TrickCard[];
  readonly lastTrick: readonly TrickCard[] | null;
  readonly tricksTaken: readonly number[];
  readonly cardPoints: readonly number[];
  readonly auction: readonly { readonly seat: Seat; readonly action: Action }[];
  readonly doublings: readonly { readonly seat: Seat; readonly type: string }[];
  readonly result: DealResult | null;
  readonly extra?: Readonly<Record<string, unknown>>;
}

/** Something worth telling clients that follows from an action (a trick taken, the contract fixed). */
export type DealNote =
  | {
      readonly type: 'TrickTaken';
      readonly winner: Seat;
      readonly cards: readonly TrickCard[];
      readonly points: number;
    }
  | { readonly type: 'ContractSet'; readonly contract: Contract }
  | { readonly type: 'CardRevealed'; readonly seat: Seat; readonly card: Card; readonly reason: string }
  /** The second packet (Schafkopf, knock timing `first-four`): `cards` for `seat` only — redacted for everyone else. */
  | { readonly type: 'CardsDealt'; readonly seat: Seat; readonly cards: readonly Card[] }
  /** The deal's die was rolled in the open (seven-handed Sheepshead): `seat` is the partner it names. */
  | { readonly type: 'DieRolled'; readonly die: number; readonly seat: Seat }
  | { readonly type: 'DealOver' };

/** A preset: a named, documented bundle of option values. */
export interface Preset<O> {
  readonly description: string;
  readonly options: O;
}

/** A bad option value or combination, naming the option path. */
export class OptionsError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
    this.name = 'OptionsError';
  }
}

/** Per-variant rules for the table session across deals. */
export interface SessionRules {
  /** Whether the same dealer deals the next deal (e.g. after a solo in seed 003). */
  repeatDealer(result: DealResult): boolean;
  /** Bock rounds to append after this deal: one multiplier per new round (2 = Bock, 4 = Doppelbock). */
  newBockRounds(result: DealResult): readonly number[];
  /** Extra Bock deals when a deal under Bock does not advance the round (seed 003: solo under Bock). */
  bockExtension(result: DealResult, underBock: boolean): number;
  /**
   * Single doubled deals to append after this deal, one multiplier each (Sheepshead's doubler: the next hand is
   * played at double stakes; consecutive doublers double the next two hands, never ×4). Optional.
   */
  newBockDeals?(result: DealResult): readonly number[];
  /**
   * Whether this deal counts as one of the table's deals (a table's deal limit, a tournament round); absent = every
   * deal counts. A deal thrown in and dealt again under a tournament's rules does not (Schafkopf `redeal.counts`).
   */
  counts?(result: Pick<DealResult, 'contract' | 'thrownIn'>): boolean;
}

/**
 * A variant of the family: the rules as one object over a mutable deal state `S`.
 * The table Decider (engine/game) wraps it with commands, events and immutability; simulation and
 * record scoring drive it directly for speed.
 */
export interface Variant<O = unknown, S = unknown, A extends Action = Action, G extends ContractGame = ContractGame> {
  readonly id: string;
  /** The display name (`Bayerisches Schafkopf`). */
  readonly title: string;
  /** How chat writes its cards (engine/text/cards.ts `CardStyle`): German suits (`EO`, `H10`) or French (`QC`, `10H`); absent: German. */
  readonly cardStyle?: 'german' | 'french';
  /** What the text layer (engine/text) says the variant's own way; absent: the family's words. */
  readonly words?: VariantWords;
  /** What the bots (engine/bots) know of the variant beyond its rules; absent: {@link VariantBots}' defaults. */
  readonly bots?: VariantBots<O>;
  /** The variant's actions and contract games `G`: the parser checks every move and record against them. */
  readonly vocabulary: Vocabulary<VocabularySpec & { readonly contractGames: readonly G[] }>;
  /** Players at a table (some may sit out a deal). */
  readonly tableSeats: { readonly min: number; readonly max: number };
  /** The blind lies face up: every seat sees it from the deal on (Saukopf's Dreihaxer); absent: face down. */
  readonly openBlind?: boolean;
  /** The seats of a table whose creator names none (the chat adapters' `new`); absent: `tableSeats.min`. */
  readonly usualSeats?: number;
  /** Named option bundles; each holds a partial options object merged over the defaults. */
  readonly presets: Readonly<Record<string, Preset<unknown>>>;
  readonly defaultPreset: string;
  /** JSON Schema of the options object, for the API. */
  readonly optionsSchema: Readonly<Record<string, unknown>>;
  /** Resolve preset + overrides into complete options; throws {@link OptionsError}. */
  resolveOptions(preset: string | undefined, overrides: unknown, tableSeats?: number): O;
  /** Seats (table numbering) who play a deal with this dealer, clockwise from forehand's seat order. */
  participants(options: O, tableSeats: number, dealer: Seat): readonly Seat[];
  /** The deck for a deal with `players` players. */
  deck(options: O, players: number): readonly Card[];
  /** Whether a deal with `players` players needs a die roll ({@link Layout.die}); absent = never. */
  rollsDie?(options: O, players: number): boolean;
  /**
   * Cards each seat holds when the deal starts, when the hands are handed out in two steps (Schafkopf's Klopfen after
   * the first four): the rest follows in `CardsDealt` notes. Absent/undefined = the whole hand at once.
   */
  firstPacket?(options: O, players: number): number | undefined;
  /**
   * A record lists only the knocks of a knock phase: the seats not listed did not knock. Called by `scoreRecord` before
   * the first action that is no knock decision; ends the phase as if the others had declined.
   */
  closeKnocks?(state: S): readonly DealNote[];
  /** Lay out a shuffled deck: hands, blind, stacks. */
  deal(options: O, players: number, dealer: Seat, deck: readonly Card[]): Layout;
  /** Check a layout given from outside (a record): every card of the deck exactly once, hand sizes. */
  checkLayout(options: O, players: number, layout: Layout): string | undefined;
  start(options: O, players: number, dealer: Seat, layout: Layout, ctx: DealContext): S;
  clone(state: S): S;
  /** Seats the deal is waiting for (whose turn it is); empty when the deal is over. */
  toAct(state: S): readonly Seat[];
  /** Every legal action of `seat` now, including optional ones (knock, kontra) off turn. */
  legalActions(state: S, seat: Seat): readonly A[];
  /** Why `action` by `seat` is illegal now, or undefined when it is legal. */
  check(state: S, seat: Seat, action: A): Illegal | undefined;
  /**
   * Apply a legal action in place; returns notes for clients. `quiet` (simulation) may skip building notes.
   */
  apply(state: S, seat: Seat, action: A, quiet?: boolean): readonly DealNote[];
  /** Fix the contract from a record's `contract` shorthand (everyone else passed). */
  applyContract(state: S, contract: Contract<G>): Illegal | undefined;
  isOver(state: S): boolean;
  /** The settlement; only when {@link isOver}. */
  result(state: S): DealResult;
  view(state: S, audience: Audience): DealView;
  /** Redact an action for an audience (e.g. buried cards); undefined = unchanged. */
  redactAction(state: S, seat: Seat, action: A, audience: Audience): A;
  /**
   * The trick order `contract` is played in, as data (`null`: before a contract is fixed, the variant's normal order) —
   * the same order the variant's rules play by. The bots and the text layer ask this instead of restating the orders.
   * @example schafkopf.trickOrder(options, { game: 'wenz' }).trumps → ['EU', 'GU', 'HU', 'SU']
   */
  trickOrder(options: O, contract: OrderQuery | null): TrickOrder;
  /** Card points of every card in play must add up to this (120, 148, …). */
  totalPoints(options: O, players: number): number;
  /**
   * The card-point steps of the point games' settlement (its own settlement decides won and Schneider by them), for a
   * deal whose seats took `played` card points in all; absent when the variant's payout does not step with the points
   * (Saukopf plays to its bid).
   */
  pointSteps?(options: O, players: number, played: number): PointSteps;
  session(options: O): SessionRules;
}

/** The family's chat languages (engine/text/words.ts `Lang`). */
export type WordsLang = 'de' | 'en';

/**
 * Words of the chat grammar (engine/text/words.ts) that name an action kind: `words` (space separated, normalised: lower
 * case, umlauts as ae/oe/ue) in `lang` ('*' = both) mean one of `kinds` (`bid:solo`, `announce:keiler`, `choose:ramsch`).
 */
export interface KindWords {
  readonly lang: WordsLang | '*';
  readonly words: string;
  readonly kinds: readonly string[];
}

/** The variant's own words for the text layer (engine/text): its games' names in chat, read and written. */
export interface VariantWords {
  /** The words that name the variant's games (the family's verbs stay in engine/text/words.ts). */
  readonly lexicon?: readonly KindWords[];
  /** How chat writes a game whose id is no good name (`bettel-brett` → `Bettel Brett`), per language. */
  readonly gameNames?: Readonly<Record<WordsLang, Readonly<Record<string, string>>>>;
  /**
   * A contract written by these names (and its called card) instead of as the bid that makes it (Sheepshead's
   * `called ace AH`): per language, per contract game; a game missing here is written as its id.
   */
  readonly contractNames?: Readonly<Record<WordsLang, Readonly<Record<string, string>>>>;
}

/**
 * A heuristic bidding rule (engine/bots/heuristic.ts): the hand strength a contract game (or an action standing for
 * one, Sheepshead's `pick`) needs, and its worth — the higher worth wins among the feasible ones.
 */
export interface BidRule {
  readonly need: number;
  readonly worth: number;
  /**
   * `false`: not among the games a seat's best margin weighs (knocking, what a pass tells): a game that is no choice of
   * the hand (Sie, a Farbspiel forced on the dealer), or an action rather than a game (`pick`, `alone`).
   */
  readonly weighed?: boolean;
}

/**
 * A two-player stack deal's payout as steps of one seat's points (engine/bots/stacks.ts): `payout[i]` is that seat's
 * payout when `i` of the `thresholds` (the declarer's card points) are reached.
 */
export interface StackSteps {
  readonly thresholds: readonly number[];
  readonly payout: readonly number[];
}

/**
 * What the bots know of a variant beyond its rules, in the variant's folder (engine/variants/<id>/bots.ts); every
 * part is optional, and a variant without it is played by the defaults (no bidding table: every game needs 8 and is
 * worth 1; no hidden partner; exact card values in the search).
 */
export interface VariantBots<O = unknown> {
  /**
   * What the declaring party must do in the games not played for card points (engine/bots/knowledge.ts `goalOf`):
   * `no-trick` (Bettel, Mastschwein), `all-tricks` (Schwarte; a Tout or a bid of Schwarz is one in every variant),
   * `each-low` (Ramsch, Leaster: everyone for himself). A game missing here is played for points.
   */
  readonly goals?: Readonly<Record<string, 'no-trick' | 'all-tricks' | 'each-low'>>;
  /** The heuristic's bidding table, by contract game, in the order the games are weighed. */
  readonly bidding?: Readonly<Record<string, BidRule>>;
  /** The card whose holder is the declarer's secret partner, when the contract has one. */
  partnerCard?(contract: Contract): Card | undefined;
  /**
   * The partner card's holder must play it on the first lead of its suit (the called Sau), so every seat that
   * follows that lead with another card of the suit does not hold it (engine/bots/solver-inference.ts).
   */
  readonly partnerCardOnFirstLead?: boolean;
  /** The declarer may hold the partner card himself (Sheepshead: the picker's called card may be his "unknown"). */
  readonly declarerMayHoldPartnerCard?: boolean;
  /**
   * Which card points the payout steps ({@link Variant.pointSteps}) count in the bots' search (engine/bots/
   * solver-objective.ts `stepThresholds`): `in-play` — the cards in play (taken, on the table, in the hands); `deck` —
   * the variant's total, cards in nobody's hand (buried) counting for the declaring party; undefined — the exact value
   * is searched instead.
   */
  pointStepsCount?(players: number, contract: Contract | null): 'in-play' | 'deck' | undefined;
  /** What the auction tells the strong bot's samples (engine/bots/solver-inference.ts `auctionFacts`). */
  readonly auction?: AuctionHints;
  /**
   * A two-player stack deal's payout as steps of the declarer's points (engine/bots/stacks.ts), so the search asks for
   * the steps instead of the exact points; undefined for a deal it does not describe.
   */
  stackSteps?(
    options: O,
    contract: Contract | null,
    dealt: readonly (readonly CardIndex[])[],
    seat: number,
  ): StackSteps | undefined;
}

/** How the strong bot reads an auction (engine/bots/solver-inference.ts `auctionFacts`). */
export interface AuctionHints {
  /**
   * `pick` (Sheepshead): the picker is strong and a seat passing on the blind before him weak, on the `pick` rule of
   * the bidding table; `bid` (default): the declarer holds his contract and a passer none of the weighed games.
   */
  readonly style?: 'pick' | 'bid';
  /** The declarer may have been forced to play after every seat passed (Mehrkopf's Muss-Spiel): no fact about him. */
  readonly forcedAfterAllPass?: boolean;
  /** The games a pass says a seat does not hold (default: every weighed game played for points). */
  readonly passerGames?: readonly string[];
  /**
   * Passes keep telling while only these games are bid (Schafkopf: a Sauspiel leaves a Solo open to later seats), up
   * to the first bid of another game; absent: only the passes before the first bid tell.
   */
  readonly passesTellOver?: readonly string[];
  /**
   * The declarer of a called game (a Sauspiel) held, when he called, a card of the called suit that is not trump and
   * not the called card (Schafkopf's R3, Mehrkopf's call): a hard fact for the samples.
   */
  readonly callerHoldsCalledSuit?: boolean;
}

/**
 * Where the payout of a point game steps up, as card-point totals of the declaring party over the whole deal (cards
 * its settlement credits to it included): below `free` a losing party is Schneider; from `win` it wins; from
 * `schneider` the defenders are Schneider. Schafkopf's defaults: 31 / 61 / 91 of 120.
 */
export interface PointSteps {
  readonly free: number;
  readonly win: number;
  readonly schneider: number;
}

/**
 * A variant with its option and state types erased, for the registry and generic code (tables, records, simulation,
 * bots): its options and deal states are opaque values that only its own methods make (`resolveOptions`, `start`) and
 * read. Every `Variant<O, S, A>` is one without a cast: the methods' parameters are compared bivariantly (method
 * syntax), the results widen to `unknown` and the family `Action`. Code that needs a variant's own types imports that
 * variant (e.g. `schafkopf`).
 */
export type AnyVariant = Variant<unknown, unknown>;
