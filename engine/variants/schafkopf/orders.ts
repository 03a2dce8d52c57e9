import { type Card, type Rank, type Suit, SUITS, cardOf } from '../../cards/card.js';
import { type CompiledOrder, type TrickOrder, compileOrder, samePlain } from '../../tricks/order.js';

/** Card orders of Bavarian Schafkopf as data (docs/rules/schafkopf.md "Card orders"). */
const OBER: readonly Card[] = SUITS.map((s) => cardOf(s, 'O'));
const UNTER: readonly Card[] = SUITS.map((s) => cardOf(s, 'U'));
const suitCards = (suit: Suit, ranks: readonly Rank[]): Card[] => ranks.map((r) => cardOf(suit, r));

const PLAIN: readonly Rank[] = ['A', 'Z', 'K', '9', '8', '7'];
const PLAIN_WITH_OBER: readonly Rank[] = ['A', 'Z', 'K', 'O', '9', '8', '7'];
const PLAIN_WITH_UNTER: readonly Rank[] = ['A', 'Z', 'K', 'U', '9', '8', '7'];
const BETTEL_PLAIN: readonly Rank[] = ['A', 'K', 'O', 'U', 'Z', '9', '8', '7'];

export type OrderKind = 'normal' | 'solo' | 'wenz' | 'geier' | 'farbwenz' | 'farbgeier' | 'bettel';

export function trickOrder(kind: OrderKind, suit: Suit = 'H'): TrickOrder {
  switch (kind) {
    case 'normal':
    case 'solo':
      return { trumps: [...OBER, ...UNTER, ...suitCards(suit, PLAIN)], plain: samePlain(PLAIN) };
    case 'wenz':
      return { trumps: UNTER, plain: samePlain(PLAIN_WITH_OBER) };
    case 'geier':
      return { trumps: OBER, plain: samePlain(PLAIN_WITH_UNTER) };
    case 'farbwenz':
      return { trumps: [...UNTER, ...suitCards(suit, PLAIN_WITH_OBER)], plain: samePlain(PLAIN_WITH_OBER) };
    case 'farbgeier':
      return { trumps: [...OBER, ...suitCards(suit, PLAIN_WITH_UNTER)], plain: samePlain(PLAIN_WITH_UNTER) };
    case 'bettel':
      return { trumps: [], plain: samePlain(BETTEL_PLAIN) };
    default: {
      const never: never = kind;
      throw new Error(`unknown order ${String(never)}`);
    }
  }
}

const cache = new Map<string, CompiledOrder>();

/** Compiled orders are shared (they are immutable tables). */
export function compiled(kind: OrderKind, suit: Suit = 'H'): CompiledOrder {
  const key = `${kind}:${suit}`;
  let order = cache.get(key);
  if (order === undefined) {
    order = compileOrder(trickOrder(kind, suit));
    cache.set(key, order);
  }
  return order;
}
