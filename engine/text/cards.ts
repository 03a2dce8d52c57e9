import { type Card, type Rank, type Suit, parseCard, rankOf, suitOf } from '../cards/card.js';
import { getVariant } from '../registry.js';
import type { Lang } from './words.js';

/** How cards are written in chat: German suits (`EO`, `H10`) or French (`QC`, `10H`, Sheepshead). */
export type CardStyle = 'german' | 'french';

/** The variant's card style (engine/variant.ts `cardStyle`: Sheepshead is talked about with French suits); default German. */
export function styleOf(variant: string): CardStyle {
  return getVariant(variant)?.cardStyle ?? 'german';
}

const FRENCH_SUIT: Readonly<Record<Suit, string>> = { E: 'C', G: 'S', H: 'H', S: 'D' };
const FRENCH_RANK: Partial<Readonly<Record<Rank, string>>> = { O: 'Q', U: 'J', Z: '10' };

/**
 * The short code a chat shows and accepts back for a card: `EO`, `H10`, `GA` (German), `QC`, `10H`, `AD` (French).
 * @example cardCode('HZ', 'german') === 'H10'; cardCode('SU', 'french') === 'JD'
 */
export function cardCode(card: Card, style: CardStyle): string {
  const suit = suitOf(card);
  const rank = rankOf(card);
  if (style === 'french') return `${FRENCH_RANK[rank] ?? rank}${FRENCH_SUIT[suit]}`;
  return `${suit}${rank === 'Z' ? '10' : rank}`;
}

/** A one-token card (`eo`, `e10`, `qc`, `10h`, `q♣`, `♣q`) or undefined. */
export function cardToken(token: string): Card | undefined {
  if (token.length < 2 || token.length > 4) return undefined;
  const direct = parseCard(token);
  if (direct !== undefined) return direct;
  // A suit symbol first (`♣Q`, `♥10`).
  const chars = Array.from(token);
  const first = chars[0] ?? '';
  if ('♣♧♠♤♥♡♦♢'.includes(first)) return parseCard(chars.slice(1).join('') + first);
  return undefined;
}

const SUIT_NAMES: Readonly<Record<Lang, Record<Suit, string>>> = {
  de: { E: 'Eichel', G: 'Gras', H: 'Herz', S: 'Schellen' },
  en: { E: 'Acorns', G: 'Leaves', H: 'Hearts', S: 'Bells' },
};
const FRENCH_SUIT_NAMES: Readonly<Record<Lang, Record<Suit, string>>> = {
  de: { E: 'Kreuz', G: 'Pik', H: 'Herz', S: 'Karo' },
  en: { E: 'Clubs', G: 'Spades', H: 'Hearts', S: 'Diamonds' },
};

/** A suit's name in chat text (French names for Sheepshead). */
export function suitWord(suit: Suit, lang: Lang, style: CardStyle = 'german'): string {
  return (style === 'french' ? FRENCH_SUIT_NAMES : SUIT_NAMES)[lang][suit];
}
