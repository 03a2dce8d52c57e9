import type { KindWords } from '../../variant.js';

/** Chat words of the games Schafkopf and Mehrkopf share (engine/text/words.ts reads every variant's). */
export const FAMILY_LEXICON: readonly KindWords[] = [
  { lang: '*', words: 'sauspiel rufspiel', kinds: ['bid:sauspiel'] },
  { lang: '*', words: 'solo farbsolo', kinds: ['bid:solo'] },
  { lang: '*', words: 'wenz', kinds: ['bid:wenz'] },
  { lang: '*', words: 'geier', kinds: ['bid:geier'] },
  { lang: '*', words: 'sie', kinds: ['bid:sie'] },
  // `Hochzeit annehmen`: the word names the offer and the acceptance.
  { lang: 'de', words: 'hochzeit', kinds: ['bid:hochzeit', 'accept'] },
  { lang: 'en', words: 'wedding marriage', kinds: ['bid:hochzeit', 'accept'] },
];

/** How chat writes the shared games whose id is no good name. */
export const FAMILY_GAME_NAMES = {
  de: { hochzeit: 'Hochzeit' },
  en: { hochzeit: 'wedding' },
} as const;
