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

/** The games a seat can declare: every contract but the Ramsch, which is a dealer's choice when all pass. */
export const BID_GAMES = GAMES.filter((game) => game !== 'ramsch');

/** Mehrkopf's actions and contracts (docs/rules/mehrkopf.md, docs/RECORD.md). */
export const mehrkopfVocabulary = defineVocabulary({
  variant: 'mehrkopf',
  actions: {
    pass: { doc: 'passes in the auction, or declines the Hochzeit' },
    bid: {
      doc: 'declares a game; `suit` is the called suit (Sauspiel) or the trump suit',
      fields: { game: word(BID_GAMES), suit: optional(suit), tout: optional(flag) },
    },
    choose: {
      doc: 'the dealer’s choice when all passed (`redeal`, `ramsch`, `muss` with the named `card`), or `refuse` a hand',
      fields: { choice: word(['redeal', 'ramsch', 'muss', 'refuse']), card: optional(card) },
    },
    announce: {
      doc: 'the dealer’s Muss-Spiel (`game: "muss"`, the named `card`); the same as `choose` `muss`',
      fields: { game: word(['muss']), card: optional(card) },
    },
    accept: {
      doc: 'Hochzeit: takes the offered trump and gives back `card` (left out for those who may not see it)',
      fields: { card: redactable(card) },
    },
    play: { doc: 'plays a card', fields: { card } },
  },
  contractGames: GAMES,
});

export type MehrkopfAction = ActionOf<typeof mehrkopfVocabulary.spec>;
export type MehrkopfContractGame = ContractGameOf<typeof mehrkopfVocabulary.spec>;

// This variant's actions and contract games join the family's `Action` and `ContractGame` (engine/variant.ts).
declare module '../../variant.js' {
  interface VariantVocabularies {
    readonly mehrkopf: { readonly action: MehrkopfAction; readonly game: MehrkopfContractGame };
  }
}
