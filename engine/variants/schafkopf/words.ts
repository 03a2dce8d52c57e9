import type { VariantWords } from '../../variant.js';
import { FAMILY_GAME_NAMES, FAMILY_LEXICON } from '../family/words.js';

/** Bavarian Schafkopf's games in chat (engine/text). */
export const schafkopfWords: VariantWords = {
  lexicon: [
    ...FAMILY_LEXICON,
    { lang: '*', words: 'farbwenz', kinds: ['bid:farbwenz'] },
    { lang: '*', words: 'farbgeier', kinds: ['bid:farbgeier'] },
    { lang: '*', words: 'bettel', kinds: ['bid:bettel'] },
    { lang: '*', words: 'bettelbrett bettelouvert ouvert', kinds: ['bid:bettel-brett'] },
  ],
  gameNames: {
    de: { ...FAMILY_GAME_NAMES.de, 'bettel-brett': 'Bettel Brett', kreuz: 'Über Kreuz' },
    en: { ...FAMILY_GAME_NAMES.en, 'bettel-brett': 'Bettel ouvert', kreuz: 'über Kreuz (partners opposite)' },
  },
};
