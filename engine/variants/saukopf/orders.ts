import { type Card, type Rank, SUITS, type Suit, cardOf } from '../../cards/card.js';
import { type CompiledOrder, type TrickOrder, compileOrder, reverseOrder, samePlain } from '../../tricks/order.js';
import type { Game } from './options.js';

/** Card orders of Saukopf as data (seed 004 "Spielansage", docs/rules/saukopf.md "Readings taken" 3). */
const OBER: readonly Card[] = SUITS.map((s) => cardOf(s, 'O'));
const UNTER: readonly Card[] = SUITS.map((s) => cardOf(s, 'U'));
const rankRow = (rank: Rank): Card[] => SUITS.map((s) => cardOf(s, rank));

const KEILER_PLAIN: readonly Rank[] = ['A', 'Z', 'K', '9', '8', '7'];
const EBER_PLAIN: readonly Rank[] = ['A', 'Z', 'K', 'U', '9', '8', '7'];
const WUTZ_PLAIN: readonly Rank[] = ['A', 'Z', 'K', 'O', '9', '8', '7'];
const FERKEL_PLAIN: readonly Rank[] = ['A', 'Z', 'K', 'O', 'U'];
const FULL_PLAIN: readonly Rank[] = ['A', 'Z', 'K', 'O', 'U', '9', '8', '7'];

/**
 * The order of a contract: Keiler X (Sauerei, Mastschwein and Wilde Sauerei as a Herz-Keiler): O, U, X A Z K 9 8 7;
 * Eber: the Ober; Wutz: the Unter; Ferkelparade: E9 G9 H9 S9 E8 … S7; Knorpel: only the named card; Schwarte: none.
 */
export function trickOrder(game: Game, suit: Suit = 'H', card?: Card): TrickOrder {
  switch (game) {
    case 'mastschwein':
    case 'sauerei':
    case 'wilde-sauerei':
      return keiler('H');
    case 'keiler':
      return keiler(suit);
    case 'eber':
      return { trumps: OBER, plain: samePlain(EBER_PLAIN) };
    case 'wutz':
      return { trumps: UNTER, plain: samePlain(WUTZ_PLAIN) };
    case 'ferkelparade':
      return { trumps: [...rankRow('9'), ...rankRow('8'), ...rankRow('7')], plain: samePlain(FERKEL_PLAIN) };
    case 'knorpel':
      if (card === undefined) throw new Error('a Knorpel names its trump');
      return { trumps: [card], plain: samePlain(FULL_PLAIN) };
    case 'schwarte':
      return { trumps: [], plain: samePlain(FULL_PLAIN) };
    default: {
      const never: never = game;
      throw new Error(`unknown game ${String(never)}`);
    }
  }
}

function keiler(suit: Suit): TrickOrder {
  return { trumps: [...OBER, ...UNTER, ...KEILER_PLAIN.map((r) => cardOf(suit, r))], plain: samePlain(KEILER_PLAIN) };
}

const cache = new Map<string, CompiledOrder>();

/** Compiled orders are shared (immutable tables); `spiess` reverses every list ("am Spieß"). */
export function compiled(game: Game, suit: Suit = 'H', card?: Card, spiess = false): CompiledOrder {
  const key = `${game}:${suit}:${card ?? ''}:${spiess ? 1 : 0}`;
  let order = cache.get(key);
  if (order === undefined) {
    const base = trickOrder(game, suit, card);
    order = compileOrder(spiess ? reverseOrder(base) : base);
    cache.set(key, order);
  }
  return order;
}
