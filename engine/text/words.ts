import type { Card, Rank, Suit } from '../cards/card.js';
import { listVariants } from '../registry.js';
import type { KindWords } from '../variant.js';

/**
 * The words of the chat grammar (docs/chat-commands.md): how people write cards, games and announcements in German
 * and English, normalised the way {@link normalize} spells them (lower case, umlauts as ae/oe/ue, ß as ss).
 */

export type Lang = 'de' | 'en';

/**
 * What an action is, for matching words against it: the action type, with the game (`bid:solo`, `announce:keiler`)
 * or the choice (`choose:ramsch`, `choose:trick`) where the type alone says too little. Saukopf point bids are
 * `bid:value`.
 */
export type Kind = string;

/** A word of the lexicon and what it means. `lang` says which language it belongs to ('*' = both). */
export type Word =
  | { readonly t: 'suit'; readonly suit: Suit; readonly lang: Lang | '*' }
  | { readonly t: 'rank'; readonly rank: Rank; readonly lang: Lang | '*' }
  /** Schafkopf nicknames: the masculine form is an Ober (der Alte), the feminine a Sau (die Alte). */
  | { readonly t: 'nick'; readonly m?: Card; readonly f?: Card; readonly dative: boolean; readonly lang: Lang | '*' }
  /** `strong` kind words fix the action kind; weak ones (spielen, play, bid) only count when no strong one is given. */
  | { readonly t: 'kind'; readonly kinds: readonly Kind[]; readonly strong: boolean; readonly lang: Lang | '*' }
  | { readonly t: 'tout'; readonly lang: Lang | '*' }
  | { readonly t: 'spiess'; readonly lang: Lang | '*' }
  | { readonly t: 'schwarz'; readonly lang: Lang | '*' }
  /** Sheepshead: the card after it is the "unknown" card put under (`call AH under 7C`). */
  | { readonly t: 'under'; readonly lang: Lang | '*' }
  /** `Stich 3` / `trick 3`: the leaster blind trick the dealer names. */
  | { readonly t: 'trick'; readonly lang: Lang | '*' }
  | { readonly t: 'article'; readonly gender: 'm' | 'f' | 'mf'; readonly lang: Lang | '*' }
  /** `of` / `von`: glues `queen of clubs`. */
  | { readonly t: 'of'; readonly lang: Lang | '*' }
  | { readonly t: 'filler'; readonly lang: Lang | '*' };

const LEXICON = new Map<string, Word>();

function add(words: string, word: Word): void {
  for (const w of words.split(' ')) if (w !== '') LEXICON.set(w, word);
}

const suit = (s: Suit, lang: Lang | '*', words: string): void => add(words, { t: 'suit', suit: s, lang });
const rank = (r: Rank, lang: Lang | '*', words: string): void => add(words, { t: 'rank', rank: r, lang });
const kind = (lang: Lang | '*', words: string, kinds: readonly Kind[], strong = true): void =>
  add(words, { t: 'kind', kinds, strong, lang });

suit('E', 'de', 'eichel eicheln eichl aichel kreuz');
suit('G', 'de', 'gras grass gruen grun laub pik');
suit('H', 'de', 'herz herzen rot');
suit('S', 'de', 'schellen schelln schell schelle karo');
suit('E', 'en', 'acorns acorn clubs club');
suit('G', 'en', 'leaves leaf greens green spades spade');
suit('H', 'en', 'hearts heart');
suit('S', 'en', 'bells bell diamonds diamond');

rank('A', 'de', 'sau sauen ass as daus');
rank('Z', 'de', 'zehn zehner');
rank('K', 'de', 'koenig konig koenich kini');
rank('O', '*', 'ober');
rank('U', 'de', 'unter');
rank('9', 'de', 'neun neuner');
rank('8', 'de', 'acht achter');
rank('7', 'de', 'sieben siebener');
rank('6', 'de', 'sechs sechser');
rank('S', 'de', 'schoene schone');
rank('G', 'de', 'gefreiter gefreite gefreiten');
rank('P', 'de', 'preusse preuse preussen');
rank('A', 'en', 'ace aces');
rank('Z', 'en', 'ten');
rank('K', 'en', 'king');
rank('O', 'en', 'queen');
rank('U', 'en', 'jack knave');
rank('9', 'en', 'nine');
rank('8', 'en', 'eight');
rank('7', 'en', 'seven');
rank('6', 'en', 'six');
rank('S', 'en', 'beauty');
rank('G', 'en', 'private');
rank('P', 'en', 'prussian');

// der Alte (Eichel-Ober) / die Alte (Eichel-Sau), der Blaue / die Blaue (Gras), der Rote / die Rote (Herz).
add('alte blaue rote oide', { t: 'nick', m: undefined, f: undefined, dative: false, lang: 'de' });
add('alten blauen roten oidn oiden', { t: 'nick', m: undefined, f: undefined, dative: true, lang: 'de' });
add('hundsgfickte hundsgfickten bumbe bumpe', { t: 'nick', f: 'SA', dative: false, lang: 'de' });
/** The cards a nickname stem names: masculine (Ober) and feminine (Sau). */
export const NICK_CARDS: Readonly<Record<string, { m?: Card; f?: Card }>> = {
  alte: { m: 'EO', f: 'EA' },
  alten: { m: 'EO', f: 'EA' },
  // Bavarian: der Oide (Eichel-Ober), den Oidn.
  oide: { m: 'EO', f: 'EA' },
  oidn: { m: 'EO', f: 'EA' },
  oiden: { m: 'EO', f: 'EA' },
  blaue: { m: 'GO', f: 'GA' },
  blauen: { m: 'GO', f: 'GA' },
  rote: { m: 'HO', f: 'HA' },
  roten: { m: 'HO', f: 'HA' },
  hundsgfickte: { f: 'SA' },
  hundsgfickten: { f: 'SA' },
  bumbe: { f: 'SA' },
  bumpe: { f: 'SA' },
};

add('der da', { t: 'article', gender: 'm', lang: 'de' });
// Bavarian `d'Oide`, `d'Blaue`: the article before a name, either gender.
add('d', { t: 'article', gender: 'mf', lang: 'de' });
add('den dem', { t: 'article', gender: 'm', lang: 'de' });
add('die', { t: 'article', gender: 'f', lang: 'de' });
add('the', { t: 'article', gender: 'mf', lang: 'en' });
add('of', { t: 'of', lang: 'en' });
add('von', { t: 'of', lang: 'de' });

add('tout', { t: 'tout', lang: '*' });
add('spiess spiesz spies spiessen', { t: 'spiess', lang: 'de' });
add('spit reversed', { t: 'spiess', lang: 'en' });
add('schwarz', { t: 'schwarz', lang: '*' });
add('under', { t: 'under', lang: 'en' });
add('drunter darunter', { t: 'under', lang: 'de' });
add('stich', { t: 'trick', lang: 'de' });
add('trick', { t: 'trick', lang: 'en' });

add(
  'ich mal jetzt bitte dann halt gern gerne mach mache machen ein eine einen einem einer das des mit auf und also ab aus raus lassen ' +
    // Bavarian: i hob, i hätt, i mog, a, an, mim (mit dem), glei, amoi.
    'hob hab habe haett haette hett mog moecht moechte wui wuerd dad daad geb gib gebe gibts ma mim glei gleich amoi nomal hoid ' +
    // `Solo in Herz`, `mia is wurscht`, `geht scho`, `oida`.
    'in mia wurscht geht scho oida',
  {
    t: 'filler',
    lang: 'de',
  },
);
add('karte karten blatt game', { t: 'filler', lang: '*' });
add('i ill im will a an with on and please now then card cards my me it up', { t: 'filler', lang: 'en' });
add('blind thanks thank you ok okay gonna lets let us ya yeah sure ive id', { t: 'filler', lang: 'en' });
add('is', { t: 'filler', lang: '*' });

/** Weak verbs: to play a card, or to play/announce a game. */
const ANY_GAME: readonly Kind[] = ['bid:*', 'announce:*', 'choose:*'];
kind(
  'de',
  // Bavarian spui/spuin; hauen (a card out), schmieren (points to the partner), stechen (trump a trick).
  'spiel spiele spielen spielt ausspielen ausspiel leg lege spui spuin spuil spuit hau haue schmier schmiere schmieren stech steche stechen',
  ['play', 'accept', ...ANY_GAME],
  false,
);
// Sheepshead talk: lead, throw, dump a card; schmear points on a partner's trick; trump in.
kind('en', 'play plays playing lead throw dump fish schmear smear trump', ['play', 'accept', ...ANY_GAME], false);
kind('de', 'legen', ['knock', 'play', 'bury', 'trog'], false);
kind('de', 'biete bieten sag sage ansagen', ['bid:*', 'announce:*'], false);
kind('en', 'bid bids announce', ['bid:*', 'announce:*'], false);

// In the knock phase (Klopfen after the first four) nobody can pass, and `weiter`/`pass` at the table means "no knock".
kind('de', 'weiter weida passe passen passt nein noe nix weg draussen', ['pass', 'choose:no-knock']);
kind('*', 'pass', ['pass', 'choose:no-knock']);
kind('en', 'no nope nah out fold leaster least passing', ['pass', 'choose:no-knock']);
kind('de', 'ablehnen', ['pass', 'choose:refuse']);
kind('en', 'decline', ['pass']);
kind('de', 'ohnetrog', ['pass']);
kind('en', 'notrough', ['pass']);
kind('de', 'klopfen klopf klopfe geklopft', ['knock']);
kind('en', 'knock knocks', ['knock']);
kind('*', 'kontra contra', ['kontra', 'crack']);
kind('de', 'du doppel doppelt spritze spritzen stoss', ['kontra', 'crack']);
kind('en', 'double', ['kontra', 'crack']);
kind('*', 're rekontra', ['re', 'recrack']);
kind('de', 'retour zurueck', ['re', 'recrack']);
kind('en', 'redouble', ['re', 'recrack']);
kind('en', 'crack', ['crack', 'kontra']);
kind('en', 'recrack', ['recrack', 're']);
kind('de', 'annehmen nehme nehm nimm', ['accept', 'pick']);
kind('en', 'accept', ['accept']);
kind('de', 'nehmen', ['pick', 'accept']);
kind('en', 'take', ['pick', 'accept']);
kind('de', 'aufnehmen', ['pick']);
kind('en', 'pick picks picking grab', ['pick']);
kind('de', 'vergraben vergrabe druecken druecke drueck ablegen', ['bury', 'trog']);
kind('en', 'bury', ['bury']);
kind('de', 'ruf rufe rufen ruaf', ['call', 'bid:sauspiel', 'announce:sauerei']);
kind('en', 'call calls calling', ['call', 'bid:sauspiel', 'announce:sauerei']);
kind('de', 'allein alleine', ['alone']);
kind('en', 'alone', ['alone']);
kind('*', 'blitz blitzen', ['blitz']);
kind('de', 'huftritt', ['huftritt']);
kind('en', 'kick hoof', ['huftritt']);
kind('*', 'stallgeruch', ['stallgeruch']);
kind('de', 'trog', ['trog']);
kind('en', 'trough', ['trog']);
kind('de', 'grunz grunze grunzen', ['bid:value']);

kind('en', 'partner', ['bid:sauspiel', 'call']);
// The games' names: every registered variant's own (engine/variant.ts `VariantWords.lexicon`), a shared entry once.
const seen = new Set<KindWords>();
for (const variant of listVariants())
  for (const entry of variant.words?.lexicon ?? [])
    if (!seen.has(entry)) {
      seen.add(entry);
      kind(entry.lang, entry.words, entry.kinds);
    }
kind('de', 'zusammenschmeissen zusammenwerfen neugeben zammschmeissen zamschmeissen zammwerfen', [
  'choose:redeal',
  'choose:refuse',
]);
kind('en', 'redeal', ['choose:redeal']);
kind('de', 'zurueckgeben hinschmeissen', ['choose:refuse']);
kind('en', 'refuse', ['choose:refuse']);
// Klopfen after the first four: declining is its own choice (`nicht klopfen`, `no knock`).
kind('de', 'nichtklopfen', ['choose:no-knock']);
kind('en', 'noknock', ['choose:no-knock']);

/** Phrases written as one word before the lookup (after {@link normalize}). */
const PHRASES: readonly (readonly [RegExp, string])[] = [
  [/\bfarb (wenz|geier|solo|spiel)\b/g, 'farb$1'],
  [/\bbettel (brett|ouvert)\b/g, 'bettel$1'],
  [/\bre crack\b/g, 'recrack'],
  // Bavarian ned/net/nit (nicht), koa (kein): `ned klopfen`, `i klopf ned`.
  [/\b(nicht|net|ned|nit|kein|keine|koa|ohne) (zu )?(klopf|leg)(en|e|a)?\b/g, 'nichtklopfen'],
  [/\b(klopf|leg)(en|e|a)? (ich |i )?(nicht|net|ned|nit)\b/g, 'nichtklopfen'],
  [/\b(no|dont|don t|do not) knock(s|ing)?\b/g, 'noknock'],
  [/\bohne (den )?trog\b/g, 'ohnetrog'],
  [/\b(without|no) (the )?trough\b/g, 'notrough'],
  [/\bmit (dem )?trog\b/g, 'trog'],
  [/\bwith (the )?trough\b/g, 'trough'],
  [/\bam spie(ss|s)\b/g, 'spiess'],
  [/\b(go|goes|going|gonna go|play|playing) (it )?alone\b/g, 'alone'],
  [/\bpick up\b/g, 'pick'],
  // Sheepshead: the blind is what the picker takes.
  [/\b(take|takes|taking|grab) (the )?blind\b/g, 'pick'],
  [/\bcrack (it )?back\b/g, 'recrack'],
  [/\bneu geben\b/g, 'neugeben'],
  [/\bnew deal\b/g, 'redeal'],
  [/\bmuss spiel\b/g, 'mussspiel'],
  [/\bmust game\b/g, 'mustgame'],
  [/\brefuse (the )?hand\b/g, 'refuse'],
  [/\bblatt zurueck ?geben\b/g, 'zurueckgeben'],
  [/\bzusammen (schmeissen|werfen)( lassen)?\b/g, 'zusammen$1'],
  [/\b(ich|i) bin (weg|draussen|raus|ned dabei|nicht dabei)\b/g, 'weg'],
  // `auf die Gras`, `auf d'Schelln`: the Sau of that suit is called.
  [/\bauf (die |d )?(eichel|eichl|gras|gruen|laub|schellen|schelln|schell)\b(?! sau)/g, 'auf die $2 sau'],
  [/\bnehme an\b/g, 'annehmen'],
  [/\bspiele? aus\b/g, 'ausspielen'],
  [/\bleg(e)? ab\b/g, 'ablegen'],
];

/**
 * Lower case, umlauts and ß spelled out, accents dropped, punctuation as spaces, phrases joined.
 * @example normalize('Eichel-Ober!') === 'eichel ober'; normalize('Farb-Wenz Grün') === 'farbwenz gruen'
 */
export function normalize(text: string): string {
  let s = text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f\ufe0f]/g, '')
    .replace(/❤/g, '♥')
    // Bavarian d'Oide, d'Schelln: the article stands apart.
    .replace(/\bd['`´‘’]/g, 'd ')
    // I'll, I'm: apostrophes join.
    .replace(/['`´‘’]/g, '')
    .replace(/[-_,.;:!?()[\]{}/\\"„“”‚«»+*#|~<>=&]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  for (const [re, to] of PHRASES) s = s.replace(re, to);
  return s;
}

export function lookup(word: string): Word | undefined {
  return LEXICON.get(word);
}

/** Suit words, longest first, for splitting compounds like `herzsolo` or `eichelober`. */
export const SUIT_PREFIXES: readonly string[] = [...LEXICON.entries()]
  .filter(([, w]) => w.t === 'suit')
  .map(([k]) => k)
  .sort((a, b) => b.length - a.length);

/**
 * The lexicon word within one edit (two for long words) of `word`, when exactly one is that close: `kontrra`,
 * `schellen` typed `schlelen`. Short words are never corrected (too many near misses).
 */
export function correct(word: string): string | undefined {
  if (word.length < 5 || /\d/.test(word)) return undefined;
  const limit = word.length >= 8 ? 2 : 1;
  let found: string | undefined;
  let best = limit + 1;
  let ties = 0;
  for (const key of LEXICON.keys()) {
    if (key.length < 4 || Math.abs(key.length - word.length) > limit) continue;
    const d = distance(word, key, limit);
    if (d < best) {
      best = d;
      found = key;
      ties = 1;
    } else if (d === best && found !== undefined && LEXICON.get(key) !== LEXICON.get(found)) ties++;
  }
  return best <= limit && ties === 1 ? found : undefined;
}

/** Damerau–Levenshtein (optimal string alignment) distance, cut off above `limit`. */
function distance(a: string, b: string, limit: number): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row: number[] = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const prev = rows[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      row.push(d);
      rowMin = Math.min(rowMin, d);
    }
    if (i > 0 && rowMin > limit) return limit + 1;
    rows.push(row);
  }
  return (rows[a.length] as number[])[b.length] as number;
}
