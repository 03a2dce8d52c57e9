import { type ActionOf, type ContractGameOf, card, cards, defineVocabulary, optional, word } from '../../actions.js';

/** The games a Sheepshead deal is played in (the result's `contract.game`; a record has no contract shorthand). */
export const GAMES = ['called-ace', 'jack-of-diamonds', 'alone', 'leaster', 'black-queens', 'two-handed'] as const;

/** Leaster `dealer-trick`: the dealer names the trick that takes the blind, `trick-1` up to the two-handed 16th. */
export const TRICK_CHOICES = [
  'trick-1',
  'trick-2',
  'trick-3',
  'trick-4',
  'trick-5',
  'trick-6',
  'trick-7',
  'trick-8',
  'trick-9',
  'trick-10',
  'trick-11',
  'trick-12',
  'trick-13',
  'trick-14',
  'trick-15',
  'trick-16',
] as const;

/** Sheepshead's actions and games (docs/rules/sheepshead.md, docs/RECORD.md). */
export const sheepsheadVocabulary = defineVocabulary({
  variant: 'sheepshead',
  actions: {
    pass: { doc: 'passes when offered the blind' },
    pick: { doc: 'takes the blind' },
    blitz: {
      doc: 'shows both black or both red queens before picking (empty for those who may not see them)',
      fields: { cards },
    },
    bury: {
      doc: 'the picker lays away as many cards as the blind had (empty for those who may not see them)',
      fields: { cards },
    },
    call: {
      doc: 'the picker calls a partner by `card` (an ace, or a ten when holding all three fail aces); `under` is the face-down card of an "unknown" call',
      fields: { card, under: optional(card) },
    },
    alone: { doc: 'the picker plays without a partner' },
    crack: { doc: 'a player who had no chance to pick doubles (crack)' },
    recrack: { doc: 'the picker or a partner answers a crack (re-crack)' },
    choose: {
      doc: 'Leaster: the dealer names the trick that takes the blind',
      fields: { choice: word(TRICK_CHOICES) },
    },
    play: { doc: 'plays a card', fields: { card } },
  },
  contractGames: GAMES,
});

export type SheepsheadAction = ActionOf<typeof sheepsheadVocabulary.spec>;
export type SheepsheadContractGame = ContractGameOf<typeof sheepsheadVocabulary.spec>;

// This variant's actions and contract games join the family's `Action` and `ContractGame` (engine/variant.ts).
declare module '../../variant.js' {
  interface VariantVocabularies {
    readonly sheepshead: { readonly action: SheepsheadAction; readonly game: SheepsheadContractGame };
  }
}
