/**
 * The engine's public surface: pure, deterministic rules for the Schafkopf family.
 * Everything outside engine/ imports from here only.
 */
export * from './cards/card.js';
export { Rng, deckOf, hashString, LONG_RANKS, SHORT_RANKS } from './cards/deck.js';
export * from './tricks/order.js';
export * as money from './money/rational.js';
export type { Rational } from './money/rational.js';
export * from './variant.js';
export { asSeat, foundSeat, nextSeat, seatIn, seatsOf, MAX_SEATS } from './seat.js';
export * from './errors.js';
export { ACTION_TYPES, DEFAULT_VARIANT, getVariant, listVariants } from './registry.js';
export {
  type TableCommand,
  type TableEvent,
  type TableState,
  type TableView,
  type AbandonReason,
  type CloseReason,
  type DealInProgress,
  type Decision,
  type ResultJson,
  initialState,
  decide,
  evolve,
  replay,
  view,
  redactEvent,
  resultJson,
  moneyInvariant,
  variantOf,
  dealSeatOf,
} from './game/table.js';
export { shuffledDeckFor, randomnessFor, startDealFor } from './game/shuffle.js';
export { parseAction } from './record/action.js';
export {
  type ActionOf,
  type ContractGameOf,
  type Field,
  type Vocabulary,
  type VocabularySpec,
  actionSchema,
  defineVocabulary,
} from './actions.js';
export type { SchafkopfAction, SchafkopfContractGame } from './variants/schafkopf/vocabulary.js';
export type { MehrkopfAction, MehrkopfContractGame } from './variants/mehrkopf/vocabulary.js';
export type { SheepsheadAction, SheepsheadContractGame } from './variants/sheepshead/vocabulary.js';
export type { SaukopfAction, SaukopfContractGame } from './variants/saukopf/vocabulary.js';
// Chat text: commands read against legal actions, labels, views and events as text (docs/chat-commands.md).
export * from './text/index.js';

export { schafkopf } from './variants/schafkopf/index.js';
export { scoreRecord, toRecord, type GameRecord, type ScoreOutcome, type RecordError } from './record/score.js';
export { playRandomDeal, checkDeal, type RandomDeal } from './sim.js';
export * as tournament from './tournament/index.js';
