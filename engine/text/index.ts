/**
 * Text in, text out: chat commands in German and English read against a seat's legal actions, labels for every
 * legal action, and a seat's view and the table's events as short chat text (docs/chat-commands.md). Pure.
 */
export type { Lang } from './words.js';
export { normalize } from './words.js';
export { type CardStyle, cardCode, styleOf } from './cards.js';
export { labelAction, legalCommands, summarizeCommands } from './actions.js';
export { type ParseOptions, type ParseResult, cardsNamed, parseCommand } from './parse.js';
export {
  type Names,
  type RenderOptions,
  type EventOptions,
  type RenderableEvent,
  contractText,
  nameOf,
  renderEvent,
  renderView,
  sortHand,
} from './render.js';
export { type AnalysisSummaryInput, renderAnalysis } from './analysis.js';
