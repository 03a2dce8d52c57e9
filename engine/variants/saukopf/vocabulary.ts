import {
  type ActionOf,
  type ContractGameOf,
  card,
  cards,
  defineVocabulary,
  flag,
  optional,
  points,
  suit,
  word,
} from '../../actions.js';
import { GAMES } from './options.js';

/** The contracts the winner of the Grunzen may announce (the Wilde Sauerei follows when nobody bids). */
export const ANNOUNCED_GAMES = GAMES.filter((game) => game !== 'wilde-sauerei');

/** Saukopf's actions and contracts (docs/rules/saukopf.md, docs/RECORD.md). */
export const saukopfVocabulary = defineVocabulary({
  variant: 'saukopf',
  actions: {
    pass: { doc: 'passes in the Grunzen, or plays the Dreihaxer without the Trog' },
    bid: { doc: 'bids a number of Augen (`value`, up to 120) or `"schwarz"`', fields: { value: points } },
    trog: {
      doc: 'Dreihaxer: the declarer takes the two open cards and lays these two away (empty for those who may not see them)',
      fields: { cards },
    },
    announce: {
      doc: 'the winner of the Grunzen announces the contract: `suit` for a Sauerei (the called Sau) or a Keiler (trump), `card` for a Knorpel, `spiess` for am Spieß',
      fields: { game: word(ANNOUNCED_GAMES), suit: optional(suit), card: optional(card), spiess: optional(flag) },
    },
    huftritt: { doc: 'a kick (Huftritt): doubles the stakes' },
    stallgeruch: { doc: 'the Mitspieler’s announcement in a Rauborstige Sauerei' },
    play: { doc: 'plays a card', fields: { card } },
  },
  contractGames: GAMES,
});

export type SaukopfAction = ActionOf<typeof saukopfVocabulary.spec>;
export type SaukopfContractGame = ContractGameOf<typeof saukopfVocabulary.spec>;

// This variant's actions and contract games join the family's `Action` and `ContractGame` (engine/variant.ts).
declare module '../../variant.js' {
  interface VariantVocabularies {
    readonly saukopf: { readonly action: SaukopfAction; readonly game: SaukopfContractGame };
  }
}
