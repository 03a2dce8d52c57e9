import type { VariantWords } from '../../variant.js';

/** Saukopf's announcements in chat (engine/text). */
export const saukopfWords: VariantWords = {
  lexicon: ['mastschwein', 'sauerei', 'keiler', 'eber', 'wutz', 'ferkelparade', 'knorpel', 'schwarte'].map((game) => ({
    lang: '*',
    words: game,
    kinds: [`announce:${game}`],
  })),
};
