import type { VariantBots } from '../../variant.js';
import type { SaukopfOptions } from './options.js';

/** What the bots know of Saukopf beyond its rules (engine/variant.ts `VariantBots`): it plays to its bid. */
export const saukopfBots: VariantBots<SaukopfOptions> = {
  goals: { mastschwein: 'no-trick', schwarte: 'all-tricks' },
  bidding: {
    mastschwein: { need: 10, worth: 2 },
    sauerei: { need: 7, worth: 1 },
    keiler: { need: 7.5, worth: 1 },
    eber: { need: 7, worth: 1.2 },
    wutz: { need: 7, worth: 1.2 },
    ferkelparade: { need: 8.5, worth: 1.1 },
    // A Knorpel names its trump card: no hand strength to weigh before.
    knorpel: { need: 9, worth: 1, weighed: false },
    schwarte: { need: 13, worth: 1 },
  },
};
