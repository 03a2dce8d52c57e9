import type { Card } from '../cards/card.js';
import { Rng } from '../cards/deck.js';
import { getVariant } from '../registry.js';
import type { TableState } from './table.js';

/**
 * The shuffled deck for the next deal of a table, from a seed. Deterministic: the same seed gives the same deal,
 * so a published seed lets anyone re-derive (and so verify) a deal after it ends.
 */
export function shuffledDeckFor(state: TableState, seed: string | number): Card[] {
  const variant = getVariant(state.variant);
  if (variant === undefined) throw new Error(`unknown variant ${state.variant}`);
  const players = variant.participants(state.options, state.seats, state.dealer).length;
  return new Rng(seed).shuffle(variant.deck(state.options, players));
}
