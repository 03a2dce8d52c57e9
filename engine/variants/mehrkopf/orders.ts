import { type Card, type Rank, type Suit, SUITS, cardOf } from '../../cards/card.js';
import { deckOf } from '../../cards/deck.js';
import { type CompiledOrder, type TrickOrder, compileOrder, samePlain } from '../../tricks/order.js';

/**
 * Mehrkopf decks and card orders as data (rulebook "Kartenwerte", "Besonderheiten entsprechend der Spielerzahl").
 * Orders list every rank; a card that is not in the deck of a player count simply never appears.
 */

/** Ranks in play per player count in a deal (7 players = 6 with the dealer sitting out). */
export const DECK_RANKS: Readonly<Record<number, readonly Rank[]>> = {
  2: ['O', 'U', 'A', 'Z', 'K', '9', '8', '7'],
  3: ['O', 'U', 'A', 'Z', 'K', '9'],
  4: ['O', 'U', 'A', 'Z', 'K', '9', '8', '7'],
  5: ['O', 'U', 'G', 'A', 'Z', 'S', 'K', '9', '8', '7'],
  6: ['O', 'U', 'G', 'A', 'Z', 'S', 'K', '9', '8', '7', '6', 'P'],
  7: ['O', 'U', 'G', 'A', 'Z', 'S', 'K', '9', '8', '7', '6', 'P'],
};

/** The deck per player count, made on first use (a pure memo). */
const decks = new Map<number, readonly Card[]>();
export function mehrkopfDeck(players: number): readonly Card[] {
  let deck = decks.get(players);
  if (deck === undefined) {
    const ranks = DECK_RANKS[players];
    if (ranks === undefined) throw new RangeError(`Mehrkopf is played by 2 to 7 players, not ${players}`);
    deck = Object.freeze(deckOf(ranks));
    decks.set(players, deck);
  }
  return deck;
}

/** Card points in play: 120, at five 148 (Schöne and Gefreite), at six 120 again (the Preußen at −7). */
export function totalPointsFor(players: number): number {
  return players === 5 ? 148 : 120;
}

const OBER: readonly Card[] = SUITS.map((s) => cardOf(s, 'O'));
const UNTER: readonly Card[] = SUITS.map((s) => cardOf(s, 'U'));
const GEFREITE: readonly Card[] = SUITS.map((s) => cardOf(s, 'G'));
/** The main trumps (Stammtrümpfe) high → low: Ober, Unter, Gefreite, each Eichel, Gras, Herz, Schellen. */
export const MAIN_TRUMPS: readonly Card[] = [...OBER, ...UNTER, ...GEFREITE];

/** Suit order by point value: A, 10, S, K, 9, 8, 7, 6, P. */
const PLAIN: readonly Rank[] = ['A', 'Z', 'S', 'K', '9', '8', '7', '6', 'P'];
/** Geier/Wenz/Niederer: the former trumps sorted in by point value: A, 10, S, K, O, U, G, 9, 8, 7, 6, P. */
const BY_VALUE: readonly Rank[] = ['A', 'Z', 'S', 'K', 'O', 'U', 'G', '9', '8', '7', '6', 'P'];

export type OrderKind = 'normal' | 'geier' | 'wenz' | 'niederer';

/** The trick order of a contract: `normal` = all main trumps then the trump suit (Herz in a normal game). */
export function trickOrder(kind: OrderKind, suit: Suit = 'H'): TrickOrder {
  switch (kind) {
    case 'normal':
      return { trumps: [...MAIN_TRUMPS, ...PLAIN.map((r) => cardOf(suit, r))], plain: samePlain(PLAIN) };
    case 'geier':
      return { trumps: OBER, plain: samePlain(BY_VALUE.filter((r) => r !== 'O')) };
    case 'wenz':
      return { trumps: UNTER, plain: samePlain(BY_VALUE.filter((r) => r !== 'U')) };
    case 'niederer':
      return { trumps: GEFREITE, plain: samePlain(BY_VALUE.filter((r) => r !== 'G')) };
    default: {
      const never: never = kind;
      throw new Error(`unknown order ${String(never)}`);
    }
  }
}

const cache = new Map<string, CompiledOrder>();

/** Compiled orders are shared (immutable tables). */
export function compiled(kind: OrderKind, suit: Suit = 'H'): CompiledOrder {
  const key = `${kind}:${suit}`;
  let order = cache.get(key);
  if (order === undefined) {
    order = compileOrder(trickOrder(kind, suit));
    cache.set(key, order);
  }
  return order;
}
