import type { VariantWords } from '../../variant.js';

/** How chat writes Sheepshead's contracts: by their names, not as the bid that makes them (engine/text/render.ts). */
export const sheepsheadWords: VariantWords = {
  contractNames: {
    de: {
      'called-ace': 'gerufene Sau',
      'jack-of-diamonds': 'Karo-Bube',
      alone: 'allein',
      leaster: 'Leaster',
      'black-queens': 'schwarze Damen',
      'two-handed': 'zu zweit',
    },
    en: {
      'called-ace': 'called ace',
      'jack-of-diamonds': 'jack of diamonds',
      alone: 'alone',
      leaster: 'leaster',
      'black-queens': 'black queens',
      'two-handed': 'two-handed',
    },
  },
};
