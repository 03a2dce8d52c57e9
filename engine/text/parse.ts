import { type Card, type Suit, CARDS, type Rank, cardOf, rankOf, suitOf } from '../cards/card.js';
import type { Action } from '../variant.js';
import { type Described, describe, labelAction, legalCommands, summarizeCommands } from './actions.js';
import { type CardStyle, cardToken, styleOf } from './cards.js';
import { type Kind, type Lang, NICK_CARDS, SUIT_PREFIXES, type Word, correct, lookup, normalize } from './words.js';

/** Cards a phrase may mean (`Ober` → four cards, `der Alte` → one); `under` marks Sheepshead's unknown card. */
interface Pattern {
  readonly cards: ReadonlySet<Card>;
  readonly under: boolean;
  readonly text: string;
}

/** What a command says, before it is held against the legal actions. */
export interface Query {
  readonly strong: (readonly Kind[])[];
  readonly weak: (readonly Kind[])[];
  readonly suits: Suit[];
  readonly patterns: Pattern[];
  readonly values: (number | 'schwarz')[];
  readonly tricks: number[];
  tout: boolean;
  spiess: boolean;
  readonly unknown: string[];
  /** Words seen per language, to answer in the language the command was written in. */
  readonly votes: { de: number; en: number };
}

const NUMBER_RANK: Readonly<Record<string, Rank>> = { '6': '6', '7': '7', '8': '8', '9': '9', '10': 'Z' };

/** A word as read: the lexicon entry, a card written as one token, or a number. */
type Token =
  | { readonly k: 'word'; readonly w: Word; readonly text: string }
  | { readonly k: 'card'; readonly card: Card; readonly text: string }
  | { readonly k: 'number'; readonly n: number; readonly text: string }
  | { readonly k: 'unknown'; readonly text: string };

function read(raw: string, style: CardStyle): Token[] {
  const out: Token[] = [];
  for (const text of raw.split(' ')) {
    if (text === '') continue;
    if (/^\d+$/.test(text)) {
      out.push({ k: 'number', n: Number(text), text });
      continue;
    }
    const asCard = cardToken(text);
    const word = lookup(text);
    // `AS` is the ace of spades at a Sheepshead table and "an ace" (Ass) at a Schafkopf table.
    if (asCard !== undefined && (word === undefined || style === 'french')) {
      out.push({ k: 'card', card: asCard, text });
      continue;
    }
    if (word !== undefined) {
      out.push({ k: 'word', w: word, text });
      continue;
    }
    const split = splitCompound(text);
    if (split !== undefined) {
      for (const part of split) out.push({ k: 'word', w: lookup(part) as Word, text: part });
      continue;
    }
    const fixed = correct(text);
    if (fixed !== undefined) out.push({ k: 'word', w: lookup(fixed) as Word, text: fixed });
    else out.push({ k: 'unknown', text });
  }
  return out;
}

/** `herzsolo` → `herz solo`, `eichelober` → `eichel ober`, `grassau` → `gras sau`. */
function splitCompound(text: string): string[] | undefined {
  for (const prefix of SUIT_PREFIXES) {
    if (!text.startsWith(prefix) || text.length === prefix.length) continue;
    const rest = text.slice(prefix.length);
    const w = lookup(rest);
    if (w !== undefined && (w.t === 'rank' || w.t === 'kind')) return [prefix, rest];
  }
  return undefined;
}

const rankOfToken = (t: Token | undefined): Rank | undefined =>
  t === undefined
    ? undefined
    : t.k === 'word' && t.w.t === 'rank'
      ? t.w.rank
      : t.k === 'number'
        ? NUMBER_RANK[String(t.n)]
        : undefined;
const suitOfToken = (t: Token | undefined): Suit | undefined =>
  t !== undefined && t.k === 'word' && t.w.t === 'suit' ? t.w.suit : undefined;

const allOfRank = (rank: Rank): Set<Card> => new Set(CARDS.filter((c) => rankOf(c) === rank));

/** A full card starting at `i` (one token, `suit rank`, `rank suit`, `rank of suit`): the card and its length. */
function cardAt(tokens: readonly Token[], i: number): { card: Card; length: number } | undefined {
  const t = tokens[i];
  if (t === undefined) return undefined;
  if (t.k === 'card') return { card: t.card, length: 1 };
  const suit = suitOfToken(t);
  const next = tokens[i + 1];
  if (suit !== undefined) {
    const rank = rankOfToken(next);
    return rank !== undefined ? { card: cardOf(suit, rank), length: 2 } : undefined;
  }
  const rank = rankOfToken(t) ?? (t.k === 'unknown' ? FRENCH_LETTER[t.text] : undefined);
  if (rank === undefined) return undefined;
  const after = suitOfToken(next);
  if (after !== undefined) return { card: cardOf(after, rank), length: 2 };
  if (next?.k === 'word' && next.w.t === 'of') {
    const s = suitOfToken(tokens[i + 2]);
    if (s !== undefined) return { card: cardOf(s, rank), length: 3 };
  }
  return undefined;
}

/** `Q of clubs`, `J of diamonds`: single letters only count before `of`. */
const FRENCH_LETTER: Readonly<Record<string, Rank>> = { a: 'A', k: 'K', q: 'O', j: 'U', t: 'Z' };

/** Read a command into a {@link Query}. */
export function scan(text: string, style: CardStyle): Query {
  const tokens = read(normalize(text), style);
  const q: Query = {
    strong: [],
    weak: [],
    suits: [],
    patterns: [],
    values: [],
    tricks: [],
    tout: false,
    spiess: false,
    unknown: [],
    votes: { de: 0, en: 0 },
  };
  const vote = (lang: Lang | '*'): void => {
    if (lang !== '*') q.votes[lang]++;
  };
  let under = false;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    const card = cardAt(tokens, i);
    // `rufen AH unter 7C`: Unter before a whole card marks the card put under.
    if (card === undefined && t.k === 'word' && t.w.t === 'rank' && t.text === 'unter' && cardAt(tokens, i + 1)) {
      under = true;
      continue;
    }
    if (card !== undefined) {
      for (let j = i; j < i + card.length; j++) {
        const tj = tokens[j];
        if (tj?.k === 'word') vote(tj.w.lang);
      }
      q.patterns.push({ cards: new Set([card.card]), under, text: t.text });
      under = false;
      i += card.length - 1;
      continue;
    }
    if (t.k === 'number') {
      const prev = tokens[i - 1];
      if (prev?.k === 'word' && prev.w.t === 'trick') q.tricks.push(t.n);
      else if (t.n > 10) q.values.push(t.n);
      else if (NUMBER_RANK[String(t.n)] !== undefined)
        q.patterns.push({ cards: allOfRank(NUMBER_RANK[String(t.n)] as Rank), under, text: t.text });
      else q.tricks.push(t.n);
      continue;
    }
    if (t.k === 'unknown') {
      q.unknown.push(t.text);
      continue;
    }
    if (t.k === 'card') continue;
    const w = t.w;
    vote(w.lang);
    switch (w.t) {
      case 'suit':
        q.suits.push(w.suit);
        break;
      case 'rank':
        q.patterns.push({ cards: allOfRank(w.rank), under, text: t.text });
        under = false;
        break;
      case 'nick': {
        const names = NICK_CARDS[t.text] ?? {};
        const prev = tokens[i - 1];
        const gender = prev?.k === 'word' && prev.w.t === 'article' ? prev.w.gender : 'mf';
        // `der Alte` / `den Alten` is the Ober; `die Alte` / `(mit) der Alten` the Sau.
        const masculine = w.dative ? prev?.text === 'den' || prev?.text === 'dem' : gender === 'm';
        const feminine = w.dative ? prev?.text === 'der' : gender === 'f';
        const cards = new Set<Card>();
        if (names.m !== undefined && !feminine) cards.add(names.m);
        if (names.f !== undefined && !masculine) cards.add(names.f);
        if (cards.size === 0 && names.f !== undefined) cards.add(names.f);
        q.patterns.push({ cards, under, text: t.text });
        under = false;
        break;
      }
      case 'kind':
        (w.strong ? q.strong : q.weak).push(w.kinds);
        break;
      case 'tout':
        q.tout = true;
        break;
      case 'spiess':
        q.spiess = true;
        break;
      case 'schwarz':
        q.values.push('schwarz');
        break;
      case 'under':
        under = true;
        break;
      case 'trick':
        q.strong.push(['choose:trick']);
        break;
      case 'article':
      case 'of':
      case 'filler':
        break;
      default: {
        const never: never = w;
        throw new Error(`unknown word ${JSON.stringify(never)}`);
      }
    }
  }
  // `Eichel-Wenz` is the Farbwenz, `Gras Geier` the Farbgeier.
  if (q.suits.length > 0)
    for (let k = 0; k < q.strong.length; k++) {
      const kinds = q.strong[k] as readonly Kind[];
      if (kinds.length === 1 && (kinds[0] === 'bid:wenz' || kinds[0] === 'bid:geier'))
        q.strong[k] = [...kinds, `bid:farb${kinds[0].slice(4)}`];
    }
  return q;
}

const kindIn = (kind: Kind, kinds: readonly Kind[]): boolean =>
  kinds.some((k) => k === kind || (k.endsWith(':*') && kind.startsWith(k.slice(0, -1))));

/**
 * Whether the query means the described action. `strict`: everything the action needs is named and nothing the
 * query names is left over. Without `strict` (suggestions) missing details are forgiven, contradictions are not.
 */
export function matches(q: Query, d: Described, strict: boolean): boolean {
  if (q.strong.length > 0) {
    if (!q.strong.every((kinds) => kindIn(d.kind, kinds))) return false;
  } else if (q.weak.length > 0) {
    if (!q.weak.every((kinds) => kindIn(d.kind, kinds))) return false;
  } else if (strict && !d.implicit) return false;
  if (q.tout !== d.tout && (strict || q.tout)) return false;
  if (q.spiess !== d.spiess && (strict || q.spiess)) return false;
  // Numbers: a point bid or a trick.
  if (q.values.length > 0 && (d.value === undefined || !q.values.every((v) => v === d.value))) return false;
  if (strict && d.value !== undefined && q.values.length === 0) return false;
  if (q.tricks.length > 0 && (d.trick === undefined || !q.tricks.every((v) => v === d.trick))) return false;
  if (strict && d.trick !== undefined && q.tricks.length === 0) return false;
  // Suits: the bid's suit, or the suit of the one card it names.
  for (const s of q.suits) {
    const own = d.suit === s || (d.cards.length === 1 && suitOf(d.cards[0] as Card) === s);
    if (!own) return false;
  }
  if (!cardsMatch(q.patterns, d, strict)) return false;
  if (strict && q.strong.length === 0 && q.weak.length === 0 && d.implicit) {
    // Named by its card or number alone: something must name it.
    if (q.patterns.length === 0 && q.values.length === 0 && q.tricks.length === 0) return false;
  }
  return true;
}

function cardsMatch(patterns: readonly Pattern[], d: Described, strict: boolean): boolean {
  const slots: { card: Card; under: boolean }[] = d.cards.map((card) => ({ card, under: false }));
  if (d.under !== undefined) slots.push({ card: d.under, under: true });
  if (patterns.length === 0) return !(strict && d.cardsRequired);
  if (patterns.length > slots.length) return false;
  if (strict && patterns.length < slots.length && d.cardsRequired) return false;
  // Sheepshead's unknown card: marked patterns go under, unmarked ones to the called card (small: brute force).
  const marked = patterns.some((p) => p.under);
  const used = new Array<boolean>(slots.length).fill(false);
  const assign = (i: number): boolean => {
    if (i === patterns.length) return true;
    const p = patterns[i] as Pattern;
    for (let j = 0; j < slots.length; j++) {
      const slot = slots[j] as { card: Card; under: boolean };
      if (used[j] || !p.cards.has(slot.card) || (marked && p.under !== slot.under)) continue;
      used[j] = true;
      if (assign(i + 1)) return true;
      used[j] = false;
    }
    return false;
  };
  return assign(0);
}

/** The outcome of reading a command against a seat's legal actions. */
export type ParseResult =
  | { readonly ok: true; readonly action: Action; readonly command: string; readonly lang: Lang }
  | {
      readonly ok: false;
      /** `empty`, `nothing-legal`, `unknown-words`, `no-match` or `ambiguous`. */
      readonly reason: 'empty' | 'nothing-legal' | 'unknown-words' | 'no-match' | 'ambiguous';
      /** A short answer in `lang` saying what is legal (as commands). */
      readonly message: string;
      /** The actions the command may have meant (all legal actions when nothing came close). */
      readonly candidates: readonly Action[];
      /** Every legal action as a command, in `lang`. */
      readonly commands: readonly string[];
      readonly unknown: readonly string[];
      readonly lang: Lang;
    };

export interface ParseOptions {
  /** The variant id (card style, labels). */
  readonly variant: string;
  /** The language to answer in; by default the one the command is written in (German when unsure). */
  readonly lang?: Lang;
}

const sameAction = (a: Action, b: Action): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * Read a chat command (`EO`, `Eichel-Ober`, `Herz Solo Tout`, `bury 7D 8D`, `grunz 65` …) against the seat's legal
 * actions. The command must mean exactly one legal action; otherwise the answer lists what is legal.
 * @example parseCommand('der Alte', legal, { variant: 'schafkopf' }) → { ok: true, action: { type: 'play', card: 'EO' } }
 */
export function parseCommand(text: string, legal: readonly Action[], options: ParseOptions): ParseResult {
  const style = styleOf(options.variant);
  const q = scan(text, style);
  // Unclear (no word of either language, or as many of each): the table's own language, English where the cards
  // are French (Sheepshead), German elsewhere.
  const lang: Lang =
    options.lang ??
    (q.votes.en > q.votes.de ? 'en' : q.votes.de > q.votes.en ? 'de' : style === 'french' ? 'en' : 'de');
  const fail = (reason: Exclude<ParseResult, { ok: true }>['reason'], candidates: readonly Action[]): ParseResult => ({
    ok: false,
    reason,
    message: explain(reason, text, q.unknown, candidates, legal, options.variant, lang),
    candidates,
    commands: legalCommands(legal, options.variant, lang),
    unknown: q.unknown,
    lang,
  });
  if (legal.length === 0) return fail('nothing-legal', []);
  const empty =
    q.strong.length === 0 &&
    q.weak.length === 0 &&
    q.suits.length === 0 &&
    q.patterns.length === 0 &&
    q.values.length === 0 &&
    q.tricks.length === 0 &&
    !q.tout &&
    !q.spiess;
  if (empty && q.unknown.length === 0) return fail('empty', legal);
  const described = legal.map(describe);
  const near = (): readonly Action[] => {
    const found = legal.filter((_, i) => matches(q, described[i] as Described, false));
    return found.length > 0 && !empty ? found : legal;
  };
  if (q.unknown.length > 0) return fail('unknown-words', near());
  const exact = legal.filter((_, i) => matches(q, described[i] as Described, true));
  const distinct = exact.length === 1 ? exact : exact.filter((a, i) => exact.findIndex((b) => sameAction(a, b)) === i);
  if (distinct.length === 1) {
    const action = distinct[0] as Action;
    return { ok: true, action, command: labelAction(action, options.variant, lang, legal), lang };
  }
  if (distinct.length > 1) return fail('ambiguous', distinct);
  return fail('no-match', near());
}

const MESSAGES: Readonly<Record<Lang, Readonly<Record<Exclude<ParseResult, { ok: true }>['reason'], string>>>> = {
  de: {
    empty: 'Was möchtest du tun?',
    'nothing-legal': 'Du bist gerade nicht dran.',
    'unknown-words': 'Das verstehe ich nicht',
    'no-match': 'Das geht gerade nicht',
    ambiguous: 'Das ist nicht eindeutig',
  },
  en: {
    empty: 'What would you like to do?',
    'nothing-legal': 'It is not your turn.',
    'unknown-words': 'I do not understand',
    'no-match': 'That is not possible now',
    ambiguous: 'That could mean more than one thing',
  },
};

function explain(
  reason: Exclude<ParseResult, { ok: true }>['reason'],
  text: string,
  unknown: readonly string[],
  candidates: readonly Action[],
  legal: readonly Action[],
  variant: string,
  lang: Lang,
): string {
  const de = lang === 'de';
  const head = MESSAGES[lang][reason];
  if (reason === 'nothing-legal') return head;
  const quoted = de ? `„${text.trim()}“` : `"${text.trim()}"`;
  const what =
    reason === 'unknown-words'
      ? `${head}: ${unknown.map((u) => (de ? `„${u}“` : `"${u}"`)).join(', ')}.`
      : reason === 'empty'
        ? head
        : `${head}: ${quoted}.`;
  const list = candidates.length > 0 && candidates.length < legal.length ? candidates : legal;
  const lead =
    reason === 'ambiguous'
      ? de
        ? 'Meinst du'
        : 'Did you mean'
      : list === legal
        ? de
          ? 'Möglich'
          : 'Legal'
        : de
          ? 'Vielleicht'
          : 'Perhaps';
  return `${what} ${lead}: ${summarizeCommands(list, variant, lang)}${reason === 'ambiguous' ? '?' : ''}`;
}

/** The cards a command names one by one (`bury 7D 8D` → `S7`, `S8`), for building card-list actions to read against. */
export function cardsNamed(text: string, variant: string): Card[] {
  return scan(text, styleOf(variant)).patterns.flatMap((p) => (p.cards.size === 1 ? [...p.cards] : []));
}
