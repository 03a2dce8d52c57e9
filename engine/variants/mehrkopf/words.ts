import type { VariantWords } from '../../variant.js';
import { FAMILY_GAME_NAMES, FAMILY_LEXICON } from '../family/words.js';

/** Mehrkopf's games in chat (engine/text). */
export const mehrkopfWords: VariantWords = {
  lexicon: [
    ...FAMILY_LEXICON,
    { lang: '*', words: 'farbspiel', kinds: ['bid:farbspiel'] },
    { lang: '*', words: 'niederer niedere niederen', kinds: ['bid:niederer'] },
    { lang: 'de', words: 'muss mussspiel', kinds: ['announce:muss'] },
    { lang: 'en', words: 'must mustgame', kinds: ['announce:muss'] },
    { lang: '*', words: 'ramsch', kinds: ['choose:ramsch'] },
  ],
  gameNames: {
    de: { ...FAMILY_GAME_NAMES.de, muss: 'Muss-Spiel' },
    en: { ...FAMILY_GAME_NAMES.en, muss: 'must game' },
  },
};
