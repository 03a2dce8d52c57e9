/**
 * Cards and notation (docs/RECORD.md): a card id is a suit letter followed by a rank letter.
 * Internally every card also has a dense index (suit * 12 + rank) used by the hot paths.
 */

export const SUITS = ['E', 'G', 'H', 'S'] as const;
export type Suit = (typeof SUITS)[number];

/** Ranks, highest first in the "natural" order; variants define their own orders. */
export const RANKS = ['A', 'Z', 'S', 'K', 'O', 'U', 'G', '9', '8', '7', '6', 'P'] as const;
export type Rank = (typeof RANKS)[number];

/** A canonical card id such as `EO` (Eichel-Ober) or `HZ` (Herz-Zehn). */
export type Card = `${Suit}${Rank}`;

/** Dense card index 0..47 (suit * 12 + rank index). */
export type CardIndex = number;

export const CARD_COUNT = SUITS.length * RANKS.length;

/** Card points (Augen) per rank: Sau 11, Zehn 10, Schöne 6, König 4, Ober 3, Unter 2, Gefreiter 1, Preuße −7. */
export const RANK_POINTS: Readonly<Record<Rank, number>> = {
  A: 11,
  Z: 10,
  S: 6,
  K: 4,
  O: 3,
  U: 2,
  G: 1,
  '9': 0,
  '8': 0,
  '7': 0,
  '6': 0,
  P: -7,
};

const SUIT_INDEX: Readonly<Record<Suit, number>> = { E: 0, G: 1, H: 2, S: 3 };
const RANK_INDEX = Object.fromEntries(RANKS.map((r, i) => [r, i])) as Record<Rank, number>;

/** All 48 card ids by index. */
export const CARDS: readonly Card[] = SUITS.flatMap((s) => RANKS.map((r) => `${s}${r}` as Card));

/** Points by card index (hot-path table). */
export const POINTS: Int8Array = Int8Array.from(CARDS, (c) => RANK_POINTS[rankOf(c)]);
/** Suit index (0..3) by card index. */
export const SUIT_OF: Uint8Array = Uint8Array.from(CARDS, (_, i) => Math.floor(i / RANKS.length));

export function suitOf(card: Card): Suit {
  return card[0] as Suit;
}
export function rankOf(card: Card): Rank {
  return card[1] as Rank;
}
export function cardOf(suit: Suit, rank: Rank): Card {
  return `${suit}${rank}`;
}
/** Card index by the two char codes of its id (`code0 * 128 + code1`), -1 for no card: no hashing on the hot path. */
const CODE_INDEX: Int8Array = new Int8Array(128 * 128).fill(-1);
CARDS.forEach((c, i) => {
  CODE_INDEX[c.charCodeAt(0) * 128 + c.charCodeAt(1)] = i;
});

export function indexOf(card: Card): CardIndex {
  if (typeof card === 'string' && card.length === 2) {
    const a = card.charCodeAt(0);
    const b = card.charCodeAt(1);
    if (a < 128 && b < 128) {
      const index = CODE_INDEX[a * 128 + b] as number;
      if (index >= 0) return index;
    }
  }
  throw new RangeError(`not a card: ${String(card)}`);
}
export function cardAt(index: CardIndex): Card {
  const card = CARDS[index];
  if (card === undefined) throw new RangeError(`no card at index ${index}`);
  return card;
}
export function pointsOf(card: Card): number {
  return RANK_POINTS[rankOf(card)];
}
export function isCard(value: unknown): value is Card {
  if (typeof value !== 'string' || value.length !== 2) return false;
  const a = value.charCodeAt(0);
  const b = value.charCodeAt(1);
  return a < 128 && b < 128 && (CODE_INDEX[a * 128 + b] as number) >= 0;
}

// Input spellings (docs/RECORD.md): canonical ids, `E10`, Sheepshead `QC`, `JD`, `10H`, `AD`, `7S`, `Q♣`, `J♦`.
const FRENCH_SUITS: Readonly<Record<string, Suit>> = {
  C: 'E',
  '♣': 'E',
  '♧': 'E',
  S: 'G',
  '♠': 'G',
  '♤': 'G',
  H: 'H',
  '♥': 'H',
  '♡': 'H',
  D: 'S',
  '♦': 'S',
  '♢': 'S',
};
const FRENCH_RANKS: Readonly<Record<string, Rank>> = {
  A: 'A',
  '10': 'Z',
  T: 'Z',
  K: 'K',
  Q: 'O',
  J: 'U',
  '9': '9',
  '8': '8',
  '7': '7',
  '6': '6',
};
const GERMAN_RANK_ALIASES: Readonly<Record<string, Rank>> = { '10': 'Z', X: 'Z' };

/**
 * Parse a card in any accepted spelling, case-insensitively; returns undefined when it is not a card.
 * @example parseCard('e10') === 'EZ'; parseCard('QC') === 'EO'; parseCard('J♦') === 'SU'
 */
export function parseCard(input: string): Card | undefined {
  const text = input.trim().toUpperCase();
  if (text.length < 2) return undefined;
  // German: suit letter first (E, G, H, S), then a rank letter or 10.
  const german = parseGerman(text);
  // French (Sheepshead): rank first then suit letter/symbol (QC, 10H, J♦), or rank then symbol.
  const french = parseFrench(text);
  // `SA` is both the canonical Schellen-Sau and nothing in French; `AS` is French ace of spades and not German.
  // Where both parse (e.g. `HK`? French rank H does not exist) German wins: canonical ids are German.
  return german ?? french;
}

function parseGerman(text: string): Card | undefined {
  const suit = text[0] as Suit;
  if (!(suit in SUIT_INDEX)) return undefined;
  const rest = text.slice(1);
  const rank = (GERMAN_RANK_ALIASES[rest] ?? (rest.length === 1 ? rest : undefined)) as Rank | undefined;
  if (rank === undefined || !(rank in RANK_INDEX)) return undefined;
  return cardOf(suit, rank);
}

function parseFrench(text: string): Card | undefined {
  const chars = Array.from(text);
  const suitChar = chars[chars.length - 1];
  if (suitChar === undefined) return undefined;
  const suit = FRENCH_SUITS[suitChar];
  const rank = FRENCH_RANKS[chars.slice(0, -1).join('')];
  if (suit === undefined || rank === undefined) return undefined;
  return cardOf(suit, rank);
}

/** Parse a whitespace/comma separated list of cards (test and CLI notation). Throws on a bad card. */
export function parseCards(text: string): Card[] {
  return text
    .split(/[\s,]+/)
    .filter((t) => t.length > 0)
    .map((t) => {
      const card = parseCard(t);
      if (card === undefined) throw new Error(`not a card: ${t}`);
      return card;
    });
}

export type Language = 'de' | 'en';
export type Style = 'german' | 'french';

const SUIT_NAMES: Readonly<Record<Language, Record<Suit, string>>> = {
  de: { E: 'Eichel', G: 'Gras', H: 'Herz', S: 'Schellen' },
  en: { E: 'Acorns', G: 'Leaves', H: 'Hearts', S: 'Bells' },
};
const RANK_NAMES: Readonly<Record<Language, Record<Rank, string>>> = {
  de: {
    A: 'Sau',
    Z: 'Zehn',
    S: 'Schöne',
    K: 'König',
    O: 'Ober',
    U: 'Unter',
    G: 'Gefreiter',
    '9': 'Neun',
    '8': 'Acht',
    '7': 'Sieben',
    '6': 'Sechs',
    P: 'Preuße',
  },
  en: {
    A: 'Ace',
    Z: 'Ten',
    S: 'Beauty',
    K: 'King',
    O: 'Ober',
    U: 'Unter',
    G: 'Private',
    '9': 'Nine',
    '8': 'Eight',
    '7': 'Seven',
    '6': 'Six',
    P: 'Prussian',
  },
};
const FRENCH_SYMBOL: Readonly<Record<Suit, string>> = { E: '♣', G: '♠', H: '♥', S: '♦' };
const FRENCH_RANK: Partial<Record<Rank, string>> = {
  A: 'A',
  Z: '10',
  K: 'K',
  O: 'Q',
  U: 'J',
  '9': '9',
  '8': '8',
  '7': '7',
};

/**
 * Display name of a card. German style: `Eichel-Ober` (de) / `Ober of Acorns` (en);
 * French style (Sheepshead): `Q♣`.
 */
export function displayName(card: Card, language: Language = 'de', style: Style = 'german'): string {
  const suit = suitOf(card);
  const rank = rankOf(card);
  if (style === 'french') return `${FRENCH_RANK[rank] ?? rank}${FRENCH_SYMBOL[suit]}`;
  if (language === 'de') return `${SUIT_NAMES.de[suit]}-${RANK_NAMES.de[rank]}`;
  return `${RANK_NAMES.en[rank]} of ${SUIT_NAMES.en[suit]}`;
}

/** French suit names (Sheepshead's deck): Eichel is clubs, Gras spades, Herz hearts, Schellen diamonds. */
const FRENCH_SUIT_NAMES: Readonly<Record<Suit, string>> = { E: 'clubs', G: 'spades', H: 'hearts', S: 'diamonds' };

/** A suit's name: German style `Gras` (de) / `Leaves` (en); French style (Sheepshead) `spades`. */
export function suitName(suit: Suit, language: Language = 'de', style: Style = 'german'): string {
  return style === 'french' ? FRENCH_SUIT_NAMES[suit] : SUIT_NAMES[language][suit];
}

/** Every suit's name (see {@link suitName}), e.g. for the messages of a follow rule. */
export function suitNames(language: Language = 'de', style: Style = 'german'): Readonly<Record<Suit, string>> {
  return style === 'french' ? FRENCH_SUIT_NAMES : SUIT_NAMES[language];
}
