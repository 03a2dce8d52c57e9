import type { Card } from '../cards/card.js';
import { Rng } from '../cards/deck.js';
import { getVariant } from '../registry.js';
import type { TableCommand, TableState } from './table.js';

/**
 * The shuffled deck for the next deal of a table, from a seed. Deterministic: the same seed gives the same deal,
 * so a published seed lets anyone re-derive (and so verify) a deal after it ends.
 */
export function shuffledDeckFor(state: TableState, seed: string | number): Card[] {
  return randomnessFor(state, seed).deck;
}

/**
 * Everything random about the next deal, from its seed: the shuffled deck and, where the variant rolls one, the die
 * (the same generator after the shuffle, so the deck is the one {@link shuffledDeckFor} gives).
 */
export function randomnessFor(state: TableState, seed: string | number): { deck: Card[]; die?: number } {
  const variant = getVariant(state.variant);
  if (variant === undefined) throw new Error(`unknown variant ${state.variant}`);
  const players = variant.participants(state.options, state.seats, state.dealer).length;
  const rng = new Rng(seed);
  const deck = rng.shuffle(variant.deck(state.options, players));
  return variant.rollsDie?.(state.options, players) === true ? { deck, die: 1 + rng.int(6) } : { deck };
}

/** The StartDeal command for the next deal from its seed (what the server sends; verify re-runs it). */
export function startDealFor(
  state: TableState,
  seed: string | number,
  commitment?: string,
): Extract<TableCommand, { type: 'StartDeal' }> {
  const { deck, die } = randomnessFor(state, seed);
  return {
    type: 'StartDeal',
    deck,
    ...(die !== undefined ? { die } : {}),
    ...(commitment !== undefined ? { commitment } : {}),
  };
}
