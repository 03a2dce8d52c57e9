import {
  type ActionOf,
  type ContractGameOf,
  card,
  defineVocabulary,
  flag,
  optional,
  redactable,
  suit,
  word,
} from '../../actions.js';
import { GAMES } from './options.js';

/** The games a seat can bid: every contract but the Ramsch and über Kreuz, which only follow when all pass. */
export const BID_GAMES = GAMES.filter((game) => game !== 'ramsch' && game !== 'kreuz');

/** Bavarian Schafkopf's actions and contracts (docs/rules/schafkopf.md, docs/RECORD.md). */
export const schafkopfVocabulary = defineVocabulary({
  variant: 'schafkopf',
  actions: {
    pass: { doc: 'passes in the auction, or declines the Hochzeit' },
    knock: { doc: 'knocks (Klopfen/Legen): doubles the deal before the auction or after the first four cards' },
    choose: {
      doc: 'declines to knock after the first four cards (optional in a record)',
      fields: { choice: word(['no-knock']) },
    },
    bid: {
      doc: 'bids a game; `suit` is the called suit (Sauspiel) or the trump suit, `card` the called card of a Muss-Spiel renonce',
      fields: { game: word(BID_GAMES), suit: optional(suit), tout: optional(flag), card: optional(card) },
    },
    accept: {
      doc: 'Hochzeit: takes the offered trump and gives back `card` (left out for those who may not see it)',
      fields: { card: redactable(card) },
    },
    kontra: { doc: 'a defender doubles (Kontra)' },
    re: { doc: 'the declaring party answers a Kontra (Re)' },
    play: { doc: 'plays a card', fields: { card } },
  },
  contractGames: GAMES,
});

export type SchafkopfAction = ActionOf<typeof schafkopfVocabulary.spec>;
export type SchafkopfContractGame = ContractGameOf<typeof schafkopfVocabulary.spec>;

// This variant's actions and contract games join the family's `Action` and `ContractGame` (engine/variant.ts).
declare module '../../variant.js' {
  interface VariantVocabularies {
    readonly schafkopf: { readonly action: SchafkopfAction; readonly game: SchafkopfContractGame };
  }
}
