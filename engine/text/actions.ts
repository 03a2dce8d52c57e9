import type { Card, Suit } from '../cards/card.js';
import { listVariants } from '../registry.js';
import type { Action } from '../variant.js';
import { type CardStyle, cardCode, styleOf, suitWord } from './cards.js';
import type { Kind, Lang } from './words.js';

/**
 * An action as the grammar sees it: its kind and every detail a command must (or may) name.
 * `implicit`: the action may be meant without a kind word, by naming its card or number alone (`EO`, `65`).
 */
export interface Described {
  readonly kind: Kind;
  readonly suit?: Suit;
  /** Cards the command names (play, bury, trog, called card …), in the action's order. */
  readonly cards: readonly Card[];
  /** Whether a command must name the cards (a play) or may leave them out (a Sauspiel names the suit or the Sau). */
  readonly cardsRequired: boolean;
  readonly under?: Card;
  readonly tout: boolean;
  readonly spiess: boolean;
  readonly value?: number | 'schwarz';
  readonly trick?: number;
  readonly implicit: boolean;
}

const base = { cards: [], cardsRequired: false, tout: false, spiess: false, implicit: false } as const;

/** Legal lists are mostly interned frozen actions: describe each once. */
const DESCRIBED = new WeakMap<Action, Described>();

export function describe(action: Action): Described {
  let d = DESCRIBED.get(action);
  if (d === undefined) {
    d = describeNew(action);
    DESCRIBED.set(action, d);
  }
  return d;
}

function describeNew(action: Action): Described {
  switch (action.type) {
    case 'pass':
    case 'knock':
    case 'kontra':
    case 're':
    case 'pick':
    case 'alone':
    case 'crack':
    case 'recrack':
    case 'huftritt':
    case 'stallgeruch':
      return { ...base, kind: action.type };
    case 'play':
      return { ...base, kind: action.type, cards: [action.card], cardsRequired: true, implicit: true };
    case 'accept':
      // A redacted accept (the card hidden from this audience) names no card.
      return {
        ...base,
        kind: action.type,
        cards: action.card === undefined ? [] : [action.card],
        cardsRequired: true,
        implicit: true,
      };
    case 'bury':
    case 'trog':
      return { ...base, kind: action.type, cards: action.cards, cardsRequired: true };
    case 'blitz':
      return { ...base, kind: 'blitz', cards: action.cards };
    case 'call':
      return {
        ...base,
        kind: 'call',
        cards: [action.card],
        // `call spades` names the called card by its suit; an unknown card put under must be named.
        cardsRequired: action.under !== undefined,
        implicit: true,
        ...(action.under !== undefined ? { under: action.under } : {}),
      };
    case 'bid': {
      if (action.value !== undefined) return { ...base, kind: 'bid:value', value: action.value, implicit: true };
      const game = action.game ?? '';
      const called =
        game === 'sauspiel' && action.suit !== undefined ? (action.card ?? `${action.suit}A`) : action.card;
      return {
        ...base,
        kind: `bid:${game}`,
        ...(action.suit !== undefined ? { suit: action.suit } : {}),
        cards: called !== undefined ? [called as Card] : [],
        // A renonce call names its Zehn or König; a plain Sauspiel names the suit or the Sau (or nothing).
        cardsRequired: action.card !== undefined && game !== 'sauspiel',
        tout: action.tout === true,
        // `mit der Alten`, `Gras-Sau`: a Sau alone calls it.
        implicit: game === 'sauspiel',
      };
    }
    case 'announce': {
      const called = action.game === 'sauerei' && action.suit !== undefined ? `${action.suit}A` : action.card;
      return {
        ...base,
        kind: `announce:${action.game}`,
        ...(action.suit !== undefined ? { suit: action.suit } : {}),
        cards: called !== undefined ? [called as Card] : [],
        cardsRequired: action.card !== undefined,
        tout: action.tout === true,
        spiess: action.spiess === true,
        // Mehrkopf's Muss-Spiel: `der Alte` alone names the card.
        implicit: action.game === 'muss',
      };
    }
    case 'choose': {
      const trick = /^trick-(\d+)$/.exec(action.choice);
      if (trick) return { ...base, kind: 'choose:trick', trick: Number(trick[1]), implicit: true };
      return {
        ...base,
        kind: `choose:${action.choice}`,
        cards: action.card !== undefined ? [action.card] : [],
        cardsRequired: action.card !== undefined,
      };
    }
    default: {
      const never: never = action;
      throw new Error(`unknown action ${(never as { type: string }).type}`);
    }
  }
}

const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Game names as chat writes them, from every registered variant's words (engine/variant.ts `VariantWords.gameNames`);
 * a game missing there is written as its id.
 */
const GAME_NAMES: Readonly<Record<Lang, Readonly<Record<string, string>>>> = {
  de: Object.assign({}, ...listVariants().map((v) => v.words?.gameNames?.de ?? {})) as Record<string, string>,
  en: Object.assign({}, ...listVariants().map((v) => v.words?.gameNames?.en ?? {})) as Record<string, string>,
};

const gameName = (game: string, lang: Lang): string => GAME_NAMES[lang][game] ?? cap(game);

/**
 * The command that means `action`, in `lang`: the same text {@link parseCommand} reads back into this action.
 * `legal` (the seat's legal list) gives context where one word means two things (`pass` is `ohne Trog` next to Trog).
 * @example labelAction({ type: 'bid', game: 'solo', suit: 'H', tout: true }, 'schafkopf', 'de') === 'Herz-Solo Tout'
 */
export function labelAction(action: Action, variant: string, lang: Lang, legal?: readonly Action[]): string {
  const style = styleOf(variant);
  const code = (c: Card): string => cardCode(c, style);
  const de = lang === 'de';
  switch (action.type) {
    case 'pass':
      if (legal?.some((a) => a.type === 'trog')) return de ? 'ohne Trog' : 'no trough';
      return de ? 'weiter' : 'pass';
    case 'knock':
      return de ? 'klopfen' : 'knock';
    case 'kontra':
      return de ? 'Kontra' : 'kontra';
    case 're':
      return de ? 'Re' : 're';
    case 'play':
      return code(action.card);
    case 'accept':
      return action.card === undefined
        ? de
          ? 'annehmen'
          : 'accept'
        : `${de ? 'annehmen' : 'accept'} ${code(action.card)}`;
    case 'pick':
      return de ? 'aufnehmen' : 'pick';
    case 'bury':
      return `${de ? 'vergraben' : 'bury'} ${action.cards.map(code).join(' ')}`.trim();
    case 'call':
      return (
        `${de ? 'rufen' : 'call'} ${code(action.card)}` +
        (action.under !== undefined ? ` ${de ? 'drunter' : 'under'} ${code(action.under)}` : '')
      );
    case 'alone':
      return de ? 'allein' : 'alone';
    case 'crack':
      return de ? 'Kontra' : 'crack';
    case 'recrack':
      return de ? 'Re' : 're-crack';
    case 'blitz':
      return `blitz ${action.cards.map(code).join(' ')}`.trim();
    case 'huftritt':
      return 'Huftritt';
    case 'stallgeruch':
      return 'Stallgeruch';
    case 'trog':
      return `${de ? 'Trog' : 'trough'} ${action.cards.map(code).join(' ')}`.trim();
    case 'bid':
      if (action.value !== undefined)
        return `${de ? 'grunz' : 'bid'} ${action.value === 'schwarz' ? 'Schwarz' : action.value}`;
      return gameLabel(action.game ?? '', action.suit, action.card, action.tout === true, false, lang, style);
    case 'announce':
      return gameLabel(
        action.game,
        action.suit,
        action.card,
        action.tout === true,
        action.spiess === true,
        lang,
        style,
      );
    case 'choose': {
      const trick = /^trick-(\d+)$/.exec(action.choice);
      if (trick) return `${de ? 'Stich' : 'trick'} ${trick[1]}`;
      const card = action.card !== undefined ? ` ${code(action.card)}` : '';
      switch (action.choice) {
        case 'redeal':
          return (de ? 'zusammenschmeißen' : 'redeal') + card;
        case 'refuse':
          return (de ? 'Blatt zurückgeben' : 'refuse hand') + card;
        case 'no-knock':
          return de ? 'nicht klopfen' : 'no knock';
        default:
          return gameName(action.choice, lang) + card;
      }
    }
    default: {
      const never: never = action;
      throw new Error(`unknown action ${(never as { type: string }).type}`);
    }
  }
}

/** A game as chat text: its name with the suit, called card, Tout and am Spieß (`Herz-Solo Tout`). */
export function gameLabel(
  game: string,
  suit: Suit | undefined,
  card: Card | undefined,
  tout: boolean,
  spiess: boolean,
  lang: Lang,
  style: CardStyle,
): string {
  const de = lang === 'de';
  const name = gameName(game, lang);
  const suitName = suit !== undefined ? suitWord(suit, lang, style) : '';
  let text: string;
  if (game === 'sauspiel' || game === 'sauerei') {
    // A renonce call names its card; otherwise the suit of the called Sau.
    text = card !== undefined ? `${name} ${cardCode(card, style)}` : suit !== undefined ? `${name} ${suitName}` : name;
  } else if (
    suit !== undefined &&
    (game === 'solo' || game === 'farbwenz' || game === 'farbgeier' || game === 'keiler')
  )
    text = de ? `${suitName}-${name}` : `${suitName} ${name}`;
  else {
    text = name;
    if (suit !== undefined) text += ` ${suitName}`;
    if (card !== undefined) text += ` ${cardCode(card, style)}`;
  }
  if (tout) text += ' Tout';
  if (spiess) text += de ? ' am Spieß' : ' reversed';
  return text;
}

/** Every legal action's command, in the legal list's order. */
export function legalCommands(legal: readonly Action[], variant: string, lang: Lang): string[] {
  return legal.map((a) => labelAction(a, variant, lang, legal));
}

/**
 * The legal commands as one short line: runs of point bids as a range (`grunz 61 … 120`), long runs of one kind that
 * name cards (burials, Knorpel, Muss-Spiel) as one example and a count, long lists cut.
 * @example summarizeCommands(legal, 'schafkopf', 'de') === 'EO · GU · H10'
 */
export function summarizeCommands(legal: readonly Action[], variant: string, lang: Lang, max = 16): string {
  const de = lang === 'de';
  const values = legal.flatMap((a) => (a.type === 'bid' && typeof a.value === 'number' ? [a.value] : []));
  const groupKey = (a: Action): string | undefined => {
    const d = describe(a);
    return d.kind !== 'play' && d.cards.length > 0 && d.cardsRequired ? `${d.kind}/${d.tout}/${d.spiess}` : undefined;
  };
  const groups = new Map<string, number>();
  for (const a of legal) {
    const key = groupKey(a);
    if (key !== undefined) groups.set(key, (groups.get(key) ?? 0) + 1);
  }
  const parts: string[] = [];
  const shown = new Set<string>();
  for (const a of legal) {
    if (a.type === 'bid' && typeof a.value === 'number' && values.length > 3) {
      if (!shown.has('bid:value'))
        parts.push(`${de ? 'grunz' : 'bid'} ${Math.min(...values)} … ${Math.max(...values)}`);
      shown.add('bid:value');
      continue;
    }
    const key = groupKey(a);
    const size = key !== undefined ? (groups.get(key) ?? 0) : 0;
    if (key !== undefined && size > 6) {
      if (!shown.has(key))
        parts.push(`${labelAction(a, variant, lang, legal)} … (${size} ${de ? 'Möglichkeiten' : 'choices'})`);
      shown.add(key);
      continue;
    }
    // The same bid in several suits once: `Eichel/Gras/Herz/Schellen-Solo Tout`.
    const family = suitFamily(a, legal);
    if (family !== undefined) {
      if (!shown.has(family.key)) {
        const style = styleOf(variant);
        const names = family.suits.map((x) => suitWord(x, lang, style));
        parts.push(
          labelAction(a, variant, lang, legal).replace(suitWord(family.suits[0] as Suit, lang, style), names.join('/')),
        );
      }
      shown.add(family.key);
      continue;
    }
    parts.push(labelAction(a, variant, lang, legal));
  }
  if (parts.length <= max) return parts.join(' · ');
  const more = parts.length - max;
  return `${parts.slice(0, max).join(' · ')} · … (${de ? `${more} weitere` : `${more} more`})`;
}

/** Bids and announcements that differ only in their suit (no card): the suits in list order, when more than one. */
function suitFamily(a: Action, legal: readonly Action[]): { key: string; suits: Suit[] } | undefined {
  if ((a.type !== 'bid' && a.type !== 'announce') || a.suit === undefined || a.card !== undefined) return undefined;
  const key = (b: Action): string | undefined =>
    (b.type === 'bid' || b.type === 'announce') && b.suit !== undefined && b.card === undefined
      ? JSON.stringify({ ...b, suit: undefined })
      : undefined;
  const own = key(a) as string;
  const suits = legal.flatMap((b) =>
    key(b) === own && (b.type === 'bid' || b.type === 'announce') && b.suit ? [b.suit] : [],
  );
  return suits.length > 1 ? { key: own, suits } : undefined;
}
